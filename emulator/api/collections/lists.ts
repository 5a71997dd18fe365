// List pages: `limit`, `before_id`, the CEL `filter`, and the `next_page_uri` of the next page.
// The API reference documents paging (newest first, `limit` at most 100, `before_id`); the API
// filtering guide (https://ngrok.com/docs/api/api-filtering) documents `filter`: a CEL expression
// evaluated against each resource instance, exposed as `obj`, reading the fields its table lists.
import { celEnv, celMethod, CelScalar, isCelError, objectType, parse, plan, type CelInput } from "@bufbuild/cel";
import { TimestampSchema, timestampFromMs, timestampMs, type Timestamp } from "@bufbuild/protobuf/wkt";
import { ApiFailure, badIdPrefix } from "../../shared/errors";
import { ID_BODY } from "../../shared/ids";
import { pageLimit } from "../../shared/paging";
import type { Json, JsonObject } from "../../shared/validate";

/** A node of a parsed expression (the CEL syntax tree @bufbuild/cel parses to). */
type Expr = ReturnType<typeof parse>["expr"];

const COMMON = ["id", "created_at", "description", "metadata"];

/**
 * The fields a filter reads, by list: the guide's table "Filterable resources and fields" (the
 * lists whose reference documents `filter`). A dotted name is a field of a reference (`principal.id`);
 * a reference named whole (`ip_policy`) may be read whole or by its fields. Lists without a row take
 * no filter: "CEL filtering is not supported on deprecated endpoints" (edges, backends, bot users).
 * Where ngrok's OpenAPI description (github.com/ngrok/ngrok-openapi) spells a field otherwise, both
 * spellings are taken: `name` on IP policies and service users, `ip_policy_id` on IP policy rules,
 * `bindings` on endpoints.
 */
const FILTER_FIELDS: Readonly<Record<string, readonly string[]>> = {
  // The table says `binding`; the guide's examples read `obj.bindings`: both name the list.
  "/endpoints": [...COMMON, "principal.id", "type", "binding", "bindings", "url", "pooling_enabled", "scheme", "region", "name"],
  "/reserved_addrs": [...COMMON, "addr", "region"],
  "/reserved_domains": [...COMMON, "domain", "region", "cname_target", "certificate.id", "acme_challenge_cname_target"],
  "/tls_certificates": [...COMMON, "subject_common_name", "not_after", "not_before", "serial_number"],
  "/certificate_authorities": [...COMMON, "subject_common_name", "not_before", "not_after"],
  "/ip_policies": [...COMMON, "name"],
  "/ip_policy_rules": [...COMMON, "ip_policy", "ip_policy_id", "cidr", "action"],
  "/agent_ingresses": [...COMMON, "domain"],
  "/tunnel_sessions": ["id", "metadata", "agent_version", "ip", "os", "region", "started_at", "credential"],
  "/event_destinations": COMMON,
  "/event_subscriptions": COMMON,
  "/ip_restrictions": COMMON,
  "/api_keys": [...COMMON, "owner_id"],
  "/ssh_credentials": [...COMMON, "owner_id", "acl"],
  "/credentials": [...COMMON, "owner_id", "acl"],
  "/service_users": ["id", "created_at", "name"],
  "/ssh_certificate_authorities": COMMON,
  "/vaults": [...COMMON, "name"],
  "/vault_secrets": [...COMMON, "name"],
};

/** The guide's "Unsupported CEL features", by the function the parser makes of them. */
const UNSUPPORTED_CALLS: Readonly<Record<string, string>> = {
  "_[_]": "index access is not supported",
  "_+_": "arithmetic is not supported",
  "_-_": "arithmetic is not supported",
  "_*_": "arithmetic is not supported",
  "_/_": "arithmetic is not supported",
  "_%_": "arithmetic is not supported",
  "-_": "arithmetic is not supported",
  "_?_:_": "the ternary operator is not supported",
  type: "type checks are not supported",
  matches: "regular expressions are not supported",
};
const SUBSTRING_CALLS = new Set(["startsWith", "contains", "endsWith"]);

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
  const limit = pageLimit(query);
  const filter = query.get("filter");
  let rest = filter === null || filter.trim() === "" ? items : applyFilter(items, filter, req);
  const listParams = (LIST_PARAMS[req.path] ?? []).map((name) => [name, listParam(query, name)] as const).filter(([, values]) => values.length > 0);
  for (const [name, values] of listParams) rest = rest.filter((item) => values.includes(comparable(name, paramField(item, name))));
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
    for (const [name, values] of listParams) for (const value of values) params.append(name, value);
    next = `${uri}?${params.toString()}`;
  }
  return { [key]: pageItems, uri, next_page_uri: next };
}

/**
 * Query parameters a list takes beside `filter`: the endpoints list's `id` and `url`, arrays the
 * OpenAPI description marks "Deprecated: use `filter` instead" and clients still send, and the AI
 * gateway provider keys' `ai_gateway_api_key_id` (the reference's "Filter by the AI Gateway API
 * Key ID this provider key is attached to"). Each is
 * repeated (`id=a&id=b`, as ngrok's Go client sends an array) or comma-separated; an item matches
 * when its field is one of the values given.
 */
const LIST_PARAMS: Readonly<Record<string, readonly string[]>> = { "/endpoints": ["id", "url"], "/ai_gateway_provider_keys": ["ai_gateway_api_key_id"] };

