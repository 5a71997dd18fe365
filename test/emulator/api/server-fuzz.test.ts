// Random requests against every endpoint of the running emulator: whatever the body, query
// or id, the answer is never a 5xx, errors carry the service's error body, and the server
// keeps serving. Fixtures give the ids real values, so bodies reach the validators behind
// the lookups, not only the 404 path.
import fc from "fast-check";
import { startEmulator, type Emulator } from "../../../emulator";
import { call } from "../../support/api";

let emu: Emulator;
const fixtures: Record<string, string> = {};
let generation = 0;

/** Sends `body` as raw text, whatever it holds. */
const send = (method: string, path: string, body?: string) => call(emu, method, path, undefined, { rawBody: body });

async function create(path: string, body: unknown): Promise<string> {
  const r = await send("POST", path, JSON.stringify(body));
  if (r.status !== 201) throw new Error(`fixture ${path}: ${r.status} ${r.text}`);
  return (JSON.parse(r.text) as { id: string }).id;
}

/** (Re)creates one resource of each kind, so that deletes and stops do not starve the run. */
async function makeFixtures(): Promise<void> {
  fixtures.cr = await create("/credentials", { acl: [] });
  fixtures.rd = await create("/reserved_domains", { domain: `fuzz${++generation}.example.com` });
  fixtures.agin = await create("/agent_ingresses", { domain: `ingress${generation}.example.com` });
  fixtures.bkdhr = await create("/backends/http_response", { body: "hi", status_code: 200 });
  fixtures.bkdtg = await create("/backends/tunnel_group", { labels: { env: "fuzz" } });
  fixtures.bkdfo = await create("/backends/failover", { backends: [fixtures.bkdhr] });
  fixtures.ipp = await create("/ip_policies", {});
  fixtures.ipr = await create("/ip_policy_rules", { cidr: "10.0.0.0/8", ip_policy_id: fixtures.ipp, action: "allow" });
  fixtures.ipx = await create("/ip_restrictions", { type: "api", ip_policy_ids: [fixtures.ipp] });
  fixtures.ed = await create("/event_destinations", { target: { datadog: { api_key: "k" } } });
  fixtures.esb = await create("/event_subscriptions", { sources: [{ type: "ip_policy_created.v0" }], destination_ids: [fixtures.ed] });
  fixtures.edghts = await create("/edges/https", {});
  fixtures.edghtsrt = await create(`/edges/https/${fixtures.edghts}/routes`, { match_type: "path_prefix", match: "/" });
  fixtures.edgtls = await create("/edges/tls", {});
  fixtures.ts = emu.connectAgent({
    credentialId: fixtures.cr,
    os: "linux",
    agentVersion: "3.1.0",
    tunnels: [{ proto: "https", forwardsTo: "http://localhost:80" }],
  }).id;
}

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  await makeFixtures();
});
afterAll(() => emu.close());

const COLLECTIONS: Array<[string, string]> = [
  ["/credentials", "cr"],
  ["/ssh_credentials", "sshcr"],
  ["/reserved_domains", "rd"],
  ["/agent_ingresses", "agin"],
  ["/backends/http_response", "bkdhr"],
  ["/backends/failover", "bkdfo"],
  ["/backends/tunnel_group", "bkdtg"],
  ["/ip_policies", "ipp"],
  ["/ip_policy_rules", "ipr"],
  ["/ip_restrictions", "ipx"],
  ["/certificate_authorities", "ca"],
  ["/tls_certificates", "cert"],
  ["/event_destinations", "ed"],
  ["/event_subscriptions", "esb"],
  ["/edges/https", "edghts"],
  ["/edges/tls", "edgtls"],
];
const ROUTE_MODULES = ["oidc", "webhook_verification", "circuit_breaker", "jwt_validation", "ip_restriction", "user_agent_filter"];
const TLS_MODULES = ["ip_restriction", "backend", "tls_termination"];

/** Endpoint templates; `{prefix}` is replaced by an id of that kind. */
const ENDPOINTS: Array<[string, string]> = [
  ...COLLECTIONS.flatMap(([path, prefix]): Array<[string, string]> => [
    ["POST", path],
    ["GET", path],
    ["GET", `${path}/{${prefix}}`],
    ["PATCH", `${path}/{${prefix}}`],
    ["DELETE", `${path}/{${prefix}}`],
  ]),
  ["POST", "/edges/https/{edghts}/routes"],
  ["GET", "/edges/https/{edghts}/routes/{edghtsrt}"],
  ["PATCH", "/edges/https/{edghts}/routes/{edghtsrt}"],
  ["DELETE", "/edges/https/{edghts}/routes/{edghtsrt}"],
  ...ROUTE_MODULES.flatMap((m) =>
    ["PUT", "GET", "DELETE"].map((method): [string, string] => [method, `/edges/https/{edghts}/routes/{edghtsrt}/${m}`]),
  ),
  ...TLS_MODULES.flatMap((m) => ["PUT", "GET", "DELETE"].map((method): [string, string] => [method, `/edges/tls/{edgtls}/${m}`])),
  ["POST", "/event_subscriptions/{esb}/sources"],
  ["GET", "/event_subscriptions/{esb}/sources"],
  ["GET", "/event_subscriptions/{esb}/sources/{type}"],
  ["PATCH", "/event_subscriptions/{esb}/sources/{type}"],
  ["DELETE", "/event_subscriptions/{esb}/sources/{type}"],
  ["GET", "/tunnel_sessions"],
  ["GET", "/tunnel_sessions/{ts}"],
  ["POST", "/tunnel_sessions/{ts}/restart"],
  ["POST", "/tunnel_sessions/{ts}/stop"],
  ["POST", "/tunnel_sessions/{ts}/update"],
  ["GET", "/tunnels"],
  ["GET", "/tunnels/{tn}"],
  ["GET", "/endpoints"],
  ["GET", "/endpoints/{ep}"],
];

