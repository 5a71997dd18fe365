// The AI Gateway API as the emulator serves it, over loopback, one case per rule of ngrok's OpenAPI
// description of it (openapi/ai-gateway.yaml, github.com/ngrok/ngrok-docs) and its guides.
import { startEmulator, type Emulator } from "../../../emulator";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
});
afterAll(async () => {
  await emu.close();
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

async function call(method: string, path: string, body?: unknown, key = emu.aiGatewayApi.apiKey): Promise<Answer> {
  const res = await fetch(`${emu.aiGatewayApi.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>) };
}

async function ok(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const a = await call(method, path, body);
  if (a.status >= 300) throw new Error(`${method} ${path}: ${a.status} ${JSON.stringify(a.body)}`);
  return a.body;
}

let seq = 0;
const uniq = (s: string): string => `${s}-${++seq}`;
const providerKey = (over: Record<string, unknown> = {}) => ok("POST", "/provider-keys", { providerId: "openai", name: uniq("k"), value: "sk-test-0123456789abcdef", ...over });

describe("AI Gateway API: protocol", () => {
  it("serves on its own base URL, not the main API's", () => {
    expect(emu.aiGatewayApi.url).not.toBe(emu.url);
  });

  it("takes the ngrok.ai API key and refuses the main API's key (a different credential)", async () => {
    expect((await call("GET", "/access-keys")).status).toBe(200);
    const refused = await call("GET", "/access-keys", undefined, emu.apiKey);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ statusCode: 401, msg: expect.any(String), errorCode: expect.any(String), details: expect.any(Object) });
  });

  it("takes a key made on /api-keys, answered once, and refuses it once deleted", async () => {
    const made = await ok("POST", "/api-keys", { name: "ci" });
    expect(made["token"]).toEqual(expect.any(String));
    expect(made["keyRedacted"]).toEqual(expect.any(String));
    expect(made["keyRedacted"]).not.toBe(made["token"]);
    const read = await ok("GET", `/api-keys/${String(made["id"])}`);
    expect(read["token"]).toBeUndefined();
    expect((await call("GET", "/providers", undefined, String(made["token"]))).status).toBe(200);
    await ok("DELETE", `/api-keys/${String(made["id"])}`);
    expect((await call("GET", "/providers", undefined, String(made["token"]))).status).toBe(401);
  });

  it("answers errors as {statusCode, msg, errorCode, details}, 404 for an unknown id", async () => {
    const a = await call("GET", "/access-keys/aigk_000000000000000000000000000");
    expect(a.status).toBe(404);
    expect(Object.keys(a.body).sort()).toEqual(["details", "msg", "statusCode"]);
  });

  it("pages lists newest first by beforeId and limit, with nextPageUri", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push(String((await ok("POST", "/api-keys", { name: uniq("page") }))["id"]));
    const first = await ok("GET", "/api-keys?limit=2");
    const items = first["aiGatewayApiKeys"] as { id: string }[];
    expect(items.map((i) => i.id)).toEqual([ids[2], ids[1]]);
    expect(first["nextPageUri"]).toBe(`${emu.aiGatewayApi.url}/api-keys?beforeId=${ids[1]}&limit=2`);
    const second = await ok("GET", `/api-keys?beforeId=${ids[1]}&limit=2`);
    expect((second["aiGatewayApiKeys"] as { id: string }[])[0]!.id).toBe(ids[0]);
    // A bad limit is answered as the management API answers one: not a number, 244; out of range, 233.
    for (const [limit, code] of [["101", "ERR_NGROK_233"], ["0", "ERR_NGROK_233"], ["abc", "ERR_NGROK_244"], ["-1", "ERR_NGROK_244"]] as const) {
      const refused = await call("GET", `/api-keys?limit=${limit}`);
      expect([limit, refused.status, refused.body["errorCode"]]).toEqual([limit, 400, code]);
    }
  });

  it("answers HEAD with GET's status and no body", async () => {
    const res = await fetch(`${emu.aiGatewayApi.url}/providers`, { method: "HEAD", headers: { authorization: `Bearer ${emu.aiGatewayApi.apiKey}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });
});

