// Edge module validators: the stored/response shape of each module and every error the
// emulator answers a bad PUT body with.
import fc from "fast-check";
import {
  moduleFor,
  moduleValidators,
  ModuleRefResolvers,
  Ref,
  validateBackend,
  validateCircuitBreaker,
  validateIpRestriction,
  validateJwtValidation,
  validateOidc,
  validateTlsTermination,
  validateUserAgentFilter,
  validateWebhookVerification,
  WEBHOOK_PROVIDERS,
} from "../../../emulator/api/edges/modules";
import { expectFailure, onlyBadRequest } from "../shared/helpers";

const BASE = "http://127.0.0.1:9999";
const policies = new Map<string, Ref>([
  ["ipp_one", { id: "ipp_one", uri: `${BASE}/ip_policies/ipp_one` }],
  ["ipp_two", { id: "ipp_two", uri: `${BASE}/ip_policies/ipp_two` }],
]);
const backends = new Map<string, Ref>([["bkdtg_one", { id: "bkdtg_one", uri: `${BASE}/backends/tunnel_group/bkdtg_one` }]]);
const refs: ModuleRefResolvers = { ipPolicy: (id) => policies.get(id), backend: (id) => backends.get(id) };

describe("common rules", () => {
  it.each(Object.entries(moduleValidators))("%s rejects a body that is not an object with ERR_NGROK_215", (_name, def) => {
    for (const body of [null, [], "x", 3, true]) expectFailure(() => def.validate(body, refs), 400, "ERR_NGROK_215");
  });

  it.each(Object.entries(moduleValidators))("%s rejects an unknown field with ERR_NGROK_214 naming it", (_name, def) => {
    expectFailure(() => def.validate({ enabled: true, bogus_field: 1 }, refs), 400, "ERR_NGROK_214", /bogus_field/);
  });

  it.each(Object.entries(moduleValidators))("%s rejects a non-boolean enabled with ERR_NGROK_215", (_name, def) => {
    expectFailure(() => def.validate({ enabled: "yes" }, refs), 400, "ERR_NGROK_215", /enabled/);
  });

  it("maps modules to the edge kinds that mount them", () => {
    expect(moduleFor("https_route", "oidc")).toBe(moduleValidators.oidc);
    expect(moduleFor("tls_edge", "ip_restriction")).toBe(moduleValidators.ip_restriction);
    expect(moduleFor("https_route", "ip_restriction")).toBe(moduleValidators.ip_restriction);
    expect(moduleFor("tls_edge", "oidc")).toBeUndefined();
    expect(moduleFor("https_route", "backend")).toBeUndefined();
    expect(moduleFor("https_route", "toString")).toBeUndefined();
    expect(Object.keys(moduleValidators).sort()).toEqual(
      ["backend", "circuit_breaker", "ip_restriction", "jwt_validation", "oidc", "tls_termination", "user_agent_filter", "webhook_verification"],
    );
  });
});

describe("oidc", () => {
  const ok = { issuer: "https://accounts.google.com", client_id: "cid", client_secret: "s3cr3t" };

  it("fills defaults and echoes the secret", () => {
    expect(validateOidc(ok)).toEqual({
      enabled: true,
      options_passthrough: false,
      cookie_prefix: "",
      inactivity_timeout: 0,
      maximum_duration: 0,
      issuer: "https://accounts.google.com",
      client_id: "cid",
      client_secret: "s3cr3t",
      scopes: [],
    });
  });

  it("keeps every field it is given; null means unset", () => {
    const full = { ...ok, enabled: false, options_passthrough: true, cookie_prefix: "APP-", inactivity_timeout: 300, maximum_duration: 86400, scopes: ["openid", "email"] };
    expect(validateOidc(full)).toEqual(full);
    expect(validateOidc({ ...ok, enabled: null, scopes: null })).toMatchObject({ enabled: true, scopes: [] });
  });

  it.each([
    ["client_id", "ERR_NGROK_385"],
    ["client_secret", "ERR_NGROK_386"],
    ["issuer", "ERR_NGROK_387"],
  ])("a missing or empty %s is %s", (field, code) => {
    const without: Record<string, unknown> = { ...ok };
    delete without[field];
    expectFailure(() => validateOidc(without), 400, code, field);
    expectFailure(() => validateOidc({ ...ok, [field]: "" }), 400, code, field);
  });

  it("rejects an issuer that is not an http(s) URL, and bad number types", () => {
    expectFailure(() => validateOidc({ ...ok, issuer: "accounts.google.com" }), 400, "ERR_NGROK_215", /issuer/);
    expectFailure(() => validateOidc({ ...ok, inactivity_timeout: -1 }), 400, "ERR_NGROK_215", /inactivity_timeout/);
    expectFailure(() => validateOidc({ ...ok, maximum_duration: 1.5 }), 400, "ERR_NGROK_215", /maximum_duration/);
    expectFailure(() => validateOidc({ ...ok, maximum_duration: 2 ** 32 }), 400, "ERR_NGROK_215", /maximum_duration/);
    expectFailure(() => validateOidc({ ...ok, scopes: ["openid", 3] }), 400, "ERR_NGROK_215", /scopes\[1\]/);
  });
});

