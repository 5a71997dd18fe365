/** IP addresses and ranges, as IP policy rules take them. */
import { isIP } from "net";
import type { z } from "zod";

/** Why `cidr` is not an IPv4 or IPv6 address or CIDR range, or undefined when it is. Never quotes it. */
export function cidrProblem(cidr: string): string | undefined {
  const slash = cidr.indexOf("/");
  const address = slash === -1 ? cidr : cidr.slice(0, slash);
  const family = address.includes("%") ? 0 : isIP(address);
  if (family === 0) return "must be an IPv4 or IPv6 range in CIDR notation, such as 203.0.113.0/24 or 2001:db8::/32";
  // The service refuses an address without its mask (ERR_NGROK_1413).
  if (slash === -1) return `must give its network mask: /${family === 4 ? 32 : 128} for a single address`;
  const prefix = cidr.slice(slash + 1);
  const max = family === 4 ? 32 : 128;
  if (!/^[0-9]{1,3}$/.test(prefix) || Number(prefix) > max) {
    return `has a prefix length that is not a number from 0 to ${max} (IPv${family})`;
  }
  // The service stores a range by its lowest address and refuses another spelling (ERR_NGROK_1409).
  const bits = addressBits(address, family as 4 | 6);
  const hostBits = BigInt(max - Number(prefix));
  const network = (bits >> hostBits) << hostBits;
  if (network !== bits) return `must start at the lowest address of its range (${formatBits(network, family as 4 | 6)}/${prefix})`;
  return undefined;
}

/** An address as a big integer of its family's width (4: 32 bits, 6: 128 bits). */
function addressBits(address: string, family: 4 | 6): bigint {
  if (family === 4) return address.split(".").reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
  // Expand "::" and a trailing dotted IPv4 part into eight 16-bit groups.
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = addressBits(dotted[1]!, 4);
    text = `${text.slice(0, -dotted[1]!.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const headGroups = head === "" ? [] : head!.split(":");
  const tailGroups = tail === undefined || tail === "" ? [] : tail.split(":");
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array(8 - headGroups.length - tailGroups.length).fill("0"), ...tailGroups];
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

function formatBits(bits: bigint, family: 4 | 6): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((s) => String((bits >> s) & 0xffn)).join(".");
  const groups = Array.from({ length: 8 }, (_, i) => (bits >> BigInt(112 - 16 * i)) & 0xffffn);
  // The canonical text form (RFC 5952): the longest run of zero groups becomes "::".
  let best = { at: -1, len: 0 };
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && groups[j] === 0n) j++;
    if (j - i > best.len && j - i > 1) best = { at: i, len: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at === -1) return hex.join(":");
  return `${hex.slice(0, best.at).join(":")}::${hex.slice(best.at + best.len).join(":")}`;
}


export function cidr(zod: typeof z): z.ZodType<string, string> {
  return zod.string().superRefine((value, ctx) => {
    const problem = cidrProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}
