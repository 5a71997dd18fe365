/**
 * Proves examples/cloud-endpoint's traffic policy: an allowed address gets through, another is
 * denied, the rate limit answers 429 after its capacity, and a JWT without the right claims is
 * refused. The values (ranges, capacity, issuer, audience, key set URL, internal endpoints) are
 * read from the policy itself, so the test follows the policy when it changes.
 */
import { BlockList, isIPv6 } from "node:net";
import { FakeClock, policyFromInput, policyTester, type PolicyRequest, type PolicyTester, type UpstreamRequest, type WireAction } from "../../../emulator";
import { appPolicy, requiredScope } from "../../../examples/cloud-endpoint/policy";
import { toWirePolicy } from "../../../sdk/policy";
import { rsaKey, signJwt } from "./support";

// The example's typed policy, as ngrok documents it: the form the gateway runs.
const policy = toWirePolicy(appPolicy({ rateLimit: 5, oidcClientId: "web-app", oidcClientSecret: "test-only-secret" }));
const wire = policyFromInput(policy);
const rules = wire.on_http_request ?? [];
const actions = rules.flatMap((r) => r.actions);
function config(type: string): Record<string, unknown> {
  const found = actions.find((a: WireAction) => a.type === type);
  if (found === undefined) throw new Error(`the policy has no ${type} action`);
  return found.config ?? {};
}
const list = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

const ipConfig = config("restrict-ips") as { allow: string[] };
const rateConfig = config("rate-limit") as { capacity: number };
const jwtConfig = config("jwt-validation") as {
  issuer: { allow_list: Array<{ value: string }> };
  audience: { allow_list: Array<{ value: string }> };
  jws: { keys: { sources: { additional_jkus: string[] } | Array<{ additional_jkus: string[] }> } | Array<{ sources: { additional_jkus: string[] } }> };
};
const ISSUER = jwtConfig.issuer.allow_list[0]!.value;
const AUDIENCE = jwtConfig.audience.allow_list[0]!.value;
const JKU = list(jwtConfig.jws.keys).flatMap((k) => list(k.sources)).flatMap((s) => s.additional_jkus)[0]!;
const apiRule = rules.find((r) => r.actions.some((a) => a.type === "jwt-validation"))!;
const API_PATH = `${(/startsWith\(['"]([^'"]+)['"]\)/.exec((apiRule.expressions ?? []).join(" "))?.[1] ?? "/api").replace(/\/?$/, "/")}items`;
const TARGETS = actions.filter((a) => a.type === "forward-internal").map((a) => String(a.config?.["url"]));

/** The first address of a CIDR: one the policy allows. */
function addressIn(cidr: string): string {
  const [addr, bits] = cidr.split("/");
  if (bits === undefined) return addr!;
  if (isIPv6(addr!)) return addr!.replace(/::$/, "::1");
  const n = addr!.split(".").reduce((acc, o) => acc * 256 + Number(o), 0) + 1;
  return [24, 16, 8, 0].map((s) => (n >>> s) & 255).join(".");
}
const allowed = new BlockList();
for (const c of ipConfig.allow) {
  const [addr, bits] = c.split("/");
  const type = isIPv6(addr!) ? "ipv6" : "ipv4";
  if (bits === undefined) allowed.addAddress(addr!, type);
  else allowed.addSubnet(addr!, Number(bits), type);
}
const ALLOWED_IP = addressIn(ipConfig.allow[0]!);
const DENIED_IP = ["198.51.100.23", "192.0.2.200", "100.64.0.1"].find((ip) => !allowed.check(ip, "ipv4"))!;

const key = rsaKey("example-key");
const otherKey = rsaKey("example-key");
let clock: FakeClock;
let tester: PolicyTester;

beforeEach(() => {
  clock = new FakeClock();
  // The services behind the internal endpoints: they answer where the request went.
  const service = (url: string) => (req: UpstreamRequest) => ({ status: 200, body: `${url} ${new URL(req.url).pathname}` });
  tester = policyTester(policy, {
    endpoint: { url: "https://app.example.com" },
    clock,
    jwks: { [JKU]: key.jwks },
    endpoints: Object.fromEntries(TARGETS.map((t) => [t, service(t)])),
  });
});

