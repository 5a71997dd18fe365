/** examples/quickstart end to end: see ../lifecycle.ts. */
import { describeExample } from "../lifecycle";

jest.setTimeout(15 * 60_000);

// examples/quickstart/index.ts reads config `domain` (changing it replaces the reserved domain)
// and `description` (updated in place); the credential may bind only that domain.
describeExample("quickstart", {
  envCredentials: true,
  kinds: ["reserved_domains", "credentials"],
  config: {},
  expect: {
    reserved_domains: [{ domain: "quickstart.ngrok.app", description: "Quickstart: the app's public hostname" }],
    credentials: [{ description: "Agent serving quickstart.ngrok.app", acl: ["bind:quickstart.ngrok.app"] }],
  },
  secretOutputs: { agent: ["token"] },
  drift: { kind: "reserved_domains", path: "/reserved_domains", body: { description: "changed by hand" }, field: "description" },
  steps: [
    {
      name: "in-place update (description)",
      config: { description: "Updated by the e2e test" },
      expect: {
        reserved_domains: [{ domain: "quickstart.ngrok.app", description: "Updated by the e2e test" }],
        credentials: [{ description: "Agent serving quickstart.ngrok.app", acl: ["bind:quickstart.ngrok.app"] }],
      },
      ids: { reserved_domains: "same", credentials: "same" },
      ops: { app: "update" },
    },
    {
      name: "replacement (domain)",
      config: { domain: "e2e-replaced.ngrok.app" },
      expect: {
        reserved_domains: [{ domain: "e2e-replaced.ngrok.app", description: "Updated by the e2e test" }],
        credentials: [{ description: "Agent serving e2e-replaced.ngrok.app", acl: ["bind:e2e-replaced.ngrok.app"] }],
      },
      ids: { reserved_domains: "new", credentials: "same" },
      // The credential's description and ACL name the new domain: changed in place.
      ops: { app: "replace", agent: "update" },
    },
  ],
});
