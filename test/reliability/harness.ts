/**
 * The reliability run: test/reliability/program (many resources of every kind) through the real
 * Pulumi CLI and engine, on either host (the dynamic SDK, or the provider plugin on its Node.js
 * package, the same program unchanged), against an in-process emulator that injects seeded random faults (429s,
 * 5xx before and after processing, dropped connections, latency). Each command is rerun until it
 * succeeds, as a user would (with `--continue-on-error`), within a bound. After each step the emulator holds exactly what the
 * stack's state records and the program declares (no duplicate, no orphan), and nothing after
 * destroy. Every failure a command printed is one a fault explains, and a failed create says
 * whether the resource exists and how to adopt it; every error is one line. At the end, no secret (the API key, any
 * credential's token) appears in clear in any state export, backend file or CLI output.
 */
import * as fs from "fs";
import * as path from "path";
import { startEmulator, type Emulator, type RandomFaultOptions } from "../../emulator";
import { definitions, type BoundKind } from "../../provider";
import { boundKinds } from "../support/provider";

type ResourceKind = BoundKind;
import { PulumiStack, revealedSecret, type StackExport, type StackOptions } from "../e2e/pulumi";
import { pluginProgram } from "../e2e/lifecycle";
import { installPlugin } from "../e2e/plugin-install";
import { documentedPath, idKeys } from "../../provider/engine/locate";
import { ledgerFileName } from "../../provider/client/pacing-ledger";

export const programDir = path.join(__dirname, "program");

/** The door the program goes through: the dynamic SDK `pulumi-ngrok`, or the provider plugin. */
export type Host = "dynamic" | "plugin";

/** The type token a resource of `kind` has in state on `host`. */
export function typeToken(host: Host, kind: ResourceKind): string {
  return host === "plugin" ? `ngrok:index:${kind}` : `pulumi-nodejs:dynamic/ngrok:${kind}`;
}

/** Type tokens of this package's resources, on either host. */
const ownTypes = /^(pulumi-nodejs:dynamic\/ngrok|ngrok:index):/;

/**
 * A stack of the reliability program on `host`: for the plugin, a copy of the program (named
 * `copy`) with the plugin's Node.js package as its `pulumi-ngrok`, and the plugin installed in the
 * stack's own PULUMI_HOME from its tarball.
 */
export async function reliabilityStack(host: Host, copy: string, options: Omit<StackOptions, "programDir" | "example">): Promise<PulumiStack> {
  const dir = host === "plugin" ? pluginProgram(copy, programDir) : programDir;
  const stack = await PulumiStack.create({ ...options, programDir: dir });
  if (host === "plugin") await installPlugin(stack);
  return stack;
}

export interface ReliabilityOptions {
  /** Which door the program goes through. */
  host: Host;
  /** Resources of this package in the program (the event sources' subscriptions come on top). */
  count: number;
  /** Seeds the program's choices and the emulator's faults. */
  seed: number;
  /** Share of requests that fail (0: none): split between 429/5xx before processing, 5xx after, and resets. */
  faultRate: number;
  /** The emulator's rate limit; the provider is paced to it. */
  rateLimit: { limit: number; windowMs: number };
  /** `--parallel` of every command; default: the CLI's. */
  parallel?: number;
  /** Runs of one command before the test gives up (1: each must succeed at once). */
  attempts: number;
  /** "full": up, update, refresh, destroy; "up-destroy": an up and a destroy. */
  steps: "full" | "up-destroy";
  /** Default true: some of the faults before processing are 429s (stray ones: the window need not be full). */
  stray429s?: boolean;
}

export interface ReliabilityReport {
  /** Runs each step needed, and their seconds in all. */
  runs: Record<string, number>;
  seconds: Record<string, number>;
  /** API requests the emulator received, and how many of them a fault hit. */
  requests: number;
  faulted: number;
  /** Creates the service processed whose answer a fault then lost (the case that makes duplicates). */
  lostCreateAnswers: number;
  /** Failed operations the commands reported, and the failed creates among them. */
  failures: string[];
  failedCreates: string[];
  /** Secret values looked for, and the texts looked through. */
  secretsChecked: number;
  textsScanned: number;
  /** The 429s the emulator answered, and the part of the limit the machine allowed itself at the end ("whole": all of it). */
  refused429: number;
  shareAtEnd: number | "whole";
}

/** Fault rates that add up to `rate` of the requests. */
export function faultsFor(seed: number, rate: number): RandomFaultOptions {
  return { seed, errorBeforeRate: rate * 0.4, errorAfterRate: rate * 0.3, resetRate: rate * 0.3, latencyMs: 150 };
}

