// remove-headers (https://ngrok.com/docs/traffic-policy/actions/remove-headers/).
import { f } from "../schema";
import { ConfigError, HTTP, setResult, strList, target, type ActionImpl } from "./common";

export const removeHeaders: ActionImpl = {
  type: "remove-headers",
  phases: HTTP,
  config: { headers: f("strings", { required: true, minEntries: 1, maxEntries: 10, literal: "header-name" }) },
  async run(config, run) {
    const names = strList(config, "headers").map((h) => h.toLowerCase());
    if (names.includes("user-agent")) throw new ConfigError("the user-agent header may not be removed");
    const msg = target(run);
    const removed = names.filter((n) => msg.headers.delete(n));
    setResult(run, "remove_headers", { headers_removed: removed });
    return { kind: "continue" };
  },
};
