// CEL over the documented Traffic Policy variables (https://ngrok.com/docs/traffic-policy/variables/)
// and macros (https://ngrok.com/docs/traffic-policy/macros/), evaluated with @bufbuild/cel.
// Interpolation is the documented `${expression}` form inside action config strings.
import { celEnv, isCelError, isCelList, isCelMap, parse, plan, type CelEnv, type CelValue } from "@bufbuild/cel";
import { strings } from "@bufbuild/cel/ext";
import { isMessage } from "@bufbuild/protobuf";
import { isReflectMessage } from "@bufbuild/protobuf/reflect";
import { DurationSchema, TimestampSchema, timestampMs } from "@bufbuild/protobuf/wkt";
import { lineAndColumn, typeOfExpression, typeText, variablesFromTable, CelTypeError } from "../../cel/check";
import { celDeclarations } from "./cel-declarations";
import { ngrokFunctions, type MacroContext } from "./cel-functions";
import { DUAL_VARIABLES, fieldsKey } from "./variables";

export { inCidrs, type MacroContext } from "./cel-functions";

/** Values handed to CEL: plain objects read as maps, bigint as int, number as double. */
export type Bindings = Record<string, unknown>;

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
    rewrite(p.expr);
    parsedCache.set(expression, p);
  }
  return p;
}

/** Throws a CelFailure when an expression does not parse: what the service refuses when a policy is saved. */
export function checkExpression(expression: string): void {
  parsed(expression);
}

type Expr = NonNullable<Parsed["expr"]>;

/** Type errors by expression and whether a bool is wanted: a policy's expressions are checked on every save. */
const typeErrors = new Map<string, string | undefined>();

/**
 * Why an expression that parses is not well typed against the documented variables and
 * functions (cel-declarations.ts), "at column N, ..." (its line too when several), or undefined
 * when it is. `bool`: the expression must be a bool (a rule's expression, a condition); `local`:
 * the variables a field adds (http-request's retry_condition reads `last_attempt`).
 */
export function typeError(expression: string, bool: boolean, local: Readonly<Record<string, string>> = {}): string | undefined {
  const key = `${bool ? "b" : "v"}:${JSON.stringify(local)}:${expression}`;
  if (typeErrors.has(key)) return typeErrors.get(key);
  let why: string | undefined;
  try {
    const decls = celDeclarations();
    const variables = Object.keys(local).length === 0 ? decls.variables : { ...decls.variables, ...variablesFromTable(local) };
    const t = typeOfExpression(parse(expression), { ...decls, variables });
    if (bool && t.k !== "bool" && t.k !== "dyn") why = `at column 1, expected type 'bool' but found '${typeText(t)}'`;
  } catch (err) {
    if (!(err instanceof CelTypeError)) throw err;
    const at = lineAndColumn(expression, err.offset ?? 0);
    why = `at ${at.line > 1 ? `line ${at.line}, ` : ""}column ${at.column}, ${err.message}`;
  }
  if (typeErrors.size >= 1024) typeErrors.delete(typeErrors.keys().next().value!);
  typeErrors.set(key, why);
  return why;
}

/** `a.b.c` when `e` is a chain of field selections on an identifier. */
function dottedPath(e: Expr | undefined): string | undefined {
  if (e === undefined) return undefined;
  if (e.exprKind.case === "identExpr") return e.exprKind.value.name;
  if (e.exprKind.case === "selectExpr") {
    const base = dottedPath(e.exprKind.value.operand);
    return base === undefined ? undefined : `${base}.${e.exprKind.value.field}`;
  }
  return undefined;
}

/**
 * Two documented forms CEL's grammar does not have:
 * - A variable that is a string and has fields (`req.url` is the URL, `req.url.path` its
 *   path): the string is bound under its name and the fields under `fieldsKey(name)`, and a
 *   selection of one of its fields is pointed there.
 * - `list.sortBy(x, key)`, a macro like cel-go's: `@sortByKeys(list, list.map(x, key))`.
 * And `matches(text, regex)`, which @bufbuild/cel has only as a method.
 */
