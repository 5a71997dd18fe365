/**
 * The provider plugin (`pulumi-resource-ngrok`) in its own process, driven over gRPC as the
 * engine drives it, against the emulator: its schema, checks in one line per failure, detailed
 * diffs with replace reasons, every kind's create, import (a read that returns inputs) and
 * delete, secrets kept secret, functions, and the client's retries and waits in the engine's log.
 */
import { startEmulator, type Emulator } from "../../../emulator";
import { definitions, type ResourceKind } from "../../../provider";
import type { TypeSpec } from "../../../provider/contract";
import { inputProperties } from "../../../provider/engine/values";
import { locatingInputs } from "../../../provider/engine/locate";
import { functions } from "../../../provider/functions";
import { send } from "../../emulator/gateway/support";
import { call } from "../../support/api";
import { validInputs } from "../../support/inputs";
import { isSecret, ProviderPlugin, secret, urnOf } from "../../support/plugin";
import { boundKinds } from "../../support/provider";

jest.setTimeout(120_000);

let emu: Emulator;
let plugin: ProviderPlugin;

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false, gateway: true });
  plugin = await ProviderPlugin.start();
  await plugin.configure({
    apiKey: emu.apiKey,
    apiBaseUrl: emu.url,
    rateLimit: "off",
    aiGatewayApiKey: emu.aiGatewayApi.apiKey,
    aiGatewayApiBaseUrl: emu.aiGatewayApi.url,
    aiGatewayRateLimit: "off",
  });
});
afterAll(async () => {
  await plugin?.stop();
  await emu?.close();
});

const kinds = Object.keys(definitions) as ResourceKind[];

/** The value Pulumi's importer writes for a required input it was not given (pkg/importer's zeroValue). */
function zeroOf(type: TypeSpec): unknown {
  switch (type.kind) {
    case "string":
      return "";
    case "integer":
    case "number":
      return 0;
    case "boolean":
      return false;
    case "array":
      return [];
    case "object":
      return Object.fromEntries(Object.entries(type.properties).filter(([, p]) => p.required).map(([name, p]) => [name, zeroOf(p.type)]));
    default:
      return {};
  }
}
const DIFF_NONE = 1;
const DIFF_SOME = 2;