const claims = (over: Record<string, unknown> = {}) => ({ iss: ISSUER, aud: AUDIENCE, sub: "ci", scope: `openid ${requiredScope}`, exp: clock.now() / 1000 + 600, ...over });
const api = (ip: string, token?: string): PolicyRequest => ({ url: `https://app.example.com${API_PATH}`, clientIp: ip, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } });

it("an allowed address with a valid token reaches the app's pool, and so does a signed-in user", async () => {
  const apiAnswer = await tester.run(api(ALLOWED_IP, signJwt(key, claims())));
  const web = await tester.run({ url: "https://app.example.com/", clientIp: ALLOWED_IP, identity: { email: "dev@example.com" } });
  expect([apiAnswer.status, apiAnswer.body]).toEqual([200, `${TARGETS[0]} ${API_PATH}`]);
  expect([web.status, web.body]).toEqual([200, `${TARGETS[0]} /`]);
});

it("another address is denied, even with a valid token", async () => {
  const r = await tester.run(api(DENIED_IP, signJwt(key, claims())));
  expect(r.status).toBe(403);
  expect(r.actions.map((a) => a.type)).toEqual(["restrict-ips"]);
});

it(`the rate limit answers 429 after its capacity (${rateConfig.capacity}) in a window, and lets the client in again after it`, async () => {
  const token = signJwt(key, claims());
  const statuses = new Map<number, number>();
  for (let i = 0; i < rateConfig.capacity; i++) {
    const s = (await tester.run(api(ALLOWED_IP, token))).status;
    statuses.set(s, (statuses.get(s) ?? 0) + 1);
  }
  expect([...statuses]).toEqual([[200, rateConfig.capacity]]);
  const limited = await tester.run(api(ALLOWED_IP, token));
  expect(limited.status).toBe(429);
  expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  clock.advance(24 * 3600 * 1000);
  expect((await tester.run(api(ALLOWED_IP, signJwt(key, claims())))).status).toBe(200);
});

it.each([
  ["no audience claim", () => signJwt(key, claims({ aud: undefined }))],
  ["another audience", () => signJwt(key, claims({ aud: "https://other.example.com" }))],
  ["another issuer", () => signJwt(key, claims({ iss: "https://attacker.example.com/" }))],
  ["an expired token", () => signJwt(key, claims({ exp: clock.now() / 1000 - 1 }))],
  ["a key that is not the issuer's", () => signJwt(otherKey, claims())],
  ["no token at all", () => undefined],
])("the API refuses a JWT with %s", async (_name, token) => {
  const r = await tester.run(api(ALLOWED_IP, token()));
  expect(r.status).toBe(401);
  expect(r.upstream).toBeUndefined();
});

it(`the API refuses a valid JWT without the ${requiredScope} scope`, async () => {
  const r = await tester.run(api(ALLOWED_IP, signJwt(key, claims({ scope: "openid" }))));
  expect([r.status, r.body]).toEqual([403, `This token lacks the ${requiredScope} scope.`]);
  expect(r.upstream).toBeUndefined();
});

it("a browser that has not signed in is sent to the identity provider", async () => {
  const r = await tester.run({ url: "https://app.example.com/dashboard", clientIp: ALLOWED_IP });
  expect(r.status).toBe(302);
  expect(r.headers["location"]).toContain("redirect_uri=https%3A%2F%2Fidp.ngrok.com%2Foauth2%2Fcallback");
});

it("with no agent of the pool online, the custom error page answers", async () => {
  const offline = policyTester(policy, { endpoint: { url: "https://app.example.com" }, clock, jwks: { [JKU]: key.jwks } });
  const r = await offline.run(api(ALLOWED_IP, signJwt(key, claims())));
  expect([r.status, r.headers["content-type"]]).toEqual([503, "text/html"]);
  expect(r.body).toContain("We'll be right back");
});
