// log (https://ngrok.com/docs/traffic-policy/actions/log/).
import { isRecord } from "../policy";
import { f } from "../schema";
import type { LogEntry } from "../types";
import { ConfigError, HTTP, setResult, type ActionImpl } from "./common";

export const log: ActionImpl = {
  type: "log",
  phases: ["on_tcp_connect", ...HTTP],
  config: { metadata: f("any", { required: true }) },
  async run(config, run) {
    if (!isRecord(config["metadata"])) throw new ConfigError("config.metadata is required");
    const metadata = run.cel.deep(config["metadata"]) as Record<string, unknown>;
    const entry: LogEntry = { endpoint: run.ex.endpoint.url, phase: run.phase, rule: run.rule, metadata };
    run.ex.trace.logs.push(entry);
    run.ctx.env.onLog?.(entry);
    setResult(run, "log", { metadata });
    return { kind: "continue" };
  },
};
