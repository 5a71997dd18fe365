// custom-response (https://ngrok.com/docs/traffic-policy/actions/custom-response/): answers with the configured status, headers and body.
import { f } from "../schema";
import { HTTP, message, str, strMap, inferContentType, type ActionImpl } from "./common";

export const customResponse: ActionImpl = {
  type: "custom-response",
  phases: HTTP,
  terminating: true,
  config: {
    status_code: f("int", { min: 100, max: 599, default: 200 }),
    body: f("string", { default: "" }),
    // ngrok's older pages spell the body `content`; ngrok still accepts it, deprecated for `body`.
    content: f("string", { deprecatedFor: "body" }),
    headers: f("map", { maxEntries: 10, headers: true }),
  },
  async run(config, run) {
    const status = typeof config["status_code"] === "number" ? config["status_code"] : 200;
    // `content`, ngrok's older spelling of the body, still answers when `body` is absent.
    const body = run.cel.text(str(config, "body", str(config, "content", "")));
    const headers = Object.fromEntries(Object.entries(strMap(config, "headers")).map(([k, v]) => [k.toLowerCase(), run.cel.text(v)]));
    if (headers["content-type"] === undefined) headers["content-type"] = inferContentType(body);
    // https://ngrok.com/docs/traffic-policy/actions/custom-response/: in on_http_request, the
    // actions of on_http_response still run on the custom response.
    return { kind: "respond", response: message(status, headers, body), responsePhase: run.phase === "on_http_request" };
  },
};
