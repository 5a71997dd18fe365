/**
 * A policy that can never serve a request is refused where it is met, before it is deployed: at
 * preview (CloudEndpoint's check, the provider's own code), by the emulator's API (`POST
 * /endpoints` over loopback) and by testPolicy, each with the same code of ngrok's error list
 * (https://ngrok.com/docs/errors/) and the same place. The expressions are CEL checked against the
 * documented variables (https://ngrok.com/docs/traffic-policy/variables/) and macros
 * (https://ngrok.com/docs/traffic-policy/macros/); the literals are those ngrok checks when a
 * policy is saved, each on its action's page.
 */
import { PolicyRefusal, startEmulator, testPolicy, type Emulator, type WirePolicy } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { call } from "../../support/api";
import { providerFor } from "../../support/provider";

const HTTP_URL = "https://app.example.com";
let TCP_URL = "";

let emu: Emulator;
let provider: Provider;
let endpoint: Handler;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  provider = providerFor(emu);
  endpoint = provider.handler("CloudEndpoint");
  expect((await call(emu, "POST", "/reserved_domains", { domain: "app.example.com" })).status).toBe(201);
  const addr = await call(emu, "POST", "/reserved_addrs", { region: "us" });
  TCP_URL = `tcp://${String(addr.json.addr)}`;
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

/** A rule of on_http_request with these expressions, then an answer (a cloud endpoint's policy must always answer). */
const expressions = (...e: string[]): WirePolicy => ({
  on_http_request: [{ expressions: e, actions: [{ type: "deny" }] }, { actions: [{ type: "custom-response", config: { status_code: 200 } }] }],
});
const action = (type: string, config: Record<string, unknown>): WirePolicy => ({
  on_http_request: [{ actions: [{ type, config }] }, { actions: [{ type: "custom-response", config: { status_code: 200 } }] }],
});
const AT = "on_http_request[0].actions[0].config";

const cases: [kind: string, policy: WirePolicy, code: string, place: string, tcp?: boolean][] = [
  ["a string compared with a number", expressions("req.url.path > 5"), "ERR_NGROK_2200", "on_http_request[0].expressions[0]"],
  ["no such variable", expressions("req.nonexistent_field == 'x'"), "ERR_NGROK_2200", "on_http_request[0].expressions[0]"],
  ["an expression that is not a bool", expressions("req.method == 'GET'", "req.url.path"), "ERR_NGROK_2200", "on_http_request[0].expressions[1]"],
  ["no such function", expressions("noSuchFn(req.url.path)"), "ERR_NGROK_2200", "on_http_request[0].expressions[0]"],
  ["a ${...} naming no variable", action("custom-response", { body: "hi ${req.nobody}" }), "ERR_NGROK_2224", `${AT}.body`],
  ["restrict-ips: a CIDR whose prefix is too long", action("restrict-ips", { allow: ["10.0.0.0/8", "10.0.0.0/33"] }), "ERR_NGROK_2217", `${AT}.allow[1]`],
  ["url-rewrite: a pattern RE2 refuses", action("url-rewrite", { from: "/a(", to: "/b" }), "ERR_NGROK_2261", `${AT}.from`],
  ["restrict-ips: no IP policy id", action("restrict-ips", { ip_policies: ["not-an-id"] }), "ERR_NGROK_2216", `${AT}.ip_policies[0]`],
  ["http-request: no URL", action("http-request", { url: "not a url" }), "ERR_NGROK_2226", `${AT}.url`],
  ["add-headers: a header name with a space", action("add-headers", { headers: { "x bad": "v" } }), "ERR_NGROK_2210", `${AT}.headers["x bad"]`],
  ["add-headers: a header value with a line break", action("add-headers", { headers: { "x-v": "a\nb" } }), "ERR_NGROK_2211", `${AT}.headers["x-v"]`],
  ["verify-webhook: a provider not on its page", action("verify-webhook", { provider: "no-such-provider", secret: "s3cret" }), "ERR_NGROK_2204", `${AT}.provider`],
  [
    "terminate-tls on a tcp:// endpoint (its page lists https and tls)",
    { on_tcp_connect: [{ actions: [{ type: "terminate-tls", config: {} }] }, { actions: [{ type: "deny" }] }] },
    "ERR_NGROK_2205",
    "on_tcp_connect[0].actions[0]",
    true,
  ],
];

