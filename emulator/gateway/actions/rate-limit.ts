// rate-limit (https://ngrok.com/docs/traffic-policy/actions/rate-limit/): a sliding window per bucket key.
import { asText } from "../cel";
import { f } from "../schema";
import { bool, message, parseDuration, setResult, str, strList, type ActionImpl } from "./common";

export const rateLimit: ActionImpl = {
  type: "rate-limit",
  phases: ["on_http_request"],
  config: {
    name: f("string", { required: true, maxLength: 1023 }),
    enforce: f("bool", { default: true }),
    algorithm: f("string", { required: true, oneOf: ["sliding_window"] }),
    capacity: f("int", { required: true, min: 1, max: 2_000_000_000 }),
    rate: f("duration", { required: true, min: 60, max: 86_400, step: 10 }),
    bucket_key: f("strings", { required: true, maxEntries: 10, cel: true }),
  },
  async run(config, run) {
    // The config passed check.ts: its capacity, algorithm and rate are within the schema above.
    const capacity = config["capacity"] as number;
    const windowMs = parseDuration(str(config, "rate"));
    const keys = strList(config, "bucket_key").map((k) => asText(run.cel.value(k)));
    const name = str(config, "name", "");
    const bucket = keys.join("\u0000");
    const now = run.ctx.env.clock.now();
    const taken = run.ctx.env.rateLimits.take(`${run.ex.endpoint.id}\u0000${name}\u0000${capacity}/${windowMs}\u0000${bucket}`, capacity, windowMs, now);
    setResult(run, "rate_limit", { bucket_key: keys.join(","), limited: !taken.allowed });
    if (taken.allowed) return { kind: "continue" };
    if (!bool(config, "enforce", true)) return { kind: "continue", detail: "limited (not enforced)" };
    const seconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
    return { kind: "respond", response: message(429, { "retry-after": String(seconds) }, "Too Many Requests\n"), detail: `limited; retry after ${seconds} s` };
  },
};
