/**
 * Every Traffic Policy action ngrok documents (https://ngrok.com/docs/traffic-policy/actions, one
 * page per action): its phases and its configuration fields as the documentation spells them.
 * Conversion, defaults, validation and secrets all read this one table.
 */

import type { Literal } from "./literals";

/** Phases as the wire form spells them, and their camelCase names in the typed form. */
export const PHASES = {
  on_tcp_connect: "onTcpConnect",
  on_http_request: "onHttpRequest",
  on_http_response: "onHttpResponse",
  on_event_stream_message: "onEventStreamMessage",
} as const;
export type WirePhase = keyof typeof PHASES;
export type Phase = (typeof PHASES)[WirePhase];

export type FieldKind =
  | "string"
  | "boolean"
  | "integer"
  | "number"
  /** A duration such as "10s" or "2m". */
  | "duration"
  | "strings"
  | "integers"
  /** A map whose keys are the program's own (header names, variables): never renamed. */
  | "stringMap"
  | "anyMap"
  | "object"
  | "objects";

export interface FieldSpec {
  kind: FieldKind;
  required?: boolean;
  /** The value the service applies when the field is omitted (wire form). */
  default?: unknown;
  enum?: readonly string[];
  min?: number;
  max?: number;
  /** A list's or a map's number of entries; a string's length (`maxLength`). */
  minItems?: number;
  maxItems?: number;
  maxLength?: number;
  /** A duration's bounds and the step it must be a multiple of, in seconds. */
  minDuration?: number;
  maxDuration?: number;
  durationStep?: number;
  /** Each element of a list of integers: its bounds. */
  itemMin?: number;
  itemMax?: number;
  /**
   * A documented form of each string: `credential` is `username:password`, the password 8 to 128
   * characters (basic-auth); `single` is an object of exactly one entry (set-vars' variables).
   */
  form?: "credential" | "single";
  /** Each element is a CEL expression (a rate limit's bucket keys). */
  cel?: boolean;
  /** The string is a CEL expression (http-request's `retry_condition`). */
  expression?: boolean;
  /** A literal ngrok checks when the policy is saved: the string, or each string of a list (literals.ts). */
  literal?: Literal;
  /** A map of headers: its keys are header names, its values header values. */
  headers?: boolean;
  /** Variables the CEL of this field reads besides the documented ones, by name and type. */
  celVariables?: Readonly<Record<string, string>>;
  /** Each element of a list must differ from the others. */
  unique?: boolean;
  /** Values the documentation forbids (jwt-validation's algorithm `none`). */
  exclude?: readonly string[];
  /** A field ngrok still accepts but deprecates, and the one that replaces it (preview notes it). */
  deprecatedFor?: string;
  /** A credential: kept out of the policy's plain form (each element, for a list). */
  secret?: boolean;
  /** The fields of an object, or of each object of a list, by wire name. */
  fields?: Readonly<Record<string, FieldSpec>>;
}

export interface ActionSpec {
  phases: readonly WirePhase[];
  /** Ends the handling of the traffic (a cloud endpoint's policy must reach one). */
  terminating?: boolean;
  /** Configuration fields by wire name; "open" when the documentation gives them elsewhere. */
  config: Readonly<Record<string, FieldSpec>> | "open";
  /** Only these URL schemes (terminate-tls). */
  schemes?: readonly string[];
}

const HTTP: readonly WirePhase[] = ["on_http_request", "on_http_response"];
const duration = (extra: Partial<FieldSpec> = {}): FieldSpec => ({ kind: "duration", ...extra });
const replacements = (withField: boolean): FieldSpec => ({
  kind: "objects",
  required: true,
  fields: {
    ...(withField ? { field: { kind: "string", enum: ["data", "retry"], default: "data" } as FieldSpec } : {}),
    from: { kind: "string", required: true, literal: "regex" },
    to: { kind: "string" },
  },
});
const identity = (sessionIdle: string): Record<string, FieldSpec> => ({
  auth_id: { kind: "string" },
  client_id: { kind: "string" },
  client_secret: { kind: "string", secret: true },
  scopes: { kind: "strings" },
  authz_url_params: { kind: "stringMap" },
  max_session_duration: duration(),
  [sessionIdle]: duration(),
  userinfo_refresh_interval: duration(),
  allow_cors_preflight: { kind: "boolean", default: false },
  auth_cookie_domain: { kind: "string" },
});

