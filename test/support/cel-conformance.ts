/**
 * The CEL conformance suite that @bufbuild/cel-spec ships (cel-spec's simple tests), run through
 * the gateway's CEL environment (ngrok's functions loaded) as a rule's expression is: each test's
 * expression type-checked (cel/check.ts, with the test's declarations and the gateway's functions)
 * unless the test turns the checker off, its deduced type compared when the test gives one, then
 * evaluated with its bindings, its answer compared with the expected value, or an error expected.
 * Tests that need protobuf messages (a container, message, wrapper or abstract types) are not
 * run: a Traffic Policy has none.
 */
import { isDeepStrictEqual } from "node:util";
import { parse } from "@bufbuild/cel";
import { typeOfExpression, typeText, CelTypeError, type CelT } from "../../cel/check";
import { CelEvaluator, CelFailure } from "../../emulator/gateway/cel";
import { celDeclarations } from "../../emulator/gateway/cel-declarations";

type ValueJson = Record<string, unknown>;
type TypeJson = Record<string, unknown>;
interface ConformanceTest {
  original: {
    name: string;
    expr: string;
    value?: ValueJson;
    evalError?: unknown;
    bindings?: Record<string, { value?: ValueJson }>;
    container?: string;
    checkOnly?: boolean;
    disableCheck?: boolean;
    typeEnv?: { name: string; ident?: { type: TypeJson }; function?: { overloads: { params?: TypeJson[]; resultType: TypeJson; isInstanceFunction?: boolean }[] } }[];
    typedResult?: { result?: ValueJson; deducedType: TypeJson };
  };
}
interface Suite {
  name: string;
  suites?: Suite[];
  tests?: ConformanceTest[];
}

export interface ConformanceFile {
  file: string;
  passed: number;
  run: number;
  notRun: number;
  /** The expressions of the tests run that failed. */
  failed: string[];
}

const SKIP = Symbol("not comparable");

/** A cel.expr.Value in its JSON form as a plain JS value, as the gateway's evaluator answers one. */
function plain(v: ValueJson): unknown {
  if ("nullValue" in v) return null;
  if ("boolValue" in v) return v["boolValue"];
  if ("int64Value" in v) return Number(v["int64Value"]);
  if ("uint64Value" in v) return Number(v["uint64Value"]);
  if ("doubleValue" in v) return Number(v["doubleValue"]);
  if ("stringValue" in v) return v["stringValue"];
  if ("bytesValue" in v) return { bytes: String(v["bytesValue"]) };
  if ("listValue" in v) {
    const items = ((v["listValue"] as { values?: ValueJson[] }).values ?? []).map(plain);
    return items.includes(SKIP) ? SKIP : items;
  }
  if ("mapValue" in v) {
    const out: Record<string, unknown> = {};
    for (const e of (v["mapValue"] as { entries?: { key: ValueJson; value: ValueJson }[] }).entries ?? []) {
      const k = plain(e.key);
      const val = plain(e.value);
      if (k === SKIP || val === SKIP) return SKIP;
      out[String(k)] = val;
    }
    return out;
  }
  return SKIP;
}

/** The evaluator's answer, bytes as base64 so that both sides compare. */
function normal(v: unknown): unknown {
  if (v instanceof Uint8Array) return { bytes: Buffer.from(v).toString("base64") };
  if (Array.isArray(v)) return v.map(normal);
  if (typeof v === "object" && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, normal(x)]));
  return v;
}

const none = new Map<string, string[]>();
let bindings: Record<string, unknown> = {};
const evaluator = new CelEvaluator(
  { reqHeaders: () => none, resHeaders: () => undefined, queryParams: () => none, reqCookies: () => new Map(), resCookies: () => undefined, secret: () => undefined, random: () => 0.5 },
  () => bindings,
);

const PRIMITIVES: Record<string, CelT["k"]> = { BOOL: "bool", INT64: "int", UINT64: "uint", DOUBLE: "double", STRING: "string", BYTES: "bytes" };

