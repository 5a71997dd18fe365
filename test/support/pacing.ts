/**
 * Shared by the pacing tests: emulators limited to 20 requests per 5 s, and, on a fake clock,
 * the API's rolling window with a network of seeded delays in front of it.
 */
import { spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../emulator";
import { mulberry32 } from "../../emulator/shared/ids";
import type { Pacer, RateLimit } from "../../provider/client/rate-limit";
import { call } from "./api";
import type { FakeClock } from "../../clock";

export const rate = { limit: 20, windowMs: 5_000 };

/** Emulators and temporary directories of one test file, released by `cleanUp`. */
export class PacingFixture {
  readonly tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pacing-test-"));
  private readonly emulators: Emulator[] = [];
  private readonly closers: (() => Promise<void>)[] = [];

  async emulator(options: EmulatorOptions = {}): Promise<Emulator> {
    const emu = await startEmulator({ rateLimit: rate, ...options });
    this.emulators.push(emu);
    return emu;
  }

  dir(name: string): string {
    return fs.mkdtempSync(path.join(this.tmp, `${name}-`));
  }

  onCleanUp(close: () => Promise<void>): void {
    this.closers.push(close);
  }

  async cleanUp(): Promise<void> {
    await Promise.all(this.closers.map((c) => c()));
    await Promise.all(this.emulators.map((e) => e.close()));
    fs.rmSync(this.tmp, { recursive: true, force: true });
  }
}

export const refused = (emu: Emulator): number => emu.requests.filter((r) => r.status === 429).length;
export const statuses = (emu: Emulator): number[] => [...new Set(emu.requests.map((r) => r.status))].sort();

/** Spends the whole window's budget with the API key, as another tool or CI job would. */
export async function spendBudget(emu: Emulator): Promise<void> {
  for (let i = 0; i < rate.limit; i++) expect((await call(emu, "GET", "/credentials")).status).toBe(200);
}

/**
 * The API's limit as its documentation states it, on a fake clock: at most `limit` requests
 * received in any rolling window; a refused request is not counted.
 */
export class RollingWindow {
  /** When each counted request arrived. */
  readonly counted: number[] = [];
  /** When each request arrived, refused ones too. */
  readonly arrivals: number[] = [];
  refused = 0;

  /** Stray refusals: requests refused at random whatever the window holds, not counted. */
  strays = 0;
  private readonly stray: (() => boolean) | undefined;

  /**
   * `strict`: a refused request takes a place in the window too (the emulator's strictRateLimit).
   * `stray`: that share of requests is refused at random whatever the window holds (a busy
   * service's stray 429s), drawn from a seeded generator.
   */
  constructor(
    readonly rate: RateLimit,
    readonly strict = false,
    stray?: { rate: number; seed: number },
  ) {
    if (stray !== undefined) {
      const random = mulberry32(stray.seed);
      this.stray = () => random() < stray.rate;
    }
  }

  receive(at: number): boolean {
    if (this.stray?.()) {
      this.strays++;
      this.refused++;
      return false;
    }
    this.arrivals.push(at);
    const held = this.strict ? this.arrivals.slice(0, -1) : this.counted;
    if (held.filter((t) => t > at - this.rate.windowMs).length >= this.rate.limit) {
      this.refused++;
      return false;
    }
    this.counted.push(at);
    return true;
  }
}

/** The most of `times` that fall in one window of `windowMs` (a half-open interval, as the service counts). */
export function mostInAnyWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let end = 0, start = 0; end < sorted.length; end++) {
    while (sorted[start]! <= sorted[end]! - windowMs) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

/** The least time `served` requests take under `rate`: `limit` at once, then `limit` more each window. */
export function floorMs(served: number, rate: RateLimit): number {
  return (Math.ceil(served / rate.limit) - 1) * rate.windowMs;
}

/**
 * The minute with the most refused requests against all the requests it received: over every
 * arrival t, the refused arrivals in [t, t + 1 min) and all the arrivals then (times in any order).
 */
export function worstMinute(arrivals: readonly number[], refused: readonly number[]): { retries: number; requests: number } {
  const minuteMs = 60_000;
  const all = [...arrivals].sort((a, b) => a - b);
  const no = [...refused].sort((a, b) => a - b);
  let worst = { retries: 0, requests: 1 };
  let end = 0;
  let refusedFrom = 0;
  let refusedTo = 0;
  for (let i = 0; i < all.length; i++) {
    const t = all[i]!;
    // Arrivals at the same moment share one span, counted from the first of them.
    if (i > 0 && all[i - 1] === t) continue;
    while (end < all.length && all[end]! < t + minuteMs) end++;
    while (refusedFrom < no.length && no[refusedFrom]! < t) refusedFrom++;
    refusedTo = Math.max(refusedTo, refusedFrom);
    while (refusedTo < no.length && no[refusedTo]! < t + minuteMs) refusedTo++;
    const span = { retries: refusedTo - refusedFrom, requests: end - i };
    if (span.retries / span.requests > worst.retries / worst.requests) worst = span;
  }
  return worst;
}

/** One attempt of one request, as the fake clock saw it. */
export interface Attempt {
  request: string;
  grantedAt: number;
  arrivedAt: number;
  answeredAt: number;
  refused: boolean;
}

/** Delays of the network each way, in ms: drawn evenly from [min, max] by a seeded generator. */
export interface Network {
  toService: [number, number];
  toClient: [number, number];
  seed: number;
}


/**
 * Sends `count` requests at once through `pacer` to `service` over `network`, as the client does:
 * each waits for a slot, travels, is counted or refused, and its answer travels back; a refused
 * one is judged by the pacer (its own burst, or another client's part of the window) and retried
 * (ahead of first attempts). Resolves with every attempt once all are answered;
 * the test drives `clock` meanwhile.
 */
export function sendAtOnce(options: { pacer: Pacer; clock: FakeClock; service: RollingWindow; network: Network; count: number; name: string }): Promise<Attempt[]> {
  const { pacer, clock, service, network, count, name } = options;
  const random = mulberry32(network.seed);
  const delay = ([min, max]: [number, number]) => Math.round(min + random() * (max - min));
  const attempts: Attempt[] = [];
  const one = async (request: string): Promise<void> => {
    for (let retry = false; ; retry = true) {
      const slot = await pacer.acquire(retry);
      const grantedAt = clock.now();
      await clock.sleep(delay(network.toService));
      const arrivedAt = clock.now();
      const counted = service.receive(arrivedAt);
      await clock.sleep(delay(network.toClient));
      const answeredAt = clock.now();
      attempts.push({ request, grantedAt, arrivedAt, answeredAt, refused: !counted });
      if (counted) {
        await slot.answered(answeredAt);
        return;
      }
      await slot.refused();
      await pacer.refusal(answeredAt, service.rate, grantedAt);
    }
  };
  return Promise.all(Array.from({ length: count }, (_, i) => one(`${name} ${i}`))).then(() => attempts);
}

/**
 * For each request after the first window's worth, how long after the window had room for it
 * it was granted: the k-th grant (in time order) has room once the (k - limit)-th answer (in
 * time order) is a window old. Negative: granted too early.
 */
export function waitsPastRoom(attempts: readonly Attempt[], rate: RateLimit): number[] {
  const grants = attempts.map((a) => a.grantedAt).sort((a, b) => a - b);
  const answers = attempts.filter((a) => !a.refused).map((a) => a.answeredAt).sort((a, b) => a - b);
  return grants.slice(rate.limit).map((g, i) => g - (answers[i]! + rate.windowMs));
}

const childScript = path.resolve(__dirname, "pacing-child.js");

/** What a provider process made (`ok`: ids) and failed. */
export interface ChildResult {
  ok: string[];
  failed: string[];
}

/** One run of a provider process: its pacing ledger's directory and its command. */
export interface ProcessRun {
  pacingDir: string;
  args: string[];
}

/**
 * Provider processes (test/support/pacing-child.js: the built provider from dist/, configured
 * from the environment as the Pulumi host runs it) against `emu`, each pacing to `rateLimit` and
 * keeping its pacing ledger in its `pacingDir`. Their requests start together, once every process
 * has loaded: how long loading takes on a busy machine decides nothing.
 */
export async function providerProcesses(emu: Emulator, rateLimit: string, runs: readonly ProcessRun[]): Promise<ChildResult[]> {
  const children = await Promise.all(
    runs.map(
      ({ pacingDir, args }) =>
        new Promise<{ result: Promise<ChildResult>; go: () => void }>((loaded, failed) => {
          const child = spawn(process.execPath, [childScript, ...args], {
            env: {
              PATH: process.env.PATH ?? "",
              HOME: pacingDir,
              NGROK_API_BASE_URL: emu.url,
              NGROK_API_KEY: emu.apiKey,
              NGROK_RATE_LIMIT: rateLimit,
              PULUMI_NGROK_PACING_DIR: pacingDir,
            },
            stdio: ["pipe", "pipe", "pipe"],
          });
          let out = "";
          let err = "";
          const result = new Promise<ChildResult>((resolve, reject) => {
            child.on("error", reject);
            child.on("close", (code) =>
              code === 0 ? resolve(JSON.parse(out.replace(/^ready\n/, "")) as ChildResult) : reject(new Error(`provider process exited ${code}: ${err}`)),
            );
          });
          result.catch(failed);
          let ready = false;
          child.stdout.on("data", (d: Buffer) => {
            out += d.toString();
            if (!ready && out.startsWith("ready\n")) {
              ready = true;
              loaded({ result, go: () => void child.stdin.end("go\n") });
            }
          });
          child.stderr.on("data", (d: Buffer) => (err += d.toString()));
        }),
    ),
  );
  for (const c of children) c.go();
  return Promise.all(children.map((c) => c.result));
}

/** One provider process (see providerProcesses). */
export async function providerProcess(emu: Emulator, pacingDir: string, rateLimit: string, args: string[]): Promise<ChildResult> {
  const [result] = await providerProcesses(emu, rateLimit, [{ pacingDir, args }]);
  return result!;
}
