// url-rewrite (https://ngrok.com/docs/traffic-policy/actions/url-rewrite/).
import { f } from "../schema";
import { setResult, type ActionImpl } from "./common";
import { rewrite } from "./rewrite";

export const urlRewrite: ActionImpl = {
  type: "url-rewrite",
  phases: ["on_http_request"],
  config: { from: f("string", { literal: "regex" }), to: f("string", { required: true }) },
  async run(config, run) {
    const { before, after, matches } = rewrite(run, config);
    if (after.toString() === before) return { kind: "continue", detail: "the URL did not change" };
    run.ex.request.url = after;
    setResult(run, "url_rewrite", { matches, url: after.toString() });
    return { kind: "continue", detail: `to ${after.toString()}` };
  },
};
