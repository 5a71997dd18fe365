/**
 * Each Traffic Policy action's documented behaviour (https://ngrok.com/docs/traffic-policy/actions/),
 * one table per action, run through testPolicy as a user's test would.
 */
import { gunzipSync, brotliDecompressSync } from "node:zlib";
import { FakeClock, testPolicy, policyTester, type PolicyRequest, type PolicyResult, type PolicyTestOptions, type PolicyInput, type UpstreamRequest } from "../../../emulator";
import { rsaKey, signJwt } from "./support";

/** The service behind the endpoint: answers what reached it. */
const echo = (req: UpstreamRequest) => ({
  status: 200,
  headers: { "content-type": "application/json", "x-upstream": "yes", server: "echo" },
  body: JSON.stringify({ method: req.method, url: req.url, headers: req.headers }),
});
const seen = (r: PolicyResult): { url: string; headers: Record<string, string[]> } => JSON.parse(r.body) as { url: string; headers: Record<string, string[]> };

interface Row {
  name: string;
  policy: PolicyInput;
  request: PolicyRequest | string;
  options?: PolicyTestOptions;
  expect(r: PolicyResult): void;
}

const URL_ = "https://app.example.com";
const key = rsaKey("k1");
const otherKey = rsaKey("k1");
const JWKS_URL = "https://auth.example.com/.well-known/jwks.json";
const NOW_S = Date.UTC(2026, 0, 1) / 1000;
const jwtPolicy = (extra: Record<string, unknown> = {}): PolicyInput => ({
  on_http_request: [
    {
      actions: [
        {
          type: "jwt-validation",
          config: {
            issuer: { allow_list: [{ value: "https://auth.example.com/" }] },
            audience: { allow_list: [{ value: "api://app" }] },
            http: { tokens: [{ type: "jwt", method: "header", name: "Authorization", prefix: "Bearer " }] },
            jws: { allowed_algorithms: ["RS256"], keys: { sources: { additional_jkus: [JWKS_URL] } } },
            ...extra,
          },
        },
        { type: "custom-response", config: { body: "sub=${actions.ngrok.jwt_validation.tokens[0].payload.sub}" } },
      ],
    },
  ],
});
const claims = (over: Record<string, unknown> = {}): Record<string, unknown> => ({ iss: "https://auth.example.com/", aud: "api://app", sub: "alice", exp: NOW_S + 3600, ...over });
const bearer = (token: string): PolicyRequest => ({ url: `${URL_}/api`, headers: { authorization: `Bearer ${token}` } });
const jwtOptions = (): PolicyTestOptions => ({ jwks: { [JWKS_URL]: key.jwks }, clock: new FakeClock() });

const basic = (user: string, pass: string): Record<string, string> => ({ authorization: `Basic ${Buffer.from(`${user}:${pass}`).toString("base64")}` });
const basicPolicy = (enforce?: boolean): PolicyInput => ({
  on_http_request: [
    { actions: [{ type: "basic-auth", config: { credentials: ["alice:correct-horse"], realm: "staff", ...(enforce === undefined ? {} : { enforce }) } }] },
    { actions: [{ type: "custom-response", config: { body: "in; authorized=${actions.ngrok.basic_auth.authorized}" } }] },
  ],
});
const ipPolicy = (config: Record<string, unknown>, phase = "on_http_request"): PolicyInput => ({
  [phase]: [{ actions: [{ type: "restrict-ips", config }] }],
  ...(phase === "on_tcp_connect" ? {} : {}),
  on_http_request: [
    ...(phase === "on_http_request" ? [{ actions: [{ type: "restrict-ips", config }] }] : []),
    { actions: [{ type: "custom-response", config: { body: "in; ${actions.ngrok.restrict_ips.action} ${actions.ngrok.restrict_ips.matched_cidr}" } }] },
  ],
});

