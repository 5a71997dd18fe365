/**
 * examples/ai-gateway's routing (its routing.ts, the object the program deploys) through testRoute,
 * as a user's unit test would run it before deploy. Pages: https://ngrok.com/docs/ai-gateway/...
 */
import { testRoute } from "../../../emulator";
import { routing } from "../../../examples/ai-gateway/routing";

const configuration = { name: "production", ...routing({ openaiPrimary: "aigpk_primary", openaiBackup: "aigpk_backup", vllm: "aigpk_vllm" }) };
const options = {
  providerKeys: {
    aigpk_primary: { provider: "openai", name: "openai-primary" },
    aigpk_backup: { provider: "openai", name: "openai-backup" },
    aigpk_vllm: { provider: "my-vllm", name: "my-vllm-token" },
  },
  customProviders: { "my-vllm": { models: [{ modelId: "llama3.2" }] } },
};

it("gpt-4o goes to the primary OpenAI key", async () => {
  expect((await testRoute(configuration, "gpt-4o", options)).served).toMatchObject({ provider: "openai", keyId: "aigpk_primary" });
});

it("a refused primary key fails over to the backup (guides/key-selection-failover)", async () => {
  const r = await testRoute(configuration, "gpt-4o", { ...options, providers: { openai: { refuseKeys: ["aigpk_primary"] } } });
  expect(r.served).toMatchObject({ keyId: "aigpk_backup" });
});

it("both keys rate-limited: the next step, ngrok.ai inference, serves (how-it-works \"Failover order\")", async () => {
  const r = await testRoute(configuration, "gpt-4o", { ...options, providers: { openai: (call) => ({ status: call.keyId === undefined ? 200 : 429 }) } });
  expect(r.attempts.map((a) => [a.keyId ?? a.keySource, a.statusCode])).toEqual([
    ["aigpk_primary", 429],
    ["aigpk_backup", 429],
    ["ngrok", 200],
  ]);
});

it("gpt-4o-mini takes its model's rule, ngrok.ai inference only (RouterRuleWrite)", async () => {
  expect((await testRoute(configuration, "gpt-4o-mini", options)).served).toMatchObject({ keySource: "ngrok", rule: { index: 1, by: "model" } });
});

it("our own model goes to vLLM with its token", async () => {
  expect((await testRoute(configuration, "my-vllm:llama3.2", options)).served).toMatchObject({ provider: "my-vllm", keyId: "aigpk_vllm" });
});

it("Anthropic and other OpenAI models are out of scope: 422 (guides/restrict-providers-and-models)", async () => {
  expect((await testRoute(configuration, "anthropic:claude-sonnet-4-6", options)).error?.code).toBe("ERR_NGROK_3803");
  expect((await testRoute(configuration, "gpt-4.1", options)).error?.code).toBe("ERR_NGROK_3803");
});
