/**
 * Behaviours ngrok's pages document, each against its page: through testPolicy, and where the
 * policy is stored, the emulator's API and the preview check.
 */
import { startEmulator, testPolicy, type Emulator, type WirePolicy } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { call } from "../../support/api";
import { providerFor, recordedEvents } from "../../support/provider";
import { corpus } from "./ngrok-docs/corpus";

const URL_ = "https://app.example.com";
const echo = () => ({ status: 200, headers: { "content-type": "text/plain" }, body: "upstream" });

let emu: Emulator;
let provider: Provider;
let endpoint: Handler;
const events = recordedEvents();
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  provider = providerFor(emu, {}, { events });
  endpoint = provider.handler("CloudEndpoint");
  expect((await call(emu, "POST", "/reserved_domains", { domain: "app.example.com" })).status).toBe(201);
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

describe("https://ngrok.com/docs/traffic-policy/actions/custom-response/", () => {
  // "When this policy is executed in the on_http_request phase, actions defined in the on_http_response phase will still be executed."
  it("on_http_response's actions still run after an on_http_request custom-response", async () => {
    const policy: WirePolicy = {
      on_http_request: [{ actions: [{ type: "custom-response", config: { status_code: 503, body: "maintenance" } }] }],
      on_http_response: [{ actions: [{ type: "add-headers", config: { headers: { "x-served-by": "policy" } } }] }],
    };
    const r = await testPolicy(policy, URL_, { upstream: echo });
    expect([r.status, r.body, r.headers["x-served-by"], r.upstream]).toEqual([503, "maintenance", "policy", undefined]);
    expect(r.actions.map((a) => `${a.phase} ${a.type}`)).toEqual(["on_http_request custom-response", "on_http_response add-headers"]);
  });

  // The page names the body `body`; ngrok's older pages and many policies spell it `content`, which ngrok still accepts.
  const legacy = "on_http_request:\n  - actions:\n      - type: custom-response\n        config:\n          status_code: 200\n          content: Hello from the old spelling\n";

  it("the deprecated `content` is the body in testPolicy", async () => {
    const r = await testPolicy(legacy, URL_);
    expect([r.status, r.body]).toEqual([200, "Hello from the old spelling"]);
  });

  it("the deprecated `content` is accepted by the API", async () => {
    const created = await call(emu, "POST", "/endpoints", { type: "cloud", url: URL_, traffic_policy: legacy, pooling_enabled: true });
    expect(created.status).toBe(201);
  });

  it("the deprecated `content` passes preview, with a note naming `body`", async () => {
    const before = events.infos.length;
    const result = await endpoint.check({}, { url: URL_, trafficPolicy: legacy });
    expect({ failures: result.failures.map((f) => f.message), notes: events.infos.slice(before) }).toEqual({
      failures: [],
      notes: ["trafficPolicy.on_http_request[0].actions[0].config.content is deprecated by ngrok, which still accepts it: write `body` instead"],
    });
  });
});

describe("https://ngrok.com/docs/traffic-policy/actions/http-request/", () => {
  // The page's "POST with a body" example writes `${req.headers[\"x-user-id\"]}` in a JSON body, in YAML and in JSON.
  const example = corpus.examples.find((e) => e.id === "traffic-policy/actions/http-request.mdx:304")!;
  const forms = (): [string, string][] => [
    ["YAML", example.yaml!],
    ["JSON", example.json!],
  ];

  it("the example's body reads the header through `\\\"` inside `${...}`, in YAML and in JSON", async () => {
    expect(example.yaml).toContain('${req.headers[\\"x-user-id\\"]}');
    for (const [form, text] of forms()) {
      const sent: string[] = [];
      const httpbin = (req: { body: Uint8Array }) => {
        sent.push(Buffer.from(req.body).toString("utf8"));
        return { status: 200, body: "{}" };
      };
      const policy = text.replace(/\n*$/, "\n");
      await testPolicy(policy, { url: `${URL_}/`, headers: { "x-user-id": "u-42" } }, { endpoints: { "https://httpbin.internal": httpbin }, upstream: echo });
      // req.headers holds lists: the page does not show how ngrok writes one into text, only that the header is read.
      expect([form, sent.length, /^\{ "user": ".*u-42.*" \}$/.test(sent[0] ?? "")]).toEqual([form, 1, true]);
    }
  });

  it("the example passes preview and the API accepts it", async () => {
    for (const [form, text] of forms()) {
      const answering = `${text.trimEnd()}\n  - actions:\n      - type: custom-response\n`;
      const policy = form === "YAML" ? answering : JSON.stringify({ on_http_request: [...(JSON.parse(text) as { on_http_request: unknown[] }).on_http_request, { actions: [{ type: "custom-response" }] }] });
      const checked = await endpoint.check({}, { url: URL_, trafficPolicy: policy });
      expect([form, checked.failures.map((f) => f.message)]).toEqual([form, []]);
      const created = await call(emu, "POST", "/endpoints", { type: "cloud", url: URL_, traffic_policy: policy, pooling_enabled: true });
      expect([form, created.status, created.json?.msg]).toEqual([form, 201, undefined]);
    }
  });
});

