/** Reading references (`{id, uri}` objects) out of API responses, for inputs the API answers as refs. */
import type { ApiObject } from "../contract";

/** The id of the ref in `api[field]`, or undefined. */
export function refId(api: ApiObject, field: string): string | undefined {
  const ref = api[field] as { id?: unknown } | null | undefined;
  return typeof ref?.id === "string" && ref.id !== "" ? ref.id : undefined;
}

/** The ids of the refs in the list `api[field]`, or undefined when the field is absent. */
export function refIds(api: ApiObject, field: string): string[] | undefined {
  const refs = api[field];
  if (!Array.isArray(refs)) return undefined;
  return refs.map((r) => (r as { id?: unknown } | null)?.id).filter((id): id is string => typeof id === "string");
}

/** Order and repetition do not matter to the service in a set of ids: compare them sorted. */
export function normalizeIdSet(value: unknown): unknown {
  return Array.isArray(value) ? [...new Set(value)].sort() : value;
}