/**
 * What the emulator holds of a keyed kind, as ids: keyed resources have no collection of their
 * own. A new keyed kind needs a row here (the run fails naming it otherwise).
 */
const keyedHeld: Partial<Record<ResourceKind, (emu: Emulator) => string[]>> = {
  EventSource: (emu) =>
    (emu.resources("event_subscriptions") as { id: string; sources: { type: string }[] }[]).flatMap((s) => s.sources.map((t) => `${s.id}/${t.type}`)),
};

/**
 * An edge module is a slot of its route or edge, not an object of its own: as ids, the routes or
 * edges whose slot is set.
 */
function modulesHeld(emu: Emulator, itemPath: string): string[] | undefined {
  const slot = itemPath.slice(itemPath.lastIndexOf("/") + 1);
  type Holder = { id: string; edge_id?: string } & Record<string, unknown>;
  const set = (xs: unknown[]) => (xs as Holder[]).filter((x) => x[slot] !== null && x[slot] !== undefined);
  if (itemPath.startsWith("/edges/https/{edgeId}/routes/{routeId}/")) return set(emu.resources("https_edge_routes")).map((r) => `${r.edge_id}/${r.id}`);
  if (itemPath.startsWith("/edges/tls/{edgeId}/")) return set(emu.resources("tls_edges")).map((e) => e.id);
  return undefined;
}

/** Collections of resources under a parent, by path (the emulator names them on its own). */
const underParent: Record<string, string> = { "/edges/https/{edgeId}/routes": "https_edge_routes" };

