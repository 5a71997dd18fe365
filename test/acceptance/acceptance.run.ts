/**
 * `make acceptance`: the life cycle of every kind the definitions register (ngrok's turned-off
 * kinds aside) against the API at NGROK_API_BASE_URL (default ngrok's), through the real Pulumi
 * CLI on both doors (the dynamic SDK, and the provider plugin on its Node.js package), one stack
 * per door holding one resource of each kind: create; preview and refresh with no change; an update
 * in place of each kind; a replacement of each kind that has inputs that replace; adoption of
 * every resource by `importId` after `pulumi state delete --all`; a lookup of each by id; destroy.
 *
 * Everything it creates carries the run prefix (pulumi-ngrok-acc-<run>-<door>) in its description,
 * metadata or name; the sweeper deletes marked objects older than an hour first, and this run's
 * own leftovers last. Requests are paced to ACCEPTANCE_RATE (default 60/60, half the account's
 * limit) and counted from the exchanges test/acceptance/preload.js logs; RECORD=1 writes them,
 * redacted, to ACCEPTANCE_RECORDINGS (default test/recordings), one file per door.
 *
 * The AI Gateway API's kinds (https://api.ngrok.ai) run when NGROK_AI_GATEWAY_API_KEY is set, against
 * NGROK_AI_GATEWAY_API_BASE_URL (default ngrok's), passed to the stacks in the environment as a user
 * would, swept with that key, counted and recorded (`<door>-ai-gateway.json`) like the main API's.
 *
 * The Makefile runs this file only when NGROK_API_KEY is set; it is never part of `make test`.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { randomBytes } from "crypto";
import type { BoundKind } from "../../provider";
import { pluginPackage } from "../support/plugin-package";
import { pluginProgram, type Path } from "../e2e/lifecycle";
import { installPlugin, pluginTarball } from "../e2e/plugin-install";
import { PulumiStack, pulumiBinDir, type RunResult } from "../e2e/pulumi";
import { Api, intervalOf } from "./api";
import { RUN_MARK, apiOf, dependentsOf, isSingleton, leftOut, planProblems, runKinds, specOf, updatedProperty, versions, type ApiName, type Versions } from "./plans";
import { redact, type RawExchange } from "./recording";
import { refusals } from "./refusals";
import { carriesMark, collections, sweep } from "./sweep";
import { definitions, isBoundKind, type ResourceKind } from "../../provider";

jest.setTimeout(3 * 60 * 60_000);

const env = process.env;
const apiKey = env["NGROK_API_KEY"] || "";
const baseUrl = (env["NGROK_API_BASE_URL"] || "https://api.ngrok.com").replace(/\/$/, "");
const aiKey = env["NGROK_AI_GATEWAY_API_KEY"] || "";
const aiBaseUrl = (env["NGROK_AI_GATEWAY_API_BASE_URL"] || "https://api.ngrok.ai").replace(/\/$/, "");
const rate = env["ACCEPTANCE_RATE"] || "60/60";
const domain = env["ACCEPTANCE_DOMAIN"] || "ngrok.app";
const ownDomain = env["ACCEPTANCE_OWN_DOMAIN"] || "example.com";
const record = env["RECORD"] === "1";
const recordings = path.resolve(env["ACCEPTANCE_RECORDINGS"] || path.join(__dirname, "..", "recordings"));
const doors = (env["ACCEPTANCE_DOORS"] || "dynamic,plugin").split(",").filter((d): d is Path => d === "dynamic" || d === "plugin");
const HOUR = 3_600_000;
const stamp = new Date().toISOString().replace(/[-:]/g, "").slice(4, 13).replace("T", "");
const run = `${RUN_MARK}${stamp}-${randomBytes(2).toString("hex")}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-acceptance-"));
const preload = path.join(__dirname, "preload.js");

// Each API with a key and base URL of its own is passed to the stacks under its own variables (as
// a user's environment would), swept with its own key, and its exchanges counted and recorded apart.
// The AI Gateway API runs only with its key: without it, its kinds are skipped in one line.
interface ApiEntry {
  name: ApiName;
  key: string;
  baseUrl: string;
  env: Record<string, string>;
  /** Where its recording goes, in `recordings`, for a door. */
  file: (via: Path) => string;
}
const apis: ApiEntry[] = [
  { name: "management", key: apiKey, baseUrl, env: { NGROK_API_KEY: apiKey, NGROK_API_BASE_URL: baseUrl }, file: (via) => `${via}.json` },
  ...(aiKey === ""
    ? []
    : [{ name: "ai-gateway" as const, key: aiKey, baseUrl: aiBaseUrl, env: { NGROK_AI_GATEWAY_API_KEY: aiKey, NGROK_AI_GATEWAY_API_BASE_URL: aiBaseUrl, NGROK_AI_GATEWAY_RATE_LIMIT: rate }, file: (via: Path) => `${via}-ai-gateway.json` }]),
];
const onApi = (kind: BoundKind): boolean => apis.some((a) => a.name === apiOf(kind));

