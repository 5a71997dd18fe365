// Fault injection: scripted faults (queued, matched in order) and seeded random faults.
import { mulberry32 } from "./ids";

export type FaultKind = "status-before" | "status-after" | "reset-before" | "reset-after" | "latency";

export interface ScriptedFault {
  /** Matches the request method, e.g. "POST"; default any. */
  method?: string;
  /** Matches the path without query; a string matches exactly; default any. */
  path?: string | RegExp;
  kind: FaultKind;
  /** For status-*: the status to answer, e.g. 429 or 503 (429 uses the ERR_NGROK_226 body). */
  status?: number;
  /** Adds a Retry-After header to status-* answers. */
  retryAfterSeconds?: number;
  /** For "latency": the delay before the request is processed normally. */
  delayMs?: number;
  /** How many matching requests it hits; default 1. */
  times?: number;
}

/** Seeded random faults; each rate is a probability per request (0..1). */
export interface RandomFaultOptions {
  seed: number;
  /** Answer an error status without processing the request. */
  errorBeforeRate?: number;
  /** Process the request, then answer an error status instead (a lost response). */
  errorAfterRate?: number;
  /** Drop the connection without an answer, half before and half after processing. */
  resetRate?: number;
  /** Delay every request by a random 0..latencyMs milliseconds. */
  latencyMs?: number;
  /**
   * Default true: a fault before processing may be a 429 (a stray one: the window need not be
   * full). False: the draws that would answer 429 are served, and the other faults fall where they
   * fell, so that a run with and one without stray 429s compare.
   */
  stray429s?: boolean;
}

/** What to do to one request. */
export interface FaultPlan {
  delayMs: number;
  action?: Exclude<FaultKind, "latency">;
  status: number;
  retryAfterSeconds?: number;
}

interface Pending {
  fault: ScriptedFault;
  remaining: number;
}

const BEFORE_STATUSES = [429, 500, 502, 503, 504];
// A 429 means "not processed", so a lost response after processing is always a 5xx.
const AFTER_STATUSES = [500, 502, 503, 504];

export class FaultInjector {
  private readonly queue: Pending[] = [];
  private readonly random: (() => number) | undefined;

  constructor(private readonly options: RandomFaultOptions | undefined) {
    this.random = options === undefined ? undefined : mulberry32(options.seed);
  }

  script(fault: ScriptedFault): void {
    const times = fault.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new RangeError(`ScriptedFault.times must be a positive integer, got ${times}`);
    if (fault.kind.startsWith("status-") && fault.status !== undefined && (fault.status < 100 || fault.status > 599)) {
      throw new RangeError(`ScriptedFault.status must be an HTTP status, got ${fault.status}`);
    }
    this.queue.push({ fault, remaining: times });
  }

  /** The fault for a request: the first matching scripted fault, else a random draw, else none. */
  plan(method: string, path: string): FaultPlan | undefined {
    const index = this.queue.findIndex((p) => matches(p.fault, method, path));
    if (index >= 0) {
      const pending = this.queue[index]!;
      pending.remaining--;
      if (pending.remaining === 0) this.queue.splice(index, 1);
      const f = pending.fault;
      const plan: FaultPlan = { delayMs: f.kind === "latency" ? (f.delayMs ?? 0) : 0, status: f.status ?? 503 };
      if (f.kind !== "latency") plan.action = f.kind;
      if (f.retryAfterSeconds !== undefined) plan.retryAfterSeconds = f.retryAfterSeconds;
      return plan;
    }
    return this.randomPlan();
  }

  private randomPlan(): FaultPlan | undefined {
    const next = this.random;
    const o = this.options;
    if (next === undefined || o === undefined) return undefined;
    // Always draw the same number of values per request so one rate does not shift the others' stream.
    const [rLatency, rReset, rResetSide, rBefore, rAfter, rStatus] = [next(), next(), next(), next(), next(), next()];
    const plan: FaultPlan = { delayMs: Math.floor(rLatency * (o.latencyMs ?? 0)), status: 503 };
    if (rReset < (o.resetRate ?? 0)) {
      plan.action = rResetSide < 0.5 ? "reset-before" : "reset-after";
    } else if (rBefore < (o.errorBeforeRate ?? 0)) {
      const status = BEFORE_STATUSES[Math.floor(rStatus * BEFORE_STATUSES.length)]!;
      if (status !== 429 || o.stray429s !== false) {
        plan.action = "status-before";
        plan.status = status;
      }
    } else if (rAfter < (o.errorAfterRate ?? 0)) {
      plan.action = "status-after";
      plan.status = AFTER_STATUSES[Math.floor(rStatus * AFTER_STATUSES.length)]!;
    }
    return plan.action === undefined && plan.delayMs === 0 ? undefined : plan;
  }
}

function matches(f: ScriptedFault, method: string, path: string): boolean {
  if (f.method !== undefined && f.method.toUpperCase() !== method) return false;
  if (f.path === undefined) return true;
  if (typeof f.path === "string") return f.path === path;
  f.path.lastIndex = 0; // a /g or /y RegExp keeps state between test() calls
  return f.path.test(path);
}

/** Rolling-window request counter per key (an API key, or the account). */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  /** `countRefused`: a refused request counts against the window too (ngrok does not say it does not). */
  constructor(readonly limit: number, readonly windowMs: number, readonly countRefused = false) {}

  /** Records a request made at `now` (ms); false when the key has used its quota in the last window. */
  allow(key: string, now: number): boolean {
    const cutoff = now - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > cutoff);
    const ok = list.length < this.limit;
    if (ok || this.countRefused) list.push(now);
    this.hits.set(key, list);
    return ok;
  }
}
