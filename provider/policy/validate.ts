/**
 * Validation of a policy's wire form against ngrok's Traffic Policy documentation, with no
 * request: phases, action types and their phases, configuration fields (unknown, missing, types,
 * documented limits), CEL expressions (parsed with @bufbuild/cel) and what the endpoint's URL
 * allows. Each problem names where it is as a path in the typed form, the program's spelling
 * (`onHttpRequest[0].actions[1].config.statusCode`), and never quotes a value the program gave,
 * except names from ngrok's closed vocabularies (phases, action types).
 */
import { ACTIONS, PHASES, type FieldSpec, type WirePhase } from "./actions";
import { camel, isRecord, typedPhase, walked, type PolicyValue } from "./value";

export type PathSegment = string | number;

export interface PolicyProblem {
  /** Where, in the typed form: ["onHttpRequest", 0, "expressions", 1]. */
  path: PathSegment[];
  /** Begins with a verb: "is not ...", "must ...". */
  message: string;
}

/** A problem, and where it is in the wire form (to find the value there). */
export interface WireProblem extends PolicyProblem {
  at: PathSegment[];
}

/** What the endpoint's URL allows. */
export interface PolicyTarget {
  /** "http", "https", "tcp" or "tls". */
  scheme: string;
  /** An internal endpoint (a `.internal` host). */
  internal: boolean;
  /** A cloud endpoint: its policy must always answer (ERR_NGROK_2235). */
  cloud: boolean;
}

const HTTP_SCHEMES = ["http", "https"];
const RULE_KEYS = ["name", "expressions", "actions"];
const DURATION = /^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/;

/** A place in the policy: its path in the typed form and in the wire form. */
class Place {
  constructor(
    readonly typed: PathSegment[] = [],
    readonly wire: PathSegment[] = [],
  ) {}
  /** A key below this place, named `typed` in the typed form. */
  key(wire: string, typed = wire): Place {
    return new Place([...this.typed, typed], [...this.wire, wire]);
  }
  /** A configuration field (its typed name is its camelCase name). */
  field(wire: string): Place {
    return this.key(wire, camel(wire));
  }
  index(i: number): Place {
    return new Place([...this.typed, i], [...this.wire, i]);
  }
}

export function validatePolicy(wire: unknown, target?: PolicyTarget): WireProblem[] {
  const problems: WireProblem[] = [];
  const add: Add = (place, message) => problems.push({ path: place.typed, at: place.wire, message });
  const root = new Place();
  if (!isRecord(wire)) {
    add(root, "must be a Traffic Policy: an object of phases, or its YAML or JSON text");
    return problems;
  }
  for (const [phase, rules] of Object.entries(wire)) {
    const at = root.key(phase, typedPhase(phase));
    if (!(phase in PHASES)) {
      add(at, `is not a Traffic Policy phase (phases: ${Object.values(PHASES).join(", ")})`);
      continue;
    }
    const wirePhase = phase as WirePhase;
    if (rules === undefined || rules === null) continue;
    if (!Array.isArray(rules)) {
      add(at, "must be a list of rules");
      continue;
    }
    if (target) {
      if (wirePhase !== "on_tcp_connect" && !HTTP_SCHEMES.includes(target.scheme)) {
        add(at, `is an HTTP phase, and the endpoint's url is ${target.scheme}: only onTcpConnect applies (ERR_NGROK_2230)`);
      } else if (wirePhase === "on_tcp_connect" && target.internal && HTTP_SCHEMES.includes(target.scheme)) {
        add(at, "does not apply to an internal HTTP or HTTPS endpoint (ERR_NGROK_2262)");
      }
    }
    rules.forEach((rule, r) => validateRule(rule, at.index(r), wirePhase, target, add));
  }
  if (target?.cloud && problems.length === 0) {
    const phase: WirePhase = HTTP_SCHEMES.includes(target.scheme) ? "on_http_request" : "on_tcp_connect";
    if (!alwaysAnswers(wire[phase])) {
      add(
        root.key(phase, PHASES[phase]),
        "must have a rule without expressions whose actions include a terminating action (custom-response, deny, " +
          "forward-internal or close-connection): a cloud endpoint's policy must handle all traffic (ERR_NGROK_2235)",
      );
    }
  }
  return problems;
}

