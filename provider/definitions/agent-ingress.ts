import { certPolicyType, certStatusType, createdAt, description, metadata } from "./common";
import { hostname, normalizeDomain } from "./reserved-domain";
import type { BoundDefinition } from "../contract";

export const agentIngress: BoundDefinition = {
  name: "AgentIngress",
  description:
    "A custom agent ingress: a domain the account owns, delegated to the service with NS records, whose regional " +
    "subdomains the account's agents connect to instead of the service's default addresses.",
  binding: { kind: "collection", path: "/agent_ingresses", idPrefix: "agin", listKey: "ingresses" },
  properties: {
    domain: {
      type: { kind: "string", refine: hostname(false) },
      description:
        "The domain the account owns, used as the base of the regional agent ingress domains; stored lower-cased, without a trailing dot.",
      input: { api: "domain", required: true, onChange: "replace", unset: "clear" },
      normalize: normalizeDomain,
    },
    description: description("What the agent ingress is for."),
    metadata: metadata(),
    certificateManagementPolicy: {
      type: certPolicyType("AgentIngressCertificateManagementPolicy", "rsa"),
      description:
        "Automatic certificate management for the regional domains. Absent means none: removing it from the program turns it off.",
      input: { api: "certificate_management_policy", onChange: "update", unset: "clear" },
    },
    nsTargets: {
      type: { kind: "array", items: { kind: "string" } },
      api: "ns_targets",
      present: true,
      description: "The values of the NS records that delegate `domain` to the service.",
    },
    regionDomains: {
      type: { kind: "array", items: { kind: "string" } },
      api: "region_domains",
      present: true,
      description: "The regional agent ingress domains, subdomains of `domain`; the service adds more as it opens regions.",
    },
    certificateManagementStatus: {
      type: certStatusType,
      api: "certificate_management_status",
      description: "The state of automatic certificate management; absent when it is off. Changes by the service never show as a diff.",
    },
    uri: {
      type: { kind: "string" },
      api: "uri",
      present: true,
      lookupOnly: true,
      // The service answers a path here, where every other resource has an absolute URL.
      description: "The address of the agent ingress in the API, as a path relative to the API's base URL (`/agent_ingresses/agin_...`).",
    },
    createdAt,
  },
  lookupKey: ["domain"],
  example: `const ingress = new ngrok.AgentIngress("agents", {
    domain: "connect.example.com",
    certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "ecdsa" },
});
// Delegate the domain: one NS record per target.
export const nsTargets = ingress.nsTargets;`,
};
