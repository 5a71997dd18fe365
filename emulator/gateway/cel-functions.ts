// ngrok's CEL macros beyond the CEL standard library and @bufbuild/cel's string extension
// (https://ngrok.com/docs/traffic-policy/macros/), each as the page documents it.
import { createHash } from "node:crypto";
import { BlockList, isIP } from "node:net";
import { crc32 } from "node:zlib";
import { celFunc, celMethod, CelScalar, isCelList, isCelMap, isCelUint, listType, mapType, objectType, type CelFunc, type CelValue } from "@bufbuild/cel";
import { DurationSchema, TimestampSchema, timestampMs, type Duration, type Timestamp } from "@bufbuild/protobuf/wkt";
import { isMessage } from "@bufbuild/protobuf";
import { xxhash64 } from "./xxhash";

const { STRING, INT, BOOL, BYTES, DOUBLE, DYN } = CelScalar;
const STRING_LIST = listType(STRING);
const DYN_LIST = listType(DYN);
const DYN_MAP = mapType(STRING, DYN);
const STRING_MAP = mapType(STRING, STRING);
const TIMESTAMP = objectType(TimestampSchema);

/** What the macros read from the request being run, and from the run's surroundings. */
export interface MacroContext {
  reqHeaders(): ReadonlyMap<string, readonly string[]>;
  resHeaders(): ReadonlyMap<string, readonly string[]> | undefined;
  queryParams(): ReadonlyMap<string, readonly string[]>;
  /** The request's cookies by name, in Cookie header order. */
  reqCookies(): ReadonlyMap<string, readonly Record<string, unknown>[]>;
  /** The response's cookies by name, longest path first; undefined before the response. */
  resCookies(): ReadonlyMap<string, readonly Record<string, unknown>[]> | undefined;
  secret(vault: string, name: string): string | undefined;
  random(): number;
}

// ---- values ----

/** A CEL value as plain JSON-able JS (ints as numbers), for json.encode and the query string. */
function plain(v: CelValue | unknown): unknown {
  if (typeof v === "bigint") return Number(v);
  if (isCelUint(v)) return Number(v.value);
  if (isCelMap(v)) return Object.fromEntries([...v.entries()].map(([k, val]) => [String(isCelUint(k) ? k.value : k), plain(val)]));
  if (isCelList(v)) return [...v.values()].map(plain);
  if (v instanceof Uint8Array) return Buffer.from(v).toString("base64");
  if (isMessage(v, TimestampSchema)) return new Date(timestampMs(v)).toISOString();
  return v;
}

/** JSON as Go's encoding/json writes a map: keys sorted, no spaces. */
function goJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(goJson).join(",")}]`;
  if (typeof v === "object" && v !== null) {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${goJson(o[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}

function jsonDecode(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new Error(`invalid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** A decoded JSON value as CEL input: numbers as double, as Go's encoding/json decodes them. */
function jsonValue(text: string): Record<string, never> {
  const v = jsonDecode(text);
  if (typeof v !== "object" || v === null) throw new Error("JSON must be an object or an array");
  return v as Record<string, never>;
}

// ---- URLs and query strings: Go's net/url, which ngrok runs ----

const UNRESERVED = /[A-Za-z0-9\-_.~]/;

