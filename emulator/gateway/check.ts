// The one set of checks of a Traffic Policy, read by the API (a cloud endpoint's policy when it is
// created or updated), the gateway and testPolicy alike: its structure, each action's type, phases
// and configuration (the fields, types, defaults and limits each action's file writes down, from
// https://ngrok.com/docs/traffic-policy/actions/<action>/), the CEL of rule expressions and of
// `${...}` in configuration strings, and what the endpoint's URL allows. A refusal carries the
// code of ngrok's error list (https://ngrok.com/docs/errors/) and the place, as ngrok spells the
// policy: 2200 an expression, 2201 an action type, 2202 a phase, 2203 a field that cannot be read,
// 2204 a value that is invalid, 2215 a number or duration out of range, 2221 a length over its
// limit, 2223 an empty list, 2224 the CEL of a `${...}`, 2230/2262/2235 what the URL allows,
// 2236 text that does not parse, 18002 the policy's structure.
import { parse as parseYaml } from "yaml";
import { ACTIONS } from "./actions";
import { literalRefusal } from "./literals";
import { CelFailure, checkExpression, templateExpressions, typeError } from "./cel";
import { isRecord, PHASES, PolicyError, type PhaseName, type PolicyInput, type WirePolicy, type WireRule } from "./policy";
import { DURATION, durationSeconds, type Field } from "./schema";

export type PlaceSegment = string | number;

/** A place as ngrok's policy spells it: `on_http_request[0].actions[1].config.status_code`. */
export function placeText(place: readonly PlaceSegment[]): string {
  return place
    .map((p, i) => (typeof p === "number" ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `${i === 0 ? "" : "."}${p}` : `[${JSON.stringify(p)}]`))
    .join("");
}

/**
 * A policy ngrok refuses: the code of ngrok's error list, the place (as ngrok spells the policy;
 * "" for the whole policy), and the message ngrok's API answers with. testPolicy throws it before
 * any request runs; the API answers it as a 400.
 */
export class PolicyRefusal extends PolicyError {
  readonly place: string;
  constructor(
    readonly code: string,
    place: readonly PlaceSegment[],
    why: string,
    /** ngrok's API message. */
    readonly apiMessage: string,
  ) {
    const at = placeText(place);
    super(`traffic policy: ${at === "" ? "" : `${at} `}${why} (${code})`);
    this.place = at;
  }
}

/** What the endpoint's URL allows; without one (testPolicy), only the policy itself is checked. */
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

const structure = (place: readonly PlaceSegment[], why: string): PolicyRefusal =>
  new PolicyRefusal("ERR_NGROK_18002", place, why, `The provided cloud endpoint traffic policy configuration is invalid: ${placeText(place)} ${why}`);

