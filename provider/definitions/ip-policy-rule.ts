import { createdAt, description, metadata, uri } from "./common";
import { cidr } from "./ip";
import { refId } from "./refs";
import type { BoundDefinition } from "../contract";

export const ipPolicyRule: BoundDefinition = {
  name: "IpPolicyRule",
  description: "One IPv4 or IPv6 range of an IpPolicy, allowed or denied.",
  binding: {
    kind: "collection",
    path: "/ip_policy_rules",
    idPrefix: "ipr",
    listKey: "ip_policy_rules",
    // The service's code for a policy that is not one of the account's.
    errorHints: { ERR_NGROK_1414: "ipPolicyId refers to a resource that does not exist: check the id, or create that resource first" },
  },
  properties: {
    description: description("Whose addresses these are, e.g. `sf office`."),
    metadata: metadata(),
    cidr: {
      type: { kind: "string", refine: cidr },
      description: "The range, in CIDR notation with its mask: `203.0.113.0/24`, `2001:db8::/32`; a single address is `/32` (IPv4) or `/128` (IPv6). Checked at preview.",
      input: { api: "cidr", required: true, onChange: "update", unset: "clear" },
    },
    action: {
      type: { kind: "string", enum: ["allow", "deny"] },
      description: "Whether traffic from the range is allowed or denied.",
      input: { api: "action", required: true, onChange: "replace", unset: "clear" },
    },
    ipPolicyId: {
      type: { kind: "string", idPrefix: "ipp" },
      description: "The IpPolicy the rule belongs to.",
      input: { api: "ip_policy_id", required: true, onChange: "replace", unset: "clear" },
      // The API answers the policy as a reference, `ip_policy: {id, uri}`.
      fromApi: (api) => refId(api, "ip_policy"),
    },
    uri,
    createdAt,
  },
  conflictsWith: [
    {
      input: "ipPolicyId",
      resource: "IpPolicy",
      property: "rules",
      advice: "Add the rule to the policy's rules instead, or remove rules from the policy and manage each rule as an IpPolicyRule.",
    },
  ],
  // The service holds a range once per policy (ERR_NGROK_1408): a replace that keeps the CIDR
  // (a new action) deletes the old rule first.
  uniqueKey: "cidr",
  lookupKey: ["ipPolicyId", "cidr"],
  example: `const vpn = new ngrok.IpPolicy("vpn", { description: "VPN egress" });
new ngrok.IpPolicyRule("vpn-v4", { ipPolicyId: vpn.id, cidr: "198.51.100.0/24", action: "allow", description: "VPN (IPv4)" });
new ngrok.IpPolicyRule("vpn-v6", { ipPolicyId: vpn.id, cidr: "2001:db8:1234::/48", action: "allow", description: "VPN (IPv6)" });`,
};
