// A list's page size, which the management API and the AI Gateway API read alike; how each pages
// (its cursor, its links' names) is its own.
import { ApiFailure } from "./errors";

const DEFAULT_LIMIT = 100;

/**
 * A list's `limit` query parameter: 100 when absent; not a number, ERR_NGROK_244; outside 1 to
 * 100, ERR_NGROK_233.
 */
export function pageLimit(query: URLSearchParams): number {
  const rawLimit = query.get("limit");
  if (rawLimit === null) return DEFAULT_LIMIT;
  if (!/^[0-9]+$/.test(rawLimit)) {
    throw new ApiFailure(400, "ERR_NGROK_244", `The page size limit must be a number between 1 and ${DEFAULT_LIMIT} but '${rawLimit}' was provided.`);
  }
  const limit = Number(rawLimit);
  if (limit < 1 || limit > DEFAULT_LIMIT) {
    throw new ApiFailure(400, "ERR_NGROK_233", `The page size limit must be between 1 and ${DEFAULT_LIMIT} but ${rawLimit} was provided.`);
  }
  return limit;
}
