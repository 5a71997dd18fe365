// ERR_NGROK_2267 (https://ngrok.com/docs/errors/err_ngrok_2267/): an `ai-gateway` action may not
// give provider API keys, nor key selection, to ngrok's standard providers, those of its model
// catalog (https://ngrok.com/docs/ai-gateway/reference/model-catalog); a custom provider still may.
import { BUILT_IN_PROVIDER_IDS } from "../shared/ai-catalog";
import { isRecord } from "./policy";

/** The model catalog's provider ids: its standard providers. */
export const STANDARD_PROVIDERS: readonly string[] = BUILT_IN_PROVIDER_IDS;

/** ngrok's message for ERR_NGROK_2267. */
export const ERR_2267_MESSAGE =
  "Configuring provider API keys or key selection in Traffic Policy is no longer supported for standard providers. " +
  "Attach provider keys to your AI Gateway API Key instead: https://ngrok.com/docs/ai-gateway/guides/migrate-to-attached-provider-keys. " +
  "Custom providers can still configure API keys in Traffic Policy.";

/**
 * The first place below an `ai-gateway` config that ngrok refuses with ERR_NGROK_2267: keys of a
 * standard provider, or `api_key_selection` when no configured provider is custom.
 */
export function standardProviderKeys(config: Record<string, unknown>): { place: (string | number)[]; why: string } | undefined {
  const providers = Array.isArray(config["providers"]) ? (config["providers"] as unknown[]) : [];
  let custom = false;
  for (const [i, p] of providers.entries()) {
    if (!isRecord(p) || typeof p["id"] !== "string") continue;
    if (!STANDARD_PROVIDERS.includes(p["id"])) {
      custom = true;
      continue;
    }
    const keys = p["api_keys"];
    if (Array.isArray(keys) && keys.length > 0) return { place: ["providers", i, "api_keys"], why: `gives API keys to the standard provider '${p["id"]}'` };
  }
  const selection = config["api_key_selection"];
  if (selection !== undefined && selection !== null && !custom) return { place: ["api_key_selection"], why: "selects among standard providers' keys" };
  return undefined;
}
