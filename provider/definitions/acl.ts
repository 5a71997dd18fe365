/** ACL rules of tunnel and SSH credentials, as the spec defines them. */
import type { z } from "zod";
import type { PropertySpec } from "../contract";

/**
 * Why `rule` is not a valid ACL rule, or undefined when it is. The reason follows the rule's
 * place (`acl[1] is not an ACL rule: ...`) and never quotes the rule: the engine prints reasons
 * in clear, and an input's value may be a secret.
 */
export function aclRuleProblem(rule: string): string | undefined {
  if (rule === "*") return undefined;
  if (!rule.startsWith("bind:")) {
    return `is not an ACL rule: the only rule kind is "bind:<target>" (or "*" to allow everything)`;
  }
  const target = rule.slice("bind:".length);
  if (target === "" || /\s/.test(target)) return `has an empty bind target or one with white space`;
  if (target.includes("=")) {
    const parts = target.split("=");
    if (parts.length !== 2 || parts[0] === "" || parts[1] === "") {
      return `is not a label rule: expected "bind:<key>=<value>"`;
    }
    for (const part of parts) {
      if (part.includes("*") && part !== "*") {
        return `has a label key or value with a wildcard inside: each is either "*" or has no wildcard`;
      }
    }
    return undefined;
  }
  if (target.includes("*") && !/^\*\.[^*]+$/.test(target)) {
    return `has a wildcard that does not lead the domain: only a leading one is allowed, as in "bind:*.example.com"`;
  }
  return undefined;
}

export function aclRule(zod: typeof z): z.ZodType<string, string> {
  return zod.string().superRefine((rule, ctx) => {
    const problem = aclRuleProblem(rule);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

/** The `acl` input of tunnel and SSH credentials. */
export const aclProperty: PropertySpec = {
  type: { kind: "array", items: { kind: "string", refine: aclRule } },
  description:
    "ACL rules: `bind:<domain>`, `bind:*.<domain>` (leading wildcard), `bind:<key>=<value>` (label; `*` as key or value), or `*`. Empty or absent means no restriction.",
  input: { api: "acl", onChange: "update", unset: "clear" },
};
