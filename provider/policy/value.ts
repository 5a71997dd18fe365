/**
 * A Traffic Policy as one value: read once from whatever spelling it comes in (the typed object,
 * ngrok's documented wire object, YAML or JSON text), held in ngrok's documented form with its
 * credentials in place, and asked for what each use needs: the text the API receives, the key
 * that compares two policies, the typed form without credentials and the credentials by their
 * place (what state keeps). Its spellings, its credentials and its canonical form are its own
 * (below); the table of phases and actions (actions.ts) drives them. Validation is validate.ts's.
 */
import { ACTIONS, PHASES, type FieldSpec } from "./actions";
import type { TrafficPolicy, WirePolicy } from "./types";

/** How much work values have done: given values read, and walks of whole policies. */
export interface PolicyWork {
  /** Values read from what was given (text parsed, or an object converted). */
  reads: number;
  /** Walks of a whole policy: a text parse, a conversion between forms, a split, a canonical form, a validation. */
  walks: number;
}
/** What a CloudEndpoint keeps of a policy (see `PolicyValue.inputs`). */
export interface PolicyInputs {
  trafficPolicy: unknown;
  trafficPolicySecrets: Record<string, unknown>;
}

const work: PolicyWork = { reads: 0, walks: 0 };

/** A copy of the counters, for tests and benchmarks that measure how often a policy is read. */
export function policyWork(): PolicyWork {
  return { ...work };
}

// Values by what they were read from. A provider's operation never changes the inputs it is
// given, so within one call (a Check, a Create) the same object or text is the same value.
const byObject = new WeakMap<object, PolicyValue>();
const byText = new Map<string, PolicyValue>();
const TEXTS_KEPT = 32;

/**
 * How a policy was written: `wire` as ngrok's documentation writes it (YAML or JSON text, or an
 * object of `on_http_request`...), `typed` as the SDK's types do. Problems name places that way.
 */
export type Spelling = "wire" | "typed";

/** The spelling of a policy given as an object: ngrok's when a phase is named as ngrok names it. */
function spellingOf(given: unknown): Spelling {
  return typeof given === "string" || (isRecord(given) && Object.keys(given).some((k) => k in PHASES)) ? "wire" : "typed";
}

export class PolicyValue {
  private cache: { key?: string; split?: SplitPolicy; typed?: unknown } = {};

  private constructor(
    /** The policy in ngrok's documented form, credentials in place; a value that is no policy, as it is. */
    private readonly wire: unknown,
    /** Why the text given is not YAML or JSON (then `wire` is the text). */
    readonly textError?: PolicyTextError,
    /** How the program wrote it. */
    readonly spelling: Spelling = "typed",
  ) {}

  /**
   * The value of a policy as an input or the API gives it, read once per object or text: ask
   * again with the same one and the same value answers. Only for values no one changes after
   * (a provider's inputs, the API's answers); a program's own objects go through `read`.
   */
  static of(given: unknown): PolicyValue {
    if (typeof given === "string") {
      let value = byText.get(given);
      if (!value) {
        value = PolicyValue.read(given);
        if (byText.size >= TEXTS_KEPT) byText.delete(byText.keys().next().value!);
        byText.set(given, value);
      }
      return value;
    }
    if (typeof given !== "object" || given === null) return PolicyValue.read(given);
    let value = byObject.get(given);
    if (!value) {
      value = PolicyValue.read(given);
      byObject.set(given, value);
    }
    return value;
  }

  /** The value of a policy in any spelling, read now. */
  static read(given: unknown): PolicyValue {
    // Absent, or no policy at all (a number): nothing to read, and nothing for the key to order.
    if (typeof given !== "string" && (typeof given !== "object" || given === null)) return new PolicyValue(given);
    work.reads++;
    if (typeof given !== "string") return new PolicyValue(walked(typedToWire(given)), undefined, spellingOf(given));
    try {
      return new PolicyValue(walked(parseText(given)), undefined, "wire");
    } catch (err) {
      if (err instanceof PolicyTextError) return new PolicyValue(given, err, "wire");
      throw err;
    }
  }

