/**
 * ERR_NGROK_2267 (https://ngrok.com/docs/errors/err_ngrok_2267/): provider API keys or key
 * selection in an `ai-gateway` action are refused for ngrok's standard providers (its model
 * catalog's) and accepted for custom ones, alike at preview (a CloudEndpoint's check), in the
 * emulator's API (`POST /endpoints` over loopback) and by testPolicy.
 */
import { PolicyRefusal, startEmulator, testPolicy, type Emulator, type WirePolicy } from "../../../emulator";
import { STANDARD_PROVIDERS } from "../../../emulator/gateway/ai-gateway-keys";
import { Provider } from "../../../provider/core";
import { STANDARD_AI_PROVIDERS } from "../../../provider/policy/ai-gateway-keys";
import { call } from "../../support/api";

const NGROK_TEXT =
  "Configuring provider API keys or key selection in Traffic Policy is no longer supported for standard providers. " +
  "Attach provider keys to your AI Gateway API Key instead: https://ngrok.com/docs/ai-gateway/guides/migrate-to-attached-provider-keys. " +
  "Custom providers can still configure API keys in Traffic Policy.";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  expect((await call(emu, "POST", "/reserved_domains", { domain: "ai.example.com" })).status).toBe(201);
});
afterAll(() => emu.close());

/** The action, then an answer: a cloud endpoint's policy must always answer. */
const gateway = (config: Record<string, unknown>): WirePolicy => ({
  on_http_request: [{ actions: [{ type: "ai-gateway", config }] }, { actions: [{ type: "custom-response", config: { status_code: 503 } }] }],
});
const key = [{ value: "${secrets.get('ai', 'openai')}" }];
const custom = { id: "my-llm", base_url: "https://llm.internal", api_keys: key };

const refused: [what: string, config: Record<string, unknown>, place: string, typedPath: string][] = [
  ["keys of a standard provider", { providers: [{ id: "openai", api_keys: key }] }, "config.providers[0].api_keys", "config.providers[0].apiKeys"],
  ["keys of a standard provider after a custom one", { providers: [custom, { id: "anthropic", api_keys: key }] }, "config.providers[1].api_keys", "config.providers[1].apiKeys"],
  ["key selection with standard providers only", { providers: [{ id: "openai" }], api_key_selection: { strategy: ["ai.keys"] } }, "config.api_key_selection", "config.apiKeySelection"],
];
const accepted: [what: string, config: Record<string, unknown>][] = [
  ["keys of a custom provider", { providers: [custom] }],
  ["a standard provider without keys", { providers: [{ id: "openai" }, { id: "google", api_keys: [] }] }],
  ["key selection with a custom provider", { providers: [custom, { id: "openai" }], api_key_selection: { strategy: ["ai.keys"] } }],
];

const provider = new Provider({ settings: {} });
const previewFailures = async (policy: WirePolicy) => (await provider.check("CloudEndpoint", {}, { url: "https://ai.example.com", trafficPolicy: JSON.stringify(policy) })).failures;

describe.each(refused)("%s", (_what, config, place, _typed) => {
  const policy = gateway(config);
  const at = `on_http_request[0].actions[0].${place}`;

  it("preview refuses it, naming the place and ngrok's code and text", async () => {
    const failures = await previewFailures(policy);
    expect(failures.map((f) => f.path)).toEqual([`trafficPolicy.${at}`]);
    expect(failures[0]!.message).toContain(`(ERR_NGROK_2267: ${NGROK_TEXT})`);
  });

  it("the emulator's API refuses it with ngrok's code and text", async () => {
    const answer = await call(emu, "POST", "/endpoints", { type: "cloud", url: "https://ai.example.com", traffic_policy: JSON.stringify(policy) });
    expect([answer.status, answer.json?.error_code, answer.json?.details?.path, answer.json?.msg]).toEqual([400, "ERR_NGROK_2267", at, NGROK_TEXT]);
  });

  it("testPolicy refuses it before any request runs", async () => {
    const refusal = testPolicy(policy, "https://ai.example.com/");
    await expect(refusal).rejects.toBeInstanceOf(PolicyRefusal);
    await expect(refusal).rejects.toMatchObject({ code: "ERR_NGROK_2267", place: at });
  });
});

it("a typed policy is refused at the typed path", async () => {
  const [, config, , typed] = refused[0]!;
  const failures = (await provider.check("CloudEndpoint", {}, { url: "https://ai.example.com", trafficPolicy: { onHttpRequest: [{ actions: [{ type: "ai-gateway", config }] }, { actions: [{ type: "custom-response", config: { statusCode: 503 } }] }] } })).failures;
  expect(failures.map((f) => f.path)).toEqual([`trafficPolicy.onHttpRequest[0].actions[0].${typed}`]);
});

describe.each(accepted)("%s", (_what, config) => {
  const policy = gateway(config);
  it("passes preview, the emulator's API and testPolicy's checks", async () => {
    expect(await previewFailures(policy)).toEqual([]);
    const answer = await call(emu, "POST", "/endpoints", { type: "cloud", url: "https://ai.example.com", traffic_policy: JSON.stringify(policy), pooling_enabled: true });
    expect(answer.status).toBe(201);
    // Checked, then not run: the emulator does not reach AI providers.
    expect((await testPolicy(policy, "https://ai.example.com/")).status).toBe(501);
  });
});

// The emulator's standard providers are its catalog's (emulator/shared/ai-catalog.ts); the provider keeps its own list.
it("the standard providers are the model catalog's, alike in the provider and the emulator", () => {
  expect([...STANDARD_AI_PROVIDERS]).toEqual([...STANDARD_PROVIDERS]);
});
