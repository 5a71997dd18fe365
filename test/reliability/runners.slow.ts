/**
 * CI runners on one API key: 3, then 5. Each has its own PULUMI_HOME, backend and pacing
 * directory: they share nothing but the key and the API. Started together, each deploys and then
 * destroys 60 resources of mixed kinds (test/reliability/program, a seed of its own) against an
 * emulator enforcing ngrok's limit scaled down to 20 requests per rolling 10 s, each runner's
 * provider configured to that limit as if it were alone, so that it learns the others' part from
 * the service's 429s. Runner A runs the dynamic SDK on a local file backend, B the provider
 * plugin on a local file backend, C the dynamic SDK with its state in PostgreSQL (Pulumi's
 * `postgres://` backend, a server the test starts), D and E (of five) the dynamic SDK and the
 * plugin on file backends again, as a team's runners would. Each runs under both counting rules
 * of the emulator: the default (a refused request is not counted) and the strict one (refused
 * requests count against the one window of the account).
 *
 * Every command succeeds at its first run and prints no error; no create is made twice; after
 * each `up` the emulator holds what the runner's state records, and after the destroys nothing;
 * the whole takes at most 1.15 times the least time the limit allows for the requests the
 * service served; under the strict rule there is at most one refusal per ten requests served; and
 * the refusals (each retried once) stay within the runners' retry quotas. The figures go to
 * .pulumi-test/runners-<runners>-<rule>-<count>.json and stderr, with the requests served and
 * refused per window and the minute with the most retries against its requests. A first run,
 * three runners sharing one pacing directory (one ledger, as on one machine), is the reference:
 * no refusal, and the least time this workload takes under the limit, the CLI's own pace
 * included. Minutes by design: only `make reliability` runs it. RUNNERS_COUNT changes the 60,
 * RUNNERS_LIMIT the 20 requests per 10 s (the figures' file names then carry the limit),
 * RUNNERS_SETS the runs (e.g. "3:shared,1:strict,5:default,5:parts": `parts`, each runner configured to
 * its part of the limit, strict counting).
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
import { cleanUpStack, pulumiBinDir, repoRoot, type PulumiStack } from "../e2e/pulumi";
import { pluginTarball } from "../e2e/plugin-install";
import { diagnostics, held, noiseIn, reliabilityStack, typeToken, type Host } from "./harness";
import { parseRateLimit, retryQuota } from "../../provider/client/rate-limit";
import { floorMs, worstMinute } from "../support/pacing";

jest.setTimeout(120 * 60_000);

/** The emulator's limit: ngrok's scaled down; RUNNERS_LIMIT changes it (e.g. "21/10", which three runners' parts divide). */
const rateLimit = parseRateLimit(process.env.RUNNERS_LIMIT ?? "20/10") || { limit: 20, windowMs: 10_000 };
const count = Number(process.env.RUNNERS_COUNT ?? 60);
/** The share of the limit's floor the run may take: the pacing's efficiency is what it measures. */
const allowedOverFloor = 1.15;
/** Under the strict rule, the refusals per request served the run may cost. */
const allowedRefusals = 0.1;
/**
 * `shared`: the runners share one pacing directory, as on one machine, and so one ledger: no
 * refusal, the least time this workload takes under the limit (measured, not asserted).
 * `parts` (strict counting): each runner configured to its own part of the limit, the whole
 * divided by the runners and rounded down, as docs/rate-limits.md advises: no refusal (measured
 * time, not asserted).
 */
const sets = (process.env.RUNNERS_SETS ?? "3:shared,3:strict,3:default,5:strict,5:default").split(",").map((x) => {
  const [n, rule] = x.trim().split(":");
  return { runners: Number(n), strict: rule === "strict" || rule === "parts", shared: rule === "shared", parts: rule === "parts" };
});

interface Runner {
  name: string;
  host: Host;
  backend: "file" | "postgres";
  /** Distinct per runner: domains and vault names are unique per account. */
  seed: number;
}

const team: Runner[] = [
  { name: "a", host: "dynamic", backend: "file", seed: 101 },
  { name: "b", host: "plugin", backend: "file", seed: 202 },
  { name: "c", host: "dynamic", backend: "postgres", seed: 303 },
  { name: "d", host: "dynamic", backend: "file", seed: 404 },
  { name: "e", host: "plugin", backend: "file", seed: 505 },
];

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
  await pg?.stop();
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
});

/** Per kind created with POST (the API assigns the id, or the item is keyed under a parent): its path. */
const postPaths = boundKinds.flatMap((kind) => {
  const b = definitions[kind].binding;
  return b.kind === "slot" ? [] : [[kind, new RegExp(`^${b.path.replace(/\{\w+\}/g, "[^/]+")}$`)] as const];
});

