/**
 * The emulator answers as ngrok's API reference and error pages say: each block is named after
 * the page it follows (https://ngrok.com/docs/api, https://ngrok.com/docs/errors/).
 */
import { startEmulator, type Emulator } from "../../../emulator";
import { call, expectError, missingId, sshEd25519, type Answer } from "../../support/api";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  expect((await call(emu, "POST", "/reserved_domains", { domain: "app.example.com" })).status).toBe(201);
});
afterAll(() => emu.close());

const post = (path: string, body: Record<string, unknown>) => call(emu, "POST", path, body);
const created = async (path: string, body: Record<string, unknown>) => {
  const a = await post(path, body);
  expect({ path, status: a.status, body: a.json }).toEqual({ path, status: 201, body: expect.anything() });
  return a.json as { id: string } & Record<string, unknown>;
};
const list = (path: string, filter: string) => call(emu, "GET", `${path}?${new URLSearchParams({ filter }).toString()}`);
const forward = JSON.stringify({ on_tcp_connect: [{ actions: [{ type: "forward-internal", config: { url: "tcp://db.internal:5432" } }] }] });
const respond = JSON.stringify({ on_http_request: [{ actions: [{ type: "custom-response", config: { status_code: 200 } }] }] });

describe("API Filtering (https://ngrok.com/docs/api/api-filtering)", () => {
  it("takes a filter on every list the guide names, reading the fields it lists", async () => {
    const vault = await created("/vaults", { name: "filtered", description: "keep" });
    await created("/vaults", { name: "other" });
    await created("/vault_secrets", { vault_id: vault.id, name: "kept", value: "v", metadata: "m1" });
    await created("/vault_secrets", { vault_id: vault.id, name: "dropped", value: "v" });
    const user = await created("/service_users", { name: "filter-bot" });
    await created("/service_users", { name: "filter-bot-2" });
    await created("/api_keys", { owner_id: user.id, description: "bot key" });
    await created("/api_keys", { description: "mine" });
    await created("/reserved_addrs", { region: "eu", description: "eu" });
    await created("/reserved_addrs", { region: "us" });
    await created("/ssh_certificate_authorities", { description: "hosts" });
    await created("/ssh_certificate_authorities", { description: "users" });
    const cases: [path: string, key: string, filter: string, field: string, want: unknown][] = [
      ["/vaults", "vaults", 'obj.name == "filtered" && obj.description == "keep"', "name", "filtered"],
      ["/vault_secrets", "secrets", 'obj.name in ["kept"] && obj.metadata == "m1"', "name", "kept"],
      ["/service_users", "service_users", `obj.id == "${user.id}"`, "name", "filter-bot"],
      ["/api_keys", "keys", `obj.owner_id == "${user.id}"`, "description", "bot key"],
      ["/reserved_addrs", "reserved_addrs", 'obj.region == "eu" && obj.addr.contains("eu.ngrok.io")', "description", "eu"],
      ["/ssh_certificate_authorities", "ssh_certificate_authorities", 'obj.description == "hosts" && obj.created_at <= timestamp(time.now)', "description", "hosts"],
    ];
    for (const [path, key, filter, field, want] of cases) {
      const a = await list(path, filter);
      expect({ path, status: a.status, found: (a.json?.[key] ?? []).map((o: Record<string, unknown>) => o[field]), error: a.json?.msg }).toEqual({ path, status: 200, found: [want], error: undefined });
    }
  });

  it("refuses a field the guide does not list for the resource, an unsupported CEL feature, and a deprecated list (ERR_NGROK_250)", async () => {
    const refused: [path: string, filter: string, says: string][] = [
      ["/service_users", "obj.active == true", "obj.active"],
      ["/vaults", 'obj.created_by == "x"', "obj.created_by"],
      ["/api_keys", 'obj.token == "x"', "obj.token"],
      ["/vaults", 'obj.id.startsWith("vault_")', "obj.id"],
      ["/vaults", "obj.metadata + obj.name == \"x\"", "arithmetic"],
      ["/vaults", 'obj.name.matches("a.*")', "regular expressions"],
      ["/backends/failover", 'obj.description == ""', "does not take a filter"],
    ];
    for (const [path, filter, says] of refused) {
      const a = await list(path, filter);
      expect({ path, filter, status: a.status, code: a.json?.error_code, msg: a.json?.msg }).toEqual({
        path,
        filter,
        status: 400,
        code: "ERR_NGROK_250",
        msg: expect.stringContaining(says),
      });
      expect(a.json.msg).toMatch(/^Invalid CEL query: /);
    }
  });
});

