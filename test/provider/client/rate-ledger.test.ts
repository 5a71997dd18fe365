/**
 * The rate ledger (`ngrok:rateLedger`): clients that share nothing but the API key and a ledger,
 * as runners on separate machines do (each its own pacing, in memory), against an emulator that
 * counts strictly (one window for the account, refused requests counted) at 5 requests per
 * second, through a real Redis and a real PostgreSQL on loopback, each started by the test. They
 * assert what was served, refused and said, never how long it took: the ledger's own time is
 * real (its leases expire on the store's clock), so the windows are short, and the cases run at
 * once (each its own emulator and API key, and so its own window in the stores; the case that
 * kills its store has stores of its own).
 */
import { startEmulator, type Emulator } from "../../../emulator";
import { ApiClient } from "../../../provider/client/http";
import { ledgerNoticeLine, SharedWindow, type LedgerNotice } from "../../../provider/client/rate-ledger";
import { systemClock } from "../../../clock";
import { startPostgres, type Postgres } from "../../support/postgres";
import { freePort, startRedis, type RedisServer } from "../../support/redis";
import { mostInAnyWindow } from "../../support/pacing";
// The ledger loads its store's libraries when it opens; jest refuses a first load while its
// concurrent cases are between two of its tests, so they are loaded here, as a provider would have.
import "rate-limiter-flexible";
import "pg";
import "ioredis";

jest.setTimeout(120_000);

const rate = { limit: 5, windowMs: 1_000 };
/** The case that kills its store sends more requests: at twice the pace, its runs are as short. */
const faster = { limit: 10, windowMs: 1_000 };

interface Store {
  name: "redis" | "postgres";
  /** The ledger's URL, its password in it. */
  url: string;
  /** A URL of the same kind, with a password, where nothing listens. */
  nowhere(): Promise<string>;
  kill(): Promise<void>;
  start(): Promise<void>;
  /** What the store holds, as text. */
  contents(): Promise<string[]>;
}

const redisStore = (redis: RedisServer): Store => ({
  name: "redis",
  url: redis.url,
  nowhere: async () => `redis://user:hunter2@127.0.0.1:${await freePort()}`,
  kill: () => redis.kill(),
  start: () => redis.start(),
  contents: () => redis.keys(),
});
const postgresStore = (postgres: Postgres): Store => ({
  name: "postgres",
  // The test's server takes a password; a team's URL may carry one too.
  url: postgres.url.replace("pulumi@", `pulumi:${postgres.env.PGPASSWORD}@`),
  nowhere: async () => `postgres://pulumi:hunter2@127.0.0.1:${await freePort()}/pulumi`,
  kill: () => postgres.kill(),
  start: () => postgres.start(),
  contents: () => postgres.query("SELECT key, points FROM pulumi_ngrok_rate_ledger"),
});

/** The servers, started once: the shared ones, and one of each for the case that kills its own. */
const servers = Promise.all([startRedis(), startPostgres(), startRedis(), startPostgres()]);
const stores = async (name: Store["name"], own = false): Promise<Store> => {
  const [redis, postgres, ownRedis, ownPostgres] = await servers;
  if (name === "redis") return redisStore(own ? ownRedis : redis);
  return postgresStore(own ? ownPostgres : postgres);
};
afterAll(async () => {
  await Promise.all((await servers).map((s) => s.stop()));
}, 60_000);

/** What the cases opened, closed when they are all done (they run at once). */
const open: { close(): Promise<void> }[] = [];
afterAll(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
});

/** A runner of its own machine: its own pacing (in memory), the ledger at `ledger` if any; what it says goes to `lines`. */
function runner(emu: Emulator, ledger: string | undefined, lines: string[] = [], options: { timeoutMs?: number; maxRetries?: number; rate?: typeof rate } = {}): ApiClient {
  const client = new ApiClient({
    apiKey: emu.apiKey,
    baseUrl: emu.url,
    rateLimit: options.rate ?? rate,
    pacingDir: false,
    ...(ledger === undefined ? {} : { rateLedger: ledger }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.maxRetries === undefined ? {} : { backoff: { maxRetries: options.maxRetries } }),
  });
  client.onLedger = (notice) => lines.push(ledgerNoticeLine(notice));
  open.push(client);
  return client;
}

