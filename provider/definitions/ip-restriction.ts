import { createdAt, description, metadata, refType, uri } from "./common";
import { normalizeIdSet, refIds } from "./refs";
import type { BoundDefinition } from "../contract";

export const ipRestriction: BoundDefinition = {
  name: "IpRestriction",
  description:
    "Restricts one kind of traffic to the account (the dashboard, the API, agents or endpoints) to the addresses its IP policies allow.",
  binding: { kind: "collection", path: "/ip_restrictions", idPrefix: "ipx", listKey: "ip_restrictions" },
  properties: {
    description: description("What the restriction is for."),
    metadata: metadata(),
    enforced: {
      type: { kind: "boolean" },
      description: "`true` enforces the restriction; `false` (the default, also when absent) only issues warnings.",
      input: { api: "enforced", onChange: "update", unset: "clear" },
    },
    type: {
      type: { kind: "string", enum: ["dashboard", "api", "agent", "endpoints"] },
      description: "The traffic restricted: `dashboard`, `api`, `agent` or `endpoints`.",
      input: { api: "type", required: true, onChange: "replace", unset: "clear" },
    },
    ipPolicyIds: {
      type: { kind: "array", items: { kind: "string", idPrefix: "ipp" } },
      description: "The IpPolicies that decide which addresses are allowed. A set: their order is no change.",
      input: { api: "ip_policy_ids", onChange: "update", unset: "clear" },
      // The API answers them as references, `ip_policies: [{id, uri}]`.
      fromApi: (api) => refIds(api, "ip_policies"),
      normalize: normalizeIdSet,
    },
    ipPolicies: {
      type: { kind: "array", items: refType },
      api: "ip_policies",
      description: "The IP policies used, as references.",
    },
    uri,
    createdAt,
  },
  example: `const office = new ngrok.IpPolicy("office", { description: "office network" });
new ngrok.IpPolicyRule("office-v4", { ipPolicyId: office.id, cidr: "203.0.113.0/24", action: "allow" });
new ngrok.IpRestriction("dashboard", { type: "dashboard", ipPolicyIds: [office.id], enforced: true });`,
};