describe("AI Gateway API: request bodies", () => {
  const long = (n: number): string => "x".repeat(n);
  // [what, method, path, body, status, a word the message names]
  const cases: [string, string, string, unknown, number, string][] = [
    ["provider: providerId required", "POST", "/providers", { name: "n", baseUrl: "http://x" }, 400, "providerId"],
    ["provider: baseUrl required", "POST", "/providers", { providerId: "p-req", name: "n" }, 400, "baseUrl"],
    ["provider: name at most 255", "POST", "/providers", { providerId: "p-long", name: long(256), baseUrl: "http://x" }, 400, "name"],
    ["provider: name at least 1", "POST", "/providers", { providerId: "p-empty", name: "", baseUrl: "http://x" }, 400, "name"],
    ["provider: baseUrl at most 2048", "POST", "/providers", { providerId: "p-url", name: "n", baseUrl: long(2049) }, 400, "baseUrl"],
    ["provider: unknown field", "POST", "/providers", { providerId: "p-unk", name: "n", baseUrl: "http://x", colour: "red" }, 400, "colour"],
    ["provider: modelId at least 1", "POST", "/providers", { providerId: "p-m", name: "n", baseUrl: "http://x", models: [{ modelId: "" }] }, 400, "modelId"],
    ["provider: a built-in providerId", "POST", "/providers", { providerId: "openai", name: "n", baseUrl: "http://x" }, 409, "built-in"],
    ["provider key: value required", "POST", "/provider-keys", { providerId: "openai", name: "n" }, 400, "value"],
    ["provider key: name required", "POST", "/provider-keys", { providerId: "openai", value: "v" }, 400, "name"],
    ["provider key: description at most 255", "POST", "/provider-keys", { providerId: "openai", name: "n", value: "v", description: long(256) }, 400, "description"],
    ["provider key: metadata at most 4096", "POST", "/provider-keys", { providerId: "openai", name: "n", value: "v", metadata: long(4097) }, 400, "metadata"],
    ["configuration: name required", "POST", "/access-key-configurations", {}, 400, "name"],
    ["configuration: step type is user or ngrok", "POST", "/access-key-configurations", { name: "c", router: { rules: [{ provider: "openai", steps: [{ type: "other" }] }] } }, 400, "steps[0].type'"],
    ["configuration: keySelectionStrategy is ordered", "POST", "/access-key-configurations", { name: "c", router: { rules: [{ provider: "openai", steps: [{ type: "ngrok", keySelectionStrategy: "random" }] }] } }, 400, "keySelectionStrategy"],
    ["configuration: a rule has a step", "POST", "/access-key-configurations", { name: "c", router: { rules: [{ provider: "openai", steps: [] }] } }, 400, "steps"],
    ["configuration: a user step has keys", "POST", "/access-key-configurations", { name: "c", router: { rules: [{ provider: "openai", steps: [{ type: "user" }] }] } }, 400, "keys"],
    ["configuration: ngrok steps serve OpenAI and Anthropic only", "POST", "/access-key-configurations", { name: "c", router: { rules: [{ provider: "groq", steps: [{ type: "ngrok" }] }] } }, 400, "ngrok"],
    ["configuration: a key that does not exist", "POST", "/access-key-configurations", { name: "c", router: { rules: [{ provider: "openai", steps: [{ type: "user", keys: [{ id: "aigpk_000000000000000000000000000" }] }] }] } }, 400, "aigpk_"],
    ["configuration: a rule names a provider or a model", "POST", "/access-key-configurations", { name: "c", router: { rules: [{ steps: [{ type: "ngrok" }] }] } }, 400, "provider"],
    ["configuration: one provider rule per upstream", "POST", "/access-key-configurations", { name: "c", router: { rules: [{ provider: "openai", steps: [{ type: "ngrok" }] }, { provider: "openai", steps: [{ type: "ngrok" }] }] } }, 400, "openai"],
    ["configuration: access entries are objects with allow", "POST", "/access-key-configurations", { name: "c", access: { providers: ["openai"] } }, 400, "providers"],
    ["access key: a configuration that does not exist", "POST", "/access-keys", { accessKeyConfigurationId: "aigac_000000000000000000000000000" }, 400, "aigac_"],
    ["access key: name at most 255", "POST", "/access-keys", { name: long(256) }, 400, "name"],
    ["API key: unknown field", "POST", "/api-keys", { token: "mine" }, 400, "token"],
    ["gateway config: a Go duration", "PATCH", "/gateway-config", { totalTimeout: "ten seconds" }, 400, "totalTimeout"],
    ["gateway config: a positive duration", "PATCH", "/gateway-config", { perRequestTimeout: "0s" }, 400, "perRequestTimeout"],
    ["gateway config: metadata at most 4096", "PATCH", "/gateway-config", { metadata: long(4097) }, 400, "metadata"],
    ["gateway config: unknown field", "PATCH", "/gateway-config", { accountId: "x" }, 400, "accountId"],
    ["usage: startTime required", "GET", "/usage", undefined, 400, "startTime"],
    ["usage overview: groupBy is provider or accessKey", "GET", "/usage/overview?startTime=2026-01-01T00:00:00Z&groupBy=model", undefined, 400, "groupBy"],
  ];
  it("counts a maxLength in characters, as JSON Schema does, not in UTF-16 units", async () => {
    expect((await call("POST", "/providers", { providerId: "p-astral", name: "😀".repeat(255), baseUrl: "http://x" })).status).toBe(201);
    expect((await call("POST", "/providers", { providerId: "p-astral-2", name: "😀".repeat(256), baseUrl: "http://x" })).status).toBe(400);
  });

  it.each(cases)("%s", async (_what, method, path, body, status, mentions) => {
    const a = await call(method, path, body);
    expect(a.status).toBe(status);
    expect(String(a.body["msg"])).toContain(mentions);
  });
});