describe("https://ngrok.com/docs/traffic-policy/actions/http-request/ (configuration defaults)", () => {
  // The page's table: max_redirects defaultValue="10"; on_error "`continue` (default)".
  const redirects = (req: { url: string }) => {
    const n = Number(/\/redirect\/(\d+)/.exec(req.url)?.[1] ?? 0);
    return n > 0 ? { status: 302, headers: { location: `/redirect/${n - 1}` } } : { status: 200, body: "landed" };
  };
  const policy = (url: string): WirePolicy => ({
    on_http_request: [
      {
        actions: [
          { type: "http-request", config: { url } },
          { type: "custom-response", config: { body: "${string(actions.ngrok.http_request.res.status_code)} ${actions.ngrok.http_request.error.code}" } },
        ],
      },
    ],
  });

  it("without max_redirects, 10 redirects are followed and an 11th is the error ERR_NGROK_3214, after which the policy goes on", async () => {
    const options = { endpoints: { "https://httpbin.internal": redirects } };
    expect((await testPolicy(policy("https://httpbin.internal/redirect/10"), URL_, options)).body).toBe("200 ");
    const r = await testPolicy(policy("https://httpbin.internal/redirect/11"), URL_, options);
    expect([r.status, r.body.endsWith("ERR_NGROK_3214")]).toEqual([200, true]);
  });
});

describe("https://ngrok.com/docs/traffic-policy/actions/forward-internal/", () => {
  // The page's basic example: curl's request to the public endpoint arrives at the internal endpoint's upstream as the page shows it.
  it("the upstream request carries the headers the page shows, Accept-Encoding: gzip among them", async () => {
    const seen: Record<string, string[]>[] = [];
    const policy = "on_http_request:\n  - actions:\n      - type: forward-internal\n        config:\n          url: https://example.internal\n";
    const r = await testPolicy(
      policy,
      { url: "https://forward-internal-example.ngrok.app/", headers: { "user-agent": "curl/8.5.0", accept: "*/*" }, httpVersion: "2" },
      { endpoints: { "https://example.internal": { upstream: (req) => (seen.push(req.headers), { status: 200 }) } } },
    );
    expect(r.status).toBe(200);
    const h = Object.fromEntries(Object.entries(seen[0] ?? {}).map(([k, v]) => [k, v.join(",")]));
    expect(h).toMatchObject({
      host: "forward-internal-example.ngrok.app",
      "user-agent": "curl/8.5.0",
      accept: "*/*",
      "x-forwarded-host": "forward-internal-example.ngrok.app",
      "x-forwarded-proto": "https",
      "accept-encoding": "gzip",
    });
    expect(h["x-forwarded-for"]).toEqual(expect.any(String));
  });
});

describe("https://ngrok.com/docs/traffic-policy/actions/redirect/", () => {
  // "CEL interpolation": `to: https://example.com?city=${conn.geo.city}` from San Francisco redirects to https://example.com?city=San%20Francisco.
  it("a URL without a path is written without one", async () => {
    const policy: WirePolicy = { on_http_request: [{ actions: [{ type: "redirect", config: { to: "https://example.com?city=${conn.geo.city}" } }] }] };
    const r = await testPolicy(policy, { url: `${URL_}/`, geo: { city: "San Francisco" } });
    expect([r.status, r.headers["location"]]).toEqual([302, "https://example.com?city=San%20Francisco"]);
  });
});

