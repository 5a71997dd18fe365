import { createdAt, description, metadata, uri } from "./common";
import type { BoundDefinition } from "../contract";

export const ipPolicy: BoundDefinition = {
  name: "IpPolicy",
  description:
    "A named set of IP ranges, allowed or denied by its IpPolicyRules. It applies to no traffic until an IpRestriction (or an edge's IP restriction module) uses it. Deleting it deletes its rules.",
  binding: { kind: "collection", path: "/ip_policies", idPrefix: "ipp", listKey: "ip_policies" },
  properties: {
    description: description("What the policy's addresses are, e.g. `office networks`."),
    metadata: metadata(),
    uri,
    createdAt,
  },
  // Descriptions need not be unique: a lookup that matches several names their ids.
  lookupKey: ["description"],
  example: `const offices = new ngrok.IpPolicy("offices", { description: "office networks" });
new ngrok.IpPolicyRule("sf", { ipPolicyId: offices.id, cidr: "203.0.113.0/24", action: "allow" });`,
};