  /**
   * The same policy with credentials given beside it (`trafficPolicySecrets`) put in their
   * places; a credential already in the policy stays. Nothing is read again.
   */
  withSecrets(secrets: unknown): PolicyValue {
    if (this.textError || !isRecord(secrets) || Object.keys(secrets).length === 0) return this;
    return new PolicyValue(placeCredentials(this.wire, secrets), undefined, this.spelling);
  }

  /** The policy as ngrok documents it, credentials in place (what the API receives). */
  toWire(): WirePolicy {
    if (this.textError) throw this.textError;
    return this.wire as WirePolicy;
  }

  /** The JSON text the API receives: ngrok's documented form, credentials in place. */
  apiText(): string {
    return JSON.stringify(this.toWire());
  }

  /**
   * The key two policies that mean the same share (spelling, key order and documented defaults
   * make no difference); text that cannot be read is its own key.
   */
  key(): string {
    if (this.cache.key === undefined) {
      this.cache.key = JSON.stringify(this.textError || !isRecord(this.wire) ? this.wire : walked(canonicalWire(this.wire)));
    }
    return this.cache.key;
  }

  /**
   * What a CloudEndpoint keeps of the policy, as its SDK class and the plugin's hosts hand it to
   * the engine: `trafficPolicy` in the typed form without its credentials, `trafficPolicySecrets`
   * the credentials by their place. Undefined for text that cannot be read.
   */
  inputs(): PolicyInputs | undefined {
    if (this.textError) return undefined;
    return { trafficPolicy: this.typed(), trafficPolicySecrets: this.split().secrets };
  }

  /** The typed form without credentials, as state keeps it; text that cannot be read, as it is. */
  typed(): unknown {
    if (this.textError) return this.wire;
    if (this.cache.typed === undefined) {
      const plain = this.split().policy;
      const typed = isRecord(plain) ? walked(wireToTyped(plain)) : plain;
      // The typed form is this policy without its credentials: a later use of it needs no reading.
      if (isRecord(typed) && !byObject.has(typed)) byObject.set(typed, new PolicyValue(plain));
      this.cache.typed = typed;
    }
    return this.cache.typed;
  }

  /** The credentials by their place (`onHttpRequest[0].actions[1].config.clientSecret`); none for unreadable text. */
  secrets(): Record<string, unknown> | undefined {
    return this.textError ? undefined : this.split().secrets;
  }


  private split(): SplitPolicy {
    this.cache.split ??= isRecord(this.wire) ? walked(splitCredentials(this.wire)) : { policy: this.wire, secrets: {} };
    return this.cache.split;
  }
}

/**
 * The policy in ngrok's documented form (what `testPolicy` and ngrok's tools take), from the typed
 * object, the wire object, or YAML or JSON text (text that is neither throws PolicyTextError).
 */
export function toWirePolicy(input: TrafficPolicy | WirePolicy | string): WirePolicy {
  return PolicyValue.read(input).toWire();
}

/** Counts a walk of a whole policy; answers what the walk made. */
export function walked<T>(made: T): T {
  work.walks++;
  return made;
}

// ---- Spellings: YAML or JSON text read into the wire form; the typed form (camelCase) to the wire
// form (snake_case) and back. Keys the table does not know are renamed mechanically, so that
// validation can name them.

