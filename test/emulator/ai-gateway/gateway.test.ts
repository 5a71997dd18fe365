/**
 * The emulator's AI Gateway over loopback: provider keys, a custom provider, access key
 * configurations and access keys made through the emulator's AI Gateway API, then
 * OpenAI-compatible requests made with the access key, routed to stand-in providers that each
 * test makes answer or fail. Each case cites the page of ngrok's AI Gateway documentation
 * (https://ngrok.com/docs/ai-gateway/...) it follows, and the same case through testRoute agrees.
 */
import { FakeClock, startEmulator, startProviderStandIn, testRoute, type Emulator, type ProviderStandIn } from "../../../emulator";
import { parseCli } from "../../../emulator/cli";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

let emu: Emulator;
let openai: ProviderStandIn;
let vllm: ProviderStandIn;
let anthropic: ProviderStandIn;

beforeAll(async () => {
  openai = await startProviderStandIn("openai");
  anthropic = await startProviderStandIn("anthropic");
  vllm = await startProviderStandIn("my-vllm");
  emu = await startEmulator({ rateLimit: false, aiGateway: { providers: { openai: openai.url } } });
  emu.aiGateway!.setProvider("anthropic", anthropic.url);
});
afterAll(async () => {
  await emu.close();
  await Promise.all([openai.close(), anthropic.close(), vllm.close()]);
});
beforeEach(() => {
  for (const s of [openai, anthropic, vllm]) s.behave({});
});