/** `onHttpRequest` for `on_http_request`: how a typed policy (pulumi-ngrok's `TrafficPolicy`) names a phase. */
function camelName(phase: string): string {
  return phase.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/** Policies checked already, by their text: the gateway reads an endpoint's stored policy on each request. */
const checkedTexts = new Map<string, WirePolicy>();

/**
 * The one place where a policy given by a caller (testPolicy, the gateway, the API) becomes a
 * WirePolicy: text is parsed as YAML (which reads JSON too), and the policy is checked as ngrok's
 * API checks it, so that a policy ngrok refuses fails here, naming the code and the place, and
 * not halfway through a request.
 */
export function policyFromInput(input: PolicyInput, target?: PolicyTarget): WirePolicy {
  if (typeof input !== "string") return checkPolicy(input, target);
  const key = target === undefined ? input : "";
  const known = key === "" ? undefined : checkedTexts.get(key);
  if (known !== undefined) return known;
  let doc: unknown;
  try {
    doc = input.trim() === "" ? {} : parseYaml(input);
  } catch (err) {
    throw new PolicyRefusal("ERR_NGROK_2236", [], `is not valid YAML or JSON: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`, "The traffic policy was not able to be parsed.");
  }
  const policy = checkPolicy(doc, target);
  if (key !== "") {
    if (checkedTexts.size >= 256) checkedTexts.delete(checkedTexts.keys().next().value!);
    checkedTexts.set(key, policy);
  }
  return policy;
}

/** Checks a parsed policy document and answers it as a WirePolicy; throws the PolicyRefusal of its first problem. */
export function checkPolicy(doc: unknown, target?: PolicyTarget): WirePolicy {
  if (doc === null || doc === undefined) doc = {};
  if (!isRecord(doc)) throw new PolicyRefusal("ERR_NGROK_2236", [], "must be an object of phases", "The traffic policy was not able to be parsed.");
  const http = target === undefined || HTTP_SCHEMES.includes(target.scheme);
  const policy: WirePolicy = {};
  for (const [phase, rules] of Object.entries(doc)) {
    if (!(PHASES as readonly string[]).includes(phase)) {
      const typed = PHASES.find((p) => camelName(p) === phase);
      const hint = typed === undefined ? "" : `; '${phase}' is how a typed policy names ${typed}: convert it first (toWirePolicy of pulumi-ngrok)`;
      throw structure([phase], `is an unknown phase '${phase}' (phases: ${PHASES.join(", ")})${hint}`);
    }
    const name = phase as PhaseName;
    if (target !== undefined) {
      if (name !== "on_tcp_connect" && !http) {
        throw new PolicyRefusal("ERR_NGROK_2230", [phase], `is an HTTP phase, and the endpoint's URL is ${target.scheme}`, `Invalid Traffic Policy phase \`${phase}\` for protocol \`${target.scheme}\`.`);
      }
      if (name === "on_tcp_connect" && http && target.internal) {
        throw new PolicyRefusal("ERR_NGROK_2262", [phase], "does not apply to an internal HTTP or HTTPS endpoint", "Internal HTTP/HTTPS endpoints do not support the on_tcp_connect Traffic Policy phase. Consider using a TCP or TLS endpoint instead.");
      }
    }
    if (rules === null || rules === undefined) continue;
    if (!Array.isArray(rules)) throw structure([phase], "must be a list of rules");
    policy[name] = rules.map((rule, i) => checkRule(rule, name, [phase, i], target));
  }
  if (target?.cloud) {
    const phase: PhaseName = http ? "on_http_request" : "on_tcp_connect";
    const answers = (policy[phase] ?? []).some((r) => (r.expressions ?? []).length === 0 && r.actions.some((a) => ACTIONS[a.type]?.terminating === true));
    if (!answers) {
      throw new PolicyRefusal(
        "ERR_NGROK_2235",
        [phase],
        "must have a rule without expressions whose actions include a terminating action: a cloud endpoint's policy must handle all traffic",
        "The traffic policy provided is not guaranteed to handle traffic. Ensure traffic always results in an action, e.g. custom response or forward action.",
      );
    }
  }
  return policy;
}

function checkRule(rule: unknown, phase: PhaseName, at: PlaceSegment[], target: PolicyTarget | undefined): WireRule {
  if (!isRecord(rule)) throw structure(at, "must be an object with actions");
  const actions = rule["actions"];
  if (!Array.isArray(actions) || actions.length === 0) throw structure([...at, "actions"], "must be a non-empty list");
  const unknown = Object.keys(rule).find((k) => !RULE_KEYS.includes(k));
  if (unknown !== undefined) throw structure([...at, unknown], `is an unknown field of a rule (a rule has ${RULE_KEYS.join(", ")})`);
  const out: WireRule = { actions: [] };
  if (rule["name"] !== undefined && rule["name"] !== null) {
    if (typeof rule["name"] !== "string") throw structure([...at, "name"], "must be a string");
    out.name = rule["name"];
  }
  const expressions = rule["expressions"];
  if (expressions !== undefined && expressions !== null) {
    if (!Array.isArray(expressions)) throw new PolicyRefusal("ERR_NGROK_2200", [...at, "expressions"], "must be a list of CEL expressions", "Invalid policy expression.");
    expressions.forEach((e, i) => {
      if (typeof e !== "string" || !parses(e)) throw new PolicyRefusal("ERR_NGROK_2200", [...at, "expressions", i], "is not a valid CEL expression", "Invalid policy expression.");
      const why = typeError(e, true);
      if (why !== undefined) throw new PolicyRefusal("ERR_NGROK_2200", [...at, "expressions", i], `is not a well-typed CEL expression: ${why}`, "Invalid policy expression.");
    });
    out.expressions = expressions as string[];
  }
  out.actions = actions.map((action, i) => checkAction(action, phase, [...at, "actions", i], target));
  return out;
}

function checkAction(action: unknown, phase: PhaseName, at: PlaceSegment[], target: PolicyTarget | undefined): { type: string; config?: Record<string, unknown> } {
  if (!isRecord(action)) throw structure(at, "must be an action: { type, config }");
  const type = action["type"];
  if (typeof type !== "string") throw new PolicyRefusal("ERR_NGROK_2201", [...at, "type"], "must have a type", "Invalid policy action type ``.");
  const def = ACTIONS[type];
  if (def === undefined) throw new PolicyRefusal("ERR_NGROK_2201", [...at, "type"], `is not a Traffic Policy action type ('${type}')`, `Invalid policy action type \`${type}\`.`);
  if (!def.phases.includes(phase)) {
    throw new PolicyRefusal("ERR_NGROK_2202", at, `(${type}) cannot run in ${phase}: it runs in ${def.phases.join(", ")}`, `Action type \`${type}\` is not supported for \`${phase}\` traffic policy rule.`);
  }
  if (target !== undefined && def.schemes !== undefined && !def.schemes.includes(target.scheme)) {
    throw new PolicyRefusal("ERR_NGROK_2205", at, `(${type}) runs only on ${def.schemes.join(" and ")} endpoints, and the endpoint's URL is ${target.scheme}`, `Policy action type \`${type}\` does not support the \`${target.scheme}\` protocol.`);
  }
  const extra = Object.keys(action).find((k) => k !== "type" && k !== "config");
  if (extra !== undefined) throw unknownField(type, [...at, extra], extra);
  const config = action["config"];
  const given = config !== undefined && config !== null;
  if (given && !isRecord(config)) throw new PolicyRefusal("ERR_NGROK_2203", [...at, "config"], "must be an object", `Failed to parse the configuration for policy action type \`${type}\`.`);
  // An action without a config is checked as one with an empty config: its required fields are missing.
  if (def.config !== "open") checkFields(type, def.config, given ? config : {}, [...at, "config"]);
  const refused = given ? def.refusal?.(config) : undefined;
  if (refused) throw new PolicyRefusal(refused.code, [...at, "config", ...refused.place], refused.why, refused.message);
  return given ? { type, config } : { type };
}

function unknownField(type: string, at: PlaceSegment[], name: string): PolicyRefusal {
  return new PolicyRefusal("ERR_NGROK_2203", at, `is an unknown field of ${type}`, `Failed to parse the configuration for policy action type \`${type}\`: unknown field \`${name}\`.`);
}

const invalid = (type: string, at: PlaceSegment[], why: string): PolicyRefusal =>
  new PolicyRefusal("ERR_NGROK_2204", at, why, `Configuration for policy action type \`${type}\` has invalid value: \`${fieldName(at)}\`.`);

/** A field's name below its action's config: `http.tokens.type`. */
function fieldName(at: readonly PlaceSegment[]): string {
  const i = at.lastIndexOf("config");
  return at.slice(i + 1).filter((p) => typeof p === "string").join(".");
}

function parses(cel: string): boolean {
  if (cel.trim() === "") return false;
  try {
    checkExpression(cel);
    return true;
  } catch (err) {
    if (err instanceof CelFailure) return false;
    throw err;
  }
}

function checkFields(type: string, fields: Readonly<Record<string, Field>>, value: Record<string, unknown>, at: PlaceSegment[]): void {
  for (const key of Object.keys(value)) {
    if (!(key in fields)) throw unknownField(type, [...at, key], [...at.slice(at.lastIndexOf("config") + 1), key].filter((p) => typeof p === "string").join("."));
  }
  for (const [name, field] of Object.entries(fields)) {
    const v = value[name];
    if (v === undefined || v === null) {
      if (field.required) throw invalid(type, [...at, name], "is required");
      continue;
    }
    checkValue(type, field, v, [...at, name]);
  }
}


function outOfRange(type: string, at: PlaceSegment[], field: Field): PolicyRefusal {
  const range = `between ${field.min} and ${field.max} inclusive`;
  return new PolicyRefusal("ERR_NGROK_2215", at, `must be ${range}`, `Failed to parse configuration for ${type}: ${fieldName(at)} must be ${range}.`);
}

function entries(type: string, field: Field, count: number, at: PlaceSegment[]): void {
  if (field.required && count === 0) throw new PolicyRefusal("ERR_NGROK_2223", at, "must not be empty", `Invalid configuration for ${type}: ${fieldName(at)} cannot be empty.`);
  const min = field.minEntries;
  const max = field.maxEntries;
  if ((min !== undefined && count < min) || (max !== undefined && count > max)) {
    const limit = max !== undefined && count > max ? max : min!;
    const why = max !== undefined && count > max ? `must have at most ${max} entries` : `must have at least ${min} entries`;
    throw new PolicyRefusal("ERR_NGROK_2221", at, why, `Invalid configuration for ${type}: ${fieldName(at)} length of ${count} exceeded limit of ${limit}.`);
  }
}

function checkString(type: string, field: Field, v: unknown, at: PlaceSegment[]): void {
  if (typeof v !== "string") throw invalid(type, at, "must be a string");
  if (field.oneOf && !field.oneOf.includes(v)) throw invalid(type, at, `must be one of ${field.oneOf.join(", ")}`);
  if (field.notAllowed?.includes(v)) throw invalid(type, at, "is not allowed");
  if (field.maxLength !== undefined && [...v].length > field.maxLength) {
    throw new PolicyRefusal("ERR_NGROK_2221", at, `must be at most ${field.maxLength} characters`, `Invalid configuration for ${type}: ${fieldName(at)} length of ${[...v].length} exceeded limit of ${field.maxLength}.`);
  }
  if (field.cel) {
    if (!parses(v)) throw templateFailure(type, at, "is not a valid CEL expression");
    const why = typeError(v, field.condition === true, field.celVariables);
    if (why !== undefined) throw templateFailure(type, at, `is not a well-typed CEL expression: ${why}`);
    return;
  }
  checkTemplates(type, v, at);
  if (field.literal !== undefined) {
    const refused = literalRefusal(field.literal, v, type, fieldName(at), String(at[0]));
    if (refused !== undefined) throw new PolicyRefusal(refused.code, at, refused.why, refused.apiMessage);
  }
  if (field.credential && !v.includes("${")) {
    const colon = v.indexOf(":");
    const password = colon > 0 ? [...v.slice(colon + 1)].length : 0;
    if (colon <= 0 || password < 8 || password > 128) throw invalid(type, at, "must be username:password with a password of 8 to 128 characters");
  }
}

function templateFailure(type: string, at: PlaceSegment[], why: string): PolicyRefusal {
  return new PolicyRefusal("ERR_NGROK_2224", at, why, `Invalid configuration for action ${type}: failed to compile CEL template expressions in ${fieldName(at)}.`);
}

/** Each `${...}` of a string compiles as CEL (ERR_NGROK_2224), read as the gateway reads it when the policy runs. */
function checkTemplates(type: string, text: string, at: PlaceSegment[]): void {
  let expressions: string[];
  try {
    expressions = templateExpressions(text);
  } catch (err) {
    if (err instanceof CelFailure) throw templateFailure(type, at, "has a ${ without its closing }");
    throw err;
  }
  for (const e of expressions) {
    if (!parses(e)) throw templateFailure(type, at, "has a ${...} that is not a valid CEL expression");
    const why = typeError(e, false);
    if (why !== undefined) throw templateFailure(type, at, `has a \${...} that is not a well-typed CEL expression: ${why}`);
  }
}

function templatesIn(type: string, v: unknown, at: PlaceSegment[]): void {
  if (typeof v === "string") checkTemplates(type, v, at);
  else if (Array.isArray(v)) v.forEach((item, i) => templatesIn(type, item, [...at, i]));
  else if (isRecord(v)) Object.entries(v).forEach(([k, item]) => templatesIn(type, item, [...at, k]));
}

function checkValue(type: string, field: Field, v: unknown, at: PlaceSegment[]): void {
  switch (field.kind) {
    case "string":
      return checkString(type, field, v, at);
    case "bool":
      if (typeof v !== "boolean") throw invalid(type, at, "must be true or false");
      return;
    case "int":
    case "float":
      if (typeof v !== "number" || (field.kind === "int" && !Number.isInteger(v))) throw invalid(type, at, field.kind === "int" ? "must be a whole number" : "must be a number");
      if ((field.min !== undefined && v < field.min) || (field.max !== undefined && v > field.max)) throw outOfRange(type, at, field);
      return;
    case "duration": {
      if (typeof v !== "string" || !DURATION.test(v)) throw invalid(type, at, 'must be a duration such as "10s"');
      const s = durationSeconds(v);
      if ((field.min !== undefined && s < field.min) || (field.max !== undefined && s > field.max)) throw outOfRange(type, at, field);
      if (field.step !== undefined && Math.abs(s / field.step - Math.round(s / field.step)) > 1e-9) throw invalid(type, at, `must be a multiple of ${field.step}s`);
      return;
    }
    case "strings":
    case "ints":
      if (!Array.isArray(v)) throw invalid(type, at, field.kind === "ints" ? "must be a list of whole numbers" : "must be a list of strings");
      v.forEach((item, i) => {
        if (field.kind === "ints") {
          if (typeof item !== "number" || !Number.isInteger(item)) throw invalid(type, [...at, i], "must be a whole number");
          if ((field.min !== undefined && item < field.min) || (field.max !== undefined && item > field.max)) throw outOfRange(type, [...at, i], field);
        } else checkString(type, field, item, [...at, i]);
      });
      entries(type, field, v.length, at);
      if (field.unique && new Set(v).size !== v.length) throw invalid(type, at, "must not repeat an entry");
      return;
    case "map":
      if (!isRecord(v)) throw invalid(type, at, "must be an object");
      entries(type, field, Object.keys(v).length, at);
      for (const [k, item] of Object.entries(v)) {
        if (field.headers) {
          const refused = literalRefusal("header-name", k, type, fieldName(at), String(at[0]));
          if (refused !== undefined) throw new PolicyRefusal(refused.code, [...at, k], refused.why, refused.apiMessage);
        }
        checkString(type, field.headers ? { kind: "string", literal: "header-value" } : { kind: "string" }, item, [...at, k]);
      }
      return;
    case "any":
      if (!isRecord(v)) throw invalid(type, at, "must be an object");
      return templatesIn(type, v, at);
    case "object":
      if (!isRecord(v)) throw invalid(type, at, "must be an object");
      if (field.fields) checkFields(type, field.fields, v, at);
      return;
    case "objects":
      if (!Array.isArray(v)) throw invalid(type, at, "must be a list of objects");
      v.forEach((item, i) => {
        if (!isRecord(item)) throw invalid(type, [...at, i], "must be an object");
        if (field.fields) checkFields(type, field.fields, item, [...at, i]);
        else if (field.oneEntry && Object.keys(item).length !== 1) throw invalid(type, [...at, i], "must have exactly one entry");
        else templatesIn(type, item, [...at, i]);
      });
      entries(type, field, v.length, at);
      return;
  }
}
