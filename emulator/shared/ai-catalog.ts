// ngrok's catalog of built-in providers and models (https://ngrok.com/docs/ai-gateway/reference/model-catalog):
// the one list the AI gateway routes by, the AI Gateway API keeps custom providers' ids out of
// (a custom providerId "must not collide with a built-in catalog providerId", its OpenAPI says),
// and a Traffic Policy's ai-gateway action may give no keys to (ERR_NGROK_2267).

export interface BuiltInProvider {
  /** The catalog's base URL; absent where the catalog gives none (InceptionLabs). */
  baseUrl?: string;
  /** Whether an `ngrok` step (ngrok.ai inference) serves it: built-in OpenAI and Anthropic only (guides/access-key-configurations, "Routing rules"). */
  ngrokInference: boolean;
}

/** The catalog's providers by their provider ID, with its base URLs. */
const PROVIDERS: Readonly<Record<string, BuiltInProvider>> = {
  openai: { baseUrl: "https://api.openai.com/v1", ngrokInference: true },
  anthropic: { baseUrl: "https://api.anthropic.com/v1", ngrokInference: true },
  google: { baseUrl: "https://generativelanguage.googleapis.com/v1beta/openai", ngrokInference: false },
  deepseek: { baseUrl: "https://api.deepseek.com", ngrokInference: false },
  groq: { baseUrl: "https://api.groq.com/openai/v1", ngrokInference: false },
  moonshotai: { baseUrl: "https://api.moonshot.ai/v1", ngrokInference: false },
  "z-ai": { baseUrl: "https://api.z.ai/api/paas/v4", ngrokInference: false },
  openrouter: { baseUrl: "https://openrouter.ai/api/v1", ngrokInference: false },
  hyperbolic: { baseUrl: "https://api.hyperbolic.xyz/v1", ngrokInference: false },
  inceptionlabs: { ngrokInference: false },
  "inference-net": { baseUrl: "https://api.inference.net/v1", ngrokInference: false },
};

/** The catalog's provider IDs, in its order. */
export const BUILT_IN_PROVIDER_IDS: readonly string[] = Object.keys(PROVIDERS);

/** A built-in provider by its provider ID, matched exactly (concepts/models, "Model and provider names"); undefined for any other name. */
export function builtInProvider(id: string): BuiltInProvider | undefined {
  return Object.hasOwn(PROVIDERS, id) ? PROVIDERS[id] : undefined;
}

const CATALOG: ReadonlyArray<[provider: string, models: readonly string[]]> = [
  ["openai", ["gpt-5.5", "gpt-5.4", "gpt-5.4-mini", "gpt-5", "gpt-5-mini", "gpt-5-nano", "o3", "o4-mini", "gpt-4.1", "gpt-4.1-mini", "gpt-4.1-nano", "gpt-4o", "gpt-4o-mini", "gpt-4", "gpt-3.5-turbo"]],
  ["anthropic", ["claude-opus-5", "claude-sonnet-5", "claude-opus-4-6", "claude-sonnet-4-6", "claude-opus-4-5", "claude-sonnet-4-5", "claude-haiku-4-5"]],
];

/** The catalog's models, each with its provider: what the gateway's `GET /v1/models` lists. */
export function catalogModels(): Array<{ provider: string; model: string }> {
  return CATALOG.flatMap(([provider, models]) => models.map((model) => ({ provider, model })));
}

/** The catalog's provider of a model id (model names are not case-sensitive: concepts/models). */
export function catalogProvider(model: string): string | undefined {
  const m = model.toLowerCase();
  return CATALOG.find(([, models]) => models.includes(m))?.[0];
}
