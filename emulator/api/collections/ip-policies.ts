// IP policies, their rules (the IPv4 and IPv6 ranges a policy allows or denies: `/ip_policy_rules`,
// ids `ipr_`, as the API reference's examples show), and the IP restrictions that enforce
// policies on the dashboard, the API, agents or endpoints.
import { z } from "zod";
import { formatAddress, networkOf, parseCidr, sameBytes } from "../cidr";
import { common, freshRef, referencedId, type CollectionDef, type Ctx, type Referenced } from "../collection";
import { str, strList } from "../../shared/fields";
import { ApiFailure } from "../../shared/errors";
import { description, metadata, stringList } from "../../shared/validate";

const IP_POLICY: Referenced = { kind: "ip_policies", prefix: "ipp", what: "IP policy" };

export const ipPolicies: CollectionDef = {
  kind: "ip_policies",
  path: "/ip_policies",
  prefix: "ipp",
  listKey: "ip_policies",
  createSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional() }),
  create(input) {
    return { data: { description: str(input["description"]), metadata: str(input["metadata"]) } };
  },
  updateSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional() }),
  beforeDelete(policy, ctx) {
    // A policy's rules live and die with it.
    const rules = ctx.store.collection("ip_policy_rules");
    for (const rule of [...rules.values()]) if (rule.data["ip_policy_id"] === policy.id) rules.delete(rule.id);
  },
  shape(rec, ctx) {
    return common(ipPolicies, rec, ctx);
  },
};

interface Range {
  family: 4 | 6;
  network: Uint8Array;
  prefix: number;
}

/**
 * A rule's CIDR range (a bare address is the range of that one address), as the API's error
 * reference describes the checks: ERR_NGROK_1406 "Invalid CIDR" for what is not an IPv4 or IPv6
 * range, ERR_NGROK_1413 for an address without its mask, ERR_NGROK_1409 for a range not written
 * from its lowest address (with the suggestion).
 * Zone ids (`fe80::1%eth0`) are refused.
 */
function checkCidr(raw: string): Range {
  const range = parseCidr(raw);
  if (range === undefined) throw new ApiFailure(400, "ERR_NGROK_1406", `Invalid CIDR: '${raw}'.`);
  if (!raw.includes("/")) {
    const bits = range.family === 4 ? 32 : 128;
    throw new ApiFailure(400, "ERR_NGROK_1413", `IP Policy Rule is missing a network mask. Consider using ${raw}/${bits} if you want to target a single host IP.`);
  }
  const network = networkOf(range);
  if (!sameBytes(network, range.bytes)) {
    const suggestion = `${formatAddress(network)}/${range.prefix}`;
    throw new ApiFailure(
      400,
      "ERR_NGROK_1409",
      `IP Policy Rule CIDR '${raw}' must be specified using the lowest IP address in the range. Did you mean '${suggestion}'?`,
    );
  }
  return { family: range.family, network, prefix: range.prefix };
}

/** ERR_NGROK_1408: another rule of the same policy already has this range (however it is written). */
function checkUnique(ctx: Ctx, policyId: string, raw: string, range: Range, self: string | undefined): void {
  for (const other of ctx.store.all("ip_policy_rules")) {
    if (other.id === self || other.data["ip_policy_id"] !== policyId) continue;
    let theirs: Range;
    try {
      theirs = checkCidr(str(other.data["cidr"]));
    } catch {
      continue; // a rule stored before these checks: it cannot equal a valid range
    }
    if (theirs.family === range.family && theirs.prefix === range.prefix && sameBytes(theirs.network, range.network)) {
      throw new ApiFailure(400, "ERR_NGROK_1408", `IP Policy Rule with CIDR '${raw}' already exists.`);
    }
  }
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
    ip_policy_id: z.string().optional(),
    action: z.string().optional(),
  }),
  create(input, ctx) {
    const cidr = str(input["cidr"]);
    const range = checkCidr(cidr);
    const action = str(input["action"]);
    if (action !== "allow" && action !== "deny") throw new ApiFailure(400, "ERR_NGROK_1422", "An IP Policy Rule must have an 'action' of either 'allow' or 'deny'.");
    const policyId = str(input["ip_policy_id"]);
    if (ctx.store.get(IP_POLICY.kind, policyId) === undefined) {
      throw new ApiFailure(400, "ERR_NGROK_1414", "The provided ip_policy_id is invalid. Check the value given with your request.");
    }
    checkUnique(ctx, policyId, cidr, range, undefined);
    return {
      data: { description: str(input["description"]), metadata: str(input["metadata"]), cidr, ip_policy_id: policyId, action },
    };
  },
  // The policy and the action are fixed at creation: not in the update body (ERR_NGROK_214).
  updateSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional(), cidr: z.string().optional() }),
  update(rec, input, ctx) {
    if (input["cidr"] !== undefined) {
      const cidr = str(input["cidr"]);
      checkUnique(ctx, str(rec.data["ip_policy_id"]), cidr, checkCidr(cidr), rec.id);
    }
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

function ipPolicyIds(ctx: Ctx, ids: string[]): string[] {
  ids.forEach((id, i) => referencedId(ctx, `ip_policy_ids[${i}]`, id, IP_POLICY));
  return [...new Set(ids)];
}

export const ipRestrictions: CollectionDef = {
  kind: "ip_restrictions",
  path: "/ip_restrictions",
  prefix: "ipx",
  listKey: "ip_restrictions",
  createSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    enforced: z.boolean().optional(),
    type: z.enum(["dashboard", "api", "agent", "endpoints"]),
    ip_policy_ids: stringList.optional(),
  }),
  create(input, ctx) {
    return {
      data: {
        description: str(input["description"]),
        metadata: str(input["metadata"]),
        enforced: input["enforced"] === true,
        type: str(input["type"]),
        ip_policy_ids: ipPolicyIds(ctx, strList(input["ip_policy_ids"])),
      },
    };
  },
  // type is not updatable: not in the update body.
  updateSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    enforced: z.boolean().optional(),
    ip_policy_ids: stringList.optional(),
  }),
  update(rec, input, ctx) {
    if (input["ip_policy_ids"] !== undefined) input["ip_policy_ids"] = ipPolicyIds(ctx, strList(input["ip_policy_ids"]));
    Object.assign(rec.data, input);
  },
  shape(rec, ctx) {
    return {
      ...common(ipRestrictions, rec, ctx),
      enforced: rec.data["enforced"] === true,
      type: str(rec.data["type"]),
      ip_policies: strList(rec.data["ip_policy_ids"]).map((id) => freshRef(ctx, "ip_policies", { id, uri: "" })),
    };
  },
};
