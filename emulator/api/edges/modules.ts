// Edge module validators (spec "Edge module operations"). Each takes the bare PUT body and
// returns the stored module, which is also the GET/PUT response: `enabled` defaults to true,
// secrets are echoed verbatim, references are resolved to Refs. Failures are ApiFailures with
// the real service's codes: unknown field 214, bad value or type 215, missing reference 380,
// and the module-specific codes ngrok's official clients list.

import { z } from "zod";
import { ApiFailure, badValue, referenceNotFound, unknownField } from "../../shared/errors";

export interface Ref {
  id: string;
  uri: string;
}

/** Looks up a referenced resource; undefined when it does not exist (400 ERR_NGROK_380). */
export type RefResolver = (id: string) => Ref | undefined;

export interface ModuleRefResolvers {
  ipPolicy: RefResolver;
  backend: RefResolver;
}

export interface OidcModule {
  enabled: boolean;
  options_passthrough: boolean;
  cookie_prefix: string;
  inactivity_timeout: number;
  maximum_duration: number;
  issuer: string;
  client_id: string;
  client_secret: string;
  scopes: string[];
}

export interface WebhookVerificationModule {
  enabled: boolean;
  provider: string;
  secret: string;
}

export interface CircuitBreakerModule {
  enabled: boolean;
  tripped_duration: number;
  rolling_window: number;
  num_buckets: number;
  volume_threshold: number;
  error_threshold_percentage: number;
}

export interface JwtToken {
  type: "jwt" | "at+jwt" | "it+jwt";
  method: "header" | "body";
  name: string;
  prefix: string;
}

export interface JwtValidationModule {
  enabled: boolean;
  issuer: { allow_list: { value: string }[] };
  audience: { allow_list: { value: string }[] };
  http: { tokens: JwtToken[] };
  jws: { allowed_algorithms: string[]; keys: { sources: { additional_jkus: string[] } } };
}

export interface IpRestrictionModule {
  enabled: boolean;
  ip_policies: Ref[];
}

export interface UserAgentFilterModule {
  enabled: boolean;
  allow: string[];
  deny: string[];
}

export interface BackendModule {
  enabled: boolean;
  backend: Ref;
}

export interface TlsTerminationModule {
  enabled: boolean;
  terminate_at: "edge" | "upstream";
  min_version: string | null;
}

export type ModuleConfig =
  | OidcModule
  | WebhookVerificationModule
  | CircuitBreakerModule
  | JwtValidationModule
  | IpRestrictionModule
  | UserAgentFilterModule
  | BackendModule
  | TlsTerminationModule;

// ---------------------------------------------------------------------------------------
// Shared parsing

const UINT32_MAX = 4294967295;
const uint32 = z.number().int().min(0).max(UINT32_MAX);
const enabled = z.boolean().optional();
const stringList = z.array(z.string());

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The API treats a JSON null like an omitted field (Go decodes it to the zero value). */
function stripNulls(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripNulls);
  if (!isPlainObject(v)) return v;
  const out: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(v)) if (val !== null) out[k] = stripNulls(val);
  return out;
}

function fieldPath(path: ReadonlyArray<PropertyKey>): string {
  let out = "";
  for (const p of path) out += typeof p === "number" ? `[${p}]` : out === "" ? String(p) : `.${String(p)}`;
  return out;
}

/** Parses with a zod schema; unknown fields are 214 (reported first), other issues 215. */
function parseBody<T>(schema: z.ZodType<T>, body: unknown, module: string): T {
  if (!isPlainObject(body)) throw badValue(`The ${module} module configuration must be a JSON object.`);
  const result = schema.safeParse(stripNulls(body));
  if (result.success) return result.data;
  const issues = result.error.issues;
  const unknown = issues
    .filter((i) => i.code === "unrecognized_keys")
    .sort((a, b) => a.path.length - b.path.length)[0];
  if (unknown && unknown.code === "unrecognized_keys") {
    throw unknownField(fieldPath([...unknown.path, unknown.keys[0] ?? ""]));
  }
  const first = issues[0];
  const where = first ? fieldPath(first.path) : "";
  throw badValue(`Invalid value for '${where}' in the ${module} module: ${first?.message ?? "invalid input"}.`);
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return (u.protocol === "https:" || u.protocol === "http:") && u.hostname !== "";
  } catch {
    return false;
  }
}

function resolveRef(resolve: RefResolver, field: string, id: string): Ref {
  const ref = resolve(id);
  if (!ref) throw referenceNotFound(field, id);
  return { id: ref.id, uri: ref.uri };
}

