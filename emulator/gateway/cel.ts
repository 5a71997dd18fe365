// CEL over the documented Traffic Policy variables (https://ngrok.com/docs/traffic-policy/variables/)
// and a subset of its macros (https://ngrok.com/docs/traffic-policy/macros/), evaluated with
// @bufbuild/cel. Interpolation is the documented `${expression}` form inside action config strings.
import { BlockList, isIP } from "node:net";
import { celEnv, celFunc, celMethod, CelScalar, isCelError, isCelList, isCelMap, listType, parse, plan, type CelEnv, type CelFunc, type CelValue } from "@bufbuild/cel";
import { strings } from "@bufbuild/cel/ext";
import { secretsFunctions, type SecretsSource } from "./secrets";

/** Values handed to CEL: plain objects read as maps, bigint as int, number as double. */
export type Bindings = Record<string, unknown>;

/** What the request-reading macros look at. */
export interface MacroContext {
  reqHeaders(): ReadonlyMap<string, readonly string[]>;
  resHeaders(): ReadonlyMap<string, readonly string[]> | undefined;
  queryParams(): ReadonlyMap<string, readonly string[]>;
  /** What `secrets.get(vault, name)` reads: the emulator's vaults, or the secrets given to testPolicy. */
  readonly secrets: SecretsSource;
}

export class CelFailure extends Error {
  constructor(
    readonly expression: string,
    message: string,
  ) {
    super(message);
  }
}

type Parsed = ReturnType<typeof parse>;
const parsedCache = new Map<string, Parsed>();

function parsed(expression: string): Parsed {
  let p = parsedCache.get(expression);
  if (p === undefined) {
    try {
      p = parse(expression);
    } catch (err) {
      throw new CelFailure(expression, `invalid expression: ${err instanceof Error ? err.message : String(err)}`);
    }
    parsedCache.set(expression, p);
  }
  return p;
}

/** Throws a CelFailure when an expression does not parse: what the service refuses when a policy is saved. */
export function checkExpression(expression: string): void {
  parsed(expression);
}

const STRING_LIST = listType(CelScalar.STRING);

function cidrList(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const raw of cidrs) {
    const [addr, bits] = raw.trim().split("/");
    const family = isIP(addr ?? "");
    if (family === 0) throw new Error(`'${raw}' is not an IP address or CIDR`);
    const type = family === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(addr!, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) throw new Error(`'${raw}' is not a valid CIDR`);
      list.addSubnet(addr!, prefix, type);
    }
  }
  return list;
}

/** Whether `ip` is in one of `cidrs` (IPv4 or IPv6, bare addresses allowed); throws on a malformed one. */
export function inCidrs(ip: string, cidrs: readonly string[]): boolean {
  const family = isIP(ip);
  if (family === 0) throw new Error(`'${ip}' is not an IP address`);
  return cidrList(cidrs).check(ip, family === 6 ? "ipv6" : "ipv4");
}

