/**
 * Runners: CI runners on separate machines sharing one API key, simulated on a fake clock with
 * the real pacer, so that a change to the pacer can be tried in a second before the minutes of
 * `make reliability` (test/reliability/runners.slow.ts, the same workload with the real CLI).
 * The service: ngrok's limit scaled down to 20 requests per rolling 10 s, as its documentation
 * states it, under the emulator's two counting rules. A runner: its CLI starting, an `up`, a
 * gap, a `destroy`, its CLI ending; each command a new pacer (a new process) over the machine's
 * ledger, its requests sent by a few workers with the network's delays each way and the engine's
 * time between them, all drawn from a seed per runner. The reference row: three runners on one
 * ledger, as on one machine. Nothing is measured in real time: the rows are ratios of the fake
 * clock's times and of the service's counts, over several seeds. Rows "cuts ×N": the learning's
 * cuts made N times as deep, the trade between the runners' spread and their refusals. The last
 * rows: one runner at ngrok's own limit, 120 requests per rolling 60 s, whose requests the service
 * refuses now and then at random (stray 429s, as a busy service answers), against the same runs
 * without them.
 */
import { FakeClock } from "../clock";
import { mulberry32 } from "../emulator/shared/ids";
import { LedgerEntries, MemoryLedger, type Ledger } from "../provider/client/pacing-ledger";
import { Pacer, type RateLimit } from "../provider/client/rate-limit";
import { floorMs, RollingWindow, worstMinute } from "../test/support/pacing";
import { msSince } from "./stats";

export interface MeanWorst {
  mean: number;
  /** The worst of the seeds. */
  worst: number;
}

export interface RunnersRow {
  runners: number;
  /** Every runner's commands on one ledger, as on one machine. */
  oneLedger: boolean;
  /**
   * Each runner configured to this part of the limit (requests per window), as `ngrok:rateLimit`
   * can give each its own part of the budget; undefined: each configured to the whole limit.
   */
  part?: number;
  /** default: a refused request is not counted; strict: it takes a place in the window too. */
  rule: "default" | "strict";
  /** The learning's cuts scaled by this (the trade between the spread and the refusals); undefined: the rule's. */
  cutDepth?: number;
  /** Requests the service served (mean over the seeds; every request is served in the end). */
  served: number;
  /** Refusals (429) per request served. */
  refusedPerServed: MeanWorst;
  /** From the clock's start to the last runner's end, over the least the limit allows for the requests served. */
  overFloor: MeanWorst;
  /** The worst minute's refused requests over all it received, mean over the seeds. */
  worstMinute: number;
  /** The slowest runner's time over the fastest's (each from the clock's start to its end), for equal work. */
  spread: MeanWorst;
  /**
   * Stray 429s: the share of the service's requests refused at random whatever the window holds
   * (undefined: none), and then the time over the same seed's run without them, and the windows
   * from the last stray refusal until the runner's share was the whole limit again.
   */
  stray?: { rate: number; overWithout: MeanWorst; windowsToRecover: MeanWorst };
}

export interface RunnersBench {
  /** The service's limit. */
  limit: RateLimit;
  /** Requests of each runner's `up` and `destroy`. */
  up: number;
  destroy: number;
  seeds: number;
  rows: RunnersRow[];
}

const runnersLimit: RateLimit = { limit: 20, windowMs: 10_000 };
/** The stray-429 rows: ngrok's own limit, and an \`up\` and a \`destroy\` of 120 requests each. */
const strayLimit: RateLimit = { limit: 120, windowMs: 60_000 };
const strayRequests = 120;
/** About what the fault runs see: 7 refusals in 290 answers. */
const strayRate = 0.025;
/** A runner's requests in `make reliability`: 133 for the `up` and `destroy` of 60 resources. */
const upRequests = 67;
const destroyRequests = 66;
/** Requests a command has under way at once (the engine working on several resources). */
const workers = 8;
/** The client's request timeout: a granted request may hold its slot this long. */
const attemptTimeoutMs = 30_000;
const minuteMs = 60_000;

interface Run {
  runners: number;
  oneLedger: boolean;
  part?: number;
  strict: boolean;
  up: number;
  destroy: number;
  seed: number;
  /** The service's limit; default runnersLimit. */
  limit?: RateLimit;
  /** Stray 429s: the share of requests the service refuses at random during the `up` (not counted). */
  stray?: number;
  /** The learning's cuts scaled by this; default the rule's. */
  cutDepth?: number;
}

interface Outcome {
  served: number;
  refused: number;
  ms: number;
  worstMinute: number;
  spread: number;
  /** Stray runs: ms from the last stray refusal until the runner's share was the whole limit again. */
  recoverMs?: number;
}