export function held(emu: Emulator, kind: ResourceKind): { id: string; description?: string }[] {
  const def = definitions[kind];
  // The one object of its kind (the AI Gateway's configuration) is never made or removed; the program declares none.
  if (def.binding.kind === "singleton") return [];
  const keys = idKeys(def.binding);
  if (keys) {
    const list = keyedHeld[kind]?.(emu) ?? modulesHeld(emu, documentedPath(def)!);
    if (!list) throw new Error(`test/reliability/harness.ts: add a row to keyedHeld for ${kind}`);
    return list.map((id) => ({ id }));
  }
  const collection = underParent[def.binding.path] ?? def.binding.path.replace(/^\//, "");
  return emu.resources(collection) as { id: string; description?: string }[];
}

export async function runReliability(o: ReliabilityOptions, log: (line: string) => void = () => undefined): Promise<ReliabilityReport> {
  const emu = await startEmulator({ rateLimit: o.rateLimit, ...(o.faultRate > 0 ? { faults: { ...faultsFor(o.seed, o.faultRate), ...(o.stray429s === false ? { stray429s: false } : {}) } } : {}) });
  if (o.faultRate > 0) {
    // Besides the random ones, the first creates of every kind lose their answer (a 502, then a
    // reset), so that each kind meets the case that makes duplicates whatever the seed.
    for (const def of boundKinds.map((k) => definitions[k])) {
      const path = new RegExp(`^${def.binding.path.replace(/\{\w+\}/g, "[^/]+")}$`);
      emu.scriptFault({ method: "POST", path, kind: "status-after", status: 502 });
      emu.scriptFault({ method: "POST", path, kind: "reset-after" });
    }
  }
  const report: ReliabilityReport = { runs: {}, seconds: {}, requests: 0, faulted: 0, lostCreateAnswers: 0, failures: [], failedCreates: [], secretsChecked: 0, textsScanned: 0, refused429: 0, shareAtEnd: "whole" };
  const stateTexts: string[] = [];
  const secrets = new Set<string>([emu.apiKey]);
  let stack: PulumiStack | undefined;
  try {
    stack = await reliabilityStack(o.host, `reliability-${o.count}`, {
      stack: "reliability",
      config: {
        count: String(o.count),
        seed: String(o.seed),
        "ngrok:apiBaseUrl": emu.url,
        "ngrok:rateLimit": `${o.rateLimit.limit}/${o.rateLimit.windowMs / 1000}`,
      },
      secretConfig: { "ngrok:apiKey": emu.apiKey },
    });
    const s = stack;
    const parallel = o.parallel === undefined ? [] : ["--parallel", String(o.parallel)];
    const atOnce = o.attempts === 1;

    /** Runs a command until it succeeds (at most `attempts` times), checking each failure it reports. */
    const untilSuccess = async (step: string, args: string[]): Promise<void> => {
      const limit = o.attempts;
      for (let run = 1; ; run++) {
        const started = Date.now();
        const r = await s.run(step, [...args, ...parallel, "--config-file", s.configFile], { allowFailure: true });
        const seconds = (Date.now() - started) / 1000;
        report.seconds[step] = Math.round(((report.seconds[step] ?? 0) + seconds) * 10) / 10;
        log(`${step}: run ${run} ${r.code === 0 ? "succeeded" : "failed"} in ${seconds.toFixed(0)} s`);
        checkFailures(emu, `${r.stdout}\n${r.stderr}`, report, `${step} (run ${run})`);
        if (r.code === 0) {
          report.runs[step] = run;
          return;
        }
        if (run >= limit) {
          throw new Error(`${step} still failed after ${run} run(s):\n${(r.stdout + r.stderr).split("\n").slice(-60).join("\n")}`);
        }
      }
    };

    /** The state, its secrets noted, and the emulator's contents compared with it. */
    const checkpoint = async (at: string, empty = false): Promise<void> => {
      const state = await s.stackExport();
      stateTexts.push(JSON.stringify(state));
      for (const r of (await s.stackExportWithSecrets()).deployment.resources ?? []) {
        for (const v of Object.values(r.outputs ?? {})) {
          const secret = revealedSecret(v);
          if (typeof secret === "string" && secret !== "") secrets.add(secret);
        }
      }
      checkContents(emu, o.host, state, at, empty ? undefined : ((await s.outputs()).resources as Record<string, number>));
    };

    // Under faults, each run goes as far as it can (as a user with a flaky network would ask):
    // without it, the engine stops scheduling at the first failure.
    const onError = atOnce ? [] : ["--continue-on-error"];
    await untilSuccess("up", ["up", "--yes", "--skip-preview", ...onError]);
    await checkpoint("up");
    if (o.steps === "full") {
      await s.previewExpectNoChanges("preview --expect-no-changes after up");

      await s.setConfig("generation", "1");
      await untilSuccess("update", ["up", "--yes", "--skip-preview", ...onError]);
      await checkpoint("update");
      await s.previewExpectNoChanges("preview --expect-no-changes after update");

      await untilSuccess("refresh", ["refresh", "--yes", "--skip-preview"]);
      await checkpoint("refresh");
      await s.previewExpectNoChanges("preview --expect-no-changes after refresh");
    }
    await untilSuccess("destroy", ["destroy", "--yes", "--skip-preview", ...onError]);
    await checkpoint("destroy", true);

    report.requests = emu.requests.length;
    report.faulted = emu.requests.filter((r) => r.status === 0 || r.status >= 500 || (o.faultRate > 0 && r.status === 429)).length;
    report.lostCreateAnswers = emu.requests.filter((r) => r.method === "POST" && r.processed && (r.status === 0 || r.status >= 500)).length;
    report.refused429 = emu.requests.filter((r) => r.status === 429).length;
    // The machine's pacing ledger, under the stack's HOME: what it learnt of the window.
    const ledger = path.join(s.tmpDir, "home", ".cache", "pulumi-ngrok", "pacing", ledgerFileName(emu.apiKey, emu.url));
    const share = fs.existsSync(ledger) ? (JSON.parse(fs.readFileSync(ledger, "utf8")) as { state?: { share?: number } }).state?.share : undefined;
    report.shareAtEnd = share === undefined ? "whole" : Math.round(share * 10) / 10;
    scanForSecrets(s, stateTexts, [...secrets], report);
    // The run must have had something to find: the key and at least one credential's token.
    expect(report.secretsChecked).toBeGreaterThan(1);
    s.dispose();
    stack = undefined;
    return report;
  } finally {
    if (stack) {
      await stack.destroy("cleanup destroy").catch(() => undefined);
      stack.dispose();
    }
    await emu.close();
  }
}

/** The emulator holds exactly the resources the state records, as many as the program declares. */
function checkContents(emu: Emulator, host: Host, state: StackExport, at: string, declared: Record<string, number> | undefined): void {
  const resources = state.deployment.resources ?? [];
  const kinds = boundKinds.map((k) => [typeToken(host, k), k] as const);
  for (const [type, kind] of kinds) {
    const inState = resources.filter((r) => r.type === type);
    const stored = held(emu, kind);
    // Nothing orphaned, nothing duplicated, nothing lost.
    const ids = (xs: { id?: string }[]) => xs.map((x) => String(x.id)).sort();
    expect({ at, kind, ids: ids(stored) }).toEqual({ at, kind, ids: ids(inState) });
    expect({ at, kind, count: inState.length }).toEqual({ at, kind, count: declared?.[kind] ?? 0 });
    // What the program last asked for is what the service holds.
    for (const r of inState) {
      const description = r.inputs?.description;
      if (typeof description !== "string") continue;
      const row = stored.find((x) => x.id === r.id);
      expect({ at, id: r.id, description: row?.description }).toEqual({ at, id: r.id, description });
    }
  }
}

/**
 * Every error a command printed for this package's resources is one line (the stack's own
 * diagnostics are Pulumi's), explained by a fault the emulator injected (an
 * operation id of a faulted request, or a dropped connection), and a failed create says what
 * became of it.
 */
function checkFailures(emu: Emulator, output: string, report: ReliabilityReport, step: string): void {
  for (const { resource, message, more } of diagnostics(output)) {
    report.failures.push(`${step}: ${resource}: ${message}`);
    expect({ step, resource, message, more, noise: noiseIn(message) }).toEqual({ step, resource, message, more: [], noise: [] });
    const opId = /\(operation (op_\w+)\)/.exec(message)?.[1];
    const request = opId ? emu.requests.find((r) => r.operationId === opId) : undefined;
    const transport = /^(GET|POST|PATCH|PUT|DELETE) \S+ failed: (\w+)/.exec(message);
    const faulted = request ? request.status === 0 || request.status >= 429 : transport !== null;
    expect({ step, resource, message, faulted }).toEqual({ step, resource, message, faulted: true });
    const create = request ? request.method === "POST" : transport?.[1] === "POST" || !/^\w+ \S+ failed/.test(message);
    if (create && !message.includes("HTTP 429")) {
      report.failedCreates.push(message);
      // It says whether the resource exists, and if it may, how to adopt it.
      const tells = /The service did not create|was deleted, and the next `up` creates|importId/.test(message);
      expect({ step, resource, message, tellsWhatBecameOfIt: tells }).toEqual({ step, resource, message, tellsWhatBecameOfIt: true });
    }
  }
}

/** What no output may hold: stack frames, terminal escape codes, error class names, the HTTP library's and the system's error codes. */
export function noiseIn(text: string): string[] {
  return [
    ...(text.match(/^\s+at .*$/gm) ?? []),
    ...(text.match(/\x1b\[[0-9;]*m.*$/gm) ?? []),
    ...(text.match(/\b(ApiError|TransportError|TypeError|RangeError): .*$/gm) ?? []),
    ...(text.match(/\b(UND_ERR_\w+|ECONN\w+|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_\w+|EHOSTUNREACH|ENETUNREACH|EPROTO|ERR_SSL_\w+|ERR_TLS_\w+)\b.*$/gm) ?? []),
  ];
}

/**
 * Error diagnostics of this package's resources in a command's output: resource, message, and
 * the lines the message ran on to (none when it is one line).
 */
export function diagnostics(output: string): { resource: string; message: string; more: string[] }[] {
  const out: { resource: string; message: string; more: string[] }[] = [];
  const lines = output.split("\n");
  const start = lines.findIndex((l) => /^Diagnostics:/.test(l));
  if (start < 0) return out;
  let resource = "";
  let last: { resource: string; message: string; more: string[] } | undefined;
  for (const line of lines.slice(start + 1)) {
    if (/^\S/.test(line)) break; // the next section
    const head = /^ {2}(\S+) \((.+)\):$/.exec(line);
    if (head) {
      resource = `${head[1]} ${head[2]}`;
      last = undefined;
      continue;
    }
    if (!ownTypes.test(resource)) continue;
    const diagnostic = /^ {4}(error|warning|info): (.*)$/.exec(line);
    if (diagnostic) {
      last = undefined;
      if (diagnostic[1] === "error") out.push((last = { resource, message: diagnostic[2]!, more: [] }));
    } else if (line.trim() !== "" && last) last.more.push(line);
  }
  return out;
}

/** No secret in clear: not in any state export, any file of the backend or home, or any CLI output. */
function scanForSecrets(s: PulumiStack, states: string[], secrets: string[], report: ReliabilityReport): void {
  const texts: [string, string][] = states.map((t, i) => [`stack export #${i + 1}`, t]);
  texts.push(["CLI output", s.transcript]);
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        // Plugins the CLI installed are not written by the run.
        if (entry.name !== "plugins") walk(p);
      } else if (entry.isFile()) texts.push([path.relative(s.tmpDir, p), fs.readFileSync(p, "latin1")]);
    }
  };
  walk(s.tmpDir);
  report.secretsChecked = secrets.length;
  report.textsScanned = texts.length;
  const leaks = texts.flatMap(([where, text]) => secrets.filter((v) => text.includes(v)).map((v) => `${where} holds a secret (${v.slice(0, 4)}...)`));
  expect(leaks).toEqual([]);
}
