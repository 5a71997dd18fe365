/**
 * A cloud endpoint's traffic policy of the shape examples/cloud-endpoint deploys: office addresses
 * only, a rate limit per client, JWTs on /api, single sign-on for the rest, and an error page
 * in place of the upstream's 5xx answers.
 */
import type { WirePolicy } from "../../emulator";

export const policy: WirePolicy = {
  on_http_request: [
    {
      name: "office and VPN addresses only",
      actions: [{ type: "restrict-ips", config: { enforce: true, allow: ["203.0.113.0/24", "2001:db8:1::/48"] } }],
    },
    {
      name: "100 requests a minute per client",
      actions: [{ type: "rate-limit", config: { name: "per-client", algorithm: "sliding_window", capacity: 100, rate: "60s", bucket_key: ["conn.client_ip"] } }],
    },
    {
      name: "the API takes JWTs",
      expressions: ["req.url.path.startsWith('/api/')"],
      actions: [
        {
          type: "jwt-validation",
          config: {
            issuer: { allow_list: [{ value: "https://example.eu.auth0.com/" }] },
            audience: { allow_list: [{ value: "https://api.example.com" }] },
            http: { tokens: [{ type: "jwt", method: "header", name: "Authorization", prefix: "Bearer " }] },
            jws: { allowed_algorithms: ["RS256"], keys: { sources: { additional_jkus: ["https://example.eu.auth0.com/.well-known/jwks.json"] } } },
          },
        },
        { type: "forward-internal", config: { url: "https://api.internal" } },
      ],
    },
    {
      name: "everyone else signs in",
      actions: [
        { type: "openid-connect", config: { issuer_url: "https://example.eu.auth0.com", client_id: "pulumi-ngrok-example", client_secret: "example-client-secret" } },
        { type: "forward-internal", config: { url: "https://web.internal" } },
      ],
    },
  ],
  on_http_response: [
    {
      name: "an error page instead of a 5xx",
      expressions: ["res.status_code >= 500"],
      actions: [{ type: "custom-response", config: { status_code: 503, headers: { "content-type": "text/html" }, body: "<!doctype html><h1>We'll be right back</h1>" } }],
    },
  ],
};
