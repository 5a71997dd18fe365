/**
 * The engine, and how it scales: `up`, a no-change `preview`, `refresh` and `destroy` with the
 * real CLI, for credentials (bench/programs/credentials: independent resources, one request per
 * operation, a secret `token` output each) and for the same number of trivial dynamic resources
 * doing one HTTP call per operation with a secret output each (bench/programs/trivial with
 * `secretOutput`: Pulumi's floor for such resources), each command of the two run one after the
 * other. The trivial resources' `up` is also timed without the secret output, which shows what
 * Pulumi itself spends on secret outputs. The
 * emulator's limit is scaled (1,200 per 60 s) and the provider paced to match, so `up` is also
 * reported over the rate-limit floor: the requests it sent divided by the allowed rate. A third
 * contender runs as many resources through the provider plugin (bench/programs/plugin, installed
 * from its tarball), paced the same way on an emulator of its own. A preview of each program
 * before the timed commands warms the caches.
 *
 * The local backend saves the whole state after every step, so `up` of n resources costs in
 * proportion to n² for any provider. `up` is timed once more for ours and both trivial programs
 * with Pulumi's `PULUMI_SKIP_CHECKPOINTS` (the state is saved at the end only), which shows how
 * each scales without that cost.
 */
import * as path from "path";
import { startEmulator, type Emulator } from "../emulator";
import { PulumiStack } from "../test/e2e/pulumi";
import { installPlugin, pluginVersion } from "../test/e2e/plugin-install";

export const engineLimit = { limit: 1200, windowMs: 60_000 };

export interface EngineRow {
  resources: number;
  command: "up" | "preview" | "refresh" | "destroy";
  oursSeconds: number;
  trivialSeconds: number;
  oursOverTrivial: number;
  /** `up` only: the trivial resources without a secret output. */
  trivialPlainSeconds?: number;
  /** The same number of resources through the provider plugin. */
  pluginSeconds: number;
  pluginOverTrivial: number;
  /** API requests the command sent (the trivial resources send one per operation, to a control path). */
  requests: number;
}

export interface EngineSize {
  resources: number;
  rows: EngineRow[];
  /** `stack export` bytes per resource after `up`. */
  stateBytesPerResource: { ours: number; trivial: number; plugin: number };
  /** `up` over the least time the rate limit allows for its requests. */
  upOverRateFloor: number;
  /** `up` seconds with PULUMI_SKIP_CHECKPOINTS: ours, the trivial resources with and without a secret output. */
  upSkippingCheckpoints?: { ours: number; trivial: number; trivialPlain: number };
}

const commands: [EngineRow["command"], string[]][] = [
  ["up", ["up", "--yes", "--skip-preview"]],
  ["preview", ["preview", "--expect-no-changes"]],
  ["refresh", ["refresh", "--yes", "--skip-preview"]],
  ["destroy", ["destroy", "--yes", "--skip-preview"]],
];

async function stackFor(
  program: string,
  emu: Emulator,
  count: number,
  paced: boolean,
  extra: Record<string, string> = {},
  env: Record<string, string> = {},
): Promise<PulumiStack> {
  return PulumiStack.create({
    programDir: program,
    stack: "bench",
    env: { NGROK_API_BASE_URL: emu.url, NGROK_API_KEY: emu.apiKey, ...env },
    config: {
      count: String(count),
      seed: "1",
      ...extra,
      ...(paced ? { "ngrok:apiBaseUrl": emu.url, "ngrok:rateLimit": `${engineLimit.limit}/${engineLimit.windowMs / 1000}` } : {}),
    },
    ...(paced ? { secretConfig: { "ngrok:apiKey": emu.apiKey } } : {}),
  });
}

async function timed(s: PulumiStack, step: string, args: string[]): Promise<number> {
  const start = Date.now();
  await s.run(step, [...args, "--config-file", s.configFile]);
  return (Date.now() - start) / 1000;
}

/** BENCH_ENGINE_COMMANDS picks commands (default all; `up` always runs, the others need its stack). */
const commandsWanted = ["up", ...(process.env.BENCH_ENGINE_COMMANDS ?? "preview,refresh,destroy").split(",").map((c) => c.trim())];

