/**
 * The life cycle every program in examples/ goes through end to end, with the real Pulumi CLI and
 * engine (scripts/pulumi-cli.sh) against an in-process emulator: up, preview and refresh with no
 * changes, drift made through the API (refresh shows it, `up --refresh` repairs it), in-place
 * updates, a replacement, destroy. After each step the emulator holds exactly what the program
 * declares, and the state keeps secrets secret and stays small.
 *
 * Each example has its own test file in test/e2e/examples/ (so that jest can run them in
 * parallel) holding its ExampleSpec. These tests fail, never skip, when the CLI cannot be built.
 * The SDK is loaded from dist/ (`make build` first), as a user's program would load the package.
 *
 * Every example runs a second time through the provider plugin `pulumi-resource-ngrok` (installed
 * from its tarball) on the plugin's Node.js package `pulumi-ngrok-plugin`, which has the same API:
 * a copy of the example, unchanged, with the package installed under the name `pulumi-ngrok`
 * (`pluginProgram`). State then holds `ngrok:index:<Kind>` resources, no `__provider`. There it
 * deploys, shows no change in preview and refresh, keeps its secrets, and is destroyed: what the
 * plugin does for each kind's properties. Drift, updates and replacements take the plugin's one
 * Diff and Update for every kind, decided by the same definitions: the examples whose spec says
 * `plugin: "whole"` go through them on the plugin too.
 */
import * as fs from "fs";
import * as path from "path";
import { startEmulator, type Emulator } from "../../emulator";
import { call } from "../support/api";
import { pluginPackage } from "../support/plugin-package";
import { installPlugin, pluginTarball } from "./plugin-install";
import { PulumiStack, isEncryptedSecret, pulumiBinDir, repoRoot, type StackExport, type StackResource, cleanUpStack, revealedSecret } from "./pulumi";

export type Row = Record<string, unknown>;
/** What the emulator must hold after a step: kind → rows, each matched by a subset of fields. */
export type Expected = Record<string, Row[]>;

export interface Step {
  /** What the step demonstrates, e.g. "in-place update". */
  name: string;
  /** Stack config set before `up`. */
  config: Record<string, string>;
  /** Secret stack config set before `up` (a rotated secret). */
  secretConfig?: Record<string, string>;
  expect: Expected;
  /** Per kind: whether each row keeps its id ("same") or gets a new one ("new") across the step. */
  ids: Record<string, "same" | "new">;
  /** What preview must plan, by resource name (last part of the URN); every other resource is "same". */
  ops: Record<string, "update" | "replace">;
}

export interface ExampleSpec {
  /** Also run a short life cycle that takes the API's address and key from the environment. */
  envCredentials?: boolean;
  /** Collections the program manages: all checked for orphans, and empty after destroy. */
  kinds: string[];
  /** Stack config for the first `up`. */
  config: Record<string, string>;
  /** Secret stack config for the first `up` (`pulumi config set --secret`). */
  secretConfig?: Record<string, string>;
  /**
   * What the program takes from outside, made through the API before the first `up` (as another
   * team would): returns more stack config. Those resources are not the program's: their kinds
   * stay out of `kinds`.
   */
  prepare?: (emu: Emulator) => Promise<Record<string, string>>;
  /** The emulator's state after the first `up`. */
  expect: Expected;
  /**
   * Resource name (last part of the URN) → outputs that must be stored as encrypted secrets (and
   * so must the input of the same name, if any). `target.datadog.apiKey` names a string inside the
   * secret output `target`: non-empty, and nowhere in clear.
   */
  secretOutputs: Record<string, string[]>;
  /** At least one in-place update and one replacement. */
  steps: Step[];
  /**
   * A change made outside Pulumi (PATCH of the first row of `kind` through the API): refresh must
   * report it on `field`, and `up --refresh` must put the declared value back.
   */
  drift: { kind: string; path: string; body: Record<string, unknown>; field: string };
  /** Through the plugin: the whole life cycle, rather than deploy, no change and destroy. */
  plugin?: "whole";
}

