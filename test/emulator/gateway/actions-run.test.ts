/**
 * The actions that run offline besides the ones of actions.test.ts: what a user sees (status,
 * headers, body) as the action's page at https://ngrok.com/docs/traffic-policy/actions/<name>/
 * describes it, through testPolicy. One table per action.
 */
import { gzipSync, gunzipSync } from "node:zlib";
import { makeCertificate, type Issued } from "../../support/certs";
import { FakeClock, policyTester, testPolicy, type PolicyInput, type PolicyRequest, type PolicyResult, type PolicyTestOptions, type UpstreamRequest } from "../../../emulator";

const URL_ = "https://example.ngrok.app";

/** The service behind the endpoint: answers what reached it. */
const echo = (req: UpstreamRequest) => ({
  status: 200,
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body: req.body.toString("utf8") }),
});
const seen = (r: PolicyResult): { method: string; url: string; headers: Record<string, string[]>; body: string } => JSON.parse(r.body) as never;
const text = (body: string, headers: Record<string, string> = {}) => () => ({ status: 200, headers: { "content-type": "text/plain", ...headers }, body });

interface Row {
  name: string;
  policy: PolicyInput;
  request: PolicyRequest | string;
  options?: PolicyTestOptions;
  expect(r: PolicyResult): void;
}

