/**
 * Client throughput against the emulator (no rate limit, loopback, in a process of its own): get,
 * list (100 items) and create, at concurrency 1 and 16, by a bare `undici.request` loop (the
 * floor), our client with pacing off and with pacing on at a limit the benchmark never reaches,
 * and the official `@ngrok/ngrok-api`, interleaved in rounds in one process (each round runs every
 * client once, in a rotating order), so that load on the machine hits them alike. Reported as
 * requests per second, CPU time per request, and each round's ratios to the floor, as medians.
 *
 * The clients run in a plain Node process (client-worker.ts, bundled by esbuild), as a program
 * runs them: jest's module sandbox, which this file runs in, slows some code paths and not
 * others, and its own work would count as the clients' CPU time.
 */
import { buildSync } from "esbuild";
import { spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { ClientOptions, ClientRow } from "./client-worker";

export type { ClientOptions, ClientRow } from "./client-worker";

export async function benchClient(o: ClientOptions, log: (line: string) => void): Promise<ClientRow[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-ngrok-bench-"));
  try {
    const worker = path.join(dir, "client-worker.js");
    // Packages stay external (resolved from this checkout's node_modules); our own code is bundled.
    buildSync({
      entryPoints: [path.join(__dirname, "client-worker.ts")],
      bundle: true,
      platform: "node",
      target: "node22",
      format: "cjs",
      packages: "external",
      outfile: worker,
      logLevel: "error",
    });
    const options = { ...o, emulatorCli: path.resolve(__dirname, "../dist/emulator/cli.js") };
    // BENCH_CLIENT_NODE_OPTIONS: e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the clients.
    const nodeArgs = (process.env.BENCH_CLIENT_NODE_OPTIONS ?? "").split(" ").filter((a) => a !== "");
    const child = spawn(process.execPath, [...nodeArgs, worker, JSON.stringify(options)], {
      cwd: path.resolve(__dirname, ".."),
      env: { ...process.env, NODE_PATH: path.resolve(__dirname, "../node_modules") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
      const lines = err.split("\n");
      err = lines.pop()!;
      for (const line of lines) log(line);
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", resolve);
    });
    if (code !== 0) throw new Error(`the client benchmark exited with ${code}: ${err}`);
    return JSON.parse(out) as ClientRow[];
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