export const ACTIONS: Readonly<Record<string, ActionSpec>> = {
  "add-headers": { phases: HTTP, config: { headers: { kind: "stringMap", required: true, minItems: 1, maxItems: 10, headers: true } } },
  "ai-gateway": { phases: ["on_http_request"], config: "open" },
  "basic-auth": {
    phases: ["on_http_request"],
    config: {
      credentials: { kind: "strings", required: true, secret: true, maxItems: 10, form: "credential" },
      realm: { kind: "string", default: "ngrok" },
      enforce: { kind: "boolean", default: true },
    },
  },
  "circuit-breaker": {
    phases: ["on_http_request"],
    config: {
      error_threshold: { kind: "number", required: true, min: 0, max: 1 },
      volume_threshold: { kind: "integer", min: 1, max: 2_000_000_000, default: 10 },
      window_duration: duration({ default: "10s", minDuration: 1, maxDuration: 120 }),
      tripped_duration: duration({ default: "10s", minDuration: 1, maxDuration: 120 }),
      num_buckets: { kind: "integer", min: 1, max: 128, default: 10 },
      enforce: { kind: "boolean", default: true },
    },
  },
  "close-connection": { phases: ["on_http_request", "on_tcp_connect"], terminating: true, config: {} },
  "compress-response": {
    phases: ["on_http_response"],
    config: { algorithms: { kind: "strings", enum: ["br", "compress", "deflate", "gzip"], unique: true } },
  },
  "custom-response": {
    phases: HTTP,
    terminating: true,
    config: {
      status_code: { kind: "integer", min: 100, max: 599, default: 200 },
      body: { kind: "string" },
      // https://ngrok.com/docs/traffic-policy/actions/custom-response/ names the body `body`; ngrok still takes the older `content`.
      content: { kind: "string", deprecatedFor: "body" },
      headers: { kind: "stringMap", maxItems: 10, headers: true },
    },
  },
  deny: { phases: ["on_tcp_connect", "on_http_request"], terminating: true, config: { status_code: { kind: "integer", min: 100, max: 599 } } },
  "forward-internal": {
    phases: ["on_tcp_connect", "on_http_request"],
    terminating: true,
    config: {
      url: { kind: "string", required: true },
      binding: { kind: "string", enum: ["internal", "kubernetes"] },
      on_error: { kind: "string", enum: ["halt", "continue"], default: "halt" },
    },
  },
  "http-request": {
    phases: HTTP,
    config: {
      url: { kind: "string", required: true, literal: "url" },
      method: { kind: "string", enum: ["GET", "PUT", "POST", "PATCH", "DELETE", "OPTIONS"], default: "GET" },
      query_params: {
        kind: "objects",
        maxItems: 32,
        fields: { key: { kind: "string", required: true, maxLength: 128 }, value: { kind: "string", maxLength: 8192 } },
      },
      headers: { kind: "stringMap", maxItems: 10, headers: true },
      body: { kind: "string" },
      max_redirects: { kind: "integer", min: 0, max: 100, default: 10 },
      timeout: duration({ default: "3s", minDuration: 1, maxDuration: 30 }),
      // A condition over the attempts so far; the page's example reads `last_attempt.res.statusCode`.
      retry_condition: { kind: "string", expression: true, celVariables: { attempts: "int", last_attempt: "map(string, dyn)" } },
      on_error: { kind: "string", enum: ["continue", "halt"], default: "continue" },
    },
  },
  "jwt-validation": {
    phases: ["on_http_request"],
    config: {
      issuer: { kind: "object", required: true, fields: { allow_list: { ...allowList(true), minItems: 1 } } },
      audience: { kind: "object", fields: { allow_list: { ...allowList(false), minItems: 1 } } },
      http: {
        kind: "object",
        required: true,
        fields: {
          tokens: {
            kind: "objects",
            required: true,
            minItems: 1,
            fields: {
              type: { kind: "string", required: true, enum: ["id_token", "access_token", "at+jwt", "it+jwt", "plain", "jwt"] },
              method: { kind: "string", required: true, enum: ["header", "body"] },
              name: { kind: "string", required: true },
              prefix: { kind: "string" },
            },
          },
        },
      },
      jws: {
        kind: "object",
        required: true,
        fields: {
          allowed_algorithms: { kind: "strings", required: true, minItems: 1, exclude: ["none"] },
          keys: {
            kind: "object",
            required: true,
            fields: {
              sources: { kind: "object", required: true, fields: { additional_jkus: { kind: "strings", required: true } } },
              identification: { kind: "objects", fields: { token_claims: { kind: "strings" } } },
            },
          },
        },
      },
    },
  },
  log: { phases: ["on_tcp_connect", "on_http_request", "on_http_response"], config: { metadata: { kind: "anyMap", required: true } } },
  oauth: { phases: ["on_http_request"], config: { provider: { kind: "string", required: true }, ...identity("idle_session_timeout") } },
  "openid-connect": {
    phases: ["on_http_request"],
    config: { issuer_url: { kind: "string", required: true }, ...identity("idle_session_duration") },
  },
  "owasp-crs-request": { phases: ["on_http_request"], config: owasp() },
  "owasp-crs-response": { phases: ["on_http_response"], config: owasp() },
  "rate-limit": {
    phases: ["on_http_request"],
    config: {
      name: { kind: "string", required: true, maxLength: 1023 },
      enforce: { kind: "boolean", default: true },
      algorithm: { kind: "string", required: true, enum: ["sliding_window"] },
      capacity: { kind: "integer", required: true, min: 1, max: 2_000_000_000 },
      rate: duration({ required: true, minDuration: 60, maxDuration: 24 * 3600, durationStep: 10 }),
      bucket_key: { kind: "strings", required: true, cel: true, maxItems: 10 },
    },
  },
  redirect: {
    phases: ["on_http_request"],
    config: {
      from: { kind: "string", literal: "regex" },
      to: { kind: "string", required: true },
      status_code: { kind: "integer", min: 300, max: 399, default: 302 },
      headers: { kind: "stringMap", maxItems: 10, headers: true },
    },
  },
  "remove-headers": { phases: HTTP, config: { headers: { kind: "strings", required: true, minItems: 1, maxItems: 10, literal: "header-name" } } },
  "request-body-find-replace": { phases: ["on_http_request"], config: { replacements: replacements(false) } },
  "response-body-find-replace": { phases: ["on_http_response"], config: { replacements: replacements(false) } },
  "restrict-ips": {
    phases: ["on_http_request", "on_http_response", "on_tcp_connect"],
    config: {
      enforce: { kind: "boolean", default: true },
      allow: { kind: "strings", literal: "cidr" },
      deny: { kind: "strings", literal: "cidr" },
      ip_policies: { kind: "strings", literal: "ip-policy" },
    },
  },
  "set-vars": { phases: ["on_http_request", "on_http_response", "on_tcp_connect"], config: { vars: { kind: "objects", required: true, form: "single" } } },
  "sse-find-replace": { phases: ["on_event_stream_message"], config: { replacements: replacements(true) } },
  "terminate-tls": {
    phases: ["on_tcp_connect"],
    schemes: ["https", "tls"],
    config: {
      min_version: { kind: "string", enum: ["1.2", "1.3"], default: "1.2" },
      max_version: { kind: "string", enum: ["1.2", "1.3"], default: "1.3" },
      server_private_key: { kind: "string", secret: true },
      server_certificate: { kind: "string" },
      mutual_tls_certificate_authorities: { kind: "strings" },
      mutual_tls_verification_strategy: { kind: "string", enum: ["require-and-verify", "require-any", "request"], default: "require-and-verify" },
    },
  },
  "url-rewrite": { phases: ["on_http_request"], config: { from: { kind: "string", literal: "regex" }, to: { kind: "string", required: true } } },
  "verify-webhook": {
    phases: ["on_http_request"],
    config: {
      provider: { kind: "string", required: true, literal: "webhook-provider" },
      secret: { kind: "string", required: true, secret: true },
      enforce: { kind: "boolean", default: true },
    },
  },
};

function allowList(required: boolean): FieldSpec {
  return { kind: "objects", required, fields: { value: { kind: "string", required: true } } };
}

function owasp(): Record<string, FieldSpec> {
  return {
    on_error: { kind: "string", required: true, enum: ["halt", "continue"] },
    process_body: { kind: "boolean" },
    exclude_rule_ids: { kind: "integers", itemMin: 900_000, itemMax: 999_999 },
  };
}
