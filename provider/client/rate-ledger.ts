/**
 * One window for every runner on an API key, whatever machine it runs on: a rate ledger in the
 * team's own Redis or PostgreSQL (`ngrok:rateLedger`), where runners that only have their pacing
 * file can learn the others' part of the window from 429s alone (rate-limit.ts).
 *
 * The window is a ring of `limit` leases. A request takes a ticket (a counter), waits for the
 * lease its ticket names (ticket modulo the limit) to be free, holds it while it is on its way,
 * and, once its answer has arrived, for one window more. Any `limit + 1` requests then include two
 * of one lease, one sent at least a window after the other was answered: no rolling window of the
 * service holds more than `limit` of them, whichever runners sent them. Tickets come in order, so
 * the runners take their turns first come, first served; a lease of a runner that dies expires
 * with its hold (two attempt timeouts and a window), so nothing waits forever.
 *
 * The counter, the leases and their expiry are rate-limiter-flexible's (`consume`, `set`,
 * `delete` on its Redis and PostgreSQL limiters: atomic, with the same interface on both stores,
 * no dependency of its own, kept up by its author since 2018), over ioredis and pg, the stores'
 * usual clients. Its limiters count fixed windows, which let twice the limit through across a
 * window's edge, so the rolling window is made of leases of one point each rather than one
 * limiter of `limit` points. The libraries load when a ledger is set, and only then.
 *
 * Redis counts a lease's time on its own clock, in whole seconds: a lease set after the answer
 * arrived frees no sooner than a window after it, on any machine. PostgreSQL's expiry is the time
 * of the runner that set it, so a lease holds an eighth of a second more, for clocks that differ.
 */
import { createHash } from "node:crypto";
import type { Clock } from "../../clock";
import type { Lease, RateLimit, SharedLeases } from "./rate-limit";
import { transportCode, transportKind, whatFailed } from "./transport";

type Flexible = typeof import("rate-limiter-flexible");
type Limiter = import("rate-limiter-flexible").RateLimiterAbstract;

export type LedgerStore = "redis" | "postgres";

/** The store a ledger URL names (redis://, rediss://, postgres://, postgresql://); undefined for any other. */
export function ledgerStore(url: string): LedgerStore | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol === "redis:" || parsed.protocol === "rediss:") return "redis";
  if (parsed.protocol === "postgres:" || parsed.protocol === "postgresql:") return "postgres";
  return undefined;
}

/** The ledger as messages name it: scheme, host and port, never a user, a password or a query. */
export function ledgerAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}

/**
 * What the runner tells of its ledger: it cannot be used (why, in words; `wasUp`: it served this
 * process before), or it answers again.
 */
export type LedgerNotice = { state: "down"; address: string; reason: string; wasUp: boolean } | { state: "up"; address: string };

/** A notice as the one line the user reads; `api` names the API when it is not the management API. */
export function ledgerNoticeLine(notice: LedgerNotice, api?: string): string {
  const ledger = `the rate ledger at ${notice.address}${api === undefined ? "" : ` (${api})`}`;
  if (notice.state === "up") return `ngrok: ${ledger} answers again: requests take their turns from it`;
  const what = notice.wasUp ? "stopped answering" : "cannot be used";
  return `ngrok: ${ledger} ${what}: ${notice.reason}; until it answers again, this runner paces itself and learns the others' part of the limit from the API's 429s`;
}

export interface SharedWindowOptions {
  /** `ngrok:rateLedger`: a Redis or PostgreSQL URL. */
  url: string;
  /** The window's owner: the API key and base URL (hashed together: neither is written to the store). */
  apiKey: string;
  baseUrl: string;
  /** The longest an attempt can take: a lease is held at most twice this (and a window) while its request is on its way. */
  attemptTimeoutMs: number;
  clock: Clock;
  /** The longest one operation on the store may take before the store counts as gone; default 2 s. */
  operationTimeoutMs?: number;
  /** While the store is gone, how often a request tries it again; default half a window, from a quarter of a second to 5 s. */
  retryEveryMs?: number;
  /** Told when the ledger cannot be used, and when it answers again. */
  onNotice?: (notice: LedgerNotice) => void;
}

