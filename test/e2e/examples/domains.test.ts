/** examples/domains end to end: see ../lifecycle.ts. */
import { describeExample } from "../lifecycle";

jest.setTimeout(15 * 60_000);

const certificate = (description: string) => ({ description, subject_common_name: "*.example.com", private_key_type: "ecdsa" });
const ca = (description: string) => ({ description, subject_common_name: "Example CA (example only, do not trust)" });
const uploaded = { certificate: expect.objectContaining({ id: expect.stringMatching(/^cert_/) }) };

// examples/domains/index.ts reads config `description` (every resource, in place), `keyType` and
// `autoCertificates` (the agent ingress's certificate policy, in place), `domain` and
// `ingressDomain` (each replaces its resource).
describeExample("domains", {
  kinds: ["tls_certificates", "reserved_domains", "agent_ingresses", "certificate_authorities"],
  config: {},
  expect: {
    tls_certificates: [certificate("Example storefront: uploaded wildcard certificate")],
    reserved_domains: [{ domain: "shop.example.com", description: "Example storefront", ...uploaded }],
    agent_ingresses: [
      {
        domain: "agents.example.com",
        description: "Example storefront: agent ingress",
        certificate_management_policy: { authority: "letsencrypt", private_key_type: "ecdsa" },
      },
    ],
    certificate_authorities: [ca("Example storefront: client certificate authority")],
  },
  // The private key was given as a plain string: it must still be stored encrypted, and show nowhere.
  secretOutputs: { "storefront-cert": ["privateKeyPem"] },
  // Drift on the certificate: refresh must re-read it and still keep its write-only key.
  drift: { kind: "tls_certificates", path: "/tls_certificates", body: { description: "changed by hand" }, field: "description" },
  steps: [
    {
      name: "in-place update (descriptions, key type)",
      config: { description: "Updated by the e2e test", keyType: "rsa" },
      expect: {
        tls_certificates: [certificate("Updated by the e2e test: uploaded wildcard certificate")],
        reserved_domains: [{ domain: "shop.example.com", description: "Updated by the e2e test", ...uploaded }],
        agent_ingresses: [
          {
            domain: "agents.example.com",
            description: "Updated by the e2e test: agent ingress",
            certificate_management_policy: { authority: "letsencrypt", private_key_type: "rsa" },
          },
        ],
        certificate_authorities: [ca("Updated by the e2e test: client certificate authority")],
      },
      ids: { tls_certificates: "same", reserved_domains: "same", agent_ingresses: "same", certificate_authorities: "same" },
      ops: { "storefront-cert": "update", storefront: "update", agents: "update", "client-ca": "update" },
    },
    {
      name: "in-place update (automatic certificates off)",
      config: { autoCertificates: "false" },
      expect: {
        tls_certificates: [certificate("Updated by the e2e test: uploaded wildcard certificate")],
        reserved_domains: [{ domain: "shop.example.com", description: "Updated by the e2e test", ...uploaded }],
        agent_ingresses: [
          {
            domain: "agents.example.com",
            description: "Updated by the e2e test: agent ingress",
            certificate_management_policy: null,
            certificate_management_status: null,
          },
        ],
        certificate_authorities: [ca("Updated by the e2e test: client certificate authority")],
      },
      ids: { tls_certificates: "same", reserved_domains: "same", agent_ingresses: "same", certificate_authorities: "same" },
      ops: { agents: "update" },
    },
    {
      name: "replacement (domains)",
      config: { domain: "www.example.com", ingressDomain: "relay.example.com" },
      expect: {
        tls_certificates: [certificate("Updated by the e2e test: uploaded wildcard certificate")],
        reserved_domains: [{ domain: "www.example.com", description: "Updated by the e2e test", ...uploaded }],
        agent_ingresses: [{ domain: "relay.example.com", description: "Updated by the e2e test: agent ingress", certificate_management_policy: null }],
        certificate_authorities: [ca("Updated by the e2e test: client certificate authority")],
      },
      ids: { tls_certificates: "same", reserved_domains: "new", agent_ingresses: "new", certificate_authorities: "same" },
      ops: { storefront: "replace", agents: "replace" },
    },
  ],
});
