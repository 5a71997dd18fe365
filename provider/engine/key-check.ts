/**
 * Preview checks the API key once: a preview makes no write and, with no key, no request at all,
 * so a wrong key would otherwise pass a pull request's preview and fail only at `up`. When a key
 * is configured, the first check that has nothing else to report sends one GET with it; a refusal
 * (401, or 403 about the key) fails the check in one line. Any other failure (the API unreachable)
 * says nothing about the key, and the preview goes on as without a key.
 */
import type { ApiClient } from "../client/http";
import { ApiError, keyRefused } from "../client/errors";
import type { CheckFailure } from "./check";

const verdicts = new WeakMap<ApiClient, Promise<CheckFailure[]>>();

/** The key's problem, asked once per client (one per key and base URL); nothing without a key. */
export function keyProblems(client: () => ApiClient): Promise<CheckFailure[]> {
  let c: ApiClient;
  try {
    c = client();
  } catch {
    return Promise.resolve([]); // no key: preview stays offline
  }
  let verdict = verdicts.get(c);
  if (!verdict) {
    verdict = c.request("GET", "/tunnel_sessions?limit=1").then(
      () => [],
      (err: unknown) => (err instanceof ApiError && keyRefused(err) ? [{ path: "", message: err.message }] : []),
    );
    verdicts.set(c, verdict);
  }
  return verdict;
}

const refusedClients = new WeakSet<ApiClient>();

/**
 * Whether the API already refused this client's key in this process (and records that it has
 * now): a refresh reads every resource of the stack, and the same refusal, told once, is enough.
 */
export function keyRefusedBefore(client: ApiClient): boolean {
  if (refusedClients.has(client)) return true;
  refusedClients.add(client);
  return false;
}
