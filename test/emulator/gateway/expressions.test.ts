/**
 * Rules and expressions (https://ngrok.com/docs/traffic-policy/how-it-works/): the documented
 * variables, rule order, all expressions ANDed, and what a failure at run time does: the request
 * is answered with ngrok's error for it, and the result names the rule and the expression.
 */
import { PolicyError, policyFromInput, testPolicy, type PolicyRequest } from "../../../emulator";

const URL_ = "https://app.example.com:8443";
const request: PolicyRequest = {
  method: "POST",
  url: `${URL_}/api/v1/items?tag=a&tag=b&q=x`,
  headers: { "X-Api-Key": "k1", "User-Agent": "curl/8", "Content-Type": "application/json" },
  body: '{"a":1}',
  clientIp: "203.0.113.7",
  clientPort: 40000,
  geo: { country_code: "NZ", city: "Wellington" },
};

/** An expression that must be true for `request`. */
const TRUE: Array<[string]> = [
  ["req.method == 'POST'"],
  ["req.url.path == '/api/v1/items'"],
  ["req.url.path.startsWith('/api/')"],
  ["req.url.query_params['tag'] == ['a', 'b']"],
  ["'x' in req.url.query_params['q']"],
  ["req.url.query == 'tag=a&tag=b&q=x'"],
  ["req.url.host == 'app.example.com' && req.url.port == 8443 && req.url.scheme == 'https'"],
  ["req.host == 'app.example.com:8443'"],
  ["req.headers['x-api-key'][0] == 'k1'"],
  ["'curl/8' in req.headers['user-agent']"],
  ["req.user_agent == 'curl/8'"],
  ["req.content_type == 'application/json' && req.content_length == 7"],
  ["conn.client_ip == '203.0.113.7' && conn.client_port == 40000"],
  ["conn.geo.country_code == 'NZ' && conn.geo.city == 'Wellington'"],
  ["endpoint.url == 'https://app.example.com:8443' && endpoint.host == 'app.example.com' && endpoint.port == 8443 && endpoint.protocol == 'https'"],
  ["getReqHeader('X-API-KEY') == ['k1'] && hasReqHeader('x-api-key') && !hasReqHeader('x-none')"],
  ["getQueryParam('tag').size() == 2 && hasQueryParam('q')"],
  ["inCidrRange(conn.client_ip, '203.0.113.0/24') && inCidrRanges(conn.client_ip, ['10.0.0.0/8', '203.0.113.0/24'])"],
  ["!inCidrRange(conn.client_ip, '2001:db8::/32')"],
  ["'/API'.lower() == '/api' && 'a'.upper() == 'A' && '10.1.2.3'.isPrivateIp()"],
  ["req.url.path.matches('^/api/v[0-9]+/') && req.url.path.split('/').size() == 4"],
];

const matches = async (expression: string, req: PolicyRequest = request) => {
  const r = await testPolicy({ on_http_request: [{ expressions: [expression], actions: [{ type: "custom-response", config: { body: "yes" } }] }, { actions: [{ type: "custom-response", config: { body: "no" } }] }] }, req);
  if (r.failure !== undefined) throw new Error(`${expression}: ${r.failure.message}`);
  return r.body === "yes";
};

it.each(TRUE)("%s", async (expression) => {
  expect(await matches(expression)).toBe(true);
});

it.each([["req.method == 'GET'"], ["conn.client_ip == '203.0.113.8'"], ["req.url.path.startsWith('/web')"]])("%s is false", async (expression) => {
  expect(await matches(expression)).toBe(false);
});

describe("rules", () => {
  it("all of a rule's expressions must be true; a rule without expressions matches everything", async () => {
    const policy = {
      on_http_request: [
        { name: "both", expressions: ["req.method == 'POST'", "conn.client_ip == '198.51.100.1'"], actions: [{ type: "custom-response", config: { body: "both" } }] },
        { name: "any", actions: [{ type: "custom-response", config: { body: "any" } }] },
      ],
    };
    const r = await testPolicy(policy, request);
    expect(r.body).toBe("any");
    expect(r.rules).toEqual([
      { phase: "on_http_request", rule: "both", index: 0, matched: false },
      { phase: "on_http_request", rule: "any", index: 1, matched: true },
    ]);
  });

  it("run in order: a deny placed first catches everything, and the result shows that the later rules never ran", async () => {
    const policy = `
on_http_request:
  - name: block bots
    actions:
      - type: deny
  - name: api
    expressions: ["req.url.path.startsWith('/api')"]
    actions:
      - type: custom-response
        config: { body: api }
`;
    const r = await testPolicy(policy, request);
    expect([r.status, r.rules.map((x) => x.rule), r.actions.map((a) => `${a.rule}: ${a.type} ${a.outcome}`)]).toEqual([403, ["block bots"], ["block bots: deny terminate"]]);
  });

  it("a cloud endpoint's policy that ends without a terminating action answers 502, terminated: false", async () => {
    const r = await testPolicy({ on_http_request: [{ actions: [{ type: "add-headers", config: { headers: { a: "b" } } }] }] }, request);
    expect([r.status, r.terminated]).toEqual([502, false]);
    expect(r.body).toContain("ended without a terminating action");
  });

  it("with an upstream (an agent endpoint's service), a request no action answers goes there and on_http_response runs on the answer", async () => {
    const r = await testPolicy({ on_http_response: [{ expressions: ["res.status_code == 201"], actions: [{ type: "add-headers", config: { headers: { "x-created": "yes" } } }] }] }, request, {
      upstream: () => ({ status: 201, body: "made" }),
    });
    expect([r.status, r.body, r.headers["x-created"], r.upstream?.url]).toEqual([201, "made", "yes", `${URL_}/api/v1/items?tag=a&tag=b&q=x`]);
  });
});

