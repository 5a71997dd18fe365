/**
 * Paces requests so that no rolling window holds more than `limit` of them, which is how the API
 * counts (120 per rolling 60 s). Hand-written on purpose: the CommonJS limiters on npm
 * (bottleneck, limiter) are fixed-window or token-bucket, which allow up to twice the limit
 * across a window boundary, and p-throttle's strict mode is ESM-only.
 */
export interface RateLimit {
  limit: number;
  windowMs: number;
}

export class SlidingWindowLimiter {
  private readonly sent: number[] = [];
  private tail: Promise<void> = Promise.resolve();
  private readonly margin: number;

  constructor(
    private readonly rate: RateLimit,
    private readonly now: () => number = Date.now,
  ) {
    if (!(rate.limit >= 1) || !(rate.windowMs > 0)) {
      throw new RangeError(`invalid rate limit ${rate.limit}/${rate.windowMs}ms`);
    }
    this.margin = Math.max(100, rate.windowMs / 100);
  }

  /** Resolves when one more request may be sent; callers are served in arrival order. */
  acquire(): Promise<void> {
    const turn = this.tail.then(() => this.waitForSlot());
    this.tail = turn.catch(() => undefined);
    return turn;
  }

  private async waitForSlot(): Promise<void> {
    for (;;) {
      const t = this.now();
      while (this.sent.length > 0 && this.sent[0]! <= t - this.rate.windowMs) this.sent.shift();
      if (this.sent.length < this.rate.limit) {
        this.sent.push(t);
        return;
      }
      // A margin: the service stamps a request when it arrives, and an earlier request may have
      // been slower on the way than a later one.
      await delay(this.sent[0]! + this.rate.windowMs - t + this.margin);
    }
  }
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}

/** Parses "N/SECONDS" (e.g. "120/60") or "off". */
export function parseRateLimit(text: string): RateLimit | false {
  const t = text.trim().toLowerCase();
  if (t === "off" || t === "false" || t === "0") return false;
  const m = /^(\d+)\s*\/\s*(\d+(?:\.\d+)?)\s*s?$/.exec(t);
  if (!m) throw new Error(`invalid rate limit "${text}": expected "<requests>/<seconds>", e.g. "120/60", or "off"`);
  return { limit: Number(m[1]), windowMs: Number(m[2]) * 1000 };
}
