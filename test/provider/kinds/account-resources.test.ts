/**
 * The life cycle of each credentials-and-access and backend resource through the provider's
 * operations, against the emulator over loopback, driven by one table: create, read, no-change
 * diff (also for the service's normalisation), an in-place update of every mutable input, a
 * replace for every immutable one, refresh after an out-of-band change, delete, delete again,
 * and adoption (`importId`, and the read `Resource.get` makes).
 */
import type { Emulator } from "../../../emulator";
import { definitions, type BoundKind, type Handler, type Provider } from "../../../provider";
import { inputProperties } from "../../../provider/engine/values";
import { call } from "../../support/api";
import { aiEndpoint } from "../../support/inputs";
import { emulatorForProvider } from "../../support/provider";
import { sshPublicKeyLine } from "../../support/ssh";
import { idPrefixOf } from "../../../provider/engine/locate";

type Props = Record<string, unknown>;
type Deps = Record<string, string>;

interface Row {
  kind: BoundKind;
  /** Resources the row refers to, made through the API: name → id. */
  setup?: () => Promise<Deps>;
  inputs: (d: Deps) => Props;
  /** What the API holds after create (a subset, in the API's field names). */
  api: (d: Deps) => Props;
  /** Inputs the service stores differently, or leaves to its default: never a diff. */
  same?: (d: Deps) => Props[];
  /** Changes applied in place one after the other (`undefined` removes an input), and what the API then holds. */
  updates: (d: Deps) => { change: Props; api: Props }[];
  /** Changes each of which replaces the resource. */
  replaces: (d: Deps) => Props[];
  /** An out-of-band PATCH through the API, and the property and value a refresh then reads. */
  drift: (d: Deps) => { body: Props; property: string; value: unknown };
}

const keyA = sshPublicKeyLine("ssh-ed25519", "deploy@ci");
const keyB = sshPublicKeyLine("ecdsa-sha2-nistp256", "deploy@ci");
const otherOwner = "bot_2abcdefghijklmnopqrstuvwxy";
const policy = async (description: string) => (await call(emu, "POST", "/ip_policies", { description })).json.id as string;
const sshAuthority = async () => (await call(emu, "POST", "/ssh_certificate_authorities", { private_key_type: "ed25519" })).json.id as string;
let vaults = 0;
const vault = async (name: string) => (await call(emu, "POST", "/vaults", { name: `${name}-${++vaults}` })).json.id as string;
let aiEndpoints = 0;
const responseBackend = async (body: string) => (await call(emu, "POST", "/backends/http_response", { body })).json.id as string;

