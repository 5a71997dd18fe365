/**
 * Stacks that release 0.1.0 wrote (test/e2e/fixtures/upgrade/, see ./upgrade-fixtures.ts), one per
 * front door, with at least one resource of every kind and every kind's secrets, served by this
 * code through the real CLI: nothing in their state changes. The saved state is imported into a
 * stack of the same program, against an emulator holding the saved account; then preview, refresh
 * and up find no change, write nothing to the API, and leave every resource's type, id, inputs and
 * outputs (secrets decrypted, `__provider` texts included) as the state held them; destroy empties
 * the account. The exports are compared because `refresh --expect-no-changes` passes when a read
 * drops or adds an output that is no input (a `createdAt`, a domain's certificate).
 *
 * Fails, never skips, when the CLI or the plugin cannot be built. The SDK is loaded from dist/
 * (`make build` first).
 */
import * as fs from "fs";
import * as net from "net";
import * as os from "os";
import * as path from "path";
import { FakeClock, startEmulator, type Emulator } from "../../emulator";
import { installPlugin, pluginTarball, pluginVersion } from "./plugin-install";
import { PulumiStack, cleanUpStack, pulumiBinDir, type StackExport, type StackResource } from "./pulumi";
import {
  captureBaseUrl,
  doorProgram,
  doors,
  fixtureApiKey,
  fixtureEmulatorOptions,
  fixtureEnv,
  fixtureFiles,
  fixtureStack,
  type Door,
} from "./upgrade-fixtures";

jest.setTimeout(20 * 60_000);

let emu: Emulator | undefined;
let stack: PulumiStack | undefined;
let work: string | undefined;

beforeAll(async () => {
  await Promise.all([pulumiBinDir(), pluginTarball()]);
}, 60 * 60_000);

afterEach(async () => {
  await cleanUpStack(stack);
  stack = undefined;
  await emu?.close();
  emu = undefined;
  if (work) fs.rmSync(work, { recursive: true, force: true });
  work = undefined;
});

/** A port nothing listens on now: the saved files name the emulator's URL before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The plugin's default provider, of any version: `...::pulumi:providers:ngrok::default_<version>...`. */
const defaultPlugin = /::pulumi:providers:ngrok::default_/;

/** The default providers of the plugin that an export holds, by version and download URL (none for the dynamic door). */
const defaultProviders = (state: StackExport): string[] =>
  (state.deployment.resources ?? []).filter((r: StackResource) => defaultPlugin.test(r.urn)).map((r: StackResource) => r.urn.split("::").pop()!);

/** What may differ between two exports of the same state: when and where from the engine wrote it. */
const engineBookkeeping = new Set(["created", "modified", "sourcePosition", "stackTrace"]);

/**
 * Each resource of an export by URN, without the engine's bookkeeping. The engine lists a
 * resource's dependencies in the order they resolved, and an `up` records inputs that depend on
 * nothing (`[]`) where a refresh leaves them out: dependencies are compared as sets, and only
 * the inputs that have some.
 */
function byUrn(state: StackExport): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    (state.deployment.resources ?? []).filter((r: StackResource) => !defaultPlugin.test(r.urn)).map((r: StackResource) => {
      const kept: Record<string, unknown> = Object.fromEntries(Object.entries(r).filter(([k]) => !engineBookkeeping.has(k)));
      // A release's resources are served by the default provider of its own version: an upgrade
      // moves them to the new one (`pulumi:providers:ngrok::default_<version>[_<download URL>]`).
      if (typeof r.provider === "string" && defaultPlugin.test(r.provider)) kept.provider = "the default ngrok provider";
      if (Array.isArray(r.dependencies)) kept.dependencies = [...(r.dependencies as string[])].sort();
      if (r.propertyDependencies !== undefined) {
        const deps = Object.entries(r.propertyDependencies as Record<string, string[]>).filter(([, urns]) => urns.length > 0);
        if (deps.length > 0) kept.propertyDependencies = Object.fromEntries(deps.map(([k, urns]) => [k, [...urns].sort()]));
        else delete kept.propertyDependencies;
      }
      return [r.urn, kept];
    }),
  );
}

