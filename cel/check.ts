/**
 * A type checker for CEL over @bufbuild/cel's parsed AST. @bufbuild/cel (0.6.1, its newest
 * release) evaluates CEL and parses it, but its checker only types constants and identifiers, so
 * this one does what CEL's checker does (cel-spec's language definition, "Gradual Type Checking"):
 * every identifier must be declared, every field selected must exist on a declared object, every
 * function and operator must have an overload for its arguments' types, and `dyn` (a value of no
 * declared type) is accepted anywhere. Declarations are the caller's: the provider and the
 * emulator each keep their own table of ngrok's variables and functions and hand it here.
 */
import { parse, type CelEnv, type CelType } from "@bufbuild/cel";

type Parsed = ReturnType<typeof parse>;
type Expr = NonNullable<Parsed["expr"]>;

/** A CEL type as the checker holds it. */
export type CelT =
  | {
      k: "int" | "uint" | "double" | "bool" | "string" | "bytes" | "null" | "timestamp" | "duration" | "dyn" | "type";
      /** A string that also has fields (ngrok's `req.url` is the URL, `req.url.path` its path). */
      fields?: Readonly<Record<string, CelT>>;
    }
  | { k: "list"; elem: CelT }
  | { k: "map"; key: CelT; value: CelT }
  /** One of ngrok's variable objects: a map of known keys, each of its own type. */
  | { k: "object"; name: string; fields: Readonly<Record<string, CelT>> };

/** A function or method: `target.name(args) -> result`, or `name(args)` without a target. */
export interface Overload {
  name: string;
  target?: CelT;
  args: readonly CelT[];
  result: CelT;
}

/** What an expression may name: variables (by top-level name) and functions. */
export interface Declarations {
  variables: Readonly<Record<string, CelT>>;
  overloads: readonly Overload[];
}

const DYN: CelT = { k: "dyn" };
const BOOL: CelT = { k: "bool" };
const INT: CelT = { k: "int" };
const STRING: CelT = { k: "string" };
const TYPE: CelT = { k: "type" };

const SCALARS = ["int", "uint", "double", "bool", "string", "bytes", "null", "timestamp", "duration", "dyn", "type"] as const;
const NUMBERS = ["int", "uint", "double"];

/** A type's name as CEL writes it: `list(string)`, `map(string, list(string))`. */
export function typeText(t: CelT): string {
  switch (t.k) {
    case "list":
      return `list(${typeText(t.elem)})`;
    case "map":
      return `map(${typeText(t.key)}, ${typeText(t.value)})`;
    case "object":
      return t.name;
    case "null":
      return "null_type";
    case "timestamp":
      return "google.protobuf.Timestamp";
    case "duration":
      return "google.protobuf.Duration";
    default:
      return t.k;
  }
}

/**
 * A type from its text: a scalar (`int`, `string`, `timestamp`...), `list(T)`, `map(K, V)`, or
 * the name of one of `objects` (a type written with a capital letter).
 */
export function typeFromText(text: string, objects: Readonly<Record<string, CelT>> = {}): CelT {
  const s = text.trim();
  const m = /^(list|map)\((.*)\)$/.exec(s);
  if (m) {
    const inner = m[2]!;
    if (m[1] === "list") return { k: "list", elem: typeFromText(inner, objects) };
    let depth = 0;
    for (let i = 0; i < inner.length; i++) {
      const c = inner[i];
      if (c === "(") depth++;
      else if (c === ")") depth--;
      else if (c === "," && depth === 0) return { k: "map", key: typeFromText(inner.slice(0, i), objects), value: typeFromText(inner.slice(i + 1), objects) };
    }
    throw new Error(`map type without a key and a value: ${s}`);
  }
  if ((SCALARS as readonly string[]).includes(s)) return { k: s as (typeof SCALARS)[number] };
  const object = objects[s];
  if (object === undefined) throw new Error(`unknown type: ${s}`);
  return object;
}

/**
 * Variables from a flat table of dotted names and type texts, as ngrok's variables pages list
 * them (`req.url.path: string`). A name with names below it is an object of them; one that also
 * has a type of its own is a string with fields (`req.url: string` and `req.url.path`).
 * `objects` are the named types the texts may use (`list(Cookie)`), each from its own flat table.
 */
