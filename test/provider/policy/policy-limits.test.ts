/**
 * Every limit ngrok's action pages document, checked at preview with no request, named as the
 * program wrote the policy (ngrok's snake_case for its text, camelCase for the typed form); and the
 * emulator's API, which keeps its own rules, answers each case as the preview check does: it
 * refuses what preview refuses and accepts the same policy just inside the limit.
 */
import type { Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { PolicyValue } from "../../../provider/policy";
import { camel } from "../../../provider/policy/value";
import { preparePolicyInputs } from "../../../sdk/policy";
import { call } from "../../support/api";
import { emulatorForProvider } from "../../support/provider";

const DOCS = "https://ngrok.com/docs/traffic-policy/actions";
const many = <T,>(n: number, make: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => make(i));
const headers = (n: number): Record<string, string> => Object.fromEntries(many(n, (i) => `x-h${i}`).map((h) => [h, "v"]));

interface Limit {
  /** The limit, as the page states it. */
  name: string;
  page: string;
  type: string;
  phase?: "on_http_request" | "on_http_response";
  /** The configuration over the limit, and the same just inside it. */
  bad: Record<string, unknown>;
  good: Record<string, unknown>;
  /** Where, below the action's config (snake_case), and the message. */
  at: string;
  message: string;
}

const rateLimit = (more: Record<string, unknown>) => ({ name: "r", algorithm: "sliding_window", capacity: 10, rate: "60s", bucket_key: ["conn.client_ip"], ...more });
const jwt = (more: { algorithms?: string[]; tokens?: unknown[]; issuers?: unknown[]; audiences?: unknown[] }) => ({
  issuer: { allow_list: more.issuers ?? [{ value: "https://issuer.example.com" }] },
  ...(more.audiences === undefined ? {} : { audience: { allow_list: more.audiences } }),
  http: { tokens: more.tokens ?? [{ type: "jwt", method: "header", name: "Authorization", prefix: "Bearer " }] },
  jws: { allowed_algorithms: more.algorithms ?? ["RS256"], keys: { sources: { additional_jkus: ["https://issuer.example.com/jwks"] } } },
});
const request = (more: Record<string, unknown>) => ({ url: "https://api.internal/check", ...more });

const LIMITS: Limit[] = [
  { name: "basic-auth: a password of at least 8 characters", page: "basic-auth", type: "basic-auth", bad: { credentials: ["admin:pw1234"] }, good: { credentials: ["admin:pw123456"] }, at: "credentials[0]", message: "must have a password of 8 to 128 characters" },
  { name: "basic-auth: a password of at most 128 characters", page: "basic-auth", type: "basic-auth", bad: { credentials: [`admin:${"p".repeat(129)}`] }, good: { credentials: [`admin:${"p".repeat(128)}`] }, at: "credentials[0]", message: "must have a password of 8 to 128 characters" },
  { name: "basic-auth: credentials written username:password", page: "basic-auth", type: "basic-auth", bad: { credentials: ["password123"] }, good: { credentials: ["user:password123"] }, at: "credentials[0]", message: "must be a username and a password written username:password" },
  { name: "basic-auth: up to 10 credentials", page: "basic-auth", type: "basic-auth", bad: { credentials: many(11, (i) => `u${i}:password${i}`) }, good: { credentials: many(10, (i) => `u${i}:password${i}`) }, at: "credentials", message: "must have at most 10 entries" },
  { name: "add-headers: at most 10 headers", page: "add-headers", type: "add-headers", bad: { headers: headers(11) }, good: { headers: headers(10) }, at: "headers", message: "must have at most 10 entries" },
  { name: "add-headers: at least 1 header", page: "add-headers", type: "add-headers", bad: { headers: {} }, good: { headers: headers(1) }, at: "headers", message: "must have at least 1 entry" },
  { name: "remove-headers: at most 10 headers", page: "remove-headers", type: "remove-headers", bad: { headers: many(11, (i) => `x-h${i}`) }, good: { headers: many(10, (i) => `x-h${i}`) }, at: "headers", message: "must have at most 10 entries" },
  { name: "custom-response: at most 10 headers", page: "custom-response", type: "custom-response", bad: { headers: headers(11) }, good: { headers: headers(10) }, at: "headers", message: "must have at most 10 entries" },
  { name: "redirect: at most 10 headers", page: "redirect", type: "redirect", bad: { to: "/x", headers: headers(11) }, good: { to: "/x", headers: headers(10) }, at: "headers", message: "must have at most 10 entries" },
  { name: "rate-limit: rate of at least 60s", page: "rate-limit", type: "rate-limit", bad: rateLimit({ rate: "50s" }), good: rateLimit({ rate: "60s" }), at: "rate", message: "must be at least 1m" },
  { name: "rate-limit: rate of at most 24h", page: "rate-limit", type: "rate-limit", bad: rateLimit({ rate: "24h10s" }), good: rateLimit({ rate: "24h" }), at: "rate", message: "must be at most 24h" },
  { name: "rate-limit: rate a multiple of 10 seconds", page: "rate-limit", type: "rate-limit", bad: rateLimit({ rate: "65s" }), good: rateLimit({ rate: "90s" }), at: "rate", message: "must be a multiple of 10s" },
  { name: "rate-limit: capacity of at least 1", page: "rate-limit", type: "rate-limit", bad: rateLimit({ capacity: 0 }), good: rateLimit({ capacity: 1 }), at: "capacity", message: "must be at least 1" },
  { name: "rate-limit: a name under 1024 characters", page: "rate-limit", type: "rate-limit", bad: rateLimit({ name: "n".repeat(1024) }), good: rateLimit({ name: "n".repeat(1023) }), at: "name", message: "must be at most 1023 characters" },
  { name: "rate-limit: up to ten bucket keys", page: "rate-limit", type: "rate-limit", bad: rateLimit({ bucket_key: many(11, (i) => `req.headers['x-${i}']`) }), good: rateLimit({ bucket_key: many(10, (i) => `req.headers['x-${i}']`) }), at: "bucket_key", message: "must have at most 10 entries" },
  { name: "circuit-breaker: window_duration of at most 2m", page: "circuit-breaker", type: "circuit-breaker", bad: { error_threshold: 0.5, window_duration: "3m" }, good: { error_threshold: 0.5, window_duration: "2m" }, at: "window_duration", message: "must be at most 2m" },
  { name: "circuit-breaker: tripped_duration of at least 1s", page: "circuit-breaker", type: "circuit-breaker", bad: { error_threshold: 0.5, tripped_duration: "500ms" }, good: { error_threshold: 0.5, tripped_duration: "1s" }, at: "tripped_duration", message: "must be at least 1s" },
  { name: "circuit-breaker: error_threshold between 0.0 and 1.0", page: "circuit-breaker", type: "circuit-breaker", bad: { error_threshold: 1.5 }, good: { error_threshold: 1 }, at: "error_threshold", message: "must be at most 1" },
  { name: "http-request: timeout of at least 1s", page: "http-request", type: "http-request", bad: request({ timeout: "500ms" }), good: request({ timeout: "1s" }), at: "timeout", message: "must be at least 1s" },
  { name: "http-request: timeout of at most 30s", page: "http-request", type: "http-request", bad: request({ timeout: "31s" }), good: request({ timeout: "30s" }), at: "timeout", message: "must be at most 30s" },
  { name: "http-request: max_redirects of at most 100", page: "http-request", type: "http-request", bad: request({ max_redirects: 101 }), good: request({ max_redirects: 100 }), at: "max_redirects", message: "must be at most 100" },
  { name: "http-request: at most 10 headers", page: "http-request", type: "http-request", bad: request({ headers: headers(11) }), good: request({ headers: headers(10) }), at: "headers", message: "must have at most 10 entries" },
  { name: "http-request: at most 32 query parameters", page: "http-request", type: "http-request", bad: request({ query_params: many(33, (i) => ({ key: `k${i}`, value: "v" })) }), good: request({ query_params: many(32, (i) => ({ key: `k${i}`, value: "v" })) }), at: "query_params", message: "must have at most 32 entries" },
  { name: "http-request: a query parameter's key of at most 128 characters", page: "http-request", type: "http-request", bad: request({ query_params: [{ key: "k".repeat(129), value: "v" }] }), good: request({ query_params: [{ key: "k".repeat(128), value: "v" }] }), at: "query_params[0].key", message: "must be at most 128 characters" },
  { name: "http-request: a query parameter's value of at most 8192 characters", page: "http-request", type: "http-request", bad: request({ query_params: [{ key: "k", value: "v".repeat(8193) }] }), good: request({ query_params: [{ key: "k", value: "v".repeat(8192) }] }), at: "query_params[0].value", message: "must be at most 8192 characters" },
  { name: "http-request: retry_condition is CEL", page: "http-request", type: "http-request", bad: request({ retry_condition: "res.status_code >=" }), good: request({ retry_condition: "res.status_code >= 500" }), at: "retry_condition", message: "is not a valid CEL expression: at column 17, found > but expecting end of input" },
  { name: "owasp-crs-request: rule ids from 900000 to 999999", page: "owasp-crs-request", type: "owasp-crs-request", bad: { on_error: "halt", exclude_rule_ids: [899999] }, good: { on_error: "halt", exclude_rule_ids: [900000, 999999] }, at: "exclude_rule_ids[0]", message: "must be between 900000 and 999999" },
  { name: "owasp-crs-response: rule ids from 900000 to 999999", page: "owasp-crs-response", type: "owasp-crs-response", phase: "on_http_response", bad: { on_error: "halt", exclude_rule_ids: [1000000] }, good: { on_error: "halt", exclude_rule_ids: [950100] }, at: "exclude_rule_ids[0]", message: "must be between 900000 and 999999" },
  { name: "jwt-validation: the algorithm none is not supported", page: "jwt-validation", type: "jwt-validation", bad: jwt({ algorithms: ["none"] }), good: jwt({ algorithms: ["ES256"] }), at: "jws.allowed_algorithms[0]", message: 'must not be "none"' },
  { name: "jwt-validation: at least 1 token", page: "jwt-validation", type: "jwt-validation", bad: jwt({ tokens: [] }), good: jwt({}), at: "http.tokens", message: "must not be empty" },
  { name: "jwt-validation: at least 1 issuer", page: "jwt-validation", type: "jwt-validation", bad: jwt({ issuers: [] }), good: jwt({}), at: "issuer.allow_list", message: "must not be empty" },
  { name: "jwt-validation: an audience list has at least 1 audience", page: "jwt-validation", type: "jwt-validation", bad: jwt({ audiences: [] }), good: jwt({ audiences: [{ value: "urn:example:api" }] }), at: "audience.allow_list", message: "must have at least 1 entry" },
  { name: "compress-response: each algorithm once", page: "compress-response", type: "compress-response", phase: "on_http_response", bad: { algorithms: ["gzip", "gzip"] }, good: { algorithms: ["gzip", "br"] }, at: "algorithms", message: "must not repeat an entry" },
  { name: "set-vars: each map holds exactly one variable", page: "set-vars", type: "set-vars", bad: { vars: [{ a: "1", b: "2" }] }, good: { vars: [{ a: "1" }, { b: "2" }] }, at: "vars[0]", message: "must have exactly one entry: one variable's name and value" },
  { name: "CEL interpolation: a ${...} in a body is CEL", page: "custom-response", type: "custom-response", bad: { body: "hello ${req.url.path ==}" }, good: { body: "hello ${req.url.path}" }, at: "body", message: "has a ${...} that is not a valid CEL expression: at column 14, found = but expecting end of input" },
  { name: "CEL interpolation: a ${...} is closed", page: "url-rewrite", type: "url-rewrite", bad: { to: "/v2${req.url.path" }, good: { to: "/v2${req.url.path}" }, at: "to", message: "has a ${ without its closing }" },
  { name: "CEL interpolation: a header value's ${...}", page: "add-headers", type: "add-headers", bad: { headers: { "x-client": "${conn.client_ip +}" } }, good: { headers: { "x-client": "${conn.client_ip}" } }, at: "headers.x-client", message: expect.stringMatching(/^has a \$\{\.\.\.\} that is not a valid CEL expression: at column 18, /) as unknown as string },
  { name: "CEL interpolation: a log's metadata", page: "log", type: "log", bad: { metadata: { path: "${req.url.path.}" } }, good: { metadata: { path: "${req.url.path}" } }, at: "metadata.path", message: expect.stringMatching(/^has a \$\{\.\.\.\} that is not a valid CEL expression/) as unknown as string },
];

/** A cloud endpoint's policy with the action under test, answering every request after it. */
function policyWith(limit: Limit, config: Record<string, unknown>): Record<string, unknown> {
  const action = { type: limit.type, config };
  const deny = { actions: [{ type: "deny" }] };
  return limit.phase === "on_http_response" ? { on_http_request: [deny], on_http_response: [{ actions: [action] }] } : { on_http_request: [{ actions: [action] }, deny] };
}

const place = (limit: Limit): string => {
  const phase = limit.phase ?? "on_http_request";
  return `${phase}[0].actions[0].config.${limit.at.replace(/\.(x-client)$/, '["$1"]')}`;
};

/** The same place in the typed form: phases and fields in camelCase, a header's name as it is. */
const typedPlace = (text: string): string => text.replace(/(^|\.)([a-z_]+)/g, (_m, dot: string, name: string) => `${dot}${camel(name)}`);

let emu: Emulator;
let provider: Provider;
let endpoint: Handler;
beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider({ rateLimit: false }));
  endpoint = provider.handler("CloudEndpoint");
  await call(emu, "POST", "/reserved_domains", { domain: "app.example.com" });
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

