/**
 * When to retry and how long to wait. The decision depends on whether the service can have
 * processed the request, which only the client knows (ApiClient.request in http.ts decides, with
 * isIdempotent below, and certainlyNotSent and isTransient of transport.ts), so this is a small
 * policy rather than a generic retry library: p-retry is ESM-only and none of the CommonJS ones
 * let each attempt choose its own delay (Retry-After).
 */
export interface BackoffOptions {
  /** Retries after the first attempt. */
  maxRetries: number;
  baseMs: number;
  maxMs: number;
}

/** A Retry-After longer than this is treated as this long. */
const maxRetryAfterMs = 120_000;

export const defaultBackoff: BackoffOptions = { maxRetries: 6, baseMs: 500, maxMs: 30_000 };

/** Exponential backoff with full jitter; a Retry-After from the service wins when present. */
export function backoffDelay(
  retry: number,
  options: BackoffOptions,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  // The service's own word wins over our ceiling, within reason.
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, maxRetryAfterMs);
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** retry);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Retry-After as seconds or an HTTP date, in milliseconds. */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  if (v === undefined || v.trim() === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return Number(v) * 1000;
  const date = Date.parse(v);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const idempotent = new Set(["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH"]);

/**
 * PATCH carries absolute values here (never increments), so repeating it is harmless. POST
 * creates: it is repeated only when the service certainly did not process it.
 */
export function isIdempotent(method: string): boolean {
  return idempotent.has(method);
}

// Whether a transport failure is worth another attempt, and whether the request can have
// reached the service: the one table of transport.ts.
export { certainlyNotSent, isTransient } from "./transport";