/**
 * One machine's pacing file, kept in memory, for the reference's concurrent commands: shared, so
 * that each pacer names its requests uniquely and re-reads the others'. A MemoryLedger is one
 * process's alone: pacers on one would overwrite each other's requests in flight (their ids
 * collide) and be refused.
 */
class MachineLedger implements Ledger {
  readonly shared = true;
  private readonly entries = new LedgerEntries();

  transact<T>(change: (entries: LedgerEntries) => T): Promise<T> {
    return Promise.resolve(change(this.entries));
  }

  peek(): Promise<LedgerEntries> {
    return Promise.resolve(this.entries);
  }
}

async function simulate({ runners, oneLedger, part, strict, up, destroy, seed, limit = runnersLimit, stray = 0, cutDepth }: Run): Promise<Outcome> {
  const clock = new FakeClock();
  const start = clock.now();
  const service = new RollingWindow(limit, strict);
  const refusedAt: number[] = [];
  const machine = new MachineLedger();
  let end = start;
  const ends: number[] = [];
  const strays = mulberry32(seed * 7919);
  /** When the stray 429s stopped (the end of the \`up\`), while the runner's share was cut. */
  let strayEnded: number | undefined;
  let strayed = 0;
  let recoveredAt: number | undefined;

  const runner = async (index: number) => {
    const random = mulberry32(seed * 31 + index);
    const between = (min: number, max: number) => min + Math.round(random() * (max - min));
    // A runner's commands run one after another, so one pacer at a time holds its own ledger.
    const memory = new MemoryLedger();
    const ledger: Ledger = oneLedger ? machine : memory;
    let straying = false;
    const command = async (count: number) => {
      const pacer = new Pacer(part === undefined ? limit : { ...limit, limit: part }, { attemptTimeoutMs, clock, random, ledger, ...(cutDepth === undefined ? {} : { cutDepth }) });
      let next = 0;
      const worker = async () => {
        while (next < count) {
          next++;
          for (let retry = false; ; retry = true) {
            const slot = await pacer.acquire(retry);
            await clock.sleep(between(5, 45));
            const arrivedAt = clock.now();
            const isStray = straying && strays() < stray;
            const counted = !isStray && service.receive(arrivedAt);
            if (!counted) refusedAt.push(arrivedAt);
            if (isStray) strayed++;
            await clock.sleep(between(5, 45));
            const at = clock.now();
            if (counted) {
              await slot.answered(at);
              if (strayEnded !== undefined && recoveredAt === undefined && memory.entries.state.share === undefined) recoveredAt = Math.max(at, strayEnded);
              break;
            }
            await slot.refused();
            await pacer.refusal(at, limit, slot.grantedAt);
          }
          // The engine's work between one resource's requests and the next's.
          await clock.sleep(between(50, 250));
        }
      };
      await Promise.all(Array.from({ length: workers }, worker));
    };
    // The CLI starting, the gap between the commands, the CLI ending.
    await clock.sleep(between(2_500, 6_500));
    straying = stray > 0;
    await command(up);
    straying = false;
    if (stray > 0) strayEnded = memory.entries.state.share !== undefined ? clock.now() : undefined;
    await clock.sleep(between(5_000, 9_000));
    await command(destroy);
    await clock.sleep(2_000);
    end = Math.max(end, clock.now());
    ends.push(clock.now() - start);
  };

  const done = Promise.all(Array.from({ length: runners }, (_, i) => runner(i)));
  await clock.run(24 * 60 * minuteMs);
  await done;
  return {
    served: service.counted.length,
    refused: service.refused + strayed,
    ms: end - start,
    worstMinute: ratio(worstMinute(service.arrivals, refusedAt)),
    spread: Math.max(...ends) / Math.min(...ends),
    ...(stray === 0 ? {} : { recoverMs: strayEnded === undefined ? 0 : (recoveredAt ?? end) - strayEnded }),
  };
}

/** A row's runners as the tables name them. */
export function runnersLabel(row: RunnersRow): string {
  if (row.stray) return `${row.runners}, ${Math.round(row.stray.rate * 1000) / 10}% stray 429s`;
  if (row.oneLedger) return `${row.runners}, one ledger`;
  if (row.cutDepth !== undefined) return `${row.runners}, cuts ×${row.cutDepth}`;
  if (row.part !== undefined) return `${row.runners}, ${row.part} per ${runnersLimit.windowMs / 1000} s each`;
  return String(row.runners);
}

