/**
 * Provider settings: the stack's config (`ngrok:*`) first, then the environment, the names the
 * Terraform provider uses. Pure functions: a host reads the settings and builds a Provider from
 * them; nothing here is kept between calls.
 */
import type { ClientOptions } from "../client/http";

/** The AI Gateway API's address, as ngrok's AI Gateway API overview gives it. */
export const aiGatewayDefaultBaseUrl = "https://api.ngrok.ai";
import { parseRateLimit } from "../client/rate-limit";
import { ledgerStore } from "../client/rate-ledger";

export interface Settings {
  apiKey?: string;
  apiBaseUrl?: string;
  /** "<requests>/<seconds>" or "off". */
  rateLimit?: string;
  maxRetries?: string;
  requestTimeoutMs?: string;
  /** "true" (default) or "false": whether concurrent reads of a kind are served from its list pages. */
  readFromLists?: string;
  /** The AI Gateway API's key (an ngrok.ai API key: ngrok's API key does not serve that API). */
  aiGatewayApiKey?: string;
  aiGatewayApiBaseUrl?: string;
  /** The AI Gateway API's pacing, "<requests>/<seconds>" or "off": its own budget, apart from the main API's. */
  aiGatewayRateLimit?: string;
  /** A Redis or PostgreSQL URL where every runner on the key takes its turns from one window (per API). */
  rateLedger?: string;
}

export type SettingName = keyof Settings;

/** Config keys in the `ngrok` namespace, and their environment variables. */
export const settingSources: Readonly<Record<SettingName, { config: string; env: string }>> = {
  apiKey: { config: "ngrok:apiKey", env: "NGROK_API_KEY" },
  apiBaseUrl: { config: "ngrok:apiBaseUrl", env: "NGROK_API_BASE_URL" },
  rateLimit: { config: "ngrok:rateLimit", env: "NGROK_RATE_LIMIT" },
  maxRetries: { config: "ngrok:maxRetries", env: "NGROK_MAX_RETRIES" },
  requestTimeoutMs: { config: "ngrok:requestTimeoutMs", env: "NGROK_REQUEST_TIMEOUT_MS" },
  readFromLists: { config: "ngrok:readFromLists", env: "NGROK_READ_FROM_LISTS" },
  aiGatewayApiKey: { config: "ngrok:aiGatewayApiKey", env: "NGROK_AI_GATEWAY_API_KEY" },
  aiGatewayApiBaseUrl: { config: "ngrok:aiGatewayApiBaseUrl", env: "NGROK_AI_GATEWAY_API_BASE_URL" },
  aiGatewayRateLimit: { config: "ngrok:aiGatewayRateLimit", env: "NGROK_AI_GATEWAY_RATE_LIMIT" },
  rateLedger: { config: "ngrok:rateLedger", env: "NGROK_RATE_LEDGER" },
};

/** The settings that hold a credential: secrets in the schema, never echoed (a ledger's URL may hold a password). */
export const secretSettings: ReadonlySet<SettingName> = new Set(["apiKey", "aiGatewayApiKey", "rateLedger"]);

/** A setting the provider cannot use; the message names its `ngrok:` key, never its value. */
export class SettingsError extends Error {
  override readonly name = "SettingsError";
}

/**
 * The settings from a reader of the stack's config (full keys, `ngrok:apiKey`), each falling back
 * to its environment variable; empty values count as unset.
 */
export function readSettings(config: (key: string) => string | undefined, env: NodeJS.ProcessEnv = process.env): Settings {
  const out: Settings = {};
  for (const [name, source] of Object.entries(settingSources) as [SettingName, { config: string; env: string }][]) {
    const fromConfig = config(source.config);
    const value = fromConfig !== undefined && fromConfig !== "" ? fromConfig : env[source.env];
    if (value !== undefined && value !== "") out[name] = value;
  }
  return out;
}

/** Whether two readings of the settings are the same. */
export function sameSettings(a: Settings, b: Settings): boolean {
  return (Object.keys(settingSources) as SettingName[]).every((name) => a[name] === b[name]);
}

/** The client's options for `settings` with a key (the base URL's default is the client's). */
export function clientOptions(settings: Settings & { apiKey: string }): ClientOptions {
  const rateLimit = settings.rateLimit === undefined ? undefined : rateLimitOf(settings.rateLimit);
  const maxRetries = settings.maxRetries === undefined ? undefined : Number(settings.maxRetries);
  if (maxRetries !== undefined && !(Number.isInteger(maxRetries) && maxRetries >= 0)) {
    throw new SettingsError(`${settingSources.maxRetries.config} must be a whole number, 0 or more`);
  }
  const timeoutMs = settings.requestTimeoutMs === undefined ? undefined : Number(settings.requestTimeoutMs);
  if (timeoutMs !== undefined && !(timeoutMs > 0)) {
    throw new SettingsError(`${settingSources.requestTimeoutMs.config} must be a positive number of milliseconds`);
  }
  if (settings.rateLedger !== undefined && ledgerStore(settings.rateLedger) === undefined) {
    throw new SettingsError(`${settingSources.rateLedger.config} must be a Redis URL (redis:// or rediss://) or a PostgreSQL URL (postgres:// or postgresql://)`);
  }
  return {
    apiKey: settings.apiKey,
    ...(settings.rateLedger !== undefined ? { rateLedger: settings.rateLedger } : {}),
    ...(settings.apiBaseUrl !== undefined ? { baseUrl: settings.apiBaseUrl } : {}),
    ...(rateLimit !== undefined ? { rateLimit } : {}),
    ...(maxRetries !== undefined ? { backoff: { maxRetries } } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  };
}

/**
 * The AI Gateway API client's options (https://api.ngrok.ai): its own key, base URL and pacing;
 * retries and the request timeout as for the main API.
 */
export function aiGatewayClientOptions(settings: Settings & { aiGatewayApiKey: string }): ClientOptions {
  const shared = clientOptions({ ...settings, apiKey: settings.aiGatewayApiKey, rateLimit: undefined, apiBaseUrl: undefined });
  const rateLimit = settings.aiGatewayRateLimit === undefined ? undefined : rateLimitOf(settings.aiGatewayRateLimit, "aiGatewayRateLimit");
  return {
    ...shared,
    api: "ai-gateway",
    baseUrl: settings.aiGatewayApiBaseUrl ?? aiGatewayDefaultBaseUrl,
    ...(rateLimit !== undefined ? { rateLimit } : {}),
  };
}

function rateLimitOf(text: string, name: "rateLimit" | "aiGatewayRateLimit" = "rateLimit"): NonNullable<ClientOptions["rateLimit"]> {
  try {
    return parseRateLimit(text);
  } catch {
    throw new SettingsError(`${settingSources[name].config} must be "<requests>/<seconds>", e.g. "120/60", or "off"`);
  }
}

/** Whether reads may be served from list pages (on unless `ngrok:readFromLists` says otherwise). */
export function readFromLists(settings: Settings): boolean {
  const value = settings.readFromLists;
  if (value === undefined) return true;
  const v = value.trim().toLowerCase();
  if (["true", "on", "yes", "1"].includes(v)) return true;
  if (["false", "off", "no", "0"].includes(v)) return false;
  throw new SettingsError(`${settingSources.readFromLists.config} must be "true" or "false"`);
}
