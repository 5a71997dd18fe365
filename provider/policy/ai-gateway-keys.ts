/**
 * ERR_NGROK_2267 (https://ngrok.com/docs/errors/err_ngrok_2267/): ngrok refuses provider API keys,
 * and key selection, in an `ai-gateway` action for its standard providers, the providers of its
 * model catalog (https://ngrok.com/docs/ai-gateway/reference/model-catalog); a custom provider may
 * still carry keys. The keys belong on the AI Gateway instead (AiProviderKey).
 */
import { isRecord } from "./value";

/** The model catalog's provider ids: the standard providers. */
export const STANDARD_AI_PROVIDERS: readonly string[] = ["openai", "anthropic", "google", "deepseek", "groq", "moonshotai", "z-ai", "openrouter", "hyperbolic", "inceptionlabs", "inference-net"];

/** ngrok's words for the refusal. */
export const ERR_2267_TEXT =
  "Configuring provider API keys or key selection in Traffic Policy is no longer supported for standard providers. " +
  "Attach provider keys to your AI Gateway API Key instead: https://ngrok.com/docs/ai-gateway/guides/migrate-to-attached-provider-keys. " +
  "Custom providers can still configure API keys in Traffic Policy.";

/** A refusal below an `ai-gateway` action's config: the wire path of the field, and why. */
export interface KeyRefusal {
  at: (string | number)[];
  why: string;
}

/**
 * The keys an `ai-gateway` config gives standard providers (`providers[i].api_keys`), and its
 * `api_key_selection` when no configured provider is custom (then it could only pick standard
 * providers' keys).
 */
export function aiGatewayKeyRefusals(config: unknown): KeyRefusal[] {
  if (!isRecord(config)) return [];
  const refusals: KeyRefusal[] = [];
  const providers = Array.isArray(config["providers"]) ? (config["providers"] as unknown[]) : [];
  let custom = false;
  providers.forEach((provider, i) => {
    if (!isRecord(provider) || typeof provider["id"] !== "string") return;
    const id = provider["id"];
    if (!STANDARD_AI_PROVIDERS.includes(id)) {
      custom = true;
      return;
    }
    const keys = provider["api_keys"];
    if (Array.isArray(keys) && keys.length > 0) {
      refusals.push({ at: ["providers", i, "api_keys"], why: `gives API keys to the standard provider '${id}', which ngrok refuses (ERR_NGROK_2267: ${ERR_2267_TEXT})` });
    }
  });
  const selection = config["api_key_selection"];
  if (selection !== undefined && selection !== null && !custom) {
    refusals.push({ at: ["api_key_selection"], why: `selects among standard providers' keys, which ngrok refuses (ERR_NGROK_2267: ${ERR_2267_TEXT})` });
  }
  return refusals;
}