async function api(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${emu.aiGatewayApi.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${emu.aiGatewayApi.apiKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text === "" ? {} : (JSON.parse(text) as Record<string, unknown>);
}

/** An access key (its token) with a configuration made through the API. */
async function accessKey(configuration: Record<string, unknown>): Promise<string> {
  const cfg = await api("POST", "/access-key-configurations", configuration);
  const key = await api("POST", "/access-keys", { name: String(configuration["name"]), accessKeyConfigurationId: cfg["id"] });
  return String(key["token"]);
}

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

async function chat(token: string | undefined, body: Record<string, unknown>): Promise<Answer> {
  const res = await fetch(`${emu.aiGateway!.url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify({ messages: [{ role: "user", content: "Hello" }], ...body }),
  });
  return { status: res.status, headers: res.headers, body: JSON.parse(await res.text()) as Record<string, unknown> };
}

const content = (a: Answer): unknown => (a.body["choices"] as Array<{ message: { content: string } }>)[0]?.message.content;

let primary: string;
let backup: string;
let vllmKey: string;
let anthropicKey: string;
beforeAll(async () => {
  primary = String((await api("POST", "/provider-keys", { providerId: "openai", name: "primary", value: "sk-primary-0123456789" }))["id"]);
  backup = String((await api("POST", "/provider-keys", { providerId: "openai", name: "backup", value: "sk-backup-0123456789" }))["id"]);
  await api("POST", "/providers", {
    providerId: "my-vllm",
    name: "vLLM",
    baseUrl: vllm.url,
    supportedApiSurfaces: [{ format: "openai", surface: "chat-completions" }],
    models: [{ modelId: "llama3.2" }],
  });
  vllmKey = String((await api("POST", "/provider-keys", { providerId: "my-vllm", name: "vllm", value: "vllm-token-0123456789" }))["id"]);
  anthropicKey = String((await api("POST", "/provider-keys", { providerId: "anthropic", name: "claude", value: "sk-ant-0123456789" }))["id"]);
});

describe("the AI gateway over loopback", () => {
  it("routes a custom provider named as no provider of ngrok's catalog to its own base URL (reference/model-catalog, concepts/custom-providers)", async () => {
    await api("POST", "/providers", { providerId: "fireworks", name: "Fireworks", baseUrl: vllm.url, models: [{ modelId: "llama-v3" }] });
    const key = String((await api("POST", "/provider-keys", { providerId: "fireworks", name: "fireworks", value: "fw-token-0123456789" }))["id"]);
    const token = await accessKey({ name: "fireworks", router: { rules: [{ provider: "fireworks", steps: [{ type: "user", keys: [{ id: key }] }] }] } });
    const a = await chat(token, { model: "fireworks:llama-v3" });
    expect({ status: a.status, credential: vllm.requests.at(-1)?.credential }).toEqual({ status: 200, credential: "fw-token-0123456789" });
  });

  it("a refused key (401) fails over to the next key of the step (guides/key-selection-failover)", async () => {
    const config = {
      name: "OpenAI with failover",
      router: { rules: [{ provider: "openai", steps: [{ type: "user", keySelectionStrategy: "ordered", keys: [{ id: primary }, { id: backup }] }] }] },
    };
    const token = await accessKey(config);
    openai.behave({ refuseKeys: ["sk-primary-0123456789"] });
    const a = await chat(token, { model: "openai:gpt-4o" });
    expect(a.status).toBe(200);
    // The Ngrok-AIG-* headers (guides/why-a-request-failed-over).
    expect(a.headers.get("ngrok-aig-attempts")).toBe("2");
    expect(a.headers.get("ngrok-aig-model")).toBe("gpt-4o");
    expect(content(a)).toBe("openai:gpt-4o answered");
    expect(openai.requests.slice(-2).map((r) => [r.credential, r.credentialHeader, r.status, r.model])).toEqual([
      ["sk-primary-0123456789", "authorization", 401, "gpt-4o"],
      ["sk-backup-0123456789", "authorization", 200, "gpt-4o"],
    ]);
    const routed = emu.aiGateway!.routes.find((r) => r.requestId === a.headers.get("ngrok-aig-request-id"));
    expect(routed?.served).toMatchObject({ provider: "openai", keyId: backup });

    // testRoute agrees, given the same configuration with the same key ids.
    const offline = await testRoute(config as never, "openai:gpt-4o", {
      providerKeys: { [primary]: { provider: "openai", value: "sk-primary-0123456789" }, [backup]: { provider: "openai", value: "sk-backup-0123456789" } },
      providers: { openai: { refuseKeys: ["sk-primary-0123456789"] } },
    });
    expect(offline.attempts.map((x) => [x.keyId, x.statusCode, x.retryAction])).toEqual(routed!.attempts.map((x) => [x.keyId, x.statusCode, x.retryAction]));
  });

  it("a failing step (500) fails over to the rule's next step (how-it-works \"Failover order\")", async () => {
    const token = await accessKey({
      name: "BYOK, then ngrok.ai inference",
      router: { rules: [{ provider: "openai", steps: [{ type: "user", keys: [{ id: primary }] }, { type: "ngrok" }] }] },
    });
    openai.behave((call) => (call.credential === "sk-primary-0123456789" ? { status: 500 } : { status: 200, body: { choices: [{ message: { content: "managed" } }] } }));
    const a = await chat(token, { model: "gpt-4o" });
    expect(a.status).toBe(200);
    expect(content(a)).toBe("managed");
    expect(a.headers.get("ngrok-aig-attempts")).toBe("2");
    const routed = emu.aiGateway!.routes.at(-1)!;
    expect(routed.attempts.map((x) => [x.step, x.keySource, x.statusCode, x.retryAction])).toEqual([
      [0, "user", 500, "managed_fallback"],
      [1, "ngrok", 200, "succeeded"],
    ]);
  });

  it("a failing provider fails over to the request's next model, on another provider (examples/multi-provider-failover)", async () => {
    const token = await accessKey({
      name: "vLLM, then Anthropic",
      access: { providers: { allow: ["my-vllm", "anthropic"] } },
      router: {
        rules: [
          { provider: "my-vllm", steps: [{ type: "user", keys: [{ id: vllmKey }] }] },
          { provider: "anthropic", steps: [{ type: "user", keys: [{ id: anthropicKey }] }] },
        ],
      },
    });
    vllm.behave({ fail: 503 });
    const a = await chat(token, { model: "my-vllm:llama3.2", models: ["anthropic:claude-sonnet-4-6"] });
    expect(a.status).toBe(200);
    expect(a.headers.get("ngrok-aig-model")).toBe("claude-sonnet-4-6");
    expect(vllm.requests.at(-1)).toMatchObject({ credential: "vllm-token-0123456789", model: "llama3.2", status: 503 });
    expect(anthropic.requests.at(-1)).toMatchObject({ credential: "sk-ant-0123456789", model: "claude-sonnet-4-6", status: 200 });
    // Each attempt is recorded where the AI Gateway API's /usage answers it.
    const usage = await api("GET", `/usage?startTime=2000-01-01T00:00:00Z&includeRetries=true`);
    const events = (usage["aiGatewayUsage"] as Array<Record<string, unknown>>).filter((e) => e["requestId"] === a.headers.get("ngrok-aig-request-id"));
    expect(events.map((e) => [e["attemptNumber"], e["provider"], e["statusCode"], e["keySource"], e["isFinalAttempt"]]).sort()).toEqual([
      [1, "my-vllm", 503, "user", false],
      [2, "anthropic", 200, "user", true],
    ]);
  });

  it("a model outside the key's scope is refused before any upstream call: 422 ERR_NGROK_3803 (guides/restrict-providers-and-models)", async () => {
    const token = await accessKey({ name: "gpt-4o only", access: { models: { allow: ["openai/gpt-4o"] } } });
    const before = openai.requests.length;
    const a = await chat(token, { model: "openai:gpt-4o-mini" });
    expect(a.status).toBe(422);
    expect(a.body["error"]).toMatchObject({ code: "ERR_NGROK_3803" });
    expect(a.headers.get("ngrok-aig-attempts")).toBe("0");
    expect(openai.requests.length).toBe(before);
  });

  it("a model rule beats the provider's rule (RouterRuleWrite)", async () => {
    const token = await accessKey({
      name: "gpt-4o on the backup key",
      router: {
        rules: [
          { provider: "openai", steps: [{ type: "user", keys: [{ id: primary }] }] },
          { model: "openai:openai/gpt-4o", steps: [{ type: "user", keys: [{ id: backup }] }] },
        ],
      },
    });
    await chat(token, { model: "gpt-4o" });
    expect(openai.requests.at(-1)?.credential).toBe("sk-backup-0123456789");
    await chat(token, { model: "gpt-4o-mini" });
    expect(openai.requests.at(-1)?.credential).toBe("sk-primary-0123456789");
  });

  it("a provider that cannot be reached: 502 ERR_NGROK_3800 (reference/error-codes)", async () => {
    const k = String((await api("POST", "/provider-keys", { providerId: "inceptionlabs", name: "inception", value: "inception-0123456789" }))["id"]);
    const token = await accessKey({ name: "inception", router: { rules: [{ provider: "inceptionlabs", steps: [{ type: "user", keys: [{ id: k }] }] }] } });
    const a = await chat(token, { model: "inceptionlabs:mercury" });
    expect(a.status).toBe(502);
    expect(a.body["error"]).toMatchObject({ code: "ERR_NGROK_3800" });
    expect(String((a.body["error"] as { message: string }).message)).toContain("--ai-provider inceptionlabs=URL");
  });

  it("a missing or unknown access key is refused with 401 (concepts/access-keys \"Invalid keys are rejected\")", async () => {
    expect((await chat(undefined, { model: "gpt-4o" })).status).toBe(401);
    expect((await chat("ng-nope-g1-nope", { model: "gpt-4o" })).status).toBe(401);
  });

  it("the access key may come as x-api-key, as Anthropic's SDK sends it (how-it-works \"Authentication\")", async () => {
    const token = await accessKey({ name: "anthropic sdk", router: { rules: [{ provider: "openai", steps: [{ type: "user", keys: [{ id: primary }] }] }] } });
    const res = await fetch(`${emu.aiGateway!.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": token },
      body: JSON.stringify({ model: "gpt-4o", messages: [] }),
    });
    expect(res.status).toBe(200);
    expect(openai.requests.at(-1)?.credential).toBe("sk-primary-0123456789");
  });

  it("a body whose model is not a string: 400 ERR_NGROK_3801 (reference/error-codes)", async () => {
    const token = await accessKey({ name: "any" });
    const a = await chat(token, { model: 4 });
    expect(a.status).toBe(400);
    expect(a.body["error"]).toMatchObject({ code: "ERR_NGROK_3801" });
  });
});