// Field names and values the endpoints know, so random bodies get past the unknown-field check.
const FIELDS = [
  "description", "metadata", "acl", "owner_id", "public_key", "domain", "region", "certificate_id",
  "certificate_management_policy", "authority", "private_key_type", "body", "headers", "status_code", "backends",
  "labels", "enforced", "type", "ip_policy_ids", "ca_pem", "certificate_pem", "private_key_pem", "format", "target",
  "datadog", "sources", "destination_ids", "hostports", "match_type", "match", "enabled", "issuer", "client_id",
  "client_secret", "provider", "secret", "num_buckets", "error_threshold_percentage", "backend_id", "terminate_at",
  "min_version", "allow", "deny", "http", "tokens", "jws", "id", "http_endpoint_configuration_id", "cidr", "ip_policy_id",
  "action",
];
const VALUES = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom("", "x", "*", "bind:*.example.com", "api", "edge", "upstream", "1.2", "sns", "github", "json",
    "letsencrypt", "rsa", "ecdsa", "us", "path_prefix", "/", "example.com", "ip_policy_created.v0", "https://x.example",
    "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n", "10.0.0.0/8", "2001:db8::/129", 0, 1, 0.5, 129, -1, 2 ** 40, true, null),
  fc.constantFrom(...["cr", "ipp", "ed", "bkdhr", "bkdtg", "rd"]).map((k) => [fixtures[k]]),
  fc.constantFrom(...["cr", "ipp", "ed", "bkdhr", "bkdtg"]).map((k) => fixtures[k]),
);
const OBJECT_BODY = fc.dictionary(fc.constantFrom(...FIELDS), VALUES, { maxKeys: 6 });
const BODY = fc.oneof(
  { weight: 6, arbitrary: OBJECT_BODY.map((o) => JSON.stringify(o)) },
  { weight: 2, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) }, // usually not JSON at all
  { weight: 1, arbitrary: fc.constant(undefined) },
);
const ID = (prefix: string) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(prefix) }, // resolved to the fixture (or the type) below
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
    { weight: 1, arbitrary: fc.constant(`${prefix}_000000000000000000000000000`) },
  );
const QUERY = fc.oneof(
  fc.constant(""),
  fc.record({ limit: fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -5, max: 200 }).map(String)), before_id: fc.string({ maxLength: 12 }) }, { requiredKeys: [] })
    .map((q) => `?${new URLSearchParams(q as Record<string, string>).toString()}`),
);

function fill(template: string, choices: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_m, key: string) => {
    const chosen = choices[key] ?? key;
    const value = chosen === key ? (key === "type" ? "ip_policy_created.v0" : fixtures[key] ?? `${key}_missing`) : chosen;
    return encodeURIComponent(value);
  });
}

const request = fc.constantFrom(...ENDPOINTS).chain(([method, template]) => {
  const keys = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return fc.record({
    method: fc.constant(method),
    template: fc.constant(template),
    ids: fc.tuple(...keys.map((k) => ID(k))).map((vals) => Object.fromEntries(keys.map((k, i) => [k, vals[i]!]))),
    body: method === "GET" ? fc.constant(undefined) : BODY,
    query: method === "GET" ? QUERY : fc.constant(""),
  });
});

it("never answers 5xx and always answers errors with the service's error body", async () => {
  const statuses = new Map<number, number>();
  await fc.assert(
    fc.asyncProperty(request, async (r) => {
      const path = fill(r.template, r.ids) + r.query;
      const res = await send(r.method, path, r.body);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      expect(res.status).toBeLessThan(500);
      if (res.status >= 400) {
        const err = JSON.parse(res.text) as { status_code: unknown; msg: unknown; details: Record<string, unknown> };
        expect(err.status_code).toBe(res.status);
        expect(typeof err.msg).toBe("string");
        expect(err.details.operation_id).toMatch(/^op_/);
      } else if (res.status === 204) {
        expect(res.text).toBe("");
        // A fixture was deleted, or the agent stopped or restarted (new session id).
        if ((r.method === "DELETE" && r.template.endsWith("}")) || r.method === "POST") await makeFixtures();
      } else {
        expect(() => JSON.parse(res.text) as unknown).not.toThrow();
      }
    }),
    { numRuns: 2000 },
  );
  // The emulator is still up and answering, and the run reached more than the error paths.
  expect((await send("GET", "/credentials")).status).toBe(200);
  expect([...statuses.keys()].some((s) => s >= 200 && s < 300)).toBe(true);
  expect([...statuses.keys()]).toContain(400);
});