function alwaysAnswers(rules: unknown): boolean {
  if (!Array.isArray(rules)) return false;
  return rules.some(
    (rule) =>
      isRecord(rule) &&
      (!Array.isArray(rule.expressions) || rule.expressions.length === 0) &&
      Array.isArray(rule.actions) &&
      rule.actions.some((a) => isRecord(a) && typeof a.type === "string" && ACTIONS[a.type]?.terminating === true),
  );
}

type Add = (place: Place, message: string) => void;

function validateRule(rule: unknown, at: Place, phase: WirePhase, target: PolicyTarget | undefined, add: Add): void {
  if (!isRecord(rule)) return add(at, "must be a rule: { name, expressions, actions }");
  const unknown = Object.keys(rule).filter((k) => !RULE_KEYS.includes(k));
  if (unknown.length) add(at, `has unknown field(s): ${unknown.join(", ")} (a rule has ${RULE_KEYS.join(", ")})`);
  if (rule.name !== undefined && typeof rule.name !== "string") add(at.key("name"), "must be a string");
  if (rule.expressions !== undefined) {
    if (!Array.isArray(rule.expressions)) add(at.key("expressions"), "must be a list of CEL expressions");
    else rule.expressions.forEach((e, i) => checkCel(e, at.key("expressions").index(i), add));
  }
  if (!Array.isArray(rule.actions) || rule.actions.length === 0) {
    add(at.key("actions"), "must be a list of at least one action");
    return;
  }
  rule.actions.forEach((action, i) => validateAction(action, at.key("actions").index(i), phase, target, add));
}

function validateAction(action: unknown, at: Place, phase: WirePhase, target: PolicyTarget | undefined, add: Add): void {
  if (!isRecord(action)) return add(at, "must be an action: { type, config }");
  const extra = Object.keys(action).filter((k) => k !== "type" && k !== "config");
  if (extra.length) add(at, `has unknown field(s): ${extra.join(", ")} (an action has type and config)`);
  if (typeof action.type !== "string") return add(at.key("type"), "is required: the action's type, such as \"rate-limit\"");
  const spec = ACTIONS[action.type];
  if (!spec) return add(at.key("type"), `"${action.type}" is not a documented Traffic Policy action (actions: ${Object.keys(ACTIONS).join(", ")})`);
  if (!spec.phases.includes(phase)) {
    const allowed = spec.phases.map((p) => PHASES[p]).join(", ");
    add(at, `(${action.type}) cannot run in ${PHASES[phase]}: it runs in ${allowed} (ERR_NGROK_2202)`);
  }
  if (target && spec.schemes && !spec.schemes.includes(target.scheme)) {
    add(at, `(${action.type}) applies only to ${spec.schemes.join(" and ")} endpoints, and the endpoint's url is ${target.scheme}`);
  }
  if (spec.config === "open") {
    if (action.config !== undefined && !isRecord(action.config)) add(at.key("config"), "must be an object");
    return;
  }
  const config = action.config ?? {};
  if (!isRecord(config)) return add(at.key("config"), "must be an object");
  validateFields(spec.config, config, at.key("config"), add);
}

function validateFields(fields: Readonly<Record<string, FieldSpec>>, value: Record<string, unknown>, at: Place, add: Add): void {
  const unknown = Object.keys(value).filter((k) => !(k in fields));
  if (unknown.length) {
    const known = Object.keys(fields).map(camel);
    add(at, `has unknown field(s): ${unknown.map(camel).join(", ")} (fields: ${known.join(", ") || "none"})`);
  }
  for (const [name, spec] of Object.entries(fields)) {
    const v = value[name];
    if (v === undefined || v === null) {
      if (spec.required) add(at.field(name), "is required");
      continue;
    }
    validateValue(spec, v, at.field(name), add);
  }
}

