import { createdAt, description, metadata, uri } from "./common";
import { cidr } from "./ip";
import type { BoundDefinition, ObjectType } from "../contract";

/** One rule of a policy's `rules`, as an IpPolicyRule's inputs (https://ngrok.com/docs/api/resources/ip-policy-rules/). */
const ruleType: ObjectType = {
  kind: "object",
  name: "IpPolicyInlineRule",
  description: "One IPv4 or IPv6 range of the policy, allowed or denied.",
  properties: {
    cidr: { api: "cidr", type: { kind: "string", refine: cidr }, required: true, description: "The range, in CIDR notation with its mask (`203.0.113.0/24`, `2001:db8::/32`). Checked at preview." },
    action: { api: "action", type: { kind: "string", enum: ["allow", "deny"] }, required: true, description: "Whether traffic from the range is allowed or denied. A new action deletes the rule and creates it anew." },
    description: { api: "description", type: { kind: "string", maxBytes: 255 }, description: "Whose addresses these are, e.g. `sf office`." },
    metadata: { api: "metadata", type: { kind: "string", maxBytes: 4096 }, description: "Arbitrary data of the rule." },
    id: { api: "id", type: { kind: "string" }, computed: true, description: "The rule's id (`ipr_...`), set by the service: an output." },
  },
};

/** Rules as a set: ordered by CIDR, so that their order in the program is no change. */
function byCidr(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return [...value].sort((a, b) => String((a as { cidr?: unknown })?.cidr).localeCompare(String((b as { cidr?: unknown })?.cidr)));
}

export const ipPolicy: BoundDefinition = {
  name: "IpPolicy",
  description:
    "A named set of IP ranges, allowed or denied: its `rules`, or IpPolicyRule resources (one way or the other for a policy: check fails " +
    "when an IpPolicyRule names a policy whose program sets `rules`). It applies to no traffic until an IpRestriction, or a " +
    "`restrict-ips` action of a Traffic Policy, uses it. Deleting it deletes its rules.",
  binding: {
    kind: "collection",
    path: "/ip_policies",
    idPrefix: "ipp",
    listKey: "ip_policies",
    members: { input: "rules", path: "/ip_policy_rules", listKey: "ip_policy_rules", parentField: "ip_policy_id", parentRef: "ip_policy", key: "cidr", immutable: ["action"] },
  },
  properties: {
    description: description("What the policy's addresses are, e.g. `office networks`."),
    metadata: metadata(),
    rules: {
      type: { kind: "array", items: ruleType },
      description:
        "The policy's rules, as a set (their order is no change): each an IpPolicyRule of the API, written one request each, and only " +
        "those that change (a new CIDR or description is a PATCH; a new action, a delete and a create). Unset: the policy's rules are " +
        "left to IpPolicyRule resources, and never read. Adopting a policy (`importId`) with `rules` makes its rules these.",
      input: { api: "rules", onChange: "update", unset: "computed", apart: true },
      normalize: byCidr,
      // Read only for a program that sets it (the members binding lists them then).
      fromApi: (api, prior) => (Array.isArray(api["rules"]) && !(prior["rules"] === undefined || prior["rules"] === null) ? byCidr((api["rules"] as Record<string, unknown>[]).map((r) => ruleOf(r))) : undefined),
    },
    uri,
    createdAt,
  },
  rules: [
    {
      properties: ["rules"],
      summary: "`rules` holds a CIDR once (the service holds a range once per policy, ERR_NGROK_1408).",
      violated(inputs) {
        const list = Array.isArray(inputs["rules"]) ? (inputs["rules"] as { cidr?: unknown }[]) : [];
        const seen = new Set<unknown>();
        for (const r of list) {
          if (seen.has(r?.cidr)) return "rules lists a CIDR more than once: a policy holds each range once";
          seen.add(r?.cidr);
        }
        return undefined;
      },
    },
  ],
  // Descriptions need not be unique: a lookup that matches several names their ids.
  lookupKey: ["description"],
  example: `const offices = new ngrok.IpPolicy("offices", {
    description: "office networks",
    rules: [
        { cidr: "203.0.113.0/24", action: "allow", description: "sf office" },
        { cidr: "2001:db8:1234::/48", action: "allow", description: "VPN (IPv6)" },
    ],
});`,
};

/** A rule as the program writes it, from the API's rule. */
function ruleOf(api: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(ruleType.properties)) {
    const v = api[p.api];
    if (typeof v === "string" && v !== "") out[name] = v;
  }
  return out;
}
