/**
 * A stack moves between the two Node.js packages, the dynamic door (pulumi-ngrok) and the plugin
 * door (pulumi-ngrok-plugin installed under the name pulumi-ngrok), by its installed package
 * alone: the program's text stays. Each class registers the other door's type as an alias, so the
 * engine finds every resource (children under aliased parents too) under its old URN, asks the new
 * provider's DiffConfig (which never asks for a replacement) and Diff, and keeps the resource
 * (pkg/resource/deploy/step_generator.go, `providerChanged`). With the real CLI against the
 * emulator; the program is test/e2e/programs/doors.
 *
 * - dynamic -> plugin: preview plans no create, replace or delete of the program's resources, `up`
 *   keeps every id and writes nothing to the API, and refresh then finds no change.
 * - plugin -> dynamic: the dynamic host's Diff reports a change for a resource whose old outputs
 *   lack `__provider` (the stub Pulumi's dynamic-provider host needs to read or delete it later),
 *   so `up` updates each resource once, in place, and writes the stub into its state.
 */
import * as fs from "fs";
import * as path from "path";
import { pluginPackage } from "../support/plugin-package";
import { useEmulatorStacks } from "./fixture";
import { installPlugin, pluginTarball } from "./plugin-install";
import { repoRoot, type PulumiStack, type StackExport } from "./pulumi";

jest.setTimeout(20 * 60_000);

const fx = useEmulatorStacks({ emulator: { rateLimit: false }, ready: () => Promise.all([pluginTarball(), Promise.resolve(pluginPackage())]) });

/** The program's resources, by name (the last part of the URN). */
const names = ["app", "endpoint", "agents", "edge", "web", "web-breaker"];
const dynamicType = (kind: string) => `pulumi-nodejs:dynamic/ngrok:${kind}`;
const pluginType = (kind: string) => `ngrok:index:${kind}`;

type Door = "dynamic" | "plugin";

