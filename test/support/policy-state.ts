/**
 * Policies as programs give them (every spelling, every kind of credential), and what the
 * provider made of each before the policy had a value type: the inputs the SDK class handed the
 * engine, the text the API received, and the outputs read back from it. These are the shapes
 * existing stacks hold in state; the policy value must keep them exactly.
 *
 * `stateBefore` was written by running the earlier provider/policy (splitSecrets(toTyped(...)),
 * toWirePolicy(mergeSecrets(...)), and the same split of the API's text) on `policyCases`.
 */
const e2ePolicy = {
  onHttpRequest: [
    { name: "webhooks", expressions: ["req.url.path == '/hooks'"], actions: [{ type: "verify-webhook", config: { provider: "github", secret: "e2e-webhook-plain-s3cret" } }] },
    {
      actions: [
        { type: "rate-limit", config: { name: "per ip", algorithm: "sliding_window", capacity: 30, rate: "60s", bucketKey: ["conn.client_ip"] } },
        { type: "custom-response", config: { statusCode: 200, body: "hello" } },
      ],
    },
  ],
};
const e2eYaml = `
on_http_request:
  - expressions:
      - req.url.path == '/hooks'
    name: webhooks
    actions:
      - type: verify-webhook
        config:
          secret: e2e-webhook-plain-s3cret
          provider: github
  - actions:
      - type: rate-limit
        config:
          bucket_key: [conn.client_ip]
          capacity: 30
          rate: 60s
          algorithm: sliding_window
          name: per ip
      - type: custom-response
        config: { body: hello, status_code: 200 }
`;
const e2eJson = JSON.stringify({
  on_http_request: [
    { name: "webhooks", expressions: ["req.url.path == '/hooks'"], actions: [{ type: "verify-webhook", config: { provider: "github", secret: "e2e-webhook-plain-s3cret" } }] },
    {
      actions: [
        { type: "rate-limit", config: { name: "per ip", algorithm: "sliding_window", capacity: 30, rate: "60s", bucket_key: ["conn.client_ip"] } },
        { type: "custom-response", config: { status_code: 200, body: "hello" } },
      ],
    },
  ],
}, null, 2);
const everyCredential = {
  onTcpConnect: [{ actions: [{ type: "terminate-tls", config: { minVersion: "1.3", serverPrivateKey: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----", serverCertificate: "-----BEGIN CERTIFICATE-----\nxyz\n-----END CERTIFICATE-----" } }] }],
  onHttpRequest: [
    { name: "basic", expressions: ["req.url.path.startsWith('/b')"], actions: [{ type: "basic-auth", config: { credentials: ["a:one", "b:two"], realm: "r" } }] },
    { expressions: ["req.url.path.startsWith('/o')"], actions: [{ type: "oauth", config: { provider: "google", clientId: "id", clientSecret: "oauth-s3cret", scopes: ["email"], authzUrlParams: { Access_Type: "offline" } } }] },
    { expressions: ["req.url.path.startsWith('/i')"], actions: [{ type: "openid-connect", config: { issuerUrl: "https://id.example.com", clientId: "c", clientSecret: "oidc-s3cret", idleSessionDuration: "1h" } }] },
    { expressions: ["req.url.path.startsWith('/w')"], actions: [{ type: "verify-webhook", config: { provider: "stripe", secret: "whsec" } }] },
    { actions: [{ type: "ai-gateway", config: { providers: [{ id: "openai", api_keys: [{ value: "k" }], camelKey: 1 }] } }, { type: "set-vars", config: { vars: [{ tier_name: "free" }] } }] },
    { actions: [{ type: "log", config: { metadata: { Some_Key: "${req.url.path}" } } }, { type: "add-headers", config: { headers: { "X-Served_By": "ngrok" } } }] },
    { actions: [{ type: "jwt-validation", config: { issuer: { allowList: [{ value: "https://iss" }] }, http: { tokens: [{ type: "jwt", method: "header", name: "Authorization", prefix: "Bearer " }] }, jws: { allowedAlgorithms: ["RS256"], keys: { sources: { additionalJkus: ["https://iss/jwks"] }, identification: [{ tokenClaims: ["kid"] }] } } } }] },
    { actions: [{ type: "forward-internal", config: { url: "https://app.internal", onError: "continue" } }] },
  ],
  onHttpResponse: [{ actions: [{ type: "compress-response", config: { algorithms: ["gzip"] } }] }],
  onEventStreamMessage: [{ actions: [{ type: "sse-find-replace", config: { replacements: [{ from: "secret", to: "***" }] } }] }],
};
const appPolicy = {
  onHttpRequest: [
    { name: "allowed networks only", actions: [{ type: "restrict-ips", config: { allow: ["203.0.113.0/24", "2001:db8::/32"] } }] },
    { name: "rate limit per client", actions: [{ type: "rate-limit", config: { name: "per client IP", algorithm: "sliding_window", capacity: 100, rate: "60s", bucketKey: ["conn.client_ip"] } }] },
    {
      name: "web UI: sign in with OpenID Connect",
      expressions: ["!req.url.path.startsWith('/api')"],
      actions: [{ type: "openid-connect", config: { issuerUrl: "https://accounts.google.com", clientId: "web-app", clientSecret: "app-s3cret", scopes: ["openid", "email"], idleSessionDuration: "1h" } }],
    },
    { name: "to the app's pool", actions: [{ type: "forward-internal", config: { url: "https://app.internal", onError: "continue" } }] },
  ],
  onHttpResponse: [{ name: "security headers", actions: [{ type: "add-headers", config: { headers: { "strict-transport-security": "max-age=63072000" } } }] }],
};

export const policyCases: Record<string, unknown> = {
  "e2e program, typed": e2ePolicy,
  "e2e program, YAML": e2eYaml,
  "e2e program, JSON": e2eJson,
  "every credential, typed": everyCredential,
  "cloud-endpoint example": appPolicy,
};

export interface PolicyState {
  inputs: { trafficPolicy: unknown; trafficPolicySecrets: Record<string, unknown> };
  apiText: string;
  outputs: { trafficPolicy: unknown; trafficPolicySecrets: Record<string, unknown> };
}

export const stateBefore: Record<string, PolicyState> = {
  "e2e program, typed": {
    inputs: {"trafficPolicy": {"onHttpRequest": [{"name": "webhooks", "expressions": ["req.url.path == '/hooks'"], "actions": [{"type": "verify-webhook", "config": {"provider": "github"}}]}, {"actions": [{"type": "rate-limit", "config": {"name": "per ip", "algorithm": "sliding_window", "capacity": 30, "rate": "60s", "bucketKey": ["conn.client_ip"]}}, {"type": "custom-response", "config": {"statusCode": 200, "body": "hello"}}]}]}, "trafficPolicySecrets": {"onHttpRequest[0].actions[0].config.secret": "e2e-webhook-plain-s3cret"}},
    apiText: "{\"on_http_request\":[{\"name\":\"webhooks\",\"expressions\":[\"req.url.path == '/hooks'\"],\"actions\":[{\"type\":\"verify-webhook\",\"config\":{\"provider\":\"github\",\"secret\":\"e2e-webhook-plain-s3cret\"}}]},{\"actions\":[{\"type\":\"rate-limit\",\"config\":{\"name\":\"per ip\",\"algorithm\":\"sliding_window\",\"capacity\":30,\"rate\":\"60s\",\"bucket_key\":[\"conn.client_ip\"]}},{\"type\":\"custom-response\",\"config\":{\"status_code\":200,\"body\":\"hello\"}}]}]}",
    outputs: {"trafficPolicy": {"onHttpRequest": [{"name": "webhooks", "expressions": ["req.url.path == '/hooks'"], "actions": [{"type": "verify-webhook", "config": {"provider": "github"}}]}, {"actions": [{"type": "rate-limit", "config": {"name": "per ip", "algorithm": "sliding_window", "capacity": 30, "rate": "60s", "bucketKey": ["conn.client_ip"]}}, {"type": "custom-response", "config": {"statusCode": 200, "body": "hello"}}]}]}, "trafficPolicySecrets": {"onHttpRequest[0].actions[0].config.secret": "e2e-webhook-plain-s3cret"}},
  },
  "e2e program, YAML": {
    inputs: {"trafficPolicy": {"onHttpRequest": [{"expressions": ["req.url.path == '/hooks'"], "name": "webhooks", "actions": [{"type": "verify-webhook", "config": {"provider": "github"}}]}, {"actions": [{"type": "rate-limit", "config": {"bucketKey": ["conn.client_ip"], "capacity": 30, "rate": "60s", "algorithm": "sliding_window", "name": "per ip"}}, {"type": "custom-response", "config": {"body": "hello", "statusCode": 200}}]}]}, "trafficPolicySecrets": {"onHttpRequest[0].actions[0].config.secret": "e2e-webhook-plain-s3cret"}},
    apiText: "{\"on_http_request\":[{\"expressions\":[\"req.url.path == '/hooks'\"],\"name\":\"webhooks\",\"actions\":[{\"type\":\"verify-webhook\",\"config\":{\"provider\":\"github\",\"secret\":\"e2e-webhook-plain-s3cret\"}}]},{\"actions\":[{\"type\":\"rate-limit\",\"config\":{\"bucket_key\":[\"conn.client_ip\"],\"capacity\":30,\"rate\":\"60s\",\"algorithm\":\"sliding_window\",\"name\":\"per ip\"}},{\"type\":\"custom-response\",\"config\":{\"body\":\"hello\",\"status_code\":200}}]}]}",
    outputs: {"trafficPolicy": {"onHttpRequest": [{"expressions": ["req.url.path == '/hooks'"], "name": "webhooks", "actions": [{"type": "verify-webhook", "config": {"provider": "github"}}]}, {"actions": [{"type": "rate-limit", "config": {"bucketKey": ["conn.client_ip"], "capacity": 30, "rate": "60s", "algorithm": "sliding_window", "name": "per ip"}}, {"type": "custom-response", "config": {"body": "hello", "statusCode": 200}}]}]}, "trafficPolicySecrets": {"onHttpRequest[0].actions[0].config.secret": "e2e-webhook-plain-s3cret"}},
  },
  "e2e program, JSON": {
    inputs: {"trafficPolicy": {"onHttpRequest": [{"name": "webhooks", "expressions": ["req.url.path == '/hooks'"], "actions": [{"type": "verify-webhook", "config": {"provider": "github"}}]}, {"actions": [{"type": "rate-limit", "config": {"name": "per ip", "algorithm": "sliding_window", "capacity": 30, "rate": "60s", "bucketKey": ["conn.client_ip"]}}, {"type": "custom-response", "config": {"statusCode": 200, "body": "hello"}}]}]}, "trafficPolicySecrets": {"onHttpRequest[0].actions[0].config.secret": "e2e-webhook-plain-s3cret"}},
    apiText: "{\"on_http_request\":[{\"name\":\"webhooks\",\"expressions\":[\"req.url.path == '/hooks'\"],\"actions\":[{\"type\":\"verify-webhook\",\"config\":{\"provider\":\"github\",\"secret\":\"e2e-webhook-plain-s3cret\"}}]},{\"actions\":[{\"type\":\"rate-limit\",\"config\":{\"name\":\"per ip\",\"algorithm\":\"sliding_window\",\"capacity\":30,\"rate\":\"60s\",\"bucket_key\":[\"conn.client_ip\"]}},{\"type\":\"custom-response\",\"config\":{\"status_code\":200,\"body\":\"hello\"}}]}]}",
    outputs: {"trafficPolicy": {"onHttpRequest": [{"name": "webhooks", "expressions": ["req.url.path == '/hooks'"], "actions": [{"type": "verify-webhook", "config": {"provider": "github"}}]}, {"actions": [{"type": "rate-limit", "config": {"name": "per ip", "algorithm": "sliding_window", "capacity": 30, "rate": "60s", "bucketKey": ["conn.client_ip"]}}, {"type": "custom-response", "config": {"statusCode": 200, "body": "hello"}}]}]}, "trafficPolicySecrets": {"onHttpRequest[0].actions[0].config.secret": "e2e-webhook-plain-s3cret"}},
  },
  "every credential, typed": {
    inputs: {"trafficPolicy": {"onTcpConnect": [{"actions": [{"type": "terminate-tls", "config": {"minVersion": "1.3", "serverCertificate": "-----BEGIN CERTIFICATE-----\nxyz\n-----END CERTIFICATE-----"}}]}], "onHttpRequest": [{"name": "basic", "expressions": ["req.url.path.startsWith('/b')"], "actions": [{"type": "basic-auth", "config": {"realm": "r"}}]}, {"expressions": ["req.url.path.startsWith('/o')"], "actions": [{"type": "oauth", "config": {"provider": "google", "clientId": "id", "scopes": ["email"], "authzUrlParams": {"Access_Type": "offline"}}}]}, {"expressions": ["req.url.path.startsWith('/i')"], "actions": [{"type": "openid-connect", "config": {"issuerUrl": "https://id.example.com", "clientId": "c", "idleSessionDuration": "1h"}}]}, {"expressions": ["req.url.path.startsWith('/w')"], "actions": [{"type": "verify-webhook", "config": {"provider": "stripe"}}]}, {"actions": [{"type": "ai-gateway", "config": {"providers": [{"id": "openai", "api_keys": [{"value": "k"}], "camelKey": 1}]}}, {"type": "set-vars", "config": {"vars": [{"tier_name": "free"}]}}]}, {"actions": [{"type": "log", "config": {"metadata": {"Some_Key": "${req.url.path}"}}}, {"type": "add-headers", "config": {"headers": {"X-Served_By": "ngrok"}}}]}, {"actions": [{"type": "jwt-validation", "config": {"issuer": {"allowList": [{"value": "https://iss"}]}, "http": {"tokens": [{"type": "jwt", "method": "header", "name": "Authorization", "prefix": "Bearer "}]}, "jws": {"allowedAlgorithms": ["RS256"], "keys": {"sources": {"additionalJkus": ["https://iss/jwks"]}, "identification": [{"tokenClaims": ["kid"]}]}}}}]}, {"actions": [{"type": "forward-internal", "config": {"url": "https://app.internal", "onError": "continue"}}]}], "onHttpResponse": [{"actions": [{"type": "compress-response", "config": {"algorithms": ["gzip"]}}]}], "onEventStreamMessage": [{"actions": [{"type": "sse-find-replace", "config": {"replacements": [{"from": "secret", "to": "***"}]}}]}]}, "trafficPolicySecrets": {"onTcpConnect[0].actions[0].config.serverPrivateKey": "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----", "onHttpRequest[0].actions[0].config.credentials[0]": "a:one", "onHttpRequest[0].actions[0].config.credentials[1]": "b:two", "onHttpRequest[1].actions[0].config.clientSecret": "oauth-s3cret", "onHttpRequest[2].actions[0].config.clientSecret": "oidc-s3cret", "onHttpRequest[3].actions[0].config.secret": "whsec"}},
    apiText: "{\"on_tcp_connect\":[{\"actions\":[{\"type\":\"terminate-tls\",\"config\":{\"min_version\":\"1.3\",\"server_certificate\":\"-----BEGIN CERTIFICATE-----\\nxyz\\n-----END CERTIFICATE-----\",\"server_private_key\":\"-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----\"}}]}],\"on_http_request\":[{\"name\":\"basic\",\"expressions\":[\"req.url.path.startsWith('/b')\"],\"actions\":[{\"type\":\"basic-auth\",\"config\":{\"realm\":\"r\",\"credentials\":[\"a:one\",\"b:two\"]}}]},{\"expressions\":[\"req.url.path.startsWith('/o')\"],\"actions\":[{\"type\":\"oauth\",\"config\":{\"provider\":\"google\",\"client_id\":\"id\",\"scopes\":[\"email\"],\"authz_url_params\":{\"Access_Type\":\"offline\"},\"client_secret\":\"oauth-s3cret\"}}]},{\"expressions\":[\"req.url.path.startsWith('/i')\"],\"actions\":[{\"type\":\"openid-connect\",\"config\":{\"issuer_url\":\"https://id.example.com\",\"client_id\":\"c\",\"idle_session_duration\":\"1h\",\"client_secret\":\"oidc-s3cret\"}}]},{\"expressions\":[\"req.url.path.startsWith('/w')\"],\"actions\":[{\"type\":\"verify-webhook\",\"config\":{\"provider\":\"stripe\",\"secret\":\"whsec\"}}]},{\"actions\":[{\"type\":\"ai-gateway\",\"config\":{\"providers\":[{\"id\":\"openai\",\"api_keys\":[{\"value\":\"k\"}],\"camelKey\":1}]}},{\"type\":\"set-vars\",\"config\":{\"vars\":[{\"tier_name\":\"free\"}]}}]},{\"actions\":[{\"type\":\"log\",\"config\":{\"metadata\":{\"Some_Key\":\"${req.url.path}\"}}},{\"type\":\"add-headers\",\"config\":{\"headers\":{\"X-Served_By\":\"ngrok\"}}}]},{\"actions\":[{\"type\":\"jwt-validation\",\"config\":{\"issuer\":{\"allow_list\":[{\"value\":\"https://iss\"}]},\"http\":{\"tokens\":[{\"type\":\"jwt\",\"method\":\"header\",\"name\":\"Authorization\",\"prefix\":\"Bearer \"}]},\"jws\":{\"allowed_algorithms\":[\"RS256\"],\"keys\":{\"sources\":{\"additional_jkus\":[\"https://iss/jwks\"]},\"identification\":[{\"token_claims\":[\"kid\"]}]}}}}]},{\"actions\":[{\"type\":\"forward-internal\",\"config\":{\"url\":\"https://app.internal\",\"on_error\":\"continue\"}}]}],\"on_http_response\":[{\"actions\":[{\"type\":\"compress-response\",\"config\":{\"algorithms\":[\"gzip\"]}}]}],\"on_event_stream_message\":[{\"actions\":[{\"type\":\"sse-find-replace\",\"config\":{\"replacements\":[{\"from\":\"secret\",\"to\":\"***\"}]}}]}]}",
    outputs: {"trafficPolicy": {"onTcpConnect": [{"actions": [{"type": "terminate-tls", "config": {"minVersion": "1.3", "serverCertificate": "-----BEGIN CERTIFICATE-----\nxyz\n-----END CERTIFICATE-----"}}]}], "onHttpRequest": [{"name": "basic", "expressions": ["req.url.path.startsWith('/b')"], "actions": [{"type": "basic-auth", "config": {"realm": "r"}}]}, {"expressions": ["req.url.path.startsWith('/o')"], "actions": [{"type": "oauth", "config": {"provider": "google", "clientId": "id", "scopes": ["email"], "authzUrlParams": {"Access_Type": "offline"}}}]}, {"expressions": ["req.url.path.startsWith('/i')"], "actions": [{"type": "openid-connect", "config": {"issuerUrl": "https://id.example.com", "clientId": "c", "idleSessionDuration": "1h"}}]}, {"expressions": ["req.url.path.startsWith('/w')"], "actions": [{"type": "verify-webhook", "config": {"provider": "stripe"}}]}, {"actions": [{"type": "ai-gateway", "config": {"providers": [{"id": "openai", "api_keys": [{"value": "k"}], "camelKey": 1}]}}, {"type": "set-vars", "config": {"vars": [{"tier_name": "free"}]}}]}, {"actions": [{"type": "log", "config": {"metadata": {"Some_Key": "${req.url.path}"}}}, {"type": "add-headers", "config": {"headers": {"X-Served_By": "ngrok"}}}]}, {"actions": [{"type": "jwt-validation", "config": {"issuer": {"allowList": [{"value": "https://iss"}]}, "http": {"tokens": [{"type": "jwt", "method": "header", "name": "Authorization", "prefix": "Bearer "}]}, "jws": {"allowedAlgorithms": ["RS256"], "keys": {"sources": {"additionalJkus": ["https://iss/jwks"]}, "identification": [{"tokenClaims": ["kid"]}]}}}}]}, {"actions": [{"type": "forward-internal", "config": {"url": "https://app.internal", "onError": "continue"}}]}], "onHttpResponse": [{"actions": [{"type": "compress-response", "config": {"algorithms": ["gzip"]}}]}], "onEventStreamMessage": [{"actions": [{"type": "sse-find-replace", "config": {"replacements": [{"from": "secret", "to": "***"}]}}]}]}, "trafficPolicySecrets": {"onTcpConnect[0].actions[0].config.serverPrivateKey": "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----", "onHttpRequest[0].actions[0].config.credentials[0]": "a:one", "onHttpRequest[0].actions[0].config.credentials[1]": "b:two", "onHttpRequest[1].actions[0].config.clientSecret": "oauth-s3cret", "onHttpRequest[2].actions[0].config.clientSecret": "oidc-s3cret", "onHttpRequest[3].actions[0].config.secret": "whsec"}},
  },
  "cloud-endpoint example": {
    inputs: {"trafficPolicy": {"onHttpRequest": [{"name": "allowed networks only", "actions": [{"type": "restrict-ips", "config": {"allow": ["203.0.113.0/24", "2001:db8::/32"]}}]}, {"name": "rate limit per client", "actions": [{"type": "rate-limit", "config": {"name": "per client IP", "algorithm": "sliding_window", "capacity": 100, "rate": "60s", "bucketKey": ["conn.client_ip"]}}]}, {"name": "web UI: sign in with OpenID Connect", "expressions": ["!req.url.path.startsWith('/api')"], "actions": [{"type": "openid-connect", "config": {"issuerUrl": "https://accounts.google.com", "clientId": "web-app", "scopes": ["openid", "email"], "idleSessionDuration": "1h"}}]}, {"name": "to the app's pool", "actions": [{"type": "forward-internal", "config": {"url": "https://app.internal", "onError": "continue"}}]}], "onHttpResponse": [{"name": "security headers", "actions": [{"type": "add-headers", "config": {"headers": {"strict-transport-security": "max-age=63072000"}}}]}]}, "trafficPolicySecrets": {"onHttpRequest[2].actions[0].config.clientSecret": "app-s3cret"}},
    apiText: "{\"on_http_request\":[{\"name\":\"allowed networks only\",\"actions\":[{\"type\":\"restrict-ips\",\"config\":{\"allow\":[\"203.0.113.0/24\",\"2001:db8::/32\"]}}]},{\"name\":\"rate limit per client\",\"actions\":[{\"type\":\"rate-limit\",\"config\":{\"name\":\"per client IP\",\"algorithm\":\"sliding_window\",\"capacity\":100,\"rate\":\"60s\",\"bucket_key\":[\"conn.client_ip\"]}}]},{\"name\":\"web UI: sign in with OpenID Connect\",\"expressions\":[\"!req.url.path.startsWith('/api')\"],\"actions\":[{\"type\":\"openid-connect\",\"config\":{\"issuer_url\":\"https://accounts.google.com\",\"client_id\":\"web-app\",\"scopes\":[\"openid\",\"email\"],\"idle_session_duration\":\"1h\",\"client_secret\":\"app-s3cret\"}}]},{\"name\":\"to the app's pool\",\"actions\":[{\"type\":\"forward-internal\",\"config\":{\"url\":\"https://app.internal\",\"on_error\":\"continue\"}}]}],\"on_http_response\":[{\"name\":\"security headers\",\"actions\":[{\"type\":\"add-headers\",\"config\":{\"headers\":{\"strict-transport-security\":\"max-age=63072000\"}}}]}]}",
    outputs: {"trafficPolicy": {"onHttpRequest": [{"name": "allowed networks only", "actions": [{"type": "restrict-ips", "config": {"allow": ["203.0.113.0/24", "2001:db8::/32"]}}]}, {"name": "rate limit per client", "actions": [{"type": "rate-limit", "config": {"name": "per client IP", "algorithm": "sliding_window", "capacity": 100, "rate": "60s", "bucketKey": ["conn.client_ip"]}}]}, {"name": "web UI: sign in with OpenID Connect", "expressions": ["!req.url.path.startsWith('/api')"], "actions": [{"type": "openid-connect", "config": {"issuerUrl": "https://accounts.google.com", "clientId": "web-app", "scopes": ["openid", "email"], "idleSessionDuration": "1h"}}]}, {"name": "to the app's pool", "actions": [{"type": "forward-internal", "config": {"url": "https://app.internal", "onError": "continue"}}]}], "onHttpResponse": [{"name": "security headers", "actions": [{"type": "add-headers", "config": {"headers": {"strict-transport-security": "max-age=63072000"}}}]}]}, "trafficPolicySecrets": {"onHttpRequest[2].actions[0].config.clientSecret": "app-s3cret"}},
  },
};
