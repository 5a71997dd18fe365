/**
 * The CEL conformance suite that @bufbuild/cel-spec ships (cel-spec's simple tests), run through
 * the gateway's CEL environment (ngrok's functions loaded) as a rule's expression is: each test's
 * expression with its bindings, its answer compared with the expected value, or an error expected.
 * Tests that need protobuf messages (a container, message or type values) or the type checker
 * (check-only, typed results) are not run: a Traffic Policy has neither.
 */
import { isDeepStrictEqual } from "node:util";
import { CelEvaluator, CelFailure } from "../../emulator/gateway/cel";

type ValueJson = Record<string, unknown>;
interface ConformanceTest {
  original: { name: string; expr: string; value?: ValueJson; evalError?: unknown; bindings?: Record<string, { value?: ValueJson }>; container?: string; checkOnly?: boolean; typedResult?: unknown };
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

/** Whether a test passes; undefined when it is not run. */
function outcome(t: ConformanceTest["original"]): boolean | undefined {
  if (t.container !== undefined || t.checkOnly || t.typedResult !== undefined) return undefined;
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