function validateValue(spec: FieldSpec, v: unknown, at: Place, add: Add): void {
  switch (spec.kind) {
    case "string":
      if (typeof v !== "string") return add(at, "must be a string");
      if (spec.enum && !spec.enum.includes(v)) add(at, `must be one of ${spec.enum.map((e) => `"${e}"`).join(", ")}`);
      return;
    case "duration":
      if (typeof v !== "string" || !DURATION.test(v)) add(at, 'must be a duration such as "10s", "5m" or "24h"');
      return;
    case "boolean":
      if (typeof v !== "boolean") add(at, "must be true or false");
      return;
    case "integer":
    case "number":
      if (typeof v !== "number" || (spec.kind === "integer" && !Number.isInteger(v))) {
        return add(at, spec.kind === "integer" ? "must be a whole number" : "must be a number");
      }
      if (spec.min !== undefined && v < spec.min) add(at, `must be at least ${spec.min}`);
      if (spec.max !== undefined && v > spec.max) add(at, `must be at most ${spec.max}`);
      return;
    case "strings":
    case "integers": {
      if (!Array.isArray(v)) return add(at, spec.kind === "strings" ? "must be a list of strings" : "must be a list of whole numbers");
      v.forEach((item, i) => {
        if (spec.kind === "integers") {
          if (typeof item !== "number" || !Number.isInteger(item)) add(at.index(i), "must be a whole number");
        } else if (typeof item !== "string") add(at.index(i), "must be a string");
        else if (spec.enum && !spec.enum.includes(item)) add(at.index(i), `must be one of ${spec.enum.map((e) => `"${e}"`).join(", ")}`);
        else if (spec.cel) checkCel(item, at.index(i), add);
      });
      if (spec.required && v.length === 0) add(at, "must not be empty");
      return;
    }
    case "stringMap":
    case "anyMap":
      if (!isRecord(v)) return add(at, "must be an object");
      if (spec.kind === "stringMap") for (const [k, item] of Object.entries(v)) if (typeof item !== "string") add(at.key(k), "must be a string");
      return;
    case "object":
      if (!isRecord(v)) return add(at, "must be an object");
      if (spec.fields) validateFields(spec.fields, v, at, add);
      return;
    case "objects":
      if (!Array.isArray(v)) return add(at, "must be a list of objects");
      v.forEach((item, i) => {
        if (!isRecord(item)) add(at.index(i), "must be an object");
        else if (spec.fields) validateFields(spec.fields, item, at.index(i), add);
      });
      if (spec.required && v.length === 0) add(at, "must not be empty");
      return;
  }
}

/** A CEL expression parsed with @bufbuild/cel; a failure names its line (when several) and column. */
function checkCel(expression: unknown, at: Place, add: Add): void {
  if (typeof expression !== "string") return add(at, "must be a CEL expression (a string)");
  if (expression.trim() === "") return add(at, "must not be empty");
  const { parse } = require("@bufbuild/cel") as typeof import("@bufbuild/cel");
  try {
    parse(expression);
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    const m = /^<input>:(\d+):(\d+): (.*)$/s.exec(text);
    if (!m) return add(at, "is not a valid CEL expression");
    const line = Number(m[1]);
    const where = line > 1 ? `line ${line}, column ${m[2]}` : `column ${m[2]}`;
    add(at, `is not a valid CEL expression: at ${where}, ${m[3]!.split("\n")[0]}`);
  }
}

/** A path as a program writes it: `trafficPolicy.onHttpRequest[0].expressions[1]`. */
export function pathText(root: string, path: readonly PathSegment[]): string {
  return root + path.map((p) => (typeof p === "number" ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`)).join("");
}

/**
 * What is wrong with a policy for an endpoint whose URL allows `target`: each problem with its path
 * in the typed form and a message that begins with a verb and quotes no value. A problem at a place
 * whose value is `pending` (unknown at preview) is no problem yet.
 */
export function policyProblems(value: PolicyValue, target?: PolicyTarget, pending?: (value: unknown) => boolean): PolicyProblem[] {
  const err = value.textError;
  if (err) return [{ path: [], message: `${err.message}${err.line !== undefined ? ` at line ${err.line}, column ${err.column}` : ""}` }];
  const wire = value.toWire();
  const problems = walked(validatePolicy(wire, target));
  return problems.filter((p) => !pending?.(valueAt(wire, p.at))).map(({ path, message }) => ({ path, message }));
}

function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}