/** snake_case to camelCase, as the typed form names wire fields. */
export function camel(wire: string): string {
  return wire.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** camelCase to snake_case. */
export function snake(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

/** Phase names from the typed form to the wire form and back. */
const phaseNames = {
  toTyped: PHASES as Readonly<Record<string, string>>,
  toWire: Object.fromEntries(Object.entries(PHASES).map(([w, t]) => [t, w])) as Readonly<Record<string, string>>,
};

/** A phase's wire name from its typed name (or a name no phase has, renamed mechanically). */
export function wirePhase(typed: string): string {
  return phaseNames.toWire[typed] ?? snake(typed);
}

/** A phase's typed name from its wire name (or a name no phase has, renamed mechanically). */
export function typedPhase(wire: string): string {
  return phaseNames.toTyped[wire] ?? camel(wire);
}

/**
 * A plain object (an object literal, parsed JSON or YAML). Anything else is a value: a list, or
 * an instance of a class, such as a program's Output still to come, which is never walked into.
 */
export function isRecord(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  // Any realm's Object.prototype (structuredClone's in a test runner's sandbox is not this one's).
  const proto = Object.getPrototypeOf(v) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}

type Direction = "toTyped" | "toWire";

/** Text that is not YAML or JSON; `line` and `column` say where (1-based). */
export class PolicyTextError extends Error {
  constructor(
    message: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
  }
}

/**
 * The wire form written as YAML or JSON text (JSON is YAML). The error names the line and column,
 * never the text: a policy may hold credentials.
 */
function parseText(text: string): unknown {
  const { parseDocument } = require("yaml") as typeof import("yaml");
  // prettyErrors adds the line and column (linePos); its message, which quotes the text, is never used.
  const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: true });
  const error = doc.errors[0];
  if (error) {
    const [line, column] = error.linePos?.[0] ? [error.linePos[0].line, error.linePos[0].col] : [undefined, undefined];
    throw new PolicyTextError(`is not valid YAML or JSON (${error.code.toLowerCase().replace(/_/g, " ")})`, line, column);
  }
  const value: unknown = doc.toJS();
  return value ?? {};
}

/** The typed form of a wire-form value. */
function wireToTyped(wire: unknown): unknown {
  return convertPolicy(wire, "toTyped");
}

/**
 * The wire form of a typed value. A wire value comes back as it is: its names are already
 * snake_case, which renaming leaves alone, so an object in either spelling may be given.
 */
function typedToWire(typed: unknown): unknown {
  return convertPolicy(typed, "toWire");
}

function convertPolicy(policy: unknown, dir: Direction): unknown {
  if (!isRecord(policy)) return policy;
  const out: Record<string, unknown> = {};
  for (const [key, rules] of Object.entries(policy)) {
    const name = dir === "toWire" ? wirePhase(key) : typedPhase(key);
    out[name] = Array.isArray(rules) ? rules.map((r) => convertRule(r, dir)) : rules;
  }
  return out;
}

function convertRule(rule: unknown, dir: Direction): unknown {
  if (!isRecord(rule)) return rule;
  const out: Record<string, unknown> = { ...rule };
  if (Array.isArray(rule.actions)) out.actions = rule.actions.map((a) => convertAction(a, dir));
  return out;
}

function convertAction(action: unknown, dir: Direction): unknown {
  if (!isRecord(action)) return action;
  const spec = typeof action.type === "string" ? ACTIONS[action.type] : undefined;
  const out: Record<string, unknown> = { ...action };
  if (isRecord(action.config) && spec?.config !== "open") out.config = convertFields(spec?.config, action.config, dir);
  return out;
}

function convertFields(fields: Readonly<Record<string, FieldSpec>> | undefined, value: Record<string, unknown>, dir: Direction): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const wire = dir === "toWire" ? snake(key) : key;
    const spec = fields?.[wire];
    out[rename(key, dir)] = spec ? convertValue(spec, v, dir) : v;
  }
  return out;
}

function convertValue(spec: FieldSpec, value: unknown, dir: Direction): unknown {
  if (spec.kind === "object" && isRecord(value)) return convertFields(spec.fields, value, dir);
  if (spec.kind === "objects" && Array.isArray(value) && spec.fields) {
    return value.map((item) => (isRecord(item) ? convertFields(spec.fields, item, dir) : item));
  }
  return value;
}

function rename(key: string, dir: Direction): string {
  return dir === "toTyped" ? camel(key) : snake(key);
}


// ---- Credentials (basic-auth credentials, OAuth and OpenID Connect client secrets, webhook
// secrets, a TLS private key) taken out of the wire form and put back. A resource keeps the policy
// without them, whose changes a preview can show rule by rule, and the credentials beside it in a
// map from where each one sits to its value, each a secret. Places are written in the typed form,
// as state has always kept them: `onHttpRequest[0].actions[1].config.clientSecret`, and one entry
// per element of a list (`config.credentials[0]`).

