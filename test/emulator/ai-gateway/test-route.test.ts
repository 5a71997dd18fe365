/**
 * testRoute: one request through an access key configuration written as the program writes it,
 * against stand-in providers, answering who served it and why. Each case cites the page of
 * ngrok's AI Gateway documentation (https://ngrok.com/docs/ai-gateway/...) it follows.
 */
import { RouteConfigurationError, testRoute, type AccessKeyConfigurationInput } from "../../../emulator";

const providerKeys = {
  aigpk_primary: { provider: "openai", name: "primary", value: "sk-primary" },
  aigpk_backup: { provider: "openai", name: "backup", value: "sk-backup" },
  aigpk_anthropic: { provider: "anthropic", name: "claude", value: "sk-ant" },
  aigpk_vllm: { provider: "my-vllm", name: "vllm", value: "vllm-token" },
};
const customProviders = { "my-vllm": { id: "aigp_vllm", models: [{ modelId: "llama3.2" }] } };

const openaiTwoKeys: AccessKeyConfigurationInput = {
  name: "OpenAI with failover",
  router: {
    rules: [{ provider: "openai", steps: [{ type: "user", keySelectionStrategy: "ordered", keys: [{ id: "aigpk_primary" }, { id: "aigpk_backup" }] }] }],
  },
};

describe("key failover (guides/key-selection-failover, examples/multi-key-failover)", () => {
  it("a refused key (401) fails over to the next key of the step", async () => {
    const r = await testRoute(openaiTwoKeys, "openai:gpt-4o", { providerKeys, providers: { openai: { refuseKeys: ["sk-primary"] } } });
    expect(r.status).toBe(200);
    expect(r.served).toMatchObject({ provider: "openai", model: "gpt-4o", keySource: "user", keyId: "aigpk_backup", keyName: "backup", rule: { index: 0, by: "provider" } });
    expect(r.attempts.map((a) => [a.keyId, a.statusCode, a.retryAction])).toEqual([
      ["aigpk_primary", 401, "next_key"],
      ["aigpk_backup", 200, "succeeded"],
    ]);
    expect(r.why.join("\n")).toContain("key aigpk_primary (primary): 401 → next_key");
  });

  it("a rate-limited key (429) fails over to the next key, as the page's failover sequence shows", async () => {
    const r = await testRoute(openaiTwoKeys, "gpt-4o", {
      providerKeys,
      providers: { openai: (call) => (call.credential === "sk-primary" ? { status: 429 } : { status: 200, body: { ok: true } }) },
    });
    expect(r.served?.keyId).toBe("aigpk_backup");
    expect(r.attempts.map((a) => a.statusCode)).toEqual([429, 200]);
  });

  it("the same model and key are never tried twice (guides/error-handling \"Automatic failover\")", async () => {
    const r = await testRoute(openaiTwoKeys, { model: "gpt-4o", models: ["openai:gpt-4o", "openai:gpt-4o-mini"] }, { providerKeys, providers: { openai: { fail: 500 } } });
    expect(r.attempts.map((a) => `${a.model} ${a.keyId}`)).toEqual(["gpt-4o aigpk_primary", "gpt-4o aigpk_backup", "gpt-4o-mini aigpk_primary", "gpt-4o-mini aigpk_backup"]);
  });

  it("when every key fails the client gets ERR_NGROK_3807 listing each attempt (reference/error-codes)", async () => {
    const r = await testRoute(openaiTwoKeys, "openai:gpt-4o", { providerKeys, providers: { openai: { refuseKeys: ["sk-primary", "sk-backup"] } } });
    expect(r.status).toBe(503);
    expect(r.error?.code).toBe("ERR_NGROK_3807");
    expect(r.attempts.map((a) => a.retryAction)).toEqual(["next_key", "exhausted"]);
    expect(r.served).toBeUndefined();
  });
});

