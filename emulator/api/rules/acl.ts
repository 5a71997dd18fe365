// ACL rules of tunnel credentials and SSH credentials (spec "ACL rules"). The only rule kind
// is the bind rule; the bare rule `*` permits everything. Rules are stored verbatim.

import { ApiFailure, badValue } from "../../shared/errors";

const badRule = (rule: string, why: string): ApiFailure =>
  new ApiFailure(
    400,
    "ERR_NGROK_600",
    `Invalid ACL rule '${rule}': ${why}. Rules are '*' or 'bind:<target>', where the target is a ` +
      `domain (optionally '*.<domain>'), a host:port address, or a label '<key>=<value>' ('*' allowed as key or value).`,
  );

const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
// Label keys and values as the agent accepts them: no spaces, no '=' and no wildcards inside.
const LABEL_PART = /^[A-Za-z0-9][A-Za-z0-9._\/:-]{0,254}$/;

function isHostname(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false;
  return host.split(".").every((label) => DNS_LABEL.test(label));
}

/** Why a bind target is invalid, or undefined when it is valid. */
function targetProblem(target: string): string | undefined {
  if (target === "") return "the bind target is empty";
  if (/\s/.test(target)) return "the bind target contains whitespace";
  const eq = target.indexOf("=");
  if (eq !== -1) {
    const key = target.slice(0, eq);
    const value = target.slice(eq + 1);
    if (key !== "*" && !LABEL_PART.test(key)) return `'${key}' is not a valid label key`;
    if (value !== "*" && !LABEL_PART.test(value)) return `'${value}' is not a valid label value`;
    return undefined;
  }
  let host = target;
  const colon = target.lastIndexOf(":");
  if (colon !== -1) {
    const port = target.slice(colon + 1);
    if (!/^[0-9]{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65535) {
      return `'${port}' is not a valid port`;
    }
    host = target.slice(0, colon);
  }
  // A wildcard is allowed only as the whole leftmost label of a domain.
  const bare = host.startsWith("*.") ? host.slice(2) : host;
  if (bare.includes("*")) return "a wildcard is only allowed as a leading '*.' of a domain";
  if (!isHostname(bare)) return `'${host}' is not a valid domain`;
  return undefined;
}

/** Validates one rule; returns it unchanged (the service stores rules verbatim). */
export function validateAclRule(rule: string): string {
  if (rule === "*") return rule;
  if (!rule.startsWith("bind:")) {
    const kind = rule.includes(":") ? `'${rule.slice(0, rule.indexOf(":"))}'` : "this";
    throw badRule(rule, `${kind} rule kind is not supported; the only rule kind is 'bind'`);
  }
  const problem = targetProblem(rule.slice("bind:".length));
  if (problem) throw badRule(rule, problem);
  return rule;
}

/**
 * Validates the `acl` field of a credential body. Absent or null means no restrictions
 * (stored as `[]`, which is how the service returns it). A wrong type is ERR_NGROK_215,
 * a bad rule ERR_NGROK_600 naming the rule.
 */
export function validateAcl(acl: unknown, field = "acl"): string[] {
  if (acl === undefined || acl === null) return [];
  if (!Array.isArray(acl)) throw badValue(`The '${field}' field must be a list of strings.`);
  return acl.map((rule, i) => {
    if (typeof rule !== "string") throw badValue(`The '${field}[${i}]' entry must be a string.`);
    return validateAclRule(rule);
  });
}
