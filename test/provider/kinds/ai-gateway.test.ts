/**
 * The AI Gateway API's kinds through the provider core, against the emulator's AI Gateway API over
 * loopback: its own client (key, base URL, no version header), a provider key's rotation in place,
 * the gateway configuration singleton, and failures told in the program's terms. The life cycle
 * with the real CLI is test/e2e/ai-gateway.test.ts's.
 */
import type { Emulator } from "../../../emulator";
import type { Provider } from "../../../provider";
import { ApiError } from "../../../provider/client/errors";
import { aiGatewayClientOptions } from "../../../provider/contract";
import { emulatorForProvider, providerFor } from "../../support/provider";
import { aiCall } from "../../support/api";

let emu: Emulator;
let provider: Provider;
beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider({ rateLimit: false }));
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

const writes = () => emu.aiGatewayApi.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);

describe("AiProviderKey", () => {
  it("rotates a new value in place through /rotate, PATCHes the rest, and keeps its id", async () => {
    const handler = provider.handler("AiProviderKey");
    const inputs = { providerId: "openai", name: "primary", value: "sk-first-0123456789", description: "one" };
    const made = await handler.create(inputs);
    emu.aiGatewayApi.clearRequests();
    const news = { ...inputs, value: "sk-second-0123456789", description: "two" };
    expect(await handler.diff(made.id, made.outs, news)).toMatchObject({ changes: true, changed: ["value", "description"], replaces: [] });
    const updated = await handler.update(made.id, made.outs, news);
    expect(writes()).toEqual([`POST /provider-keys/${made.id}/rotate`, `PATCH /provider-keys/${made.id}`]);
    expect(emu.aiGatewayApi.directory.providerKey(made.id)).toMatchObject({ value: "sk-second-0123456789", name: "primary" });
    expect(updated.outs).toMatchObject({ value: "sk-second-0123456789", description: "two" });
    expect(updated.outs.keyRedacted).not.toBe(made.outs.keyRedacted);
    // Read back: the value is the program's (the API never returns it), nothing left to change.
    const read = await handler.read(made.id, updated.outs);
    expect((await handler.diff(made.id, read.props, news)).changes).toBe(false);
    await handler.delete(made.id, updated.outs);
  });

  it("sends no request to the main API, and none without the ngrok.ai API key", async () => {
    const before = emu.requests.length;
    await provider.handler("AiProviderKey").create({ providerId: "anthropic", name: "alone", value: "sk-ant-0123456789" });
    expect(emu.requests.length).toBe(before);
    // An empty setting counts as unset.
    const noKey = providerFor(emu, { "ngrok:aiGatewayApiKey": "" });
    await expect(noKey.handler("AiApiKey").create({ name: "x" })).rejects.toThrow(/^the ngrok\.ai API key \(the AI Gateway API's\) is not set: run `pulumi config set ngrok:aiGatewayApiKey/);
  });
});

describe("AiGatewayConfig", () => {
  it("writes the program's settings over ngrok's defaults, puts a dropped input's default back, and restores them all on delete", async () => {
    await aiCall(emu, "PATCH", "/gateway-config", { maxInputTokens: 777, metadata: "set by hand" });
    const handler = provider.handler("AiGatewayConfig");
    const made = await handler.create({ totalTimeout: "90s", maxOutputTokens: 2048 });
    expect(made.id).toBe("gateway-config");
    const config = async () => (await aiCall(emu, "GET", "/gateway-config")).json as Record<string, unknown>;
    // What was set by hand and the program leaves out goes back to the default.
    expect(await config()).toMatchObject({ totalTimeout: "90s", perRequestTimeout: "60s", maxInputTokens: null, maxOutputTokens: 2048, metadata: null });
    const news = { totalTimeout: "90s" };
    expect(await handler.diff(made.id, made.outs, news)).toMatchObject({ changes: true, changed: ["maxOutputTokens"], replaces: [] });
    const updated = await handler.update(made.id, made.outs, news);
    expect(await config()).toMatchObject({ totalTimeout: "90s", maxOutputTokens: null });
    expect((await handler.diff(made.id, (await handler.read(made.id, updated.outs)).props, news)).changes).toBe(false);
    // `pulumi destroy`, a process of its own.
    const destroy = providerFor(emu);
    await destroy.handler("AiGatewayConfig").delete(made.id, updated.outs);
    await destroy.close();
    expect(await config()).toMatchObject({ totalTimeout: "120s", perRequestTimeout: "60s", maxInputTokens: null, maxOutputTokens: null, metadata: null });
    // The one object stays: a read after delete finds it, with the defaults.
    expect((await handler.read(made.id, updated.outs)).id).toBe("gateway-config");
  });

  it("is held by one resource of the program: a second is refused at preview when the first exists, at up before it writes; a rename keeps the settings", async () => {
    const own = providerFor(emu);
    try {
      const handler = own.handler("AiGatewayConfig");
      const config = async () => (await aiCall(emu, "GET", "/gateway-config")).json as Record<string, unknown>;
      // The SDK class tells each resource's name, which the messages use and the inputs do not keep.
      const first = { totalTimeout: "90s", __ngrokResourceName: "settings" };
      const second = { totalTimeout: "30s", __ngrokResourceName: "settings-again" };
      expect((await handler.check({}, first)).failures).toEqual([]);
      const made = await handler.create((await handler.check({}, first)).inputs);
      const twice = `the resources "settings" and "settings-again" of this program configure the same AiGatewayConfig (gateway-config): keep one of them`;
      const refused = await handler.create((await handler.check({}, second)).inputs).catch((e: unknown) => e);
      expect(String(refused)).toBe(`Error: ${twice}`);
      expect(await config()).toMatchObject({ totalTimeout: "90s" });

      // A later run: the existing one holds it from its check, and the second is refused at preview.
      const later = providerFor(emu);
      try {
        const h = later.handler("AiGatewayConfig");
        expect((await h.check(made.outs, first)).failures).toEqual([]);
        expect((await h.check({}, second)).failures).toEqual([{ path: "", message: twice }]);
        // A forced replace (`pulumi up --replace`, another provider) deletes first, so the new one's write stays.
        expect((await h.diff(made.id, made.outs, (await h.check(made.outs, first)).inputs)).deleteBeforeReplace).toBe(true);
      } finally {
        await later.close();
      }

      // Renamed without an alias: the engine creates the new one, then deletes the old one, whose
      // delete leaves the new one's settings in place (and frees the configuration).
      const renamed = providerFor(emu);
      try {
        const h = renamed.handler("AiGatewayConfig");
        const next = await h.create((await h.check({}, second)).inputs);
        await h.delete(made.id, made.outs);
        expect(await config()).toMatchObject({ totalTimeout: "30s" });
        // `pulumi destroy` then puts ngrok's defaults back.
        const destroy = providerFor(emu);
        await destroy.handler("AiGatewayConfig").delete(next.id, next.outs);
        await destroy.close();
        expect(await config()).toMatchObject({ totalTimeout: "120s" });
      } finally {
        await renamed.close();
      }
    } finally {
      await own.close();
    }
  });
});

describe("settings", () => {
  it("give the AI Gateway API a client of its own: its key, base URL and pacing, apart from the main API's", () => {
    const options = aiGatewayClientOptions({ apiKey: "main", rateLimit: "off", apiBaseUrl: "http://127.0.0.1:1", aiGatewayApiKey: "ai", maxRetries: "2" });
    expect(options).toMatchObject({ apiKey: "ai", api: "ai-gateway", baseUrl: "https://api.ngrok.ai", backoff: { maxRetries: 2 } });
    // The main API's pacing is not the AI Gateway API's: unset, the client paces to its default.
    expect(options.rateLimit).toBeUndefined();
    expect(aiGatewayClientOptions({ aiGatewayApiKey: "ai", aiGatewayRateLimit: "5/10", aiGatewayApiBaseUrl: "http://127.0.0.1:2" })).toMatchObject({ rateLimit: { limit: 5, windowMs: 10_000 }, baseUrl: "http://127.0.0.1:2" });
    expect(aiGatewayClientOptions({ aiGatewayApiKey: "ai", aiGatewayRateLimit: "off" }).rateLimit).toBe(false);
    expect(() => aiGatewayClientOptions({ aiGatewayApiKey: "ai", aiGatewayRateLimit: "fast" })).toThrow(/^ngrok:aiGatewayRateLimit must be "<requests>\/<seconds>"/);
  });
});

describe("failures", () => {
  it("parse the API's camelCase errors into ApiErrors, in the program's terms", async () => {
    const config = await provider.handler("AiAccessKeyConfiguration").create({ name: "linked" });
    await provider.handler("AiAccessKey").create({ name: "linked", accessKeyConfigurationId: config.id });
    const refused = await provider.handler("AiAccessKeyConfiguration").delete(config.id, config.outs).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, method: "DELETE", path: `/access-key-configurations/${config.id}` });
    // The OpenAPI documents no code for a conflict: the error carries none.
    expect((refused as ApiError).errorCode).toBeUndefined();
    expect((refused as ApiError).operationId).toMatch(/^op_/);

    const missing = "aigac_000000000000000000000000000";
    const err = (await provider.handler("AiAccessKey").create({ name: "dangling", accessKeyConfigurationId: missing }).catch((e: unknown) => e)) as ApiError;
    expect(err).toMatchObject({ status: 400, errorCode: "ERR_NGROK_380" });
    expect(err.message).toContain(`(accessKeyConfigurationId)`);
  });

  it("a refused ngrok.ai API key fails the preview in one line naming its setting", async () => {
    const wrong = providerFor(emu, { "ngrok:aiGatewayApiKey": emu.apiKey });
    const { failures } = await wrong.check("AiApiKey", {}, { name: "x" });
    expect(failures).toHaveLength(1);
    expect(failures[0]!.message).toMatch(/^HTTP 401 .*ngrok\.ai API key was refused.*ngrok:aiGatewayApiKey/);
    await wrong.close();
  });
});