/** The `data:` fields of a server-sent events body, in order. */
function events(text: string): string[] {
  return text
    .split("\n\n")
    .filter((e) => e.trim() !== "")
    .map((e) => e.replace(/^data: /, ""));
}

/** The events of a stream that names each in an `event:` line (Anthropic's, the Responses API's), in order. */
function namedEvents(text: string): Array<{ name: string; data: Record<string, unknown> }> {
  return text
    .split("\n\n")
    .filter((e) => e !== "")
    .map((e) => {
      const [name, data] = e.split("\n");
      return { name: name!.replace(/^event: /, ""), data: JSON.parse(data!.replace(/^data: /, "")) as Record<string, unknown> };
    });
}

interface Chunk {
  object: string;
  choices: Array<{ delta: { role?: string; content?: string }; finish_reason: string | null }>;
  usage?: unknown;
}

describe("streaming (faq \"Does the gateway support streaming?\": SSE forwarded transparently; sdks/openai \"Streaming\")", () => {
  it("stream: true is answered with the provider's server-sent events, after a failover made before the stream began", async () => {
    const token = await accessKey({
      name: "streaming with failover",
      router: { rules: [{ provider: "openai", steps: [{ type: "user", keys: [{ id: primary }, { id: backup }] }] }] },
    });
    openai.behave({ refuseKeys: ["sk-primary-0123456789"], reply: "Requests flow on" });
    const res = await fetch(`${emu.aiGateway!.url}/v1/chat/completions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ model: "gpt-4o", messages: [{ role: "user", content: "Write a haiku about APIs" }], stream: true, stream_options: { include_usage: true } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("ngrok-aig-attempts")).toBe("2");
    const data = events(await res.text());
    expect(data.at(-1)).toBe("[DONE]");
    const chunks = data.slice(0, -1).map((d) => JSON.parse(d) as Chunk);
    expect(new Set(chunks.map((c) => c.object))).toEqual(new Set(["chat.completion.chunk"]));
    expect(chunks[0]?.choices[0]?.delta.role).toBe("assistant");
    // What an OpenAI SDK prints from `chunk.choices[0]?.delta?.content`, chunk by chunk.
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? "").join("")).toBe("Requests flow on");
    expect(chunks.filter((c) => (c.choices[0]?.delta.content ?? "") !== "").length).toBeGreaterThan(1);
    expect(chunks.map((c) => c.choices[0]?.finish_reason).filter((f) => f !== null && f !== undefined)).toEqual(["stop"]);
    // stream_options.include_usage: a last chunk with the usage and no choices.
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: 2 } });

    const usage = await api("GET", `/usage?startTime=2000-01-01T00:00:00Z&includeRetries=true`);
    const attempts = (usage["aiGatewayUsage"] as Array<Record<string, unknown>>).filter((e) => e["requestId"] === res.headers.get("ngrok-aig-request-id"));
    expect(attempts.map((e) => [e["statusCode"], e["isStreaming"]])).toEqual(expect.arrayContaining([[401, true], [200, true]]));
  });

  it("the client reads each event as the provider sends it, not once the stream ends", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: ServerResponse[] = [];
    const upstream = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        held.push(res);
        res.writeHead(200, { "content-type": "text/event-stream" });
        res.write('data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"first"},"finish_reason":null}]}\n\n');
        void released.then(() => res.end('data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":" last"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
    try {
      await api("POST", "/providers", {
        providerId: "my-streamer",
        name: "streamer",
        baseUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v1`,
        supportedApiSurfaces: [{ format: "openai", surface: "chat-completions" }],
        models: [{ modelId: "m1" }],
      });
      const key = String((await api("POST", "/provider-keys", { providerId: "my-streamer", name: "streamer", value: "streamer-token-0123456789" }))["id"]);
      const token = await accessKey({ name: "streamer", router: { rules: [{ provider: "my-streamer", steps: [{ type: "user", keys: [{ id: key }] }] }] } });
      const res = await fetch(`${emu.aiGateway!.url}/v1/chat/completions`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ model: "my-streamer:m1", messages: [], stream: true }),
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      // The provider holds the rest of its stream until this first event has reached the client.
      let seen = "";
      while (!seen.includes("\n\n")) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += decoder.decode(value, { stream: true });
      }
      expect(events(seen)).toEqual(['{"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"first"},"finish_reason":null}]}']);
      release();
      for (let r = await reader.read(); !r.done; r = await reader.read()) seen += decoder.decode(r.value, { stream: true });
      expect(events(seen).at(-1)).toBe("[DONE]");
      expect(events(seen)).toHaveLength(3);
    } finally {
      release();
      for (const r of held) r.destroy();
      upstream.closeAllConnections();
      await new Promise<void>((resolve) => upstream.close(() => resolve()));
    }
  });
});

