// add-headers (https://ngrok.com/docs/traffic-policy/actions/add-headers/).
import { f } from "../schema";
import { ConfigError, HTTP, setResult, strMap, target, type ActionImpl } from "./common";

export const addHeaders: ActionImpl = {
  type: "add-headers",
  phases: HTTP,
  config: { headers: f("map", { required: true, minEntries: 1, maxEntries: 10, headers: true }) },
  async run(config, run) {
    const headers = strMap(config, "headers");
    const added: Record<string, string> = {};
    const msg = target(run);
    for (const [rawName, template] of Object.entries(headers)) {
      const name = rawName.toLowerCase();
      if (name === "user-agent") throw new ConfigError("the user-agent header may not be added");
      const value = run.cel.text(template);
      if (name === "host") msg.headers.set("host", [value]);
      else msg.headers.set(name, [...(msg.headers.get(name) ?? []), value]);
      added[name] = value;
    }
    setResult(run, "add_headers", { headers_added: added });
    return { kind: "continue" };
  },
};