export function variablesFromTable(table: Readonly<Record<string, string>>, objects: Readonly<Record<string, Readonly<Record<string, string>>>> = {}): Record<string, CelT> {
  const named: Record<string, CelT> = {};
  // Named objects first (in the order given: one may use an earlier one).
  for (const [name, fields] of Object.entries(objects)) named[name] = { ...tree(fields, named, name) } as CelT;
  const root = tree(table, named, "");
  return root.k === "object" ? { ...root.fields } : {};
}

function tree(table: Readonly<Record<string, string>>, named: Readonly<Record<string, CelT>>, name: string): CelT {
  interface Node {
    own?: CelT;
    children: Map<string, Node>;
  }
  const top: Node = { children: new Map() };
  for (const [path, text] of Object.entries(table)) {
    let node = top;
    for (const part of path.split(".")) {
      let next = node.children.get(part);
      if (next === undefined) node.children.set(part, (next = { children: new Map() }));
      node = next;
    }
    node.own = typeFromText(text, named);
  }
  const build = (node: Node, at: string): CelT => {
    if (node.children.size === 0) return node.own ?? DYN;
    const fields = Object.fromEntries([...node.children].map(([k, child]) => [k, build(child, at === "" ? k : `${at}.${k}`)]));
    if (node.own?.k === "string") return { k: "string", fields };
    return { k: "object", name: at === "" ? "variables" : at, fields };
  };
  const built = build(top, name);
  return built.k === "object" ? { ...built, name: name === "" ? "variables" : name } : built;
}

/** A type of @bufbuild/cel's (a function's parameter or result) as the checker holds it. */
export function fromCelType(t: CelType): CelT {
  switch (t.kind) {
    case "list":
      return { k: "list", elem: fromCelType(t.element) };
    case "map":
      return { k: "map", key: fromCelType(t.key), value: fromCelType(t.value) };
    case "object":
      if (t.desc?.typeName === "google.protobuf.Timestamp") return { k: "timestamp" };
      if (t.desc?.typeName === "google.protobuf.Duration") return { k: "duration" };
      return DYN;
    case "scalar":
      return t.scalar === "null_type" ? { k: "null" } : { k: t.scalar };
  }
}

/** Every function and method of an environment of @bufbuild/cel, as overloads. */
export function overloadsOf(env: CelEnv): Overload[] {
  return [...env.funcs].map((f) => ({
    name: f.name,
    ...(f.target === undefined ? {} : { target: fromCelType(f.target) }),
    args: f.arguments.map(fromCelType),
    result: fromCelType(f.result),
  }));
}

/** An overload from its signature as ngrok's macros page writes one: `string.lower() -> string`, `hash.sha256(string, string) -> string`. */
export function overloadFromText(signature: string, objects: Readonly<Record<string, CelT>> = {}): Overload {
  const m = /^(?:((?:string|bytes|int|uint|double|bool|timestamp|duration)|(?:list|map)\([^)]*\))\.)?([A-Za-z_][\w.]*)\((.*)\)\s*->\s*(.+)$/.exec(signature.trim());
  if (!m) throw new Error(`not a signature: ${signature}`);
  const [, target, name, args, result] = m;
  const argTypes: CelT[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= args!.length; i++) {
    const c = args![i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if ((c === "," && depth === 0) || i === args!.length) {
      const part = args!.slice(start, i).trim();
      if (part !== "") argTypes.push(typeFromText(part, objects));
      start = i + 1;
    }
  }
  return { name: name!, ...(target === undefined ? {} : { target: typeFromText(target, objects) }), args: argTypes, result: typeFromText(result!, objects) };
}

/** A type error: the checker's message, and where in the expression (0-based offset) it is. */
export class CelTypeError extends Error {
  constructor(
    message: string,
    readonly offset: number | undefined,
  ) {
    super(message);
  }
}

/** Whether a value of type `a` may be given where `p` is taken. */
export function assignable(p: CelT, a: CelT): boolean {
  if (p.k === "dyn" || a.k === "dyn") return true;
  if (p.k === "list") return a.k === "list" && assignable(p.elem, a.elem);
  if (p.k === "map") {
    if (a.k === "map") return assignable(p.key, a.key) && assignable(p.value, a.value);
    if (a.k === "object") return assignable(p.key, STRING) && Object.values(a.fields).every((f) => assignable(p.value, f));
    return false;
  }
  if (p.k === "object") return a.k === "object" && a.name === p.name;
  return p.k === a.k;
}