function rewrite(node: unknown): void {
  if (Array.isArray(node)) {
    for (const n of node) rewrite(n);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  for (const [k, v] of Object.entries(node)) if (k !== "$typeName" && typeof v === "object") rewrite(v);
  const e = node as Partial<Expr>;
  if (e.exprKind?.case === "selectExpr") {
    const sel = e.exprKind.value;
    const path = dottedPath(sel.operand);
    const fields = path === undefined ? undefined : DUAL_VARIABLES[path];
    if (fields?.includes(sel.field) && sel.operand?.exprKind.case === "selectExpr") {
      const inner = sel.operand.exprKind.value;
      sel.operand = { ...sel.operand, exprKind: { case: "selectExpr", value: { ...inner, field: fieldsKey(inner.field) } } };
    }
  }
  if (e.exprKind?.case === "callExpr") {
    const call = e.exprKind.value;
    // The documented global form matches(text, regex): the method on its first argument.
    if (call.function === "matches" && call.target === undefined && call.args.length === 2) {
      call.target = call.args[0];
      call.args = [call.args[1]!];
    }
    const [x, key] = call.args;
    if (call.function === "sortBy" && call.target !== undefined && call.args.length === 2 && x?.exprKind.case === "identExpr" && key !== undefined) {
      const mapped = parse("__list.map(__x, __key)").expr!;
      if (mapped.exprKind.case !== "comprehensionExpr") throw new Error("map did not expand to a comprehension");
      const comp = mapped.exprKind.value;
      comp.iterRange = call.target;
      comp.iterVar = x.exprKind.value.name;
      const step = comp.loopStep?.exprKind;
      const element = step?.case === "callExpr" ? step.value.args[1]?.exprKind : undefined;
      if (element?.case !== "listExpr") throw new Error("map's step is not a list append");
      element.value.elements = [key];
      e.exprKind = { case: "callExpr", value: { ...call, function: "@sortByKeys", target: undefined, args: [call.target, mapped] } };
    }
  }
}

/** Evaluates expressions and interpolations against one request's variables. */
export class CelEvaluator {
  private readonly env: CelEnv;

  constructor(
    ctx: MacroContext,
    private readonly bindings: () => Bindings,
  ) {
    this.env = celEnv({ funcs: [...strings, ...ngrokFunctions(ctx)] });
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

/** The CEL of each `${...}` of a config string, as the gateway reads it when the policy runs; throws a CelFailure when one is not closed. */
export function templateExpressions(template: string): string[] {
  return splitTemplate(template).flatMap((p) => (typeof p === "string" ? [] : [p.expr]));
}

/**
 * A config string's text and `${...}` parts. A `${...}` ends at the first `}` outside a CEL string
 * literal and outside nested braces. Inside one, `\"` (or `\'`) outside a string literal opens a
 * string literal that the next `\"` closes, read by CEL as `"`: how ngrok's http-request page
 * writes a JSON body, `'{ "user": "${req.headers[\"x-user-id\"]}" }'`
 * (https://ngrok.com/docs/traffic-policy/actions/http-request/).
 */
function splitTemplate(template: string): Array<string | { expr: string }> {
  const out: Array<string | { expr: string }> = [];
  let i = 0;
  let text = "";
  while (i < template.length) {
    if (template[i] === "$" && template[i + 1] === "{") {
      let depth = 1;
      let j = i + 2;
      let quote: string | undefined;
      let escapedQuote = false;
      let expr = "";
      for (; j < template.length && depth > 0; j++) {
        const c = template[j]!;
        const next = template[j + 1];
        if (quote !== undefined) {
          if (c === "\\" && escapedQuote && next === quote) {
            expr += quote;
            quote = undefined;
            j++;
          } else if (c === "\\") {
            expr += c + (next ?? "");
            j++;
          } else {
            if (c === quote && !escapedQuote) quote = undefined;
            expr += c;
          }
          continue;
        }
        if (c === "\\" && (next === '"' || next === "'")) {
          quote = next;
          escapedQuote = true;
          expr += next;
          j++;
          continue;
        }
        if (c === "'" || c === '"') {
          quote = c;
          escapedQuote = false;
        } else if (c === "{") depth++;
        else if (c === "}") depth--;
        if (depth > 0) expr += c;
      }
      if (depth !== 0) throw new CelFailure(template, "unterminated ${ in interpolated string");
      if (text !== "") out.push(text);
      text = "";
      out.push({ expr });
      i = j;
    } else {
      text += template[i];
      i++;
    }
  }
  if (text !== "" || out.length === 0) out.push(text);
  return out;
}

/** A CEL result as plain JS: int and uint as number, maps as objects, lists as arrays, timestamps as RFC 3339 text, durations as seconds. */
export function toJs(v: CelValue | unknown): unknown {
  if (typeof v === "bigint") return Number(v);
  // A message read from a map or a field (conn.ts.start) comes wrapped for reflection.
  if (isReflectMessage(v)) return toJs(v.message);
  // RFC 3339 as Go writes it: no fraction when there is none.
  if (isMessage(v, TimestampSchema)) return new Date(timestampMs(v)).toISOString().replace(/\.000Z$/, "Z");
  if (isMessage(v, DurationSchema)) return Number(v.seconds) + v.nanos / 1e9;
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
