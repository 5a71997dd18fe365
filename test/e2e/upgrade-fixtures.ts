/**
 * The saved states of test/e2e/fixtures/upgrade/: stacks of test/e2e/programs/every-kind as
 * release 0.1.0 wrote them, one per front door, each with the emulator's account beside it.
 * Written once by upgrade-states.capture.ts; upgrade-states.test.ts proves that later code serves
 * them with no change.
 *
 * Per door, `fixtures/upgrade/<door>/` holds:
 * - `state.json`: `pulumi stack export` (secrets encrypted with the passphrase of ./pulumi.ts);
 * - `Pulumi.e2e.yaml`: the stack's config, with the `encryptionsalt` those secrets need;
 * - `emulator.json`: the emulator's state file (`EmulatorOptions.statePath`).
 * The one machine-specific value in them is the emulator's base URL of the capture (its port),
 * in the config and in the state's provider inputs: `captureBaseUrl` reads it, and a test
 * writes its own emulator's URL in its place.
 */
import * as fs from "fs";
import * as path from "path";
import { pluginPackage } from "../support/plugin-package";
import { repoRoot } from "./pulumi";

export type Door = "dynamic" | "plugin";
export const doors: readonly Door[] = ["dynamic", "plugin"];

export const everyKindDir = path.join(__dirname, "programs", "every-kind");
export const fixtureStack = "e2e";

/** The emulator's API key at capture: the saved config holds it, encrypted; a test's emulator takes it again. */
export const fixtureApiKey = "emu_0123456789abcdef0123456789abcdef";

/** No pacing: the capture's and the test's emulators have no rate limit. Not stack config, so not in state. */
export const fixtureEnv = { NGROK_RATE_LIMIT: "off" };

/** Certificates are issued at once, so that no provisioning job is running in the saved outputs. */
export const fixtureEmulatorOptions = { rateLimit: false, certificateProvisioningMs: 0 } as const;

export function fixtureFiles(door: Door): { dir: string; state: string; config: string; emulator: string } {
  const dir = path.join(__dirname, "fixtures", "upgrade", door);
  return { dir, state: path.join(dir, "state.json"), config: path.join(dir, `Pulumi.${fixtureStack}.yaml`), emulator: path.join(dir, "emulator.json") };
}

/** The emulator's base URL when the fixture was captured, as the saved config holds it. */
export function captureBaseUrl(door: Door): string {
  const text = fs.readFileSync(fixtureFiles(door).config, "utf8");
  const m = /^\s+ngrok:apiBaseUrl: (\S+)$/m.exec(text);
  if (!m) throw new Error(`${path.relative(repoRoot, fixtureFiles(door).config)} sets no ngrok:apiBaseUrl`);
  return m[1]!;
}

/** The every-kind program as the door's users write it. */
export function doorProgram(door: Door): string {
  return door === "dynamic" ? everyKindDir : pluginProgramOfEveryKind();
}

/**
 * How 0.1.0's plugin SDK had users write the every-kind program: its own package name, a child's
 * parent ids given by hand (`edgeId: edge.id`: no `parent`, so the child's URN has none), a vault
 * secret's reference written out. The plugin's package takes that program as it is.
 */
const pluginProgram010: readonly (readonly [RegExp, string])[] = [
  [/^import \* as ngrok from "pulumi-ngrok";$/gm, 'import * as ngrok from "pulumi-ngrok-plugin";'],
  [/^(\s+)edge,$/gm, "$1edgeId: edge.id,"],
  [/\{ edge, /g, "{ edgeId: edge.id, "],
  [/^(\s+)route: (\w+),$/gm, "$1edgeId: $2.edgeId,\n$1routeId: $2.id,"],
  [/ngrok\.secretRef\(([^,()]+), ([^,()]+)\)/g, "pulumi.interpolate`\\${secrets.get('${$1}', '${$2}')}`"],
];

/**
 * The every-kind program as 0.1.0's plugin users wrote it (`pluginProgram010`), in a copy under
 * .pulumi-test/, with the plugin's Node.js package installed as `pulumi-ngrok-plugin`.
 */
function pluginProgramOfEveryKind(): string {
  const dir = path.join(repoRoot, ".pulumi-test", "plugin-programs", "every-kind");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(everyKindDir, dir, { recursive: true, filter: (f) => !f.includes(`${path.sep}node_modules`) });
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    fs.writeFileSync(path.join(dir, file), pluginProgram010.reduce((t, [from, to]) => t.replace(from, to), text));
  }
  fs.cpSync(pluginPackage().dir, path.join(dir, "node_modules", "pulumi-ngrok-plugin"), { recursive: true });
  return dir;
}
