// List pages: `limit`, `before_id`, the CEL `filter`, and the `next_page_uri` of the next page.
// The API reference documents paging (newest first, `limit` at most 100, `before_id`); the API
// filtering guide (https://ngrok.com/docs/api/api-filtering) documents `filter`: a CEL expression
// evaluated against each resource instance, exposed as `obj`, with its fields as the API answers them.
import { celEnv, celMethod, CelScalar, isCelError, objectType, parse, plan, type CelInput } from "@bufbuild/cel";
import { TimestampSchema, timestampFromMs, timestampMs, type Timestamp } from "@bufbuild/protobuf/wkt";
import { ApiFailure, badIdPrefix } from "../errors";
import { ID_BODY } from "../ids";
import type { Json, JsonObject } from "../validate";

const DEFAULT_LIMIT = 100;

/** The list operations whose reference documents the `filter` query parameter. */
const FILTERABLE = new Set([
  "/agent_ingresses",
  "/certificate_authorities",
  "/credentials",
  "/endpoints",
  "/event_destinations",
  "/event_subscriptions",
  "/ip_policies",
  "/ip_policy_rules",
  "/ip_restrictions",
  "/reserved_domains",
  "/ssh_credentials",
  "/tls_certificates",
  "/tunnel_sessions",
]);

/** Fields the API answers as RFC 3339 strings that a filter compares as timestamps. */
const TIME_FIELDS = new Set(["created_at", "updated_at", "started_at", "renews_at", "not_before", "not_after", "issued_at", "expires_at"]);

export interface PageRequest {
  /** The list's path, e.g. "/credentials" (the parent's id filled in for sub-collections). */
  path: string;
  /** The address the client used: `next_page_uri` and `uri` start with it. */
  base: string;
  /** The id prefix of the items: `before_id` must have it. */
  prefix: string;
  query: URLSearchParams;
  now: Date;
}

/** One page of a newest-first list: `{<key>: [...], uri, next_page_uri}`. */
export function page(items: JsonObject[], key: string, req: PageRequest): JsonObject {
  const { query } = req;
  let limit = DEFAULT_LIMIT;
  const rawLimit = query.get("limit");
  if (rawLimit !== null) {
    if (!/^[0-9]+$/.test(rawLimit)) {
      throw new ApiFailure(400, "ERR_NGROK_233", `Invalid value for 'limit': '${rawLimit}' is not a number.`);
    }
    limit = Number(rawLimit);
    if (limit < 1 || limit > DEFAULT_LIMIT) {
      throw new ApiFailure(400, "ERR_NGROK_244", `Invalid value for 'limit': it must be between 1 and ${DEFAULT_LIMIT}, got ${rawLimit}.`);
    }
  }
  const filter = query.get("filter");
  let rest = filter === null || filter.trim() === "" ? items : applyFilter(items, filter, req);
  const beforeId = query.get("before_id");
  if (beforeId !== null && beforeId !== "") {
    checkCursor(beforeId, req.prefix);
    rest = rest.filter((item) => String(item["id"]) < beforeId);
  }
  const pageItems = rest.slice(0, limit);
  const last = pageItems[pageItems.length - 1];
  const uri = `${req.base}${req.path}`;
  let next: string | null = null;
  if (rest.length > limit && last !== undefined) {
    const params = new URLSearchParams({ before_id: String(last["id"]), limit: String(limit) });
    if (filter !== null && filter.trim() !== "") params.set("filter", filter);
    next = `${uri}?${params.toString()}`;
  }
  return { [key]: pageItems, uri, next_page_uri: next };
}

function checkCursor(id: string, prefix: string): void {
  if (!id.startsWith(`${prefix}_`)) throw badIdPrefix(id, prefix);
  if (!ID_BODY.test(id.slice(prefix.length + 1))) {
    throw new ApiFailure(400, "ERR_NGROK_227", `Invalid ID '${id}': expected '${prefix}_' followed by 27 letters and digits.`);
  }
}

/** ERR_NGROK_250 "Invalid CEL query" (the API's error reference). */
const invalidQuery = (detail: string): ApiFailure => new ApiFailure(400, "ERR_NGROK_250", `Invalid CEL query: ${detail}`);

/** Durations of the filtering guide's time helpers: "7d", "24h", "15m", "30s". */
function durationMs(text: string): number {
  const m = /^([0-9]+)(d|h|m|s)$/.exec(text.trim());
  if (m === null) throw invalidQuery(`'${text}' is not a duration such as "7d", "24h" or "15m"`);
  const unit = { d: 86_400_000, h: 3_600_000, m: 60_000, s: 1000 }[m[2] as "d" | "h" | "m" | "s"];
  return Number(m[1]) * unit;
}

function applyFilter(items: JsonObject[], filter: string, req: PageRequest): JsonObject[] {
  if (!FILTERABLE.has(req.path)) {
    throw new ApiFailure(400, "ERR_NGROK_250", `Invalid CEL query: the list at '${req.path}' does not take a filter.`);
  }
  let parsed;
  try {
    parsed = parse(filter);
  } catch (err) {
    throw invalidQuery(err instanceof Error ? err.message : String(err));
  }
  // CEL's own `timestamp(string)` reads `time.now`; these are the guide's relative-time helpers.
  const shift = (sign: number) =>
    function (this: unknown, d: string): Timestamp {
      return timestampFromMs(timestampMs(messageOf(this)) + sign * durationMs(d));
    };
  const env = celEnv({
    funcs: [celMethod("subtract", TIMESTAMP, [CelScalar.STRING], TIMESTAMP, shift(-1)), celMethod("add", TIMESTAMP, [CelScalar.STRING], TIMESTAMP, shift(1))],
  });
  let run: ReturnType<typeof plan>;
  try {
    run = plan(env, parsed);
  } catch (err) {
    throw invalidQuery(err instanceof Error ? err.message : String(err));
  }
  const time = new Map<string, CelInput>([["now", new Date(req.now).toISOString().replace(/\.\d{3}Z$/, "Z")]]);
  return items.filter((item) => {
    const result = run({ obj: celValue(item, "") as CelInput, time });
    if (isCelError(result)) throw invalidQuery(result.message);
    if (typeof result !== "boolean") throw invalidQuery("the expression must evaluate to true or false");
    return result;
  });
}

const TIMESTAMP = objectType(TimestampSchema);

/** A timestamp as CEL hands it to a method: a reflected message wrapping the Timestamp. */
function messageOf(value: unknown): Timestamp {
  return (typeof value === "object" && value !== null && "message" in value ? (value as { message: Timestamp }).message : value) as Timestamp;
}

/** An API object as CEL sees it: objects become maps, RFC 3339 fields timestamps. */
function celValue(value: Json, field: string): unknown {
  if (Array.isArray(value)) return value.map((v) => celValue(v, ""));
  if (value !== null && typeof value === "object") {
    return new Map(Object.entries(value).map(([k, v]) => [k, celValue(v, k)]));
  }
  if (typeof value === "string" && TIME_FIELDS.has(field) && !Number.isNaN(Date.parse(value))) return timestampFromMs(Date.parse(value));
  if (typeof value === "number" && Number.isInteger(value)) return BigInt(value);
  return value;
}
