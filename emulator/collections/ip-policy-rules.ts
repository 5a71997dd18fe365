// IP policy rules: the IPv4 and IPv6 ranges an IP policy allows or denies (`/ip_policy_rules`,
// ids `ipr_`, as the API reference's examples show). Deleting a policy deletes its rules (see
// `deleteRulesOf`, called by the IP policies collection).
import { isIP } from "node:net";
import { z } from "zod";
import { common, type CollectionDef, type Ctx } from "../collection";
import { badValue, referenceNotFound } from "../errors";
import type { Rec } from "../store";
import { description, metadata, requirePrefix, type Json } from "../validate";

const str = (v: Json | undefined): string => (typeof v === "string" ? v : "");

/**
 * An address or a CIDR range, IPv4 or IPv6, stored as given. Node's own parser decides what an
 * address is; the prefix length must fit the family. Zone ids (`fe80::1%eth0`) are refused.
 */
function checkCidr(raw: string): string {
  const slash = raw.indexOf("/");
  const address = slash === -1 ? raw : raw.slice(0, slash);
  const family = address.includes("%") ? 0 : isIP(address);
  const prefix = slash === -1 ? undefined : raw.slice(slash + 1);
  const max = family === 4 ? 32 : 128;
  if (family === 0 || (prefix !== undefined && (!/^[0-9]{1,3}$/.test(prefix) || Number(prefix) > max))) {
    throw badValue(`Invalid value for 'cidr': '${raw}' is not an IPv4 or IPv6 address or range in CIDR notation.`);
  }
  return raw;
}

function policyOf(ctx: Ctx, id: string): string {
  requirePrefix("ip_policy_id", id, ["ipp"]);
  if (ctx.store.get("ip_policies", id) === undefined) throw referenceNotFound("IP policy", id);
  return id;
}

export const ipPolicyRules: CollectionDef = {
  kind: "ip_policy_rules",
  path: "/ip_policy_rules",
  prefix: "ipr",
  listKey: "ip_policy_rules",
  createSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    cidr: z.string(),
    ip_policy_id: z.string(),
    action: z.enum(["allow", "deny"]),
  }),
  create(input, ctx) {
    return {
      data: {
        description: str(input["description"]),
        metadata: str(input["metadata"]),
        cidr: checkCidr(str(input["cidr"])),
        ip_policy_id: policyOf(ctx, str(input["ip_policy_id"])),
        action: str(input["action"]),
      },
    };
  },
  // The policy and the action are fixed at creation: not in the update body (ERR_NGROK_214).
  updateSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional(), cidr: z.string().optional() }),
  update(rec, input) {
    if (input["cidr"] !== undefined) input["cidr"] = checkCidr(str(input["cidr"]));
    Object.assign(rec.data, input);
  },
  shape(rec, ctx) {
    const policyId = str(rec.data["ip_policy_id"]);
    const policy = ctx.store.get("ip_policies", policyId);
    return {
      ...common(ipPolicyRules, rec, ctx),
      cidr: str(rec.data["cidr"]),
      ip_policy: { id: policyId, uri: policy === undefined ? "" : ctx.uriOf("ip_policies", policy) },
      action: str(rec.data["action"]),
    };
  },
};

/** A policy's rules live and die with it. */
export function deleteRulesOf(policy: Rec, ctx: Ctx): void {
  const rules = ctx.store.collection("ip_policy_rules");
  for (const rule of [...rules.values()]) if (rule.data["ip_policy_id"] === policy.id) rules.delete(rule.id);
}