describe("step failover (how-it-works \"Failover order\", guides/key-selection-failover step 3)", () => {
  const byokThenNgrok: AccessKeyConfigurationInput = {
    name: "BYOK first, ngrok.ai inference after",
    router: {
      rules: [
        {
          provider: "openai",
          steps: [
            { type: "user", keys: [{ id: "aigpk_primary" }] },
            { type: "ngrok" },
          ],
        },
      ],
    },
  };

  it("a failing provider answer (500) on the only key of step 0 moves to the next step", async () => {
    const r = await testRoute(byokThenNgrok, "openai:gpt-4o", {
      providerKeys,
      providers: { openai: (call) => (call.credential === "sk-primary" ? { status: 500 } : { status: 200, body: {} }) },
    });
    expect(r.status).toBe(200);
    expect(r.served).toMatchObject({ provider: "openai", keySource: "ngrok", step: 1 });
    // A customer-owned key failed and an ngrok-managed credential took over (guides/why-a-request-failed-over).
    expect(r.attempts.map((a) => [a.step, a.keySource, a.statusCode, a.retryAction])).toEqual([
      [0, "user", 500, "managed_fallback"],
      [1, "ngrok", 200, "succeeded"],
    ]);
  });

  it("a timeout counts as a failure too (guides/error-handling \"Automatic failover\")", async () => {
    const r = await testRoute(byokThenNgrok, "openai:gpt-4o", { providerKeys, providers: { openai: (call) => (call.credential === "sk-primary" ? "timeout" : { status: 200 }) } });
    expect(r.attempts[0]).toMatchObject({ completion: "timed_out", keyId: "aigpk_primary" });
    expect(r.served?.keySource).toBe("ngrok");
  });
});

describe("provider failover through the request's models (examples/multi-provider-failover, guides/configure-fallback-models)", () => {
  const twoProviders: AccessKeyConfigurationInput = {
    name: "vLLM first, Anthropic as backup",
    access: { providers: { allow: ["my-vllm", "anthropic"] } },
    router: {
      rules: [
        { provider: "my-vllm", steps: [{ type: "user", keys: [{ id: "aigpk_vllm" }] }] },
        { provider: "anthropic", steps: [{ type: "user", keys: [{ id: "aigpk_anthropic" }] }] },
      ],
    },
  };

  it("a failing provider (503) fails over to the next model, on another provider", async () => {
    const r = await testRoute(twoProviders, { model: "my-vllm:llama3.2", models: ["anthropic:claude-sonnet-4-6"] }, {
      providerKeys,
      customProviders,
      providers: { "my-vllm": { fail: 503 } },
    });
    expect(r.status).toBe(200);
    expect(r.served).toMatchObject({ provider: "anthropic", model: "claude-sonnet-4-6", keyId: "aigpk_anthropic", rule: { index: 1, by: "provider" } });
    expect(r.attempts.map((a) => [a.provider, a.statusCode, a.retryAction])).toEqual([
      ["my-vllm", 503, "next_backend"],
      ["anthropic", 200, "succeeded"],
    ]);
  });

  it("an unreachable provider fails over the same way", async () => {
    const r = await testRoute(twoProviders, { model: "my-vllm:llama3.2", models: ["anthropic:claude-sonnet-4-6"] }, { providerKeys, customProviders, providers: { "my-vllm": { fail: "unreachable" } } });
    expect(r.attempts[0]).toMatchObject({ provider: "my-vllm", completion: "failed", retryAction: "next_backend" });
    expect(r.served?.provider).toBe("anthropic");
  });
});

