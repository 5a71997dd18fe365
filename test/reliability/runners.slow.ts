/**
 * CI runners on one API key: 3, 5 and 10. Each has its own PULUMI_HOME, backend and pacing
 * directory: they share nothing but the key, the API and, in some runs, a rate ledger. Started
 * together, each deploys and then destroys 60 resources of mixed kinds (test/reliability/program,
 * a seed of its own) against an emulator enforcing ngrok's limit scaled down to 20 requests per
 * rolling 10 s, each runner's provider configured to that limit as if it were alone. Runners
 * alternate between the doors: the dynamic SDK and the provider plugin; runner c keeps its state in
 * PostgreSQL (Pulumi's `postgres://` backend, a server the test starts), the others in local files.
 *
 * The runs (RUNNERS_SETS, `<runners>:<rule>`, comma-separated):
 * - `redis`, `postgres`: every runner takes its turns from one rate ledger (`ngrok:rateLedger`,
 *   set as a secret: the URL carries a password) in a Redis or a PostgreSQL the test starts on
 *   loopback; strict counting. No request is refused, and the first request to the last takes at
 *   most 1.10 times the least time the limit allows (the whole, with the CLIs' start and end, is
 *   measured beside it); the ledger's own operations per API request are measured (Redis:
 *   its round trips, scripts, transactions and deletes; PostgreSQL: the transactions of the
 *   ledger's database), and no runner says a word about its ledger.
 * - `redis-killed`, `postgres-killed`: the same, with the ledger's server killed (SIGKILL, or
 *   PostgreSQL's immediate shutdown) once the API has served a third of the run's requests and
 *   started again at two thirds: every command succeeds, nothing is lost, and each command that
 *   met the outage says so in one line, and that the ledger is back in one more.
 * - `strict`, `default`: no ledger: each runner learns the others' part of the window from the
 *   service's 429s, under the emulator's strict counting rule (a refused request takes a place in
 *   the window of the account) or its default one (refused requests are not counted). Under the
 *   strict rule: at most one refusal per ten requests served, at most 1.5 times the floor from the
 *   first request to the last, and the runners' times within 20% of each other's; the refusals
 *   (each retried once) stay within the runners' retry quotas.
 * - `shared`: the reference, three runners sharing one pacing directory (one ledger, as on one
 *   machine); `parts`: each runner configured to its own part of the limit. Neither is refused.
 *
 * Every command succeeds at its first run and prints no error; no create is made twice; after
 * each `up` the emulator holds what the runner's state records, and after the destroys nothing.
 * The figures go to .pulumi-test/runners-<runners>-<rule>-<count>.json and stderr, with the
 * requests served and refused per window, the minute with the most retries against its requests,
 * and per runner (read from its pacing file as it works) its requests answered and the part of the
 * limit it allowed itself in each window: where each runner's time went. Minutes by design: only
 * `make reliability` runs it. RUNNERS_COUNT changes the 60, RUNNERS_LIMIT the 20 requests per 10 s
 * (the figures' file names then carry the limit).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startEmulator, type Emulator } from "../../emulator";
import { definitions } from "../../provider";
import { idKeys } from "../../provider/engine/locate";
import { boundKinds } from "../support/provider";
import { pluginPackage } from "../support/plugin-package";
import { startPostgres, type Postgres } from "../support/postgres";
import { startRedis, type RedisServer } from "../support/redis";
import { cleanUpStack, pulumiBinDir, repoRoot, type PulumiStack } from "../e2e/pulumi";
import { pluginTarball } from "../e2e/plugin-install";
import { diagnostics, held, noiseIn, reliabilityStack, typeToken, type Host } from "./harness";
import { parseRateLimit, retryQuota } from "../../provider/client/rate-limit";
import { floorMs, worstMinute } from "../support/pacing";

jest.setTimeout(120 * 60_000);

/** The emulator's limit: ngrok's scaled down; RUNNERS_LIMIT changes it (e.g. "21/10", which three runners' parts divide). */
const rateLimit = parseRateLimit(process.env.RUNNERS_LIMIT ?? "20/10") || { limit: 20, windowMs: 10_000 };
const count = Number(process.env.RUNNERS_COUNT ?? 60);
interface Runner {
  name: string;
  host: Host;
  backend: "file" | "postgres";
  /** Distinct per runner: domains and vault names are unique per account. */
  seed: number;
}