/** The one type two values share, else dyn. */
function join(a: CelT, b: CelT): CelT {
  if (a.k === "dyn" || b.k === "dyn") return DYN;
  if (a.k === "list" && b.k === "list") return { k: "list", elem: join(a.elem, b.elem) };
  if (a.k === "map" && b.k === "map") return { k: "map", key: join(a.key, b.key), value: join(a.value, b.value) };
  if (a.k === "object" || b.k === "object") return a.k === "object" && b.k === "object" && a.name === b.name ? a : DYN;
  if (a.k === "list" || b.k === "list" || a.k === "map" || b.k === "map") return DYN;
  if (a.k === b.k) return a.fields === b.fields ? a : ({ k: a.k } as CelT);
  return DYN;
}

/** A string's or object's fields: nothing but the type's own name. */
const plainType = (t: CelT): CelT => (t.k === "object" ? t : t.k === "list" || t.k === "map" ? t : ({ k: t.k } as CelT));

/** Whether `==` may compare the two: the same type, numbers of any kind, null with anything, or dyn. */
function comparable(a: CelT, b: CelT): boolean {
  if (a.k === "dyn" || b.k === "dyn" || a.k === "null" || b.k === "null") return true;
  if (NUMBERS.includes(a.k) && NUMBERS.includes(b.k)) return true;
  if (a.k === "list" && b.k === "list") return comparable(a.elem, b.elem);
  if ((a.k === "map" || a.k === "object") && (b.k === "map" || b.k === "object")) return true;
  return a.k === b.k;
}

/** The names CEL gives types, usable as values (`type(x) == string`). */
const TYPE_NAMES = ["int", "uint", "double", "bool", "string", "bytes", "list", "map", "null_type", "type"];

class Checker {
  private scopes: Map<string, CelT>[] = [];

  constructor(
    private readonly decls: Declarations,
    private readonly positions: Readonly<Record<string, number>>,
  ) {}

  private fail(e: Expr, message: string): never {
    throw new CelTypeError(message, this.positions[String(e.id)]);
  }

  private lookup(name: string): CelT | undefined {
    for (let i = this.scopes.length - 1; i >= 0; i--) {
      const t = this.scopes[i]!.get(name);
      if (t !== undefined) return t;
    }
    return this.decls.variables[name];
  }

  /** `a.b.c` when `e` is a chain of selections on an identifier that is not a variable in scope. */
  private qualified(e: Expr | undefined): string | undefined {
    if (e === undefined) return undefined;
    if (e.exprKind.case === "identExpr") return this.lookup(e.exprKind.value.name) === undefined ? e.exprKind.value.name : undefined;
    if (e.exprKind.case === "selectExpr" && !e.exprKind.value.testOnly) {
      const base = this.qualified(e.exprKind.value.operand);
      return base === undefined ? undefined : `${base}.${e.exprKind.value.field}`;
    }
    return undefined;
  }

  check(e: Expr): CelT {
    switch (e.exprKind.case) {
      case "constExpr": {
        const c = e.exprKind.value.constantKind.case;
        return c === "boolValue"
          ? BOOL
          : c === "int64Value"
            ? INT
            : c === "uint64Value"
              ? { k: "uint" }
              : c === "doubleValue"
                ? { k: "double" }
                : c === "stringValue"
                  ? STRING
                  : c === "bytesValue"
                    ? { k: "bytes" }
                    : c === "nullValue"
                      ? { k: "null" }
                      : DYN;
      }
      case "identExpr": {
        const name = e.exprKind.value.name;
        const t = this.lookup(name);
        if (t !== undefined) return t;
        if (TYPE_NAMES.includes(name)) return TYPE;
        return this.fail(e, `undeclared reference to '${name}'`);
      }
      case "selectExpr": {
        const sel = e.exprKind.value;
        // A dotted name declared whole (the longest one first) or a type's name (`google.protobuf.Timestamp`).
        const name = sel.testOnly ? undefined : this.qualified(e);
        if (name !== undefined && this.decls.variables[name] !== undefined) return this.decls.variables[name];
        if (name === "google.protobuf.Timestamp" || name === "google.protobuf.Duration") return TYPE;
        const operand = this.check(sel.operand!);
        const t = this.field(e, operand, sel.field);
        return sel.testOnly ? BOOL : t;
      }
      case "listExpr": {
        const elems = e.exprKind.value.elements.map((x) => this.check(x));
        return { k: "list", elem: elems.length === 0 ? DYN : elems.map(plainType).reduce(join) };
      }
      case "structExpr": {
        const s = e.exprKind.value;
        if (s.messageName !== "") return DYN;
        const keys: CelT[] = [];
        const values: CelT[] = [];
        for (const entry of s.entries) {
          if (entry.keyKind.case === "mapKey") keys.push(plainType(this.check(entry.keyKind.value)));
          values.push(plainType(this.check(entry.value!)));
        }
        return { k: "map", key: keys.length === 0 ? DYN : keys.reduce(join), value: values.length === 0 ? DYN : values.reduce(join) };
      }
      case "comprehensionExpr":
        return this.comprehension(e.exprKind.value);
      case "callExpr":
        return this.call(e, e.exprKind.value);
      default:
        return DYN;
    }
  }

