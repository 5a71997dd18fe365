// redirect (https://ngrok.com/docs/traffic-policy/actions/redirect/).
import { f } from "../schema";
import { message, setResult, strMap, type ActionImpl } from "./common";
import { rewrite } from "./rewrite";

export const redirect: ActionImpl = {
  type: "redirect",
  phases: ["on_http_request"],
  config: { from: f("string", { literal: "regex" }), to: f("string", { required: true }), status_code: f("int", { min: 300, max: 399, default: 302 }), headers: f("map", { maxEntries: 10, headers: true }) },
  async run(config, run) {
    const { before, after, matches, text } = rewrite(run, config);
    // Written as Go writes a URL: a URL without a path keeps none (the redirect page's
    // `https://example.com?city=San%20Francisco`), where WHATWG's would add `/`.
    const pathless = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(?:[?#]|$)/i.test(text) && after.pathname === "/";
    const location = pathless ? `${after.protocol}//${after.host}${after.search}${after.hash}` : after.toString();
    if (location === before) return { kind: "continue", detail: "the URL did not change" };
    setResult(run, "redirect", { matches, url: location });
    const status = typeof config["status_code"] === "number" ? config["status_code"] : 302;
    const headers = Object.fromEntries(Object.entries(strMap(config, "headers")).map(([k, v]) => [k.toLowerCase(), run.cel.text(v)]));
    return { kind: "respond", response: message(status, { ...headers, location }), detail: `to ${location}` };
  },
};