const table: Record<string, Row[]> = {
  "custom-response": [
    {
      name: "answers the configured status, headers and interpolated body; later actions do not run",
      policy: { on_http_request: [{ actions: [{ type: "custom-response", config: { status_code: 418, headers: { "X-Tea": "${req.method}" }, body: "path=${req.url.path}" } }, { type: "deny" }] }] },
      request: `${URL_}/pot`,
      expect: (r) => {
        expect([r.status, r.headers["x-tea"], r.body]).toEqual([418, "GET", "path=/pot"]);
        expect(r.actions.map((a) => a.type)).toEqual(["custom-response"]);
      },
    },
    {
      name: "status 200 by default, and a content-type inferred from a JSON body",
      policy: { on_http_request: [{ actions: [{ type: "custom-response", config: { body: '{"ok":true}' } }] }] },
      request: URL_,
      expect: (r) => expect([r.status, r.headers["content-type"]]).toEqual([200, "application/json"]),
    },
    {
      name: "in on_http_response, replaces the upstream's response",
      policy: { on_http_response: [{ expressions: ["res.status_code == 200"], actions: [{ type: "custom-response", config: { status_code: 503, body: "<html><body>down</body></html>" } }] }] },
      request: URL_,
      options: { upstream: echo },
      expect: (r) => expect([r.status, r.body, r.headers["content-type"]]).toEqual([503, "<html><body>down</body></html>", "text/html; charset=utf-8"]),
    },
  ],
  deny: [
    {
      name: "403 without a body by default, and no rule after it runs",
      policy: { on_http_request: [{ actions: [{ type: "deny" }] }, { actions: [{ type: "custom-response", config: { body: "never" } }] }] },
      request: URL_,
      expect: (r) => {
        expect([r.status, r.body]).toEqual([403, ""]);
        expect(r.rules.map((x) => x.index)).toEqual([0]);
      },
    },
    {
      name: "answers status_code when given",
      policy: { on_http_request: [{ actions: [{ type: "deny", config: { status_code: 404 } }] }] },
      request: URL_,
      expect: (r) => expect(r.status).toBe(404),
    },
    {
      name: "in on_tcp_connect, closes the connection",
      policy: { on_tcp_connect: [{ expressions: ["conn.client_ip == '192.0.2.9'"], actions: [{ type: "deny" }] }] },
      request: { url: URL_, clientIp: "192.0.2.9" },
      expect: (r) => expect([r.status, r.terminated]).toEqual([0, true]),
    },
  ],
  redirect: [
    {
      name: "302 to the URL with `from` replaced by `to`, capture groups included",
      policy: { on_http_request: [{ actions: [{ type: "redirect", config: { from: "/docs/(.*)$", to: "/help/$1" } }] }] },
      request: `${URL_}/docs/start?x=1`,
      expect: (r) => expect([r.status, r.headers["location"]]).toEqual([302, `${URL_}/help/start?x=1`]),
    },
    {
      name: "status_code and headers when given, with interpolation",
      policy: { on_http_request: [{ actions: [{ type: "redirect", config: { to: "https://www.example.com${req.url.path}", status_code: 301, headers: { "x-from": "${req.url.host}" } } }] }] },
      request: `${URL_}/a`,
      expect: (r) => expect([r.status, r.headers["location"], r.headers["x-from"]]).toEqual([301, "https://www.example.com/a", "app.example.com"]),
    },
    {
      name: "does nothing when the URL does not change: the next action runs",
      policy: { on_http_request: [{ actions: [{ type: "redirect", config: { from: "/nomatch", to: "/x" } }, { type: "custom-response", config: { body: "stayed" } }] }] },
      request: `${URL_}/a`,
      expect: (r) => expect([r.status, r.body]).toEqual([200, "stayed"]),
    },
  ],
  "url-rewrite": [
    {
      name: "replaces `from` with `to` in the URL the upstream receives, and later expressions see it",
      policy: {
        on_http_request: [
          { actions: [{ type: "url-rewrite", config: { from: "/v1/", to: "/v2/" } }] },
          { expressions: ["req.url.path == '/v2/users'"], actions: [{ type: "add-headers", config: { headers: { "x-rewritten": "yes" } } }] },
        ],
      },
      request: `${URL_}/v1/users?page=2`,
      options: { upstream: echo },
      expect: (r) => {
        expect(seen(r).url).toBe(`${URL_}/v2/users?page=2`);
        expect(seen(r).headers["x-rewritten"]).toEqual(["yes"]);
      },
    },
    {
      name: "leaves the URL alone when `from` does not match",
      policy: { on_http_request: [{ actions: [{ type: "url-rewrite", config: { from: "^/nomatch", to: "/x" } }] }] },
      request: `${URL_}/a`,
      options: { upstream: echo },
      expect: (r) => expect(seen(r).url).toBe(`${URL_}/a`),
    },
  ],
  "add-headers": [
    {
      name: "appends to the request's headers (an existing one keeps its value) and overrides host",
      policy: { on_http_request: [{ actions: [{ type: "add-headers", config: { headers: { "X-Client": "${conn.client_ip}", accept: "text/html", host: "internal.example" } } }] }] },
      request: { url: URL_, headers: { accept: "application/json" }, clientIp: "198.51.100.4" },
      options: { upstream: echo },
      expect: (r) => {
        const h = seen(r).headers;
        expect([h["x-client"], h["accept"], h["host"]]).toEqual([["198.51.100.4"], ["application/json", "text/html"], ["internal.example"]]);
        expect(r.actionResults["add_headers"]).toMatchObject({ headers_added: { "x-client": "198.51.100.4" } });
      },
    },
    {
      name: "in on_http_response, adds to the response",
      policy: { on_http_response: [{ actions: [{ type: "add-headers", config: { headers: { "Strict-Transport-Security": "max-age=63072000" } } }] }] },
      request: URL_,
      options: { upstream: echo },
      expect: (r) => expect(r.headers["strict-transport-security"]).toBe("max-age=63072000"),
    },
    {
      name: "refuses to add user-agent",
      policy: { on_http_request: [{ actions: [{ type: "add-headers", config: { headers: { "User-Agent": "x" } } }] }] },
      request: URL_,
      options: { upstream: echo },
      expect: (r) => expect([r.status, r.failure?.code, r.failure?.action]).toEqual([500, "invalid-config", "add-headers"]),
    },
  ],
  "remove-headers": [
    {
      name: "removes request headers before the upstream",
      policy: { on_http_request: [{ actions: [{ type: "remove-headers", config: { headers: ["X-Secret", "cookie"] } }] }] },
      request: { url: URL_, headers: { "x-secret": "s", cookie: "a=b", "x-kept": "k" } },
      options: { upstream: echo },
      expect: (r) => {
        const h = seen(r).headers;
        expect([h["x-secret"], h["cookie"], h["x-kept"]]).toEqual([undefined, undefined, ["k"]]);
      },
    },
    {
      name: "in on_http_response, removes response headers",
      policy: { on_http_response: [{ actions: [{ type: "remove-headers", config: { headers: ["server"] } }] }] },
      request: URL_,
      options: { upstream: echo },
      expect: (r) => expect([r.headers["server"], r.headers["x-upstream"]]).toEqual([undefined, "yes"]),
    },
  ],
  "restrict-ips": [
    {
      name: "lets an address of an allowed CIDR through",
      policy: ipPolicy({ enforce: true, allow: ["203.0.113.0/24"] }),
      request: { url: URL_, clientIp: "203.0.113.7" },
      expect: (r) => expect([r.status, r.body]).toEqual([200, "in; allow 203.0.113.0/24"]),
    },
    {
      name: "answers 403 to an address outside the allowed CIDRs (X-Forwarded-For is never read)",
      policy: ipPolicy({ enforce: true, allow: ["203.0.113.0/24"] }),
      request: { url: URL_, clientIp: "198.51.100.1", headers: { "x-forwarded-for": "203.0.113.7" } },
      expect: (r) => expect(r.status).toBe(403),
    },
    {
      name: "a denied CIDR wins over an allowed one",
      policy: ipPolicy({ enforce: true, allow: ["0.0.0.0/0"], deny: ["203.0.113.0/24"] }),
      request: { url: URL_, clientIp: "203.0.113.7" },
      expect: (r) => expect(r.status).toBe(403),
    },
    {
      name: "IPv6 ranges",
      policy: ipPolicy({ enforce: true, allow: ["2001:db8::/32"] }),
      request: { url: URL_, clientIp: "2001:db8::1" },
      expect: (r) => expect(r.status).toBe(200),
    },
    {
      name: "enforce: false lets a denied address through and says so in its variables",
      policy: ipPolicy({ enforce: false, allow: ["203.0.113.0/24"] }),
      request: { url: URL_, clientIp: "198.51.100.1" },
      expect: (r) => expect([r.status, r.body]).toEqual([200, "in; deny "]),
    },
    {
      name: "the CIDRs of the IP policies it names",
      policy: ipPolicy({ enforce: true, ip_policies: ["ipp_office"] }),
      request: { url: URL_, clientIp: "192.0.2.10" },
      options: { ipPolicies: { ipp_office: { allow: ["192.0.2.0/24"] } } },
      expect: (r) => expect(r.status).toBe(200),
    },
    {
      name: "in on_tcp_connect, closes a denied connection",
      policy: { on_tcp_connect: [{ actions: [{ type: "restrict-ips", config: { enforce: true, allow: ["203.0.113.0/24"] } }] }] },
      request: { url: URL_, clientIp: "198.51.100.1" },
      expect: (r) => expect(r.status).toBe(0),
    },
  ],
  "basic-auth": [
    {
      name: "401 with the realm's challenge without credentials",
      policy: basicPolicy(),
      request: URL_,
      expect: (r) => expect([r.status, r.headers["www-authenticate"]]).toEqual([401, 'Basic realm="staff"']),
    },
    {
      name: "401 with a wrong password",
      policy: basicPolicy(),
      request: { url: URL_, headers: basic("alice", "wrong-password") },
      expect: (r) => expect(r.status).toBe(401),
    },
    {
      name: "lets the right username:password through",
      policy: basicPolicy(),
      request: { url: URL_, headers: basic("alice", "correct-horse") },
      expect: (r) => expect([r.status, r.body]).toEqual([200, "in; authorized=true"]),
    },
    {
      name: "enforce: false lets a failed request through",
      policy: basicPolicy(false),
      request: URL_,
      expect: (r) => expect([r.status, r.body]).toEqual([200, "in; authorized=false"]),
    },
  ],
  "jwt-validation": [
    {
      name: "lets a token signed by a key of the JWKS through, with its claims in the action's variables",
      policy: jwtPolicy(),
      request: bearer(signJwt(key, claims())),
      options: jwtOptions(),
      expect: (r) => {
        expect([r.status, r.body]).toEqual([200, "sub=alice"]);
        expect(r.actionResults["jwt_validation"]).toMatchObject({ tokens: [{ verified: true, location: "header", location_property: "Authorization" }] });
      },
    },
    { name: "401 without a token", policy: jwtPolicy(), request: `${URL_}/api`, options: jwtOptions(), expect: (r) => expect(r.status).toBe(401) },
    { name: "401 for another key's signature", policy: jwtPolicy(), request: bearer(signJwt(otherKey, claims())), options: jwtOptions(), expect: (r) => expect(r.status).toBe(401) },
    { name: "401 for an issuer not allowed (trailing slash counts)", policy: jwtPolicy(), request: bearer(signJwt(key, claims({ iss: "https://auth.example.com" }))), options: jwtOptions(), expect: (r) => expect(r.status).toBe(401) },
    { name: "401 for an audience not allowed", policy: jwtPolicy(), request: bearer(signJwt(key, claims({ aud: ["api://other"] }))), options: jwtOptions(), expect: (r) => expect(r.status).toBe(401) },
    { name: "401 for an expired token (on the given clock)", policy: jwtPolicy(), request: bearer(signJwt(key, claims({ exp: NOW_S - 1 }))), options: jwtOptions(), expect: (r) => expect(r.status).toBe(401) },
    {
      name: "401 for an algorithm not allowed",
      policy: jwtPolicy({ jws: { allowed_algorithms: ["ES256"], keys: { sources: { additional_jkus: [JWKS_URL] } } } }),
      request: bearer(signJwt(key, claims())),
      options: jwtOptions(),
      expect: (r) => expect(r.status).toBe(401),
    },
  ],
  "sse-find-replace": [
    {
      name: "in on_event_stream_message, rewrites each message's data (every match, $1 naming a group) and retry; other messages and fields pass as sent",
      policy: {
        on_event_stream_message: [
          {
            actions: [
              {
                type: "sse-find-replace",
                config: { replacements: [{ from: "key-(\\d+)", to: "key-$1-redacted" }, { field: "retry", from: "^10000$", to: "${req.url.query_params['retry'][0]}" }] },
              },
            ],
          },
        ],
      },
      request: `${URL_}/stream?retry=500`,
      options: {
        upstream: () => ({
          status: 200,
          headers: { "content-type": "text/event-stream" },
          body: "event: token\ndata: key-1 and key-22\nid: 7\n\n: a comment\ndata: nothing here\n\nretry: 10000\n\n",
        }),
      },
      expect: (r) => {
        expect(r.body).toBe("event: token\ndata: key-1-redacted and key-22-redacted\nid: 7\n\n: a comment\ndata: nothing here\n\nretry: 500\n\n");
        expect(r.rules.filter((x) => x.phase === "on_event_stream_message")).toHaveLength(3);
      },
    },
    {
      name: "data over several lines is one value, written back a line per line",
      policy: { on_event_stream_message: [{ actions: [{ type: "sse-find-replace", config: { replacements: [{ from: "a\\nb" }] } }] }] },
      request: URL_,
      options: { upstream: () => ({ status: 200, headers: { "content-type": "text/event-stream; charset=utf-8" }, body: "data: a\ndata: b\ndata: c\n\n" }) },
      expect: (r) => expect(r.body).toBe("data: \ndata: c\n\n"),
    },
    {
      name: "a response that is no event stream is left alone",
      policy: { on_event_stream_message: [{ actions: [{ type: "sse-find-replace", config: { replacements: [{ from: "a" }] } }] }] },
      request: URL_,
      options: { upstream: () => ({ status: 200, headers: { "content-type": "text/plain" }, body: "data: a\n\n" }) },
      expect: (r) => expect([r.body, r.rules]).toEqual(["data: a\n\n", []]),
    },
  ],
  "compress-response": [
    {
      name: "gzip when asked: Content-Encoding and Vary added, Content-Length removed",
      policy: { on_http_response: [{ actions: [{ type: "compress-response" }] }] },
      request: { url: URL_, headers: { "accept-encoding": "gzip" } },
      options: { upstream: () => ({ status: 200, headers: { "content-length": "11" }, body: "hello world" }) },
      expect: (r) => {
        expect([r.headers["content-encoding"], r.headers["vary"], r.headers["content-length"]]).toEqual(["gzip", "Accept-Encoding", undefined]);
        expect(gunzipSync(r.rawBody).toString()).toBe("hello world");
        expect(r.actionResults["compress"]).toMatchObject({ already_compressed: false, negotiated_algorithm: "gzip" });
      },
    },
    {
      name: "the supported algorithm of highest q-value",
      policy: { on_http_response: [{ actions: [{ type: "compress-response" }] }] },
      request: { url: URL_, headers: { "accept-encoding": "gzip;q=0.5, br;q=1.0, *;q=0" } },
      options: { upstream: () => ({ status: 200, body: "hello world" }) },
      expect: (r) => expect([r.headers["content-encoding"], brotliDecompressSync(r.rawBody).toString()]).toEqual(["br", "hello world"]),
    },
    {
      name: "an algorithm the client refuses with q=0 is not used",
      policy: { on_http_response: [{ actions: [{ type: "compress-response", config: { algorithms: ["gzip"] } }] }] },
      request: { url: URL_, headers: { "accept-encoding": "gzip;q=0, br" } },
      options: { upstream: () => ({ status: 200, body: "hello world" }) },
      expect: (r) => expect([r.headers["content-encoding"], r.body]).toEqual([undefined, "hello world"]),
    },
    {
      name: "no compression when none of the requested algorithms is allowed",
      policy: { on_http_response: [{ actions: [{ type: "compress-response", config: { algorithms: ["br"] } }] }] },
      request: { url: URL_, headers: { "accept-encoding": "gzip" } },
      options: { upstream: () => ({ status: 200, body: "hello world" }) },
      expect: (r) => expect([r.headers["content-encoding"], r.body]).toEqual([undefined, "hello world"]),
    },
    {
      name: "an already encoded response is left alone",
      policy: { on_http_response: [{ actions: [{ type: "compress-response" }] }] },
      request: { url: URL_, headers: { "accept-encoding": "gzip" } },
      options: { upstream: () => ({ status: 200, headers: { "content-encoding": "br" }, body: "xx" }) },
      expect: (r) => expect([r.headers["content-encoding"], r.actionResults["compress"]]).toEqual(["br", expect.objectContaining({ already_compressed: true })]),
    },
  ],
  "set-vars": [
    {
      name: "sets typed variables in order, a later one reading an earlier one",
      policy: {
        on_http_request: [
          { actions: [{ type: "set-vars", config: { vars: [{ n: 1.5 }, { flag: true }, { list: ["a", "b"] }, { who: "${req.url.query_params['u'][0]}" }, { greeting: "hi ${vars.who}" }] } }] },
          { expressions: ["vars.flag && vars.n > 1.0 && size(vars.list) == 2"], actions: [{ type: "custom-response", config: { body: "${vars.greeting}" } }] },
        ],
      },
      request: `${URL_}/?u=bo`,
      expect: (r) => {
        expect(r.body).toBe("hi bo");
        expect(r.vars.on_http_request).toEqual({ n: 1.5, flag: true, list: ["a", "b"], who: "bo", greeting: "hi bo" });
      },
    },
    {
      name: "variables are scoped to their phase: on_http_response does not see on_http_request's",
      policy: {
        on_http_request: [{ actions: [{ type: "set-vars", config: { vars: [{ a: "x" }] } }] }],
        on_http_response: [{ expressions: ["vars.a == 'x'"], actions: [{ type: "custom-response", config: { status_code: 403 } }] }],
      },
      request: URL_,
      options: { upstream: echo },
      expect: (r) => expect([r.failure?.phase, r.failure?.code]).toEqual(["on_http_response", "ERR_NGROK_2254"]),
    },
  ],
  log: [
    {
      name: "records its interpolated metadata, and the request goes on",
      policy: { on_http_request: [{ name: "audit", actions: [{ type: "log", config: { metadata: { path: "${req.url.path}", ip: "${conn.client_ip}" } } }, { type: "custom-response", config: { body: "ok" } }] }] },
      request: { url: `${URL_}/x`, clientIp: "192.0.2.1" },
      expect: (r) => expect([r.status, r.logs]).toEqual([200, [{ endpoint: URL_, phase: "on_http_request", rule: "audit", metadata: { path: "/x", ip: "192.0.2.1" } }]]),
    },
  ],
  "forward-internal": [
    {
      name: "the target endpoint's own policy runs, then its upstream answers",
      policy: { on_http_request: [{ actions: [{ type: "forward-internal", config: { url: "https://api.internal" } }] }] },
      request: `${URL_}/items`,
      options: {
        endpoints: { "https://api.internal": { trafficPolicy: "on_http_request:\n  - actions:\n      - type: add-headers\n        config: { headers: { x-internal: seen } }\n", upstream: echo } },
      },
      expect: (r) => {
        expect(r.status).toBe(200);
        expect(seen(r).headers["x-internal"]).toEqual(["seen"]);
        expect(seen(r).headers["host"]).toEqual(["app.example.com"]);
        expect(seen(r).headers["x-forwarded-host"]).toEqual(["app.example.com"]);
      },
    },
    {
      name: "then on_http_response of the forwarding endpoint runs on the answer",
      policy: {
        on_http_request: [{ actions: [{ type: "forward-internal", config: { url: "https://api.internal" } }] }],
        on_http_response: [{ actions: [{ type: "add-headers", config: { headers: { "x-edge": "${res.status_code}" } } }] }],
      },
      request: URL_,
      options: { endpoints: { "https://api.internal": echo } },
      expect: (r) => expect(r.headers["x-edge"]).toBe("200"),
    },
    {
      name: "an offline target halts with an error by default",
      policy: { on_http_request: [{ actions: [{ type: "forward-internal", config: { url: "https://gone.internal" } }, { type: "custom-response", config: { body: "fallback" } }] }] },
      request: URL_,
      expect: (r) => expect([r.status, r.body]).toEqual([404, "ERR_NGROK_3200: The endpoint https://gone.internal is offline.\n"]),
    },
    {
      name: "on_error: continue goes on to the next action",
      policy: { on_http_request: [{ actions: [{ type: "forward-internal", config: { url: "https://gone.internal", on_error: "continue" } }, { type: "custom-response", config: { body: "fallback" } }] }] },
      request: URL_,
      expect: (r) => expect([r.status, r.body]).toEqual([200, "fallback"]),
    },
  ],
  oauth: [
    {
      name: "stand-in: without a signed-in identity, redirects to the provider with ngrok's callback",
      policy: { on_http_request: [{ actions: [{ type: "oauth", config: { provider: "google" } }] }] },
      request: `${URL_}/private?x=1`,
      expect: (r) => {
        const location = new URL(r.headers["location"] ?? "");
        expect([r.status, location.origin, location.searchParams.get("redirect_uri"), location.searchParams.get("state")]).toEqual([
          302,
          "https://accounts.google.com",
          "https://idp.ngrok.com/oauth2/callback",
          "/private?x=1",
        ]);
      },
    },
    {
      name: "stand-in: a signed-in identity passes, its email in the action's variables",
      policy: { on_http_request: [{ actions: [{ type: "oauth", config: { provider: "google" } }] }, { expressions: ["actions.ngrok.oauth.identity.email.endsWith('@example.com')"], actions: [{ type: "custom-response", config: { body: "hi ${actions.ngrok.oauth.identity.email}" } }] }] },
      request: { url: URL_, identity: { email: "ann@example.com" } },
      expect: (r) => expect([r.status, r.body]).toEqual([200, "hi ann@example.com"]),
    },
  ],
  "openid-connect": [
    {
      name: "stand-in: without a signed-in identity, redirects to the issuer's authorization endpoint",
      policy: { on_http_request: [{ actions: [{ type: "openid-connect", config: { issuer_url: "https://id.example.com", client_id: "cid", client_secret: "s" } }] }] },
      request: URL_,
      expect: (r) => {
        const location = new URL(r.headers["location"] ?? "");
        expect([r.status, location.origin + location.pathname, location.searchParams.get("client_id"), location.searchParams.get("scope")]).toEqual([302, "https://id.example.com/authorize", "cid", "openid"]);
      },
    },
    {
      name: "stand-in: a signed-in identity passes",
      policy: { on_http_request: [{ actions: [{ type: "openid-connect", config: { issuer_url: "https://id.example.com", client_id: "cid", client_secret: "s" } }, { type: "custom-response", config: { body: "${actions.ngrok.oidc.identity.email}" } }] }] },
      request: { url: URL_, identity: { email: "ann@example.com" } },
      expect: (r) => expect(r.body).toBe("ann@example.com"),
    },
  ],
};

