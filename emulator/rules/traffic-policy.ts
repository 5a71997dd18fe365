// What the API checks of a Traffic Policy's actions when a cloud endpoint is created or updated:
// each action's configuration fields, their types and the limits ngrok's action pages document
// (https://ngrok.com/docs/traffic-policy/actions/<action>/), the CEL of rule expressions and of
// `${...}` in configuration strings, with the error codes of ngrok's error list
// (https://ngrok.com/docs/errors/): 2200 an expression, 2203 a field that cannot be read, 2204 a
// value that is invalid, 2215 a number or duration out of range, 2221 a length over its limit,
// 2223 an empty list, 2224 the CEL of a `${...}`.
import { parse } from "@bufbuild/cel";
import { ApiFailure } from "../errors";

type Kind = "string" | "bool" | "int" | "float" | "duration" | "strings" | "ints" | "map" | "any" | "object" | "objects";

interface Field {
  kind: Kind;
  required?: boolean;
  oneOf?: readonly string[];
  /** Bounds of a number, of each integer of a list, or of a duration (seconds). */
  min?: number;
  max?: number;
  /** A duration's step (seconds). */
  step?: number;
  /** Bounds of a list's or a map's number of entries. */
  minEntries?: number;
  maxEntries?: number;
  /** A string's (or each string's) greatest length. */
  maxLength?: number;
  /** Each element is CEL (bucket keys), or the string is (retry_condition). */
  cel?: boolean;
  /** basic-auth's `username:password`, the password 8 to 128 characters. */
  credential?: boolean;
  /** set-vars: each object holds one variable. */
  oneEntry?: boolean;
  unique?: boolean;
  notAllowed?: readonly string[];
  fields?: Readonly<Record<string, Field>>;
}

const f = (kind: Kind, more: Omit<Field, "kind"> = {}): Field => ({ kind, ...more });
const replacements = (withField: boolean): Field =>
  f("objects", {
    required: true,
    minEntries: 1,
    fields: { ...(withField ? { field: f("string", { oneOf: ["data", "retry"] }) } : {}), from: f("string", { required: true }), to: f("string") },
  });
const identity = (idle: string): Record<string, Field> => ({
  auth_id: f("string"),
  client_id: f("string"),
  client_secret: f("string"),
  scopes: f("strings"),
  authz_url_params: f("map"),
  max_session_duration: f("duration"),
  [idle]: f("duration"),
  userinfo_refresh_interval: f("duration"),
  allow_cors_preflight: f("bool"),
  auth_cookie_domain: f("string"),
});
const owasp: Record<string, Field> = {
  on_error: f("string", { required: true, oneOf: ["halt", "continue"] }),
  process_body: f("bool"),
  exclude_rule_ids: f("ints", { min: 900_000, max: 999_999 }),
};