/** Which front door a program goes through: the dynamic SDK `pulumi-ngrok`, or the provider plugin. */
export type Path = "dynamic" | "plugin";

/**
 * A copy of examples/<example> (or of the program at `source`) for the plugin path, unchanged,
 * under .pulumi-test/ (inside the repository, so that `@pulumi/pulumi` resolves from its
 * node_modules), with the plugin's Node.js package installed in its node_modules under the name
 * `pulumi-ngrok`, as `npm install pulumi-ngrok@file:<tarball>` installs it: the program's own
 * import then loads it.
 */
export function pluginProgram(example: string, source = path.join(repoRoot, "examples", example)): string {
  const dir = path.join(repoRoot, ".pulumi-test", "plugin-examples", example);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(source, dir, { recursive: true, filter: (f) => !f.includes(`${path.sep}node_modules`) });
  fs.cpSync(pluginPackage().dir, path.join(dir, "node_modules", "pulumi-ngrok"), { recursive: true });
  return dir;
}

export function describeExample(example: string, spec: ExampleSpec): void {
  describe(`examples/${example}`, () => {
    beforeAll(async () => {
      // Fails every test below (rather than skipping them) when the CLI or the plugin cannot be had.
      await Promise.all([pulumiBinDir(), pluginTarball()]);
      pluginPackage();
    }, 60 * 60_000);

    // Each test has its own emulator and stack, so that one's leftovers cannot pass another.
    let emu: Emulator;
    let stack: PulumiStack | undefined;

    beforeEach(async () => {
      // The service's own certificate provisioning must not finish between `up` and the no-change
      // refresh on a slow machine; certificate-provisioning.test.ts moves a clock through it.
      emu = await startEmulator({ certificateProvisioningMs: 24 * 3_600_000 });
    });

    afterEach(async () => {
      await cleanUpStack(stack);
      stack = undefined;
      await emu?.close();
    });

    const whole = "survives up, no-change preview and refresh, drift, update, replace and destroy";
    it.each<[string, Path]>([
      [`${whole} on the dynamic SDK`, "dynamic"],
      [`${spec.plugin === "whole" ? whole : "deploys, shows no change in preview and refresh and is destroyed"} through the provider plugin, on its Node.js package`, "plugin"],
    ])("%s", async (_, via) => {
      expect(spec.steps.some((s) => Object.values(s.ids).every((v) => v === "same"))).toBe(true);
      expect(spec.steps.some((s) => Object.values(s.ops).includes("replace"))).toBe(true);

      const prepared = (await spec.prepare?.(emu)) ?? {};
      const config = { "ngrok:apiBaseUrl": emu.url, ...spec.config, ...prepared };
      // The API key travels as a secret stack config value, as a user would keep it.
      const secretConfig = { "ngrok:apiKey": emu.apiKey, ...spec.secretConfig };
      stack = via === "plugin"
        ? await PulumiStack.create({ programDir: pluginProgram(example), config, secretConfig })
        : await PulumiStack.create({ example, config, secretConfig });
      const s = stack;
      if (via === "plugin") await installPlugin(s);
      const at = (step: string) => `examples/${example}${via === "plugin" ? " (plugin)" : ""}, after ${step}`;
      const checkState = (st: PulumiStack, e: Emulator, sp: ExampleSpec, where: string) => checkStateOf(st, e, sp, where, via);

      await s.up("up");
      const rows = checkEmulator(emu, spec, spec.expect, at("up"));
      await checkState(s, emu, spec, at("up"));

      await s.previewExpectNoChanges();
      await s.refreshExpectNoChanges();
      // Refresh re-reads everything: the one-time token must survive it, still encrypted.
      await checkState(s, emu, spec, at("refresh"));
      checkEmulator(emu, spec, spec.expect, at("refresh"));

      if (via === "dynamic" || spec.plugin === "whole") await throughChanges(s, rows, at, checkState);

      await s.destroy();
      for (const kind of spec.kinds) expect({ at: at("destroy"), kind, rows: emu.resources(kind) }).toEqual({ at: at("destroy"), kind, rows: [] });
      const after = await s.stackExport();
      expect((after.deployment.resources ?? []).filter((r) => r.custom && !r.type.startsWith("pulumi:providers:"))).toEqual([]);
      stack = undefined;
      s.dispose();
    });

    /** Drift, then each step, from the emulator's rows after `up`: what the stack and the emulator hold after each. */
    async function throughChanges(
      s: PulumiStack,
      first: Record<string, Row[]>,
      at: (step: string) => string,
      checkState: (st: PulumiStack, e: Emulator, sp: ExampleSpec, where: string) => Promise<void>,
    ): Promise<void> {
      let rows = first;
      // Drift: changed behind Pulumi's back, shown by refresh, repaired by `up --refresh`.
      const target = rows[spec.drift.kind][0];
      const patched = await call(emu, "PATCH", `${spec.drift.path}/${String(target.id)}`, spec.drift.body);
      expect({ at: at("out-of-band PATCH"), status: patched.status }).toEqual({ at: at("out-of-band PATCH"), status: 200 });
      const drifted = await s.run("refresh --preview-only --expect-no-changes (drift)", [
        "refresh", "--preview-only", "--expect-no-changes", "--diff", "--config-file", s.configFile,
      ], { allowFailure: true });
      const refreshOut = drifted.stdout + drifted.stderr;
      expect({ at: at("drift"), failed: drifted.code !== 0, namesField: refreshOut.includes(spec.drift.field) }).toEqual({
        at: at("drift"),
        failed: true,
        namesField: true,
      });
      await s.pulumi("up --refresh (repair drift)", "up", "--refresh", "--yes", "--skip-preview", "--diff");
      const repaired = checkEmulator(emu, spec, spec.expect, at("up --refresh"));
      expect(repaired[spec.drift.kind].map((r) => r.id)).toEqual(rows[spec.drift.kind].map((r) => r.id));
      await s.previewExpectNoChanges("preview --expect-no-changes after repairing drift");
      await checkState(s, emu, spec, at("up --refresh"));

      for (const step of spec.steps) {
        for (const [k, v] of Object.entries(step.config)) await s.setConfig(k, v);
        for (const [k, v] of Object.entries(step.secretConfig ?? {})) await s.setConfig(k, v, { secret: true });
        // Preview tells the truth: an in-place update is planned as one, a replacement as one.
        const planned = managedOps(await s.plannedOps(`preview --json: ${step.name}`));
        const wanted = Object.fromEntries(Object.keys(planned).map((name) => [name, step.ops[name] ?? "same"]));
        expect({ at: `examples/${example}, preview of ${step.name}`, planned }).toEqual({ at: `examples/${example}, preview of ${step.name}`, planned: wanted });
        const idsBefore = stateIds(await s.stackExport());
        await s.up(`up: ${step.name}`);
        // A replacement gives the resource a new id (keyed resources too), an update keeps it.
        const idsAfter = stateIds(await s.stackExport());
        const changedIds = Object.fromEntries(Object.keys(planned).map((name) => [name, idsBefore[name] !== idsAfter[name]]));
        const wantChanged = Object.fromEntries(Object.keys(planned).map((name) => [name, step.ops[name] === "replace"]));
        expect({ at: at(step.name), changedIds }).toEqual({ at: at(step.name), changedIds: wantChanged });
        const next = checkEmulator(emu, spec, step.expect, at(step.name));
        for (const [kind, mode] of Object.entries(step.ids)) {
          const before = rows[kind].map((r) => r.id).sort();
          const after = next[kind].map((r) => r.id).sort();
          if (mode === "same") expect({ at: at(step.name), kind, ids: after }).toEqual({ at: at(step.name), kind, ids: before });
          else expect({ at: at(step.name), kind, reused: after.filter((id) => before.includes(id)) }).toEqual({ at: at(step.name), kind, reused: [] });
        }
        rows = next;
        await checkState(s, emu, spec, at(step.name));
        await s.previewExpectNoChanges(`preview --expect-no-changes after ${step.name}`);
        await s.refreshExpectNoChanges(`refresh --expect-no-changes after ${step.name}`);
        await checkState(s, emu, spec, at(`refresh after ${step.name}`));
      }
    }

    if (spec.envCredentials) {
      const checkState = (st: PulumiStack, e: Emulator, sp: ExampleSpec, where: string) => checkStateOf(st, e, sp, where, "dynamic");
      it("takes the API's address and key from NGROK_API_BASE_URL / NGROK_API_KEY", async () => {
        const prepared = (await spec.prepare?.(emu)) ?? {};
        stack = await PulumiStack.create({
          example,
          stack: "e2e-env",
          config: { ...spec.config, ...prepared },
          ...(spec.secretConfig ? { secretConfig: spec.secretConfig } : {}),
          env: { NGROK_API_BASE_URL: emu.url, NGROK_API_KEY: emu.apiKey },
        });
        const s = stack;
        const at = (step: string) => `examples/${example} (credentials from the environment), after ${step}`;
        await s.up("up");
        checkEmulator(emu, spec, spec.expect, at("up"));
        await checkState(s, emu, spec, at("up"));
        await s.refreshExpectNoChanges();
        await checkState(s, emu, spec, at("refresh"));
        await s.destroy();
        for (const kind of spec.kinds) expect({ at: at("destroy"), kind, rows: emu.resources(kind) }).toEqual({ at: at("destroy"), kind, rows: [] });
        stack = undefined;
        s.dispose();
      });
    }
  });
}