/** A cel.expr.Type in its JSON form as the checker's type; SKIP for messages, wrappers and abstract types. */
function celType(t: TypeJson): CelT | typeof SKIP {
  if ("primitive" in t) return PRIMITIVES[String(t["primitive"])] === undefined ? SKIP : ({ k: PRIMITIVES[String(t["primitive"])] } as CelT);
  if ("dyn" in t || "typeParam" in t) return { k: "dyn" };
  if ("null" in t) return { k: "null" };
  if ("wellKnown" in t) return t["wellKnown"] === "TIMESTAMP" ? { k: "timestamp" } : t["wellKnown"] === "DURATION" ? { k: "duration" } : SKIP;
  if ("listType" in t) {
    const elem = celType((t["listType"] as { elemType: TypeJson }).elemType);
    return elem === SKIP ? SKIP : { k: "list", elem };
  }
  if ("mapType" in t) {
    const m = t["mapType"] as { keyType: TypeJson; valueType: TypeJson };
    const key = celType(m.keyType);
    const value = celType(m.valueType);
    return key === SKIP || value === SKIP ? SKIP : { k: "map", key, value };
  }
  if ("type" in t) return { k: "type" };
  return SKIP;
}

/** Whether the checker accepts the expression with the test's declarations (and gives its deduced type); undefined when it cannot be declared. */
function checked(t: ConformanceTest["original"]): boolean | undefined {
  if (t.disableCheck) return true;
  const gateway = celDeclarations();
  const variables: Record<string, CelT> = {};
  const overloads = [...gateway.overloads];
  for (const d of t.typeEnv ?? []) {
    if (d.ident !== undefined) {
      const type = celType(d.ident.type);
      if (type === SKIP) return undefined;
      variables[d.name] = type;
    }
    for (const o of d.function?.overloads ?? []) {
      const types = [...(o.params ?? []), o.resultType].map(celType);
      if (types.includes(SKIP)) return undefined;
      const [first, ...rest] = types.slice(0, -1) as CelT[];
      const result = types[types.length - 1] as CelT;
      overloads.push(o.isInstanceFunction ? { name: d.name, target: first!, args: rest, result } : { name: d.name, args: types.slice(0, -1) as CelT[], result });
    }
  }
  let parsed;
  try {
    parsed = parse(t.expr);
  } catch {
    return false;
  }
  let type: CelT;
  try {
    type = typeOfExpression(parsed, { variables, overloads });
  } catch (err) {
    if (err instanceof CelTypeError) return false;
    throw err;
  }
  if (t.typedResult === undefined) return true;
  const want = celType(t.typedResult.deducedType);
  if (want === SKIP) return undefined;
  return typeText(want) === typeText(type);
}

/** Whether a test passes; undefined when it is not run. */
function outcome(t: ConformanceTest["original"]): boolean | undefined {
  if (t.container !== undefined) return undefined;
  const typed = checked(t);
  if (typed === undefined) return undefined;
  if (!typed) return false;
  if (t.checkOnly) return true;
  if (t.typedResult !== undefined) t = { ...t, ...(t.typedResult.result === undefined ? {} : { value: t.typedResult.result }) };
  const given: Record<string, unknown> = {};
  for (const [name, b] of Object.entries(t.bindings ?? {})) {
    const v = b.value === undefined ? SKIP : plain(b.value);
    if (v === SKIP) return undefined;
    given[name] = v;
  }
  const want = t.value === undefined ? undefined : plain(t.value);
  if (want === SKIP) return undefined;
  bindings = given;
  try {
    const got = normal(evaluator.value(t.expr));
    return t.evalError === undefined && isDeepStrictEqual(got, want ?? null);
  } catch (err) {
    // An expected error, not a parse failure of the expression.
    return t.evalError !== undefined && err instanceof CelFailure && !err.message.startsWith("invalid expression");
  }
}

function count(suite: Suite, into: ConformanceFile): void {
  for (const t of suite.tests ?? []) {
    const ok = outcome(t.original);
    if (ok === undefined) into.notRun++;
    else {
      into.run++;
      if (ok) into.passed++;
      else into.failed.push(t.original.expr);
    }
  }
  for (const s of suite.suites ?? []) count(s, into);
}

/** Pass counts per file of the suite (its top-level suites: basic, string_ext, ...). */
export function conformance(): ConformanceFile[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { tests } = require("@bufbuild/cel-spec/testdata/conformance.js") as { tests: Suite };
  return (tests.suites ?? []).map((s) => {
    const file: ConformanceFile = { file: s.name, passed: 0, run: 0, notRun: 0, failed: [] };
    count(s, file);
    return file;
  });
}