const rows: Row[] = [
  {
    kind: "SshCredential",
    inputs: () => ({ description: "deploy host", metadata: '{"team":"ops"}', publicKey: keyA, acl: ["bind:*.example.com"] }),
    api: () => ({ description: "deploy host", metadata: '{"team":"ops"}', public_key: keyA, acl: ["bind:*.example.com"], owner_id: expect.stringMatching(/^usr_/) }),
    same: () => [
      { publicKey: `${keyA}\n` }, // read from a file
      { publicKey: keyA.replace("deploy@ci", "renamed@laptop") }, // the comment is not the key
      { publicKey: `  ${keyA.replace(/ /g, "  ")}  ` },
    ],
    updates: () => [
      { change: { description: "deploy hosts" }, api: { description: "deploy hosts" } },
      { change: { metadata: '{"team":"platform"}' }, api: { metadata: '{"team":"platform"}' } },
      { change: { acl: ["bind:deploy.example.com", "bind:env=prod"] }, api: { acl: ["bind:deploy.example.com", "bind:env=prod"] } },
      { change: { acl: undefined, metadata: undefined }, api: { acl: [] } },
    ],
    replaces: () => [{ publicKey: keyB }, { ownerId: otherOwner }],
    drift: () => ({ body: { acl: ["*"] }, property: "acl", value: ["*"] }),
  },
  {
    kind: "IpPolicy",
    inputs: () => ({ description: "office networks", metadata: "m" }),
    api: () => ({ description: "office networks", metadata: "m" }),
    same: () => [{ description: "office networks", metadata: "m" }],
    updates: () => [
      { change: { description: "offices and VPN" }, api: { description: "offices and VPN" } },
      { change: { metadata: '{"v":2}' }, api: { metadata: '{"v":2}' } },
      { change: { metadata: undefined }, api: {} },
      // Its rules are IP policy rules of their own (test/provider/kinds/ip-policy-rules.test.ts): the item itself is unchanged.
      { change: { rules: [{ cidr: "203.0.113.0/24", action: "allow" }] }, api: {} },
    ],
    replaces: () => [],
    drift: () => ({ body: { description: "edited in the dashboard" }, property: "description", value: "edited in the dashboard" }),
  },
  {
    kind: "IpPolicyRule",
    setup: async () => ({ office: await policy("office"), vpn: await policy("vpn") }),
    inputs: (d) => ({ ipPolicyId: d.office, cidr: "203.0.113.0/24", action: "allow", description: "sf office" }),
    api: (d) => ({ ip_policy: { id: d.office, uri: expect.stringContaining(d.office!) }, cidr: "203.0.113.0/24", action: "allow", description: "sf office" }),
    updates: () => [
      { change: { cidr: "2001:db8::/32" }, api: { cidr: "2001:db8::/32" } },
      { change: { description: "sf office (IPv6)" }, api: { description: "sf office (IPv6)" } },
      { change: { metadata: "m" }, api: { metadata: "m" } },
    ],
    replaces: (d) => [{ action: "deny" }, { ipPolicyId: d.vpn }],
    drift: () => ({ body: { cidr: "198.51.100.0/24" }, property: "cidr", value: "198.51.100.0/24" }),
  },
  {
    kind: "IpRestriction",
    setup: async () => ({ office: await policy("office"), vpn: await policy("vpn"), home: await policy("home") }),
    inputs: (d) => ({ type: "dashboard", ipPolicyIds: [d.office, d.vpn], description: "dashboard from the office" }),
    api: (d) => ({ type: "dashboard", enforced: false, ip_policies: [expect.objectContaining({ id: d.office }), expect.objectContaining({ id: d.vpn })] }),
    same: (d) => [
      { ipPolicyIds: [d.vpn, d.office] }, // a set: order is no change
      { ipPolicyIds: [d.office, d.vpn, d.office] },
      { enforced: false }, // the default, said explicitly
    ],
    updates: (d) => [
      { change: { enforced: true }, api: { enforced: true } },
      { change: { ipPolicyIds: [d.home] }, api: { ip_policies: [expect.objectContaining({ id: d.home })] } },
      { change: { description: "dashboard from home" }, api: { description: "dashboard from home" } },
      { change: { metadata: "m" }, api: { metadata: "m" } },
      { change: { enforced: undefined }, api: { enforced: false } },
    ],
    replaces: () => [{ type: "api" }],
    drift: () => ({ body: { enforced: true }, property: "enforced", value: true }),
  },
  {
    kind: "HttpResponseBackend",
    inputs: () => ({ body: "Down for maintenance", headers: { "Content-Type": "text/plain", "Retry-After": "600" }, statusCode: 503 }),
    api: () => ({ body: "Down for maintenance", headers: { "content-type": "text/plain", "retry-after": "600" }, status_code: 503 }),
    same: () => [
      { headers: { "content-type": "text/plain", "retry-after": "600" } }, // as the service stores them
      { headers: { "RETRY-AFTER": "600", "CONTENT-TYPE": "text/plain" } },
      { statusCode: undefined }, // absent keeps the service's value
    ],
    updates: () => [
      { change: { body: "Back soon" }, api: { body: "Back soon" } },
      { change: { headers: { "Content-Type": "text/html" } }, api: { headers: { "content-type": "text/html" } } },
      { change: { statusCode: 200 }, api: { status_code: 200 } },
      { change: { description: "maintenance page" }, api: { description: "maintenance page" } },
      { change: { metadata: "m" }, api: { metadata: "m" } },
      { change: { headers: undefined, body: undefined }, api: { headers: {}, body: "" } },
    ],
    replaces: () => [],
    drift: () => ({ body: { status_code: 500 }, property: "statusCode", value: 500 }),
  },
  {
    kind: "FailoverBackend",
    setup: async () => ({ first: await responseBackend("first"), second: await responseBackend("second") }),
    inputs: (d) => ({ backends: [d.first, d.second], description: "web" }),
    api: (d) => ({ backends: [d.first, d.second], description: "web" }),
    updates: (d) => [
      { change: { backends: [d.second, d.first] }, api: { backends: [d.second, d.first] } }, // order matters
      { change: { description: "web, reordered" }, api: { description: "web, reordered" } },
      { change: { metadata: "m" }, api: { metadata: "m" } },
    ],
    replaces: () => [],
    drift: (d) => ({ body: { backends: [d.first] }, property: "backends", value: [d.first] }),
  },
  {
    kind: "TunnelGroupBackend",
    inputs: () => ({ labels: { app: "web" }, description: "web servers" }),
    api: () => ({ labels: { app: "web" }, description: "web servers", tunnels: [] }),
    same: () => [{ labels: { app: "web" } }],
    updates: () => [
      { change: { labels: { app: "web", env: "prod" } }, api: { labels: { app: "web", env: "prod" } } },
      { change: { description: "prod web servers" }, api: { description: "prod web servers" } },
      { change: { metadata: "m" }, api: { metadata: "m" } },
    ],
    replaces: () => [],
    drift: () => ({ body: { labels: { app: "api" } }, property: "labels", value: { app: "api" } }),
  },  {
    kind: "Vault",
    inputs: () => ({ name: "app-secrets", description: "the app's secrets", metadata: "m" }),
    api: () => ({ name: "app-secrets", description: "the app's secrets", metadata: "m" }),
    updates: () => [
      { change: { name: "app-secrets-v2" }, api: { name: "app-secrets-v2" } },
      { change: { description: "renamed" }, api: { description: "renamed" } },
      { change: { metadata: undefined }, api: {} },
    ],
    replaces: () => [],
    drift: () => ({ body: { description: "edited in the dashboard" }, property: "description", value: "edited in the dashboard" }),
  },
  {
    kind: "VaultSecret",
    setup: async () => ({ app: await vault("app"), other: await vault("other") }),
    inputs: (d) => ({ vaultId: d.app, name: "upstream-token", value: "v1-s3cret-value", description: "the upstream's token" }),
    api: (d) => ({ name: "upstream-token", vault: { id: d.app, uri: expect.stringContaining(d.app!) }, vault_name: expect.stringMatching(/^app-/), description: "the upstream's token" }),
    updates: () => [
      // A rotation: an update like any other, though no answer of the API holds the value.
      { change: { value: "v2-r0tated-value" }, api: { name: "upstream-token" } },
      { change: { name: "api-token" }, api: { name: "api-token" } },
      { change: { description: "rotated monthly" }, api: { description: "rotated monthly" } },
      { change: { metadata: '{"rotation":"monthly"}' }, api: { metadata: '{"rotation":"monthly"}' } },
    ],
    replaces: (d) => [{ vaultId: d.other }],
    drift: () => ({ body: { description: "edited in the dashboard" }, property: "description", value: "edited in the dashboard" }),
  },
  {
    kind: "ServiceUser",
    inputs: () => ({ name: "ci-deployer" }),
    api: () => ({ name: "ci-deployer", active: true }),
    same: () => [{ active: true }], // the default, said explicitly
    updates: () => [
      { change: { name: "ci-deployer-2" }, api: { name: "ci-deployer-2" } },
      { change: { active: false }, api: { active: false } },
      { change: { active: undefined }, api: { active: true } },
    ],
    replaces: () => [],
    drift: () => ({ body: { active: false }, property: "active", value: false }),
  },
  {
    kind: "ApiKey",
    // Another owner is one of the account's service users (the API refuses an owner it does not know).
    setup: async () => ({ owner: (await call(emu, "POST", "/service_users", { name: "key-owner" })).json.id as string }),
    inputs: () => ({ description: "nightly cleanup", metadata: "m" }),
    api: () => ({ description: "nightly cleanup", metadata: "m", owner_id: expect.stringMatching(/^usr_/), token: null }),
    updates: () => [
      { change: { description: "hourly cleanup" }, api: { description: "hourly cleanup" } },
      { change: { metadata: undefined }, api: {} },
    ],
    replaces: (d) => [{ ownerId: d["owner"] }],
    drift: () => ({ body: { description: "edited in the dashboard" }, property: "description", value: "edited in the dashboard" }),
  },
  {
    kind: "AiGatewayApiKey",
    // Cloud endpoints whose policies run the `ai-gateway` action: the API refuses a key for any other.
    setup: async () => ({ first: await aiEndpoint(emu, ++aiEndpoints), second: await aiEndpoint(emu, ++aiEndpoints) }),
    inputs: (d) => ({ endpointId: d.first, description: "chat app", metadata: "m" }),
    api: (d) => ({ description: "chat app", metadata: "m", endpoint: { id: d.first, uri: expect.stringContaining(d.first!) }, token: null }),
    updates: (d) => [
      { change: { description: "chat app (prod)" }, api: { description: "chat app (prod)" } },
      { change: { endpointId: d.second }, api: { endpoint: { id: d.second, uri: expect.stringContaining(d.second!) } } },
      { change: { metadata: undefined }, api: {} },
    ],
    replaces: () => [],
    drift: () => ({ body: { description: "edited in the dashboard" }, property: "description", value: "edited in the dashboard" }),
  },
  {
    kind: "AiGatewayProviderKey",
    // AI gateway API keys to attach to: the API refuses a provider key for a key that does not exist.
    setup: async () => {
      const endpoint = await aiEndpoint(emu, ++aiEndpoints);
      const key = async () => (await call(emu, "POST", "/ai_gateway_api_keys", { endpoint_id: endpoint })).json.id as string;
      return { first: await key(), second: await key() };
    },
    inputs: (d) => ({ aiGatewayApiKeyId: d.first, providerId: "openai", value: "sk-proj-0123456789abcdefghij", description: "prod", metadata: "m" }),
    api: (d) => ({ description: "prod", metadata: "m", provider_id: "openai", ai_gateway_api_key: { id: d.first, uri: expect.stringContaining(d.first!) }, display_name: "sk-pro***hij" }),
    updates: () => [
      { change: { description: "prod (primary)" }, api: { description: "prod (primary)" } },
      { change: { metadata: undefined }, api: {} },
    ],
    // The API updates description and metadata only: a new value, provider or API key is a new provider key.
    replaces: (d) => [{ value: "sk-proj-rotated-9876543210zyxwv" }, { providerId: "anthropic" }, { aiGatewayApiKeyId: d.second }],
    drift: () => ({ body: { description: "edited in the dashboard" }, property: "description", value: "edited in the dashboard" }),
  },
  {
    kind: "TcpAddress",
    inputs: () => ({ description: "postgres", region: "eu" }),
    api: () => ({ description: "postgres", region: "eu", addr: expect.stringMatching(/^[0-9]\.tcp\.eu\.ngrok\.io:[0-9]+$/) }),
    updates: () => [
      { change: { description: "postgres primary" }, api: { description: "postgres primary" } },
      { change: { metadata: "m" }, api: { metadata: "m" } },
    ],
    replaces: () => [{ region: "us" }],
    drift: () => ({ body: { description: "edited in the dashboard" }, property: "description", value: "edited in the dashboard" }),
  },  {
    kind: "SshCertificateAuthority",
    inputs: () => ({ description: "staging hosts", privateKeyType: "ecdsa", ellipticCurve: "p384" }),
    api: () => ({ description: "staging hosts", key_type: "ecdsa", public_key: expect.stringMatching(/^ecdsa-sha2-nistp384 [A-Za-z0-9+/=]+$/) }),
    updates: () => [
      { change: { description: "staging and prod hosts" }, api: { description: "staging and prod hosts" } },
      { change: { metadata: "m" }, api: { metadata: "m" } },
    ],
    replaces: () => [{ privateKeyType: "ed25519" }, { ellipticCurve: "p256" }, { keySize: 2048 }],
    drift: () => ({ body: { description: "edited in the dashboard" }, property: "description", value: "edited in the dashboard" }),
  },
  {
    kind: "SshHostCertificate",
    setup: async () => ({ first: await sshAuthority(), second: await sshAuthority() }),
    inputs: (d) => ({ sshCertificateAuthorityId: d.first, publicKey: keyA, principals: ["bastion.example.com"], validUntil: "2031-01-01T00:00:00Z", description: "bastion" }),
    api: (d) => ({
      ssh_certificate_authority_id: d.first,
      public_key: keyA,
      key_type: "ed25519",
      principals: ["bastion.example.com"],
      valid_until: "2031-01-01T00:00:00Z",
      certificate: expect.stringMatching(/^ssh-ed25519-cert-v01@openssh\.com [A-Za-z0-9+/=]+ /),
    }),
    same: () => [
      { validUntil: "2031-01-01T01:00:00+01:00" }, // the same instant in another offset
      { publicKey: `${keyA}\n` },
    ],
    updates: () => [
      { change: { description: "bastion host" }, api: { description: "bastion host" } },
      { change: { metadata: "m" }, api: { metadata: "m" } },
    ],
    replaces: (d) => [
      { sshCertificateAuthorityId: d.second },
      { publicKey: keyB },
      { principals: ["other.example.com"] },
      { validAfter: "2030-06-01T00:00:00Z" },
      { validUntil: "2032-01-01T00:00:00Z" },
    ],
    drift: () => ({ body: { description: "edited in the dashboard" }, property: "description", value: "edited in the dashboard" }),
  },
  {
    kind: "SshUserCertificate",
    setup: async () => ({ first: await sshAuthority(), second: await sshAuthority() }),
    inputs: (d) => ({ sshCertificateAuthorityId: d.first, publicKey: keyA, principals: ["bastion.example.com"], validUntil: "2031-01-01T00:00:00Z", description: "bastion", criticalOptions: { "source-address": "10.0.0.0/8" }, extensions: { "permit-pty": "", "permit-user-rc": "" } }),
    api: (d) => ({
      ssh_certificate_authority_id: d.first,
      public_key: keyA,
      key_type: "ed25519",
      principals: ["bastion.example.com"],
      valid_until: "2031-01-01T00:00:00Z",
      certificate: expect.stringMatching(/^ssh-ed25519-cert-v01@openssh\.com [A-Za-z0-9+/=]+ /),
      critical_options: { "source-address": "10.0.0.0/8" },
      extensions: { "permit-pty": "", "permit-user-rc": "" },
    }),
    same: () => [
      { validUntil: "2031-01-01T01:00:00+01:00" }, // the same instant in another offset
      { publicKey: `${keyA}\n` },
    ],
    updates: () => [
      { change: { description: "bastion host" }, api: { description: "bastion host" } },
      { change: { metadata: "m" }, api: { metadata: "m" } },
    ],
    replaces: (d) => [
      { sshCertificateAuthorityId: d.second },
      { publicKey: keyB },
      { principals: ["other.example.com"] },
      { validAfter: "2030-06-01T00:00:00Z" },
      { validUntil: "2032-01-01T00:00:00Z" },
      { criticalOptions: { "force-command": "uptime" } },
      { extensions: { "permit-pty": "" } },
    ],
    drift: () => ({ body: { description: "edited in the dashboard" }, property: "description", value: "edited in the dashboard" }),
  },
];