/** Ids of the program's own resources in state, by name (last part of the URN). */
function stateIds(state: StackExport): Record<string, string | undefined> {
  return Object.fromEntries(
    (state.deployment.resources ?? [])
      .filter((r) => r.custom && !r.type.startsWith("pulumi:providers:"))
      .map((r) => [r.urn.slice(r.urn.lastIndexOf("::") + 2), r.id]),
  );
}

/** Planned operations of the program's own resources (not the stack, not providers), by name. */
function managedOps(ops: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ops)
      .filter(([urn]) => !urn.includes("::pulumi:pulumi:Stack::") && !urn.includes("::pulumi:providers:"))
      .map(([urn, op]) => [urn.slice(urn.lastIndexOf("::") + 2), op]),
  );
}

/** Asserts the emulator holds exactly the expected rows of every managed kind; returns them. */
function checkEmulator(emu: Emulator, spec: ExampleSpec, expected: Expected, at: string): Record<string, Row[]> {
  const actual: Record<string, Row[]> = {};
  for (const kind of spec.kinds) {
    const rows = emu.resources(kind) as Row[];
    actual[kind] = rows;
    const want = expected[kind] ?? [];
    // Exactly as many as declared (nothing orphaned by a replace), each matching one expectation.
    expect({ at, kind, count: rows.length }).toEqual({ at, kind, count: want.length });
    expect({ at, kind, rows }).toEqual({ at, kind, rows: expect.arrayContaining(want.map((w) => expect.objectContaining(w))) });
  }
  return actual;
}