/** A copy of the program under .pulumi-test/ (where `@pulumi/pulumi` and pulumi-ngrok resolve from the repository). */
function programCopy(name: string): string {
  const dir = path.join(repoRoot, ".pulumi-test", "doors", `${name}-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(__dirname, "programs", "doors"), dir, { recursive: true });
  return dir;
}

/**
 * Puts the program on a door: the plugin's package installed in its node_modules under the name
 * pulumi-ngrok (`npm install pulumi-ngrok@file:<tarball>`), or none, so that pulumi-ngrok
 * resolves to the repository's dynamic package.
 */
function useDoor(programDir: string, door: Door): void {
  const installed = path.join(programDir, "node_modules", "pulumi-ngrok");
  fs.rmSync(installed, { recursive: true, force: true });
  if (door === "plugin") fs.cpSync(pluginPackage().dir, installed, { recursive: true });
}

async function newStack(door: Door): Promise<PulumiStack> {
  const programDir = programCopy(door);
  useDoor(programDir, door);
  const stack = await fx.create({ programDir, config: { "ngrok:rateLimit": "off" }, secretConfig: { basicAuth: "alice:doors-passw0rd" } });
  // Installed from the start: the way back from the plugin needs it too, to read the old state.
  await installPlugin(stack);
  return stack;
}

interface Resource {
  type: string;
  id: string | undefined;
  stub: { inputs: boolean; outputs: boolean };
}

/** The program's resources in state, by name. */
function resources(state: StackExport): Record<string, Resource> {
  return Object.fromEntries(
    (state.deployment.resources ?? [])
      .filter((r) => r.custom && !r.type.startsWith("pulumi:providers:"))
      .map((r) => [
        r.urn.slice(r.urn.lastIndexOf("::") + 2),
        { type: r.type, id: r.id, stub: { inputs: typeof r.inputs?.__provider === "string", outputs: typeof r.outputs?.__provider === "string" } },
      ]),
  );
}

/** `preview --json --show-sames`: the planned operations of each of the program's resources, by name (a create and a delete when no alias matched). */
async function plan(stack: PulumiStack, step: string): Promise<Record<string, string[]>> {
  const r = await stack.pulumi(step, "preview", "--json", "--show-sames");
  const steps = (JSON.parse(r.stdout) as { steps?: { op: string; urn: string; oldState?: { urn: string } }[] }).steps ?? [];
  // The engine's plan, for the record: op, URN, and the URN it was found under when aliased.
  process.stdout.write(`${step}:\n${steps.map((s) => `  ${s.op} ${s.urn}${s.oldState && s.oldState.urn !== s.urn ? ` (was ${s.oldState.urn})` : ""}`).join("\n")}\n`);
  const ops: Record<string, string[]> = {};
  for (const s of steps.filter((st) => !st.urn.includes("::pulumi:pulumi:Stack::") && !st.urn.includes("::pulumi:providers:"))) {
    (ops[s.urn.slice(s.urn.lastIndexOf("::") + 2)] ??= []).push(s.op);
  }
  return ops;
}

/** Every collection the program's resources live in, as the emulator holds them (routes carry their modules). */
function rows(): Record<string, unknown[]> {
  return Object.fromEntries(["reserved_domains", "endpoints", "credentials", "https_edges", "https_edge_routes"].map((k) => [k, fx.emu.resources(k)]));
}

const writes = (): number => fx.emu.requests.filter((r) => r.method !== "GET").length;

it("moves a stack from pulumi-ngrok to the plugin's package: no create, replace or delete, every id kept, nothing written to the API", async () => {
  const stack = await newStack("dynamic");
  await stack.up("up (dynamic)");
  const before = resources(await stack.stackExport());
  expect(Object.keys(before).sort()).toEqual([...names].sort());
  for (const r of Object.values(before)) expect(r).toMatchObject({ type: expect.stringMatching(/^pulumi-nodejs:dynamic\/ngrok:/), stub: { inputs: true, outputs: true } });
  const api = rows();
  const token = (await stack.outputs({ showSecrets: true })).agentToken;

  useDoor(stack.programDir, "plugin");
  const planned = await plan(stack, "preview --json (the plugin's package)");
  expect(planned).toEqual(Object.fromEntries(names.map((n) => [n, ["same"]])));

  const written = writes();
  await stack.up("up (the plugin's package)");
  expect({ writes: writes() - written }).toEqual({ writes: 0 });
  const after = resources(await stack.stackExport());
  expect(Object.fromEntries(names.map((n) => [n, { type: after[n]!.type, id: after[n]!.id }]))).toEqual(
    Object.fromEntries(names.map((n) => [n, { type: pluginType(before[n]!.type.split(":").pop()!), id: before[n]!.id }])),
  );
  expect(rows()).toEqual(api);
  expect((await stack.outputs({ showSecrets: true })).agentToken).toBe(token);

  // The outputs the engine kept for each resource (a `same` step) still hold the stub; the
  // plugin's reads answer without it, which a refresh does not count as a change.
  await stack.refreshExpectNoChanges("refresh --expect-no-changes (the plugin's package)");
  await stack.previewExpectNoChanges("preview --expect-no-changes (the plugin's package)");
  const refreshed = resources(await stack.stackExport());
  expect(Object.values(refreshed).map((r) => r.stub)).toEqual(names.map(() => ({ inputs: false, outputs: false })));
  expect({ writes: writes() - written }).toEqual({ writes: 0 });
  await stack.destroy();
  expect(Object.values(rows()).flat()).toEqual([]);
});

it("moves a stack from the plugin's package to pulumi-ngrok: one in-place update per resource writes the stub into state, every id kept", async () => {
  const stack = await newStack("plugin");
  await stack.up("up (the plugin's package)");
  const before = resources(await stack.stackExport());
  expect(Object.keys(before).sort()).toEqual([...names].sort());
  for (const r of Object.values(before)) expect(r).toMatchObject({ type: expect.stringMatching(/^ngrok:index:/), stub: { inputs: false, outputs: false } });
  const api = rows();
  const token = (await stack.outputs({ showSecrets: true })).agentToken;

  useDoor(stack.programDir, "dynamic");
  const planned = await plan(stack, "preview --json (pulumi-ngrok)");
  expect(planned).toEqual(Object.fromEntries(names.map((n) => [n, ["update"]])));

  await stack.up("up (pulumi-ngrok)");
  const after = resources(await stack.stackExport());
  expect(after).toEqual(
    Object.fromEntries(names.map((n) => [n, { type: dynamicType(before[n]!.type.split(":").pop()!), id: before[n]!.id, stub: { inputs: true, outputs: true } }])),
  );
  // The same objects: none replaced, none added (an update may rewrite what it already holds).
  const ids = (all: Record<string, unknown[]>) => Object.fromEntries(Object.entries(all).map(([k, v]) => [k, (v as { id: string }[]).map((r) => r.id).sort()]));
  expect(ids(rows())).toEqual(ids(api));
  expect((await stack.outputs({ showSecrets: true })).agentToken).toBe(token);

  await stack.refreshExpectNoChanges("refresh --expect-no-changes (pulumi-ngrok)");
  await stack.previewExpectNoChanges("preview --expect-no-changes (pulumi-ngrok)");
  await stack.destroy();
  expect(Object.values(rows()).flat()).toEqual([]);
});