describe("the pages' own configurations, as written", () => {
  it("examples/multi-provider-failover: gpt-4o fails, then anthropic:claude-sonnet-4-6 serves on ngrok.ai inference", async () => {
    const documented = {
      name: "Multi-provider production",
      access: { providers: { allow: ["openai", "anthropic"] } },
      router: {
        rules: [
          { provider: "openai", steps: [{ type: "ngrok" as const }] },
          { provider: "anthropic", steps: [{ type: "ngrok" as const }] },
        ],
      },
    };
    const r = await testRoute(documented, { model: "gpt-4o", models: ["anthropic:claude-sonnet-4-6"] }, { providers: { openai: { fail: 500 } } });
    expect(r.served).toMatchObject({ provider: "anthropic", model: "claude-sonnet-4-6", keySource: "ngrok" });
  });

  it("examples/multi-key-failover: primary rate limited (429), backup succeeds", async () => {
    const documented = {
      name: "OpenAI with failover",
      router: { rules: [{ provider: "openai", steps: [{ type: "user" as const, keySelectionStrategy: "ordered" as const, keys: [{ id: "aigpk_primary" }, { id: "aigpk_backup" }] }] }] },
    };
    const r = await testRoute(documented, "gpt-4o", { providerKeys, providers: { openai: (call) => ({ status: call.keyId === "aigpk_primary" ? 429 : 200 }) } });
    expect(r.attempts.map((a) => [a.keyId, a.statusCode])).toEqual([
      ["aigpk_primary", 429],
      ["aigpk_backup", 200],
    ]);
  });
});

describe("access scope (guides/restrict-providers-and-models, guides/access-key-configurations)", () => {
  const onlyGpt4o: AccessKeyConfigurationInput = {
    name: "gpt-4o only",
    access: { providers: { allow: ["openai"] }, models: { allow: ["openai/gpt-4o"] } },
    router: openaiTwoKeys.router!,
  };

  it("a model outside the scope is refused before any upstream call: 422 ERR_NGROK_3803", async () => {
    const r = await testRoute(onlyGpt4o, "openai:gpt-4o-mini", { providerKeys });
    expect(r.status).toBe(422);
    expect(r.error?.code).toBe("ERR_NGROK_3803");
    expect(r.attempts).toEqual([]);
    expect(r.skipped).toEqual([{ model: "openai:gpt-4o-mini", reason: "model 'openai:gpt-4o-mini' is not in access.models.allow" }]);
  });

  it("a provider outside the scope is refused the same way", async () => {
    const r = await testRoute(onlyGpt4o, "anthropic:claude-sonnet-4-6", { providerKeys });
    expect(r.error?.code).toBe("ERR_NGROK_3803");
    expect(r.skipped[0]?.reason).toBe("provider 'anthropic' is not in access.providers.allow");
  });

  it("an empty allow list allows nothing", async () => {
    const r = await testRoute({ name: "none", access: { models: { allow: [] } } }, "gpt-4o");
    expect(r.error?.code).toBe("ERR_NGROK_3803");
  });

  it("a fallback model outside the scope is not used; the allowed one serves", async () => {
    const r = await testRoute(onlyGpt4o, { model: "openai:gpt-4o", models: ["anthropic:claude-sonnet-4-6"] }, { providerKeys });
    expect(r.served?.model).toBe("gpt-4o");
    expect(r.skipped.map((s) => s.model)).toEqual(["anthropic:claude-sonnet-4-6"]);
  });
});

describe("rule precedence (RouterRuleWrite: model rules take precedence over provider rules)", () => {
  const modelRule: AccessKeyConfigurationInput = {
    name: "gpt-4o on the backup key",
    router: {
      rules: [
        { provider: "openai", steps: [{ type: "user", keys: [{ id: "aigpk_primary" }] }] },
        { model: "openai:openai/gpt-4o", steps: [{ type: "user", keys: [{ id: "aigpk_backup" }] }] },
      ],
    },
  };

  it("the model's rule serves its model, though the provider's rule comes first", async () => {
    const r = await testRoute(modelRule, "gpt-4o", { providerKeys });
    expect(r.served).toMatchObject({ keyId: "aigpk_backup", rule: { index: 1, by: "model" } });
  });

  it("other models of the provider take the provider's rule", async () => {
    const r = await testRoute(modelRule, "openai:gpt-4o-mini", { providerKeys });
    expect(r.served).toMatchObject({ keyId: "aigpk_primary", rule: { index: 0, by: "provider" } });
  });
});