/** State checks on `pulumi stack export`. */
async function checkStateOf(s: PulumiStack, emu: Emulator, spec: ExampleSpec, at: string, via: Path): Promise<void> {
  const state: StackExport = await s.stackExport();
  const text = JSON.stringify(state);
  // The API key is nowhere in state (it is a secret config value and the provider never stores it).
  expect({ at, apiKeyInState: text.includes(emu.apiKey) }).toEqual({ at, apiKeyInState: false });
  // Nor in anything the CLI printed.
  expect({ at, apiKeyInOutput: s.transcript.includes(emu.apiKey) }).toEqual({ at, apiKeyInOutput: false });

  const resources = state.deployment.resources ?? [];
  if (via === "plugin") {
    // Every resource of the program is the plugin's, by its type token, with no provider code in state.
    const managed = resources.filter((r) => r.custom && !r.type.startsWith("pulumi:providers:"));
    expect({ at, types: managed.filter((r) => !r.type.startsWith("ngrok:index:")).map((r) => r.type) }).toEqual({ at, types: [] });
    expect({ at, managed: managed.length > 0, providerCode: text.includes("__provider") }).toEqual({ at, managed: true, providerCode: false });
  }
  // Dynamic resources: served by the pulumi-nodejs provider, whatever type name they register.
  const dynamic = resources.filter((r) => r.custom && (r.provider as string | undefined)?.includes("::pulumi:providers:pulumi-nodejs::"));
  expect(dynamic.length > 0).toBe(via === "dynamic");
  for (const r of dynamic) {
    for (const where of ["inputs", "outputs"] as const) {
      const provider = r[where]?.["__provider"];
      const size = typeof provider === "string" ? Buffer.byteLength(provider) : -1;
      // Present, and a small stub: the implementation is required by name at call time.
      expect({ at, urn: r.urn, where, ok: size > 0 && size < 4096, size }).toEqual({ at, urn: r.urn, where, ok: true, size });
    }
  }
  const revealed = (await s.stackExportWithSecrets()).deployment.resources ?? [];
  // Every file of the local backend: the checkpoint, its history and backups.
  const backend = filesUnder(path.join(s.tmpDir, "backend")).map((f) => fs.readFileSync(f, "latin1")).join("\n");
  expect({ at, backendFiles: backend.length > 0 }).toEqual({ at, backendFiles: true });
  for (const [name, keys] of Object.entries(spec.secretOutputs)) {
    const r = resources.find((x: StackResource) => x.urn.endsWith(`::${name}`) && x.custom);
    expect({ at, resource: name, found: Boolean(r) }).toEqual({ at, resource: name, found: true });
    const plain = revealed.find((x) => x.urn === r?.urn);
    for (const key of keys) {
      const [top, ...inside] = key.split(".") as [string, ...string[]];
      const v = r?.outputs?.[top];
      expect({ at, resource: name, key, encryptedSecret: isEncryptedSecret(v) }).toEqual({ at, resource: name, key, encryptedSecret: true });
      if (r?.inputs?.[top] !== undefined) {
        // Secret as a whole, or value by value (a policy's credentials, each a secret of its own).
        const input = r.inputs[top];
        const encrypted = isEncryptedSecret(input) || (isPlainObject(input) && Object.values(input).length > 0 && Object.values(input).every(isEncryptedSecret));
        expect({ at, resource: name, key, encryptedInput: encrypted }).toEqual({ at, resource: name, key, encryptedInput: true });
      }
      // The value behind the ciphertext is real, and shows nowhere in clear: not in state, not in output.
      const whole = revealedSecret(plain?.outputs?.[top]);
      let secret = whole;
      for (const part of inside) secret = typeof secret === "object" && secret !== null ? (secret as Record<string, unknown>)[part] : undefined;
      // A key with dots of its own (`trafficPolicySecrets.onHttpRequest[4].actions[0].config.clientSecret`).
      if (secret === undefined && isPlainObject(whole)) secret = whole[inside.join(".")];
      // A value that was a secret of its own inside the secret output.
      secret = revealedSecret(secret) ?? secret;
      expect({ at, resource: name, key, nonEmptyString: typeof secret === "string" && secret.length > 0 }).toEqual({
        at,
        resource: name,
        key,
        nonEmptyString: true,
      });
      const leaked = secretFragments(secret).some((f) => text.includes(f) || s.transcript.includes(f) || backend.includes(f));
      expect({ at, resource: name, key, leaked }).toEqual({ at, resource: name, key, leaked: false });
    }
  }
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * What would show if a secret leaked: the whole value, and each line of a multi-line one (a PEM
 * key appears JSON-escaped in state and re-indented in CLI output, never verbatim). PEM armour
 * lines (-----BEGIN ...-----) are not secret.
 */
function secretFragments(secret: unknown): string[] {
  if (typeof secret !== "string" || secret === "") return [];
  const lines = secret.split(/\r?\n/).map((l) => l.trim()).filter((l) => l.length >= 16 && !l.startsWith("-----"));
  return [secret, ...lines];
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : e.isFile() ? [full] : [];
  });
}
