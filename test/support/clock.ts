/**
 * A clock that moves only when the test moves it: what the pacer reads and waits on, so that a
 * schedule is the same on any machine, however busy.
 */
import type { Clock } from "../../provider/client/pacing-ledger";

interface Timer {
  at: number;
  seq: number;
  fire: () => void;
}

export class FakeClock implements Clock {
  private time: number;
  private seq = 0;
  private readonly timers: Timer[] = [];

  constructor(start = 1_000_000) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  setTimer(fire: () => void, ms: number): () => void {
    const timer: Timer = { at: this.time + Math.max(0, ms), seq: this.seq++, fire };
    this.timers.push(timer);
    return () => {
      const i = this.timers.indexOf(timer);
      if (i >= 0) this.timers.splice(i, 1);
    };
  }

  /** Resolves after `ms` on this clock. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => this.setTimer(resolve, ms));
  }

  /**
   * Lets the work started so far run until all of it waits on this clock: the pacer, its ledger
   * and the simulated network wait only on timers of this clock or on each other's promises,
   * which settle before the event loop's next turn.
   */
  private settle(): Promise<void> {
    return new Promise((resolve) => setImmediate(resolve));
  }

  /**
   * Fires the timers in time order, moving the clock to each, until none is left; fails past
   * `limitMs` from now (something waits for ever).
   */
  async run(limitMs: number): Promise<void> {
    const until = this.time + limitMs;
    await this.settle();
    while (this.timers.length > 0) {
      this.timers.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.timers.shift()!;
      if (next.at > until) throw new Error(`a timer is still pending ${limitMs} ms on`);
      this.time = Math.max(this.time, next.at);
      next.fire();
      await this.settle();
    }
  }
}