/** Go's url.QueryEscape. */
export function queryEscape(s: string): string {
  let out = "";
  for (const byte of Buffer.from(s, "utf8")) {
    const c = String.fromCharCode(byte);
    if (UNRESERVED.test(c)) out += c;
    else if (c === " ") out += "+";
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** Go's url.QueryUnescape: an error on a malformed escape. */
export function queryUnescape(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === "%") {
      const hex = s.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) throw new Error(`invalid URL escape "${s.slice(i, i + 3)}"`);
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (c === "+") bytes.push(32);
    else bytes.push(...Buffer.from(c, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** Go's url.ParseQuery, first value of each key (what url.Values.Get answers). */
function parseQuery(s: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of s.split("&")) {
    if (part === "") continue;
    if (part.includes(";")) throw new Error("invalid semicolon separator in query");
    const eq = part.indexOf("=");
    const key = queryUnescape(eq < 0 ? part : part.slice(0, eq));
    const value = queryUnescape(eq < 0 ? "" : part.slice(eq + 1));
    if (!(key in out)) out[key] = value;
  }
  return out;
}

/** Go's url.Values.Encode: keys sorted. */
function encodeQuery(m: unknown): string {
  const o = plain(m) as Record<string, unknown>;
  return Object.keys(o)
    .sort()
    .flatMap((k) => (Array.isArray(o[k]) ? (o[k] as unknown[]) : [o[k]]).map((v) => `${queryEscape(k)}=${queryEscape(typeof v === "string" ? v : goJson(v))}`))
    .join("&");
}

/** A query string ngrok accepts: key=value pairs joined by &, each well escaped. */
function isQueryString(s: string): boolean {
  if (s === "" || /\s/.test(s)) return false;
  try {
    return s.split("&").every((part) => /^[^=]+=/.test(part)) && (parseQuery(s), true);
  } catch {
    return false;
  }
}

/** The parts of a URL as Go's url.URL holds them, with ngrok's snake_case names. */
function parseUrl(s: string): Record<string, string> {
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    throw new Error(`invalid URL '${s}'`);
  }
  return {
    scheme: u.protocol.replace(/:$/, ""),
    host: u.host,
    path: decodeURIComponent(u.pathname),
    raw_path: u.pathname,
    raw_query: u.search.replace(/^\?/, ""),
    fragment: decodeURIComponent(u.hash.replace(/^#/, "")),
    user: u.username === "" ? "" : u.password === "" ? decodeURIComponent(u.username) : `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`,
  };
}

function isUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol !== "" && (u.host !== "" || u.pathname !== "") && !/\s/.test(s);
  } catch {
    return false;
  }
}

// ---- hashes ----

const CRC64_ISO_TABLE = (() => {
  // Go's hash/crc64 ISO table: the reflected polynomial 0xD800000000000000. Node has no CRC-64.
  const poly = 0xd800000000000000n;
  const table: bigint[] = [];
  for (let i = 0n; i < 256n; i++) {
    let crc = i;
    for (let j = 0; j < 8; j++) crc = crc & 1n ? (crc >> 1n) ^ poly : crc >> 1n;
    table.push(crc);
  }
  return table;
})();

function crc64(data: Buffer): Buffer {
  const mask = 0xffffffffffffffffn;
  let crc = mask;
  for (const b of data) crc = CRC64_ISO_TABLE[Number((crc ^ BigInt(b)) & 0xffn)]! ^ (crc >> 8n);
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(~crc & mask);
  return out;
}

type HashName = "crc32" | "crc64" | "md5" | "sha1" | "sha256" | "sha512" | "xxhash64";
const HASHES: HashName[] = ["crc32", "crc64", "md5", "sha1", "sha256", "sha512", "xxhash64"];

function digest(name: HashName, text: string): Buffer {
  const data = Buffer.from(text, "utf8");
  switch (name) {
    case "crc32": {
      const out = Buffer.alloc(4);
      out.writeUInt32BE(crc32(data));
      return out;
    }
    case "crc64":
      return crc64(data);
    case "xxhash64": {
      const out = Buffer.alloc(8);
      out.writeBigUInt64BE(xxhash64(data));
      return out;
    }
    default:
      return createHash(name).update(data).digest();
  }
}

function hashText(name: HashName, text: string, format = "hex"): string {
  if (format !== "hex" && format !== "base64") throw new Error(`unsupported hash format '${format}': use "hex" or "base64"`);
  return digest(name, text).toString(format);
}

// ---- lists ----

const KINDS = ["bigint", "number", "string", "boolean"] as const;

/** A sort key's kind; an error for a type ngrok does not compare. */
function comparableKind(v: CelValue): string {
  if (KINDS.includes(typeof v as (typeof KINDS)[number])) return typeof v;
  if (isCelUint(v)) return "uint";
  if (v instanceof Uint8Array) return "bytes";
  if (isMessage(v, TimestampSchema)) return "timestamp";
  if (isMessage(v, DurationSchema)) return "duration";
  throw new Error(`list elements must be comparable: int, uint, double, bool, duration, timestamp, string or bytes`);
}

function nanos(v: Timestamp | Duration): bigint {
  return v.seconds * 1_000_000_000n + BigInt(v.nanos);
}

function compare(a: CelValue, b: CelValue): number {
  const kind = comparableKind(a);
  if (comparableKind(b) !== kind) throw new Error("list elements must all be of the same type to be sorted");
  const key = (v: CelValue): bigint | number | string | boolean =>
    isCelUint(v) ? v.value : v instanceof Uint8Array ? Buffer.from(v).toString("latin1") : isMessage(v, TimestampSchema) || isMessage(v, DurationSchema) ? nanos(v) : (v as bigint | number | string | boolean);
  const x = key(a);
  const y = key(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `compare`, once every element is known comparable and of one type (a list of one is checked too). */
function comparator(values: Iterable<CelValue>): (a: CelValue, b: CelValue) => number {
  const kinds = new Set([...values].map(comparableKind));
  if (kinds.size > 1) throw new Error("list elements must all be of the same type to be sorted");
  return compare;
}

/** A key under which equal CEL values (1 and 1.0 included, as CEL's == has them) meet. */
function identity(v: CelValue): string {
  if (typeof v === "bigint" || typeof v === "number") return `n:${Number(v)}`;
  if (isCelUint(v)) return `n:${Number(v.value)}`;
  if (typeof v === "string") return `s:${v}`;
  if (v instanceof Uint8Array) return `b:${Buffer.from(v).toString("base64")}`;
  return `j:${goJson(plain(v))}`;
}

function flatten(list: Iterable<CelValue>, depth: number): CelValue[] {
  const out: CelValue[] = [];
  for (const v of list) {
    if (isCelList(v) && depth > 0) out.push(...flatten(v, depth - 1));
    else out.push(v);
  }
  return out;
}

// ---- strings ----

/**
 * Go's strings.ToLower/ToUpper: each code point by its simple case mapping, so 'İ' lowers to
 * 'i' and 'ß' stays 'ß', where JavaScript's full mapping writes two characters.
 */
function mapCase(s: string, upper: boolean): string {
  let out = "";
  for (const ch of s) {
    const mapped = upper ? ch.toUpperCase() : ch.toLowerCase();
    if ([...mapped].length === 1) out += mapped;
    else if (!upper && ch === "\u0130") out += "i";
    else out += ch;
  }
  return out;
}

function base64Decode(s: string): Buffer {
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s)) throw new Error("illegal base64 data");
  return Buffer.from(s, "base64");
}

// ---- IP addresses ----

function cidrList(cidrs: readonly string[], strict: boolean): BlockList {
  const list = new BlockList();
  for (const raw of cidrs) {
    const [addr, bits] = raw.trim().split("/");
    const family = isIP(addr ?? "");
    const prefix = Number(bits);
    const valid = family !== 0 && (bits === undefined || (/^\d+$/.test(bits) && prefix <= (family === 6 ? 128 : 32)));
    if (!valid) {
      if (strict) throw new Error(`'${raw}' is not an IP address or CIDR`);
      continue;
    }
    const type = family === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(addr!, type);
    else list.addSubnet(addr!, prefix, type);
  }
  return list;
}

/** Whether `ip` is in one of `cidrs`. `strict`: a malformed CIDR is an error, else it is ignored (as inCidrRange documents). */
export function inCidrs(ip: string, cidrs: readonly string[], strict = true): boolean {
  const family = isIP(ip);
  if (family === 0) {
    if (strict) throw new Error(`'${ip}' is not an IP address`);
    return false;
  }
  return cidrList(cidrs, strict).check(ip, family === 6 ? "ipv6" : "ipv4");
}

/** Go's net.IP.IsPrivate: RFC 1918 for IPv4, RFC 4193 (fc00::/7) for IPv6. */
const PRIVATE = ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"];

// ---- the functions ----

function hashFunctions(): CelFunc[] {
  return HASHES.flatMap((name) => [
    celFunc(`hash.${name}`, [STRING], STRING, (s) => hashText(name, s)),
    celFunc(`hash.${name}`, [STRING, STRING], STRING, (s, f) => hashText(name, s, f)),
    celMethod(name, STRING, [], STRING, function () {
      return hashText(name, this);
    }),
    celMethod(name, STRING, [STRING], STRING, function (f) {
      return hashText(name, this, f);
    }),
  ]);
}

function cookieFunctions(ctx: MacroContext): CelFunc[] {
  const first = (jar: ReadonlyMap<string, readonly Record<string, unknown>[]> | undefined, name: string, where: string) => {
    const c = jar?.get(name)?.[0];
    if (c === undefined) throw new Error(`no cookie named '${name}' on the ${where}`);
    return c as Record<string, never>;
  };
  return [
    celFunc("getReqCookie", [STRING], DYN_MAP, (name) => first(ctx.reqCookies(), name, "request")),
    celFunc("hasReqCookie", [STRING], BOOL, (name) => ctx.reqCookies().has(name)),
    celFunc("getResCookie", [STRING], DYN_MAP, (name) => first(ctx.resCookies(), name, "response")),
    celFunc("hasResCookie", [STRING], BOOL, (name) => ctx.resCookies()?.has(name) ?? false),
  ];
}

function headerFunctions(ctx: MacroContext): CelFunc[] {
  const list = (m: ReadonlyMap<string, readonly string[]> | undefined, name: string): string[] => [...(m?.get(name.toLowerCase()) ?? [])];
  return [
    celFunc("getReqHeader", [STRING], STRING_LIST, (name) => list(ctx.reqHeaders(), name)),
    celFunc("hasReqHeader", [STRING], BOOL, (name) => ctx.reqHeaders().has(name.toLowerCase())),
    celFunc("getResHeader", [STRING], STRING_LIST, (name) => list(ctx.resHeaders(), name)),
    celFunc("hasResHeader", [STRING], BOOL, (name) => ctx.resHeaders()?.has(name.toLowerCase()) ?? false),
    celFunc("getQueryParam", [STRING], STRING_LIST, (name) => [...(ctx.queryParams().get(name) ?? [])]),
    celFunc("hasQueryParam", [STRING], BOOL, (name) => ctx.queryParams().has(name)),
  ];
}

function randomFunctions(ctx: MacroContext): CelFunc[] {
  const int = (min: bigint, max: bigint): bigint => {
    if (min < 0n || max < 0n) throw new Error("rand.int supports only positive integers");
    if (min > max) throw new Error("rand.int: min must not be larger than max");
    return min + BigInt(Math.floor(ctx.random() * Number(max - min + 1n)));
  };
  return [
    celFunc("rand.double", [], DOUBLE, () => ctx.random()),
    celFunc("rand.int", [], INT, () => int(0n, 1n)),
    celFunc("rand.int", [INT, INT], INT, (min, max) => int(min, max)),
  ];
}

function listFunctions(): CelFunc[] {
  return [
    celMethod("slice", DYN_LIST, [INT, INT], DYN_LIST, function (start, end) {
      if (start < 0n || end < start || end > BigInt(this.size)) throw new Error(`cannot slice(${start}, ${end}) a list of ${this.size}`);
      return [...this.values()].slice(Number(start), Number(end));
    }),
    // One level without a depth: the page's examples, and cel-go's lists extension.
    celMethod("flatten", DYN_LIST, [], DYN_LIST, function () {
      return flatten(this, 1);
    }),
    celMethod("flatten", DYN_LIST, [INT], DYN_LIST, function (depth) {
      if (depth < 0n) throw new Error("level must be non-negative");
      return flatten(this, Number(depth));
    }),
    celMethod("sort", DYN_LIST, [], DYN_LIST, function () {
      return [...this.values()].sort(comparator(this));
    }),
    // The target of the expansion of sortBy (see cel.ts): the list and the key of each element.
    celFunc("@sortByKeys", [DYN_LIST, DYN_LIST], DYN_LIST, (list, keys) => {
      const items = [...list.values()];
      const k = [...keys.values()];
      const cmp = comparator(k);
      return items
        .map((v, i) => ({ v, key: k[i]! }))
        .sort((a, b) => cmp(a.key, b.key))
        .map((x) => x.v);
    }),
    celMethod("distinct", DYN_LIST, [], DYN_LIST, function () {
      const seen = new Set<string>();
      return [...this.values()].filter((v) => {
        const id = identity(v);
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      });
    }),
    celFunc("lists.range", [INT], listType(INT), (n) => Array.from({ length: Math.max(0, Number(n)) }, (_, i) => BigInt(i))),
    celMethod("encodeJson", DYN_LIST, [], STRING, function () {
      return goJson(plain(this));
    }),
    celMethod("encodeJson", DYN_MAP, [], STRING, function () {
      return goJson(plain(this));
    }),
    celMethod("encodeQueryString", DYN_MAP, [], STRING, function () {
      return encodeQuery(this);
    }),
  ];
}

function stringFunctions(): CelFunc[] {
  return [
    celMethod("lower", STRING, [], STRING, function () {
      return mapCase(this, false);
    }),
    celMethod("upper", STRING, [], STRING, function () {
      return mapCase(this, true);
    }),
    // At most n parts, the rest dropped: 'hello,mellow,hi'.split(',', 2) is ['hello', 'mellow'] on
    // ngrok's page, where Go's strings.SplitN would keep 'mellow,hi'. A negative n keeps every part.
    celMethod("split", STRING, [STRING, INT], STRING_LIST, function (sep, n) {
      const parts = sep === "" ? [...this] : this.split(sep);
      return n < 0n ? parts : parts.slice(0, Number(n));
    }),
    // Without a separator, on runs of white space (Go's strings.Fields).
    celMethod("split", STRING, [], STRING_LIST, function () {
      return this.split(/\s+/u).filter((p) => p !== "");
    }),
    celMethod("reverse", STRING, [], STRING, function () {
      return [...this].reverse().join("");
    }),
    celMethod("decodeBase64", STRING, [], STRING, function () {
      return base64Decode(this).toString("utf8");
    }),
    celMethod("encodeBase64", STRING, [], STRING, function () {
      return Buffer.from(this, "utf8").toString("base64");
    }),
    celMethod("decodeJson", STRING, [], DYN, function () {
      return jsonValue(this);
    }),
    celMethod("isJson", STRING, [], BOOL, function () {
      try {
        JSON.parse(this);
        return true;
      } catch {
        return false;
      }
    }),
    celMethod("decodeQueryString", STRING, [], STRING_MAP, function () {
      return parseQuery(this);
    }),
    celMethod("isQueryString", STRING, [], BOOL, function () {
      return isQueryString(this);
    }),
    celMethod("escapeUrl", STRING, [], STRING, function () {
      return queryEscape(this);
    }),
    celMethod("unescapeUrl", STRING, [], STRING, function () {
      return queryUnescape(this);
    }),
    celMethod("parseUrl", STRING, [], STRING_MAP, function () {
      return parseUrl(this);
    }),
    celMethod("isURL", STRING, [], BOOL, function () {
      return isUrl(this);
    }),
    celMethod("isPrivateIp", STRING, [], BOOL, function () {
      return inCidrs(this, PRIVATE, false);
    }),
  ];
}

/** Every ngrok macro, over the request `ctx` describes. */
export function ngrokFunctions(ctx: MacroContext): CelFunc[] {
  return [
    ...headerFunctions(ctx),
    ...cookieFunctions(ctx),
    ...hashFunctions(),
    ...randomFunctions(ctx),
    ...listFunctions(),
    ...stringFunctions(),
    celFunc("base64.decode", [STRING], BYTES, (s) => new Uint8Array(base64Decode(s))),
    celFunc("base64.encode", [BYTES], STRING, (b) => Buffer.from(b).toString("base64")),
    celFunc("basic_auth.encode", [STRING, STRING], STRING, (user, password) => `Basic ${Buffer.from(`${user}:${password}`, "utf8").toString("base64")}`),
    celFunc("json.decode", [STRING], DYN, (s) => jsonValue(s)),
    celFunc("json.encode", [DYN], STRING, (v) => goJson(plain(v))),
    celFunc("queryString.decode", [STRING], STRING_MAP, (s) => parseQuery(s)),
    celFunc("queryString.encode", [DYN_MAP], STRING, (m) => encodeQuery(m)),
    celFunc("url.escape", [STRING], STRING, (s) => queryEscape(s)),
    celFunc("url.unescape", [STRING], STRING, (s) => queryUnescape(s)),
    celFunc("url.parse", [STRING], STRING_MAP, (s) => parseUrl(s)),
    celFunc("secrets.get", [STRING, STRING], STRING, (vault, name) => {
      const value = ctx.secret(vault, name);
      if (value === undefined) throw new Error(`no secret '${name}' in vault '${vault}'`);
      return value;
    }),
    celFunc("inCidrRange", [STRING, STRING], BOOL, (ip, cidr) => inCidrs(ip, [cidr], false)),
    celFunc("inCidrRanges", [STRING, STRING_LIST], BOOL, (ip, cidrs) => inCidrs(ip, [...cidrs].map(String), false)),
  ];
}

export { TIMESTAMP };