const table: Record<string, Row[]> = {
  "close-connection": [
    {
      // https://ngrok.com/docs/traffic-policy/actions/close-connection/#basic-example
      name: "the docs' example: a request to /dc gets no answer; others pass",
      policy: `on_http_request:\n- name: DC\n  expressions:\n  - req.url.path.startsWith("/dc")\n  actions:\n  - type: close-connection\n`,
      request: `${URL_}/dc`,
      options: { upstream: echo },
      expect: (r) => expect([r.status, r.body, r.upstream, r.actions.map((a) => [a.type, a.outcome])]).toEqual([0, "", undefined, [["close-connection", "terminate"]]]),
    },
    {
      name: "in on_tcp_connect, before any HTTP",
      policy: { on_tcp_connect: [{ actions: [{ type: "close-connection" }] }], on_http_request: [{ actions: [{ type: "custom-response", config: { body: "never" } }] }] },
      request: URL_,
      expect: (r) => expect([r.status, r.body]).toEqual([0, ""]),
    },
  ],
  "request-body-find-replace": [
    {
      // https://ngrok.com/docs/traffic-policy/actions/request-body-find-replace/#redacting-sensitive-data-from-requests
      name: "the docs' redaction example: the upstream receives the body as the page's 'After'",
      policy: {
        on_http_request: [
          {
            actions: [
              {
                type: "request-body-find-replace",
                config: {
                  replacements: [
                    { from: '"api_key":\\s*"[^"]*"', to: '"api_key": "[REDACTED]"' },
                    { from: "[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\.[a-zA-Z]{2,}", to: "[EMAIL REDACTED]" },
                  ],
                },
              },
            ],
          },
        ],
      },
      request: {
        url: URL_,
        method: "POST",
        headers: { "content-type": "application/json", "content-length": "90" },
        body: '{\n  "api_key": "sk-abc123secret",\n  "user_email": "john.doe@example.com",\n  "message": "Hello world"\n}',
      },
      options: { upstream: echo },
      expect: (r) => {
        const after = '{\n  "api_key": "[REDACTED]",\n  "user_email": "[EMAIL REDACTED]",\n  "message": "Hello world"\n}';
        expect(seen(r).body).toBe(after);
        expect(seen(r).headers["content-length"]).toEqual([String(Buffer.byteLength(after))]);
        expect(r.actionResults["request_body_find_replace"]).toEqual(
          expect.objectContaining({ replacements: [{ replacement_index: 0, matched_content: '"api_key": "sk-abc123secret"' }, { replacement_index: 1, matched_content: "john.doe@example.com" }] }),
        );
      },
    },
    {
      // https://ngrok.com/docs/traffic-policy/actions/request-body-find-replace/#modifying-ai-prompts
      name: "capture groups: `$1` in `to` is the first group",
      policy: {
        on_http_request: [
          { actions: [{ type: "request-body-find-replace", config: { replacements: [{ from: '"role":\\s*"system",\\s*"content":\\s*"([^"]*)"', to: '"role": "system", "content": "$1 Always respond in a professional tone."' }] } }] },
        ],
      },
      request: { url: URL_, method: "POST", body: '{"role": "system", "content": "Be brief."}' },
      options: { upstream: echo },
      expect: (r) => expect(seen(r).body).toBe('{"role": "system", "content": "Be brief. Always respond in a professional tone."}'),
    },
    {
      // https://ngrok.com/docs/traffic-policy/actions/request-body-find-replace/#removing-unwanted-content
      name: "an empty `to` deletes every match; `from` and `to` interpolate CEL",
      policy: {
        on_http_request: [
          { actions: [{ type: "request-body-find-replace", config: { replacements: [{ from: "<!--.*?-->", to: "" }, { from: "NAME", to: "${req.headers['x-name'][0]}" }] } }] },
        ],
      },
      request: { url: URL_, method: "POST", headers: { "x-name": "Ann" }, body: "a<!-- one -->b<!-- two -->c NAME" },
      options: { upstream: echo },
      expect: (r) => expect(seen(r).body).toBe("abc Ann"),
    },
  ],
  "response-body-find-replace": [
    {
      // https://ngrok.com/docs/traffic-policy/actions/response-body-find-replace/#redacting-sensitive-data-from-ai-responses
      name: "the docs' example: the client receives the page's 'After'",
      policy: {
        on_http_response: [
          {
            actions: [
              {
                type: "response-body-find-replace",
                config: {
                  replacements: [
                    { from: "\\b\\d{3}-\\d{2}-\\d{4}\\b", to: "[SSN REDACTED]" },
                    { from: "\\b\\d{4}[- ]?\\d{4}[- ]?\\d{4}[- ]?\\d{4}\\b", to: "[CARD REDACTED]" },
                    { from: "\\b\\d{3}[-.\\s]?\\d{3}[-.\\s]?\\d{4}\\b", to: "[PHONE REDACTED]" },
                  ],
                },
              },
            ],
          },
        ],
      },
      request: URL_,
      options: { upstream: text("Here's the customer information:\n- SSN: 123-45-6789\n- Credit Card: 4111-1111-1111-1111\n- Phone: 555-123-4567\n", { "content-length": "107" }) },
      expect: (r) => {
        const after = "Here's the customer information:\n- SSN: [SSN REDACTED]\n- Credit Card: [CARD REDACTED]\n- Phone: [PHONE REDACTED]\n";
        expect([r.status, r.body, r.headers["content-length"]]).toEqual([200, after, String(Buffer.byteLength(after))]);
      },
    },
    {
      name: "a gzip body is decoded, rewritten and sent gzip again",
      policy: { on_http_response: [{ actions: [{ type: "response-body-find-replace", config: { replacements: [{ from: "secret", to: "******" }] } }] }] },
      request: URL_,
      options: { upstream: () => ({ status: 200, headers: { "content-encoding": "gzip" }, body: gzipSync("a secret here") }) },
      expect: (r) => expect([r.headers["content-encoding"], gunzipSync(r.rawBody).toString("utf8")]).toEqual(["gzip", "a ****** here"]),
    },
  ],
  "http-request": [
    {
      // https://ngrok.com/docs/traffic-policy/actions/http-request/#send-query-parameters
      name: "a GET with `query_params` items of {key, value} to an internal endpoint; the response in actions.ngrok.http_request.res",
      policy: {
        on_http_request: [
          {
            name: "QueryParamsExample",
            actions: [
              { type: "http-request", config: { url: "https://httpbin.internal/get", query_params: [{ key: "trace", value: "true" }, { key: "user", value: "${req.headers['x-user-id'][0]}" }] } },
              { type: "custom-response", config: { body: "${actions.ngrok.http_request.res.status_code} ${actions.ngrok.http_request.res.body}" } },
            ],
          },
        ],
      },
      request: { url: URL_, headers: { "x-user-id": "u42" }, clientIp: "198.51.100.7" },
      options: { endpoints: { "https://httpbin.internal": { upstream: echo } } },
      expect: (r) => {
        expect(r.status).toBe(200);
        const [status, ...rest] = r.body.split(" ");
        const got = JSON.parse(rest.join(" ")) as { method: string; url: string; headers: Record<string, string[]> };
        expect([status, got.method, got.url]).toEqual(["200", "GET", "https://httpbin.internal/get?trace=true&user=u42"]);
        expect([got.headers["ngrok-req-type"], got.headers["x-forwarded-for"], got.headers["user-agent"]]).toEqual([["http-request"], ["198.51.100.7"], ["ngrok/cloud"]]);
      },
    },
    {
      // https://ngrok.com/docs/traffic-policy/actions/http-request/#make-a-post-request
      name: "a POST with headers and an interpolated body; the request continues to the upstream",
      policy: {
        on_http_request: [
          {
            name: "PostWithBody",
            actions: [
              {
                type: "http-request",
                config: { url: "https://httpbin.internal/post", method: "POST", headers: { "content-type": "application/json", "x-custom-header": "abc123" }, body: '{ "user": "${req.headers[\'x-user-id\'][0]}" }' },
              },
            ],
          },
        ],
      },
      request: { url: `${URL_}/page`, headers: { "x-user-id": "u42" } },
      options: {
        upstream: text("the page"),
        endpoints: { "https://httpbin.internal": { upstream: (req) => ({ status: 201, body: `${req.method} ${req.headers["content-type"]} ${req.headers["x-custom-header"]} ${req.body.toString()}` }) } },
      },
      expect: (r) => {
        expect([r.status, r.body]).toEqual([200, "the page"]);
        expect(r.actionResults["http_request"]).toEqual(expect.objectContaining({ res: expect.objectContaining({ status_code: 201, body: 'POST application/json abc123 { "user": "u42" }' }) }));
      },
    },
    {
      // https://ngrok.com/docs/traffic-policy/actions/http-request/#follow-redirects
      name: "follows up to max_redirects 3xx answers",
      policy: {
        on_http_request: [
          {
            actions: [
              { type: "http-request", config: { url: "https://httpbin.internal/redirect/2", method: "GET", max_redirects: 2 } },
              { type: "custom-response", config: { body: "${actions.ngrok.http_request.res.body}" } },
            ],
          },
        ],
      },
      request: URL_,
      options: {
        endpoints: {
          "https://httpbin.internal": {
            upstream: (req) => {
              const n = Number(/\/redirect\/(\d+)/.exec(req.url)?.[1] ?? 0);
              return n > 0 ? { status: 302, headers: { location: n === 1 ? "/get" : `/redirect/${n - 1}` } } : { status: 200, body: `landed on ${new URL(req.url).pathname}` };
            },
          },
        },
      },
      expect: (r) => expect([r.status, r.body]).toEqual([200, "landed on /get"]),
    },
    {
      name: "retries while retry_condition holds (the docs' `last_attempt.res.statusCode == 500`), three retries at most",
      policy: {
        on_http_request: [
          {
            actions: [
              { type: "http-request", config: { url: "https://flaky.internal/", retry_condition: "last_attempt.res.statusCode == 500" } },
              { type: "custom-response", config: { body: "${size(actions.ngrok.http_request.attempts)} ${actions.ngrok.http_request.res.status_code}" } },
            ],
          },
        ],
      },
      request: URL_,
      options: { endpoints: { "https://flaky.internal": { upstream: () => ({ status: 500 }) } } },
      expect: (r) => expect(r.body).toBe("4 500"),
    },
    {
      name: "on_error halt: an endpoint that does not exist stops the policy with ngrok's offline error",
      policy: { on_http_request: [{ actions: [{ type: "http-request", config: { url: "https://missing.internal/", on_error: "halt" } }, { type: "custom-response", config: { body: "not reached" } }] }] },
      request: URL_,
      expect: (r) => expect([r.status, r.body]).toEqual([502, "ERR_NGROK_3200: The endpoint https://missing.internal is offline.\n"]),
    },
    {
      name: "on_error continue (the default): the policy goes on with the error in actions.ngrok.http_request.error",
      policy: { on_http_request: [{ actions: [{ type: "http-request", config: { url: "https://missing.internal/" } }, { type: "custom-response", config: { body: "${actions.ngrok.http_request.error.code}" } }] }] },
      request: URL_,
      expect: (r) => expect([r.status, r.body]).toEqual([200, "ERR_NGROK_3200"]),
    },
    {
      name: "a public URL nothing registered: the error says the emulator does not reach it, not that the policy is wrong",
      policy: { on_http_request: [{ actions: [{ type: "http-request", config: { url: "https://api.example.org/x", on_error: "halt" } }] }] },
      request: URL_,
      expect: (r) => expect([r.status, r.body]).toEqual([502, "http-request to https://api.example.org/x failed: the emulator reaches only endpoints and upstreams registered with it, not https://api.example.org\n"]),
    },
  ],
  "owasp-crs-request": [
    {
      // https://ngrok.com/docs/traffic-policy/actions/owasp-crs-request/#example-request-that-ngrok-would-block
      name: "a script tag in a JSON body (process_body) is blocked 403 with ERR_NGROK_3700 (CRS 941110)",
      policy: { on_http_request: [{ actions: [{ type: "owasp-crs-request", config: { on_error: "halt", process_body: true } }] }] },
      request: { url: `${URL_}/`, method: "POST", headers: { "user-agent": "Mozilla/5.0", "content-type": "application/json" }, body: '{"q": "<script>alert(1)</script>"}' },
      options: { upstream: echo },
      expect: (r) => {
        expect([r.status, r.headers["content-type"], r.upstream]).toEqual([403, "text/html; charset=utf-8", undefined]);
        expect(r.body).toContain("The request was blocked by the WAF. (ERR_NGROK_3700)");
        expect(r.actionResults["owasp_crs_request"]).toEqual(expect.objectContaining({ decision: "deny", anomaly_score: 5, anomaly_score_threshold: 5 }));
      },
    },
    {
      name: "without process_body the body is not read: the request passes",
      policy: { on_http_request: [{ actions: [{ type: "owasp-crs-request", config: { on_error: "halt" } }] }] },
      request: { url: `${URL_}/`, method: "POST", headers: { "content-type": "application/json" }, body: '{"q": "<script>alert(1)</script>"}' },
      options: { upstream: text("ok") },
      expect: (r) => expect([r.status, r.body]).toEqual([200, "ok"]),
    },
    {
      name: "a path traversal and a security scanner's user agent in the query and headers are blocked",
      policy: { on_http_request: [{ actions: [{ type: "owasp-crs-request", config: { on_error: "halt" } }] }] },
      request: { url: `${URL_}/download?file=../../etc/passwd`, headers: { "user-agent": "sqlmap/1.7" } },
      options: { upstream: text("ok") },
      expect: (r) => {
        expect(r.status).toBe(403);
        const result = r.actionResults["owasp_crs_request"] as { matched_rules: Array<{ id: number }>; anomaly_score: number };
        expect([result.matched_rules.map((m) => m.id), result.anomaly_score]).toEqual([[913100, 930110, 930120], 15]);
      },
    },
    {
      name: "exclude_rule_ids leaves a rule out of the score",
      policy: { on_http_request: [{ actions: [{ type: "owasp-crs-request", config: { on_error: "halt", exclude_rule_ids: [941110] } }] }] },
      request: `${URL_}/search?q=%3Cscript%3Ealert(1)%3C/script%3E`,
      options: { upstream: text("ok") },
      expect: (r) => expect([r.status, r.body]).toEqual([200, "ok"]),
    },
    {
      // https://ngrok.com/docs/traffic-policy/actions/owasp-crs-request/#running-in-test-mode
      name: "the docs' test mode (on_error continue): the decision is logged and the request goes on",
      policy: {
        on_http_request: [
          {
            actions: [
              { type: "owasp-crs-request", config: { on_error: "continue" } },
              {
                type: "log",
                config: {
                  metadata: {
                    message: "OWASP CRS request action would be ${actions.ngrok.owasp_crs_request.decision} for ${req.url.path}",
                    matched_rules_first_id: "${actions.ngrok.owasp_crs_request.matched_rules[0].id}",
                    matched_rules_first_message: "${actions.ngrok.owasp_crs_request.matched_rules[0].message}",
                  },
                },
              },
            ],
          },
        ],
      },
      request: `${URL_}/search?q=%3Cscript%3Ealert(1)%3C/script%3E`,
      options: { upstream: text("ok") },
      expect: (r) => {
        expect([r.status, r.body]).toEqual([200, "ok"]);
        expect(r.logs[0]?.metadata).toEqual({ message: "OWASP CRS request action would be deny for /search", matched_rules_first_id: 941110, matched_rules_first_message: "XSS Filter - Category 1: Script Tag Vector" });
      },
    },
  ],
  "owasp-crs-response": [
    {
      name: "a SQL error leaked in the body (process_body) is blocked 403 with ERR_NGROK_3702 (CRS 951230)",
      policy: { on_http_response: [{ actions: [{ type: "owasp-crs-response", config: { on_error: "halt", process_body: true } }] }] },
      request: URL_,
      options: { upstream: text("You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version") },
      expect: (r) => {
        expect([r.status, r.body.includes("The response was blocked by the WAF. (ERR_NGROK_3702)")]).toEqual([403, true]);
        expect(r.actionResults["owasp_crs_response"]).toEqual(expect.objectContaining({ decision: "deny", anomaly_score: 5, anomaly_score_threshold: 4 }));
      },
    },
    {
      name: "a clean body passes unchanged",
      policy: { on_http_response: [{ actions: [{ type: "owasp-crs-response", config: { on_error: "halt", process_body: true } }] }] },
      request: URL_,
      options: { upstream: text("hello") },
      expect: (r) => expect([r.status, r.body]).toEqual([200, "hello"]),
    },
  ],
  "sse-find-replace": [
    {
      // https://ngrok.com/docs/traffic-policy/actions/sse-find-replace/#redacting-sensitive-data-from-streaming-ai-responses
      name: "the docs' streaming redaction: each message's data is rewritten as it reaches the client",
      policy: `on_event_stream_message:
  - actions:
      - type: sse-find-replace
        config:
          replacements:
            - field: data
              from: "\\\\d{3}-\\\\d{2}-\\\\d{4}"
              to: "[SSN REDACTED]"
            - field: data
              from: "[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\\\\.[a-zA-Z]{2,}"
              to: "[EMAIL REDACTED]"
`,
      request: URL_,
      options: { upstream: text("data: my SSN is 123-45-6789\n\nevent: done\ndata: mail ann@example.com\n\n", { "content-type": "text/event-stream" }) },
      expect: (r) => expect(r.body).toBe("data: my SSN is [SSN REDACTED]\n\nevent: done\ndata: mail [EMAIL REDACTED]\n\n"),
    },
    {
      // https://ngrok.com/docs/traffic-policy/actions/sse-find-replace/#modifying-streaming-ai-output-format
      name: "the docs' emphasis example: `$1` is the group matched",
      policy: { on_event_stream_message: [{ actions: [{ type: "sse-find-replace", config: { replacements: [{ field: "data", from: "\\b(IMPORTANT|WARNING|NOTE)\\b", to: "**$1**" }] } }] }] },
      request: URL_,
      options: { upstream: text("data: NOTE this\n\n", { "content-type": "text/event-stream" }) },
      expect: (r) => expect(r.body).toBe("data: **NOTE** this\n\n"),
    },
  ],
  "ai-gateway": [
    {
      // https://ngrok.com/docs/traffic-policy/actions/ai-gateway/
      name: "answers that it is not emulated, naming the action, never the policy's configuration",
      policy: { on_http_request: [{ actions: [{ type: "ai-gateway", config: { providers: [{ id: "openai" }] } }] }] },
      request: `${URL_}/v1/chat/completions`,
      expect: (r) => {
        expect([r.status, r.failure?.code]).toEqual([501, "not-emulated"]);
        expect(r.body).toBe("ngrok-emulator: the ai-gateway action is not emulated: it calls AI providers' APIs, which the emulator does not reach\n");
      },
    },
  ],
  redirect: [
    {
      // https://ngrok.com/docs/traffic-policy/actions/redirect/#redirect-with-cel-interpolation
      name: "the docs' CEL example: a relative `to` on the request's URL, the space escaped %20",
      policy: { on_http_request: [{ expressions: ["req.url.path in ['/api/v2/geo', '/api/v2/geo/']"], actions: [{ type: "redirect", config: { to: "/api/v2/geo?city=${conn.geo.city}" } }] }] },
      request: { url: `${URL_}/api/v2/geo`, geo: { city: "San Francisco" } },
      expect: (r) => expect([r.status, r.headers["location"]]).toEqual([302, "https://example.ngrok.app/api/v2/geo?city=San%20Francisco"]),
    },
    {
      // https://ngrok.com/docs/traffic-policy/actions/redirect/#matching
      name: "`from` matches anywhere in the URL; the result in actions.ngrok.redirect",
      policy: { on_http_request: [{ actions: [{ type: "redirect", config: { from: "/api/v1/", to: "/api/v2/" } }] }] },
      request: "https://example.com/foobar/api/v1/users",
      expect: (r) => {
        expect([r.status, r.headers["location"]]).toEqual([302, "https://example.com/foobar/api/v2/users"]);
        expect(r.actionResults["redirect"]).toEqual(expect.objectContaining({ url: "https://example.com/foobar/api/v2/users", matches: ["/api/v1/"] }));
      },
    },
  ],
  "url-rewrite": [
    {
      // https://ngrok.com/docs/traffic-policy/actions/url-rewrite/#rewrite-using-cel-interpolation
      name: "the docs' CEL example: /products/123 reaches the upstream as /products.php?query=123 on the same host",
      policy: { on_http_request: [{ actions: [{ type: "url-rewrite", config: { from: "${req.url.authority}/products/?([.*]+)?", to: "/products.php?query=$1" } }] }] },
      request: `${URL_}/products/123`,
      options: { upstream: echo },
      expect: (r) => expect([r.status, seen(r).url]).toEqual([200, "https://example.ngrok.app/products.php?query=123"]),
    },
    {
      // https://ngrok.com/docs/traffic-policy/actions/url-rewrite/#rewrite-using-query-parameters
      name: "the docs' query example without interpolation reaches the same path and query",
      policy: { on_http_request: [{ expressions: ["req.url.path.startsWith('/products')"], actions: [{ type: "url-rewrite", config: { from: "/products/?([.*]+)?", to: "/products.php?query=$1" } }] }] },
      request: `${URL_}/products/123`,
      options: { upstream: echo },
      expect: (r) => expect(seen(r).url).toBe("https://example.ngrok.app/products.php?query=123"),
    },
    {
      name: "Go's template (`${...}` being CEL's): `$1x` names a group `1x`, empty; `$1.x` is group 1 then .x",
      policy: { on_http_request: [{ actions: [{ type: "url-rewrite", config: { from: "/a/(\\w+)", to: "/b/$1x/$1.x" } }] }] },
      request: `${URL_}/a/cat`,
      options: { upstream: echo },
      expect: (r) => expect(new URL(seen(r).url).pathname).toBe("/b//cat.x"),
    },
  ],
  "secrets.get": [
    {
      // https://ngrok.com/docs/traffic-policy/secrets/#basic-authentication
      name: "the docs' basic-auth example reads its password from the vault given to testPolicy",
      policy: { on_http_request: [{ actions: [{ type: "basic-auth", config: { credentials: ["user123:${secrets.get('my-vault', 'password')}"] } }, { type: "custom-response", config: { body: "in" } }] }] },
      request: { url: URL_, headers: { authorization: `Basic ${Buffer.from("user123:correct-horse-battery").toString("base64")}` } },
      options: { secrets: { "my-vault": { password: "correct-horse-battery" } } },
      expect: (r) => expect([r.status, r.body]).toEqual([200, "in"]),
    },
    {
      name: "a secret that is not in the vault fails the action's expression, naming the vault and secret",
      policy: { on_http_request: [{ actions: [{ type: "add-headers", config: { headers: { authorization: "${secrets.get('my-vault', 'token')}" } } }] }] },
      request: URL_,
      options: { upstream: echo, secrets: { "my-vault": { password: "x" } } },
      expect: (r) => expect([r.status, r.failure?.code, r.failure?.message]).toEqual([500, "ERR_NGROK_2253", expect.stringContaining("no secret 'token' in vault 'my-vault'")]),
    },
  ],
};