const say = (line: string): void => void process.stdout.write(`${line}\n`);

const sweepers = apis.map((a) => ({ name: a.name, api: new Api({ baseUrl: a.baseUrl, apiKey: a.key }, intervalOf(rate)) }));

/** The program's own resources' planned operations, by name (the kind). */
function managedOps(ops: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ops)
      .filter(([urn]) => !urn.includes("::pulumi:pulumi:Stack::") && !urn.includes("::pulumi:providers:"))
      .map(([urn, op]) => [urn.slice(urn.lastIndexOf("::") + 2), op]),
  );
}

class Failure extends Error {}
const check = (ok: boolean, line: string): void => {
  if (!ok) throw new Failure(line);
};

interface DoorRun {
  via: Path;
  requests: number;
  /** Requests by API. */
  byApi: Record<string, number>;
  seconds: number;
  kinds: number;
}

async function door(via: Path, v: Versions, out: DoorRun[]): Promise<void> {
  const prefix = `${run}-${via[0]}`;
  const exchanges = path.join(work, `${via}.jsonl`);
  const started = Date.now();
  const programSource = path.join(__dirname, "program");
  const stackEnv: Record<string, string> = {
    ...Object.assign({}, ...apis.map((a) => a.env)),
    NGROK_RATE_LIMIT: rate,
    // Both doors' providers draw on one budget: the pacer's shared ledger.
    PULUMI_NGROK_PACING_DIR: path.join(work, "pacing"),
    NODE_OPTIONS: `--require ${preload}`,
    ACCEPTANCE_EXCHANGES: exchanges,
    ACCEPTANCE_ORIGIN: apis.map((a) => new URL(a.baseUrl).origin).join(","),
  };
  for (const k of ["ACCEPTANCE_RESOLVE", "NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE"]) if (env[k]) stackEnv[k] = env[k]!;
  const s = await PulumiStack.create({ programDir: via === "plugin" ? pluginProgram("acceptance", programSource) : programSource, stack: "acceptance", env: stackEnv });
  if (via === "plugin") await installPlugin(s);
  const tag = `[${via}]`;
  const step = async <T>(name: string, f: () => Promise<T>): Promise<T> => {
    const t = Date.now();
    const r = await f();
    say(`${tag} ${name}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
    return r;
  };
  const setSpec = (spec: unknown) => s.setConfig("ngrok-acceptance:spec", JSON.stringify(spec));
  const ids = async (): Promise<Record<string, string>> => ((await s.outputs()) as { ids?: Record<string, string> }).ids ?? {};
  let kinds = [...v.order];
  let created = false;
  const result: DoorRun = { via, requests: 0, byApi: {}, seconds: 0, kinds: kinds.length };
  out.push(result);
  try {
    // Create, dropping a kind the account's plan refuses (and what refers to it) with one line.
    for (;;) {
      await setSpec(specOf(v, "created", { kinds }));
      const r: RunResult = await step(`up: create ${kinds.length} resources`, () => s.run("up", ["up", "--yes", "--skip-preview", "--config-file", s.configFile], { allowFailure: true }));
      created = true;
      if (r.code === 0) break;
      const refused = refusals(r.stdout + r.stderr, kinds);
      if (refused.size === 0) throw new Failure(`${tag} up failed:\n${(r.stdout + r.stderr).split("\n").filter((l) => /error:/.test(l)).join("\n")}`);
      for (const [kind, why] of refused) {
        say(`${tag} skipped ${kind}: ${why}`);
        for (const d of dependentsOf(v, kind as BoundKind)) if (kinds.includes(d)) say(`${tag} skipped ${d}: it refers to ${kind}`);
        kinds = kinds.filter((k) => k !== kind && !dependentsOf(v, kind as BoundKind).includes(k));
      }
    }
    const first = await ids();
    check(kinds.every((k) => typeof first[k] === "string"), `${tag} after create, ids of ${kinds.filter((k) => !first[k]).join(", ")} are missing`);
    await step("preview --expect-no-changes", () => s.previewExpectNoChanges());
    await step("refresh --expect-no-changes", () => s.refreshExpectNoChanges());

    // Update in place: the property the definition updates in place (description, else a name).
    await setSpec(specOf(v, "updated", { kinds }));
    const updating = kinds.filter((k) => updatedProperty(k, v.created[k]!) !== undefined);
    const plannedUpdate = managedOps(await s.plannedOps("preview --json: update"));
    const wantUpdate = Object.fromEntries(kinds.map((k) => [k, updating.includes(k) ? "update" : "same"]));
    check(JSON.stringify(plannedUpdate) === JSON.stringify(Object.fromEntries(Object.keys(plannedUpdate).map((k) => [k, wantUpdate[k]]))), `${tag} update planned ${JSON.stringify(plannedUpdate)}, wanted ${JSON.stringify(wantUpdate)}`);
    await step(`up: update ${updating.length} in place`, () => s.up("up: update"));
    const afterUpdate = await ids();
    check(JSON.stringify(afterUpdate) === JSON.stringify(first), `${tag} an update in place changed ids`);

    // Replace: each kind with a replacement; what refers to one may be replaced or updated with it.
    await setSpec(specOf(v, "replaced", { kinds }));
    const replacing = kinds.filter((k) => JSON.stringify(v.replaced[k]) !== JSON.stringify(v.updated[k]));
    const plannedReplace = managedOps(await s.plannedOps("preview --json: replace"));
    const notReplaced = replacing.filter((k) => plannedReplace[k] !== "replace");
    check(notReplaced.length === 0, `${tag} replace: ${notReplaced.map((k) => `${k} planned ${plannedReplace[k] ?? "same"}`).join(", ")}`);
    await step(`up: replace ${replacing.length}`, () => s.up("up: replace"));
    const afterReplace = await ids();
    const sameId = replacing.filter((k) => afterReplace[k] === first[k]);
    check(sameId.length === 0, `${tag} replaced but kept their ids: ${sameId.join(", ")}`);
    await step("preview --expect-no-changes", () => s.previewExpectNoChanges("preview after replace"));

    // Import: forget every resource, then adopt each by its id.
    await step("state delete --all", () => s.run("state delete --all", ["state", "delete", "--all", "--yes", "--force"]));
    await setSpec(specOf(v, "replaced", { kinds, importIds: afterReplace }));
    await step(`up: adopt ${kinds.length} by importId`, () => s.up("up: import"));
    const afterImport = await ids();
    check(JSON.stringify(afterImport) === JSON.stringify(afterReplace), `${tag} adoption changed ids: ${kinds.filter((k) => afterImport[k] !== afterReplace[k]).join(", ")}`);
    await step("preview --expect-no-changes", () => s.previewExpectNoChanges("preview after import"));

    // Lookups by id.
    await setSpec(specOf(v, "replaced", { kinds, importIds: afterReplace, lookups: true }));
    await step(`up: ${kinds.length} lookups`, () => s.up("up: lookups"));
    const found = ((await s.outputs()) as { lookups?: Record<string, string> }).lookups ?? {};
    const wrong = kinds.filter((k) => found[k] !== afterReplace[k]);
    check(wrong.length === 0, `${tag} lookups by id found other ids for ${wrong.join(", ")}`);

    await step("destroy", () => s.destroy());
    created = false;
    s.dispose();
  } finally {
    if (created) {
      say(`${tag} failed: destroying the stack (the sweeper removes what it cannot)`);
      await s.run("destroy (after a failure)", ["destroy", "--yes", "--skip-preview", "--config-file", s.configFile], { allowFailure: true });
    }
    finish(result, exchanges, started, kinds.length, v.order);
  }
}

function finish(result: DoorRun, exchanges: string, started: number, kinds: number, declared: BoundKind[]): void {
  const via = result.via;
  const tag = `[${via}]`;
  // A singleton another door declares: this door only reads it (the provider's key probe), and what
  // it reads is what the other stack set at that moment, which a replay on a fresh emulator cannot
  // reproduce. Counted, not recorded: the declaring door's recording covers it.
  const othersSingletons = runKinds().filter((k) => isSingleton(k) && !declared.includes(k)).map((k) => (definitions[k].binding as { path: string }).path);
  const all = fs.existsSync(exchanges) ? fs.readFileSync(exchanges, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l) as RawExchange & { origin?: string }) : [];
  for (const a of apis) {
    const origin = new URL(a.baseUrl).origin;
    const mine = all.filter((x) => x.origin === origin);
    result.byApi[a.name] = mine.length;
    if (!record) continue;
    const raws = mine.filter((x) => !(x.method === "GET" && othersSingletons.includes(x.path.split("?")[0]!)));
    if (raws.length < mine.length) say(`${tag} left out of the recording: ${mine.length - raws.length} reads of ${othersSingletons.join(", ")}, which another door sets`);
    fs.mkdirSync(recordings, { recursive: true });
    const host = new URL(a.baseUrl).hostname;
    const file = path.join(recordings, a.file(via));
    const api = a.name === "management" ? {} : { api: a.name };
    fs.writeFileSync(file, `${JSON.stringify({ ...api, ...redact(raws, a.baseUrl, `make acceptance RECORD=1, ${via} door, API at ${host}`) }, null, 1)}\n`);
    say(`${tag} recorded ${raws.length} exchanges with the ${a.name} API in ${path.relative(process.cwd(), file)}`);
  }
  Object.assign(result, { requests: all.length, seconds: (Date.now() - started) / 1000, kinds });
}

/**
 * A singleton left carrying this run's prefix (its destroy did not restore it): written back to the
 * definition's defaults, and counted as left. One that does not carry it is someone else's: untouched.
 */
async function restoreSingleton(api: Api, kind: BoundKind): Promise<number> {
  const b = definitions[kind].binding as { path: string; reset?: Record<string, unknown> };
  const a = await api.call("GET", b.path);
  if (a.status !== 200 || a.json === undefined) {
    say(`acceptance: cannot read ${kind} (${b.path}): HTTP ${a.status}`);
    return 1;
  }
  if (!carriesMark(a.json, `${run}-`)) return 0;
  const back = await api.call("PATCH", b.path, b.reset ?? {});
  say(`acceptance: ${kind} still carried this run's prefix after destroy: ${back.status === 200 ? "restored ngrok's defaults" : `restoring failed, HTTP ${back.status}`}`);
  return 1;
}

it("runs the life cycle of every kind through both doors", async () => {
  const t0 = Date.now();
  const problems = planProblems();
  check(problems.length === 0, problems.join("\n"));
  const kinds = runKinds().filter(onApi);
  const all = (Object.keys(definitions) as ResourceKind[]).filter(isBoundKind);
  const naming = (via: Path) => ({ prefix: `${run}-${via[0]}`, domain, ownDomain });
  // A singleton is the account's one object: two stacks would fight over it, so the first door only.
  const kindsOf = (i: number) => kinds.filter((k) => i === 0 || !isSingleton(k));
  const singletons = doors.length > 0 ? kinds.filter(isSingleton) : [];
  const v = await versions(naming(doors[0] ?? "dynamic"), kinds);
  const perDoor = await Promise.all(doors.map((d, i) => versions(naming(d), kindsOf(i))));

  // Per resource: create, refresh, update, replace (create and delete), adoption (read, update),
  // lookup, destroy, and the reads of the engine's steps: about ten; and two sweeps' list pages.
  const estimate = doors.reduce((n, _d, i) => n + kindsOf(i).length * 10, 0) + 2 * apis.reduce((n, a) => n + collections(a.name).length, 0) + (singletons.length > 0 ? 2 : 0);
  const [reqs, secs] = rate.split("/").map(Number) as [number, number];
  say(`acceptance: run ${run}, ${apis.map((a) => `${a.name} API ${a.baseUrl}`).join(", ")}, doors ${doors.join(" and ")}`);
  if (aiKey === "") say(`acceptance: skips the AI Gateway API's ${runKinds().filter((k) => apiOf(k) === "ai-gateway").length} kinds: NGROK_AI_GATEWAY_API_KEY is not set`);
  say(`acceptance: will create ${kinds.length} resources per door (${kinds.join(", ")})${singletons.length > 0 && doors.length > 1 ? ` (${kinds.length - singletons.length} on the ${doors.slice(1).join(", ")} door)` : ""}, names prefixed ${run}-<d|p>`);
  for (const k of singletons) say(`acceptance: ${k} is the account's one object: only the ${doors[0]} door sets it (the prefix in its metadata), its destroy restores ngrok's defaults, the sweeper never touches it`);
  for (const k of all.filter((x) => leftOut(x) !== undefined)) say(`acceptance: leaves out ${k}: ${leftOut(k)}`);
  for (const n of v.notes) say(`acceptance: ${n}`);
  say(`acceptance: about ${estimate} requests, paced to ${rate} (requests/seconds): at least ${Math.ceil((estimate / reqs) * secs / 60)} min`);

  say("acceptance: sweeping objects of earlier runs older than an hour");
  for (const { name, api } of sweepers) {
    const r = await sweep(api, { minAgeMs: HOUR, log: say, apiName: name });
    say(`acceptance: sweep before (${name} API): ${r.deleted.length} deleted, ${r.young.length} younger than an hour kept, ${r.failed.length} failed`);
  }
  await Promise.all([pulumiBinDir(), doors.includes("plugin") ? pluginTarball() : Promise.resolve("")]);
  if (doors.includes("plugin")) pluginPackage();

  const results: DoorRun[] = [];
  let failure: unknown;
  try {
    await Promise.all(doors.map((d, i) => door(d, perDoor[i]!, results)));
  } catch (err) {
    failure = err;
  } finally {
    let left = 0;
    for (const { name, api } of sweepers) {
      const r = await sweep(api, { minAgeMs: 0, mark: `${run}-`, log: say, apiName: name });
      left += r.deleted.length + r.failed.length;
      say(`acceptance: sweep after (${name} API): ${r.deleted.length} left by this run deleted, ${r.failed.length} failed`);
      // The singletons: never swept, but put back to ngrok's defaults if this run's destroy did not.
      for (const k of singletons.filter((s) => apiOf(s) === name)) left += await restoreSingleton(api, k);
    }
    const sweepRequests = sweepers.reduce((n, a) => n + a.api.count, 0);
    const stackRequests = results.reduce((n, r) => n + r.requests, 0);
    const perApi = (count: (a: ApiName) => number) => apis.map((a) => `${a.name} ${count(a.name)}`).join(", ");
    for (const r of results) say(`acceptance: ${r.via}: ${r.kinds} kinds, ${r.requests} requests (${perApi((a) => r.byApi[a] ?? 0)}), ${r.seconds.toFixed(0)} s`);
    say(
      `acceptance: ${failure === undefined ? "passed" : "FAILED"}: ${stackRequests + sweepRequests} requests (stacks ${stackRequests}, sweeps and checks ${sweepRequests}; ` +
        `by API: ${perApi((a) => results.reduce((n, r) => n + (r.byApi[a] ?? 0), 0) + (sweepers.find((x) => x.name === a)?.api.count ?? 0))}), ${((Date.now() - t0) / 1000).toFixed(0)} s`,
    );
    // The raw exchanges hold tokens in clear: only the redacted recordings stay.
    fs.rmSync(work, { recursive: true, force: true });
    if (failure === undefined) check(left === 0, `acceptance: destroy left ${left} objects that the sweeper had to delete`);
  }
  if (failure !== undefined) throw failure;
});