describe("webhook_verification", () => {
  it("accepts every known provider with a secret and echoes the secret", () => {
    for (const provider of WEBHOOK_PROVIDERS) {
      expect(validateWebhookVerification({ provider, secret: "whsec_123" })).toEqual({ enabled: true, provider, secret: "whsec_123" });
    }
    expect(WEBHOOK_PROVIDERS).toContain("github");
    expect(WEBHOOK_PROVIDERS).toHaveLength(69); // the providers ngrok's official clients list
  });

  it("needs no secret for sns only", () => {
    expect(validateWebhookVerification({ provider: "sns", enabled: false })).toEqual({ enabled: false, provider: "sns", secret: "" });
    expectFailure(() => validateWebhookVerification({ provider: "github" }), 400, "ERR_NGROK_215", /secret/, /github/);
    expectFailure(() => validateWebhookVerification({ provider: "slack", secret: "" }), 400, "ERR_NGROK_215", /secret/);
  });

  it("a missing provider is ERR_NGROK_363, an unsupported one ERR_NGROK_364", () => {
    expectFailure(() => validateWebhookVerification({ secret: "x" }), 400, "ERR_NGROK_363", /provider/);
    expectFailure(() => validateWebhookVerification({ provider: "", secret: "x" }), 400, "ERR_NGROK_363");
    expectFailure(() => validateWebhookVerification({ provider: "myspace", secret: "x" }), 400, "ERR_NGROK_364", /myspace/);
    expectFailure(() => validateWebhookVerification({ provider: "GitHub", secret: "x" }), 400, "ERR_NGROK_364");
    expectFailure(() => validateWebhookVerification({ provider: 7, secret: "x" }), 400, "ERR_NGROK_215", /provider/);
  });
});

describe("circuit_breaker", () => {
  it("stores the configuration with defaults", () => {
    expect(validateCircuitBreaker({})).toEqual({
      enabled: true,
      tripped_duration: 0,
      rolling_window: 0,
      num_buckets: 0,
      volume_threshold: 0,
      error_threshold_percentage: 0,
    });
    const full = { enabled: true, tripped_duration: 10, rolling_window: 10, num_buckets: 128, volume_threshold: 20, error_threshold_percentage: 0.5 };
    expect(validateCircuitBreaker(full)).toEqual(full);
    expect(validateCircuitBreaker({ error_threshold_percentage: 1 }).error_threshold_percentage).toBe(1);
  });

  it("an error threshold outside 0..1 or more than 128 buckets is ERR_NGROK_361", () => {
    expectFailure(() => validateCircuitBreaker({ error_threshold_percentage: 50 }), 400, "ERR_NGROK_361", /error_threshold_percentage/);
    expectFailure(() => validateCircuitBreaker({ error_threshold_percentage: -0.1 }), 400, "ERR_NGROK_361");
    expectFailure(() => validateCircuitBreaker({ error_threshold_percentage: 1.0001 }), 400, "ERR_NGROK_361");
    expectFailure(() => validateCircuitBreaker({ num_buckets: 129 }), 400, "ERR_NGROK_361", /num_buckets/);
  });

  it("rejects negative, fractional and non-numeric durations with ERR_NGROK_215", () => {
    expectFailure(() => validateCircuitBreaker({ tripped_duration: -5 }), 400, "ERR_NGROK_215", /tripped_duration/);
    expectFailure(() => validateCircuitBreaker({ rolling_window: 2.5 }), 400, "ERR_NGROK_215", /rolling_window/);
    expectFailure(() => validateCircuitBreaker({ volume_threshold: "20" }), 400, "ERR_NGROK_215", /volume_threshold/);
    expectFailure(() => validateCircuitBreaker({ error_threshold_percentage: "0.5" }), 400, "ERR_NGROK_215");
  });
});