/** The table (PostgreSQL) and the key prefix the ledger's rows live under. */
export const ledgerTable = "pulumi_ngrok_rate_ledger";
const keyPrefix = "pulumi-ngrok";
/** PostgreSQL's leases hold this much longer, for runners' clocks that differ (whole eighths of a second stay exact in the store's milliseconds). */
const clockSkewMs = 125;
/** While a lease's request is on its way, its waiter looks again this often (at most). */
const inFlightPollMs = 250;
/** What PostgreSQL answers the runners that lose a race to create the same table. */
const tableRaced = new Set(["23505", "42710", "42P07"]);
/** A PostgreSQL error's SQLSTATE (five letters and digits), if it is one. */
function sqlState(err: unknown): string | undefined {
  const code = err && typeof err === "object" ? (err as { code?: unknown }).code : undefined;
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
/** The PostgreSQL column holding the counter is an `integer`. */
const counterPoints = 2 ** 31 - 1;

interface Store {
  flexible: Flexible;
  tickets: Limiter;
  /** Leases by window (ms): each limiter holds a new lease for the in-flight hold. */
  leases: Map<number, Limiter>;
  make(points: number, holdSeconds: number): Limiter;
  /** Rounds a hold up to what the store keeps exactly, in seconds. */
  seconds(ms: number): number;
  close(): Promise<void>;
}

export class SharedWindow implements SharedLeases {
  readonly address: string;
  readonly store: LedgerStore;
  /** Operations sent to the store (figures and tests). */
  operations = 0;
  private readonly name: string;
  private opened: Promise<Store> | undefined;
  private downSince: number | undefined;
  private retryAt = 0;
  /** The store answered this process once: losing it is "stopped answering". */
  private everUp = false;
  /** The limit the last request was paced to. */
  private rate: RateLimit | undefined;
  /** The last connection failure the store's client reported (ioredis reconnects on its own and tells only its listener). */
  private connectionError: unknown;
  private readonly clock: Clock;
  private readonly operationTimeoutMs: number;

  constructor(private readonly options: SharedWindowOptions) {
    const store = ledgerStore(options.url);
    if (store === undefined) throw new RangeError("a rate ledger is a redis://, rediss://, postgres:// or postgresql:// URL");
    this.store = store;
    this.address = ledgerAddress(options.url);
    this.name = createHash("sha256").update("pulumi-ngrok rate ledger\0").update(options.apiKey).update("\0").update(options.baseUrl).digest("hex").slice(0, 32);
    this.clock = options.clock;
    this.operationTimeoutMs = options.operationTimeoutMs ?? 2_000;
  }

  /** True while the store cannot be used: requests are paced by this runner's own pacing. */
  get down(): boolean {
    return this.downSince !== undefined;
  }

  /**
   * A lease of the window for one request under `rate`: resolves when the request may go. Undefined
   * when the store cannot be used (the caller paces on its own, and this says so once); while it
   * stays so, one request in `retryEveryMs` tries it again.
   */
  async take(rate: RateLimit): Promise<Lease | undefined> {
    this.rate = rate;
    if (this.downSince !== undefined) {
      if (this.clock.now() < this.retryAt) return undefined;
      this.retryAt = this.clock.now() + this.retryEvery();
    }
    let store: Store;
    try {
      store = await this.open();
      const lease = await this.lease(store, rate);
      this.back();
      return lease;
    } catch (err) {
      this.lost(err);
      return undefined;
    }
  }

  private retryEvery(): number {
    return this.options.retryEveryMs ?? Math.min(5_000, Math.max(250, (this.rate?.windowMs ?? 10_000) / 2));
  }

  async close(): Promise<void> {
    const opened = this.opened;
    this.opened = undefined;
    if (opened) await opened.then((s) => s.close(), () => undefined);
  }

  private async lease(store: Store, rate: RateLimit): Promise<Lease> {
    const limiter = this.leasesFor(store, rate);
    const ticket = await this.count(store);
    const key = `${this.name}:lease:${ticket % rate.limit}`;
    // What a lease holds once its request was answered: a longer hold is a request still on its way.
    const settled = store.seconds(rate.windowMs + (this.store === "postgres" ? clockSkewMs : 0)) * 1000;
    for (;;) {
      this.operations++;
      const taken = await limiter.consume(key).then(
        () => undefined,
        (rejection: unknown) => {
          if (rejection instanceof store.flexible.RateLimiterRes) return rejection.msBeforeNext;
          throw rejection;
        },
      );
      if (taken === undefined) return this.held(limiter, key, settled);
      // On its way: the holder's answer shortens the hold to `settled`; look again soon.
      const wait = taken > settled + 50 ? Math.min(taken - settled, inFlightPollMs) : taken + 1;
      await this.clock.sleep(Math.max(1, wait));
    }
  }

  private held(limiter: Limiter, key: string, settledMs: number): Lease {
    let done = false;
    const settle = async (answered: boolean): Promise<void> => {
      if (done) return;
      done = true;
      this.operations++;
      try {
        await (answered ? limiter.set(key, 1, settledMs / 1000) : limiter.delete(key));
      } catch (err) {
        // The lease expires with its hold; the next request finds the store gone and says so.
        this.lost(err);
      }
    };
    return { answered: () => settle(true), notSent: () => settle(false) };
  }

  /** The next ticket: the counter's new value. */
  private async count(store: Store): Promise<number> {
    this.operations++;
    const res = await store.tickets.consume(`${this.name}:tickets`).catch((rejection: unknown) => {
      // Past the counter's points it refuses, with the count all the same.
      if (rejection instanceof store.flexible.RateLimiterRes) return rejection;
      throw rejection;
    });
    return res.consumedPoints;
  }

  private leasesFor(store: Store, rate: RateLimit): Limiter {
    let limiter = store.leases.get(rate.windowMs);
    if (!limiter) {
      // A request on its way may hold its lease until its attempt times out (twice: its answer's
      // head and body each have the timeout), and a window after.
      limiter = store.make(1, store.seconds(2 * this.options.attemptTimeoutMs + rate.windowMs + clockSkewMs));
      store.leases.set(rate.windowMs, limiter);
    }
    return limiter;
  }

  private open(): Promise<Store> {
    this.opened ??= (this.store === "redis" ? this.openRedis() : this.openPostgres()).then(
      (store) => {
        this.everUp = true;
        return store;
      },
      (err: unknown) => {
        this.opened = undefined;
        throw err;
      },
    );
    return this.opened;
  }

  private async openRedis(): Promise<Store> {
    const flexible = require("rate-limiter-flexible") as Flexible;
    const { Redis } = require("ioredis") as typeof import("ioredis");
    const client = new Redis(this.options.url, {
      connectTimeout: this.operationTimeoutMs,
      commandTimeout: this.operationTimeoutMs,
      // A command fails after one reconnection in vain: the runner then paces on its own.
      maxRetriesPerRequest: 1,
      retryStrategy: (times) => Math.min(times * 250, 2_000),
      lazyConnect: true,
    });
    client.on("error", (err: unknown) => (this.connectionError = err));
    try {
      this.operations++;
      await client.connect();
    } catch (err) {
      client.disconnect();
      throw err;
    }
    const make = (points: number, duration: number) => new flexible.RateLimiterRedis({ storeClient: client, keyPrefix, points, duration });
    return {
      flexible,
      tickets: make(counterPoints, 0),
      leases: new Map(),
      make,
      // Redis keeps expiries set in whole seconds.
      seconds: (ms) => Math.ceil(ms / 1000),
      close: async () => void client.disconnect(),
    };
  }

  private async openPostgres(): Promise<Store> {
    const flexible = require("rate-limiter-flexible") as Flexible;
    const { Pool } = require("pg") as typeof import("pg");
    const pool = new Pool({
      connectionString: this.options.url,
      max: 4,
      connectionTimeoutMillis: this.operationTimeoutMs,
      query_timeout: this.operationTimeoutMs,
      idleTimeoutMillis: 10_000,
      allowExitOnIdle: true,
    });
    pool.on("error", (err: unknown) => (this.connectionError = err));
    const base = { storeClient: pool, storeType: "pool", keyPrefix, tableName: ledgerTable };
    try {
      this.operations++;
      const create = () =>
        new Promise<Limiter>((resolve, reject) => {
          const limiter: Limiter = new flexible.RateLimiterPostgres({ ...base, points: counterPoints, duration: 0 }, (err) => (err ? reject(err) : resolve(limiter)));
        });
      // Runners starting together on a new database race to create the table (rate-limiter-flexible
      // passes over only one of the errors PostgreSQL gives the losers): the table is there.
      const tickets = await create().catch((err: unknown) => {
        if (!tableRaced.has(sqlState(err) ?? "")) throw err;
        return new flexible.RateLimiterPostgres({ ...base, points: counterPoints, duration: 0, tableCreated: true });
      });
      const make = (points: number, duration: number) => new flexible.RateLimiterPostgres({ ...base, points, duration, tableCreated: true });
      return {
        flexible,
        tickets,
        leases: new Map(),
        make,
        // Eighths of a second: exact in PostgreSQL's milliseconds, as binary fractions.
        seconds: (ms) => Math.ceil(ms / 125) / 8,
        close: () => pool.end(),
      };
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
  }

  private lost(err: unknown): void {
    if (this.downSince !== undefined) return;
    this.downSince = this.clock.now();
    this.retryAt = this.downSince + this.retryEvery();
    this.options.onNotice?.({ state: "down", address: this.address, reason: this.why(err), wasUp: this.everUp });
  }

  private back(): void {
    if (this.downSince === undefined) return;
    this.downSince = undefined;
    this.options.onNotice?.({ state: "up", address: this.address });
  }

  /** Why the store failed, in words: never the URL's credentials, never a library's code name. */
  private why(err: unknown): string {
    const host = new URL(this.options.url).host;
    // ioredis tells the cause of a closed connection to its listener only.
    const errors = [err, (err as { cause?: unknown } | undefined)?.cause, this.connectionError];
    const messages = errors.map((e) => (e instanceof Error ? e.message : "")).join("\n");
    const states = errors.map(sqlState);
    if (/WRONGPASS|NOAUTH|invalid username-password|password authentication failed/i.test(messages) || states.includes("28P01") || states.includes("28000")) {
      return `${host} refused the URL's credentials`;
    }
    if (states.includes("3D000")) return "the URL's database does not exist";
    if (states.includes("42501")) return `the URL's user may not create or write the table ${ledgerTable}`;
    if (/timed? ?out|timeout/i.test(err instanceof Error ? err.message : "")) return whatFailed("timeout", host, this.operationTimeoutMs);
    const code = errors.filter((e) => sqlState(e) === undefined).map(transportCode).find((c) => c !== "UNKNOWN");
    if (code !== undefined) return whatFailed(transportKind(code), host, this.operationTimeoutMs);
    if (/max retries per request|Connection is closed|connection error|Connection terminated/i.test(messages)) return `the connection to ${host} was lost`;
    const state = states.find((x) => x !== undefined);
    return state !== undefined ? `${host} answered with PostgreSQL's error ${state}` : `${host} answered with an error`;
  }

}