it.each(sets)(`$runners runners on one key (strict counting: $strict, one ledger: $shared, each its part of the limit: $parts), ${count} resources each, deploy and destroy at a limit of ${rateLimit.limit} requests per ${rateLimit.windowMs / 1000} s`, async ({ runners: n, strict, shared, parts }) => {
  const runners = team.slice(0, n);
  const rule = shared ? "shared" : parts ? "parts" : strict ? "strict" : "default";
  const configured = parts ? Math.floor(rateLimit.limit / n) : rateLimit.limit;
  let onePacing: string | undefined;
  const e = (emu = await startEmulator({ rateLimit, strictRateLimit: strict }));
  const p = (pg ??= await startPostgres());
  for (const r of runners) {
    const pacing = shared ? (onePacing ??= fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-ngrok-runners-pacing-"))) : fs.mkdtempSync(path.join(os.tmpdir(), `pulumi-ngrok-runner-${r.name}-pacing-`));
    if (!scratch.includes(pacing)) scratch.push(pacing);
    const backend = r.backend === "postgres" ? { PULUMI_BACKEND_URL: p.url, ...p.env } : {};
    stacks.push(
      await reliabilityStack(r.host, `runner-${r.name}`, {
        stack: `runner-${r.name}-${n}-${rule}`,
        config: {
          count: String(count),
          seed: String(r.seed),
          "ngrok:apiBaseUrl": e.url,
          "ngrok:rateLimit": `${configured}/${rateLimit.windowMs / 1000}`,
        },
        secretConfig: { "ngrok:apiKey": e.apiKey },
        env: { PULUMI_NGROK_PACING_DIR: pacing, ...backend },
      }),
    );
  }
  e.clearRequests();

  const commands: Command[] = [];
  /** Per runner, per kind: the ids its state recorded after `up`. */
  const deployed: Record<string, Record<string, string[]>> = {};
  /** What each runner's checks after `up` found amiss (a mismatch is reported, not thrown, so the others go on). */
  const amiss: string[] = [];
  const started = Date.now();

  await Promise.all(
    runners.map(async (r, i) => {
      const s = stacks[i]!;
      const run = async (step: string, args: string[]): Promise<void> => {
        const t = Date.now();
        const out = await s.run(step, [...args, "--config-file", s.configFile], { allowFailure: true });
        const text = `${out.stdout}\n${out.stderr}`;
        const errors = [...diagnostics(text).map((d) => [d.message, ...d.more].join("\n")), ...noiseIn(text)];
        commands.push({ runner: r.name, step, code: out.code, seconds: (Date.now() - t) / 1000, errors, tail: text.trimEnd().split("\n").slice(-30).join("\n") });
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
        if (!keys.some((k) => k.endsWith(`/runner-${r.name}-${n}-${rule}.json`))) amiss.push(`runner ${r.name}: no stack checkpoint in PostgreSQL (keys: ${keys.join(", ")})`);
        const local = fs.readdirSync(path.join(s.tmpDir, "backend"));
        if (local.length > 0) amiss.push(`runner ${r.name}: the local backend directory holds ${local.join(", ")}`);
      }
      await run("destroy", ["destroy", "--yes", "--skip-preview"]);
      const left = ((await s.stackExport()).deployment.resources ?? []).filter((x) => x.custom && !x.type.startsWith("pulumi:providers:"));
      if (left.length > 0) amiss.push(`runner ${r.name}: ${left.length} resources left in state after destroy`);
    }),
  );
  const wallSeconds = (Date.now() - started) / 1000;

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
    const kept = runners.reduce((n, r) => n + (deployed[r.name]?.[kind]?.length ?? 0), 0);
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
  const figures = {
    rule,
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
    servedPerWindow: perWindow((x) => x !== 429),
    refusedPerWindow: perWindow((x) => x === 429),
    floorSeconds,
    overFloor: Math.round((wallSeconds / floorSeconds) * 1000) / 1000,
  };
  process.stderr.write(`runners: ${JSON.stringify(figures, null, 2)}\n`);
  const limitTag = process.env.RUNNERS_LIMIT === undefined ? "" : `-${rateLimit.limit}per${rateLimit.windowMs / 1000}s`;
  const out = path.join(repoRoot, ".pulumi-test", `runners-${n}-${rule}-${count}${limitTag}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(figures, null, 2));

  expect(commands.length).toBe(runners.length * 2);
  expect(failed.map((c) => `${c.runner} ${c.step}: exit ${c.code}\n${c.errors.join("\n") || c.tail}`)).toEqual([]);
  expect(amiss).toEqual([]);
  expect(duplicates).toEqual([]);
  expect(orphans).toEqual([]);
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
  if (strict) expect({ refusalsPerServed: figures.refusalsPerServed, within: refused <= allowedRefusals * counted }).toEqual({ refusalsPerServed: figures.refusalsPerServed, within: true });
  expect({ wallSeconds: figures.wallSeconds, floorSeconds, within: wallSeconds <= allowedOverFloor * floorSeconds }).toEqual({
    wallSeconds: figures.wallSeconds,
    floorSeconds,
    within: true,
  });
});