describe.each(cases)("%s", (_kind, policy, code, place, tcp) => {
  const url = (): string => (tcp ? TCP_URL : HTTP_URL);

  it("is refused at preview, at the place and with ngrok's code", async () => {
    const { failures } = await endpoint.check({}, { url: url(), trafficPolicy: JSON.stringify(policy) });
    expect(failures.map((f) => f.message)).toEqual([expect.stringMatching(new RegExp(`^trafficPolicy\\.${place.replace(/[[\].\\"]/g, "\\$&")} .*\\(${code}\\)$`))]);
  });

  it("is refused by the emulator's API with the same code and place", async () => {
    const answer = await call(emu, "POST", "/endpoints", { type: "cloud", url: url(), traffic_policy: JSON.stringify(policy) });
    expect([answer.status, answer.json?.error_code, answer.json?.details?.path]).toEqual([400, code, place]);
  });

  it("is refused by testPolicy with the same code and place, before any request", async () => {
    const seen: string[] = [];
    const request = tcp ? { url: "tcp://1.tcp.ngrok.io:12345", clientIp: "203.0.113.7" } : `${HTTP_URL}/`;
    const refused = testPolicy(policy, request, { upstream: (req) => (seen.push(req.url), { status: 200 }) });
    await expect(refused).rejects.toBeInstanceOf(PolicyRefusal);
    await expect(refused).rejects.toMatchObject({ code, place });
    expect(seen).toEqual([]);
  });
});

it("the same policies, mended, pass preview, are accepted by the API and run in testPolicy", async () => {
  const mended: [WirePolicy, boolean][] = [
    [expressions("req.url.path.size() > 5", "req.method == 'x'", "size(req.url.path) > 0 && vars.x == 5", "inCidrRange(conn.client_ip, '10.0.0.0/8')"), false],
    [action("custom-response", { body: "hi ${req.url.path}" }), false],
    [action("restrict-ips", { allow: ["10.0.0.0/8", "2001:db8::/32", "203.0.113.7"], deny: ["${conn.client_ip}/32"] }), false],
    [action("url-rewrite", { from: "/a(.*)", to: "/b$1" }), false],
    [action("add-headers", { headers: { "x-ok": "v w", "x-${req.method}": "${req.url.path}" } }), false],
    [action("verify-webhook", { provider: "github", secret: "s3cret", enforce: false }), false],
    [{ on_tcp_connect: [{ actions: [{ type: "restrict-ips", config: { allow: ["0.0.0.0/0"] } }] }, { actions: [{ type: "deny" }] }] }, true],
  ];
  for (const [policy, tcp] of mended) {
    const url = tcp ? TCP_URL : HTTP_URL;
    expect((await endpoint.check({}, { url, trafficPolicy: JSON.stringify(policy) })).failures).toEqual([]);
    const answer = await call(emu, "POST", "/endpoints", { type: "cloud", url, traffic_policy: JSON.stringify(policy), pooling_enabled: true });
    expect([answer.status, answer.status === 201 ? "" : JSON.stringify(answer.json)]).toEqual([201, ""]);
    await call(emu, "DELETE", `/endpoints/${String(answer.json.id)}`);
    const r = await testPolicy(policy, tcp ? { url: "tcp://1.tcp.ngrok.io:12345", clientIp: "203.0.113.7" } : `${HTTP_URL}/a`);
    expect(r.failure).toBeUndefined();
  }
});