/** Each action's configuration fields; `open` for those documented elsewhere (ai-gateway). */
const CONFIGS: Readonly<Record<string, Readonly<Record<string, Field>> | "open">> = {
  "add-headers": { headers: f("map", { required: true, minEntries: 1, maxEntries: 10 }) },
  "ai-gateway": "open",
  "basic-auth": { credentials: f("strings", { required: true, maxEntries: 10, credential: true }), realm: f("string"), enforce: f("bool") },
  "circuit-breaker": {
    error_threshold: f("float", { required: true, min: 0, max: 1 }),
    volume_threshold: f("int", { min: 1, max: 2_000_000_000 }),
    window_duration: f("duration", { min: 1, max: 120 }),
    tripped_duration: f("duration", { min: 1, max: 120 }),
    num_buckets: f("int", { min: 1, max: 128 }),
    enforce: f("bool"),
  },
  "close-connection": {},
  "compress-response": { algorithms: f("strings", { oneOf: ["br", "compress", "deflate", "gzip"], unique: true }) },
  "custom-response": { status_code: f("int", { min: 100, max: 599 }), body: f("string"), headers: f("map", { maxEntries: 10 }) },
  deny: { status_code: f("int", { min: 100, max: 599 }) },
  "forward-internal": { url: f("string", { required: true }), binding: f("string", { oneOf: ["internal", "kubernetes"] }), on_error: f("string", { oneOf: ["halt", "continue"] }) },
  "http-request": {
    url: f("string", { required: true }),
    method: f("string", { oneOf: ["GET", "PUT", "POST", "PATCH", "DELETE", "OPTIONS"] }),
    query_params: f("objects", { maxEntries: 32, fields: { key: f("string", { required: true, maxLength: 128 }), value: f("string", { maxLength: 8192 }) } }),
    headers: f("map", { maxEntries: 10 }),
    body: f("string"),
    max_redirects: f("int", { min: 0, max: 100 }),
    timeout: f("duration", { min: 1, max: 30 }),
    retry_condition: f("string", { cel: true }),
    on_error: f("string", { oneOf: ["continue", "halt"] }),
  },
  "jwt-validation": {
    issuer: f("object", { required: true, fields: { allow_list: f("objects", { required: true, minEntries: 1, fields: { value: f("string", { required: true }) } }) } }),
    audience: f("object", { fields: { allow_list: f("objects", { minEntries: 1, fields: { value: f("string", { required: true }) } }) } }),
    http: {
      kind: "object",
      required: true,
      fields: {
        tokens: f("objects", {
          required: true,
          minEntries: 1,
          fields: {
            type: f("string", { required: true, oneOf: ["id_token", "access_token", "at+jwt", "it+jwt", "plain", "jwt"] }),
            method: f("string", { required: true, oneOf: ["header", "body"] }),
            name: f("string", { required: true }),
            prefix: f("string"),
          },
        }),
      },
    },
    jws: f("object", {
      required: true,
      fields: {
        allowed_algorithms: f("strings", { required: true, minEntries: 1, notAllowed: ["none"] }),
        keys: f("object", {
          required: true,
          fields: {
            sources: f("object", { required: true, fields: { additional_jkus: f("strings", { required: true }) } }),
            identification: f("objects", { fields: { token_claims: f("strings") } }),
          },
        }),
      },
    }),
  },
  log: { metadata: f("any", { required: true }) },
  oauth: { provider: f("string", { required: true }), ...identity("idle_session_timeout") },
  "openid-connect": { issuer_url: f("string", { required: true }), ...identity("idle_session_duration") },
  "owasp-crs-request": owasp,
  "owasp-crs-response": owasp,
  "rate-limit": {
    name: f("string", { required: true, maxLength: 1023 }),
    enforce: f("bool"),
    algorithm: f("string", { required: true, oneOf: ["sliding_window"] }),
    capacity: f("int", { required: true, min: 1, max: 2_000_000_000 }),
    rate: f("duration", { required: true, min: 60, max: 86_400, step: 10 }),
    bucket_key: f("strings", { required: true, maxEntries: 10, cel: true }),
  },
  redirect: { from: f("string"), to: f("string", { required: true }), status_code: f("int", { min: 300, max: 399 }), headers: f("map", { maxEntries: 10 }) },
  "remove-headers": { headers: f("strings", { required: true, minEntries: 1, maxEntries: 10 }) },
  "request-body-find-replace": { replacements: replacements(false) },
  "response-body-find-replace": { replacements: replacements(false) },
  "restrict-ips": { enforce: f("bool"), allow: f("strings"), deny: f("strings"), ip_policies: f("strings") },
  "set-vars": { vars: f("objects", { required: true, oneEntry: true }) },
  "sse-find-replace": { replacements: replacements(true) },
  "terminate-tls": {
    min_version: f("string", { oneOf: ["1.2", "1.3"] }),
    max_version: f("string", { oneOf: ["1.2", "1.3"] }),
    server_private_key: f("string"),
    server_certificate: f("string"),
    mutual_tls_certificate_authorities: f("strings"),
    mutual_tls_verification_strategy: f("string", { oneOf: ["require-and-verify", "require-any", "request"] }),
  },
  "url-rewrite": { from: f("string"), to: f("string", { required: true }) },
  "verify-webhook": { provider: f("string", { required: true }), secret: f("string", { required: true }), enforce: f("bool") },
};