interface SplitPolicy {
  /** The policy without its credentials (same shape otherwise). */
  policy: unknown;
  /** Each credential by its place. Values are strings, or what the program gave for them. */
  secrets: Record<string, unknown>;
}

/** The wire names of an action's credential fields, and their specs. */
function credentialFields(action: unknown): [string, FieldSpec][] {
  if (!isRecord(action) || typeof action.type !== "string") return [];
  const spec = ACTIONS[action.type];
  if (!spec || spec.config === "open") return [];
  return Object.entries(spec.config).filter(([, f]) => f.secret);
}

/** The wire form without its credentials, and the credentials by their place. */
function splitCredentials(wire: unknown): SplitPolicy {
  const secrets: Record<string, unknown> = {};
  if (!isRecord(wire)) return { policy: wire, secrets };
  const policy: Record<string, unknown> = {};
  for (const [phase, rules] of Object.entries(wire)) {
    if (!Array.isArray(rules)) {
      policy[phase] = rules;
      continue;
    }
    policy[phase] = rules.map((rule, r) => {
      if (!isRecord(rule) || !Array.isArray(rule.actions)) return rule;
      return {
        ...rule,
        actions: rule.actions.map((action, a) => {
          const fields = credentialFields(action);
          if (!fields.length || !isRecord(action) || !isRecord(action.config)) return action;
          const config: Record<string, unknown> = { ...action.config };
          for (const [field] of fields) {
            const value = config[field];
            const at = `${typedPhase(phase)}[${r}].actions[${a}].config.${camel(field)}`;
            if (value === undefined || value === null) continue;
            if (Array.isArray(value)) value.forEach((v, i) => (secrets[`${at}[${i}]`] = v));
            else secrets[at] = value;
            delete config[field];
          }
          return { ...action, config };
        }),
      };
    });
  }
  return { policy, secrets };
}

const PLACE = /^([A-Za-z]+)\[(\d+)\]\.actions\[(\d+)\]\.config\.([A-Za-z]+)(?:\[(\d+)\])?$/;

/**
 * The wire form with credentials put in their places. Only the place of a credential field of the
 * action found there takes a value, and a credential already in the policy stays. The policy given
 * is not changed: the objects on the way to a place are copied.
 */
function placeCredentials(wire: unknown, secrets: Readonly<Record<string, unknown>>): unknown {
  if (!isRecord(wire)) return wire;
  const copied = new Set<object>();
  const own = <T extends object>(value: T): T => {
    if (copied.has(value)) return value;
    const copy = (Array.isArray(value) ? [...value] : { ...value }) as T;
    copied.add(copy);
    return copy;
  };
  const root = own(wire);
  for (const [place, value] of Object.entries(secrets)) {
    const m = PLACE.exec(place);
    if (!m) continue;
    const [phase, r, a, field, element] = [wirePhase(m[1]!), Number(m[2]), Number(m[3]), snake(m[4]!), m[5]];
    const rules = root[phase];
    const rule = Array.isArray(rules) ? rules[r] : undefined;
    const action = isRecord(rule) && Array.isArray(rule.actions) ? rule.actions[a] : undefined;
    const spec = credentialFields(action).find(([name]) => name === field)?.[1];
    if (!spec || !isRecord(action) || !(action.config === undefined || isRecord(action.config))) continue;
    // The path to the place, each object on it this policy's own.
    const ownRules = own(rules as unknown[]);
    const ownRule = own(rule as Record<string, unknown>);
    const ownActions = own(ownRule.actions as unknown[]);
    const ownAction = own(action);
    const config = own((action.config ?? {}) as Record<string, unknown>);
    root[phase] = ownRules;
    ownRules[r] = ownRule;
    ownRule.actions = ownActions;
    ownActions[a] = ownAction;
    ownAction.config = config;
    if (element === undefined) {
      if (config[field] === undefined) config[field] = value;
      continue;
    }
    // A list of credentials, one place per element.
    const list = config[field] ?? [];
    if (!Array.isArray(list)) continue;
    const ownList = own(list);
    config[field] = ownList;
    if (ownList[Number(element)] === undefined) ownList[Number(element)] = value;
  }
  return root;
}