describe("defaults and refusals before routing", () => {
  it("a custom provider with no rule has no credentials: 400 ERR_NGROK_3802 (RouterWrite; reference/error-codes)", async () => {
    const r = await testRoute({ name: "empty" }, "my-vllm:llama3.2", { customProviders });
    expect(r.status).toBe(400);
    expect(r.error?.code).toBe("ERR_NGROK_3802");
  });

  it("a built-in provider with no rule gets an implicit ngrok step (RouterWrite)", async () => {
    const r = await testRoute({ name: "empty" }, "claude-sonnet-4-6");
    expect(r.served).toMatchObject({ provider: "anthropic", keySource: "ngrok" });
    expect(r.served?.rule).toBeUndefined();
  });

  it("a key with no configuration uses the account's provider keys (guides/attaching-provider-keys)", async () => {
    const r = await testRoute(undefined, "my-vllm:llama3.2", { providerKeys, customProviders });
    expect(r.served).toMatchObject({ provider: "my-vllm", keyId: "aigpk_vllm" });
  });

  it("model ids as the catalog, a provider prefix, or author/model write them reach the same model (concepts/models, AccessScope.models)", async () => {
    for (const model of ["gpt-4o", "GPT-4o", "openai:gpt-4o", "openai/gpt-4o", "openai:openai/gpt-4o"]) {
      expect({ model, served: (await testRoute(undefined, model)).served }).toMatchObject({ model, served: { provider: "openai", model: model === "GPT-4o" ? "GPT-4o" : "gpt-4o" } });
    }
    expect((await testRoute(undefined, "anthropic/gpt-4o")).error?.code).toBe("ERR_NGROK_3804");
  });

  it("every built-in provider of ngrok's catalog routes on its own keys; ngrok.ai inference is OpenAI's and Anthropic's only (reference/model-catalog)", async () => {
    const moonshot = { name: "moonshot", router: { rules: [{ provider: "moonshotai", steps: [{ type: "user" as const, keys: [{ id: "k" }] }] }] } };
    expect((await testRoute(moonshot, "moonshotai:kimi-k2.6", { providerKeys: { k: { provider: "moonshotai" } } })).served).toMatchObject({ provider: "moonshotai", keyId: "k" });
    const r = await testRoute({ name: "none" }, "moonshotai:kimi-k2.6");
    expect(r.error?.code).toBe("ERR_NGROK_3802");
    // A provider ngrok's catalog does not list is no built-in one.
    const mistral = { name: "mistral", router: { rules: [{ provider: "mistral", steps: [{ type: "user" as const, keys: [{ id: "k" }] }] }] } };
    await expect(testRoute(mistral, "mistral:mistral-large-latest", { providerKeys: { k: { provider: "mistral" } } })).rejects.toThrow("no provider 'mistral'");
  });

  it("a model no provider serves: 422 ERR_NGROK_3804 (concepts/models)", async () => {
    const r = await testRoute(undefined, "gpt-4a");
    expect(r.error?.code).toBe("ERR_NGROK_3804");
  });

  it("a configuration the API refuses names the property as the program writes it", async () => {
    await expect(testRoute({ name: "x", router: { rules: [{ provider: "openai", steps: [{ type: "user", keys: [{ id: "aigpk_gone" }] }] }] } }, "gpt-4o", { providerKeys })).rejects.toThrow(
      new RouteConfigurationError("router.rules[0].steps[0].keys[0].id", "no provider key 'aigpk_gone' in options.providerKeys"),
    );
    await expect(testRoute({ name: "x", router: { rules: [{ provider: "my-vllm", steps: [{ type: "ngrok" }] }] } }, "gpt-4o", { customProviders })).rejects.toThrow(
      "router.rules[0].steps[0].type: \"ngrok\" serves built-in providers only, not 'my-vllm'",
    );
  });
});