// ---------------------------------------------------------------------------------------
// HTTPS route: oidc

const oidcSchema = z.strictObject({
  enabled,
  options_passthrough: z.boolean().optional(),
  cookie_prefix: z.string().optional(),
  inactivity_timeout: uint32.optional(),
  maximum_duration: uint32.optional(),
  issuer: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  scopes: stringList.optional(),
});

export function validateOidc(body: unknown): OidcModule {
  const b = parseBody(oidcSchema, body, "oidc");
  if (!b.client_id) throw new ApiFailure(400, "ERR_NGROK_385", "The OIDC module requires a 'client_id'.");
  if (!b.client_secret) throw new ApiFailure(400, "ERR_NGROK_386", "The OIDC module requires a 'client_secret'.");
  if (!b.issuer) throw new ApiFailure(400, "ERR_NGROK_387", "The OIDC module requires an 'issuer' URL.");
  // The issuer is the base URL for OIDC discovery, so it must be an absolute http(s) URL.
  if (!isHttpUrl(b.issuer)) throw badValue(`The OIDC 'issuer' must be an absolute http(s) URL, got '${b.issuer}'.`);
  return {
    enabled: b.enabled ?? true,
    options_passthrough: b.options_passthrough ?? false,
    cookie_prefix: b.cookie_prefix ?? "",
    inactivity_timeout: b.inactivity_timeout ?? 0,
    maximum_duration: b.maximum_duration ?? 0,
    issuer: b.issuer,
    client_id: b.client_id,
    client_secret: b.client_secret, // echoed verbatim, as the real service does
    scopes: b.scopes ?? [],
  };
}

// ---------------------------------------------------------------------------------------
// HTTPS route: webhook_verification

/** Providers the real service knows (from ngrok's official clients); only `sns` needs no secret. */
export const WEBHOOK_PROVIDERS: readonly string[] = (
  "aftership airship alchemy sns autodesk bitbucket bolt box brex buildkite calendly castle " +
  "chargify circleci clearbit clerk coinbase contentful docusign dropbox facebook_graph_api " +
  "facebook_messenger frameio github gitlab go1 heroku hostedhooks hubspot graphcms instagram " +
  "intercom jira launch_darkly linear mailchimp mailgun microsoft_teams modern_treasury mongodb " +
  "mux orb orbit pagerduty pinwheel plivo pusher sendgrid sentry shopify signal_sciences slack " +
  "sonatype square stripe svix terraform tiktok trendmicro_conformity twilio twitter typeform " +
  "vmware webex whatsapp worldline xero zendesk zoom"
).split(" ");
const PROVIDERS_WITHOUT_SECRET: ReadonlySet<string> = new Set(["sns"]);

const webhookSchema = z.strictObject({
  enabled,
  provider: z.string().optional(),
  secret: z.string().optional(),
});

export function validateWebhookVerification(body: unknown): WebhookVerificationModule {
  const b = parseBody(webhookSchema, body, "webhook_verification");
  if (!b.provider) {
    throw new ApiFailure(400, "ERR_NGROK_363", "The webhook_verification module requires a 'provider'.");
  }
  if (!WEBHOOK_PROVIDERS.includes(b.provider)) {
    throw new ApiFailure(400, "ERR_NGROK_364", `The webhook provider '${b.provider}' is not supported.`);
  }
  if (!b.secret && !PROVIDERS_WITHOUT_SECRET.has(b.provider)) {
    throw badValue(`The webhook_verification module requires a 'secret' for provider '${b.provider}'.`);
  }
  return { enabled: b.enabled ?? true, provider: b.provider, secret: b.secret ?? "" };
}

// ---------------------------------------------------------------------------------------
// HTTPS route: circuit_breaker

const circuitBreakerSchema = z.strictObject({
  enabled,
  tripped_duration: uint32.optional(),
  rolling_window: uint32.optional(),
  num_buckets: uint32.optional(),
  volume_threshold: uint32.optional(),
  error_threshold_percentage: z.number().optional(),
});

export function validateCircuitBreaker(body: unknown): CircuitBreakerModule {
  const b = parseBody(circuitBreakerSchema, body, "circuit_breaker");
  const threshold = b.error_threshold_percentage ?? 0;
  if (threshold < 0 || threshold > 1) {
    throw new ApiFailure(
      400,
      "ERR_NGROK_361",
      `The circuit breaker 'error_threshold_percentage' must be between 0 and 1.0 (a fraction, not a percentage), got ${threshold}.`,
    );
  }
  const buckets = b.num_buckets ?? 0;
  if (buckets > 128) {
    throw new ApiFailure(400, "ERR_NGROK_361", `The circuit breaker 'num_buckets' must be at most 128, got ${buckets}.`);
  }
  return {
    enabled: b.enabled ?? true,
    tripped_duration: b.tripped_duration ?? 0,
    rolling_window: b.rolling_window ?? 0,
    num_buckets: buckets,
    volume_threshold: b.volume_threshold ?? 0,
    error_threshold_percentage: threshold,
  };
}