describe("jwt_validation", () => {
  const full = {
    enabled: true,
    issuer: { allow_list: [{ value: "https://issuer.example.com" }] },
    audience: { allow_list: [{ value: "api://default" }] },
    http: {
      tokens: [
        { type: "jwt", method: "header", name: "Authorization", prefix: "Bearer " },
        { type: "at+jwt", method: "body", name: "access_token", prefix: "" },
      ],
    },
    jws: { allowed_algorithms: ["RS256", "ES256"], keys: { sources: { additional_jkus: ["https://issuer.example.com/.well-known/jwks.json"] } } },
  };

  it("round-trips the nested structure", () => {
    expect(validateJwtValidation(full)).toEqual(full);
  });

  it("fills the nested structure with empty lists when absent", () => {
    expect(validateJwtValidation({ http: { tokens: [{ type: "it+jwt", method: "header", name: "X-Token" }] } })).toEqual({
      enabled: true,
      issuer: { allow_list: [] },
      audience: { allow_list: [] },
      http: { tokens: [{ type: "it+jwt", method: "header", name: "X-Token", prefix: "" }] },
      jws: { allowed_algorithms: [], keys: { sources: { additional_jkus: [] } } },
    });
  });

  it("rejects bad token types and methods with ERR_NGROK_215 naming the path", () => {
    const token = (t: Record<string, unknown>) => ({ http: { tokens: [{ type: "jwt", method: "header", name: "A", ...t }] } });
    expectFailure(() => validateJwtValidation(token({ type: "jwe" })), 400, "ERR_NGROK_215", /http\.tokens\[0\]\.type/);
    expectFailure(() => validateJwtValidation(token({ method: "query" })), 400, "ERR_NGROK_215", /http\.tokens\[0\]\.method/);
    expectFailure(() => validateJwtValidation(token({ name: "" })), 400, "ERR_NGROK_215", /name/);
    expectFailure(() => validateJwtValidation({ http: { tokens: [{ method: "header", name: "A" }] } }), 400, "ERR_NGROK_215", /type/);
  });

  it("rejects unknown nested fields with ERR_NGROK_214 and bad algorithms or JWKS URLs with ERR_NGROK_215", () => {
    expectFailure(() => validateJwtValidation({ issuer: { allow_list: [{ value: "x", extra: 1 }] } }), 400, "ERR_NGROK_214", /issuer\.allow_list\[0\]\.extra/);
    expectFailure(() => validateJwtValidation({ jws: { keys: { sources: { jku: [] } } } }), 400, "ERR_NGROK_214", /jws\.keys\.sources\.jku/);
    expectFailure(() => validateJwtValidation({ jws: { allowed_algorithms: ["none"] } }), 400, "ERR_NGROK_215", /allowed_algorithms/);
    expectFailure(() => validateJwtValidation({ jws: { keys: { sources: { additional_jkus: ["not a url"] } } } }), 400, "ERR_NGROK_215", /additional_jkus\[0\]/);
    expectFailure(() => validateJwtValidation({ audience: { allow_list: ["api"] } }), 400, "ERR_NGROK_215", /audience\.allow_list\[0\]/);
  });
});

describe("ip_restriction", () => {
  it("resolves ip_policy_ids to ip_policies refs", () => {
    expect(validateIpRestriction({ ip_policy_ids: ["ipp_two", "ipp_one", "ipp_two"] }, refs.ipPolicy)).toEqual({
      enabled: true,
      ip_policies: [policies.get("ipp_two"), policies.get("ipp_one")],
    });
    expect(moduleValidators.ip_restriction!.validate({ enabled: false, ip_policy_ids: ["ipp_one"] }, refs)).toEqual({
      enabled: false,
      ip_policies: [policies.get("ipp_one")],
    });
  });

  it("a missing policy is ERR_NGROK_380 naming it; no policies or wrong types are ERR_NGROK_215", () => {
    expectFailure(() => validateIpRestriction({ ip_policy_ids: ["ipp_one", "ipp_missing"] }, refs.ipPolicy), 400, "ERR_NGROK_380", /ipp_missing/);
    expectFailure(() => validateIpRestriction({}, refs.ipPolicy), 400, "ERR_NGROK_215", /ip_policy_ids/);
    expectFailure(() => validateIpRestriction({ ip_policy_ids: [] }, refs.ipPolicy), 400, "ERR_NGROK_215", /ip_policy_ids/);
    expectFailure(() => validateIpRestriction({ ip_policy_ids: "ipp_one" }, refs.ipPolicy), 400, "ERR_NGROK_215", /ip_policy_ids/);
    // The response field is not accepted as input.
    expectFailure(() => validateIpRestriction({ ip_policies: [] }, refs.ipPolicy), 400, "ERR_NGROK_214", /ip_policies/);
  });
});

