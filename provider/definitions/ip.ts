/** IP addresses and ranges, as IP policy rules take them. */
import { isIP } from "net";
import type { z } from "zod";

/** Why `cidr` is not an IPv4 or IPv6 address or CIDR range, or undefined when it is. Never quotes it. */
export function cidrProblem(cidr: string): string | undefined {
  const slash = cidr.indexOf("/");
  const address = slash === -1 ? cidr : cidr.slice(0, slash);
  const family = address.includes("%") ? 0 : isIP(address);
  if (family === 0) return "must be an IPv4 or IPv6 address or range in CIDR notation, such as 203.0.113.0/24 or 2001:db8::/32";
  if (slash === -1) return undefined;
  const prefix = cidr.slice(slash + 1);
  const max = family === 4 ? 32 : 128;
  if (!/^[0-9]{1,3}$/.test(prefix) || Number(prefix) > max) {
    return `has a prefix length that is not a number from 0 to ${max} (IPv${family})`;
  }
  return undefined;
}

export function cidr(zod: typeof z): z.ZodType<string, string> {
  return zod.string().superRefine((value, ctx) => {
    const problem = cidrProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}
