/**
 * The canonical wire form of a policy: what the service means by it. Key order, empty lists and
 * the defaults ngrok documents for omitted fields make no difference to it, so two policies that
 * mean the same compare equal whatever their spelling.
 */
import { ACTIONS, PHASES, type FieldSpec } from "./actions";
import { isRecord } from "./parse";

/** The canonical form of a policy's wire form (anything that is not a policy comes back as it is). */
export function canonicalWire(wire: unknown): unknown {
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
