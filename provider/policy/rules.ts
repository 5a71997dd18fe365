/**
 * The rules of a policy's wire form from ngrok's Traffic Policy documentation, checked with no
 * request: phases, action types and their phases, configuration fields (unknown, missing, types,
 * documented limits), CEL expressions (with the parser given: validate.ts gives @bufbuild/cel's)
 * and what the endpoint's URL allows. Each problem names where it is as the program spelled the policy (the typed form's
 * `onHttpRequest[0].actions[1].config.statusCode`, or `on_http_request[0].actions[1].config.status_code`
 * for text as ngrok writes it), and never quotes a value the program gave,
 * except names from ngrok's closed vocabularies (phases, action types).
 */
import { ACTIONS, PHASES, type FieldSpec, type WirePhase } from "./actions";
import { aiGatewayKeyRefusals } from "./ai-gateway-keys";
import { literalProblem } from "./literals";
import { camel, isRecord, typedPhase, walked, type PolicyValue, type Spelling } from "./value";

export type PathSegment = string | number;

export interface PolicyProblem {
  /** Where, as the policy is spelled: ["onHttpRequest", 0, "expressions", 1], or ["on_http_request", 0, ...]. */
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


/** One validation: where problems go, and how the policy spells names. */
interface Run {
  add(place: Place, message: string): void;
  /** A configuration field's name. */
  field(wire: string): string;
  /** A phase's name. */
  phase(wire: string): string;
  /** Why a CEL expression does not parse or is not well typed; undefined when it does and is. Absent: CEL is not parsed. */
  cel?: CelParser;
}

/**
 * Why a CEL expression does not parse ("at column 3, ..."; "" when the parser does not say) or,
 * with `typed`, why it is not well typed against the documented variables and functions; undefined
 * when it is neither. `bool`: it must be a bool (a rule's expression, a condition); `local`:
 * variables its field adds, by name and type.
 */
export type CelParser = (expression: string, bool?: boolean, local?: Readonly<Record<string, string>>) => { why: string; typed?: boolean } | undefined;

export function validatePolicy(wire: unknown, target?: PolicyTarget, spelling: Spelling = "typed", cel?: CelParser): WireProblem[] {
  const problems: WireProblem[] = [];
  const run: Run = {
    add: (place, message) => problems.push({ path: place.typed, at: place.wire, message }),
    field: spelling === "wire" ? (w) => w : camel,
    phase: spelling === "wire" ? (w) => w : typedPhase,
    ...(cel === undefined ? {} : { cel }),
  };
  const root = new Place();
  if (!isRecord(wire)) {
    run.add(root, "must be a Traffic Policy: an object of phases, or its YAML or JSON text");
    return problems;
  }
  for (const [phase, rules] of Object.entries(wire)) {
    const at = root.key(phase, typedPhase(phase));
    if (!(phase in PHASES)) {
      run.add(at, `is not a Traffic Policy phase (phases: ${Object.keys(PHASES).map(run.phase).join(", ")})`);
      continue;
    }
    const wirePhase = phase as WirePhase;
    if (rules === undefined || rules === null) continue;
    if (!Array.isArray(rules)) {
      run.add(at, "must be a list of rules");
      continue;
    }
    if (target) {
      if (wirePhase !== "on_tcp_connect" && !HTTP_SCHEMES.includes(target.scheme)) {
        run.add(at, `is an HTTP phase, and the endpoint's url is ${target.scheme}: only ${run.phase("on_tcp_connect")} applies (ERR_NGROK_2230)`);
      } else if (wirePhase === "on_tcp_connect" && target.internal && HTTP_SCHEMES.includes(target.scheme)) {
        run.add(at, "does not apply to an internal HTTP or HTTPS endpoint (ERR_NGROK_2262)");
      }
    }
    rules.forEach((rule, r) => validateRule(rule, at.index(r), wirePhase, target, run));
  }
  if (target?.cloud && problems.length === 0) {
    const phase: WirePhase = HTTP_SCHEMES.includes(target.scheme) ? "on_http_request" : "on_tcp_connect";
    if (!alwaysAnswers(wire[phase])) {
      run.add(
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

function validateRule(rule: unknown, at: Place, phase: WirePhase, target: PolicyTarget | undefined, run: Run): void {
  if (!isRecord(rule)) return run.add(at, "must be a rule: { name, expressions, actions }");
  const unknown = Object.keys(rule).filter((k) => !RULE_KEYS.includes(k));
  if (unknown.length) run.add(at, `has unknown field(s): ${unknown.join(", ")} (a rule has ${RULE_KEYS.join(", ")})`);
  if (rule.name !== undefined && typeof rule.name !== "string") run.add(at.key("name"), "must be a string");
  if (rule.expressions !== undefined) {
    if (!Array.isArray(rule.expressions)) run.add(at.key("expressions"), "must be a list of CEL expressions");
    else rule.expressions.forEach((e, i) => checkCel(e, at.key("expressions").index(i), run, undefined, { bool: true, code: "ERR_NGROK_2200" }));
  }
  if (!Array.isArray(rule.actions) || rule.actions.length === 0) {
    run.add(at.key("actions"), "must be a list of at least one action");
    return;
  }
  rule.actions.forEach((action, i) => validateAction(action, at.key("actions").index(i), phase, target, run));
}

function validateAction(action: unknown, at: Place, phase: WirePhase, target: PolicyTarget | undefined, run: Run): void {
  if (!isRecord(action)) return run.add(at, "must be an action: { type, config }");
  const extra = Object.keys(action).filter((k) => k !== "type" && k !== "config");
  if (extra.length) run.add(at, `has unknown field(s): ${extra.join(", ")} (an action has type and config)`);
  if (typeof action.type !== "string") return run.add(at.key("type"), "is required: the action's type, such as \"rate-limit\"");
  const spec = ACTIONS[action.type];
  if (!spec) return run.add(at.key("type"), `"${action.type}" is not a documented Traffic Policy action (actions: ${Object.keys(ACTIONS).join(", ")})`);
  if (!spec.phases.includes(phase)) {
    const allowed = spec.phases.map(run.phase).join(", ");
    run.add(at, `(${action.type}) cannot run in ${run.phase(phase)}: it runs in ${allowed} (ERR_NGROK_2202)`);
  }
  if (target && spec.schemes && !spec.schemes.includes(target.scheme)) {
    run.add(at, `(${action.type}) applies only to ${spec.schemes.join(" and ")} endpoints, and the endpoint's url is ${target.scheme} (ERR_NGROK_2205)`);
  }
  if (spec.config === "open") {
    if (action.config !== undefined && !isRecord(action.config)) run.add(at.key("config"), "must be an object");
    if (action.type === "ai-gateway") {
      for (const r of aiGatewayKeyRefusals(action.config)) run.add(r.at.reduce<Place>((p, s) => (typeof s === "number" ? p.index(s) : p.field(s)), at.key("config")), r.why);
    }
    return;
  }
  const config = action.config ?? {};
  if (!isRecord(config)) return run.add(at.key("config"), "must be an object");
  validateFields(spec.config, config, at.key("config"), run);
}

function validateFields(fields: Readonly<Record<string, FieldSpec>>, value: Record<string, unknown>, at: Place, run: Run): void {
  const unknown = Object.keys(value).filter((k) => !(k in fields));
  if (unknown.length) {
    // The fields to write: a deprecated one is accepted, not offered.
    const known = Object.entries(fields)
      .filter(([, spec]) => spec.deprecatedFor === undefined)
      .map(([name]) => run.field(name));
    run.add(at, `has unknown field(s): ${unknown.map(run.field).join(", ")} (fields: ${known.join(", ") || "none"})`);
  }
  for (const [name, spec] of Object.entries(fields)) {
    const v = value[name];
    if (v === undefined || v === null) {
      if (spec.required) run.add(at.field(name), "is required");
      continue;
    }
    validateValue(spec, v, at.field(name), run);
  }
}

const UNITS: Readonly<Record<string, number>> = { ns: 1e-9, us: 1e-6, "µs": 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** A duration's length in seconds ("1m30s": 90). */
function seconds(duration: string): number {
  let total = 0;
  for (const m of duration.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) total += Number(m[1]) * UNITS[m[2]!]!;
  return total;
}

/** A length in seconds as a duration ("90s" for 90, "2m" for 120). */
function durationText(s: number): string {
  return s % 3600 === 0 ? `${s / 3600}h` : s % 60 === 0 && s >= 60 ? `${s / 60}m` : `${s}s`;
}

function countLimits(spec: FieldSpec, count: number, at: Place, run: Run): void {
  const entries = (n: number): string => `${n} ${n === 1 ? "entry" : "entries"}`;
  if (spec.minItems !== undefined && count < spec.minItems) run.add(at, `must have at least ${entries(spec.minItems)}`);
  if (spec.maxItems !== undefined && count > spec.maxItems) run.add(at, `must have at most ${entries(spec.maxItems)}`);
}

function validateValue(spec: FieldSpec, v: unknown, at: Place, run: Run): void {
  switch (spec.kind) {
    case "string":
      if (typeof v !== "string") return run.add(at, "must be a string");
      if (spec.enum && !spec.enum.includes(v)) run.add(at, `must be one of ${spec.enum.map((e) => `"${e}"`).join(", ")}`);
      if (spec.maxLength !== undefined && [...v].length > spec.maxLength) run.add(at, `must be at most ${spec.maxLength} characters`);
      if (spec.literal !== undefined) checkLiteral(spec, v, at, run);
      if (spec.expression) checkCel(v, at, run, undefined, { bool: true, code: "ERR_NGROK_2224", ...(spec.celVariables ? { local: spec.celVariables } : {}) });
      else checkInterpolations(v, at, run);
      return;
    case "duration": {
      if (typeof v !== "string" || !DURATION.test(v)) return run.add(at, 'must be a duration such as "10s", "5m" or "24h"');
      const s = seconds(v);
      if (spec.minDuration !== undefined && s < spec.minDuration) run.add(at, `must be at least ${durationText(spec.minDuration)}`);
      if (spec.maxDuration !== undefined && s > spec.maxDuration) run.add(at, `must be at most ${durationText(spec.maxDuration)}`);
      if (spec.durationStep !== undefined && Math.abs(s / spec.durationStep - Math.round(s / spec.durationStep)) > 1e-9) {
        run.add(at, `must be a multiple of ${durationText(spec.durationStep)}`);
      }
      return;
    }
    case "boolean":
      if (typeof v !== "boolean") run.add(at, "must be true or false");
      return;
    case "integer":
    case "number":
      if (typeof v !== "number" || (spec.kind === "integer" && !Number.isInteger(v))) {
        return run.add(at, spec.kind === "integer" ? "must be a whole number" : "must be a number");
      }
      if (spec.min !== undefined && v < spec.min) run.add(at, `must be at least ${spec.min}`);
      if (spec.max !== undefined && v > spec.max) run.add(at, `must be at most ${spec.max}`);
      return;
    case "strings":
    case "integers": {
      if (!Array.isArray(v)) return run.add(at, spec.kind === "strings" ? "must be a list of strings" : "must be a list of whole numbers");
      v.forEach((item, i) => {
        if (spec.kind === "integers") {
          if (typeof item !== "number" || !Number.isInteger(item)) run.add(at.index(i), "must be a whole number");
          else if ((spec.itemMin !== undefined && item < spec.itemMin) || (spec.itemMax !== undefined && item > spec.itemMax)) {
            run.add(at.index(i), `must be between ${spec.itemMin} and ${spec.itemMax}`);
          }
        } else if (typeof item !== "string") run.add(at.index(i), "must be a string");
        else if (spec.enum && !spec.enum.includes(item)) run.add(at.index(i), `must be one of ${spec.enum.map((e) => `"${e}"`).join(", ")}`);
        else if (spec.exclude?.includes(item)) run.add(at.index(i), `must not be "${item}"`);
        else if (spec.cel) checkCel(item, at.index(i), run, undefined, { bool: false, code: "ERR_NGROK_2224" });
        else if (spec.form === "credential") checkCredential(item, at.index(i), run);
        else {
          checkInterpolations(item, at.index(i), run);
          if (spec.literal !== undefined) checkLiteral(spec, item, at.index(i), run);
        }
      });
      if (spec.required && v.length === 0) run.add(at, "must not be empty");
      else countLimits(spec, v.length, at, run);
      if (spec.unique && new Set(v).size !== v.length) run.add(at, "must not repeat an entry");
      return;
    }
    case "stringMap":
    case "anyMap":
      if (!isRecord(v)) return run.add(at, "must be an object");
      countLimits(spec, Object.keys(v).length, at, run);
      for (const [k, item] of Object.entries(v)) {
        const name = spec.headers ? literalProblem("header-name", k) : undefined;
        if (name !== undefined) run.add(at.key(k), name);
        else if (spec.kind === "stringMap" && typeof item !== "string") run.add(at.key(k), "must be a string");
        else {
          interpolationsIn(item, at.key(k), run);
          const value = spec.headers && typeof item === "string" ? literalProblem("header-value", item) : undefined;
          if (value !== undefined) run.add(at.key(k), value);
        }
      }
      return;
    case "object":
      if (!isRecord(v)) return run.add(at, "must be an object");
      if (spec.fields) validateFields(spec.fields, v, at, run);
      return;
    case "objects":
      if (!Array.isArray(v)) return run.add(at, "must be a list of objects");
      v.forEach((item, i) => {
        if (!isRecord(item)) run.add(at.index(i), "must be an object");
        else if (spec.fields) validateFields(spec.fields, item, at.index(i), run);
        else if (spec.form === "single" && Object.keys(item).length !== 1) run.add(at.index(i), "must have exactly one entry: one variable's name and value");
        else interpolationsIn(item, at.index(i), run);
      });
      if (spec.required && v.length === 0) run.add(at, "must not be empty");
      else countLimits(spec, v.length, at, run);
      return;
  }
}

/**
 * A basic-auth credential: `username:password`, the password 8 to 128 characters. A credential
 * written as `${...}` (a vault's secret) is known only when the policy runs: its CEL is parsed.
 */
function checkCredential(credential: string, at: Place, run: Run): void {
  if (credential.includes("${")) return checkInterpolations(credential, at, run);
  const colon = credential.indexOf(":");
  if (colon <= 0) return run.add(at, "must be a username and a password written username:password");
  const password = [...credential.slice(colon + 1)].length;
  if (password < 8 || password > 128) run.add(at, "must have a password of 8 to 128 characters");
}

/** A literal of the kind ngrok checks when the policy is saved (literals.ts). */
function checkLiteral(spec: FieldSpec, value: string, at: Place, run: Run): void {
  const problem = literalProblem(spec.literal!, value);
  if (problem !== undefined) run.add(at, problem);
}

/** Every string inside a value (a map's values, a list's elements), its `${...}` parsed as CEL. */
function interpolationsIn(value: unknown, at: Place, run: Run): void {
  if (typeof value === "string") checkInterpolations(value, at, run);
  else if (Array.isArray(value)) value.forEach((v, i) => interpolationsIn(v, at.index(i), run));
  else if (isRecord(value)) for (const [k, v] of Object.entries(value)) interpolationsIn(v, at.key(k), run);
}

/**
 * The CEL of each `${...}` in a configuration string, parsed as ngrok parses it when the policy
 * runs (https://ngrok.com/docs/traffic-policy/how-it-works/#cel-interpolation). The end of an
 * interpolation is the first `}` outside a string literal and outside nested braces. A `\"` (or
 * `\'`) outside a string literal opens one that the next `\"` closes, read as `"`: ngrok's
 * http-request page writes a JSON body's `${req.headers[\"x-user-id\"]}` so
 * (https://ngrok.com/docs/traffic-policy/actions/http-request/).
 */
function checkInterpolations(text: string, at: Place, run: Run): void {
  let i = text.indexOf("${");
  while (i >= 0) {
    let depth = 0;
    let quote: string | undefined;
    let escaped = false;
    let end = -1;
    let cel = "";
    for (let j = i + 2; j < text.length; j++) {
      const c = text[j]!;
      const next = text[j + 1];
      if (quote) {
        if (c === "\\") {
          cel += escaped && next === quote ? next : c + (next ?? "");
          if (escaped && next === quote) quote = undefined;
          j++;
          continue;
        }
        if (c === quote && !escaped) quote = undefined;
      } else if (c === "\\" && (next === '"' || next === "'")) {
        quote = next;
        escaped = true;
        cel += next;
        j++;
        continue;
      } else if (c === "'" || c === '"') {
        quote = c;
        escaped = false;
      } else if (c === "{") depth++;
      else if (c === "}") {
        if (depth === 0) {
          end = j;
          break;
        }
        depth--;
      }
      cel += c;
    }
    if (end < 0) return run.add(at, "has a ${ without its closing }");
    checkCel(cel, at, run, "${...}", { bool: false, code: "ERR_NGROK_2224" });
    i = text.indexOf("${", end + 1);
  }
}

/** How an expression is checked: whether it must be a bool, the code ngrok refuses a type error with, the variables its field adds. */
interface CelUse {
  bool: boolean;
  code: string;
  local?: Readonly<Record<string, string>>;
}

/**
 * A CEL expression, parsed and type-checked when the validation has a parser; a failure names its
 * line (when several) and column, and a type error ngrok's code (2200 a rule's expression, 2224
 * CEL in an action's config).
 */
function checkCel(expression: unknown, at: Place, run: Run, inside: string | undefined, use: CelUse): void {
  if (typeof expression !== "string") return run.add(at, "must be a CEL expression (a string)");
  const what = inside ? `has a ${inside} that is not` : "is not";
  if (expression.trim() === "") return run.add(at, inside ? `has an empty ${inside}` : "must not be empty");
  const verdict = run.cel?.(expression, use.bool, use.local);
  if (verdict === undefined) return;
  if (verdict.typed) run.add(at, `${what} a well-typed CEL expression: ${verdict.why} (${use.code})`);
  else run.add(at, `${what} a valid CEL expression${verdict.why === "" ? "" : `: ${verdict.why}`}`);
}

/** A path as a program writes it: `trafficPolicy.onHttpRequest[0].expressions[1]`. */
export function pathText(root: string, path: readonly PathSegment[]): string {
  return root + path.map((p) => (typeof p === "number" ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`)).join("");
}

/**
 * What is wrong with a policy for an endpoint whose URL allows `target`: each problem with its path
 * as the program spelled the policy and a message that begins with a verb and quotes no value. A
 * problem at a place whose value is `pending` (unknown at preview) is no problem yet. CEL is parsed
 * when `cel` is given (validate.ts gives @bufbuild/cel's parser).
 */
export function problemsOf(value: PolicyValue, target?: PolicyTarget, pending?: (value: unknown) => boolean, cel?: CelParser): PolicyProblem[] {
  const err = value.textError;
  if (err) return [{ path: [], message: `${err.message}${err.line !== undefined ? ` at line ${err.line}, column ${err.column}` : ""}` }];
  const wire = value.toWire();
  const problems = walked(validatePolicy(wire, target, value.spelling, cel));
  // Places as the program wrote them: ngrok's names for a policy written as ngrok writes it.
  return problems
    .filter((p) => !pending?.(valueAt(wire, p.at)))
    .map(({ path, at, message }) => ({ path: value.spelling === "wire" ? at : path, message }));
}

function valueAt(root: unknown, path: readonly PathSegment[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/**
 * Whether a policy the program wrote as ngrok writes it (YAML or JSON text, snake_case) goes to
 * the check as it was written instead of split into the typed form: when the check refuses it,
 * so that its problems name places as the program wrote them. A policy the check accepts is split
 * as always (state keeps the typed form). `cel` parses its expressions (the SDK passes one, loaded
 * only when a policy is written as ngrok writes it), so that a policy whose only problem is its CEL
 * is named as written too.
 */
export function checkedAsWritten(value: PolicyValue, pending?: (value: unknown) => boolean, cel?: CelParser): boolean {
  return value.spelling === "wire" && (value.textError !== undefined || problemsOf(value, undefined, pending, cel).length > 0);
}

/**
 * Notes, not problems: each deprecated field the policy uses (custom-response's `content`), named
 * as the program spelled the policy, with the field ngrok documents instead.
 */
export function policyNotes(value: PolicyValue): PolicyProblem[] {
  if (value.textError) return [];
  const wire = value.toWire();
  if (!isRecord(wire)) return [];
  const notes: PolicyProblem[] = [];
  for (const [phase, rules] of Object.entries(wire)) {
    if (!Array.isArray(rules)) continue;
    rules.forEach((rule, r) => {
      if (!isRecord(rule) || !Array.isArray(rule.actions)) return;
      rule.actions.forEach((action, a) => {
        if (!isRecord(action) || typeof action.type !== "string" || !isRecord(action.config)) return;
        const spec = ACTIONS[action.type]?.config;
        if (spec === undefined || spec === "open") return;
        for (const [name, field] of Object.entries(spec)) {
          if (field.deprecatedFor === undefined || action.config[name] === undefined) continue;
          const wired = value.spelling === "wire";
          const path: PathSegment[] = [wired ? phase : typedPhase(phase), r, "actions", a, "config", wired ? name : camel(name)];
          notes.push({ path, message: `is deprecated by ngrok, which still accepts it: write \`${wired ? field.deprecatedFor : camel(field.deprecatedFor)}\` instead` });
        }
      });
    });
  }
  return notes;
}