  private field(e: Expr, operand: CelT, field: string): CelT {
    switch (operand.k) {
      case "dyn":
        return DYN;
      case "map":
        if (!assignable(operand.key, STRING)) return this.fail(e, `type '${typeText(operand)}' does not support field selection`);
        return operand.value;
      case "object": {
        const t = operand.fields[field];
        if (t === undefined) return this.fail(e, `undefined field '${field}'`);
        return t;
      }
      case "string":
        if (operand.fields !== undefined) {
          const t = operand.fields[field];
          if (t === undefined) return this.fail(e, `undefined field '${field}'`);
          return t;
        }
        return this.fail(e, `type 'string' does not support field selection`);
      default:
        return this.fail(e, `type '${typeText(operand)}' does not support field selection`);
    }
  }

  private comprehension(c: Extract<Expr["exprKind"], { case: "comprehensionExpr" }>["value"]): CelT {
    const range = this.check(c.iterRange!);
    let first: CelT;
    let second: CelT | undefined;
    switch (range.k) {
      case "list":
        [first, second] = c.iterVar2 === "" ? [range.elem, undefined] : [INT, range.elem];
        break;
      case "map":
        [first, second] = [range.key, range.value];
        break;
      case "object":
        [first, second] = [STRING, DYN];
        break;
      case "dyn":
        [first, second] = [DYN, DYN];
        break;
      default:
        return this.fail(c.iterRange!, `expression of type '${typeText(range)}' cannot be the range of a comprehension (must be list, map, or dynamic)`);
    }
    const init = this.check(c.accuInit!);
    const scope = new Map<string, CelT>([[c.iterVar, first]]);
    if (c.iterVar2 !== "") scope.set(c.iterVar2, second ?? DYN);
    const accu = new Map<string, CelT>([[c.accuVar, init]]);
    const depth = this.scopes.length;
    this.scopes.push(accu, scope);
    try {
      const cond = this.check(c.loopCondition!);
      if (!assignable(BOOL, cond)) this.fail(c.loopCondition!, `expected type 'bool' but found '${typeText(cond)}'`);
      const step = this.check(c.loopStep!);
      this.scopes.pop();
      // The accumulator of map() and filter() starts as an empty list: it takes the step's type.
      if (init.k === "list" && init.elem.k === "dyn" && step.k === "list") accu.set(c.accuVar, step);
      return this.check(c.result!);
    } finally {
      this.scopes.length = depth;
    }
  }

