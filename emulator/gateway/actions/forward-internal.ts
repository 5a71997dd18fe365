// forward-internal (https://ngrok.com/docs/traffic-policy/actions/forward-internal/).
import { f } from "../schema";
import { message, str, type ActionImpl } from "./common";

export const forwardInternal: ActionImpl = {
  type: "forward-internal",
  phases: ["on_tcp_connect", "on_http_request"],
  terminating: true,
  config: { url: f("string", { required: true }), binding: f("string", { oneOf: ["internal", "kubernetes"] }), on_error: f("string", { oneOf: ["halt", "continue"], default: "halt" }) },
  async run(config, run) {
    const url = run.cel.text(str(config, "url"));
    const onError = str(config, "on_error", "halt");
    if (run.phase === "on_tcp_connect") {
      // The connection goes to the internal TCP or TLS endpoint, whose own on_tcp_connect runs on it.
      const connected = await run.ctx.connect(url, run.ex);
      if (connected === "accepted") {
        run.ex.forwardedTo = url;
        return { kind: "close", detail: `to ${url}` };
      }
      if (connected === "closed") return { kind: "close", detail: `${url} closed the connection` };
      const why = `ERR_NGROK_3200: The endpoint ${url} is offline.`;
      return onError === "continue" ? { kind: "continue", detail: `${why} (on_error: continue)` } : { kind: "close", detail: why };
    }
    const response = await run.ctx.forward(url, run.ex);
    if (response !== undefined) return { kind: "respond", response, fromUpstream: true, detail: `to ${url}` };
    const why = `ERR_NGROK_3200: The endpoint ${url} is offline.`;
    if (onError === "continue") return { kind: "continue", detail: `${why} (on_error: continue)` };
    return { kind: "error", response: message(404, {}, `${why}\n`), detail: why };
  },
};
