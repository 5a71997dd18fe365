/** examples/https-edge end to end: see ../lifecycle.ts. */
import { describeExample, type Row } from "../lifecycle";

jest.setTimeout(20 * 60_000);

const clientSecret = "e2e-oidc-client-s3cret";
const containing = (o: Row) => expect.objectContaining(o);

/** The emulator's routes with their modules (API shape), given the settings that change across steps. */
function routes(clientId: string, numBuckets: number): Row[] {
  return [
    {
      match_type: "path_prefix",
      match: "/",
      description: "Web UI",
      oidc: containing({ enabled: true, issuer: "https://accounts.google.com", client_id: clientId, client_secret: clientSecret, scopes: ["openid", "email"], inactivity_timeout: 3600 }),
      user_agent_filter: { enabled: true, allow: [], deny: ["(?i)bot", "(?i)crawler", "^curl/"] },
      circuit_breaker: { enabled: true, error_threshold_percentage: 0.5, volume_threshold: 20, num_buckets: numBuckets, rolling_window: 60, tripped_duration: 30 },
      jwt_validation: null,
      webhook_verification: null,
      ip_restriction: null,
    },
    {
      match_type: "path_prefix",
      match: "/api",
      description: "API",
      oidc: null,
      jwt_validation: containing({
        enabled: true,
        audience: { allow_list: [{ value: clientId }] },
        http: { tokens: [{ type: "jwt", method: "header", name: "Authorization", prefix: "Bearer " }] },
        jws: { allowed_algorithms: ["RS256"], keys: { sources: { additional_jkus: ["https://www.googleapis.com/oauth2/v3/certs"] } } },
      }),
      circuit_breaker: containing({ enabled: true, error_threshold_percentage: 0.25, volume_threshold: 50 }),
    },
  ];
}

// examples/https-edge/index.ts reads config `domain` (changing it replaces the reserved domain; the
// edge's hostports follow in place), `oidcClientId` and `numBuckets` (modules updated in place),
// and the secret `oidcClientSecret`.
describeExample("https-edge", {
  kinds: ["reserved_domains", "https_edges", "https_edge_routes"],
  config: {},
  secretConfig: { oidcClientSecret: clientSecret },
  expect: {
    reserved_domains: [{ domain: "edge-app.ngrok.app" }],
    https_edges: [{ description: "The app: web UI and API", hostports: ["edge-app.ngrok.app:443"] }],
    https_edge_routes: routes("web-app", 10),
  },
  secretOutputs: { "web-sso": ["clientSecret"] },
  drift: { kind: "https_edges", path: "/edges/https", body: { description: "changed by hand" }, field: "description" },
  steps: [
    {
      name: "in-place update (OIDC client, circuit breaker buckets)",
      config: { oidcClientId: "web-app-v2", numBuckets: "20" },
      expect: {
        reserved_domains: [{ domain: "edge-app.ngrok.app" }],
        https_edges: [{ hostports: ["edge-app.ngrok.app:443"] }],
        https_edge_routes: routes("web-app-v2", 20),
      },
      ids: { reserved_domains: "same", https_edges: "same", https_edge_routes: "same" },
      ops: { "web-sso": "update", "web-breaker": "update", "api-jwt": "update" },
    },
    {
      name: "replacement (domain)",
      config: { domain: "edge-moved.ngrok.app" },
      expect: {
        reserved_domains: [{ domain: "edge-moved.ngrok.app" }],
        https_edges: [{ hostports: ["edge-moved.ngrok.app:443"] }],
        https_edge_routes: routes("web-app-v2", 20),
      },
      ids: { reserved_domains: "new", https_edges: "same", https_edge_routes: "same" },
      ops: { "app-domain": "replace", "app-edge": "update" },
    },
  ],
});
