// circuit-breaker (https://ngrok.com/docs/traffic-policy/actions/circuit-breaker/): counts the
// requests it lets through and their errors (an answer of 500 or more, or a closed connection) in
// a rolling window of 10 buckets: `num_buckets` is "Fixed at `10`", the page says, so a policy may
// give it and the window keeps 10 buckets whatever it says. When the window holds at least
// `volume_threshold` requests and the share of errors is at least `error_threshold`, it trips:
// requests are answered 503 (ERR_NGROK_3202) for `tripped_duration`; then one request goes
// through as a probe, and its outcome closes the breaker (the counts start afresh) or trips it
// again. Time is the gateway's clock.
import { f, valueOr, type ConfigSchema } from "../schema";
import type { Breaker } from "../types";
import { message, parseDuration, type ActionImpl, type Run } from "./common";

const BUCKETS = 10;

function counts(b: Breaker, now: number): { total: number; errors: number } {
  const out = { total: 0, errors: 0 };
  for (const [start, c] of b.buckets) {
    if (start + b.windowMs <= now) b.buckets.delete(start);
    else {
      out.total += c.total;
      out.errors += c.errors;
    }
  }
  return out;
}

function record(b: Breaker, now: number, error: boolean): void {
  const size = b.windowMs / BUCKETS;
  const start = Math.floor(now / size) * size;
  const c = b.buckets.get(start) ?? { total: 0, errors: 0 };
  c.total++;
  if (error) c.errors++;
  b.buckets.set(start, c);
}

const tripped = () => message(503, { "content-type": "text/plain; charset=utf-8" }, "ERR_NGROK_3202: Circuit breaker tripped\n");

const config: ConfigSchema = {
  error_threshold: f("float", { required: true, min: 0, max: 1 }),
  volume_threshold: f("int", { min: 1, max: 2_000_000_000, default: 10 }),
  window_duration: f("duration", { min: 1, max: 120, default: "10s" }),
  tripped_duration: f("duration", { min: 1, max: 120, default: "10s" }),
  // Checked (at most 128, the circuit breaker module's limit in ngrok's API reference), not used: fixed at 10.
  num_buckets: f("int", { min: 1, max: 128, default: 10 }),
  enforce: f("bool", { default: true }),
};

export const circuitBreaker: ActionImpl = {
  type: "circuit-breaker",
  phases: ["on_http_request"],
  config,
  // The config passed check.ts: what is absent takes the schema's default.
  async run(given, run: Run) {
    const threshold = valueOr<number>(given, config, "error_threshold");
    const volume = valueOr<number>(given, config, "volume_threshold");
    const windowMs = parseDuration(valueOr<string>(given, config, "window_duration"));
    const trippedMs = parseDuration(valueOr<string>(given, config, "tripped_duration"));
    if (!valueOr<boolean>(given, config, "enforce")) return { kind: "continue", detail: "not enforced" };

    const clock = run.ctx.env.clock;
    const b = run.ctx.env.circuitBreakers.get(`${run.ex.endpoint.id}\u0000${run.at}`, windowMs);
    const now = clock.now();
    let probe = false;
    if (b.openUntil !== undefined) {
      if (now < b.openUntil || b.probing) return { kind: "respond", response: tripped(), detail: "open" };
      b.probing = true;
      probe = true;
    } else {
      const c = counts(b, now);
      if (c.total >= volume && c.errors / c.total >= threshold) {
        b.openUntil = now + trippedMs;
        return { kind: "respond", response: tripped(), detail: `tripped: ${c.errors} errors in ${c.total} requests` };
      }
    }
    run.ex.onFinish.push((status) => {
      const error = status === 0 || status >= 500;
      const at = clock.now();
      if (probe) {
        b.probing = false;
        b.buckets.clear();
        b.openUntil = error ? at + trippedMs : undefined;
      }
      record(b, at, error);
    });
    return { kind: "continue", detail: probe ? "half-open: this request is the probe" : "closed" };
  },
};
