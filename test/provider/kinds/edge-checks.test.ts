/**
 * Preview-time validation of edges, routes and modules: every rule fails naming its property
 * (the reason starts with it, as the program writes it) and never repeats the input's value.
 */
import { Provider, type ResourceKind } from "../../../provider";

type Props = Record<string, unknown>;
/** The program's inputs alone: with no key, preview does not look the references up. */
const provider = new Provider({ settings: {} });

const edgeId = "edghts_2abcdefghijklmnopqrstuvwxyz";
const routeId = "edghtsrt_2abcdefghijklmnopqrstuvwxyz";
const tlsEdgeId = "edgtls_2abcdefghijklmnopqrstuvwxyz";
const route = { edgeId, routeId };
const tls = { edgeId: tlsEdgeId };
/** What the engine sends at preview for a value not known yet. */
const unknown = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

const oidc = { ...route, issuer: "https://id.example.com", clientId: "app", clientSecret: "oidc-s3cret-value" };

interface Row {
  kind: ResourceKind;
  inputs: Props;
  property: string;
  reason: RegExp;
  /** An input value that must not appear in the reason. */
  value?: string;
}

const rows: Row[] = [
  // Circuit breaker
  { kind: "HttpsEdgeRouteCircuitBreaker", inputs: { ...route, numBuckets: 129 }, property: "numBuckets", reason: /^numBuckets must be at most 128$/ },
  {
    kind: "HttpsEdgeRouteCircuitBreaker",
    inputs: { ...route, errorThresholdPercentage: 50 },
    property: "errorThresholdPercentage",
    reason: /^errorThresholdPercentage must be between 0 and 1: it is a fraction \(0\.5 trips the circuit at 50% of requests failing\), not a percentage from 0 to 100$/,
  },
  { kind: "HttpsEdgeRouteCircuitBreaker", inputs: { ...route, errorThresholdPercentage: -0.1 }, property: "errorThresholdPercentage", reason: /^errorThresholdPercentage must be between 0 and 1/ },
  // Unsigned 32-bit fields
  { kind: "HttpsEdgeRouteCircuitBreaker", inputs: { ...route, trippedDuration: -1 }, property: "trippedDuration", reason: /^trippedDuration must be at least 0$/ },
  { kind: "HttpsEdgeRouteCircuitBreaker", inputs: { ...route, rollingWindow: 2 ** 32 }, property: "rollingWindow", reason: /^rollingWindow must be at most 4294967295$/ },
  { kind: "HttpsEdgeRouteCircuitBreaker", inputs: { ...route, volumeThreshold: 1.5 }, property: "volumeThreshold", reason: /^volumeThreshold must be a whole number$/ },
  { kind: "HttpsEdgeRouteOidc", inputs: { ...oidc, inactivityTimeout: -5 }, property: "inactivityTimeout", reason: /^inactivityTimeout must be at least 0$/ },
  { kind: "HttpsEdgeRouteOidc", inputs: { ...oidc, maximumDuration: 2 ** 32 }, property: "maximumDuration", reason: /^maximumDuration must be at most 4294967295$/ },
  // TLS termination
  { kind: "TlsEdgeTlsTermination", inputs: { ...tls, terminateAt: "agent" }, property: "terminateAt", reason: /^terminateAt must be one of "edge", "upstream"$/, value: "agent" },
  {
    kind: "TlsEdgeTlsTermination",
    inputs: { ...tls, terminateAt: "upstream", minVersion: "1.2" },
    property: "minVersion",
    reason: /^minVersion must be unset when terminateAt is "upstream": the upstream, not the service, terminates TLS$/,
    value: "1.2",
  },
  { kind: "TlsEdgeTlsTermination", inputs: { ...tls, minVersion: "1.4" }, property: "minVersion", reason: /^minVersion must be one of "1\.0", "1\.1", "1\.2", "1\.3"$/ },
  // Webhook verification
  { kind: "HttpsEdgeRouteWebhookVerification", inputs: { ...route, provider: "gitgud", secret: "whsec" }, property: "provider", reason: /^provider must be one of "aftership", .*"zoom"$/, value: "gitgud" },
  { kind: "HttpsEdgeRouteWebhookVerification", inputs: { ...route, provider: "github" }, property: "secret", reason: /^secret is required for this provider \(only sns needs none\)$/ },
  { kind: "HttpsEdgeRouteWebhookVerification", inputs: { ...route, provider: "stripe", secret: "" }, property: "secret", reason: /^secret is required for this provider/ },
  { kind: "HttpsEdgeRouteWebhookVerification", inputs: { ...route, secret: "whsec" }, property: "provider", reason: /^provider is required$/ },
  // JWT validation
  {
    kind: "HttpsEdgeRouteJwtValidation",
    inputs: { ...route, http: { tokens: [{ type: "jws", method: "header", name: "Authorization" }] } },
    property: "http",
    reason: /^http\.tokens\[0\]\.type must be one of "jwt", "at\+jwt", "it\+jwt"$/,
    value: "jws",
  },
  {
    kind: "HttpsEdgeRouteJwtValidation",
    inputs: { ...route, http: { tokens: [{ type: "jwt", method: "header", name: "a" }, { type: "jwt", method: "query", name: "b" }] } },
    property: "http",
    reason: /^http\.tokens\[1\]\.method must be one of "header", "body"$/,
    value: "query",
  },
  { kind: "HttpsEdgeRouteJwtValidation", inputs: { ...route, http: { tokens: [{ type: "jwt", method: "body" }] } }, property: "http", reason: /^http\.tokens\[0\]\.name must be string$/ },
  { kind: "HttpsEdgeRouteJwtValidation", inputs: { ...route, issuer: { allowList: [{ value: "x" }], allow: [] } }, property: "issuer", reason: /^issuer has unknown field\(s\): allow$/ },
  // User agent filter: entries compile as regular expressions (RE2 syntax)
  { kind: "HttpsEdgeRouteUserAgentFilter", inputs: { ...route, deny: ["curl", "(unclosed"] }, property: "deny", reason: /^deny\[1\] is not a regular expression \(unterminated group\)$/, value: "unclosed" },
  { kind: "HttpsEdgeRouteUserAgentFilter", inputs: { ...route, allow: ["[z-a]gent"] }, property: "allow", reason: /^allow\[0\] is not a regular expression \(range out of order in character class\)$/, value: "z-a" },
  { kind: "HttpsEdgeRouteUserAgentFilter", inputs: { ...route, allow: ["(?<=Mozilla)bot"] }, property: "allow", reason: /^allow\[0\] uses lookaround or a backreference, which the service's RE2 syntax does not support$/, value: "Mozilla" },
  // References: the id form of what they name
  { kind: "TlsEdgeBackend", inputs: { ...tls, backendId: "ipp_2abcdefghijklmnopqrstuvwxyz" }, property: "backendId", reason: /^backendId must be an id beginning with "bkdtg_" or "bkdhr_" or "bkdfo_"$/, value: "ipp_" },
  { kind: "TlsEdgeBackend", inputs: { ...tls }, property: "backendId", reason: /^backendId is required$/ },
  { kind: "TlsEdgeIpRestriction", inputs: { ...tls, ipPolicyIds: ["ipp_1", "bkdhr_1"] }, property: "ipPolicyIds", reason: /^ipPolicyIds\[1\] must be an id beginning with "ipp_"$/, value: "bkdhr_1" },
  { kind: "HttpsEdgeRouteIpRestriction", inputs: { ...route, ipPolicyIds: [] }, property: "ipPolicyIds", reason: /^ipPolicyIds must name at least one IP policy$/ },
  { kind: "HttpsEdgeRouteIpRestriction", inputs: { ...route }, property: "ipPolicyIds", reason: /^ipPolicyIds is required$/ },
  { kind: "HttpsEdgeRouteOidc", inputs: { ...oidc, routeId: edgeId }, property: "routeId", reason: /^routeId must be an id beginning with "edghtsrt_"$/, value: edgeId },
  { kind: "TlsEdgeTlsTermination", inputs: { edgeId }, property: "edgeId", reason: /^edgeId must be an id beginning with "edgtls_"$/, value: edgeId },
  { kind: "HttpsEdgeRouteCircuitBreaker", inputs: { routeId, numBuckets: 1 }, property: "edgeId", reason: /^edgeId is required$/ },
  // OIDC
  { kind: "HttpsEdgeRouteOidc", inputs: { ...oidc, issuer: "id.example.com" }, property: "issuer", reason: /^issuer must be an absolute http\(s\) URL/, value: "id.example.com" },
  { kind: "HttpsEdgeRouteOidc", inputs: { ...oidc, clientSecret: undefined }, property: "clientSecret", reason: /^clientSecret is required$/ },
  // Edges and routes
  { kind: "HttpsEdge", inputs: { hostports: ["www.example.org"] }, property: "hostports", reason: /^hostports\[0\] is not a hostport: expected `<domain>:<port>`/, value: "www.example.org" },
  { kind: "TlsEdge", inputs: { hostports: ["db.example.com:70000"] }, property: "hostports", reason: /^hostports\[0\] is not a hostport/, value: "db.example.com" },
  { kind: "HttpsEdgeRoute", inputs: { edgeId, matchType: "path_prefix", match: "api" }, property: "match", reason: /^match must be a path beginning with `\/`$/ },
  { kind: "HttpsEdgeRoute", inputs: { edgeId, matchType: "regex", match: "/" }, property: "matchType", reason: /^matchType must be one of "exact_path", "path_prefix"$/, value: "regex" },
  { kind: "HttpsEdgeRoute", inputs: { edgeId: routeId, matchType: "exact_path", match: "/" }, property: "edgeId", reason: /^edgeId must be an id beginning with "edghts_"$/ },
];

describe("check", () => {
  it.each(rows.map((r) => [`${r.kind} ${r.property}: ${r.reason.source.slice(1, 60)}`, r] as const))("%s", async (_name, row) => {
    const { failures } = await provider.handler(row.kind).check({}, row.inputs);
    expect(failures).toEqual([{ path: expect.stringMatching(new RegExp(`^${row.property}\\b`)), message: expect.stringMatching(row.reason) }]);
    expect(failures[0]!.message.startsWith(failures[0]!.path)).toBe(true);
    if (row.value !== undefined) expect(failures[0]!.message).not.toContain(row.value);
  });

  it("accepts what the service accepts", async () => {
    const valid: [ResourceKind, Props][] = [
      ["HttpsEdgeRouteCircuitBreaker", { ...route, numBuckets: 128, errorThresholdPercentage: 1, trippedDuration: 0, rollingWindow: 2 ** 32 - 1 }],
      ["HttpsEdgeRouteCircuitBreaker", { ...route, errorThresholdPercentage: 0 }],
      ["HttpsEdgeRouteWebhookVerification", { ...route, provider: "sns" }],
      ["HttpsEdgeRouteWebhookVerification", { ...route, provider: "github", secret: "whsec" }],
      ["TlsEdgeTlsTermination", { ...tls, terminateAt: "upstream" }],
      ["TlsEdgeTlsTermination", { ...tls, minVersion: "1.3" }],
      ["HttpsEdgeRouteUserAgentFilter", { ...route, allow: ["(?i)mozilla/\\d+", "^curl/[0-9.]+$"], deny: ["\\bbot\\b"] }],
      ["HttpsEdgeRouteJwtValidation", { ...route, http: { tokens: [{ type: "it+jwt", method: "body", name: "id_token" }] } }],
      ["TlsEdgeBackend", { ...tls, backendId: "bkdfo_2abcdefghijklmnopqrstuvwxyz" }],
      ["HttpsEdgeRouteIpRestriction", { ...route, ipPolicyIds: ["ipp_2abcdefghijklmnopqrstuvwxyz"] }],
      ["HttpsEdge", { hostports: ["*.example.com:443", "app.ngrok.app:443"] }],
    ];
    for (const [kind, inputs] of valid) expect({ kind, inputs, failures: (await provider.handler(kind).check({}, inputs)).failures }).toEqual({ kind, inputs, failures: [] });
  });

  it("leaves values not known at preview to `up`", async () => {
    const cases: [ResourceKind, Props][] = [
      // The provider may turn out to be sns: the secret cannot be judged yet.
      ["HttpsEdgeRouteWebhookVerification", { ...route, provider: unknown }],
      ["TlsEdgeTlsTermination", { ...tls, terminateAt: unknown, minVersion: "1.2" }],
      ["HttpsEdgeRouteOidc", { ...oidc, edgeId: unknown, routeId: unknown }],
      ["HttpsEdgeRouteIpRestriction", { ...route, ipPolicyIds: [unknown] }],
    ];
    for (const [kind, inputs] of cases) expect({ kind, failures: (await provider.handler(kind).check({}, inputs)).failures }).toEqual({ kind, failures: [] });
  });

  it("never puts a secret in a failure, whatever else is wrong", async () => {
    const secret = "do-not-print-this-s3cret";
    const checks = await Promise.all([
      provider.handler("HttpsEdgeRouteOidc").check({}, { ...oidc, clientSecret: secret, issuer: "nope", scopes: "openid", extra: 1 }),
      provider.handler("HttpsEdgeRouteOidc").check({}, { ...oidc, clientSecret: 42 }),
      provider.handler("HttpsEdgeRouteWebhookVerification").check({}, { ...route, provider: secret, secret }),
      provider.handler("HttpsEdgeRouteWebhookVerification").check({}, { routeId: secret, provider: "github", secret }),
    ]);
    const reasons = checks.flatMap((c) => c.failures.map((f) => f.message));
    expect(reasons.length).toBeGreaterThanOrEqual(5);
    for (const reason of reasons) expect(reason).not.toContain(secret);
    expect(checks[1]!.failures).toEqual([{ path: "clientSecret", message: "clientSecret must be string" }]);
  });
});
