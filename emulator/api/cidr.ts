// IPv4 and IPv6 ranges as IP policy rules write them (`203.0.113.0/24`, `2001:db8::/32`, a bare
// address for one address): their bytes, their network, and the text form of an address (RFC 5952
// for IPv6), so that the emulator can tell a range not written from its lowest address.
import { isIP } from "node:net";

export interface CidrRange {
  family: 4 | 6;
  /** The address's bytes (4 or 16), as written. */
  bytes: Uint8Array;
  prefix: number;
}

/** The range `raw` writes, or undefined when it is not an IPv4 or IPv6 range (zone ids are not). */
export function parseCidr(raw: string): CidrRange | undefined {
  const slash = raw.indexOf("/");
  const address = slash === -1 ? raw : raw.slice(0, slash);
  const family = address.includes("%") ? 0 : isIP(address);
  if (family !== 4 && family !== 6) return undefined;
  const max = family === 4 ? 32 : 128;
  const prefixText = slash === -1 ? String(max) : raw.slice(slash + 1);
  if (!/^[0-9]{1,3}$/.test(prefixText) || Number(prefixText) > max) return undefined;
  return { family, bytes: family === 4 ? ipv4Bytes(address) : ipv6Bytes(address), prefix: Number(prefixText) };
}

/** The range's lowest address: its bytes with the host bits cleared. */
export function networkOf(range: CidrRange): Uint8Array {
  return range.bytes.map((byte, i) => {
    const kept = Math.min(8, Math.max(0, range.prefix - i * 8));
    return byte & ((0xff << (8 - kept)) & 0xff);
  });
}

export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** An address's text: dotted for IPv4; for IPv6, lower-case groups with the longest run of zero groups as "::". */
export function formatAddress(bytes: Uint8Array): string {
  if (bytes.length === 4) return [...bytes].join(".");
  const groups = Array.from({ length: 8 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!);
  let best = { at: -1, length: 1 };
  for (let i = 0; i < 8; i++) {
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > best.length) best = { at: i, length: j - i };
  }
  const hex = groups.map((g) => g.toString(16));
  if (best.at === -1) return hex.join(":");
  return `${hex.slice(0, best.at).join(":")}::${hex.slice(best.at + best.length).join(":")}`;
}

function ipv4Bytes(address: string): Uint8Array {
  return Uint8Array.from(address.split(".").map(Number));
}

/** Eight groups from "::" and an optional dotted IPv4 tail (isIP has checked the syntax). */
function ipv6Bytes(address: string): Uint8Array {
  let text = address;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...ipv4Bytes(dotted[1]!));
    // The IPv4 tail is the last two groups: what comes before it ends with ":" (or is "::").
    text = text.slice(0, -dotted[1]!.length);
    if (!text.endsWith("::")) text = text.slice(0, -1);
  }
  const groupsOf = (part: string): number[] => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const wanted = tail.length ? 6 : 8;
  let groups: number[];
  if (text.includes("::")) {
    const [head, rest] = text.split("::") as [string, string];
    const h = groupsOf(head);
    const r = groupsOf(rest);
    groups = [...h, ...Array<number>(wanted - h.length - r.length).fill(0), ...r];
  } else groups = groupsOf(text);
  const bytes = groups.flatMap((g) => [g >> 8, g & 0xff]);
  return Uint8Array.from([...bytes, ...tail]);
}