describe("ERR_NGROK_18006 (https://ngrok.com/docs/errors/err_ngrok_18006)", () => {
  it("takes a tcp cloud endpoint on an address the account reserved, and refuses one on another address", async () => {
    const addr = await created("/reserved_addrs", { description: "db" });
    const made = await post("/endpoints", { url: `tcp://${String(addr["addr"])}`, type: "cloud", traffic_policy: forward });
    expect({ status: made.status, msg: made.json.msg }).toEqual({ status: 201, msg: undefined });
    expect(made.json).toMatchObject({ url: `tcp://${String(addr["addr"])}`, proto: "tcp", hostport: addr["addr"] });
    expectError(await post("/endpoints", { url: "tcp://1.tcp.ngrok.io:12345", type: "cloud", traffic_policy: forward }), 400, "ERR_NGROK_18006");
  });
});

describe("ERR_NGROK_18023 (https://ngrok.com/docs/errors/err_ngrok_18023)", () => {
  it("serves an https cloud endpoint on port 443 only", async () => {
    const a = await post("/endpoints", { url: "https://app.example.com:8443", type: "cloud", traffic_policy: respond });
    expect(expectError(a, 400, "ERR_NGROK_18023").msg).toContain("443");
  });
});

describe("Get Secrets by Vault (VaultsGetSecretsByVault) and Pagination (https://ngrok.com/docs/api#pagination)", () => {
  it("pages a vault's secrets with limit and before_id, newest first", async () => {
    const vault = await created("/vaults", { name: "paged" });
    const ids: string[] = [];
    for (const name of ["a", "b", "c"]) ids.push((await created("/vault_secrets", { vault_id: vault.id, name, value: "v" })).id);
    const first = await call(emu, "GET", `/vaults/${vault.id}/secrets?limit=2`);
    expect(first.json.secrets.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
    expect(first.json.next_page_uri).toBe(`${emu.url}/vaults/${vault.id}/secrets?before_id=${ids[1]}&limit=2`);
    const next = await call(emu, "GET", new URL(first.json.next_page_uri).pathname + new URL(first.json.next_page_uri).search);
    expect({ ids: next.json.secrets.map((s: { id: string }) => s.id), next: next.json.next_page_uri }).toEqual({ ids: [ids[0]], next: null });
  });
});

describe("Service Users (https://ngrok.com/docs/api-reference/serviceusers/create)", () => {
  it("answers ids of the form the reference's example shows (service_...)", async () => {
    expect((await created("/service_users", { name: "prefixed" })).id).toMatch(/^service_[0-9A-Za-z]{27}$/);
  });
});

describe("Bot Users (https://ngrok.com/docs/api-reference/botusers/create)", () => {
  it("creates, lists, reads, updates and deletes bot users (bot_...), as the reference's examples show", async () => {
    const bot = await post("/bot_users", { name: "new bot user from API" });
    expect({ status: bot.status, body: bot.json }).toEqual({
      status: 201,
      body: { id: expect.stringMatching(/^bot_[0-9A-Za-z]{27}$/), uri: `${emu.url}/bot_users/${bot.json.id}`, name: "new bot user from API", active: true, created_at: expect.any(String) },
    });
    expect((await call(emu, "GET", "/bot_users")).json).toEqual({ bot_users: [bot.json], uri: `${emu.url}/bot_users`, next_page_uri: null });
    expect((await call(emu, "PATCH", `/bot_users/${bot.json.id}`, { active: false })).json.active).toBe(false);
    expect((await created("/api_keys", { owner_id: bot.json.id }))["owner_id"]).toBe(bot.json.id);
    expect((await call(emu, "DELETE", `/bot_users/${bot.json.id}`)).status).toBe(204);
    expect((await call(emu, "GET", `/bot_users/${bot.json.id}`)).status).toBe(404);
  });
});

describe("Endpoints (https://ngrok.com/docs/api-reference/endpoints/get)", () => {
  it("answers the principal that owns a cloud endpoint", async () => {
    const made = await created("/endpoints", { url: "https://app.example.com", type: "cloud", traffic_policy: respond });
    expect(made["principal"]).toEqual({ id: expect.stringMatching(/^usr_/), uri: "" });
    expect((await call(emu, "GET", `/endpoints/${made.id}`)).json.principal).toEqual(made["principal"]);
    await call(emu, "DELETE", `/endpoints/${made.id}`);
  });

  it("answers the principal of an agent's endpoint: the owner of the agent's credential", async () => {
    const bot = await created("/service_users", { name: "agent-owner" });
    const credential = await created("/credentials", { owner_id: bot.id });
    emu.connectAgent({ credentialId: credential.id, os: "linux", agentVersion: "3.18.0", tunnels: [{ proto: "https", forwardsTo: "http://localhost:8080", hostname: "agent.example.com" }] });
    const endpoints = (await call(emu, "GET", "/endpoints?filter=" + encodeURIComponent('obj.type == "ephemeral"'))).json.endpoints as { principal?: unknown }[];
    expect(endpoints.map((e) => e.principal)).toEqual([{ id: bot.id, uri: "" }]);
  });
});

describe("API Keys (https://ngrok.com/docs/api-reference/apikeys/create)", () => {
  it("refuses an owner that is not a user or service user of the account", async () => {
    for (const owner_id of [missingId("service"), missingId("bot"), missingId("usr"), "nobody"]) {
      const a = await post("/api_keys", { owner_id });
      expect({ owner_id, status: a.status }).toEqual({ owner_id, status: 400 });
      expect(a.json.msg).toContain("owner_id");
    }
  });
});

describe("AI Gateway API Keys (ngrok-api-go v8 ai_gateway_api_keys) and their codes (https://ngrok.com/docs/ai-gateway/reference/error-codes)", () => {
  const gateway = JSON.stringify({
    on_http_request: [{ actions: [{ type: "ai-gateway", config: {} }] }, { actions: [{ type: "custom-response", config: { status_code: 503 } }] }],
  });
  let endpointId = "";
  let otherEndpointId = "";
  let plainEndpointId = "";
  beforeAll(async () => {
    endpointId = (await created("/endpoints", { url: "https://ai-one.internal", traffic_policy: gateway })).id;
    otherEndpointId = (await created("/endpoints", { url: "https://ai-two.internal", traffic_policy: gateway })).id;
    plainEndpointId = (await created("/endpoints", { url: "https://not-ai.internal", traffic_policy: respond })).id;
  });

  it("answers the token once, as `ng-*-g1-*`, and never again: only its redacted form", async () => {
    const key = await created("/ai_gateway_api_keys", { endpoint_id: endpointId, description: "chat app", metadata: "{}" });
    const token = key["token"] as string;
    expect(key).toEqual({
      id: expect.stringMatching(/^aigwak_[0-9A-Za-z]{27}$/),
      uri: `${emu.url}/ai_gateway_api_keys/${key.id}`,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      description: "chat app",
      metadata: "{}",
      created_by: { id: expect.stringMatching(/^usr_/), uri: expect.any(String) },
      last_updated_by: { id: expect.stringMatching(/^usr_/), uri: expect.any(String) },
      endpoint: { id: endpointId, uri: `${emu.url}/endpoints/${endpointId}` },
      token: expect.stringMatching(/^ng-[0-9A-Za-z]+-g1-[0-9A-Za-z]+$/),
      display_name: `${token.slice(0, 6)}***${token.slice(-3)}`,
      last_used: null,
      provider_keys: [],
    });
    const texts = [
      (await call(emu, "GET", `/ai_gateway_api_keys/${key.id}`)).text,
      (await call(emu, "GET", "/ai_gateway_api_keys")).text,
      (await call(emu, "PATCH", `/ai_gateway_api_keys/${key.id}`, { description: "chat app v2" })).text,
    ];
    for (const text of texts) expect({ text, leaks: text.includes(token) }).toEqual({ text, leaks: false });
    expect((await call(emu, "GET", `/ai_gateway_api_keys/${key.id}`)).json).toEqual({ ...key, description: "chat app v2", updated_at: expect.any(String), token: null });
  });

  it("has ids of a prefix of its own, not the `aigk_` ngrok's AI Gateway guides give the AI Gateway API's access keys", async () => {
    const key = await created("/ai_gateway_api_keys", { endpoint_id: endpointId });
    const made = await fetch(`${emu.aiGatewayApi.url}/access-keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${emu.aiGatewayApi.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "app" }),
    });
    const accessKey = (await made.json()) as { id: string };
    expect({ apiKey: key.id.split("_")[0], accessKey: accessKey.id.split("_")[0] }).toEqual({ apiKey: "aigwak", accessKey: "aigk" });
  });

  it("changes description, metadata and the endpoint in place; lists under ai_gateway_api_keys, paged, newest first; deletes with 204", async () => {
    const first = await created("/ai_gateway_api_keys", { endpoint_id: endpointId });
    const second = await created("/ai_gateway_api_keys", { endpoint_id: endpointId, description: "second" });
    const moved = await call(emu, "PATCH", `/ai_gateway_api_keys/${first.id}`, { endpoint_id: otherEndpointId, metadata: "m" });
    expect({ status: moved.status, endpoint: moved.json.endpoint?.id, metadata: moved.json.metadata }).toEqual({ status: 200, endpoint: otherEndpointId, metadata: "m" });
    const page = await call(emu, "GET", "/ai_gateway_api_keys?limit=1");
    expect({ ids: page.json.ai_gateway_api_keys.map((k: { id: string }) => k.id), next: page.json.next_page_uri }).toEqual({
      ids: [second.id],
      next: `${emu.url}/ai_gateway_api_keys?before_id=${second.id}&limit=1`,
    });
    // The filtering guide's table does not list these keys, and ngrok's CLI offers no filter for them.
    expectError(await call(emu, "GET", `/ai_gateway_api_keys?filter=${encodeURIComponent('obj.description == "second"')}`), 400, "ERR_NGROK_250");
    for (const k of [first, second]) expect((await call(emu, "DELETE", `/ai_gateway_api_keys/${k.id}`)).status).toBe(204);
    expect((await call(emu, "GET", `/ai_gateway_api_keys/${first.id}`)).status).toBe(404);
  });

  const cases: [name: string, provoke: () => Promise<Answer>, status: number, code: string, says: string][] = [
    ["ERR_NGROK_27002, a create", () => post("/ai_gateway_api_keys", { endpoint_id: missingId("ep") }), 404, "ERR_NGROK_27002", "endpoint was not found"],
    ["ERR_NGROK_27003, a create", () => post("/ai_gateway_api_keys", { endpoint_id: plainEndpointId }), 422, "ERR_NGROK_27003", "AI Gateway action"],
    ["ERR_NGROK_27004", () => post("/ai_gateway_api_keys", { endpoint_id: endpointId, description: "d".repeat(256) }), 422, "ERR_NGROK_27004", "255 characters"],
    ["ERR_NGROK_27005", () => post("/ai_gateway_api_keys", { endpoint_id: endpointId, metadata: "m".repeat(4097) }), 422, "ERR_NGROK_27005", "4096 characters"],
    ["ERR_NGROK_27006", () => post("/ai_gateway_api_keys", { description: "no endpoint" }), 422, "ERR_NGROK_27006", "endpoint_id"],
    ["ERR_NGROK_214", () => post("/ai_gateway_api_keys", { endpoint_id: endpointId, owner_id: "usr_x" }), 400, "ERR_NGROK_214", "owner_id"],
    ["ERR_NGROK_27002, an update", async () => call(emu, "PATCH", `/ai_gateway_api_keys/${(await created("/ai_gateway_api_keys", { endpoint_id: endpointId })).id}`, { endpoint_id: missingId("ep") }), 404, "ERR_NGROK_27002", "endpoint was not found"],
    ["ERR_NGROK_27003, an update", async () => call(emu, "PATCH", `/ai_gateway_api_keys/${(await created("/ai_gateway_api_keys", { endpoint_id: endpointId })).id}`, { endpoint_id: plainEndpointId }), 422, "ERR_NGROK_27003", "AI Gateway action"],
  ];
  it.each(cases)("%s", async (_name, provoke, status, code, says) => {
    expect(expectError(await provoke(), status, code).msg).toContain(says);
  });

});

// The fields of ngrok's API reference (https://github.com/ngrok/ngrok-docs: snippets/obs/_ai-gateway-provider-key.mdx,
// -create, -update, -list, -paging; _ai-gateway-api-key-create.mdx and _ai-gateway-api-key.mdx for `provider_keys`).
describe("AI Gateway Provider Keys (ngrok API reference, ai_gateway_provider_keys)", () => {
  const gateway = JSON.stringify({
    on_http_request: [{ actions: [{ type: "ai-gateway", config: {} }] }, { actions: [{ type: "custom-response", config: { status_code: 503 } }] }],
  });
  const secretValue = "sk-proj-abcdefghijklmnopqrstuvwxyz0123456789";
  let apiKey = "";
  let otherApiKey = "";
  beforeAll(async () => {
    const endpoint = (await created("/endpoints", { url: "https://ai-pk.internal", traffic_policy: gateway })).id;
    apiKey = (await created("/ai_gateway_api_keys", { endpoint_id: endpoint })).id;
    otherApiKey = (await created("/ai_gateway_api_keys", { endpoint_id: endpoint })).id;
  });

  it("creates with ai_gateway_api_key_id, provider_id and a write-only value, answered only redacted; listed on its API key", async () => {
    const made = await call(emu, "POST", "/ai_gateway_provider_keys", { ai_gateway_api_key_id: apiKey, provider_id: "openai", value: secretValue, description: "prod", metadata: "{}" });
    expect(made.status).toBe(201);
    expect(made.json).toEqual({
      id: expect.stringMatching(/^aigwpk_[0-9A-Za-z]{27}$/),
      uri: `${emu.url}/ai_gateway_provider_keys/${made.json.id}`,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      provider_id: "openai",
      description: "prod",
      metadata: "{}",
      created_by: { id: expect.stringMatching(/^usr_/), uri: expect.any(String) },
      last_updated_by: { id: expect.stringMatching(/^usr_/), uri: expect.any(String) },
      ai_gateway_api_key: { id: apiKey, uri: `${emu.url}/ai_gateway_api_keys/${apiKey}` },
      display_name: "sk-pro***789",
      last_used: null,
    });
    const texts = [
      made.text,
      (await call(emu, "GET", `/ai_gateway_provider_keys/${made.json.id}`)).text,
      (await call(emu, "GET", "/ai_gateway_provider_keys")).text,
      (await call(emu, "GET", `/ai_gateway_api_keys/${apiKey}`)).text,
    ];
    for (const text of texts) expect({ text, leaks: text.includes(secretValue) }).toEqual({ text, leaks: false });
    expect((await call(emu, "GET", `/ai_gateway_api_keys/${apiKey}`)).json.provider_keys).toEqual([made.json]);
    expect((await call(emu, "DELETE", `/ai_gateway_provider_keys/${made.json.id}`)).status).toBe(204);
    expect((await call(emu, "GET", `/ai_gateway_api_keys/${apiKey}`)).json.provider_keys).toEqual([]);
  });

  it("updates description and metadata only; the value, provider and API key are not in the update (ERR_NGROK_214)", async () => {
    const id = (await created("/ai_gateway_provider_keys", { ai_gateway_api_key_id: apiKey, provider_id: "anthropic", value: secretValue })).id;
    const changed = await call(emu, "PATCH", `/ai_gateway_provider_keys/${id}`, { description: "rotated soon", metadata: "m" });
    expect(changed.json).toMatchObject({ description: "rotated soon", metadata: "m", provider_id: "anthropic" });
    for (const field of ["value", "provider_id", "ai_gateway_api_key_id"]) {
      expect(expectError(await call(emu, "PATCH", `/ai_gateway_provider_keys/${id}`, { [field]: "x" }), 400, "ERR_NGROK_214").msg).toContain(field);
    }
    await call(emu, "DELETE", `/ai_gateway_provider_keys/${id}`);
  });

  it("lists by ai_gateway_api_key_id (the paging parameters' filter), page by page", async () => {
    const mine: string[] = [];
    for (const provider of ["openai", "anthropic", "google"]) {
      mine.unshift((await created("/ai_gateway_provider_keys", { ai_gateway_api_key_id: apiKey, provider_id: provider, value: secretValue })).id);
      await created("/ai_gateway_provider_keys", { ai_gateway_api_key_id: otherApiKey, provider_id: provider, value: secretValue });
    }
    const ids: string[] = [];
    let next: string | null = `/ai_gateway_provider_keys?ai_gateway_api_key_id=${apiKey}&limit=1`;
    while (next !== null) {
      const a = await call(emu, "GET", next);
      ids.push(...(a.json.ai_gateway_provider_keys as { id: string }[]).map((k) => k.id));
      next = a.json.next_page_uri === null ? null : (a.json.next_page_uri as string).slice(emu.url.length);
    }
    expect(ids).toEqual(mine);
    // Deleting the API key deletes its provider keys with it.
    expect((await call(emu, "DELETE", `/ai_gateway_api_keys/${otherApiKey}`)).status).toBe(204);
    expect((await call(emu, "GET", `/ai_gateway_provider_keys?ai_gateway_api_key_id=${otherApiKey}`)).json.ai_gateway_provider_keys).toEqual([]);
  });

  it("takes provider_keys at an API key's create and lists them on the key", async () => {
    const endpoint = (await created("/endpoints", { url: "https://ai-inline.internal", traffic_policy: gateway })).id;
    const key = await call(emu, "POST", "/ai_gateway_api_keys", { endpoint_id: endpoint, provider_keys: [{ provider_id: "openai", name: "primary", value: secretValue, description: "inline" }] });
    expect(key.status).toBe(201);
    expect(key.json.provider_keys).toEqual([expect.objectContaining({ provider_id: "openai", description: "inline", ai_gateway_api_key: { id: key.json.id, uri: key.json.uri }, display_name: "sk-pro***789" })]);
    expect(key.text).not.toContain(secretValue);
    const listed = (await call(emu, "GET", `/ai_gateway_provider_keys?ai_gateway_api_key_id=${key.json.id as string}`)).json.ai_gateway_provider_keys;
    expect(listed).toEqual(key.json.provider_keys);
    // A bad provider key refuses the whole create: no API key is made.
    const before = emu.resources("ai_gateway_api_keys").length;
    expectError(await call(emu, "POST", "/ai_gateway_api_keys", { endpoint_id: endpoint, provider_keys: [{ provider_id: "openai" }] }), 422, "ERR_NGROK_27006");
    expect(emu.resources("ai_gateway_api_keys")).toHaveLength(before);
  });

  const cases: [name: string, provoke: () => Promise<Answer>, status: number, code: string | undefined, says: string][] = [
    ["ERR_NGROK_27006: no API key", () => post("/ai_gateway_provider_keys", { provider_id: "openai", value: "sk-x" }), 422, "ERR_NGROK_27006", "ai_gateway_api_key_id"],
    ["ERR_NGROK_27006: no provider", () => post("/ai_gateway_provider_keys", { ai_gateway_api_key_id: apiKey, value: "sk-x" }), 422, "ERR_NGROK_27006", "provider_id"],
    ["ERR_NGROK_27006: no value", () => post("/ai_gateway_provider_keys", { ai_gateway_api_key_id: apiKey, provider_id: "openai" }), 422, "ERR_NGROK_27006", "value"],
    ["ERR_NGROK_27004", () => post("/ai_gateway_provider_keys", { ai_gateway_api_key_id: apiKey, provider_id: "openai", value: "sk-x", description: "d".repeat(256) }), 422, "ERR_NGROK_27004", "255"],
    ["ERR_NGROK_380: an API key that does not exist", () => post("/ai_gateway_provider_keys", { ai_gateway_api_key_id: "aigk_missing", provider_id: "openai", value: "sk-x" }), 400, "ERR_NGROK_380", "aigk_missing"],
  ];
  it.each(cases)("%s", async (_name, provoke, status, code, says) => {
    expect(expectError(await provoke(), status, code).msg).toContain(says);
  });
});

/** One documented error code: the page, how to provoke it, and what the page says. */
interface ErrorCase {
  code: string;
  provoke: () => Promise<Answer>;
  says: string;
}

describe("error pages (https://ngrok.com/docs/errors/)", () => {
  let vaultId = "";
  let caId = "";
  let policyId = "";
  beforeAll(async () => {
    vaultId = (await created("/vaults", { name: "errors" })).id;
    await created("/vault_secrets", { vault_id: vaultId, name: "held", value: "v" });
    caId = (await created("/ssh_certificate_authorities", {})).id;
    policyId = (await created("/ip_policies", {})).id;
    await created("/ip_policy_rules", { ip_policy_id: policyId, cidr: "10.0.0.0/8", action: "allow" });
  });
  const cases: ErrorCase[] = [
    { code: "ERR_NGROK_23000", provoke: () => post("/vaults", { name: "bad name!" }), says: "a-zA-Z0-9_/." },
    { code: "ERR_NGROK_23000", provoke: () => call(emu, "PATCH", `/vaults/${vaultId}`, { name: "über" }), says: "a-zA-Z0-9_/." },
    { code: "ERR_NGROK_23001", provoke: () => post("/vaults", {}), says: "cannot be empty" },
    { code: "ERR_NGROK_23001", provoke: () => post("/vaults", { name: "" }), says: "cannot be empty" },
    { code: "ERR_NGROK_23003", provoke: () => call(emu, "DELETE", `/vaults/${vaultId}`), says: "must be empty" },
    { code: "ERR_NGROK_23004", provoke: () => post("/vaults", { name: "errors" }), says: "unique" },
    { code: "ERR_NGROK_24000", provoke: () => post("/vault_secrets", { vault_id: vaultId, name: "bad name", value: "v" }), says: "a-zA-Z0-9_/." },
    { code: "ERR_NGROK_24001", provoke: () => post("/vault_secrets", { vault_id: vaultId, name: "", value: "v" }), says: "cannot be empty" },
    { code: "ERR_NGROK_24003", provoke: () => post("/vault_secrets", { vault_id: vaultId, name: "empty", value: "" }), says: "cannot be empty" },
    { code: "ERR_NGROK_24005", provoke: () => post("/vault_secrets", { vault_id: vaultId, name: "held", value: "v" }), says: "unique" },
    { code: "ERR_NGROK_24006", provoke: () => post("/vault_secrets", { vault_id: missingId("vault"), name: "x", value: "v" }), says: "not found" },
    { code: "ERR_NGROK_24008", provoke: () => post("/vault_secrets", { name: "x", value: "v" }), says: "missing" },
    { code: "ERR_NGROK_24009", provoke: () => post("/vault_secrets", { vault_name: "no-such-vault", name: "x", value: "v" }), says: "no-such-vault" },
    { code: "ERR_NGROK_1909", provoke: () => post("/ssh_certificate_authorities", { private_key_type: "dsa" }), says: "dsa" },
    { code: "ERR_NGROK_1939", provoke: () => post("/ssh_certificate_authorities", { private_key_type: "rsa", key_size: 1024 }), says: "1024" },
    { code: "ERR_NGROK_1940", provoke: () => post("/ssh_certificate_authorities", { private_key_type: "ed25519", key_size: 2048 }), says: "ed25519" },
    { code: "ERR_NGROK_1940", provoke: () => post("/ssh_certificate_authorities", { key_size: 2048 }), says: "ed25519" },
    { code: "ERR_NGROK_1941", provoke: () => post("/ssh_certificate_authorities", { private_key_type: "ecdsa", elliptic_curve: "p999" }), says: "p999" },
    { code: "ERR_NGROK_1942", provoke: () => post("/ssh_certificate_authorities", { private_key_type: "rsa", elliptic_curve: "p256" }), says: "rsa" },
    { code: "ERR_NGROK_1952", provoke: () => post("/ssh_host_certificates", { ssh_certificate_authority_id: caId }), says: "public key" },
    { code: "ERR_NGROK_1952", provoke: () => post("/ssh_user_certificates", { ssh_certificate_authority_id: caId, public_key: "" }), says: "public key" },
    { code: "ERR_NGROK_1413", provoke: () => post("/ip_policy_rules", { ip_policy_id: policyId, cidr: "10.1.2.3", action: "allow" }), says: "network mask" },
    { code: "ERR_NGROK_1422", provoke: () => post("/ip_policy_rules", { ip_policy_id: policyId, cidr: "10.2.0.0/16", action: "permit" }), says: "'allow' or 'deny'" },
    { code: "ERR_NGROK_1422", provoke: () => post("/ip_policy_rules", { ip_policy_id: policyId, cidr: "10.2.0.0/16" }), says: "'allow' or 'deny'" },
    { code: "ERR_NGROK_1414", provoke: () => post("/ip_policy_rules", { ip_policy_id: missingId("ipp"), cidr: "10.3.0.0/16", action: "deny" }), says: "ip_policy_id" },
    { code: "ERR_NGROK_1414", provoke: () => post("/ip_policy_rules", { ip_policy_id: "policy-1", cidr: "10.3.0.0/16", action: "deny" }), says: "ip_policy_id" },
  ];
  it.each(cases.map((c, i) => [`https://ngrok.com/docs/errors/${c.code.toLowerCase()} #${i}`, c] as const))("%s", async (_name, c) => {
    const body = expectError(await c.provoke(), 400, c.code);
    expect(body.msg).toContain(c.says);
  });

  it("ERR_NGROK_1413 on a rule's update (https://ngrok.com/docs/errors/err_ngrok_1413)", async () => {
    const rule = await created("/ip_policy_rules", { ip_policy_id: policyId, cidr: "2001:db8::/32", action: "allow" });
    expectError(await call(emu, "PATCH", `/ip_policy_rules/${rule.id}`, { cidr: "2001:db8::1" }), 400, "ERR_NGROK_1413");
  });

  it("ERR_NGROK_24005 on a secret's rename, ERR_NGROK_23004 on a vault's (https://ngrok.com/docs/errors/err_ngrok_24005)", async () => {
    const other = await created("/vault_secrets", { vault_id: vaultId, name: "other", value: "v" });
    expectError(await call(emu, "PATCH", `/vault_secrets/${other.id}`, { name: "held" }), 400, "ERR_NGROK_24005");
    const v = await created("/vaults", { name: "renamed" });
    expectError(await call(emu, "PATCH", `/vaults/${v.id}`, { name: "errors" }), 400, "ERR_NGROK_23004");
    expectError(await call(emu, "PATCH", `/vault_secrets/${other.id}`, { value: "" }), 400, "ERR_NGROK_24003");
  });

  it("signs a certificate for a public key given (control for ERR_NGROK_1952)", async () => {
    expect((await post("/ssh_host_certificates", { ssh_certificate_authority_id: caId, public_key: sshEd25519() })).status).toBe(201);
  });
});