let emu: Emulator;
let provider: Provider;
beforeAll(async () => {
  // Many requests in a few seconds: neither the emulator nor the client paces them here (pacing is tested in client.test.ts).
  ({ emu, provider } = await emulatorForProvider({ rateLimit: false }, { "ngrok:rateLimit": "off" }));
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

function merged(base: Props, change: Props): Props {
  const out = { ...base, ...change };
  for (const [k, v] of Object.entries(change)) if (v === undefined) delete out[k];
  return out;
}

describe.each(rows)("$kind", (row) => {
  let handler: Handler;
  beforeAll(() => {
    handler = provider.handler(row.kind);
  });
  const def = definitions[row.kind];
  const get = async (id: string) => (await call(emu, "GET", `${def.binding.path}/${id}`)).json as Props;

  it("the table covers every input: each mutable one is updated, each immutable one replaces", () => {
    const inputs = inputProperties(def);
    const d = new Proxy({}, { get: (_t, name) => `${String(name)}-id` }) as Deps;
    const updated = new Set(row.updates(d).flatMap((u) => Object.keys(u.change)));
    const replaced = new Set(row.replaces(d).flatMap((c) => Object.keys(c)));
    expect([...updated].sort()).toEqual(inputs.filter(([, p]) => p.input.onChange === "update").map(([n]) => n).sort());
    expect([...replaced].sort()).toEqual(inputs.filter(([, p]) => p.input.onChange === "replace").map(([n]) => n).sort());
  });

  it("creates, reads, updates in place, shows replaces, refreshes drift and deletes", async () => {
    const d = (await row.setup?.()) ?? {};
    let inputs = row.inputs(d);
    expect((await handler.check({}, inputs)).failures).toEqual([]);

    const created = await handler.create(inputs);
    // A kind whose ids have no documented prefix has the emulator's own.
    expect(created.id).toMatch(new RegExp(`^${idPrefixOf(def.binding) ?? "[a-z]+"}_[0-9A-Za-z]{27}$`));
    expect(await get(created.id)).toMatchObject(row.api(d));
    expect(created.outs).toMatchObject({ createdAt: expect.any(String) });
    // The self link (`uri`) only lookups answer: the state never holds it.
    expect(created.outs).not.toHaveProperty("uri");

    const read = await handler.read(created.id, created.outs);
    expect(read).toEqual({ id: created.id, props: created.outs });
    expect(await handler.diff(created.id, read.props, inputs)).toEqual({ changes: false, changed: [], replaces: [], deleteBeforeReplace: false });
    for (const variant of row.same?.(d) ?? []) {
      expect({ variant, diff: await handler.diff(created.id, read.props, merged(inputs, variant)) }).toEqual({
        variant,
        diff: { changes: false, changed: [], replaces: [], deleteBeforeReplace: false },
      });
    }

    let outs = read.props;
    for (const { change, api } of row.updates(d)) {
      const news = merged(inputs, change);
      expect((await handler.check(inputs, news)).failures).toEqual([]);
      const diff = await handler.diff(created.id, outs, news);
      expect({ change, diff: { ...diff, changed: [...diff.changed].sort() } }).toEqual({
        change,
        diff: { changes: true, changed: Object.keys(change).sort(), replaces: [], deleteBeforeReplace: false },
      });
      outs = (await handler.update(created.id, outs, news)).outs;
      const stored = await get(created.id);
      expect({ change, stored }).toEqual({ change, stored: expect.objectContaining(api) });
      // Applied: no diff left, and a refresh reads what the update returned.
      expect({ change, diff: await handler.diff(created.id, outs, news) }).toEqual({ change, diff: { changes: false, changed: [], replaces: [], deleteBeforeReplace: false } });
      expect((await handler.read(created.id, outs)).props).toEqual(outs);
      inputs = news;
    }

    for (const change of row.replaces(d)) {
      expect({ change, diff: await handler.diff(created.id, outs, merged(inputs, change)) }).toEqual({
        change,
        // A replace that keeps a value the service holds once (a domain, a rule's CIDR in its policy) deletes first.
        diff: {
          changes: true,
          changed: Object.keys(change),
          replaces: Object.keys(change),
          deleteBeforeReplace: def.uniqueKey !== undefined && !(def.uniqueKey in change),
        },
      });
    }

    const drift = row.drift(d);
    expect((await call(emu, "PATCH", `${def.binding.path}/${created.id}`, drift.body)).status).toBe(200);
    const refreshed = await handler.read(created.id, outs);
    expect(refreshed.props[drift.property]).toEqual(drift.value);
    expect(await handler.diff(created.id, refreshed.props, inputs)).toEqual({ changes: true, changed: [drift.property], replaces: [], deleteBeforeReplace: false });

    await handler.delete(created.id);
    expect((await call(emu, "GET", `${def.binding.path}/${created.id}`)).status).toBe(404);
    await expect(handler.delete(created.id)).resolves.toBeUndefined();
    expect(await handler.read(created.id, refreshed.props)).toEqual({ id: "", props: {} });
  });

  it("adopts an existing one with importId, and reads one by id alone (Resource.get)", async () => {
    const d = (await row.setup?.()) ?? {};
    const inputs = row.inputs(d);
    const existing = await handler.create(inputs);
    emu.clearRequests();
    const [first] = row.updates(d);
    const adopted = await handler.create({ ...merged(inputs, first!.change), importId: existing.id });
    expect(adopted.id).toBe(existing.id);
    expect(emu.requests.filter((r) => r.method === "POST")).toEqual([]);
    expect(await get(existing.id)).toMatchObject(first!.api);

    const got = await handler.read(existing.id, {});
    expect(got.id).toBe(existing.id);
    // What the API never returns (a secret's value) is only known from a program.
    const writeOnly = Object.entries(def.properties).filter(([, p]) => p.writeOnly).map(([n]) => n);
    // A read with no program also answers the service's defaults that the program's outputs leave out.
    const expected = Object.fromEntries(Object.entries(adopted.outs).filter(([n]) => !writeOnly.includes(n)));
    expect(got.props).toEqual(expect.objectContaining(expected));
    const extra = Object.keys(got.props).filter((n) => !(n in expected));
    expect(extra.filter((n) => def.properties[n]?.input === undefined || n in adopted.outs)).toEqual([]);
    await handler.delete(existing.id);
  });
});

describe("TunnelGroupBackend tunnels", () => {
  it("lists the matching online tunnels as an output that never makes a diff", async () => {
    const tg = provider.handler("TunnelGroupBackend");
    const inputs = { labels: { app: "shop" } };
    const created = await tg.create(inputs);
    expect(created.outs.tunnels).toEqual([]);
    const cred = (await call(emu, "POST", "/credentials", {})).json.id as string;
    emu.connectAgent({ credentialId: cred, os: "linux", agentVersion: "3.18.0", tunnels: [{ proto: "https", forwardsTo: "http://localhost:80", labels: { app: "shop", env: "prod" } }] });
    const read = await tg.read(created.id, created.outs);
    expect(read.props.tunnels).toEqual([{ id: expect.stringMatching(/^tn_/), uri: expect.any(String) }]);
    expect((await tg.diff(created.id, read.props, inputs)).changes).toBe(false);
    await tg.delete(created.id);
  });
});