/** JSON with every object's keys sorted: equal values, equal texts. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x !== null && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x,
  );
}

/** Per resource, the fields (each input and output by name) that differ from `saved`: a failure names them, never their values. */
function changedFields(saved: Record<string, Record<string, unknown>>, now: Record<string, Record<string, unknown>>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const urn of new Set([...Object.keys(saved), ...Object.keys(now)])) {
    const a = saved[urn];
    const b = now[urn];
    if (!a || !b) {
      out[urn] = [a ? "(gone)" : "(new)"];
      continue;
    }
    const fields: string[] = [];
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const x = a[key];
      const y = b[key];
      if (key === "inputs" || key === "outputs") {
        const xs = (x ?? {}) as Record<string, unknown>;
        const ys = (y ?? {}) as Record<string, unknown>;
        for (const p of new Set([...Object.keys(xs), ...Object.keys(ys)])) {
          if (canonical(xs[p]) !== canonical(ys[p])) fields.push(`${key}.${p}`);
        }
      } else if (canonical(x) !== canonical(y)) fields.push(key);
    }
    if (fields.length > 0) out[urn] = fields;
  }
  return out;
}

it.each(doors)("serves the state 0.1.0 wrote through the %s door with no change", async (door: Door) => {
  const files = fixtureFiles(door);
  const savedUrl = captureBaseUrl(door);
  work = fs.mkdtempSync(path.join(os.tmpdir(), `ngrok-upgrade-${door}-`));

  // The saved account, on this test's port (the emulator's stored links name it too), a day after
  // the capture whatever this machine's date: what the service computes from the time is settled.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const rewrite = (text: string) => text.split(savedUrl).join(url);
  const saved = JSON.parse(rewrite(fs.readFileSync(files.state, "utf8"))) as StackExport;
  const captured = Date.parse(String(saved.deployment.manifest?.time));
  expect(Number.isFinite(captured)).toBe(true);
  const emulatorState = path.join(work, "emulator.json");
  fs.writeFileSync(emulatorState, rewrite(fs.readFileSync(files.emulator, "utf8")));
  const savedAccount = JSON.parse(fs.readFileSync(files.emulator, "utf8")) as { collections: Record<string, unknown[]> };
  const clock = new FakeClock({ start: captured + 24 * 3_600_000 });
  emu = await startEmulator({ ...fixtureEmulatorOptions, apiKey: fixtureApiKey, statePath: emulatorState, port, clock });
  expect(emu.url).toBe(url);
  const e = emu;

  stack = await PulumiStack.create({ programDir: doorProgram(door), stack: fixtureStack, env: fixtureEnv });
  const s = stack;
  // The saved config: its salt decrypts the saved secrets, and it names the API's key and URL.
  fs.writeFileSync(s.configFile, rewrite(fs.readFileSync(files.config, "utf8")));
  if (door === "plugin") await installPlugin(s);
  const imported = path.join(work, "state.json");
  fs.writeFileSync(imported, rewrite(fs.readFileSync(files.state, "utf8")));
  await s.run("stack import", ["stack", "import", "--file", imported]);

  const before = byUrn(await s.stackExportWithSecrets());
  // The import took the state as saved: the same resources, kinds and ids.
  const summary = (rs: Record<string, unknown>[]) => rs.map((r) => `${String(r.urn)} ${String(r.id ?? "")}`).sort();
  expect(summary(Object.values(before))).toEqual(summary((saved.deployment.resources ?? []).filter((r) => !defaultPlugin.test(r.urn))));
  expect(defaultProviders(saved)).toEqual(door === "plugin" ? ["default_0_1_0"] : []);

  e.clearRequests();
  await s.previewExpectNoChanges();
  // Up before refresh, as a user upgrading runs them: a refresh reads each resource through the
  // provider its state names, the previous release's plugin, which this stack does not have; up
  // moves the resources to this release's plugin.
  await s.pulumi("up --expect-no-changes", "up", "--yes", "--skip-preview", "--expect-no-changes", "--diff");
  const after = await s.stackExportWithSecrets();
  const updated = byUrn(after);
  expect({ door, after: "up", changed: changedFields(before, updated) }).toEqual({ door, after: "up", changed: {} });
  expect(defaultProviders(after)).toEqual(door === "plugin" ? [`default_${pluginVersion.replace(/\./g, "_")}_github_/api.github.com/pulumi-ngrok/pulumi-ngrok`] : []);

  await s.refreshExpectNoChanges();
  // Refresh read the account, and nothing changed in state.
  expect(e.requests.some((r) => r.method === "GET")).toBe(true);
  const refreshed = byUrn(await s.stackExportWithSecrets());
  expect({ door, after: "refresh", changed: changedFields(before, refreshed) }).toEqual({ door, after: "refresh", changed: {} });
  // Preview, up and refresh wrote nothing to the API.
  expect(e.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`)).toEqual([]);

  await s.destroy();
  const left = Object.keys(savedAccount.collections).filter((kind) => e.resources(kind).length > 0);
  expect({ door, left }).toEqual({ door, left: [] });
});