describe.each(Object.entries(table))("%s", (_action, rows) => {
  it.each(rows.map((row) => [row.name, row] as const))("%s", async (_name, row) => {
    row.expect(await testPolicy(row.policy, row.request, row.options));
  });
});

describe("circuit-breaker", () => {
  // https://ngrok.com/docs/traffic-policy/actions/circuit-breaker/#basic-example
  const docsPolicy: PolicyInput = {
    on_http_request: [{ actions: [{ type: "circuit-breaker", config: { error_threshold: 0, volume_threshold: 1, window_duration: "60s", tripped_duration: "2m", enforce: true } }] }],
  };
  const failing: PolicyInput = {
    on_http_request: [{ actions: [{ type: "circuit-breaker", config: { error_threshold: 0.5, volume_threshold: 4, window_duration: "10s", tripped_duration: "30s" } }] }],
  };
  // num_buckets is "Fixed at `10`" on the action's page, whatever the config gives.
  const oneBucket: PolicyInput = {
    on_http_request: [{ actions: [{ type: "circuit-breaker", config: { error_threshold: 0.5, volume_threshold: 2, window_duration: "10s", tripped_duration: "30s", num_buckets: 1 } }] }],
  };
  let status = 200;
  const upstream = () => ({ status, body: status === 200 ? "fine" : "broken" });
  const cases: Array<[string, PolicyInput, (run: () => Promise<PolicyResult>, clock: FakeClock) => Promise<void>]> = [
    [
      "the docs' example: the first request succeeds, the second is answered 503 (ERR_NGROK_3202)",
      docsPolicy,
      async (run) => {
        const first = await run();
        const second = await run();
        expect([first.status, second.status, second.body]).toEqual([200, 503, "ERR_NGROK_3202: Circuit breaker tripped\n"]);
      },
    ],
    [
      "trips once the window holds volume_threshold requests with error_threshold errors; stays open for tripped_duration",
      failing,
      async (run, clock) => {
        const seenStatuses: number[] = [];
        for (const s of [200, 500, 500, 200, 200]) {
          status = s;
          seenStatuses.push((await run()).status);
        }
        expect(seenStatuses).toEqual([200, 500, 500, 200, 503]);
        clock.advance(29_000);
        expect((await run()).status).toBe(503);
      },
    ],
    [
      "after tripped_duration one probe goes through: a success closes the breaker, a failure opens it again",
      failing,
      async (run, clock) => {
        for (const s of [500, 500, 500, 500]) {
          status = s;
          await run();
        }
        expect((await run()).status).toBe(503);
        clock.advance(30_000);
        status = 500;
        expect((await run()).status).toBe(500);
        expect((await run()).status).toBe(503);
        clock.advance(30_000);
        status = 200;
        expect([(await run()).status, (await run()).status, (await run()).status]).toEqual([200, 200, 200]);
      },
    ],
    [
      "the window keeps 10 buckets whatever num_buckets says (the page: \"Fixed at `10`\"): errors at 5 s and 6 s of a 10 s window still count at 10.5 s",
      oneBucket,
      async (run, clock) => {
        status = 500;
        clock.advance(5_000);
        await run();
        clock.advance(1_000);
        await run();
        clock.advance(4_500);
        status = 200;
        expect((await run()).status).toBe(503);
      },
    ],
    [
      "errors older than the window no longer count",
      failing,
      async (run, clock) => {
        for (const s of [500, 500, 500]) {
          status = s;
          await run();
        }
        clock.advance(11_000);
        status = 200;
        expect([(await run()).status, (await run()).status]).toEqual([200, 200]);
      },
    ],
  ];
  it.each(cases)("%s", async (_name, policy, body) => {
    status = 200;
    const clock = new FakeClock();
    const tester = policyTester(policy, { clock, upstream });
    await body(() => tester.run(URL_), clock);
  });

  it("enforce false never trips", async () => {
    const tester = policyTester({ on_http_request: [{ actions: [{ type: "circuit-breaker", config: { error_threshold: 0, volume_threshold: 1, enforce: false } }] }] }, { clock: new FakeClock(), upstream });
    status = 200;
    expect([(await tester.run(URL_)).status, (await tester.run(URL_)).status, (await tester.run(URL_)).status]).toEqual([200, 200, 200]);
  });
});

