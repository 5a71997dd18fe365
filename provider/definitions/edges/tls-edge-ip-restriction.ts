import { ipRestrictionProperties, ipRestrictionRules, tlsEdgeModule } from "./edge-common";

export const tlsEdgeIpRestriction = tlsEdgeModule({
  name: "TlsEdgeIpRestriction",
  module: "ip_restriction",
  description: "IP restriction of a TLS edge: only source IPs allowed by its IP policies may connect.",
  properties: ipRestrictionProperties,
  rules: ipRestrictionRules,
  example: `const office = new ngrok.TlsEdgeIpRestriction("office-only", {
    edge,
    ipPolicyIds: ["ipp_..."],
});`,
});