describe("https://ngrok.com/docs/traffic-policy/actions/owasp-crs-request/", () => {
  // The page contradicts itself: its "Example request that ngrok would block" carries its attack
  // only in the JSON body, under the "block mode" policy that sets on_error alone, while its config
  // table says process_body "Default is false" and its Behavior says the body is evaluated "when
  // process_body is enabled". Nothing else of the request (User-Agent Mozilla/5.0, path /, no
  // query, an allowed Content-Type) matches a paranoia-level-1 rule. The emulator follows the table.
  const request = { url: `${URL_}/`, method: "POST", headers: { "user-agent": "Mozilla/5.0", "content-type": "application/json" }, body: '{"q": "<script>alert(1)</script>"}' };
  const blockMode = (config: Record<string, unknown>): WirePolicy => ({ on_http_request: [{ actions: [{ type: "owasp-crs-request", config: { on_error: "halt", ...config } }] }] });

  it("the example request under the block-mode policy as written reaches the upstream: process_body defaults to false", async () => {
    const r = await testPolicy(blockMode({}), request, { upstream: echo });
    expect([r.status, r.body, r.actionResults["owasp_crs_request"]]).toEqual([200, "upstream", expect.objectContaining({ decision: "allow", anomaly_score: 0 })]);
  });

  it("with process_body: true it answers as the page shows: 403, ERR_NGROK_3700, the upstream never reached", async () => {
    const r = await testPolicy(blockMode({ process_body: true }), request, { upstream: echo });
    expect([r.status, r.upstream]).toEqual([403, undefined]);
    expect(r.body).toContain("<noscript>The request was blocked by the WAF. (ERR_NGROK_3700)</noscript>");
    expect(r.actionResults["owasp_crs_request"]).toEqual(expect.objectContaining({ decision: "deny", matched_rules: [expect.objectContaining({ id: 941110 })] }));
  });
});

describe("action variables the pages document", () => {
  const readAll = (names: string[]) => names.map((n) => `${n}=\${string(${n})}`).join(" ");

  // https://ngrok.com/docs/traffic-policy/actions/oauth/ and https://ngrok.com/docs/traffic-policy/actions/oidc/ ("Action result variables").
  it.each([
    [
      "oauth",
      "{ type: oauth, config: { provider: google, max_session_duration: 2h } }",
      ["access_token", "refresh_token", "expires_at", "session_timed_out", "session_max_duration_reached", "userinfo_refreshed", "identity.current_provider_session_id"],
    ],
    [
      "oidc",
      "{ type: openid-connect, config: { issuer_url: 'https://id.example.com', client_id: c, client_secret: s } }",
      ["identity_token", "access_token", "refresh_token", "expires_at", "session_timed_out", "session_max_duration_reached", "user_info_refreshed", "identity.current_session_id"],
    ],
  ])("actions.ngrok.%s.* are there to read after a sign-in", async (kind, signIn, names) => {
    const full = names.map((n) => `actions.ngrok.${kind}.${n}`);
    const policy = `on_http_request:\n  - actions:\n      - ${signIn}\n      - type: custom-response\n        config:\n          body: "${readAll(full)}"\n`;
    const r = await testPolicy(policy, { url: `${URL_}/`, identity: { email: "ada@example.com" } });
    expect([r.status, r.failure]).toEqual([200, undefined]);
    const values = Object.fromEntries(r.body.split(" ").map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]));
    expect(values[`actions.ngrok.${kind}.session_timed_out`]).toBe("false");
    expect(values[`actions.ngrok.${kind}.expires_at`]).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  // https://ngrok.com/docs/traffic-policy/actions/basic-auth/: actions.ngrok.basic_auth.credentials.authorized.
  it("actions.ngrok.basic_auth.credentials.authorized", async () => {
    const policy: WirePolicy = {
      on_http_request: [
        { actions: [{ type: "basic-auth", config: { credentials: ["user:password1"], enforce: false } }] },
        { actions: [{ type: "custom-response", config: { body: "${actions.ngrok.basic_auth.credentials.authorized}" } }] },
      ],
    };
    const basic = `Basic ${Buffer.from("user:password1").toString("base64")}`;
    expect((await testPolicy(policy, { url: `${URL_}/`, headers: { authorization: basic } })).body).toBe("true");
    expect((await testPolicy(policy, `${URL_}/`)).body).toBe("false");
  });
});