/** A list parameter's field of an item: `ai_gateway_api_key_id` is the id of the item's `ai_gateway_api_key`. */
function paramField(item: JsonObject, name: string): Json | undefined {
  if (name !== "ai_gateway_api_key_id") return item[name];
  const ref = item["ai_gateway_api_key"];
  return ref !== null && typeof ref === "object" && !Array.isArray(ref) ? ref["id"] : undefined;
}

function listParam(query: URLSearchParams, name: string): string[] {
  return query
    .getAll(name)
    .flatMap((v) => v.split(","))
    .map((v) => comparable(name, v.trim()))
    .filter((v) => v !== "");
}

/** A URL compared without a trailing slash, as endpoints answer theirs. */
const comparable = (name: string, value: Json | undefined): string => (name === "url" ? String(value ?? "").replace(/\/+$/, "") : String(value ?? ""));

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
  const fields = FILTER_FIELDS[req.path.replace(/^\/vaults\/[^/]+\/secrets$/, "/vault_secrets")];
  if (fields === undefined) {
    throw new ApiFailure(400, "ERR_NGROK_250", `Invalid CEL query: the list at '${req.path}' does not take a filter.`);
  }
  let parsed;
  try {
    parsed = parse(filter);
  } catch (err) {
    throw invalidQuery(err instanceof Error ? err.message : String(err));
  }
  checkExpr(parsed.expr, fields);
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
    const result = run({ obj: celValue(readable(item, fields), "") as CelInput, time });
    if (isCelError(result)) throw invalidQuery(result.message);
    if (typeof result !== "boolean") throw invalidQuery("the expression must evaluate to true or false");
    return result;
  });
}

/** Fields a filter reads under a name the object does not answer: the guide's and the spec's spellings of one field. */
const ALIASES: Readonly<Record<string, (item: JsonObject) => Json | undefined>> = {
  binding: (item) => item["bindings"],
  ip_policy_id: (item) => {
    const ref = item["ip_policy"];
    return ref !== null && typeof ref === "object" && !Array.isArray(ref) ? ref["id"] : undefined;
  },
};

/**
 * What a filter sees of an object: the fields it may read, an absent one as null, and an absent
 * description or metadata as "" (the API leaves empty ones out of its answers).
 */
function readable(item: JsonObject, fields: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const field of new Set(fields.map((f) => f.split(".")[0]!))) {
    const value = ALIASES[field]?.(item) ?? item[field];
    out[field] = value !== undefined ? value : field === "description" || field === "metadata" ? "" : null;
  }
  return out;
}

/** The dotted path of `obj.a.b`, or undefined when the selection is not rooted at `root`. */
function selection(expr: Expr, root: string): string | undefined {
  const names: string[] = [];
  let e: Expr | undefined = expr;
  while (e?.exprKind.case === "selectExpr") {
    names.unshift(e.exprKind.value.field);
    e = e.exprKind.value.operand;
  }
  return e?.exprKind.case === "identExpr" && e.exprKind.value.name === root && names.length > 0 ? names.join(".") : undefined;
}

/** A field whose values are random ids ("high entropy"): the guide allows only equality on them. */
const highEntropy = (path: string): boolean => path === "id" || path.endsWith(".id") || path.endsWith("_id");

/** Refuses what the guide rules out before any object is read, so that an empty list refuses it too. */
function checkExpr(expr: Expr | undefined, fields: readonly string[]): void {
  if (expr === undefined) return;
  const kind = expr.exprKind;
  switch (kind.case) {
    case "identExpr":
      if (kind.value.name === "obj") throw invalidQuery("compare the fields of obj (obj.<field>), not obj itself.");
      throw invalidQuery(`unknown variable '${kind.value.name}': a filter reads obj and time.now.`);
    case "selectExpr": {
      const path = selection(expr, "obj");
      if (path !== undefined) {
        if (!fields.some((f) => path === f || path.startsWith(`${f}.`))) {
          throw invalidQuery(`unsupported field: obj.${path} (must be ${fields.map((f) => `obj.${f}`).join(", ")}).`);
        }
        return;
      }
      if (selection(expr, "time") === "now") return;
      checkExpr(kind.value.operand, fields);
      return;
    }
    case "callExpr": {
      const why = UNSUPPORTED_CALLS[kind.value.function];
      if (why !== undefined) throw invalidQuery(`${why}.`);
      const target = kind.value.target === undefined ? undefined : selection(kind.value.target, "obj");
      if (SUBSTRING_CALLS.has(kind.value.function) && target !== undefined && highEntropy(target)) {
        throw invalidQuery(`${kind.value.function}() is not supported on obj.${target}, a high-entropy field: compare it with ==.`);
      }
      checkExpr(kind.value.target, fields);
      for (const arg of kind.value.args) checkExpr(arg, fields);
      return;
    }
    case "listExpr":
      for (const element of kind.value.elements) checkExpr(element, fields);
      return;
    case "structExpr":
      for (const entry of kind.value.entries) {
        if (entry.keyKind.case === "mapKey") checkExpr(entry.keyKind.value, fields);
        checkExpr(entry.value, fields);
      }
      return;
    case "comprehensionExpr":
      throw invalidQuery("list comprehensions are not supported: compare the fields of obj itself.");
    default:
      return;
  }
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