const url = "https://app.example.com";
const failures = async (trafficPolicy: unknown, secrets?: unknown) =>
  (await endpoint.check({}, { url, trafficPolicy, ...(secrets === undefined ? {} : { trafficPolicySecrets: secrets }) })).failures.map((f) => f.message);
const apiStatus = async (policy: unknown): Promise<number> => {
  const created = await call(emu, "POST", "/endpoints", { type: "cloud", url, traffic_policy: JSON.stringify(policy), pooling_enabled: true });
  if (created.status === 201) await call(emu, "DELETE", `/endpoints/${String(created.json.id)}`);
  return created.status;
};

describe.each(LIMITS.map((l) => [l.name, l] as const))("%s", (_name, limit) => {
  it(`is refused at preview, named as written (${DOCS}/${limit.page}/)`, async () => {
    const text = JSON.stringify(policyWith(limit, limit.bad));
    const where = `trafficPolicy.${place(limit)}`;
    expect(await failures(text)).toEqual([typeof limit.message === "string" ? `${where} ${limit.message}` : expect.stringMatching(new RegExp(`^${where.replace(/[.[\]"$]/g, "\\$&")} `))]);
    // Through the SDK class, as a program's text reaches the engine: named as written, its CEL too.
    const { trafficPolicy, trafficPolicySecrets } = preparePolicyInputs({ trafficPolicy: text });
    expect(await failures(trafficPolicy, trafficPolicySecrets)).toEqual(await failures(text));
    const value = PolicyValue.read(text);
    const typed = await failures(value.typed(), value.secrets());
    expect(typed).toEqual([expect.stringContaining(`trafficPolicy.${typedPlace(place(limit))} `)]);
    expect(typed.join("\n")).not.toMatch(/pw1234|pppp/);
  });

  it("is accepted just inside the limit", async () => {
    expect(await failures(JSON.stringify(policyWith(limit, limit.good)))).toEqual([]);
  });

  it("gets the same answer from the emulator's API", async () => {
    expect(await apiStatus(policyWith(limit, limit.bad))).toBe(400);
    expect(await apiStatus(policyWith(limit, limit.good))).toBe(201);
  });
});