describe("failures at run time", () => {
  const cases: Array<[string, string, string]> = [
    ["a missing header", "req.headers['x-missing'][0] == 'a'", "x-missing"],
    // A variable of no declared type (set-vars' `vars.a`, 1 here) passes the check when the policy is
    // saved; its value's type is met only when the rule runs.
    ["a type error", "vars.a + 'x' == 'x'", "no matching overload"],
    ["an expression that is not a bool", "vars.a", "must evaluate to a bool"],
    ["an index out of range", "req.headers['x-api-key'][3] == 'k1'", "index"],
  ];
  it.each(cases)("%s: answered 500 with ERR_NGROK_2254; the result names the rule and the expression; no later rule runs", async (_name, expression, why) => {
    const r = await testPolicy(
      {
        on_http_request: [
          { name: "first", actions: [{ type: "set-vars", config: { vars: [{ a: 1 }] } }] },
          { name: "the broken one", expressions: ["true", expression], actions: [{ type: "deny" }] },
          { name: "never", actions: [{ type: "custom-response", config: { body: "x" } }] },
        ],
      },
      request,
    );
    expect([r.status, r.failure?.rule, r.failure?.ruleIndex, r.failure?.expression, r.failure?.code, r.failure?.phase]).toEqual([500, "the broken one", 1, expression, "ERR_NGROK_2254", "on_http_request"]);
    expect(r.failure?.message).toContain(why);
    expect(r.body).toContain("ERR_NGROK_2254");
    expect(r.rules.map((x) => x.rule)).toEqual(["first", "the broken one"]);
  });

  it("`in` guards a header that may be missing: && does not evaluate its right side", async () => {
    expect(await matches("'x-missing' in req.headers && req.headers['x-missing'][0] == 'a'")).toBe(false);
  });

  it("a failing ${...} in an action's config: ERR_NGROK_2253, naming the action and the expression", async () => {
    const r = await testPolicy({ on_http_request: [{ name: "greet", actions: [{ type: "custom-response", config: { body: "hi ${req.headers['x-name'][0]}" } }] }] }, request);
    expect([r.status, r.failure?.code, r.failure?.rule, r.failure?.action, r.failure?.expression]).toEqual([500, "ERR_NGROK_2253", "greet", "custom-response", "req.headers['x-name'][0]"]);
  });
});

describe("policy documents", () => {
  const yaml = "on_http_request:\n  - actions:\n      - type: custom-response\n        config:\n          body: hi\n";
  it.each([
    ["YAML", yaml],
    ["JSON", JSON.stringify({ on_http_request: [{ actions: [{ type: "custom-response", config: { body: "hi" } }] }] })],
    ["an object", { on_http_request: [{ actions: [{ type: "custom-response", config: { body: "hi" } }] }] }],
  ])("%s", async (_form, policy) => {
    expect((await testPolicy(policy, request)).body).toBe("hi");
  });

  it.each([
    ["a phase that does not exist", "on_request:\n  - actions: [{type: deny}]\n", "unknown phase 'on_request'"],
    ["a rule without actions", "on_http_request:\n  - expressions: ['true']\n", "on_http_request[0].actions must be a non-empty list"],
    ["an action without a type", "on_http_request:\n  - actions: [{config: {}}]\n", "on_http_request[0].actions[0].type must have a type"],
    ["text that is not YAML", "on_http_request: [", "not valid YAML or JSON"],
    ["a typed policy's phase, naming the conversion", "onHttpRequest:\n  - actions: [{type: deny}]\n", "'onHttpRequest' is how a typed policy names on_http_request: convert it first (toWirePolicy of pulumi-ngrok)"],
  ])("refuses %s, saying where", (_name, text, message) => {
    expect(() => policyFromInput(text)).toThrow(PolicyError);
    expect(() => policyFromInput(text)).toThrow(message);
  });
});