describe("GetSchema", () => {
  it("is the package schema: every kind and function under ngrok:index, the provider's apiKey secret", async () => {
    const schema = await plugin.schema();
    const resources = schema.resources as Record<string, { inputProperties: Record<string, { $ref?: string }> }>;
    for (const kind of kinds) {
      expect(resources).toHaveProperty([`ngrok:index:${kind}`]);
      // A plugin is sent ids, never resources: no input may take a resource.
      for (const p of Object.values(resources[`ngrok:index:${kind}`]!.inputProperties)) expect(p.$ref ?? "").not.toMatch(/^#\/resources\//);
    }
    expect(Object.keys(schema.functions as object).sort()).toEqual(Object.keys(functions).map((f) => `ngrok:index:${f}`).sort());
    const provider = schema.provider as { inputProperties: Record<string, { secret?: boolean }> };
    expect(provider.inputProperties.apiKey).toMatchObject({ secret: true });
  });
});

describe("Check", () => {
  it("answers each failure with no property (the engine would print its value) and a reason that begins with its path", async () => {
    const res = await plugin.check(urnOf("Credential"), {}, { description: "x", acl: ["bind:ok.example.com", "allow:everything"] });
    expect(res.failures).toEqual([{ property: "", reason: expect.stringMatching(/^acl\[1\] is not an ACL rule/) }]);
    expect(JSON.stringify(res.failures)).not.toContain("allow:everything");
  });

  it("keeps a secret input secret in the checked inputs", async () => {
    const res = await plugin.check(urnOf("Credential"), {}, { description: secret("hidden"), acl: [] });
    expect(res.failures).toEqual([]);
    expect(isSecret(res.inputs.description)).toBe(true);
  });
});

describe("Diff", () => {
  const urn = urnOf("ReservedDomain");
  const olds = { domain: "app.example.com", description: "old", region: "" };

  it("lists each changed property with its kind, and the replace reasons", async () => {
    const update = await plugin.diff(urn, "rd_1", olds, { domain: "app.example.com", description: "new" });
    expect(update).toMatchObject({ changes: DIFF_SOME, diffs: ["description"], replaces: [], detailedDiff: { description: { kind: "UPDATE", inputDiff: true } } });

    const replace = await plugin.diff(urn, "rd_1", olds, { domain: "other.example.com", description: "old" });
    expect(replace).toMatchObject({ changes: DIFF_SOME, replaces: ["domain"], detailedDiff: { domain: { kind: "UPDATE_REPLACE" } } });
    expect(Object.keys(replace.detailedDiff)).toEqual(["domain"]);

    const removed = await plugin.diff(urn, "rd_1", olds, { domain: "app.example.com" });
    expect(removed.detailedDiff).toEqual({ description: { kind: "DELETE", inputDiff: true } });
    const added = await plugin.diff(urn, "rd_1", { domain: "app.example.com" }, { domain: "app.example.com", description: "x" });
    expect(added.detailedDiff).toEqual({ description: { kind: "ADD", inputDiff: true } });

    expect(await plugin.diff(urn, "rd_1", olds, { domain: "APP.example.com.", description: "old" })).toMatchObject({ changes: DIFF_NONE, detailedDiff: {} });
  });
});

describe.each(boundKinds.map((k, i) => [k, i] as const))("%s", (kind, n) => {
  it("is created, imported by its id with inputs that diff as no change, and deleted", async () => {
    const urn = urnOf(kind, `r${n}`);
    const def = definitions[kind];
    const inputs = await validInputs[kind](emu, 900 + n);
    const checked = await plugin.check(urn, {}, inputs);
    expect(checked.failures).toEqual([]);
    const created = await plugin.create(urn, checked.inputs);
    for (const [name, prop] of Object.entries(def.properties)) {
      if (prop.secret && created.props[name] !== undefined) expect(isSecret(created.props[name])).toBe(true);
    }

    // `pulumi import`: a read with no state; a resource its id cannot locate alone takes the inputs that do.
    const importId = [...locatingInputs(def).map((k) => String(inputs[k])), created.id].join("/");
    const imported = await plugin.read(urn, importId);
    expect(imported.id).toBe(created.id);
    expect(imported.inputs).toBeDefined();
    const inputNames = new Set(inputProperties(def).map(([name]) => name));
    for (const name of Object.keys(imported.inputs!)) expect(inputNames).toContain(name);
    // What Pulumi's program generators write from: nothing an SDK class sets, and no secret the API never answers.
    const keptOut = inputProperties(def).filter(([name, p]) => p.setBySdk || def.properties[name]!.writeOnly).map(([name]) => name);
    for (const name of keptOut) expect(imported.inputs).not.toHaveProperty(name);
    // What the engine does next: check the imported inputs (only the secrets the program reads from
    // config are missing), and diff them against what was read; then the program's preview diffs its
    // own inputs: no change.
    const fromConfig = inputProperties(def).filter(([name, p]) => p.secret && !p.setBySdk && def.properties[name]!.writeOnly && checked.inputs[name] !== undefined).map(([name]) => name);
    const recheck = await plugin.check(urn, imported.inputs!, imported.inputs!);
    expect(recheck.failures).toEqual(fromConfig.map((property) => ({ property: "", reason: expect.stringMatching(new RegExp(`^${property} is required\\b`)) })));
    // Pulumi's importer writes a required input it was not given as its type's zero value: preview
    // refuses it, naming it, so that it never replaces the value the account holds.
    for (const property of fromConfig.filter((p) => def.properties[p]!.input?.required)) {
      const written = await plugin.check(urn, {}, { ...imported.inputs!, [property]: zeroOf(def.properties[property]!.type) });
      expect(written.failures.map((f) => f.reason)).toContainEqual(expect.stringMatching(new RegExp(`^${property}\\b`)));
    }
    const withConfig = await plugin.check(urn, imported.inputs!, { ...imported.inputs!, ...Object.fromEntries(fromConfig.map((p) => [p, checked.inputs[p]])) });
    expect(withConfig.failures).toEqual([]);
    expect(await plugin.diff(urn, created.id, imported.props!, withConfig.inputs)).toMatchObject({ changes: DIFF_NONE });
    expect(await plugin.diff(urn, created.id, imported.props!, checked.inputs)).toMatchObject({ changes: DIFF_NONE });

    if (def.binding.kind === "singleton") {
      // `pulumi destroy`, a process of its own: in the process that created it, a delete leaves
      // what a create of the run wrote (a resource renamed without an alias, see singleton.ts).
      const destroy = await ProviderPlugin.start();
      try {
        await destroy.configure({ apiKey: emu.apiKey, apiBaseUrl: emu.url, rateLimit: "off", aiGatewayApiKey: emu.aiGatewayApi.apiKey, aiGatewayApiBaseUrl: emu.aiGatewayApi.url, aiGatewayRateLimit: "off" });
        await destroy.delete(urn, created.id, created.props);
      } finally {
        await destroy.stop();
      }
    } else {
      await plugin.delete(urn, created.id, created.props);
    }
    const after = await plugin.read(urn, created.id, created.props, checked.inputs);
    if (def.binding.kind === "singleton") {
      // The one object of its kind stays, with the service's defaults back in place of the program's settings.
      expect(after.id).toBe(created.id);
      for (const name of Object.keys(inputs)) expect({ name, kept: after.props?.[name] === inputs[name] }).toEqual({ name, kept: false });
    } else {
      expect(after.id).toBe("");
    }
  });
});

describe("secrets", () => {
  it("returns outputs the definition calls secret, and outputs whose input was secret, as secrets", async () => {
    const urn = urnOf("Credential", "secrets");
    const created = await plugin.create(urn, { description: secret("a secret description"), acl: [] });
    expect(isSecret(created.props.token)).toBe(true);
    expect(isSecret(created.props.description)).toBe(true);
    expect(isSecret(created.props.acl)).toBe(false);
    const read = await plugin.read(urn, created.id, created.props, { description: secret("a secret description") });
    expect(isSecret(read.props!.token)).toBe(true);
    expect(isSecret(read.props!.description)).toBe(true);
    expect(isSecret(read.inputs!.description)).toBe(true);
    const updated = await plugin.update(urn, created.id, created.props, { description: secret("another"), acl: ["bind:x.example.com"] });
    expect(isSecret(updated.token)).toBe(true);
    expect(isSecret(updated.description)).toBe(true);
    await plugin.delete(urn, created.id, updated);
  });

  it("imports a policy as ngrok's YAML text, its credential left empty for the program's config: preview refuses it until then, and no change after", async () => {
    const urn = urnOf("CloudEndpoint", "imported-policy");
    await call(emu, "POST", "/reserved_domains", { domain: "imported-policy.example.com" });
    const login = "ops:imported-passw0rd";
    const policy = { onHttpRequest: [{ actions: [{ type: "basic-auth", config: { credentials: [login] } }, { type: "custom-response", config: { statusCode: 200, body: "hi" } }] }] };
    const checked = await plugin.check(urn, {}, { url: "https://imported-policy.example.com", trafficPolicy: policy });
    expect(checked.failures).toEqual([]);
    const created = await plugin.create(urn, checked.inputs);

    const imported = await plugin.read(urn, created.id);
    expect(imported.inputs).not.toHaveProperty("trafficPolicySecrets");
    expect(JSON.stringify(imported.inputs)).not.toContain("passw0rd");
    const text = imported.inputs!.trafficPolicy as string;
    expect(text).toMatch(/^on_http_request:\n/);
    expect(text).toContain('credentials:\n            - ""\n');
    const recheck = await plugin.check(urn, imported.inputs!, imported.inputs!);
    expect(recheck.failures.map((f) => f.reason)).toEqual([expect.stringMatching(/^trafficPolicy\.on_http_request\[0\]\.actions\[0\]\.config\.credentials\[0\] /)]);

    // The program puts the credential in its place (from config): the same policy, no change.
    const program = await plugin.check(urn, imported.inputs!, { ...imported.inputs!, trafficPolicy: text.replace('- ""', `- ${JSON.stringify(login)}`) });
    expect(program.failures).toEqual([]);
    expect(await plugin.diff(urn, created.id, imported.props!, program.inputs)).toMatchObject({ changes: DIFF_NONE });
    await plugin.delete(urn, created.id, created.props);
  });
});

describe("Invoke", () => {
  it("runs a function and answers failures naming the argument", async () => {
    const credential = await plugin.create(urnOf("Credential", "agent"), { description: "agent" });
    const session = emu.connectAgent({ credentialId: credential.id, os: "linux", agentVersion: "3.18.4", tunnels: [] });
    const res = await plugin.invoke("ngrok:index:getTunnelSessions", {});
    expect(res.failures).toEqual([]);
    expect(res.result!.ids).toContain(session.id);
    const bad = await plugin.invoke("ngrok:index:getTunnelSession", {});
    expect(bad.failures).toEqual([expect.stringContaining("id is required")]);
  });
});

describe("Invoke: private endpoints", () => {
  it("looks a private endpoint up by URL, with the pool's endpoints, and lists them", async () => {
    const credential = await plugin.create(urnOf("Credential", "pool"), { description: "pool" });
    const pooled = { proto: "https" as const, publicUrl: "https://plugin-pool.internal", forwardsTo: "localhost:8080", poolingEnabled: true };
    for (let i = 0; i < 2; i++) emu.connectAgent({ credentialId: credential.id, os: "linux", agentVersion: "3.19.0", tunnels: [pooled] });
    const one = await plugin.invoke("ngrok:index:getPrivateEndpoint", { url: "https://plugin-pool.internal" });
    expect(one.failures).toEqual([]);
    expect(one.result).toMatchObject({ url: "https://plugin-pool.internal", scheme: "https", hostname: "plugin-pool.internal", port: 443 });
    expect((one.result!.endpoints as { poolingEnabled: boolean }[]).map((e) => e.poolingEnabled)).toEqual([true, true]);
    const all = await plugin.invoke("ngrok:index:getPrivateEndpoints", { credentialId: credential.id });
    expect(all.result!.urls).toEqual(["https://plugin-pool.internal"]);
    await expect(plugin.invoke("ngrok:index:getPrivateEndpoint", { url: "https://plugin-pool.example.com" })).rejects.toThrow(
      "getPrivateEndpoint: url must be an http, https, tcp or tls URL on a .internal or .ngrok.direct host",
    );
  });
});

describe("Invoke: Traffic Identities", () => {
  it("reads who signed in through the gateway: a user by email, the sessions on an endpoint", async () => {
    expect((await call(emu, "POST", "/reserved_domains", { domain: "signin.plugin.example.com" })).status).toBe(201);
    const policy = "on_http_request:\n  - actions:\n      - { type: oauth, config: { provider: google } }\n      - { type: custom-response, config: { status_code: 200 } }\n";
    const endpoint = await plugin.create(urnOf("CloudEndpoint", "signin"), { url: "https://signin.plugin.example.com", trafficPolicy: policy });
    expect((await send(emu.gateway!.url, "signin.plugin.example.com", "/", { headers: { "ngrok-emulator-identity": "erin@example.com" } })).status).toBe(200);

    const user = await plugin.invoke("ngrok:index:getApplicationUser", { email: "erin@example.com" });
    expect(user.failures).toEqual([]);
    expect(user.result).toMatchObject({ email: "erin@example.com", identityProvider: { name: "google" } });
    const sessions = await plugin.invoke("ngrok:index:getApplicationSessions", { endpointId: endpoint.id });
    expect(sessions.result).toMatchObject({ applicationSessions: [{ applicationUser: { id: user.result!.id }, publicUrl: "https://signin.plugin.example.com" }] });
    await plugin.delete(urnOf("CloudEndpoint", "signin"), endpoint.id, endpoint.props);
  });
});

describe("the engine's log", () => {
  it("hears of each retry, naming the resource", async () => {
    const urn = urnOf("IpPolicy", "retried");
    const created = await plugin.create(urn, { description: "retried" });
    emu.scriptFault({ method: "GET", path: /^\/ip_policies/, kind: "status-before", status: 503, retryAfterSeconds: 0 });
    plugin.logs.length = 0;
    await plugin.read(urn, created.id, created.props, { description: "retried" });
    expect(plugin.logs).toEqual([{ severity: 1, urn, message: expect.stringMatching(/^ngrok: GET \/ip_policies\S* answered 503; retrying in/) }]);
    await plugin.delete(urn, created.id, created.props);
  });

  it("hears of a wait for room under the rate limit", async () => {
    const paced = await ProviderPlugin.start({ PULUMI_NGROK_PACING_DIR: "" });
    try {
      await paced.configure({ apiKey: emu.apiKey, apiBaseUrl: emu.url, rateLimit: "1/3" });
      const urn = urnOf("IpPolicy", "paced");
      const a = await paced.create(urn, { description: "paced a" });
      await paced.delete(urn, a.id, a.props);
      expect(paced.logs.map((l) => l.message)).toContain(`ngrok: DELETE /ip_policies/${a.id} waits for room under the API's rate limit`);
    } finally {
      await paced.stop();
    }
  });
});
