/**
 * Provider settings: stack config (via the dynamic provider's `configure`) first, then the
 * environment, the same names the Terraform provider uses. Never captured in a closure, never
 * stored as an input.
 */
import type { ApiClient } from "./client/http";
import { MissingApiKeyError } from "./client/errors";
import { parseRateLimit, type RateLimit } from "./client/rate-limit";

export interface Settings {
  apiKey?: string;
  apiBaseUrl?: string;
  /** "<requests>/<seconds>" or "off". */
  rateLimit?: string;
  maxRetries?: string;
  requestTimeoutMs?: string;
  /** "true" (default) or "false": whether concurrent reads of a kind are served from its list pages. */
  readFromLists?: string;
}

/** Config keys in the `ngrok` namespace, and their environment variables. */
export const settingSources: Record<keyof Settings, { config: string; env: string }> = {
  apiKey: { config: "ngrok:apiKey", env: "NGROK_API_KEY" },
  apiBaseUrl: { config: "ngrok:apiBaseUrl", env: "NGROK_API_BASE_URL" },
  rateLimit: { config: "ngrok:rateLimit", env: "NGROK_RATE_LIMIT" },
  maxRetries: { config: "ngrok:maxRetries", env: "NGROK_MAX_RETRIES" },
  requestTimeoutMs: { config: "ngrok:requestTimeoutMs", env: "NGROK_REQUEST_TIMEOUT_MS" },
  readFromLists: { config: "ngrok:readFromLists", env: "NGROK_READ_FROM_LISTS" },
};

let configured: Settings = {};
let cached: { key: string; client: ApiClient } | undefined;

/** Called by the stub's `configure` with a reader of the stack's config. */
export function configure(get: (key: string) => string | undefined): void {
  const next: Settings = {};
  for (const [name, source] of Object.entries(settingSources) as [keyof Settings, { config: string }][]) {
    const value = get(source.config);
    if (value !== undefined && value !== "") next[name] = value;
  }
  configured = next;
}

export function resolveSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const out: Settings = {};
  for (const [name, source] of Object.entries(settingSources) as [keyof Settings, { env: string }][]) {
    const value = configured[name] ?? env[source.env];
    if (value !== undefined && value !== "") out[name] = value;
  }
  return out;
}

/** The client for the current settings; fails with a helpful message when no key is set. */
export function currentClient(): ApiClient {
  const s = resolveSettings();
  if (!s.apiKey) throw new MissingApiKeyError();
  const key = JSON.stringify([s.apiKey, s.apiBaseUrl, s.rateLimit, s.maxRetries, s.requestTimeoutMs]);
  if (cached?.key !== key) {
    void cached?.client.close();
    cached = { key, client: createClient({ ...s, apiKey: s.apiKey }) };
  }
  return cached.client;
}

export function createClient(s: Settings & { apiKey: string }): ApiClient {
  // Loaded at the first API call: a check, a diff or a preview never needs the HTTP client (undici).
  const { ApiClient, defaultBaseUrl } = require("./client/http") as typeof import("./client/http");
  const rateLimit: RateLimit | false | undefined = s.rateLimit ? parseRateLimit(s.rateLimit) : undefined;
  const maxRetries = s.maxRetries === undefined ? undefined : Number(s.maxRetries);
  if (maxRetries !== undefined && !(Number.isInteger(maxRetries) && maxRetries >= 0)) {
    throw new Error(`ngrok:maxRetries must be a whole number, not "${s.maxRetries}"`);
  }
  const timeoutMs = s.requestTimeoutMs === undefined ? undefined : Number(s.requestTimeoutMs);
  if (timeoutMs !== undefined && !(timeoutMs > 0)) {
    throw new Error(`ngrok:requestTimeoutMs must be a positive number, not "${s.requestTimeoutMs}"`);
  }
  return new ApiClient({
    apiKey: s.apiKey,
    baseUrl: s.apiBaseUrl ?? defaultBaseUrl,
    userAgent: userAgent(),
    ...(rateLimit !== undefined ? { rateLimit } : {}),
    ...(maxRetries !== undefined ? { backoff: { maxRetries } } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
}

/** Whether reads may be served from list pages (on unless `ngrok:readFromLists` says otherwise). */
export function readFromLists(): boolean {
  const value = resolveSettings().readFromLists;
  if (value === undefined) return true;
  const v = value.trim().toLowerCase();
  if (["true", "on", "yes", "1"].includes(v)) return true;
  if (["false", "off", "no", "0"].includes(v)) return false;
  throw new Error(`ngrok:readFromLists must be "true" or "false", not "${value}"`);
}

function userAgent(): string {
  const pkg = require("pulumi-ngrok/package.json") as { name: string; version: string };
  return `${pkg.name}/${pkg.version} (node ${process.version})`;
}
