/**
 * Time, as the provider, the pacer, the agent commands and the emulator read it and wait on it:
 * one type, so that a test moves time instead of waiting for it, with one fake for every layer.
 */

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves once `ms` milliseconds have passed on this clock. */
  sleep(ms: number): Promise<void>;
  /** Calls `fire` once after `ms`; the function returned cancels it. */
  setTimer(fire: () => void, ms: number): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
  setTimer: (fire, ms) => {
    const timer = setTimeout(fire, Math.max(0, ms));
    return () => clearTimeout(timer);
  },
};

export interface FakeClockOptions {
  /** The time it shows at first, in ms since the epoch; default 2026-01-01T00:00:00Z, or the system time when `running`. */
  start?: number;
  /** Time also passes by itself, at the system clock's pace; default false: it moves only when the test moves it. */
  running?: boolean;
  /**
   * A sleep moves the time to its end at once: the code under test never waits, and its waits
   * are read from `sleeps` (default false).
   */
  skipSleeps?: boolean;
  /**
   * Whenever a timer or sleep is pending, the clock moves to the earliest one by itself a
   * millisecond (of real time) later: the code under test runs its I/O in real time but never
   * waits on this clock (default false).
   */
  autoAdvance?: boolean;
}

interface Timer {
  at: number;
  seq: number;
  fire: () => void;
  /** A sleep's timer: counted by `sleeping`. */
  sleep: boolean;
  /** The system timer of a running clock. */
  system: ReturnType<typeof setTimeout> | undefined;
}

/**
 * A clock a test moves: `advance(ms)` (what the code would see after that much time, at once) or
 * `run(limitMs)` (every timer in time order, the clock moved to each). Sleeps and timers end in
 * the order of their end times, ties in the order they began.
 */
export class FakeClock implements Clock {
  private readonly start: number;
  private readonly startedAt: number | undefined;
  private readonly skip: boolean;
  private readonly auto: boolean;
  private stepping: ReturnType<typeof setTimeout> | undefined;
  private skippedMs = 0;
  private seq = 0;
  private readonly timers: Timer[] = [];
  private readonly watchers = new Set<{ count: number; resolve: () => void }>();
  /** The length of every sleep asked of this clock, in order. */
  readonly sleeps: number[] = [];

  constructor(options: FakeClockOptions = {}) {
    this.startedAt = options.running ? Date.now() : undefined;
    this.start = options.start ?? this.startedAt ?? Date.UTC(2026, 0, 1);
    this.skip = options.skipSleeps ?? false;
    this.auto = options.autoAdvance ?? false;
  }

  now(): number {
    const passed = this.startedAt === undefined ? 0 : Date.now() - this.startedAt;
    return this.start + passed + this.skippedMs;
  }

  /** Moves the time forward by `ms` and ends the sleeps and timers that are due, in order. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`FakeClock.advance takes a non-negative number of milliseconds, got ${ms}`);
    this.skippedMs += ms;
    const now = this.now();
    for (const timer of this.ordered().filter((t) => t.at <= now)) this.fire(timer);
  }

  sleep(ms: number): Promise<void> {
    this.sleeps.push(ms);
    if (this.skip) {
      if (ms > 0) this.advance(ms);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      if (!(ms > 0)) return resolve();
      this.add(resolve, ms, true);
      for (const watcher of this.watchers) {
        if (this.sleeping >= watcher.count) {
          this.watchers.delete(watcher);
          watcher.resolve();
        }
      }
    });
  }

  setTimer(fire: () => void, ms: number): () => void {
    const timer = this.add(fire, Math.max(0, ms), false);
    return () => this.remove(timer);
  }

  /** Sleeps that have not ended yet (latency faults holding a request). */
  get sleeping(): number {
    return this.timers.filter((t) => t.sleep).length;
  }

  /** Resolves once at least `count` sleeps are under way: a request is being held. */
  untilSleeping(count = 1): Promise<void> {
    if (this.sleeping >= count) return Promise.resolve();
    return new Promise((resolve) => this.watchers.add({ count, resolve }));
  }

  /**
   * Ends the sleeps and timers in time order, moving the clock to each and letting the work they
   * resume run until it waits on this clock again, until none is left; fails past `limitMs` from
   * now (something waits for ever).
   */
  async run(limitMs: number): Promise<void> {
    const until = this.now() + limitMs;
    await settle();
    while (this.timers.length > 0) {
      const next = this.ordered()[0]!;
      if (next.at > until) throw new Error(`a timer is still pending ${limitMs} ms on`);
      if (next.at > this.now()) this.skippedMs += next.at - this.now();
      this.fire(next);
      await settle();
    }
  }

  private add(fire: () => void, ms: number, sleep: boolean): Timer {
    const timer: Timer = { at: this.now() + ms, seq: this.seq++, fire, sleep, system: undefined };
    this.timers.push(timer);
    // A running clock also reaches the end of a wait by itself.
    if (this.startedAt !== undefined) timer.system = setTimeout(() => this.fire(timer), ms);
    if (this.auto) this.step();
    return timer;
  }

  /** For `autoAdvance`: a millisecond from now, moves to the earliest timer and fires it. */
  private step(): void {
    if (this.stepping !== undefined) return;
    this.stepping = setTimeout(() => {
      this.stepping = undefined;
      const next = this.ordered()[0];
      if (next === undefined) return;
      if (next.at > this.now()) this.skippedMs += next.at - this.now();
      this.fire(next);
      if (this.timers.length > 0) this.step();
    }, 1);
  }

  private ordered(): Timer[] {
    return [...this.timers].sort((a, b) => a.at - b.at || a.seq - b.seq);
  }

  private remove(timer: Timer): boolean {
    const i = this.timers.indexOf(timer);
    if (i < 0) return false;
    this.timers.splice(i, 1);
    if (timer.system !== undefined) clearTimeout(timer.system);
    return true;
  }

  private fire(timer: Timer): void {
    if (this.remove(timer)) timer.fire();
  }
}

/**
 * Lets the work started so far run until all of it waits on the clock: code on a fake clock
 * waits only on its timers or on promises, which settle before the event loop's next turn.
 */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
