/**
 * The real dynamic-provider host from @pulumi/pulumi, in its own process, driven over gRPC as
 * the engine drives it, runs the Credential lifecycle through the serialised stub; takes over a
 * resource the plugin managed; and tells failures in one line.
 */
import type { Emulator } from "../../../emulator";
import { startEmulator } from "../../../emulator";
import { DynamicProviderHost } from "../../support/host";
import { ProviderPlugin, isSecret, urnOf } from "../../support/plugin";
import { captureRegistrations } from "../../support/serialised";
import { call } from "../../support/api";
import { credentialStub010 } from "../../support/stub-texts";

const sdk = require("pulumi-ngrok") as typeof import("../../../sdk/generated");

let emu: Emulator;
let host: DynamicProviderHost;
let providerText: string;
const urn = "urn:pulumi:dev::host-test::pulumi-nodejs:dynamic/ngrok:Credential::agent";

beforeAll(async () => {
  emu = await startEmulator();
  const captured = await captureRegistrations(() => new sdk.Credential("agent", { description: "x" }));
  providerText = captured[0]!.inputs.__provider as string;
  host = await DynamicProviderHost.start();
});
afterAll(async () => {
  await host?.stop();
  await emu?.close();
});

it("runs check, create, read, diff, update and delete through the serialised stub", async () => {
  await host.configure({ "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": emu.url });
  const p = { __provider: providerText };

  const bad = await host.check(urn, {}, { ...p, acl: ["allow:everything"] });
  // Through the real host too, the failure names no property (the engine would print its value).
  expect(bad.failures).toEqual([{ property: "", reason: expect.stringMatching(/^acl\[0\] is not an ACL rule/) }]);
  expect(bad.failures[0]!.reason).not.toContain("allow:everything");

  const inputs = { ...p, description: "via the host", acl: ["bind:*.example.com"] };
  const checked = await host.check(urn, {}, inputs);
  expect(checked.failures).toEqual([]);

  const created = await host.create(urn, checked.inputs);
  expect(created.id).toMatch(/^cr_/);
  const token = created.props.token;
  expect(typeof token).toBe("string");
  expect(created.props.__provider).toBe(providerText);
  expect(emu.resources("credentials")).toHaveLength(1);

  const read = await host.read(urn, created.id, created.props);
  expect(read.id).toBe(created.id);
  expect(read.props.token).toBe(token);

  const none = await host.diff(urn, created.id, read.props, checked.inputs);
  expect(none.changes).toBe(1); // DIFF_NONE
  const replace = await host.diff(urn, created.id, read.props, { ...checked.inputs, ownerId: "usr_2otherownerxxxxxxxxxxxxxxxx" });
  expect(replace).toMatchObject({ changes: 2, replaces: ["ownerId"] }); // DIFF_SOME

  const news = { ...checked.inputs, description: "updated via the host" };
  expect((await host.diff(urn, created.id, read.props, news)).changes).toBe(2);
  const updated = await host.update(urn, created.id, read.props, news);
  expect(updated).toMatchObject({ description: "updated via the host", token });
  expect((await call(emu, "GET", `/credentials/${created.id}`)).json).toMatchObject({ description: "updated via the host", token: null });

  await host.delete(urn, created.id, updated);
  expect(emu.resources("credentials")).toHaveLength(0);
  await host.delete(urn, created.id, updated); // already gone: still succeeds
  expect((await host.read(urn, created.id, updated)).id).toBe("");

  // Errors reach the engine with the API's status and code, and without the API key.
  const err = await host.create(urn, { ...p, acl: ["nonsense"] }).catch((e: Error) => e);
  expect(String(err)).toMatch(/HTTP 400 ERR_NGROK_600/);
  expect(String(err)).not.toContain(emu.apiKey);
  expect(host.stderr.join("")).not.toContain(emu.apiKey);
});

it("serves a state an earlier release wrote: its stub refreshes and destroys, and the new stub sees no change", async () => {
  await host.configure({ "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": emu.url });
  const old = { __provider: credentialStub010 };
  expect(credentialStub010).not.toBe(providerText);

  const inputs = { description: "made by 0.1.0", acl: ["bind:*.example.com"] };
  const checked = await host.check(urn, {}, { ...old, ...inputs });
  expect(checked.failures).toEqual([]);
  const created = await host.create(urn, checked.inputs);
  expect(created.props.__provider).toBe(credentialStub010);

  const read = await host.read(urn, created.id, created.props);
  expect(read).toMatchObject({ id: created.id, props: { description: "made by 0.1.0", token: created.props.token } });

  // The preview after an upgrade: the program sends the new stub; the diff ignores the stub text.
  const news = { __provider: providerText, ...inputs };
  expect((await host.diff(urn, created.id, read.props, news)).changes).toBe(1); // DIFF_NONE
  const changed = { ...news, description: "updated by the new release" };
  expect((await host.diff(urn, created.id, read.props, changed)).changes).toBe(2); // DIFF_SOME
  const updated = await host.update(urn, created.id, read.props, changed);
  expect(updated).toMatchObject({ description: "updated by the new release", token: created.props.token, __provider: providerText });

  // A destroy straight after the upgrade runs the stub the state holds.
  await host.delete(urn, created.id, read.props);
  expect(emu.resources("credentials")).toHaveLength(0);
});