// https://ngrok.com/docs/traffic-policy/actions/sse-find-replace/ ("Supported phases"): the API refuses it in another phase (ERR_NGROK_2202), and so does testPolicy.
it("sse-find-replace runs in on_event_stream_message only", async () => {
  const policy = { on_http_response: [{ actions: [{ type: "sse-find-replace", config: { replacements: [{ from: "x" }] } }] }] };
  await expect(testPolicy(policy, URL_, { upstream: echo })).rejects.toMatchObject({ code: "ERR_NGROK_2202", place: "on_http_response[0].actions[0]" });
});

describe.each(Object.entries(table))("%s", (_action, rows) => {
  it.each(rows.map((row) => [row.name, row] as const))("%s", async (_name, row) => {
    row.expect(await testPolicy(row.policy, row.request, row.options));
  });
});

describe("rate-limit", () => {
  const policy: PolicyInput = {
    on_http_request: [
      { actions: [{ type: "rate-limit", config: { name: "per client", algorithm: "sliding_window", capacity: 3, rate: "60s", bucket_key: ["conn.client_ip"] } }] },
      { actions: [{ type: "custom-response", config: { body: "ok" } }] },
    ],
  };
  const cases: Array<[string, (t: ReturnType<typeof policyTester>, clock: FakeClock) => Promise<void>]> = [
    [
      "answers 429 with retry-after once the bucket holds `capacity` requests of the window",
      async (t) => {
        const statuses = [];
        for (let i = 0; i < 4; i++) statuses.push((await t.run({ url: URL_, clientIp: "192.0.2.1" })).status);
        expect(statuses).toEqual([200, 200, 200, 429]);
        const limited = await t.run({ url: URL_, clientIp: "192.0.2.1" });
        expect([limited.headers["retry-after"], limited.actionResults["rate_limit"]]).toEqual(["60", expect.objectContaining({ limited: true, bucket_key: "192.0.2.1" })]);
      },
    ],
    [
      "a sliding window: a request is let through again once the oldest has left it",
      async (t, clock) => {
        for (let i = 0; i < 3; i++) {
          await t.run({ url: URL_, clientIp: "192.0.2.1" });
          clock.advance(10_000);
        }
        expect((await t.run({ url: URL_, clientIp: "192.0.2.1" })).headers["retry-after"]).toBe("30");
        clock.advance(30_000);
        expect((await t.run({ url: URL_, clientIp: "192.0.2.1" })).status).toBe(200);
      },
    ],
    [
      "each bucket key counts on its own",
      async (t) => {
        for (let i = 0; i < 3; i++) await t.run({ url: URL_, clientIp: "192.0.2.1" });
        expect((await t.run({ url: URL_, clientIp: "192.0.2.2" })).status).toBe(200);
      },
    ],
  ];
  it.each(cases)("%s", async (_name, body) => {
    const clock = new FakeClock();
    await body(policyTester(policy, { clock }), clock);
  });

  // https://ngrok.com/docs/traffic-policy/actions/rate-limit/: the API refuses these when the policy is saved; testPolicy before any request.
  it.each([
    ["a rate under 60s", { rate: "30s" }, "rate", "ERR_NGROK_2215"],
    ["a rate that is not a multiple of 10s", { rate: "65s" }, "rate", "ERR_NGROK_2204"],
    ["another algorithm", { algorithm: "token_bucket" }, "algorithm", "ERR_NGROK_2204"],
    ["a capacity of 0", { capacity: 0 }, "capacity", "ERR_NGROK_2215"],
  ])("refuses %s as the service does", async (_name, change, field, code) => {
    const config = { name: "x", algorithm: "sliding_window", capacity: 3, rate: "60s", bucket_key: ["conn.client_ip"], ...change };
    await expect(testPolicy({ on_http_request: [{ actions: [{ type: "rate-limit", config }] }] }, URL_)).rejects.toMatchObject({
      code,
      place: `on_http_request[0].actions[0].config.${field}`,
    });
  });
});