/**
 * Whether the credentials of a policy a program gives (in either spelling) can be taken out now:
 * its phases, rules, actions, their types and configs, and the lists holding credentials are
 * values, not `pending` ones (a program's Outputs still to come). A credential itself may be pending.
 */
export function canSplitNow(given: unknown, pending: (value: unknown) => boolean): boolean {
  if (pending(given) || !isRecord(given)) return false;
  return Object.values(given).every(
    (rules) =>
      rules === undefined ||
      (Array.isArray(rules) &&
        rules.every(
          (rule) =>
            isRecord(rule) &&
            Array.isArray(rule.actions) &&
            rule.actions.every((action) => {
              if (!isRecord(action) || typeof action.type !== "string") return false;
              if (action.config === undefined) return true;
              if (!isRecord(action.config)) return false;
              // A list of credentials is split element by element: it must be a list now.
              const config = action.config;
              return credentialFields(action).every(
                ([field, spec]) => spec.kind !== "strings" || (!pending(config[field]) && !pending(config[camel(field)])),
              );
            }),
        )),
  );
}

// ---- The canonical wire form: what the service means by a policy. Key order, empty lists and the
// defaults ngrok documents for omitted fields make no difference to it.

/** The canonical form of a policy's wire form (anything that is not a policy comes back as it is). */
function canonicalWire(wire: unknown): unknown {
  if (!isRecord(wire)) return wire;
  const out: Record<string, unknown> = {};
  // Phases in a fixed order, then anything else (unknown phases stay visible to the comparison).
  const keys = [...Object.keys(PHASES).filter((k) => k in wire), ...Object.keys(wire).filter((k) => !(k in PHASES)).sort()];
  for (const key of keys) {
    const rules = wire[key];
    if (Array.isArray(rules) && rules.length === 0) continue;
    out[key] = Array.isArray(rules) ? rules.map(canonicalRule) : rules;
  }
  return out;
}

function canonicalRule(rule: unknown): unknown {
  if (!isRecord(rule)) return rule;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(rule).sort()) {
    const v = rule[key];
    if (v === undefined || v === null || v === "" || (Array.isArray(v) && v.length === 0 && key !== "actions")) continue;
    out[key] = key === "actions" && Array.isArray(v) ? v.map(canonicalAction) : v;
  }
  return out;
}

function canonicalAction(action: unknown): unknown {
  if (!isRecord(action)) return action;
  const spec = typeof action.type === "string" ? ACTIONS[action.type] : undefined;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(action).sort()) if (key !== "config" && action[key] !== undefined) out[key] = action[key];
  const config = isRecord(action.config) ? action.config : action.config === undefined || action.config === null ? {} : action.config;
  const filled = spec && spec.config !== "open" && isRecord(config) ? withDefaults(spec.config, config) : sorted(config);
  if (!(isRecord(filled) && Object.keys(filled).length === 0)) out.config = filled;
  return out;
}

function withDefaults(fields: Readonly<Record<string, FieldSpec>>, value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(value), ...Object.keys(fields).filter((k) => fields[k]!.default !== undefined)]);
  for (const key of [...keys].sort()) {
    const spec = fields[key];
    let v = value[key];
    if (v === undefined || v === null) v = spec?.default;
    if (v === undefined) continue;
    if (spec?.kind === "object" && isRecord(v) && spec.fields) v = withDefaults(spec.fields, v);
    else if (spec?.kind === "objects" && Array.isArray(v) && spec.fields) {
      const nested = spec.fields;
      v = v.map((item) => (isRecord(item) ? withDefaults(nested, item) : item));
    } else v = sorted(v);
    out[key] = v;
  }
  return out;
}

function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (!isRecord(v)) return v;
  return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])]));
}
