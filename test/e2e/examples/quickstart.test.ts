/** examples/quickstart end to end: see ../lifecycle.ts. */
import { describeExample, type Row } from "../lifecycle";

jest.setTimeout(15 * 60_000);

/** The app's endpoints as the emulator holds them: the public one's policy as sent (JSON text). */
function endpoints(host: string, capacity: number): Row[] {
  return [
    { url: "https://api.internal", type: "cloud", description: "The app's API", traffic_policy: expect.stringContaining('"type":"custom-response"') },
    {
      url: `https://${host}`,
      type: "cloud",
      description: "The app",
      traffic_policy: expect.stringMatching(new RegExp(`^(?=.*"capacity":${capacity},)(?=.*"url":"https://api.internal")`)),
    },
  ];
}

// examples/quickstart/index.ts reads config `domain` (changing it replaces the reserved domain and
// the endpoint on it), `description` and `rateLimit` (updated in place); the credential may bind
// only that domain.
describeExample("quickstart", {
  // The README's program: drift, updates and the replacement through the plugin too.
  plugin: "whole",
  envCredentials: true,
  kinds: ["reserved_domains", "credentials", "endpoints"],
  config: {},
  expect: {
    reserved_domains: [{ domain: "quickstart.ngrok.app", description: "Quickstart: the app's public hostname" }],
    credentials: [{ description: "Agent serving quickstart.ngrok.app", acl: ["bind:quickstart.ngrok.app"] }],
    endpoints: endpoints("quickstart.ngrok.app", 5),
  },
  secretOutputs: { agent: ["token"] },
  drift: { kind: "reserved_domains", path: "/reserved_domains", body: { description: "changed by hand" }, field: "description" },
  steps: [
    {
      name: "in-place update (description, rate limit)",
      config: { description: "Updated by the e2e test", rateLimit: "50" },
      expect: {
        reserved_domains: [{ domain: "quickstart.ngrok.app", description: "Updated by the e2e test" }],
        credentials: [{ description: "Agent serving quickstart.ngrok.app", acl: ["bind:quickstart.ngrok.app"] }],
        endpoints: endpoints("quickstart.ngrok.app", 50),
      },
      ids: { reserved_domains: "same", credentials: "same", endpoints: "same" },
      ops: { app: "update", web: "update" },
    },
    {
      name: "replacement (domain)",
      config: { domain: "e2e-replaced.ngrok.app" },
      expect: {
        reserved_domains: [{ domain: "e2e-replaced.ngrok.app", description: "Updated by the e2e test" }],
        credentials: [{ description: "Agent serving e2e-replaced.ngrok.app", acl: ["bind:e2e-replaced.ngrok.app"] }],
        endpoints: endpoints("e2e-replaced.ngrok.app", 50),
      },
      // The internal endpoint keeps its id, the public one gets a new one (its URL is the domain).
      ids: { reserved_domains: "new", credentials: "same" },
      // The credential's description and ACL name the new domain: changed in place.
      ops: { app: "replace", web: "replace", agent: "update" },
    },
  ],
});