// ---------------------------------------------------------------------------------------
// HTTPS route: jwt_validation

export const JWS_ALGORITHMS: readonly string[] = [
  "HS256", "HS384", "HS512", "RS256", "RS384", "RS512", "ES256", "ES384", "ES512",
  "PS256", "PS384", "PS512", "EdDSA",
];

const allowList = z.strictObject({ allow_list: z.array(z.strictObject({ value: z.string().min(1) })).optional() });
const jwtSchema = z.strictObject({
  enabled,
  issuer: allowList.optional(),
  audience: allowList.optional(),
  http: z
    .strictObject({
      tokens: z
        .array(
          z.strictObject({
            type: z.enum(["jwt", "at+jwt", "it+jwt"]),
            method: z.enum(["header", "body"]),
            name: z.string().min(1),
            prefix: z.string().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  jws: z
    .strictObject({
      allowed_algorithms: z.array(z.enum(JWS_ALGORITHMS as [string, ...string[]])).optional(),
      keys: z
        .strictObject({
          sources: z.strictObject({ additional_jkus: stringList.optional() }).optional(),
        })
        .optional(),
    })
    .optional(),
});

export function validateJwtValidation(body: unknown): JwtValidationModule {
  const b = parseBody(jwtSchema, body, "jwt_validation");
  const jkus = b.jws?.keys?.sources?.additional_jkus ?? [];
  jkus.forEach((u, i) => {
    if (!isHttpUrl(u)) {
      throw badValue(`Invalid value for 'jws.keys.sources.additional_jkus[${i}]': '${u}' is not an absolute http(s) URL.`);
    }
  });
  return {
    enabled: b.enabled ?? true,
    issuer: { allow_list: (b.issuer?.allow_list ?? []).map((e) => ({ value: e.value })) },
    audience: { allow_list: (b.audience?.allow_list ?? []).map((e) => ({ value: e.value })) },
    http: {
      tokens: (b.http?.tokens ?? []).map((t) => ({ type: t.type, method: t.method, name: t.name, prefix: t.prefix ?? "" })),
    },
    jws: { allowed_algorithms: b.jws?.allowed_algorithms ?? [], keys: { sources: { additional_jkus: jkus } } },
  };
}

// ---------------------------------------------------------------------------------------
// HTTPS route and TLS edge: ip_restriction

const ipRestrictionSchema = z.strictObject({ enabled, ip_policy_ids: stringList.optional() });

export function validateIpRestriction(body: unknown, resolveIpPolicy: RefResolver): IpRestrictionModule {
  const b = parseBody(ipRestrictionSchema, body, "ip_restriction");
  // A restriction without policies restricts nothing; the service asks for at least one (unverified).
  if (!b.ip_policy_ids || b.ip_policy_ids.length === 0) {
    throw badValue("The ip_restriction module requires at least one id in 'ip_policy_ids'.");
  }
  const seen = new Set<string>();
  const ip_policies: Ref[] = [];
  for (const id of b.ip_policy_ids) {
    if (seen.has(id)) continue; // a policy listed twice is one policy
    seen.add(id);
    ip_policies.push(resolveRef(resolveIpPolicy, "IP policy", id));
  }
  return { enabled: b.enabled ?? true, ip_policies };
}

// ---------------------------------------------------------------------------------------
// HTTPS route: user_agent_filter

// The service matches with Go's RE2: a leading inline flag group such as `(?i)` is valid
// there but not in JavaScript, and lookaround and backreferences are invalid there but
// valid in JavaScript. Checking both keeps the emulator as strict as the service.
const RE2_UNSUPPORTED = /\(\?<?[=!]|\\[1-9]|\\k</;

function regexProblem(pattern: string): string | undefined {
  if (RE2_UNSUPPORTED.test(pattern)) return "lookaround and backreferences are not supported (RE2 syntax)";
  const flags = /^\(\?([imsU]+)\)/.exec(pattern);
  const source = flags ? pattern.slice(flags[0].length) : pattern;
  try {
    new RegExp(source, "u");
    return undefined;
  } catch (e) {
    try {
      new RegExp(source); // non-unicode mode accepts some escapes RE2 also accepts
      return undefined;
    } catch {
      return e instanceof Error ? e.message : "invalid regular expression";
    }
  }
}

const userAgentSchema = z.strictObject({ enabled, allow: stringList.optional(), deny: stringList.optional() });

export function validateUserAgentFilter(body: unknown): UserAgentFilterModule {
  const b = parseBody(userAgentSchema, body, "user_agent_filter");
  for (const field of ["allow", "deny"] as const) {
    (b[field] ?? []).forEach((pattern, i) => {
      const problem = regexProblem(pattern);
      if (problem) throw badValue(`Invalid regular expression in '${field}[${i}]' ('${pattern}'): ${problem}.`);
    });
  }
  return { enabled: b.enabled ?? true, allow: b.allow ?? [], deny: b.deny ?? [] };
}

// ---------------------------------------------------------------------------------------
// TLS edge: backend

const backendSchema = z.strictObject({ enabled, backend_id: z.string().optional() });

export function validateBackend(body: unknown, resolveBackend: RefResolver): BackendModule {
  const b = parseBody(backendSchema, body, "backend");
  if (!b.backend_id) throw badValue("The backend module requires a 'backend_id'.");
  return { enabled: b.enabled ?? true, backend: resolveRef(resolveBackend, "backend", b.backend_id) };
}

// ---------------------------------------------------------------------------------------
// TLS edge: tls_termination

export const TLS_VERSIONS: readonly string[] = ["1.0", "1.1", "1.2", "1.3"];

const tlsTerminationSchema = z.strictObject({
  enabled,
  terminate_at: z.string().optional(),
  min_version: z.string().optional(),
});

export function validateTlsTermination(body: unknown): TlsTerminationModule {
  const b = parseBody(tlsTerminationSchema, body, "tls_termination");
  const terminateAt = b.terminate_at ?? "edge";
  if (terminateAt !== "edge" && terminateAt !== "upstream") {
    throw new ApiFailure(400, "ERR_NGROK_224", `'terminate_at' must be 'edge' or 'upstream', got '${terminateAt}'.`);
  }
  if (b.min_version !== undefined && terminateAt === "upstream") {
    throw badValue("'min_version' must be null when 'terminate_at' is 'upstream': TLS is not terminated by the service.");
  }
  if (b.min_version !== undefined && !TLS_VERSIONS.includes(b.min_version)) {
    throw badValue(`'min_version' must be one of ${TLS_VERSIONS.join(", ")}, got '${b.min_version}'.`);
  }
  // Unset stays null: the service's default minimum is internal and not echoed (unverified).
  return { enabled: b.enabled ?? true, terminate_at: terminateAt, min_version: b.min_version ?? null };
}

// ---------------------------------------------------------------------------------------
// Dispatch map

export type EdgeKind = "https_route" | "tls_edge";

export interface ModuleDefinition {
  /** Where the module is mounted: `/edges/https/{edge}/routes/{id}/<name>` or `/edges/tls/{id}/<name>`. */
  kinds: readonly EdgeKind[];
  validate: (body: unknown, refs: ModuleRefResolvers) => ModuleConfig;
}

/** Module validators keyed by the path segment that names the module. */
export const moduleValidators: Readonly<Record<string, ModuleDefinition>> = {
  oidc: { kinds: ["https_route"], validate: (b) => validateOidc(b) },
  webhook_verification: { kinds: ["https_route"], validate: (b) => validateWebhookVerification(b) },
  circuit_breaker: { kinds: ["https_route"], validate: (b) => validateCircuitBreaker(b) },
  jwt_validation: { kinds: ["https_route"], validate: (b) => validateJwtValidation(b) },
  ip_restriction: { kinds: ["https_route", "tls_edge"], validate: (b, r) => validateIpRestriction(b, r.ipPolicy) },
  user_agent_filter: { kinds: ["https_route"], validate: (b) => validateUserAgentFilter(b) },
  backend: { kinds: ["tls_edge"], validate: (b, r) => validateBackend(b, r.backend) },
  tls_termination: { kinds: ["tls_edge"], validate: (b) => validateTlsTermination(b) },
};

/** The module validator for a path segment on an edge kind, or undefined (404). */
export function moduleFor(kind: EdgeKind, name: string): ModuleDefinition | undefined {
  const def = Object.prototype.hasOwnProperty.call(moduleValidators, name) ? moduleValidators[name] : undefined;
  return def && def.kinds.includes(kind) ? def : undefined;
}