const invalid = (type: string, field: string): ApiFailure =>
  new ApiFailure(400, "ERR_NGROK_2204", `Configuration for policy action type \`${type}\` has invalid value: \`${field}\`.`);

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** A rule's expression: CEL that parses (ERR_NGROK_2200). */
export function checkExpression(expression: unknown): void {
  if (typeof expression !== "string" || !parses(expression)) throw new ApiFailure(400, "ERR_NGROK_2200", "Invalid policy expression.");
}

function parses(cel: string): boolean {
  if (cel.trim() === "") return false;
  try {
    parse(cel);
    return true;
  } catch {
    return false;
  }
}

/** Checks an action's configuration; throws the API's failure for the first problem. */
export function checkActionConfig(type: string, config: unknown): void {
  const fields = CONFIGS[type];
  if (fields === undefined || fields === "open") return;
  if (config === undefined || config === null) config = {};
  if (!isObject(config)) throw new ApiFailure(400, "ERR_NGROK_2203", `Failed to parse the configuration for policy action type \`${type}\`.`);
  checkFields(type, fields, config, "");
}

function checkFields(type: string, fields: Readonly<Record<string, Field>>, value: Record<string, unknown>, prefix: string): void {
  for (const key of Object.keys(value)) {
    if (!(key in fields)) throw new ApiFailure(400, "ERR_NGROK_2203", `Failed to parse the configuration for policy action type \`${type}\`: unknown field \`${prefix}${key}\`.`);
  }
  for (const [name, field] of Object.entries(fields)) {
    const v = value[name];
    if (v === undefined || v === null) {
      if (field.required) throw invalid(type, `${prefix}${name}`);
      continue;
    }
    checkValue(type, field, v, `${prefix}${name}`);
  }
}

const DURATION = /^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/;
const UNIT: Readonly<Record<string, number>> = { ns: 1e-9, us: 1e-6, "µs": 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

function durationSeconds(text: string): number {
  let total = 0;
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) total += Number(m[1]) * UNIT[m[2]!]!;
  return total;
}

function outOfRange(type: string, name: string, field: Field): ApiFailure {
  return new ApiFailure(400, "ERR_NGROK_2215", `Failed to parse configuration for ${type}: ${name} must be between ${field.min} and ${field.max} inclusive.`);
}

function entries(type: string, field: Field, count: number, name: string): void {
  if (field.required && count === 0) throw new ApiFailure(400, "ERR_NGROK_2223", `Invalid configuration for ${type}: ${name} cannot be empty.`);
  if ((field.minEntries !== undefined && count < field.minEntries) || (field.maxEntries !== undefined && count > field.maxEntries)) {
    throw new ApiFailure(400, "ERR_NGROK_2221", `Invalid configuration for ${type}: ${name} length of ${count} exceeded limit of ${field.maxEntries ?? field.minEntries}.`);
  }
}

function checkString(type: string, field: Field, v: unknown, name: string): void {
  if (typeof v !== "string") throw invalid(type, name);
  if (field.oneOf && !field.oneOf.includes(v)) throw invalid(type, name);
  if (field.notAllowed?.includes(v)) throw invalid(type, name);
  if (field.maxLength !== undefined && [...v].length > field.maxLength) {
    throw new ApiFailure(400, "ERR_NGROK_2221", `Invalid configuration for ${type}: ${name} length of ${[...v].length} exceeded limit of ${field.maxLength}.`);
  }
  if (field.cel) {
    if (!parses(v)) throw new ApiFailure(400, "ERR_NGROK_2224", `Invalid configuration for action ${type}: failed to compile CEL template expressions in ${name}.`);
    return;
  }
  checkTemplates(type, v, name);
  if (field.credential && !v.includes("${")) {
    const colon = v.indexOf(":");
    const password = colon > 0 ? [...v.slice(colon + 1)].length : 0;
    if (colon <= 0 || password < 8 || password > 128) throw invalid(type, name);
  }
}