function macros(ctx: MacroContext): CelFunc[] {
  const list = (m: ReadonlyMap<string, readonly string[]> | undefined, name: string): string[] => [...(m?.get(name.toLowerCase()) ?? [])];
  return [
    celFunc("getReqHeader", [CelScalar.STRING], STRING_LIST, (name) => list(ctx.reqHeaders(), name)),
    celFunc("hasReqHeader", [CelScalar.STRING], CelScalar.BOOL, (name) => ctx.reqHeaders().has(name.toLowerCase())),
    celFunc("getResHeader", [CelScalar.STRING], STRING_LIST, (name) => list(ctx.resHeaders(), name)),
    celFunc("hasResHeader", [CelScalar.STRING], CelScalar.BOOL, (name) => ctx.resHeaders()?.has(name.toLowerCase()) ?? false),
    celFunc("getQueryParam", [CelScalar.STRING], STRING_LIST, (name) => [...(ctx.queryParams().get(name) ?? [])]),
    celFunc("hasQueryParam", [CelScalar.STRING], CelScalar.BOOL, (name) => ctx.queryParams().has(name)),
    celFunc("inCidrRange", [CelScalar.STRING, CelScalar.STRING], CelScalar.BOOL, (ip, cidr) => inCidrs(ip, [cidr])),
    celFunc("inCidrRanges", [CelScalar.STRING, STRING_LIST], CelScalar.BOOL, (ip, cidrs) => inCidrs(ip, [...cidrs].map(String))),
    celMethod("lower", CelScalar.STRING, [], CelScalar.STRING, function () {
      return this.toLowerCase();
    }),
    celMethod("upper", CelScalar.STRING, [], CelScalar.STRING, function () {
      return this.toUpperCase();
    }),
    celMethod("isPrivateIp", CelScalar.STRING, [], CelScalar.BOOL, function () {
      return inCidrs(this, ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8", "fc00::/7", "::1/128"]);
    }),
  ];
}

/** Evaluates expressions and interpolations against one request's variables. */
export class CelEvaluator {
  private readonly env: CelEnv;

  constructor(
    ctx: MacroContext,
    private readonly bindings: () => Bindings,
  ) {
    this.env = celEnv({ funcs: [...strings, ...macros(ctx), ...secretsFunctions(ctx.secrets)] });
  }

  /** The value of an expression as a JS value; throws a CelFailure on an evaluation error. */
  value(expression: string): unknown {
    const run = plan(this.env, parsed(expression));
    let result: CelValue | Error;
    try {
      result = run(this.bindings() as Parameters<typeof run>[0]);
    } catch (err) {
      throw new CelFailure(expression, err instanceof Error ? err.message : String(err));
    }
    if (isCelError(result)) throw new CelFailure(expression, result.message);
    return toJs(result);
  }

  /** A rule expression: must be a bool. */
  test(expression: string): boolean {
    const v = this.value(expression);
    if (typeof v !== "boolean") throw new CelFailure(expression, `expression must evaluate to a bool, got ${typeName(v)}`);
    return v;
  }

  /**
   * A config string with `${...}` parts. A string that is exactly one `${...}` keeps the
   * expression's type (as set-vars documents); otherwise every part is written as text.
   */
  interpolate(template: string): unknown {
    const parts = splitTemplate(template);
    if (parts.length === 1 && typeof parts[0] !== "string") return this.value(parts[0]!.expr);
    return parts.map((p) => (typeof p === "string" ? p : asText(this.value(p.expr)))).join("");
  }

  /** `interpolate`, written as text. */
  text(template: string): string {
    return asText(this.interpolate(template));
  }

  /** Interpolates every string inside a JSON-like value. */
  deep(value: unknown): unknown {
    if (typeof value === "string") return this.interpolate(value);
    if (Array.isArray(value)) return value.map((v) => this.deep(v));
    if (typeof value === "object" && value !== null) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.deep(v)]));
    }
    return value;
  }
}

function splitTemplate(template: string): Array<string | { expr: string }> {
  const out: Array<string | { expr: string }> = [];
  let i = 0;
  let text = "";
  while (i < template.length) {
    if (template[i] === "$" && template[i + 1] === "{") {
      let depth = 1;
      let j = i + 2;
      let quote: string | undefined;
      for (; j < template.length && depth > 0; j++) {
        const c = template[j];
        if (quote !== undefined) {
          if (c === "\\") j++;
          else if (c === quote) quote = undefined;
        } else if (c === "'" || c === '"') quote = c;
        else if (c === "{") depth++;
        else if (c === "}") depth--;
      }
      if (depth !== 0) throw new CelFailure(template, "unterminated ${ in interpolated string");
      if (text !== "") out.push(text);
      text = "";
      out.push({ expr: template.slice(i + 2, j - 1) });
      i = j;
    } else {
      text += template[i];
      i++;
    }
  }
  if (text !== "" || out.length === 0) out.push(text);
  return out;
}

/** A CEL result as plain JS: int and uint as number, maps as objects, lists as arrays. */
export function toJs(v: CelValue | unknown): unknown {
  if (typeof v === "bigint") return Number(v);
  if (isCelMap(v)) return Object.fromEntries([...v.entries()].map(([k, val]) => [String(k), toJs(val)]));
  if (isCelList(v)) return [...v.values()].map(toJs);
  if (typeof v === "object" && v !== null && "value" in v && typeof (v as { value: unknown }).value === "bigint") {
    return Number((v as { value: bigint }).value); // a CelUint
  }
  return v;
}

export function asText(v: unknown): string {
  if (typeof v === "string") return v;
  if (v === null || v === undefined) return "";
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

function typeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "list";
  if (typeof v === "object") return "map";
  if (typeof v === "number") return "number";
  return typeof v;
}
