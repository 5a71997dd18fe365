/**
 * The spellings of a policy: YAML or JSON text read into the wire form, and the typed form
 * (camelCase) to the wire form (snake_case) and back, driven by the table of actions. Keys the
 * table does not know are renamed mechanically, so validation can name them.
 */
import { ACTIONS, PHASES, camel, snake, type FieldSpec } from "./actions";

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
export function parseText(text: string): unknown {
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
export function wireToTyped(wire: unknown): unknown {
  return convertPolicy(wire, "toTyped");
}

/**
 * The wire form of a typed value. A wire value comes back as it is: its names are already
 * snake_case, which renaming leaves alone, so an object in either spelling may be given.
 */
export function typedToWire(typed: unknown): unknown {
  return convertPolicy(typed, "toWire");
}

const phaseNames: Record<Direction, Record<string, string>> = {
  toTyped: PHASES,
  toWire: Object.fromEntries(Object.entries(PHASES).map(([w, t]) => [t, w])),
};

/** A phase's wire name from its typed name (or a name no phase has, renamed mechanically). */
export function wirePhase(typed: string): string {
  return phaseNames.toWire[typed] ?? snake(typed);
}

/** A phase's typed name from its wire name (or a name no phase has, renamed mechanically). */
export function typedPhase(wire: string): string {
  return phaseNames.toTyped[wire] ?? camel(wire);
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