async function strictEmulator(limit = rate): Promise<Emulator> {
  const emu = await startEmulator({ rateLimit: limit, strictRateLimit: true });
  open.push(emu);
  return emu;
}

/** `count` requests at once from each runner; what failed, by message. */
async function send(runners: ApiClient[], count: number): Promise<string[]> {
  const results = await Promise.allSettled(runners.flatMap((r) => Array.from({ length: count }, () => r.get("/credentials"))));
  return results.flatMap((r) => (r.status === "rejected" ? [String((r.reason as Error).message)] : []));
}

const refusedBy = (emu: Emulator) => emu.requests.filter((r) => r.status === 429).length;

it.concurrent("without a ledger, runners on separate machines meet each other's requests: 429s (the control)", async () => {
  const emu = await strictEmulator();
  expect(await send([runner(emu, undefined), runner(emu, undefined), runner(emu, undefined)], 8)).toEqual([]);
  expect(refusedBy(emu)).toBeGreaterThan(0);
});

describe.each(["redis", "postgres"] as const)("a ledger in %s", (name) => {

  it.concurrent("three runners on separate machines take their turns from one window: none refused, at most the limit in any window, a few ledger operations per request", async () => {
    const emu = await strictEmulator();
    const lines: string[] = [];
    const url = (await stores(name)).url;
    const runners = [1, 2, 3].map(() => runner(emu, url, lines));
    expect(await send(runners, 8)).toEqual([]);
    const operations = runners.reduce((n, r) => n + r.sharedWindow!.operations, 0);
    expect({
      served: emu.requests.length,
      refused: refusedBy(emu),
      mostInAWindow: mostInAnyWindow(
        emu.requests.map((r) => r.at),
        rate.windowMs,
      ),
      lines,
    }).toEqual({ served: 24, refused: 0, mostInAWindow: rate.limit, lines: [] });
    // A ticket, a lease and its release, and a few looks at a lease whose request is on its way.
    expect({ operationsPerRequest: Math.round((operations / 24) * 10) / 10, bounded: operations <= 10 * 24 }).toEqual({ operationsPerRequest: expect.any(Number), bounded: true });
  });

  it.concurrent("holds times and counts under a hash: neither the API key, the base URL nor the ledger's password", async () => {
    const emu = await startEmulator({ rateLimit: rate, apiKey: "emu_ledger_secret_key_0123456789" });
    open.push(emu);
    const store = await stores(name);
    expect(await send([runner(emu, store.url)], 3)).toEqual([]);
    const text = (await store.contents()).join("\n");
    expect(text).toMatch(/^pulumi-ngrok:[0-9a-f]{32}:/m);
    for (const secret of [emu.apiKey, "ledger_secret", emu.url, new URL(emu.url).port, new URL(store.url).password]) if (secret !== "") expect(text).not.toContain(secret);
  });

  it.concurrent("unreachable at the start: each runner says so in one line, without the URL's credentials, and paces itself", async () => {
    const emu = await startEmulator({ rateLimit: rate });
    open.push(emu);
    const nowhere = await (await stores(name)).nowhere();
    const lines: string[][] = [[], []];
    const runners = lines.map((l) => runner(emu, nowhere, l));
    expect(await send(runners, 8)).toEqual([]);
    const port = new URL(nowhere).port;
    const expected = `ngrok: the rate ledger at ${name === "redis" ? "redis" : "postgres"}://127.0.0.1:${port} cannot be used: the connection to 127.0.0.1:${port} was refused (nothing is listening there); until it answers again, this runner paces itself and learns the others' part of the limit from the API's 429s`;
    expect(lines).toEqual([[expected], [expected]]);
    expect(lines.flat().join("\n")).not.toContain("hunter2");
  });

  it.concurrent("lost mid-run and back: each runner says both in one line each, and every request is served", async () => {
    const emu = await strictEmulator(faster);
    const s = await stores(name, true);
    const lines: string[][] = [[], []];
    // Meanwhile they learn from 429s, which takes more than the default 6 windows' retries when a window is a second.
    const runners = lines.map((l) => runner(emu, s.url, l, { maxRetries: 30, rate: faster }));
    // The store dies after the 10th answer and comes back after the 25th, on its port.
    let answers = 0;
    let outage = Promise.resolve();
    for (const r of runners) {
      r.onAttempt = () => {
        answers++;
        if (answers === 10) outage = s.kill();
        if (answers === 25) outage = outage.then(() => s.start());
      };
    }
    expect(await send(runners, 30)).toEqual([]);
    // A machine under load may finish them before its store is up again: ten more each once it is.
    await outage;
    expect(await send(runners, 10)).toEqual([]);
    const address = new URL(s.url);
    const at = `the rate ledger at ${address.protocol}//${address.host}`;
    for (const said of lines) {
      expect(said).toEqual([expect.stringMatching(new RegExp(`^ngrok: ${at} stopped answering: .+; until it answers again`)), `ngrok: ${at} answers again: requests take their turns from it`]);
    }
    expect(emu.requests.filter((r) => r.status === 200)).toHaveLength(80);
  });

  it.concurrent("a runner that dies holding leases: they expire, and the others' requests all go", async () => {
    const emu = await strictEmulator();
    const url = (await stores(name)).url;
    // Every lease of the window taken by a runner that is then killed (it never settles them).
    const dead = new SharedWindow({ url, apiKey: emu.apiKey, baseUrl: emu.url, attemptTimeoutMs: 500, clock: systemClock });
    open.push(dead);
    for (let i = 0; i < rate.limit; i++) expect(await dead.take(rate)).toBeDefined();
    const alive = runner(emu, url, [], { timeoutMs: 500 });
    expect(await send([alive], 6)).toEqual([]);
    expect({ served: emu.requests.length, refused: refusedBy(emu) }).toEqual({ served: 6, refused: 0 });
  });
});