describe("a resource the plugin managed, whose program moved to this door (an alias)", () => {
  let plugin: ProviderPlugin;
  beforeAll(async () => {
    plugin = await ProviderPlugin.start();
    await plugin.configure({ apiKey: emu.apiKey, apiBaseUrl: emu.url });
  });
  afterAll(async () => {
    await plugin?.stop();
  });

  it("diffs as a change, and its update writes the stub into state without a request to the API; then it is an ordinary resource", async () => {
    await host.configure({ "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": emu.url });
    const inputs = { description: "made through the plugin", acl: ["bind:*.example.com"] };
    const made = await plugin.create(urnOf("Credential", "moved"), inputs);
    // The engine hands the dynamic-provider host the state's outputs with their secrets unwrapped.
    const olds = revealed(made.props);
    expect(olds).not.toHaveProperty("__provider");
    const news = { __provider: providerText, ...inputs };

    expect(await host.diff(urn, made.id, olds, news)).toEqual({ changes: 2, replaces: [], deleteBeforeReplace: false }); // DIFF_SOME
    emu.clearRequests();
    const updated = await host.update(urn, made.id, olds, news);
    expect(emu.requests).toEqual([]);
    expect(updated).toEqual({ ...olds, __provider: providerText });

    // From now on, the state holds the stub: no change, and a real change goes to the API.
    expect((await host.diff(urn, made.id, updated, news)).changes).toBe(1); // DIFF_NONE
    const changed = { ...news, description: "changed after the move" };
    expect((await host.diff(urn, made.id, updated, changed)).changes).toBe(2);
    expect(await host.update(urn, made.id, olds, changed)).toMatchObject({ description: "changed after the move", token: olds.token, __provider: providerText });
    expect((await call(emu, "GET", `/credentials/${made.id}`)).json).toMatchObject({ description: "changed after the move" });
    await host.delete(urn, made.id, updated);
  });
});

describe("failures", () => {
  // The host configures each stub text once per process: a host of its own for other settings.
  let refused: DynamicProviderHost;
  beforeAll(async () => {
    refused = await DynamicProviderHost.start();
    await refused.configure({ "ngrok:apiKey": "not-the-key", "ngrok:apiBaseUrl": emu.url, "ngrok:maxRetries": "0" });
  });
  afterAll(async () => {
    await refused?.stop();
  });

  it("reach the engine in one line, without the host's echo of their stack on stderr", async () => {
    const err = await refused.read(urn, "cr_2abcdefghijklmnopqrstuvwxyz", { __provider: providerText, description: "x" }).catch((e: Error) => e);
    expect(String(err)).toMatch(/The ngrok API key was refused/);
    const stderr = refused.stderr.join("");
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stderr).not.toContain("ApiError");
  });
});

/** Properties as the engine hands them to a dynamic provider: secrets unwrapped. */
function revealed(props: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, isSecret(v) ? (v as { value: unknown }).value : v]));
}

it("answers a changed secret value (an input the API never returns) as unknown, so that the engine marks it; any other update as some", async () => {
  await host.configure({ "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": emu.url });
  const captured = await captureRegistrations(() => new sdk.VaultSecret("token", { vaultId: "vault_x", name: "t", value: "v" }));
  const secretUrn = "urn:pulumi:dev::host-test::pulumi-nodejs:dynamic/ngrok:VaultSecret::token";
  const vaultId = (await call(emu, "POST", "/vaults", { name: "host-rotation" })).json.id as string;
  const inputs = { __provider: captured[0]!.inputs.__provider as string, vaultId, name: "token", value: "first-value" };
  const created = await host.create(secretUrn, (await host.check(secretUrn, {}, inputs)).inputs);

  expect((await host.diff(secretUrn, created.id, created.props, inputs)).changes).toBe(1); // DIFF_NONE
  // DIFF_UNKNOWN: the engine diffs the old and new inputs itself, and marks `value`.
  expect(await host.diff(secretUrn, created.id, created.props, { ...inputs, value: "rotated-value" })).toEqual({ changes: 0, replaces: [], deleteBeforeReplace: false });
  expect((await host.diff(secretUrn, created.id, created.props, { ...inputs, description: "described" })).changes).toBe(2); // DIFF_SOME
  // A replace keeps its answer whatever else changed.
  expect(await host.diff(secretUrn, created.id, created.props, { ...inputs, value: "rotated-value", vaultId: "vault_2abcdefghijklmnopqrstuvwxyz" })).toMatchObject({
    changes: 2,
    replaces: ["vaultId"],
  });
  await host.delete(secretUrn, created.id, created.props);
});