/** Both doors in turn; c keeps its state in PostgreSQL. */
const team: Runner[] = "abcdefghij".split("").map((name, i) => ({
  name,
  host: i % 2 === 0 ? "dynamic" : "plugin",
  backend: name === "c" ? "postgres" : "file",
  seed: 101 * (i + 1),
}));

/** The share of the limit's floor a run may take: with a ledger, and learning from 429s. */
const allowedOverFloor = { ledger: 1.1, learning: 1.5 };
/** Under the strict rule, the refusals per request served learning may cost. */
const allowedRefusals = 0.1;
/** Learning: the slowest runner's time over the fastest's, for equal work. */
const allowedSpread = 1.2;

type Rule = "shared" | "parts" | "strict" | "default" | "redis" | "postgres";
const rules: readonly Rule[] = ["shared", "parts", "strict", "default", "redis", "postgres"];

const sets = (process.env.RUNNERS_SETS ?? "3:redis,5:redis,10:redis,3:postgres,5:postgres,10:postgres,3:redis-killed,3:postgres-killed,3:strict,5:strict")
  .split(",")
  .map((x) => {
    const [n, name = ""] = x.trim().split(":");
    const rule = name.replace(/-killed$/, "") as Rule;
    if (!rules.includes(rule) || !(Number(n) >= 1 && Number(n) <= team.length)) throw new Error(`RUNNERS_SETS: "${x}" is not <1..${team.length}>:<${rules.join("|")}>[-killed]`);
    const ledger = rule === "redis" || rule === "postgres" ? rule : undefined;
    return { runners: Number(n), rule, name, strict: rule !== "default" && rule !== "shared", ledger, killed: name.endsWith("-killed") };
  });

interface Command {
  runner: string;
  step: string;
  code: number;
  seconds: number;
  errors: string[];
  tail: string;
}

let emu: Emulator | undefined;
let pg: Postgres | undefined;
let redis: RedisServer | undefined;
let ledgerPg: Postgres | undefined;
/** Redis's password: a secret of the stacks' config (as PostgreSQL's), never to be seen in an output. */
const ledgerPassword = `ledger-${Math.random().toString(36).slice(2, 10)}-secret`;
let stacks: PulumiStack[] = [];
const scratch: string[] = [];

beforeAll(async () => {
  await Promise.all([pulumiBinDir(), pluginTarball()]);
  pluginPackage();
}, 60 * 60_000);

afterEach(async () => {
  for (const s of stacks) await cleanUpStack(s);
  stacks = [];
  await emu?.close();
  emu = undefined;
});