describe("Anthropic's SDK (sdks/anthropic: base URL https://gateway.ngrok.ai, the access key as x-api-key)", () => {
  const messages = async (token: string, body: Record<string, unknown>): Promise<Response> =>
    fetch(`${emu.aiGateway!.url}/v1/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": token, "anthropic-version": "2023-06-01" },
      body: JSON.stringify({ max_tokens: 1024, messages: [{ role: "user", content: "Hello!" }], ...body }),
    });

  it("messages.create gets a message, from the provider's Messages API with the provider key as x-api-key", async () => {
    const token = await accessKey({ name: "claude", router: { rules: [{ provider: "anthropic", steps: [{ type: "user", keys: [{ id: anthropicKey }] }] }] } });
    const res = await messages(token, { model: "claude-opus-4-6" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ type: "message", role: "assistant", content: [{ type: "text", text: "anthropic:claude-opus-4-6 answered" }], stop_reason: "end_turn" });
    expect(anthropic.requests.at(-1)).toMatchObject({ path: "/v1/messages", credential: "sk-ant-0123456789", credentialHeader: "x-api-key", status: 200 });
  });

  it("a refused key fails over as on chat completions, and the refusal is in Anthropic's error shape", async () => {
    const token = await accessKey({ name: "claude, refused", router: { rules: [{ provider: "anthropic", steps: [{ type: "user", keys: [{ id: anthropicKey }] }] }] } });
    anthropic.behave({ refuseKeys: ["sk-ant-0123456789"] });
    const res = await messages(token, { model: "claude-opus-4-6" });
    expect(res.status).toBe(503);
    const routed = emu.aiGateway!.routes.at(-1)!;
    expect(routed.attempts.map((a) => [a.statusCode, a.retryAction])).toEqual([[401, "exhausted"]]);
    const direct = await fetch(`${anthropic.url}/messages`, { method: "POST", headers: { "x-api-key": "sk-ant-0123456789" }, body: JSON.stringify({ model: "claude-opus-4-6" }) });
    expect(await direct.json()).toEqual({ type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } });
  });

  it("stream: true gets Anthropic's events, from message_start to message_stop", async () => {
    const token = await accessKey({ name: "claude, streaming", router: { rules: [{ provider: "anthropic", steps: [{ type: "user", keys: [{ id: anthropicKey }] }] }] } });
    anthropic.behave({ reply: "Hello, Claude here" });
    const res = await messages(token, { model: "claude-opus-4-6", stream: true });
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const received = namedEvents(await res.text());
    expect(received.every((e) => e.name === e.data["type"])).toBe(true);
    expect([...new Set(received.map((e) => e.name))]).toEqual(["message_start", "content_block_start", "content_block_delta", "content_block_stop", "message_delta", "message_stop"]);
    const text = received.filter((e) => e.name === "content_block_delta").map((e) => (e.data["delta"] as { text: string }).text);
    expect(text.join("")).toBe("Hello, Claude here");
    expect(received.find((e) => e.name === "message_delta")?.data).toMatchObject({ delta: { stop_reason: "end_turn" } });
  });
});

describe("the per-request timeout (how-it-works \"Timeouts and token limits\": 60 s by default; guides/error-handling)", () => {
  it("an attempt with no answer within the timeout, on the emulator's clock, fails over to the next key", async () => {
    const clock = new FakeClock();
    const slow = await startProviderStandIn("openai", (call) => (call.credential === "sk-slow-0123456789" ? "timeout" : { status: 200, body: { choices: [{ message: { content: "fast" } }] } }));
    const emu2 = await startEmulator({ rateLimit: false, clock, aiGateway: { providers: { openai: slow.url } } });
    try {
      const post = async (path: string, body: unknown): Promise<Record<string, unknown>> => {
        const res = await fetch(`${emu2.aiGatewayApi.url}${path}`, { method: "POST", headers: { authorization: `Bearer ${emu2.aiGatewayApi.apiKey}`, "content-type": "application/json" }, body: JSON.stringify(body) });
        return (await res.json()) as Record<string, unknown>;
      };
      const k1 = await post("/provider-keys", { providerId: "openai", name: "slow", value: "sk-slow-0123456789" });
      const k2 = await post("/provider-keys", { providerId: "openai", name: "fast", value: "sk-fast-0123456789" });
      const cfg = await post("/access-key-configurations", { name: "slow first", router: { rules: [{ provider: "openai", steps: [{ type: "user", keys: [{ id: k1["id"] }, { id: k2["id"] }] }] }] } });
      const key = await post("/access-keys", { name: "app", accessKeyConfigurationId: cfg["id"] });
      const answer = fetch(`${emu2.aiGateway!.url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${String(key["token"])}`, "content-type": "application/json" },
        body: JSON.stringify({ model: "gpt-4o", messages: [] }),
      });
      await slow.untilRequests(1);
      clock.advance(60_000);
      const res = await answer;
      expect(res.status).toBe(200);
      expect(emu2.aiGateway!.routes.at(-1)?.attempts.map((a) => [a.keyName, a.completion])).toEqual([
        ["slow", "timed_out"],
        ["fast", "succeeded"],
      ]);
    } finally {
      await emu2.close();
      await slow.close();
    }
  }, 10_000);
});

describe("the total timeout (guides/error-handling \"Timeout configuration\"; reference/error-codes ERR_NGROK_3810)", () => {
  it("once the gateway configuration's totalTimeout has passed, no further attempt is made: 504", async () => {
    const clock = new FakeClock();
    const slow = await startProviderStandIn("openai", (call) => (call.credential === "sk-slow-0123456789" ? "timeout" : { status: 200 }));
    const emu2 = await startEmulator({ rateLimit: false, clock, aiGateway: { providers: { openai: slow.url } } });
    try {
      const send = async (method: string, path: string, body: unknown): Promise<Record<string, unknown>> => {
        const res = await fetch(`${emu2.aiGatewayApi.url}${path}`, { method, headers: { authorization: `Bearer ${emu2.aiGatewayApi.apiKey}`, "content-type": "application/json" }, body: JSON.stringify(body) });
        return (await res.json()) as Record<string, unknown>;
      };
      await send("PATCH", "/gateway-config", { totalTimeout: "30s", perRequestTimeout: "30s" });
      const k1 = await send("POST", "/provider-keys", { providerId: "openai", name: "slow", value: "sk-slow-0123456789" });
      const k2 = await send("POST", "/provider-keys", { providerId: "openai", name: "fast", value: "sk-fast-0123456789" });
      const cfg = await send("POST", "/access-key-configurations", { name: "slow first", router: { rules: [{ provider: "openai", steps: [{ type: "user", keys: [{ id: k1["id"] }, { id: k2["id"] }] }] }] } });
      const key = await send("POST", "/access-keys", { name: "app", accessKeyConfigurationId: cfg["id"] });
      const answer = fetch(`${emu2.aiGateway!.url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${String(key["token"])}`, "content-type": "application/json" },
        body: JSON.stringify({ model: "gpt-4o", messages: [] }),
      });
      await slow.untilRequests(1);
      clock.advance(30_000);
      const res = await answer;
      expect(res.status).toBe(504);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("ERR_NGROK_3810");
      expect(slow.requests.map((r) => r.credential)).toEqual(["sk-slow-0123456789"]);
    } finally {
      await emu2.close();
      await slow.close();
    }
  }, 10_000);
});

describe("the other surfaces the gateway serves (sdks/other \"Supported endpoints\"; guides/use-with-coding-agents)", () => {
  let token: string;
  beforeAll(async () => {
    token = await accessKey({ name: "surfaces", router: { rules: [{ provider: "openai", steps: [{ type: "user", keys: [{ id: primary }] }] }] } });
  });
  const post = async (surface: string, body: Record<string, unknown>): Promise<Response> =>
    fetch(`${emu.aiGateway!.url}/v1/${surface}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(body) });

  it("/v1/embeddings: one embedding per input, the same for the same text, as floats or base64 float32s", async () => {
    const res = await post("embeddings", { model: "openai:text-embedding-3-small", input: ["alpha", "beta", "alpha"] });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { object: string; data: Array<{ object: string; index: number; embedding: number[] }>; model: string };
    expect(answer).toMatchObject({ object: "list", model: "text-embedding-3-small" });
    expect(answer.data.map((d) => [d.object, d.index, d.embedding.length])).toEqual([["embedding", 0, 8], ["embedding", 1, 8], ["embedding", 2, 8]]);
    expect(answer.data[2]!.embedding).toEqual(answer.data[0]!.embedding);
    expect(answer.data[1]!.embedding).not.toEqual(answer.data[0]!.embedding);
    expect(Math.hypot(...answer.data[0]!.embedding)).toBeCloseTo(1, 5);
    expect(openai.requests.at(-1)).toMatchObject({ path: "/v1/embeddings", model: "text-embedding-3-small", status: 200 });
    // OpenAI's Node SDK asks for base64 unless told otherwise.
    const encoded = (await (await post("embeddings", { model: "openai:text-embedding-3-small", input: "alpha", encoding_format: "base64", dimensions: 4 })).json()) as { data: Array<{ embedding: string }> };
    const floats = Array.from(new Float32Array(Uint8Array.from(Buffer.from(encoded.data[0]!.embedding, "base64")).buffer));
    expect(floats).toHaveLength(4);
    expect(Math.hypot(...floats)).toBeCloseTo(1, 5);
  });

  it("/v1/completions (legacy): a text_completion, cut at max_tokens", async () => {
    const res = await post("completions", { model: "openai:gpt-3.5-turbo-instruct", prompt: "Say", max_tokens: 1 });
    expect(await res.json()).toMatchObject({ object: "text_completion", choices: [{ text: "openai:gpt-3.5-turbo-instruct", finish_reason: "length" }] });
    const streamed = events(await (await post("completions", { model: "openai:gpt-3.5-turbo-instruct", prompt: "Say", stream: true })).text());
    expect(streamed.at(-1)).toBe("[DONE]");
    const chunks = streamed.slice(0, -1).map((d) => JSON.parse(d) as { object: string; choices: Array<{ text: string; finish_reason: string | null }> });
    expect(chunks.map((c) => c.choices[0]!.text).join("")).toBe("openai:gpt-3.5-turbo-instruct answered");
    expect(chunks.at(-1)!.choices[0]!.finish_reason).toBe("stop");
  });

  it("/v1/responses: a response with its output_text, and its stream from response.created to response.completed", async () => {
    const res = await post("responses", { model: "gpt-4o", input: "Hi" });
    expect(await res.json()).toMatchObject({
      object: "response",
      status: "completed",
      output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text: "openai:gpt-4o answered" }] }],
    });
    const streamed = namedEvents(await (await post("responses", { model: "gpt-4o", input: "Hi", stream: true })).text());
    expect(streamed.every((e) => e.name === e.data["type"])).toBe(true);
    expect(streamed.map((e) => e.data["sequence_number"])).toEqual(streamed.map((_, i) => i));
    expect([streamed[0]!.name, streamed.at(-1)!.name]).toEqual(["response.created", "response.completed"]);
    const deltas = streamed.filter((e) => e.name === "response.output_text.delta").map((e) => e.data["delta"]);
    expect(deltas.join("")).toBe("openai:gpt-4o answered");
    // Cut at max_output_tokens: incomplete, as the Responses API tells it.
    expect(await (await post("responses", { model: "gpt-4o", input: "Hi", max_output_tokens: 1 })).json()).toMatchObject({ status: "incomplete", incomplete_details: { reason: "max_output_tokens" } });
  });

  it("a surface reaches only the providers that serve it: /v1/messages Anthropic's, a custom provider the surfaces it lists", async () => {
    const all = await accessKey({
      name: "surfaces, every provider",
      router: {
        rules: [
          { provider: "openai", steps: [{ type: "user", keys: [{ id: primary }] }] },
          { provider: "anthropic", steps: [{ type: "user", keys: [{ id: anthropicKey }] }] },
          { provider: "my-vllm", steps: [{ type: "user", keys: [{ id: vllmKey }] }] },
        ],
      },
    });
    const send = async (surface: string, body: Record<string, unknown>) => {
      const res = await fetch(`${emu.aiGateway!.url}/v1/${surface}`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": all }, body: JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const openaiCalls = openai.requests.length;
    const refused = await send("messages", { model: "gpt-4o", max_tokens: 10, messages: [] });
    expect(refused.status).toBe(422);
    expect(refused.body["error"]).toMatchObject({ code: "ERR_NGROK_3803", message: expect.stringContaining("/v1/messages reaches only providers with Anthropic's Messages API, and 'openai' has none") });
    expect(openai.requests.length).toBe(openaiCalls);
    // The request's next model serves it (guides/configure-fallback-models).
    const fallback = await send("messages", { model: "gpt-4o", models: ["claude-opus-4-6"], max_tokens: 10, messages: [] });
    expect(fallback.body).toMatchObject({ type: "message", content: [{ text: "anthropic:claude-opus-4-6 answered" }] });
    // my-vllm lists OpenAI's chat completions only.
    const notServed = await send("responses", { model: "my-vllm:llama3.2", input: "Hi" });
    expect(notServed.status).toBe(422);
    expect(notServed.body["error"]).toMatchObject({ message: expect.stringContaining("custom provider 'my-vllm' does not serve openai responses (/v1/responses); it serves openai chat-completions") });
    expect((await send("chat/completions", { model: "my-vllm:llama3.2", messages: [] })).status).toBe(200);

    // testRoute agrees, given the surface.
    const offline = await testRoute(undefined, { model: "gpt-4o", models: ["claude-opus-4-6"], surface: "messages", max_tokens: 10, messages: [] });
    expect(offline.skipped).toEqual([{ model: "gpt-4o", reason: "/v1/messages reaches only providers with Anthropic's Messages API, and 'openai' has none" }]);
    expect(JSON.parse(offline.body)).toMatchObject({ type: "message", content: [{ text: "anthropic:claude-opus-4-6 answered" }] });
  });

  it("a custom provider's surface that lists its parameters gets only those (how-it-works: unsupported parameters are stripped)", async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const strict = await startProviderStandIn("strict-llm", (call) => {
      bodies.push(call.body);
      return { status: 200, body: { choices: [{ message: { content: "ok" } }] } };
    });
    try {
      await api("POST", "/providers", {
        providerId: "strict-llm",
        name: "strict",
        baseUrl: strict.url,
        supportedApiSurfaces: [{ format: "openai", surface: "chat-completions", supportedParams: [{ name: "messages" }, { name: "temperature" }] }],
        models: [{ modelId: "m1" }],
      });
      const key = String((await api("POST", "/provider-keys", { providerId: "strict-llm", name: "strict", value: "strict-token-0123456789" }))["id"]);
      const token = await accessKey({ name: "strict", router: { rules: [{ provider: "strict-llm", steps: [{ type: "user", keys: [{ id: key }] }] }] } });
      const a = await chat(token, { model: "strict-llm:m1", temperature: 0.2, top_p: 0.9, user: "u-1", seed: 7 });
      expect(a.status).toBe(200);
      expect(bodies.at(-1)).toEqual({ model: "m1", messages: [{ role: "user", content: "Hello" }], temperature: 0.2 });
      // testRoute strips the same fields.
      const seen: Array<Record<string, unknown>> = [];
      await testRoute(
        undefined,
        { model: "strict-llm:m1", messages: [], temperature: 0.2, top_p: 0.9 },
        {
          customProviders: { "strict-llm": { supportedApiSurfaces: [{ format: "openai", surface: "chat-completions", supportedParams: [{ name: "messages" }, { name: "temperature" }] }] } },
          providerKeys: { k: { provider: "strict-llm" } },
          providers: { "strict-llm": (call) => (seen.push(call.body), { status: 200, body: {} }) },
        },
      );
      expect(seen).toEqual([{ model: "m1", messages: [], temperature: 0.2 }]);
    } finally {
      await strict.close();
    }
  });

  it("GET /v1/models lists the catalog's models, with an access key", async () => {
    const res = await fetch(`${emu.aiGateway!.url}/v1/models`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { object: string; data: Array<{ id: string; object: string; owned_by: string }> };
    expect(list.object).toBe("list");
    expect(list.data).toEqual(expect.arrayContaining([{ id: "gpt-4o", object: "model", created: 0, owned_by: "openai" }, { id: "claude-opus-4-6", object: "model", created: 0, owned_by: "anthropic" }]));
    expect((await fetch(`${emu.aiGateway!.url}/v1/models`)).status).toBe(401);
  });
});