describe("http-request timeout on the gateway's clock", () => {
  it("gives up after `timeout`, and with on_error halt answers it", async () => {
    const clock = new FakeClock();
    let release: () => void = () => {};
    const slow = () => new Promise<{ status: number }>((resolve) => (release = () => resolve({ status: 200 })));
    const pending = testPolicy(
      { on_http_request: [{ actions: [{ type: "http-request", config: { url: "https://slow.internal/", timeout: "5s", on_error: "halt" } }] }] },
      URL_,
      { clock, endpoints: { "https://slow.internal": { upstream: slow } } },
    );
    await clock.run(10_000);
    const r = await pending;
    release();
    expect([r.status, r.body]).toEqual([502, "http-request to https://slow.internal/ failed: the request did not complete within 5s\n"]);
  });
});

describe("terminate-tls in testPolicy, on the handshake a request describes", () => {
  let ca: Issued;
  let clientCert: Issued;
  let other: Issued;
  beforeAll(async () => {
    ca = await makeCertificate({ name: "CN=ExampleCA", ca: true });
    clientCert = await makeCertificate({ name: "CN=ExampleClient, O=Example Corp", issuer: ca });
    other = await makeCertificate({ name: "CN=Other", issuer: await makeCertificate({ name: "CN=OtherCA", ca: true }) });
  });
  const handshake = (version: string, cert?: Issued): PolicyRequest => ({
    url: URL_,
    tls: { version, cipherSuite: "TLS_AES_128_GCM_SHA256", sni: "example.ngrok.app", negotiatedAlpn: "http/1.1", sessionResumed: false, ...(cert ? { clientCertificate: cert.certificatePem } : {}) },
  });
  const policy = (config: () => Record<string, unknown>): (() => PolicyInput) => () => ({
    on_tcp_connect: [{ actions: [{ type: "terminate-tls", config: config() }] }],
    on_http_request: [{ actions: [{ type: "custom-response", config: { body: "${conn.tls.version} ${actions.ngrok.terminate_tls.cipher_suite} ${conn.tls.client.subject.organization}" } }] }],
  });
  const cases: Array<[string, () => PolicyInput, () => PolicyRequest, number, string]> = [
    ["a version inside min_version..max_version is served", policy(() => ({ min_version: "1.3", max_version: "1.3" })), () => handshake("1.3", clientCert), 200, '1.3 TLS_AES_128_GCM_SHA256 ["Example Corp"]'],
    ["a version outside fails the handshake: the connection closes", policy(() => ({ min_version: "1.3", max_version: "1.3" })), () => handshake("1.2"), 0, ""],
    ["mutual TLS lets in a certificate of a trusted CA", policy(() => ({ mutual_tls_certificate_authorities: [ca.certificatePem] })), () => handshake("1.3", clientCert), 200, '1.3 TLS_AES_128_GCM_SHA256 ["Example Corp"]'],
    ["mutual TLS refuses a certificate of another CA", policy(() => ({ mutual_tls_certificate_authorities: [ca.certificatePem] })), () => handshake("1.3", other), 0, ""],
    ["require-any takes any certificate", policy(() => ({ mutual_tls_certificate_authorities: [ca.certificatePem], mutual_tls_verification_strategy: "require-any" })), () => handshake("1.3", other), 200, "1.3 TLS_AES_128_GCM_SHA256 []"],
    ["require-any refuses a client without one", policy(() => ({ mutual_tls_certificate_authorities: [ca.certificatePem], mutual_tls_verification_strategy: "require-any" })), () => handshake("1.3"), 0, ""],
  ];
  it.each(cases)("%s", async (_name, p, request, status, body) => {
    const r = await testPolicy(p(), request());
    expect([r.status, r.body]).toEqual([status, body]);
  });
});