describe("user_agent_filter", () => {
  it("accepts regular expressions, including RE2's leading inline flags", () => {
    const body = { allow: ["(?i)curl/.*", "^Mozilla/5\\.0 .*$"], deny: ["bot|crawler|spider", "\\d+"] };
    expect(validateUserAgentFilter(body)).toEqual({ enabled: true, ...body });
    expect(validateUserAgentFilter({})).toEqual({ enabled: true, allow: [], deny: [] });
  });

  it.each([
    ["allow", "(unclosed"],
    ["deny", "[a-"],
    ["allow", "*bot"],
    ["deny", "foo(?=bar)"],
    ["allow", "(a)\\1"],
  ])("rejects %s entry %j with ERR_NGROK_215", (field, pattern) => {
    expectFailure(() => validateUserAgentFilter({ [field]: ["ok", pattern] }), 400, "ERR_NGROK_215", `${field}[1]`);
  });
});

describe("backend (TLS edge)", () => {
  it("resolves backend_id to a backend ref", () => {
    expect(validateBackend({ backend_id: "bkdtg_one" }, refs.backend)).toEqual({ enabled: true, backend: backends.get("bkdtg_one") });
  });
  it("a missing backend is ERR_NGROK_380; no backend_id is ERR_NGROK_215", () => {
    expectFailure(() => validateBackend({ backend_id: "bkdhr_nope" }, refs.backend), 400, "ERR_NGROK_380", /bkdhr_nope/);
    expectFailure(() => validateBackend({ enabled: true }, refs.backend), 400, "ERR_NGROK_215", /backend_id/);
    expectFailure(() => validateBackend({ backend_id: 12 }, refs.backend), 400, "ERR_NGROK_215", /backend_id/);
  });
});

describe("tls_termination (TLS edge)", () => {
  it("accepts edge termination with each TLS version, and upstream without one", () => {
    for (const v of ["1.0", "1.1", "1.2", "1.3"]) {
      expect(validateTlsTermination({ terminate_at: "edge", min_version: v })).toEqual({ enabled: true, terminate_at: "edge", min_version: v });
    }
    expect(validateTlsTermination({ terminate_at: "upstream" })).toEqual({ enabled: true, terminate_at: "upstream", min_version: null });
    expect(validateTlsTermination({ terminate_at: "upstream", min_version: null })).toEqual({ enabled: true, terminate_at: "upstream", min_version: null });
    expect(validateTlsTermination({})).toEqual({ enabled: true, terminate_at: "edge", min_version: null });
  });

  it("a bad terminate_at is ERR_NGROK_224", () => {
    expectFailure(() => validateTlsTermination({ terminate_at: "agent" }), 400, "ERR_NGROK_224", /terminate_at/, /agent/);
    expectFailure(() => validateTlsTermination({ terminate_at: "" }), 400, "ERR_NGROK_224");
  });

  it("min_version with upstream, or an unknown version, is ERR_NGROK_215", () => {
    expectFailure(() => validateTlsTermination({ terminate_at: "upstream", min_version: "1.2" }), 400, "ERR_NGROK_215", /min_version/, /upstream/);
    expectFailure(() => validateTlsTermination({ terminate_at: "edge", min_version: "1.4" }), 400, "ERR_NGROK_215", /min_version/);
    expectFailure(() => validateTlsTermination({ min_version: 1.2 }), 400, "ERR_NGROK_215", /min_version/);
  });
});

describe("random bodies", () => {
  // Bodies built from each module's own field names reach deeper than arbitrary JSON.
  const fieldNames = [
    "enabled", "options_passthrough", "cookie_prefix", "inactivity_timeout", "maximum_duration", "issuer", "client_id",
    "client_secret", "scopes", "provider", "secret", "tripped_duration", "rolling_window", "num_buckets",
    "volume_threshold", "error_threshold_percentage", "audience", "http", "jws", "ip_policy_ids", "allow", "deny",
    "backend_id", "terminate_at", "min_version", "allow_list", "value", "tokens", "type", "method", "name", "prefix",
    "allowed_algorithms", "keys", "sources", "additional_jkus",
  ];
  const value = fc.letrec((tie) => ({
    v: fc.oneof(
      { depthSize: "small" },
      fc.jsonValue({ maxDepth: 1 }),
      fc.constantFrom("edge", "upstream", "1.2", "sns", "github", "ipp_one", "bkdtg_one", "jwt", "header", "https://x.example"),
      fc.array(tie("v"), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom(...fieldNames), tie("v"), { maxKeys: 4 }),
    ),
  })).v;
  const body = fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 6 }));

  it.each(Object.keys(moduleValidators))("%s never throws anything but a 400 ApiFailure", (name) => {
    const def = moduleValidators[name]!;
    fc.assert(fc.property(body, (b) => onlyBadRequest(() => def.validate(b, refs))), { numRuns: 400 });
  });
});