/** Each `${...}` of a string compiles as CEL (ERR_NGROK_2224); its end is the first `}` outside quotes and braces. */
function checkTemplates(type: string, text: string, name: string): void {
  for (let i = text.indexOf("${"); i >= 0; ) {
    let depth = 0;
    let quote = "";
    let end = -1;
    for (let j = i + 2; j < text.length && end < 0; j++) {
      const c = text[j]!;
      if (quote !== "") {
        if (c === "\\") j++;
        else if (c === quote) quote = "";
      } else if (c === "'" || c === '"') quote = c;
      else if (c === "{") depth++;
      else if (c === "}") {
        if (depth === 0) end = j;
        else depth--;
      }
    }
    if (end < 0 || !parses(text.slice(i + 2, end))) {
      throw new ApiFailure(400, "ERR_NGROK_2224", `Invalid configuration for action ${type}: failed to compile CEL template expressions in ${name}.`);
    }
    i = text.indexOf("${", end + 1);
  }
}

function templatesIn(type: string, v: unknown, name: string): void {
  if (typeof v === "string") checkTemplates(type, v, name);
  else if (Array.isArray(v)) v.forEach((item) => templatesIn(type, item, name));
  else if (isObject(v)) Object.values(v).forEach((item) => templatesIn(type, item, name));
}

function checkValue(type: string, field: Field, v: unknown, name: string): void {
  switch (field.kind) {
    case "string":
      return checkString(type, field, v, name);
    case "bool":
      if (typeof v !== "boolean") throw invalid(type, name);
      return;
    case "int":
    case "float":
      if (typeof v !== "number" || (field.kind === "int" && !Number.isInteger(v))) throw invalid(type, name);
      if ((field.min !== undefined && v < field.min) || (field.max !== undefined && v > field.max)) throw outOfRange(type, name, field);
      return;
    case "duration": {
      if (typeof v !== "string" || !DURATION.test(v)) throw invalid(type, name);
      const s = durationSeconds(v);
      if ((field.min !== undefined && s < field.min) || (field.max !== undefined && s > field.max)) throw outOfRange(type, name, field);
      if (field.step !== undefined && Math.abs(s / field.step - Math.round(s / field.step)) > 1e-9) throw invalid(type, name);
      return;
    }
    case "strings":
    case "ints":
      if (!Array.isArray(v)) throw invalid(type, name);
      entries(type, field, v.length, name);
      for (const item of v) {
        if (field.kind === "ints") {
          if (typeof item !== "number" || !Number.isInteger(item)) throw invalid(type, name);
          if ((field.min !== undefined && item < field.min) || (field.max !== undefined && item > field.max)) throw outOfRange(type, name, field);
        } else checkString(type, field, item, name);
      }
      if (field.unique && new Set(v).size !== v.length) throw invalid(type, name);
      return;
    case "map":
      if (!isObject(v)) throw invalid(type, name);
      entries(type, field, Object.keys(v).length, name);
      for (const item of Object.values(v)) checkString(type, { kind: "string" }, item as unknown, name);
      return;
    case "any":
      if (!isObject(v)) throw invalid(type, name);
      return templatesIn(type, v, name);
    case "object":
      if (!isObject(v)) throw invalid(type, name);
      if (field.fields) checkFields(type, field.fields, v, `${name}.`);
      return;
    case "objects":
      if (!Array.isArray(v)) throw invalid(type, name);
      entries(type, field, v.length, name);
      for (const item of v) {
        if (!isObject(item)) throw invalid(type, name);
        if (field.fields) checkFields(type, field.fields, item, `${name}.`);
        else if (field.oneEntry && Object.keys(item).length !== 1) throw invalid(type, name);
        else templatesIn(type, item, name);
      }
      return;
  }
}
