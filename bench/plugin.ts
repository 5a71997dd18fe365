/**
 * Plugin: the provider plugin as one executable (`scripts/build-plugin.sh --executable`, a Node.js
 * single executable application) against the bundle (`--plugin`: a launcher script and one
 * JavaScript file, run by the `node` on PATH), and against the executable built without V8's code
 * cache (PLUGIN_CODE_CACHE=false), which cross builds go without. Sizes: the files a user gets and the archive
 * downloaded; the bundle also needs a Node.js, not counted. Cold start, a fresh process each
 * sample, interleaved in rounds: the plugin alone until it prints its port (what the engine waits
 * for), and `pulumi preview` of a one-resource YAML program (CLI, language host and plugin).
 */
import { execFileSync, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startEmulator } from "../emulator";
import { pluginVersion, yamlLanguageHostDir } from "../test/e2e/plugin-install";
import { PulumiStack, cleanUpStack, pulumiBinDir } from "../test/e2e/pulumi";
import { msSince, summary, type Summary } from "./stats";

const repo = path.resolve(__dirname, "..");
const nodeBin = path.join(repo, "node_modules", ".bin");

const contenders = ["executable", "executable without code cache", "bundle"] as const;
type Contender = (typeof contenders)[number];

export interface PluginRow {
  plugin: Contender;
  /** Bytes of the installed plugin's files (the executable, or the launcher and the JavaScript). */
  fileBytes: number;
  /** Bytes of the archive `pulumi plugin install` downloads. */
  archiveBytes: number;
  /** Milliseconds from spawning the plugin to its port on stdout. */
  portMs: Summary;
  /** Milliseconds of `pulumi preview` of one resource. */
  previewMs: Summary;
}

function build(mode: "--plugin" | "--executable", dir: string, env: Record<string, string> = {}): string {
  const out = execFileSync("bash", [path.join(repo, "scripts", "build-plugin.sh"), mode, dir], {
    env: { ...process.env, ...env, PATH: `${nodeBin}${path.delimiter}${process.env.PATH ?? ""}` },
    stdio: ["ignore", "pipe", "ignore"],
    maxBuffer: 16 << 20,
  });
  const printed = out.toString().trim().split("\n").pop()!;
  return mode === "--plugin" ? `${printed}.tar.gz` : printed;
}

/** The plugin's executable started with no engine address, timed until it prints its port. */
function timeToPort(executable: string, env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(executable, [], { env, stdio: ["ignore", "pipe", "inherit"] });
    child.stdout.once("data", () => {
      const ms = msSince(start);
      child.kill();
      resolve(ms);
    });
    child.on("error", reject);
    child.on("exit", (code) => code !== null && code !== 0 && reject(new Error(`${executable} exited ${code} before printing its port`)));
  });
}

const dirBytes = (dir: string): number => fs.readdirSync(dir).reduce((n, f) => n + (f === "LICENSE" ? 0 : fs.statSync(path.join(dir, f)).size), 0);

export async function benchPlugin(o: { rounds: number }, log: (line: string) => void): Promise<PluginRow[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-plugin-"));
  const emu = await startEmulator({ rateLimit: false });
  const stacks: PulumiStack[] = [];
  try {
    const archives: Record<Contender, string> = {
      executable: build("--executable", path.join(work, "release")),
      "executable without code cache": build("--executable", path.join(work, "release-no-cache"), { PLUGIN_CODE_CACHE: "false" }),
      bundle: build("--plugin", path.join(work, "bundle")),
    };
    log(`plugin: built ${Object.values(archives).map((a) => path.relative(work, a)).join(", ")}`);
    const unpacked = {} as Record<Contender, string>;
    for (const [n, k] of contenders.entries()) {
      unpacked[k] = path.join(work, `files-${n}`);
      fs.mkdirSync(unpacked[k]);
      execFileSync("tar", ["-xzf", archives[k], "-C", unpacked[k]]);
    }
    // Both find a node on PATH (the bundle needs one); the YAML host and the CLI first.
    const PATH = [await yamlLanguageHostDir(), await pulumiBinDir(), nodeBin, "/usr/bin", "/bin"].join(path.delimiter);
    const stackOf = async (k: Contender): Promise<PulumiStack> => {
      const s = await PulumiStack.create({
        programDir: path.join(repo, "test", "e2e", "programs", "executable"),
        stack: `bench-${contenders.indexOf(k)}`,
        env: { PATH },
        config: { "ngrok:apiBaseUrl": emu.url, "ngrok:rateLimit": "off" },
        secretConfig: { "ngrok:apiKey": emu.apiKey },
      });
      stacks.push(s);
      await s.run("plugin install", ["plugin", "install", "resource", "ngrok", pluginVersion, "--file", archives[k]]);
      return s;
    };
    const stack = {} as Record<Contender, PulumiStack>;
    const samples = {} as Record<Contender, { port: number[]; preview: number[] }>;
    for (const k of contenders) {
      stack[k] = await stackOf(k);
      samples[k] = { port: [], preview: [] };
    }
    const env = { PATH, HOME: os.tmpdir() };
    for (let round = 0; round < o.rounds; round++) {
      // Rotating which goes first, so that none always follows another.
      const order = contenders.map((_, i) => contenders[(i + round) % contenders.length]!);
      for (const k of order) {
        samples[k].port.push(await timeToPort(path.join(unpacked[k], "pulumi-resource-ngrok"), env));
        const start = process.hrtime.bigint();
        await stack[k].preview(`preview (${k})`);
        samples[k].preview.push(msSince(start));
      }
      log(`plugin: round ${round + 1}/${o.rounds}`);
    }
    return contenders.map((k) => ({
      plugin: k,
      fileBytes: dirBytes(unpacked[k]),
      archiveBytes: fs.statSync(archives[k]).size,
      portMs: summary(samples[k].port),
      previewMs: summary(samples[k].preview),
    }));
  } finally {
    for (const s of stacks) await cleanUpStack(s);
    await emu.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}