export async function benchEngine(sizes: number[], log: (line: string) => void): Promise<EngineSize[]> {
  const withPlugin = process.env.BENCH_ENGINE_PLUGIN !== "off";
  const out: EngineSize[] = [];
  for (const [k, n] of sizes.entries()) {
    const emuOurs = await startEmulator({ rateLimit: engineLimit });
    const emuTrivial = await startEmulator({ rateLimit: false });
    const emuPlugin = await startEmulator({ rateLimit: engineLimit });
    const emuPlain = await startEmulator({ rateLimit: false });
    const ours = await stackFor(path.resolve(__dirname, "programs", "credentials"), emuOurs, n, true);
    const trivial = await stackFor(path.resolve(__dirname, "programs", "trivial"), emuTrivial, n, false, { secretOutput: "true" });
    const plain = await stackFor(path.resolve(__dirname, "programs", "trivial"), emuPlain, n, false);
    const plugin = await stackFor(path.resolve(__dirname, "programs", "plugin"), emuPlugin, n, true, { pluginVersion });
    const skipping = { PULUMI_SKIP_CHECKPOINTS: "true" };
    const emuOursSkip = await startEmulator({ rateLimit: engineLimit });
    const emuTrivialSkip = await startEmulator({ rateLimit: false });
    const emuPlainSkip = await startEmulator({ rateLimit: false });
    const oursSkip = await stackFor(path.resolve(__dirname, "programs", "credentials"), emuOursSkip, n, true, {}, skipping);
    const trivialSkip = await stackFor(path.resolve(__dirname, "programs", "trivial"), emuTrivialSkip, n, false, { secretOutput: "true" }, skipping);
    const plainSkip = await stackFor(path.resolve(__dirname, "programs", "trivial"), emuPlainSkip, n, false, {}, skipping);
    const skipStacks = [oursSkip, trivialSkip, plainSkip];
    try {
      if (withPlugin) await installPlugin(plugin);
      // Untimed: the first command of a program compiles it and fills the file cache.
      for (const s of [ours, trivial, plain, ...skipStacks, ...(withPlugin ? [plugin] : [])]) await s.run("warm-up preview", ["preview", "--config-file", s.configFile]);
      const rows: EngineRow[] = [];
      const size: EngineSize = { resources: n, rows, stateBytesPerResource: { ours: 0, trivial: 0, plugin: 0 }, upOverRateFloor: NaN };
      for (const [command, args] of commands.filter(([c]) => commandsWanted.includes(c))) {
        const before = emuOurs.requests.length;
        // Alternate which goes first from one size to the next.
        let oursSeconds = 0;
        let trivialSeconds = 0;
        if (k % 2 === 0) {
          oursSeconds = await timed(ours, `${command} (${n})`, args);
          trivialSeconds = await timed(trivial, `${command} (${n}, trivial)`, args);
        } else {
          trivialSeconds = await timed(trivial, `${command} (${n}, trivial)`, args);
          oursSeconds = await timed(ours, `${command} (${n})`, args);
        }
        const requests = emuOurs.requests.length - before;
        // BENCH_ENGINE_PLUGIN=off leaves the plugin out (its column stays empty): a shorter run.
        const pluginSeconds = withPlugin ? await timed(plugin, `${command} (${n}, plugin)`, args) : NaN;
        const trivialPlainSeconds = command === "up" ? await timed(plain, `up (${n}, trivial without secret output)`, args) : undefined;
        rows.push({
          resources: n,
          command,
          oursSeconds,
          trivialSeconds,
          oursOverTrivial: oursSeconds / trivialSeconds,
          ...(trivialPlainSeconds !== undefined ? { trivialPlainSeconds } : {}),
          pluginSeconds,
          pluginOverTrivial: pluginSeconds / trivialSeconds,
          requests,
        });
        log(`engine: ${n} resources, ${command}: ${oursSeconds.toFixed(1)} s (plugin ${pluginSeconds.toFixed(1)} s) against ${trivialSeconds.toFixed(1)} s, ${requests} requests`);
        if (command === "up") {
          size.stateBytesPerResource = {
            ours: Buffer.byteLength(JSON.stringify(await ours.stackExport())) / n,
            trivial: Buffer.byteLength(JSON.stringify(await trivial.stackExport())) / n,
            plugin: withPlugin ? Buffer.byteLength(JSON.stringify(await plugin.stackExport())) / n : NaN,
          };
          size.upOverRateFloor = oursSeconds / (requests / (engineLimit.limit / (engineLimit.windowMs / 1000)));
        }
      }
      const up = commands[0]![1];
      size.upSkippingCheckpoints = {
        ours: await timed(oursSkip, `up (${n}, skipping checkpoints)`, up),
        trivial: await timed(trivialSkip, `up (${n}, trivial, skipping checkpoints)`, up),
        trivialPlain: await timed(plainSkip, `up (${n}, trivial without secret output, skipping checkpoints)`, up),
      };
      log(`engine: ${n} resources, up skipping checkpoints: ${size.upSkippingCheckpoints.ours.toFixed(1)} s against ${size.upSkippingCheckpoints.trivial.toFixed(1)} s (${size.upSkippingCheckpoints.trivialPlain.toFixed(1)} s without secret)`);
      out.push(size);
    } finally {
      // No cleanup destroy: the resources live only in these emulators, closed below.
      for (const s of [ours, trivial, plain, plugin, ...skipStacks]) s.dispose();
      await emuOurs.close();
      await emuTrivial.close();
      await emuPlugin.close();
      await emuPlain.close();
      for (const e of [emuOursSkip, emuTrivialSkip, emuPlainSkip]) await e.close();
    }
  }
  return out;
}
