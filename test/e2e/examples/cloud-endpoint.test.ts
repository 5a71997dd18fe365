/** examples/cloud-endpoint end to end: see ../lifecycle.ts. */
import { describeExample, type Row } from "../lifecycle";

jest.setTimeout(20 * 60_000);

const clientSecret = "e2e-oidc-client-s3cret";

/** The endpoint as the emulator holds it: its policy as sent (JSON text), the OIDC secret in place. */
function endpoint(host: string, rateLimit: number, clientId: string): Row {
  return {
    url: `https://${host}`,
    type: "cloud",
    description: "The app: web UI and API",
    bindings: ["public"],
    domain: expect.objectContaining({ id: expect.stringMatching(/^rd_/) }),
    traffic_policy: expect.stringMatching(
      new RegExp(`^(?=.*"capacity":${rateLimit},)(?=.*"client_id":"${clientId}")(?=.*"client_secret":"${clientSecret}")(?=.*"issuer_url":"https://accounts.google.com")`),
    ),
  };
}

// examples/cloud-endpoint/index.ts reads config `domain` (changing it replaces the reserved domain
// and the endpoint), `rateLimit` and `oidcClientId` (the policy changes in place), and the secret
// `oidcClientSecret` (kept out of the policy's plain form, encrypted in state).
describeExample("cloud-endpoint", {
  // A cloud endpoint with its policy, what ngrok users deploy today: drift, updates and the replacement through the plugin too.
  plugin: "whole",
  kinds: ["reserved_domains", "credentials", "endpoints"],
  config: {},
  secretConfig: { oidcClientSecret: clientSecret },
  expect: {
    reserved_domains: [{ domain: "cloud-app.ngrok.app" }],
    credentials: [{ acl: ["bind:app.internal"] }],
    endpoints: [endpoint("cloud-app.ngrok.app", 100, "web-app")],
  },
  secretOutputs: {
    app: ["trafficPolicySecrets.onHttpRequest[4].actions[0].config.clientSecret"],
    "app-agents": ["token"],
  },
  drift: { kind: "endpoints", path: "/endpoints", body: { description: "changed by hand" }, field: "description" },
  steps: [
    {
      name: "in-place policy change (rate limit, OIDC client)",
      config: { rateLimit: "50", oidcClientId: "web-app-v2" },
      expect: {
        reserved_domains: [{ domain: "cloud-app.ngrok.app" }],
        credentials: [{ acl: ["bind:app.internal"] }],
        endpoints: [endpoint("cloud-app.ngrok.app", 50, "web-app-v2")],
      },
      ids: { reserved_domains: "same", credentials: "same", endpoints: "same" },
      ops: { app: "update" },
    },
    {
      name: "replacement (domain, so the URL)",
      config: { domain: "cloud-moved.ngrok.app" },
      expect: {
        reserved_domains: [{ domain: "cloud-moved.ngrok.app" }],
        credentials: [{ acl: ["bind:app.internal"] }],
        endpoints: [endpoint("cloud-moved.ngrok.app", 50, "web-app-v2")],
      },
      ids: { reserved_domains: "new", credentials: "same", endpoints: "new" },
      ops: { "app-domain": "replace", app: "replace" },
    },
  ],
});