const ratio = ({ retries, requests }: { retries: number; requests: number }) => retries / requests;
const mean = (xs: readonly number[]) => xs.reduce((a, x) => a + x, 0) / xs.length;
const meanWorst = (xs: readonly number[]): MeanWorst => ({ mean: mean(xs), worst: Math.max(...xs) });

/** `only`: the rows to run (all by default), for trying a change to the pacer on a few. */
export async function benchRunners(
  options: { seeds: number; scale: number; only?: (row: { runners: number; strict: boolean; oneLedger: boolean; part?: number; stray?: number; cutDepth?: number }) => boolean },
  log: (line: string) => void,
): Promise<RunnersBench> {
  const { seeds, scale } = options;
  if (!(Number.isInteger(seeds) && seeds >= 1)) throw new RangeError(`BENCH_RUNNERS_SEEDS: a whole number of seeds from 1, got ${seeds}`);
  if (!(scale > 0)) throw new RangeError(`BENCH_RUNNERS_SCALE: a positive multiple, got ${scale}`);
  const up = Math.max(1, Math.round(upRequests * scale));
  const destroy = Math.max(1, Math.round(destroyRequests * scale));
  const configurations: Omit<Run, "up" | "destroy" | "seed">[] = [
    { runners: 1, oneLedger: false, strict: false },
    { runners: 1, oneLedger: false, strict: true },
    { runners: 3, oneLedger: true, strict: false },
    { runners: 3, oneLedger: false, strict: false },
    { runners: 3, oneLedger: false, strict: true },
    { runners: 5, oneLedger: false, strict: false },
    { runners: 5, oneLedger: false, strict: true },
    // Each its own part of the budget: no refusal, and the parts left unused while a runner is
    // idle. Twenty requests do not divide by three: three runners get 6 each, 18 of the 20.
    { runners: 3, oneLedger: false, part: Math.floor(runnersLimit.limit / 3), strict: true },
    { runners: 5, oneLedger: false, part: Math.floor(runnersLimit.limit / 5), strict: true },
    // The trade: the learning's cuts made shallower bring the runners' times together, and cost
    // refusals (the window stays full for longer).
    { runners: 3, oneLedger: false, strict: true, cutDepth: 0.25 },
    { runners: 5, oneLedger: false, strict: true, cutDepth: 0.25 },
    { runners: 5, oneLedger: false, strict: true, cutDepth: 0.1 },
    // One runner at ngrok's limit, its requests refused now and then at random during its `up`.
    { runners: 1, oneLedger: false, strict: false, limit: strayLimit, stray: strayRate },
    { runners: 1, oneLedger: false, strict: true, limit: strayLimit, stray: strayRate },
  ];
  const rows: RunnersRow[] = [];
  for (const configuration of configurations.filter((c) => options.only?.(c) ?? true)) {
    const started = process.hrtime.bigint();
    const outcomes: Outcome[] = [];
    const without: Outcome[] = [];
    const sizes = configuration.stray === undefined ? { up, destroy } : { up: strayRequests, destroy: strayRequests };
    for (let seed = 1; seed <= seeds; seed++) {
      outcomes.push(await simulate({ ...configuration, ...sizes, seed }));
      if (configuration.stray !== undefined) without.push(await simulate({ ...configuration, ...sizes, seed, stray: 0 }));
    }
    const limit = configuration.limit ?? runnersLimit;
    const row: RunnersRow = {
      runners: configuration.runners,
      oneLedger: configuration.oneLedger,
      ...(configuration.part === undefined ? {} : { part: configuration.part }),
      ...(configuration.cutDepth === undefined ? {} : { cutDepth: configuration.cutDepth }),
      rule: configuration.strict ? "strict" : "default",
      served: mean(outcomes.map((o) => o.served)),
      refusedPerServed: meanWorst(outcomes.map((o) => o.refused / o.served)),
      overFloor: meanWorst(outcomes.map((o) => o.ms / floorMs(o.served, limit))),
      worstMinute: mean(outcomes.map((o) => o.worstMinute)),
      spread: meanWorst(outcomes.map((o) => o.spread)),
      ...(configuration.stray === undefined
        ? {}
        : {
            stray: {
              rate: configuration.stray,
              overWithout: meanWorst(outcomes.map((o, i) => o.ms / without[i]!.ms)),
              windowsToRecover: meanWorst(outcomes.map((o) => (o.recoverMs ?? 0) / limit.windowMs)),
            },
          }),
    };
    rows.push(row);
    log(`runners: ${runnersLabel(row)}, ${row.rule}: ${seeds} seeds done in ${(msSince(started) / 1000).toFixed(2)} s`);
  }
  return { limit: runnersLimit, up, destroy, seeds, rows };
}