  private call(e: Expr, call: Extract<Expr["exprKind"], { case: "callExpr" }>["value"]): CelT {
    const fn = call.function;
    switch (fn) {
      case "_&&_":
      case "_||_":
      case "@not_strictly_false": {
        for (const a of call.args) {
          const t = this.check(a);
          if (!assignable(BOOL, t)) this.noOverload(e, fn, call.args.map((x) => this.check(x)));
        }
        return BOOL;
      }
      case "_?_:_": {
        const [cond, yes, no] = call.args.map((a) => this.check(a));
        if (!assignable(BOOL, cond!)) this.noOverload(e, fn, [cond!, yes!, no!]);
        return join(yes!, no!);
      }
      case "_==_":
      case "_!=_": {
        const [a, b] = call.args.map((x) => this.check(x));
        if (!comparable(a!, b!)) this.noOverload(e, fn, [a!, b!]);
        return BOOL;
      }
      case "_[_]": {
        const [on, key] = call.args.map((x) => this.check(x));
        return this.index(e, on!, key!, call.args[1]!);
      }
    }
    if (call.target !== undefined) {
      // A namespaced function (hash.sha256, rand.int): its namespace is no variable.
      const ns = this.qualified(call.target);
      if (ns !== undefined && this.decls.overloads.some((o) => o.target === undefined && o.name === `${ns}.${fn}`)) {
        return this.resolve(e, `${ns}.${fn}`, undefined, call.args.map((a) => this.check(a)));
      }
      // ngrok's sortBy(x, key): a macro over the list's elements.
      if (fn === "sortBy" && call.args.length === 2 && call.args[0]!.exprKind.case === "identExpr") {
        const list = this.check(call.target);
        if (list.k !== "list" && list.k !== "dyn") this.noOverload(e, fn, [list]);
        this.scopes.push(new Map([[call.args[0]!.exprKind.value.name, list.k === "list" ? list.elem : DYN]]));
        try {
          this.check(call.args[1]!);
        } finally {
          this.scopes.pop();
        }
        return list;
      }
      const target = this.check(call.target);
      return this.resolve(e, fn, target, call.args.map((a) => this.check(a)));
    }
    const args = call.args.map((a) => this.check(a));
    // The global form matches(text, regex), as ngrok's macros page writes it.
    if (fn === "matches" && args.length === 2) return this.resolve(e, fn, args[0], args.slice(1));
    return this.resolve(e, fn, undefined, args);
  }

  private index(e: Expr, on: CelT, key: CelT, keyExpr: Expr): CelT {
    switch (on.k) {
      case "dyn":
        return DYN;
      case "list":
        if (!["int", "uint", "dyn"].includes(key.k)) this.noOverload(e, "_[_]", [on, key]);
        return on.elem;
      case "map":
        if (!assignable(on.key, key) && !(NUMBERS.includes(on.key.k) && NUMBERS.includes(key.k))) this.noOverload(e, "_[_]", [on, key]);
        return on.value;
      case "object": {
        if (!assignable(STRING, key)) this.noOverload(e, "_[_]", [on, key]);
        const k = keyExpr.exprKind.case === "constExpr" && keyExpr.exprKind.value.constantKind.case === "stringValue" ? keyExpr.exprKind.value.constantKind.value : undefined;
        return k === undefined ? DYN : (on.fields[k] ?? DYN);
      }
      default:
        return this.noOverload(e, "_[_]", [on, key]);
    }
  }

  private noOverload(e: Expr, fn: string, args: readonly CelT[]): never {
    return this.fail(e, `found no matching overload for '${fn}' applied to '(${args.map((a) => typeText(plainType(a))).join(", ")})'`);
  }

  private resolve(e: Expr, fn: string, target: CelT | undefined, args: readonly CelT[]): CelT {
    const named = this.decls.overloads.filter((o) => o.name === fn && (o.target === undefined) === (target === undefined));
    if (named.length === 0 && !this.decls.overloads.some((o) => o.name === fn)) return this.fail(e, `undeclared reference to '${fn}'`);
    const matching = named.filter(
      (o) => o.args.length === args.length && (target === undefined || assignable(o.target!, target)) && o.args.every((p, i) => assignable(p, args[i]!)),
    );
    if (matching.length === 0) return this.noOverload(e, target === undefined ? fn : `${typeText(plainType(target))}.${fn}`, args);
    const results = matching.map((o) => o.result);
    return results.reduce((a, b) => (typeText(a) === typeText(b) ? a : DYN));
  }
}

/**
 * The type of a parsed expression, given what it may name; throws a CelTypeError for an
 * undeclared name, an undefined field, or a function or operator with no overload for its
 * arguments.
 */
export function typeOfExpression(parsed: Parsed, decls: Declarations): CelT {
  const positions = Object.fromEntries(Object.entries(parsed.sourceInfo?.positions ?? {}).map(([k, v]) => [k, Number(v)]));
  return new Checker(decls, positions).check(parsed.expr!);
}

/** Where an offset of a text is: its line and column, 1-based. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = [...text.slice(0, offset)];
  const lines = before.join("").split("\n");
  return { line: lines.length, column: [...lines[lines.length - 1]!].length + 1 };
}
