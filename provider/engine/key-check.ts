/**
 * Preview checks the API key once: a preview makes no write and, with no key, no request at all,
 * so a wrong key would otherwise pass a pull request's preview and fail only at `up`. When a key
 * is configured, the first check that has nothing else to report sends one GET with it; a refusal
 * (401, or 403 about the key) fails the check in one line. Any other failure (the API unreachable)
 * says nothing about the key, and the preview goes on as without a key.
 */
import type { ApiClient } from "../client/http";
import { ApiError, keyRefused } from "../client/errors";
import type { CheckFailure, ProgramKnowledge } from "../contract";

/** What a provider learns of its key: the preview's verdict, and whether a read was refused already. */
class KeyCheck {
  /** By the probe's path: one per API (the AI Gateway API has a key of its own). */
  readonly verdicts = new Map<string, Promise<CheckFailure[]>>();
  refused = false;
}

/** The key's problem, asked once per provider (one key and base URL); nothing without a key. */
export function keyProblems(client: () => ApiClient, state: ProgramKnowledge, probe = "/tunnel_sessions?limit=1"): Promise<CheckFailure[]> {
  let c: ApiClient;
  try {
    c = client();
  } catch {
    return Promise.resolve([]); // no key: preview stays offline
  }
  const key = state.part(KeyCheck, () => new KeyCheck());
  let verdict = key.verdicts.get(probe);
  if (verdict === undefined) {
    verdict = c.request("GET", probe).then(
      () => [],
      (err: unknown) => (err instanceof ApiError && keyRefused(err) ? [{ path: "", message: err.message }] : []),
    );
    key.verdicts.set(probe, verdict);
  }
  return verdict;
}

/**
 * Whether the API already refused the provider's key (and records that it has now): a refresh
 * reads every resource of the stack, and the same refusal, told once, is enough.
 */
export function keyRefusedBefore(state: ProgramKnowledge): boolean {
  const key = state.part(KeyCheck, () => new KeyCheck());
  if (key.refused) return true;
  key.refused = true;
  return false;
}
