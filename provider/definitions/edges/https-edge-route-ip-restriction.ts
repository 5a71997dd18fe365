import { ipRestrictionProperties, ipRestrictionRules, routeModule } from "./edge-common";

export const httpsEdgeRouteIpRestriction = routeModule({
  name: "HttpsEdgeRouteIpRestriction",
  module: "ip_restriction",
  description: "IP restriction of a route: only source IPs allowed by its IP policies reach the upstream.",
  properties: ipRestrictionProperties,
  rules: ipRestrictionRules,
  example: `const office = new ngrok.HttpsEdgeRouteIpRestriction("office-only", {
    route,
    ipPolicyIds: ["ipp_..."],
});`,
});
