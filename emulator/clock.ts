// Where the emulator reads the time and waits: created_at, ids and list cursors, rate-limit
// windows, agent updates, certificate renewal dates and latency faults all go through one clock,
// so that a test can move time instead of waiting for it.

export interface EmulatorClock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Resolves once `ms` milliseconds have passed on this clock (the delay of a latency fault). */
  sleep(ms: number): Promise<void>;
}

export const systemClock: EmulatorClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms))),
};

export interface FakeClockOptions {
  /** The time it shows at first, in ms since the epoch; default 2026-01-01T00:00:00Z, or the system time when `running`. */
  start?: number;
  /** Time also passes by itself, at the system clock's pace; default false: it moves only by `advance`. */
  running?: boolean;
}

interface Sleeper {
  until: number;
  wake: () => void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

/** A clock a test moves with `advance(ms)`: what the emulator would see after that much time, at once. */
export class FakeClock implements EmulatorClock {
  private readonly start: number;
  private readonly startedAt: number | undefined;
  private skippedMs = 0;
  private readonly sleepers = new Set<Sleeper>();
  private readonly watchers = new Set<{ count: number; resolve: () => void }>();

  constructor(options: FakeClockOptions = {}) {
    this.startedAt = options.running ? Date.now() : undefined;
    this.start = options.start ?? this.startedAt ?? Date.UTC(2026, 0, 1);
  }

  now(): number {
    const passed = this.startedAt === undefined ? 0 : Date.now() - this.startedAt;
    return this.start + passed + this.skippedMs;
  }

  /** Moves the time forward by `ms` and wakes the sleeps that are due. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError(`FakeClock.advance takes a non-negative number of milliseconds, got ${ms}`);
    this.skippedMs += ms;
    const now = this.now();
    for (const sleeper of this.sleepers) if (sleeper.until <= now) this.wake(sleeper);
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (!(ms > 0)) return resolve();
      const sleeper: Sleeper = { until: this.now() + ms, wake: resolve, timer: undefined };
      this.sleepers.add(sleeper);
      // A running clock also reaches the end of a sleep by itself.
      if (this.startedAt !== undefined) sleeper.timer = setTimeout(() => this.wake(sleeper), ms);
      for (const watcher of this.watchers) {
        if (this.sleepers.size >= watcher.count) {
          this.watchers.delete(watcher);
          watcher.resolve();
        }
      }
    });
  }

  /** Sleeps that have not ended yet (latency faults holding a request). */
  get sleeping(): number {
    return this.sleepers.size;
  }

  /** Resolves once at least `count` sleeps are under way: a request is being held. */
  untilSleeping(count = 1): Promise<void> {
    if (this.sleepers.size >= count) return Promise.resolve();
    return new Promise((resolve) => this.watchers.add({ count, resolve }));
  }

  private wake(sleeper: Sleeper): void {
    if (!this.sleepers.delete(sleeper)) return;
    if (sleeper.timer !== undefined) clearTimeout(sleeper.timer);
    sleeper.wake();
  }
}
