// The access key configuration's scope and router, apart from the resources so that a unit test
// runs requests through the very same object with `testRoute` (test/emulator/ai-gateway/example-route.test.ts):
// the program passes the provider keys' ids as outputs, a test as plain strings.

export interface RoutingKeys<Id> {
    /** The OpenAI keys, tried in this order. */
    openaiPrimary: Id;
    openaiBackup: Id;
    /** The token the self-hosted vLLM server expects. */
    vllm: Id;
}

export function routing<Id>(keys: RoutingKeys<Id>) {
    return {
        // Only these providers and models: anything else is refused before it reaches a provider.
        access: {
            providers: { allow: ["openai", "my-vllm"] },
            models: { allow: ["openai/gpt-4o", "openai/gpt-4o-mini", "my-vllm:llama3.2"] },
        },
        router: {
            rules: [
                // OpenAI on our own keys, primary then backup; if both fail, ngrok.ai inference.
                {
                    provider: "openai",
                    steps: [
                        { type: "user" as const, keySelectionStrategy: "ordered" as const, keys: [{ id: keys.openaiPrimary }, { id: keys.openaiBackup }] },
                        { type: "ngrok" as const },
                    ],
                },
                // The small model only on ngrok.ai inference: a model's rule wins over its provider's.
                { model: "openai:openai/gpt-4o-mini", steps: [{ type: "ngrok" as const }] },
                // The model we run ourselves, with its token.
                { provider: "my-vllm", steps: [{ type: "user" as const, keys: [{ id: keys.vllm }] }] },
            ],
        },
    };
}