it.concurrent("PostgreSQL: runners starting together on a new database race to create its table, and none says a word of it", async () => {
  const [, postgres] = await servers;
  const database = `fresh_ledger_${process.pid}_${Date.now()}`;
  await postgres.query(`CREATE DATABASE ${database}`, "postgres");
  const url = postgresStore(postgres).url.replace(/\/pulumi\?/, `/${database}?`);
  const emu = await strictEmulator();
  const lines: string[] = [];
  const runners = Array.from({ length: 16 }, () => runner(emu, url, lines));
  expect(await send(runners, 1)).toEqual([]);
  expect({ lines, refused: refusedBy(emu) }).toEqual({ lines: [], refused: 0 });
});

it.concurrent("a wrong password: the line says the store refused the URL's credentials, and never shows them", async () => {
  const guarded = await startRedis({ password: "right-one" });
  try {
    const emu = await startEmulator({ rateLimit: rate });
    open.push(emu);
    const lines: string[] = [];
    const url = `redis://:wrong-one@127.0.0.1:${guarded.port}`;
    expect(await send([runner(emu, url, lines)], 3)).toEqual([]);
    expect(lines).toEqual([
      `ngrok: the rate ledger at redis://127.0.0.1:${guarded.port} cannot be used: 127.0.0.1:${guarded.port} refused the URL's credentials; until it answers again, this runner paces itself and learns the others' part of the limit from the API's 429s`,
    ]);
    expect(lines.join("\n")).not.toMatch(/wrong-one|right-one/);
  } finally {
    await guarded.stop();
  }
});

it("says which API a notice is about when it is not the management API", () => {
  const notice: LedgerNotice = { state: "up", address: "redis://cache:6379" };
  expect(ledgerNoticeLine(notice, "AI Gateway API")).toBe("ngrok: the rate ledger at redis://cache:6379 (AI Gateway API) answers again: requests take their turns from it");
});
