/**
 * Start: the first call's cost in Pulumi's dynamic-provider host, where every engine command
 * pays for loading the provider. Each sample starts a fresh host (over gRPC, as the engine does),
 * configures it, and times its first call: a check (what preview and up call first), a diff
 * (no API call) and a read (refresh's first call: one GET). Beside it, the same calls of a
 * trivial dynamic provider (a few lines, nothing to load): the difference is the package's
 * cost. Optionally, the same for the package built from an earlier commit (`baseline`).
 * Samples are interleaved in rounds.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { startEmulator } from "../emulator";
import { call } from "../test/support/api";
import { DynamicProviderHost } from "../test/support/host";
import { captureRegistrations } from "../test/support/serialised";
import { msSince, summary, type Summary } from "./stats";

const repo = path.resolve(__dirname, "..");
const sdk = require("pulumi-ngrok") as typeof import("../sdk/generated");

export interface StartRow {
  provider: string;
  call: "check" | "diff" | "read";
  /** Milliseconds of the first call, the host already running. */
  ms: Summary;
  /** Per round, this provider's first call minus the trivial provider's. */
  overTrivialMs: Summary;
}

export interface StartOptions {
  rounds: number;
  /** A git commit to measure too, built in a temporary directory. */
  baseline?: string;
}

/** The trivial provider: every operation answers at once. */
const trivial: pulumi.dynamic.ResourceProvider = {
  check: async (_olds, news) => ({ inputs: news }),
  diff: async () => ({ changes: false }),
  create: async (inputs) => ({ id: "trivial", outs: inputs }),
  read: async (id, props) => ({ id, props }),
};

class Trivial extends pulumi.dynamic.Resource {}

/** node_modules where `pulumi-ngrok` is the package built from `commit`, in a temporary directory. */
function baselineModules(commit: string, log: (line: string) => void): { dir: string; cleanup: () => void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-baseline-"));
  const pkg = path.join(root, "pkg");
  fs.mkdirSync(pkg);
  execFileSync("bash", ["-c", `git archive ${commit} | tar -x -C ${JSON.stringify(pkg)}`], { cwd: repo });
  fs.symlinkSync(path.join(repo, "node_modules"), path.join(pkg, "node_modules"), "dir");
  // The commit's own build command (package.json's `build`): its projects are the commit's.
  execFileSync("npm", ["run", "--silent", "build"], { cwd: pkg });
  // The repository's node_modules, with pulumi-ngrok pointing at the baseline.
  const modules = path.join(root, "node_modules");
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(path.join(repo, "node_modules"))) {
    const target = entry === "pulumi-ngrok" ? pkg : path.join(repo, "node_modules", entry);
    fs.symlinkSync(target, path.join(modules, entry));
  }
  log(`start: built ${commit} for the baseline`);
  return { dir: modules, cleanup: () => fs.rmSync(root, { recursive: true, force: true }) };
}

export async function benchStart(o: StartOptions, log: (line: string) => void): Promise<StartRow[]> {
  const emu = await startEmulator({ rateLimit: false });
  const baseline = o.baseline ? baselineModules(o.baseline, log) : undefined;
  try {
    const captured = await captureRegistrations(() => [new sdk.Credential("ours", { description: "x" }), new Trivial(trivial, "trivial", {})]);
    const oursText = captured.find((c) => c.type.endsWith("ngrok:Credential"))!.inputs.__provider as string;
    const trivialText = captured.find((c) => !c.type.endsWith("ngrok:Credential"))!.inputs.__provider as string;
    const id = (await call(emu, "POST", "/credentials", { description: "read by the benchmark" })).json.id as string;

    const variants: [string, string, string | undefined][] = [
      ["trivial dynamic provider", trivialText, undefined],
      ["pulumi-ngrok", oursText, undefined],
      ...(baseline ? [[`pulumi-ngrok at ${o.baseline}`, oursText, baseline.dir] as [string, string, string]] : []),
    ];
    const ops = ["check", "diff", "read"] as const;
    const urn = (name: string) => `urn:pulumi:dev::start-bench::pulumi-nodejs:dynamic/ngrok:Credential::${name}`;
    const first = async (text: string, modules: string | undefined, op: (typeof ops)[number]): Promise<number> => {
      const host = await DynamicProviderHost.start(modules);
      try {
        await host.configure({ "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": emu.url });
        const p = { __provider: text };
        const start = process.hrtime.bigint();
        if (op === "check") await host.check(urn("a"), {}, { ...p, description: "checked" });
        else if (op === "diff") await host.diff(urn("a"), id, { ...p, description: "old" }, { ...p, description: "new" });
        else await host.read(urn("a"), id, { ...p, description: "old" });
        return msSince(start);
      } finally {
        await host.stop();
      }
    };

    const samples = new Map<string, number[]>();
    const over = new Map<string, number[]>();
    for (let round = 0; round <= o.rounds; round++) {
      for (const op of ops) {
        const measured = new Map<string, number>();
        const order = variants.map((_, k) => variants[(k + round) % variants.length]!);
        for (const [name, text, modules] of order) measured.set(name, await first(text, modules, op));
        if (round === 0) continue; // warm-up: the file cache
        for (const [name] of variants) {
          const key = `${name}/${op}`;
          samples.set(key, [...(samples.get(key) ?? []), measured.get(name)!]);
          over.set(key, [...(over.get(key) ?? []), measured.get(name)! - measured.get("trivial dynamic provider")!]);
        }
      }
      log(`start: round ${round} of ${o.rounds} done`);
    }
    return variants.flatMap(([provider]) =>
      ops.map((op) => ({ provider, call: op, ms: summary(samples.get(`${provider}/${op}`)!), overTrivialMs: summary(over.get(`${provider}/${op}`)!) })),
    );
  } finally {
    baseline?.cleanup();
    await emu.close();
  }
}