describe("AI Gateway API: custom providers beside ngrok's catalog", () => {
  // The providers of ngrok's model catalog (https://ngrok.com/docs/ai-gateway/reference/model-catalog),
  // which a custom provider's providerId "must not collide with" (the OpenAPI's AIGatewayProviderCreate).
  const CATALOG = ["openai", "anthropic", "google", "deepseek", "groq", "moonshotai", "z-ai", "openrouter", "hyperbolic", "inceptionlabs", "inference-net"];

  it.each(CATALOG)("refuses a custom provider named %s (409)", async (providerId) => {
    const a = await call("POST", "/providers", { providerId, name: providerId, baseUrl: "http://127.0.0.1:9/v1" });
    expect({ status: a.status, msg: a.body["msg"] }).toEqual({ status: 409, msg: expect.stringContaining("built-in") });
  });

  it("takes a custom provider named as none of them", async () => {
    expect((await call("POST", "/providers", { providerId: "fireworks", name: "Fireworks", baseUrl: "http://127.0.0.1:9/v1" })).status).toBe(201);
  });
});

describe("AI Gateway API: resources", () => {
  it("never answers a provider key's value; rotates it in place through /rotate", async () => {
    const made = await providerKey();
    expect(JSON.stringify(made)).not.toContain("sk-test-0123456789abcdef");
    expect(made["keyRedacted"]).toEqual(expect.any(String));
    const id = String(made["id"]);
    expect(emu.aiGatewayApi.directory.providerKey(id)?.value).toBe("sk-test-0123456789abcdef");
    // PATCH does not take a value: rotation is its own operation.
    expect((await call("PATCH", `/provider-keys/${id}`, { value: "sk-new" })).status).toBe(400);
    const rotated = await ok("POST", `/provider-keys/${id}/rotate`, { name: "rotated", value: "sk-rotated-abcdefghijklmnop" });
    expect(rotated["id"]).toBe(id);
    expect(rotated["name"]).toBe("rotated");
    expect(rotated["keyRedacted"]).not.toBe(made["keyRedacted"]);
    expect(JSON.stringify(rotated)).not.toContain("sk-rotated-abcdefghijklmnop");
    expect(emu.aiGatewayApi.directory.providerKey(id)?.value).toBe("sk-rotated-abcdefghijklmnop");
    expect((await call("POST", `/provider-keys/${id}/rotate`, { value: "v" })).status).toBe(400);
  });

  it("lists provider keys by provider", async () => {
    await providerKey({ providerId: "anthropic" });
    const page = await ok("GET", "/provider-keys?provider=anthropic");
    const keys = page["aiGatewayProviderKeys"] as { providerId: string }[];
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.every((k) => k.providerId === "anthropic")).toBe(true);
  });

  it("answers an access key's token once, finds it by token, and links its configuration", async () => {
    const config = await ok("POST", "/access-key-configurations", { name: uniq("c") });
    const key = await ok("POST", "/access-keys", { name: "app", accessKeyConfigurationId: config["id"] });
    const token = String(key["token"]);
    expect(token).toMatch(/^ng-/);
    expect(key["accessKeyConfiguration"]).toEqual({ id: config["id"], uri: `${emu.aiGatewayApi.url}/access-key-configurations/${String(config["id"])}`, name: config["name"] });
    const read = await ok("GET", `/access-keys/${String(key["id"])}`);
    expect(read["token"]).toBeUndefined();
    expect(read["keyRedacted"]).toBe(key["keyRedacted"]);
    expect(emu.aiGatewayApi.directory.accessKeyByToken(token)).toEqual({ id: key["id"], configurationId: config["id"] });
    // null reverts to allow-all scope.
    const unlinked = await ok("PATCH", `/access-keys/${String(key["id"])}`, { accessKeyConfigurationId: null });
    expect(unlinked["accessKeyConfiguration"]).toBeNull();
  });

  it("refuses to delete a configuration an access key still references", async () => {
    const config = await ok("POST", "/access-key-configurations", { name: uniq("c") });
    const key = await ok("POST", "/access-keys", { accessKeyConfigurationId: config["id"] });
    const refused = await call("DELETE", `/access-key-configurations/${String(config["id"])}`);
    expect(refused.status).toBe(409);
    expect(String(refused.body["msg"])).toContain(String(key["id"]));
    await ok("DELETE", `/access-keys/${String(key["id"])}`);
    expect((await call("DELETE", `/access-key-configurations/${String(config["id"])}`)).status).toBe(204);
  });

  it("answers a configuration's router keys as {id, name, keyRedacted}, inline keys created as provider keys", async () => {
    const k = await providerKey();
    const config = await ok("POST", "/access-key-configurations", {
      name: uniq("routed"),
      access: { providers: { allow: ["openai"] }, models: { allow: ["openai:openai/gpt-4o"] } },
      router: { rules: [{ provider: "openai", steps: [{ type: "user", keySelectionStrategy: "ordered", keys: [{ id: k["id"] }, { name: "inline", value: "sk-inline-0123456789" }] }, { type: "ngrok" }] }] },
    });
    const steps = ((config["router"] as { rules: { steps: { keys?: Record<string, unknown>[] }[] }[] }).rules[0]!).steps;
    expect(steps[0]!.keys![0]).toEqual({ id: k["id"], name: k["name"], keyRedacted: k["keyRedacted"] });
    expect(steps[0]!.keys![1]!["name"]).toBe("inline");
    expect(JSON.stringify(config)).not.toContain("sk-inline-0123456789");
    expect(emu.aiGatewayApi.directory.accessKeyConfiguration(String(config["id"]))?.router?.rules?.[0]?.steps[1]).toEqual({ type: "ngrok" });
    // null clears the router and the scope.
    const cleared = await ok("PATCH", `/access-key-configurations/${String(config["id"])}`, { router: null, access: null });
    expect(cleared["router"]).toBeUndefined();
    expect(cleared["access"]).toBeUndefined();
  });

  it("keeps a custom provider's providerId immutable and refuses to delete one a provider key references", async () => {
    const p = await ok("POST", "/providers", { providerId: uniq("vllm"), name: "vLLM", baseUrl: "http://127.0.0.1:9", models: [{ modelId: "llama-3" }], supportedApiSurfaces: [{ format: "openai", surface: "chat-completions" }] });
    expect((await call("PATCH", `/providers/${String(p["id"])}`, { providerId: "other" })).status).toBe(400);
    const dup = await call("POST", "/providers", { providerId: p["providerId"], name: "again", baseUrl: "http://x" });
    expect(dup.status).toBe(409);
    expect(emu.aiGatewayApi.directory.customProvider(String(p["providerId"]))?.id).toBe(p["id"]);
    expect(emu.aiGatewayApi.directory.customProvider(String(p["id"]))?.baseUrl).toBe("http://127.0.0.1:9");
    const key = await providerKey({ providerId: p["providerId"] });
    expect((await call("DELETE", `/providers/${String(p["id"])}`)).status).toBe(409);
    await ok("DELETE", `/provider-keys/${String(key["id"])}`);
    // Models follow PATCH-array semantics: [] clears them; a kept model keeps its id.
    const kept = await ok("PATCH", `/providers/${String(p["id"])}`, { models: [{ modelId: "llama-3" }, { modelId: "qwen" }] });
    expect((kept["models"] as { id: string }[])[0]!.id).toBe((p["models"] as { id: string }[])[0]!.id);
    expect((await ok("PATCH", `/providers/${String(p["id"])}`, { models: [] }))["models"]).toEqual([]);
    expect((await call("DELETE", `/providers/${String(p["id"])}`)).status).toBe(204);
  });

  it("reads the gateway configuration's defaults, keeps omitted fields, clears a cap with null", async () => {
    const defaults = await ok("GET", "/gateway-config");
    expect(defaults).toMatchObject({ totalTimeout: "120s", perRequestTimeout: "60s", maxInputTokens: null, maxOutputTokens: null, metadata: null });
    await ok("PATCH", "/gateway-config", { maxInputTokens: 128000, totalTimeout: "3m" });
    const kept = await ok("PATCH", "/gateway-config", { maxOutputTokens: 8192 });
    expect(kept).toMatchObject({ totalTimeout: "3m", maxInputTokens: 128000, maxOutputTokens: 8192 });
    const cleared = await ok("PATCH", "/gateway-config", { maxInputTokens: null, totalTimeout: "120s", maxOutputTokens: null });
    expect(cleared).toMatchObject({ totalTimeout: "120s", maxInputTokens: null, maxOutputTokens: null });
    expect((await call("DELETE", "/gateway-config")).status).toBe(405);
  });

  it("answers usage, its overview and the credit balance from what the gateway recorded", async () => {
    const key = await ok("POST", "/access-keys", { name: "usage" });
    const base = { requestId: "req_1", accessKeyId: String(key["id"]), provider: "openai", model: "gpt-4o", keySource: "user" as const };
    emu.aiGatewayApi.directory.recordUsage({ ...base, attemptNumber: 1, isFinalAttempt: false, statusCode: 429, totalCost: "0.00000" });
    emu.aiGatewayApi.directory.recordUsage({ ...base, attemptNumber: 2, isFinalAttempt: true, statusCode: 200, totalCost: "0.00120" });
    const start = "2000-01-01T00:00:00Z";
    const finals = await ok("GET", `/usage?startTime=${start}&accessKeyId=${String(key["id"])}`);
    expect((finals["aiGatewayUsage"] as { attemptNumber: number }[]).map((e) => e.attemptNumber)).toEqual([2]);
    const all = await ok("GET", `/usage?startTime=${start}&accessKeyId=${String(key["id"])}&includeRetries=true`);
    expect((all["aiGatewayUsage"] as unknown[]).length).toBe(2);
    const overview = await ok("GET", `/usage/overview?startTime=${start}&groupBy=accessKey`);
    const bucket = (overview["buckets"] as { groupKey: string; requests: number; cost: string }[]).find((b) => b.groupKey === key["id"]);
    expect(bucket).toMatchObject({ requests: 1, cost: "0.00120" });
    expect((await ok("GET", `/access-keys/${String(key["id"])}`))["lastUsed"]).toEqual(expect.any(String));
    emu.aiGatewayApi.setCreditBalance(2500);
    expect(await ok("GET", "/credits/balance")).toEqual({ balanceCents: 2500 });
  });
});

describe("AI Gateway API: operations its reference gives no response schema yet", () => {
  it.each([
    ["POST", "/credits/purchases", { amount: 25000 }, "POST /credits/purchases", "credits/purchase-create"],
    ["GET", "/credits/purchases/cp_1", undefined, "GET /credits/purchases/{id}", "credits/purchase-get"],
    ["GET", "/v1/models", undefined, "GET /v1/models", "models/list"],
    ["GET", "/usage/requests/rq_2abcDEF456", undefined, "GET /usage/requests/{requestId}", "usage/request-attempts"],
  ] as const)("%s %s answers 501, naming the operation and its page", async (method, path, body, operation, page) => {
    const a = await call(method, path, body);
    expect(a.status).toBe(501);
    expect(a.body["msg"]).toBe(
      `ngrok's API reference gives ${operation} no response schema yet (https://ngrok.com/docs/ai-gateway/api-reference/${page}): the emulator does not serve it.`,
    );
  });

  it("a method or path of theirs the reference does not list is not found", async () => {
    expect((await call("POST", "/v1/models", {})).status).toBe(404);
    expect((await call("GET", "/credits/purchases")).status).toBe(404);
  });
});
