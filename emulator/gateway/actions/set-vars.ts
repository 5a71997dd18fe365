// set-vars (https://ngrok.com/docs/traffic-policy/actions/set-vars/).
import { isRecord } from "../policy";
import { f } from "../schema";
import { ConfigError, HTTP, type ActionImpl } from "./common";

export const setVars: ActionImpl = {
  type: "set-vars",
  phases: ["on_tcp_connect", ...HTTP],
  config: { vars: f("objects", { required: true, oneEntry: true }) },
  async run(config, run) {
    const list = config["vars"];
    const entries = Array.isArray(list) ? list : isRecord(list) ? [list] : undefined;
    if (entries === undefined) throw new ConfigError("config.vars must be a list of maps");
    // In order, so that a variable can use the ones set before it.
    for (const entry of entries) {
      if (!isRecord(entry)) throw new ConfigError("each entry of config.vars must be a map");
      for (const [name, value] of Object.entries(entry)) run.ex.vars[name] = run.cel.deep(value);
    }
    run.ex.trace.vars[run.phase] = { ...run.ex.vars };
    return { kind: "continue" };
  },
};