describe("the account's token limits (guides/account-settings \"Token limits\"; reference/error-codes ERR_NGROK_3811)", () => {
  it("an input estimated above maxInputTokens is refused before any upstream call; maxOutputTokens caps the completion", async () => {
    const own = await startEmulator({ rateLimit: false, aiGateway: { standIns: true } });
    try {
      const call = async (path: string, method: string, body: unknown): Promise<Response> =>
        fetch(`${own.aiGatewayApi.url}${path}`, { method, headers: { authorization: `Bearer ${own.aiGatewayApi.apiKey}`, "content-type": "application/json" }, body: JSON.stringify(body) });
      const token = String(((await (await call("/access-keys", "POST", { name: "app" })).json()) as Record<string, unknown>)["token"]);
      const ask = async (surface: string, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> => {
        const res = await fetch(`${own.aiGateway!.url}/v1/${surface}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
        return { status: res.status, body: (await res.json()) as Record<string, unknown> };
      };
      expect((await call("/gateway-config", "PATCH", { maxInputTokens: 10, maxOutputTokens: 1 })).status).toBe(200);

      // 60 characters of prompt: 15 tokens at four characters a token.
      const long = { model: "gpt-4o", messages: [{ role: "user", content: "x".repeat(60) }] };
      const attempts = own.aiGateway!.routes.length;
      const refused = await ask("chat/completions", long);
      expect(refused.status).toBe(413);
      expect(refused.body["error"]).toMatchObject({
        code: "ERR_NGROK_3811",
        message: "ERR_NGROK_3811: Input too large: 15 tokens (max 10). Shorten your prompt. See https://ngrok.com/docs/ai-gateway/reference/error-codes#err-ngrok-3811 for more information.",
      });
      expect(own.aiGateway!.routes.length).toBe(attempts);

      // The stand-in's reply, "openai:gpt-4o answered", is two of its tokens: the cap stops it at one, whatever the request asked.
      for (const asked of [{}, { max_tokens: 100 }, { max_completion_tokens: 100 }]) {
        const capped = await ask("chat/completions", { model: "gpt-4o", messages: [{ role: "user", content: "Hi" }], ...asked });
        expect(capped.status).toBe(200);
        expect((capped.body["choices"] as Array<Record<string, unknown>>)[0]).toMatchObject({ message: { content: "openai:gpt-4o" }, finish_reason: "length" });
      }
      const claude = await ask("messages", { model: "claude-opus-4-6", max_tokens: 1024, messages: [{ role: "user", content: "Hi" }] });
      expect(claude.body).toMatchObject({ content: [{ type: "text", text: "anthropic:claude-opus-4-6" }], stop_reason: "max_tokens" });

      // null clears a limit (guides/account-settings).
      await call("/gateway-config", "PATCH", { maxInputTokens: null, maxOutputTokens: null });
      const served = await ask("chat/completions", long);
      expect(served.status).toBe(200);
      expect((served.body["choices"] as Array<Record<string, unknown>>)[0]).toMatchObject({ message: { content: "openai:gpt-4o answered" }, finish_reason: "stop" });
    } finally {
      await own.close();
    }
  });
});

describe("credits (concepts/credits \"What happens when credits run out\"; reference/error-codes ERR_NGROK_4026)", () => {
  it("once a balance is set, the gateway refuses requests while it is zero, and serves them again when credits are bought", async () => {
    const own = await startEmulator({ rateLimit: false, aiGateway: { standIns: true } });
    try {
      const res = await fetch(`${own.aiGatewayApi.url}/access-keys`, { method: "POST", headers: { authorization: `Bearer ${own.aiGatewayApi.apiKey}`, "content-type": "application/json" }, body: JSON.stringify({ name: "app" }) });
      const token = String(((await res.json()) as Record<string, unknown>)["token"]);
      const ask = () => fetch(`${own.aiGateway!.url}/v1/chat/completions`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ model: "gpt-4o", messages: [] }) });
      // No balance set: the emulator counts no credits.
      expect((await ask()).status).toBe(200);
      own.aiGatewayApi.setCreditBalance(0);
      const refused = await ask();
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { error: unknown }).error).toMatchObject({ code: "ERR_NGROK_4026", message: "ERR_NGROK_4026: Your account has run out of credit." });
      own.aiGatewayApi.setCreditBalance(500);
      expect((await ask()).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});

describe("ngrok-emulator's options for the AI gateway", () => {
  it("--ai-gateway-port and repeated --ai-provider ID=URL", () => {
    expect(parseCli(["--ai-gateway-port", "0", "--ai-provider", "openai=http://127.0.0.1:9/v1", "--ai-provider", "my-vllm=http://127.0.0.1:8/v1"])).toMatchObject({
      aiGateway: { port: 0, providers: { openai: "http://127.0.0.1:9/v1", "my-vllm": "http://127.0.0.1:8/v1" } },
    });
    expect(() => parseCli(["--ai-gateway-port", "0", "--ai-provider", "openai"])).toThrow("--ai-provider must be ID=URL");
    expect(parseCli(["--ai-gateway-port", "0", "--ai-stand-ins"])).toMatchObject({ aiGateway: { standIns: true } });
    expect(() => parseCli(["--ai-stand-ins"])).toThrow("need --ai-gateway-port");
  });

  it("with stand-ins, providers no URL names answer 200 without being called", async () => {
    const offline = await startEmulator({ rateLimit: false, aiGateway: { standIns: true } });
    try {
      const res = await fetch(`${offline.aiGatewayApi.url}/access-keys`, {
        method: "POST",
        headers: { authorization: `Bearer ${offline.aiGatewayApi.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({ name: "app" }),
      });
      const token = String(((await res.json()) as Record<string, unknown>)["token"]);
      const answer = await fetch(`${offline.aiGateway!.url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ model: "gpt-4o", messages: [] }),
      });
      expect(answer.status).toBe(200);
      expect(offline.aiGateway!.routes.at(-1)?.served).toMatchObject({ provider: "openai", keySource: "ngrok" });
      const streamed = await fetch(`${offline.aiGateway!.url}/v1/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ model: "gpt-4o", messages: [], stream: true }),
      });
      expect(streamed.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const data = events(await streamed.text());
      expect(data.at(-1)).toBe("[DONE]");
      expect(data.slice(0, -1).map((d) => (JSON.parse(d) as Chunk).choices[0]?.delta.content ?? "").join("")).toBe("openai:gpt-4o answered");
    } finally {
      await offline.close();
    }
  });
});
