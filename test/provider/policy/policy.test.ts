/**
 * The Traffic Policy model on its own: the typed form and ngrok's documented form are one policy,
 * what changed between two policies is named rule by rule and action by action, and credentials
 * come out of a policy and go back in place. (CloudEndpoint's own test drives it against the emulator.)
 */
import { ACTIONS, PolicyValue, policyChanges, policyProblems, toWirePolicy, type TrafficPolicy, type TrafficPolicyAction } from "../../../provider/policy";

/** Every action type of the typed union: the compiler names a missing or extra one. */
const typedActions: Record<TrafficPolicyAction["type"], true> = {
  "add-headers": true, "ai-gateway": true, "basic-auth": true, "circuit-breaker": true, "close-connection": true,
  "compress-response": true, "custom-response": true, deny: true, "forward-internal": true, "http-request": true,
  "jwt-validation": true, log: true, oauth: true, "openid-connect": true, "owasp-crs-request": true,
  "owasp-crs-response": true, "rate-limit": true, redirect: true, "remove-headers": true,
  "request-body-find-replace": true, "response-body-find-replace": true, "restrict-ips": true, "set-vars": true,
  "sse-find-replace": true, "terminate-tls": true, "url-rewrite": true, "verify-webhook": true,
};

const policy: TrafficPolicy = {
  onHttpRequest: [
    { name: "auth", actions: [{ type: "openid-connect", config: { issuerUrl: "https://id.example.com", clientId: "app", clientSecret: "s3cret" } }] },
    { actions: [{ type: "rate-limit", config: { name: "x", algorithm: "sliding_window", capacity: 10, rate: "60s", bucketKey: ["conn.client_ip"] } }] },
    { actions: [{ type: "forward-internal", config: { url: "https://app.internal", onError: "continue" } }] },
  ],
  onHttpResponse: [{ actions: [{ type: "add-headers", config: { headers: { "X-Served-By": "ngrok" } } }] }],
};

it("types every documented action, and documents every typed one", () => {
  expect(Object.keys(typedActions).sort()).toEqual(Object.keys(ACTIONS).sort());
});

it("writes the typed form as ngrok documents it, header names and all, and reads the text back", () => {
  const wire = toWirePolicy(policy);
  expect(wire.on_http_request![1]!.actions[0]!.config).toEqual({ name: "x", algorithm: "sliding_window", capacity: 10, rate: "60s", bucket_key: ["conn.client_ip"] });
  expect(wire.on_http_request![2]!.actions[0]!.config).toEqual({ url: "https://app.internal", on_error: "continue" });
  expect(wire.on_http_response![0]!.actions[0]!.config).toEqual({ headers: { "X-Served-By": "ngrok" } });
  expect(toWirePolicy(JSON.stringify(wire))).toEqual(wire);
});

it("names what changed by phase, rule and action, and sees spelling and defaults as no change", () => {
  const changed = structuredClone(policy);
  (changed.onHttpRequest![1]!.actions[0]!.config as { capacity: number }).capacity = 5;
  changed.onHttpResponse = [];
  expect(policyChanges(policy, changed)).toEqual(["onHttpRequest[1].actions[0] (rate-limit): config.capacity", "onHttpResponse[0]: removed"]);
  const withDefaults = structuredClone(policy);
  (withDefaults.onHttpRequest![1]!.actions[0]!.config as { enforce?: boolean }).enforce = true;
  expect(policyChanges(JSON.stringify(toWirePolicy(policy)), withDefaults)).toEqual([]);
});

it("takes credentials out by their place and puts them back", () => {
  const { trafficPolicy: plain, trafficPolicySecrets: secrets } = PolicyValue.read(policy).inputs()!;
  expect(secrets).toEqual({ "onHttpRequest[0].actions[0].config.clientSecret": "s3cret" });
  expect(JSON.stringify(plain)).not.toContain("s3cret");
  expect(PolicyValue.read(plain).withSecrets(secrets).toWire()).toEqual(toWirePolicy(policy));
  // Only a credential's place holds one.
  const elsewhere = { onHttpRequest: "x", "onHttpRequest[0].name": "y", "onHttpRequest[1].actions[0].config.name": "z" };
  expect(PolicyValue.read(plain).withSecrets(elsewhere).toWire()).toEqual(toWirePolicy(plain as TrafficPolicy));
});

it("reads every spelling into one value: the typed object, ngrok's documented object, YAML and JSON text", () => {
  const wire = toWirePolicy(policy);
  const yaml = `
on_http_response:
  - actions: [{ type: add-headers, config: { headers: { X-Served-By: ngrok } } }]
on_http_request:
  - name: auth
    actions: [{ type: openid-connect, config: { client_secret: s3cret, client_id: app, issuer_url: "https://id.example.com" } }]
  - actions: [{ type: rate-limit, config: { name: x, algorithm: sliding_window, capacity: 10, rate: 60s, bucket_key: [conn.client_ip] } }]
  - actions: [{ type: forward-internal, config: { url: "https://app.internal", on_error: continue } }]
`;
  const values = [policy, wire, yaml, JSON.stringify(wire)].map((given) => PolicyValue.read(given));
  const [typed, ...others] = values;
  for (const value of others) {
    expect(value.key()).toBe(typed!.key());
    // Kept in the program's spelling, the same policy.
    expect(value.inputs()!.trafficPolicySecrets).toEqual(typed!.inputs()!.trafficPolicySecrets);
    expect(PolicyValue.read(value.inputs()!.trafficPolicy).key()).toBe(PolicyValue.read(typed!.inputs()!.trafficPolicy).key());
    expect(value.toWire()).toEqual(expect.objectContaining(wire));
  }
  expect(typed!.inputs()!.trafficPolicySecrets).toEqual({ "onHttpRequest[0].actions[0].config.clientSecret": "s3cret" });
  expect(typed!.apiText()).toBe(JSON.stringify(wire));
});

it("names each problem by its place as the program spelled the policy", () => {
  const wire = { on_http_request: [{ actions: [{ type: "custom-response", config: { status_code: 99, colour: "red" } }] }], on_tcp_conect: [] };
  const problems = policyProblems(PolicyValue.read(wire)).map((p) => [p.path.join("/"), p.message]);
  expect(problems).toEqual([
    ["on_http_request/0/actions/0/config", expect.stringMatching(/^has unknown field\(s\): colour \(fields: status_code, body, headers\)$/)],
    ["on_http_request/0/actions/0/config/status_code", "must be at least 100"],
    ["on_tcp_conect", expect.stringMatching(/^is not a Traffic Policy phase \(phases: on_tcp_connect, on_http_request/)],
  ]);
  expect(policyProblems(PolicyValue.read(JSON.stringify(wire)))).toEqual(policyProblems(PolicyValue.read(wire)));
  const typed = { onHttpRequest: [{ actions: [{ type: "custom-response", config: { statusCode: 99, colour: "red" } }] }], onTcpConect: [] };
  expect(policyProblems(PolicyValue.read(typed)).map((p) => [p.path.join("/"), p.message])).toEqual([
    ["onHttpRequest/0/actions/0/config", expect.stringMatching(/^has unknown field\(s\): colour \(fields: statusCode, body, headers\)$/)],
    ["onHttpRequest/0/actions/0/config/statusCode", "must be at least 100"],
    ["onTcpConect", expect.stringMatching(/^is not a Traffic Policy phase \(phases: onTcpConnect, onHttpRequest/)],
  ]);
});