afterAll(async () => {
  await redis?.stop();
  await ledgerPg?.stop();
  await pg?.stop();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

/** Per kind created with POST (the API assigns the id, or the item is keyed under a parent): its path. */
const postPaths = boundKinds.flatMap((kind) => {
  const b = definitions[kind].binding;
  return b.kind === "slot" ? [] : [[kind, new RegExp(`^${b.path.replace(/\{\w+\}/g, "[^/]+")}$`)] as const];
});

/**
 * The ledger of a run: its URL (with its password) and a count of the operations its store has
 * served. PostgreSQL's is a server apart from the one runner c keeps its state in (a killed ledger
 * must not take a runner's state with it), with a database of its own, so that the database's
 * transactions are the ledger's alone.
 */
async function ledgerFor(store: "redis" | "postgres"): Promise<{ url: string; operations: () => Promise<number>; kill: () => Promise<void>; start: () => Promise<void> }> {
  if (store === "redis") {
    const r = (redis ??= await startRedis({ password: ledgerPassword }));
    return { url: r.url, operations: () => r.ledgerRoundTrips(), kill: () => r.kill(), start: () => r.start() };
  }
  const l = (ledgerPg ??= await startPostgres());
  const database = `ledger_${Math.random().toString(36).slice(2, 8)}`;
  await l.query(`CREATE DATABASE ${database}`, "postgres");
  const url = l.url.replace("pulumi@", `pulumi:${l.env.PGPASSWORD}@`).replace(/\/pulumi\?/, `/${database}?`);
  return {
    url,
    operations: async () => Number((await l.query(`SELECT xact_commit FROM pg_stat_database WHERE datname = '${database}'`, "postgres"))[0]),
    kill: () => l.kill(),
    start: () => l.start(),
  };
}

it.each(sets)(`$runners runners on one key ($name), ${count} resources each, deploy and destroy at a limit of ${rateLimit.limit} requests per ${rateLimit.windowMs / 1000} s`, async ({ runners: n, rule, name, strict, ledger, killed }) => {
  const runners = team.slice(0, n);
  const shared = rule === "shared";
  const parts = rule === "parts";
  const configured = parts ? Math.floor(rateLimit.limit / n) : rateLimit.limit;
  let onePacing: string | undefined;
  const e = (emu = await startEmulator({ rateLimit, strictRateLimit: strict }));
  const p = (pg ??= await startPostgres());
  const store = ledger === undefined ? undefined : await ledgerFor(ledger);
  const secret = store === undefined ? undefined : new URL(store.url).password;
  /** Each runner's pacing directory, read while the runners work: where each one's time went. */
  const pacingDirs: Record<string, string> = {};
  for (const r of runners) {
    const pacing = shared ? (onePacing ??= fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-ngrok-runners-pacing-"))) : fs.mkdtempSync(path.join(os.tmpdir(), `pulumi-ngrok-runner-${r.name}-pacing-`));
    if (!scratch.includes(pacing)) scratch.push(pacing);
    pacingDirs[r.name] = pacing;
    const backend = r.backend === "postgres" ? { PULUMI_BACKEND_URL: p.url, ...p.env } : {};
    stacks.push(
      await reliabilityStack(r.host, `runner-${r.name}`, {
        stack: `runner-${r.name}-${n}-${name}`,
        config: {
          count: String(count),
          seed: String(r.seed),
          "ngrok:apiBaseUrl": e.url,
          "ngrok:rateLimit": `${configured}/${rateLimit.windowMs / 1000}`,
        },
        secretConfig: { "ngrok:apiKey": e.apiKey, ...(store ? { "ngrok:rateLedger": store.url } : {}) },
        env: { PULUMI_NGROK_PACING_DIR: pacing, ...backend },
      }),
    );
  }
  e.clearRequests();
  const operationsBefore = await store?.operations();

  const commands: Command[] = [];
  /** Per runner, per kind: the ids its state recorded after `up`. */
  const deployed: Record<string, Record<string, string[]>> = {};
  /** What each runner's checks after `up` found amiss (a mismatch is reported, not thrown, so the others go on). */
  const amiss: string[] = [];
  /** Per runner: seconds from the start to the end of its destroy. */
  const finished: Record<string, number> = {};
  /** The lines the commands printed about the ledger. */
  const ledgerLines: { runner: string; step: string; lines: string[] }[] = [];
  const started = Date.now();
  const loadAtStart = os.loadavg()[0]!;

  // The outage: the ledger's server killed at a third of the requests this workload makes, back at two thirds.
  const expected = n * 133 * (count / 60);
  const outage: { killedAt?: number; backAt?: number; done: Promise<void> } = { done: Promise.resolve() };
  const watch = killed && store
    ? setInterval(() => {
        if (outage.killedAt === undefined && e.requests.length >= expected / 3) {
          outage.killedAt = (Date.now() - started) / 1000;
          outage.done = store.kill();
        } else if (outage.killedAt !== undefined && outage.backAt === undefined && e.requests.length >= (2 * expected) / 3) {
          outage.backAt = (Date.now() - started) / 1000;
          outage.done = outage.done.then(() => store.start());
        }
      }, 250)
    : undefined;

  const watching = shared ? undefined : watchPacing(pacingDirs);
  await Promise.all(
    runners.map(async (r, i) => {
      const s = stacks[i]!;
      const run = async (step: string, args: string[]): Promise<void> => {
        const t = Date.now();
        const out = await s.run(step, [...args, "--config-file", s.configFile], { allowFailure: true });
        const text = `${out.stdout}\n${out.stderr}`;
        const errors = [...diagnostics(text).map((d) => [d.message, ...d.more].join("\n")), ...noiseIn(text)];
        if (secret !== undefined && text.includes(secret)) errors.push("the output holds the ledger's password");
        commands.push({ runner: r.name, step, code: out.code, seconds: (Date.now() - t) / 1000, errors, tail: text.trimEnd().split("\n").slice(-30).join("\n") });
        // Each line once: the CLI may show a provider's line both as it comes and in its summary.
        const lines = [...new Set(text.split("\n").filter((l) => l.includes("ngrok: the rate ledger at")).map((l) => l.replace(/^.*?ngrok: the rate ledger/, "ngrok: the rate ledger").trim()))];
        if (lines.length > 0) ledgerLines.push({ runner: r.name, step, lines });
      };
      await run("up", ["up", "--yes", "--skip-preview"]);
      const state = await s.stackExport();
      const declared = (await s.outputs()).resources as Record<string, number>;
      const ids: Record<string, string[]> = (deployed[r.name] = {});
      for (const kind of boundKinds) {
        const mine = (state.deployment.resources ?? []).filter((x) => x.type === typeToken(r.host, kind)).map((x) => String(x.id));
        ids[kind] = mine;
        if (mine.length !== (declared[kind] ?? 0)) amiss.push(`runner ${r.name}: ${mine.length} ${kind} in state, ${declared[kind] ?? 0} declared`);
        const there = new Set(held(e, kind).map((x) => x.id));
        const missing = mine.filter((id) => !there.has(id));
        if (missing.length > 0) amiss.push(`runner ${r.name}: ${kind} ${missing.join(", ")} in state but not in the API`);
      }
      if (r.backend === "postgres") {
        // The state is in the database, and nothing in the local directory the other runners use.
        const keys = await p.query("SELECT key FROM pulumi_state WHERE key LIKE '%.pulumi/stacks/%'");
        if (!keys.some((k) => k.endsWith(`/runner-${r.name}-${n}-${name}.json`))) amiss.push(`runner ${r.name}: no stack checkpoint in PostgreSQL (keys: ${keys.join(", ")})`);
        const local = fs.readdirSync(path.join(s.tmpDir, "backend"));
        if (local.length > 0) amiss.push(`runner ${r.name}: the local backend directory holds ${local.join(", ")}`);
      }
      await run("destroy", ["destroy", "--yes", "--skip-preview"]);
      finished[r.name] = (Date.now() - started) / 1000;
      const left = ((await s.stackExport()).deployment.resources ?? []).filter((x) => x.custom && !x.type.startsWith("pulumi:providers:"));
      if (left.length > 0) amiss.push(`runner ${r.name}: ${left.length} resources left in state after destroy`);
    }),
  );
  const wallSeconds = (Date.now() - started) / 1000;
  if (watch) clearInterval(watch);
  await outage.done;
  const ledgerOperations = store && operationsBefore !== undefined ? (await store.operations()) - operationsBefore : undefined;

  // What the service served, and the least time the limit allows for it: `limit` requests at
  // once, then `limit` more each window. Refusals are not in the floor: they are the cost measured.
  const counted = e.requests.filter((x) => x.status !== 429).length;
  const refused = e.requests.length - counted;
  const floorSeconds = floorMs(counted, rateLimit) / 1000;
  // Each refusal is retried once: the retries the runners' quotas allow them, together, at most.
  const quota = Math.floor((counted + runners.length * retryQuota.capacity) / retryQuota.throttled);
  // A create made twice: more successful POSTs of a kind than the runners' states hold.
  const duplicates = postPaths.flatMap(([kind, pattern]) => {
    const created = e.requests.filter((x) => x.method === "POST" && x.status >= 200 && x.status < 300 && pattern.test(x.path)).length;
    const kept = runners.reduce((k, r) => k + (deployed[r.name]?.[kind]?.length ?? 0), 0);
    return created > kept ? [`${kind}: ${created} created, ${kept} in the runners' states`] : [];
  });
  const orphans = boundKinds.flatMap((kind) => held(e, kind).map((x) => `${kind} ${x.id}`));
  const failed = commands.filter((c) => c.code !== 0 || c.errors.length > 0);
  // Every refusal is retried once: the most retries any minute saw, against the requests in it.
  const times = e.requests.map((x) => x.at);
  const refusedTimes = e.requests.filter((x) => x.status === 429).map((x) => x.at);
  const busiestMinute = worstMinute(times, refusedTimes);
  const first = Math.min(...times);
  const last = Math.max(...times);
  const spanSeconds = (last - first) / 1000;
  // Served and refused per window, from the first request: where the time went.
  const perWindow = (status: (x: number) => boolean) => {
    const counts = new Array<number>(Math.ceil((last - first + 1) / rateLimit.windowMs)).fill(0);
    for (const x of e.requests) if (status(x.status)) counts[Math.floor((x.at - first) / rateLimit.windowMs)]!++;
    return counts.join(" ");
  };
  const runnerSeconds = runners.map((r) => finished[r.name] ?? NaN);
  const spread = Math.max(...runnerSeconds) / Math.min(...runnerSeconds);
  const figures = {
    rule: name,
    // The machine's 1-minute load average at the start and the end: the CLIs' own time grows with it.
    loadAverage: [loadAtStart, os.loadavg()[0]!].map((x) => Math.round(x * 10) / 10),
    runners: runners.map((r) => `${r.name}: ${r.host}, ${r.backend} backend`),
    resourcesPerRunner: count,
    kindsPerRunner: Object.values(deployed).map((d) => Object.values(d).filter((x) => x.length > 0).length),
    commands: commands.map((c) => `${c.runner} ${c.step}: exit ${c.code} in ${c.seconds.toFixed(1)} s`),
    failures: failed.length,
    duplicates: duplicates.length,
    orphans: orphans.length,
    requestsServed: counted,
    refused429: refused,
    refusalsPerServed: Math.round((refused / counted) * 1000) / 1000,
    retriesAfter429: refused,
    retryQuota: quota,
    retriesInTheWorstMinute: busiestMinute,
    wallSeconds: Math.round(wallSeconds * 10) / 10,
    firstToLastRequestSeconds: Math.round(spanSeconds * 10) / 10,
    // The CLIs' own time: from the start to the first request, and from the last to the end.
    beforeFirstRequestSeconds: Math.round((first - started) / 100) / 10,
    afterLastRequestSeconds: Math.round((started + wallSeconds * 1000 - last) / 100) / 10,
    firstToLastOverFloor: Math.round((spanSeconds / floorSeconds) * 1000) / 1000,
    servedPerWindow: perWindow((x) => x !== 429),
    refusedPerWindow: perWindow((x) => x === 429),
    floorSeconds,
    overFloor: Math.round((wallSeconds / floorSeconds) * 1000) / 1000,
    ...(watching === undefined ? {} : { perRunner: watching.stop(first, rateLimit.windowMs) }),
    runnerSeconds: Object.fromEntries(runners.map((r) => [`${r.name} (${r.host})`, Math.round((finished[r.name] ?? NaN) * 10) / 10])),
    slowestOverFastest: Math.round(spread * 1000) / 1000,
    ...(ledger === undefined
      ? {}
      : {
          ledger: `${ledger}: ${ledger === "redis" ? "round trips (EVALSHA, MULTI ... EXEC, DEL)" : "transactions of its database"}`,
          ledgerOperations,
          ledgerOperationsPerApiRequest: ledgerOperations === undefined ? undefined : Math.round((ledgerOperations / e.requests.length) * 100) / 100,
          ledgerLines,
          ...(killed ? { killedAtSeconds: outage.killedAt, backAtSeconds: outage.backAt } : {}),
        }),
  };
  process.stderr.write(`runners: ${JSON.stringify(figures, null, 2)}\n`);
  const limitTag = process.env.RUNNERS_LIMIT === undefined ? "" : `-${rateLimit.limit}per${rateLimit.windowMs / 1000}s`;
  const out = path.join(repoRoot, ".pulumi-test", `runners-${n}-${name}-${count}${limitTag}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(figures, null, 2));

  expect(commands.length).toBe(runners.length * 2);
  expect(failed.map((c) => `${c.runner} ${c.step}: exit ${c.code}\n${c.errors.join("\n") || c.tail}`)).toEqual([]);
  expect(amiss).toEqual([]);
  expect(duplicates).toEqual([]);
  expect(orphans).toEqual([]);
  if (ledger !== undefined && killed) {
    // It went and came back while the runners worked; each command that met it says so once, and once that it is back.
    expect({ killedAt: outage.killedAt !== undefined, backAt: outage.backAt !== undefined }).toEqual({ killedAt: true, backAt: true });
    const down = /^ngrok: the rate ledger at \S+ (stopped answering|cannot be used): /;
    const up = /^ngrok: the rate ledger at \S+ answers again/;
    const said = ledgerLines.map((l) => ({ runner: l.runner, step: l.step, down: l.lines.filter((x) => down.test(x)).length, up: l.lines.filter((x) => up.test(x)).length, other: l.lines.filter((x) => !down.test(x) && !up.test(x)) }));
    expect(said.filter((x) => x.down > 1 || x.up > 1 || x.other.length > 0)).toEqual([]);
    expect(said.filter((x) => x.down === 1).length).toBeGreaterThanOrEqual(1);
    return;
  }
  if (ledger !== undefined) {
    // One window, every runner taking its turns: none refused, and the limit's floor almost to the
    // second from the first request to the last. The CLIs' own start and end come on top of any
    // pacing and grow with the machine's load (figures.overFloor and loadAverage say how much).
    expect({ refused, ledgerLines }).toEqual({ refused: 0, ledgerLines: [] });
    expect({ firstToLastRequestSeconds: figures.firstToLastRequestSeconds, floorSeconds, within: spanSeconds <= allowedOverFloor.ledger * floorSeconds }).toEqual({
      firstToLastRequestSeconds: figures.firstToLastRequestSeconds,
      floorSeconds,
      within: true,
    });
    return;
  }
  if (shared || parts) {
    // One ledger: the reference, the least time the workload takes; or each runner its part of
    // the limit: what it costs to keep every refusal away. Neither is refused.
    expect(refused).toBe(0);
    return;
  }
  // The runners met each other's requests: the limit was what they shared.
  if (runners.length > 1) expect(refused).toBeGreaterThan(0);
  expect(counted).toBeGreaterThan(runners.length * count);
  expect({ refused, withinQuota: refused <= quota }).toEqual({ refused, withinQuota: true });
  if (!strict) return;
  expect({ refusalsPerServed: figures.refusalsPerServed, within: refused <= allowedRefusals * counted }).toEqual({ refusalsPerServed: figures.refusalsPerServed, within: true });
  // As on a ledger: from the first request to the last, the CLIs' start and end measured beside it.
  expect({ firstToLastRequestSeconds: figures.firstToLastRequestSeconds, floorSeconds, within: spanSeconds <= allowedOverFloor.learning * floorSeconds }).toEqual({
    firstToLastRequestSeconds: figures.firstToLastRequestSeconds,
    floorSeconds,
    within: true,
  });
  expect({ runnerSeconds: figures.runnerSeconds, within: spread <= allowedSpread }).toEqual({ runnerSeconds: figures.runnerSeconds, within: true });
});

/**
 * Reads each runner's pacing file every half second while the runners work: the requests its
 * machine saw answered (the file keeps them for a window or two) and the part of the limit it
 * allowed itself. Per runner, per window from the run's first request: its requests answered, and
 * its share at the window's end ("all": the whole limit).
 */
function watchPacing(dirs: Record<string, string>): { stop: (first: number, windowMs: number) => Record<string, { answeredPerWindow: string; sharePerWindow: string }> } {
  /** Per runner, per answer time: the most answers at that millisecond any one reading held. */
  const answered: Record<string, Map<number, number>> = {};
  const shares: Record<string, [number, number | undefined][]> = {};
  const look = (): void => {
    for (const [name, dir] of Object.entries(dirs)) {
      for (const file of fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith(".json")) : []) {
        let body: { entries?: [string, number, number?][]; state?: { share?: number } };
        try {
          body = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as typeof body;
        } catch {
          continue;
        }
        const seen = (answered[name] ??= new Map());
        const here = new Map<number, number>();
        for (const [, t, pending] of body.entries ?? []) if (!pending) here.set(t, (here.get(t) ?? 0) + 1);
        for (const [t, n] of here) seen.set(t, Math.max(seen.get(t) ?? 0, n));
        (shares[name] ??= []).push([Date.now(), body.state?.share]);
      }
    }
  };
  // Unref'd: a run that fails before its figures leaves nothing to hold jest open.
  const timer = setInterval(look, 500).unref();
  return {
    stop: (first, windowMs) => {
      clearInterval(timer);
      look();
      return Object.fromEntries(
        Object.keys(dirs).map((name) => {
          const times = [...(answered[name] ?? new Map<number, number>())];
          const windows = Math.ceil((Math.max(first, ...times.map(([t]) => t)) - first + 1) / windowMs);
          const counts = new Array<number>(windows).fill(0);
          for (const [t, n] of times) if (t >= first) counts[Math.floor((t - first) / windowMs)]! += n;
          const share = new Array<string>(windows).fill(".");
          for (const [at, value] of shares[name] ?? []) {
            const k = Math.floor((at - first) / windowMs);
            if (k >= 0 && k < windows) share[k] = value === undefined ? "all" : value.toFixed(1);
          }
          return [name, { answeredPerWindow: counts.join(" "), sharePerWindow: share.join(" ") }];
        }),
      );
    },
  };
}
