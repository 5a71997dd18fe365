/**
 * What changed between two policies, rule by rule and action by action, in the typed form's
 * paths: `onHttpRequest[1].actions[0] (rate-limit): config.capacity`. Policies are compared in
 * their canonical form, so spelling, key order and documented defaults are no change.
 */
import { ACTIONS, PHASES } from "./actions";
import { PolicyValue, camel, isRecord } from "./value";

/** Each policy in any spelling, or its value. */
export function policyChanges(before: unknown, after: unknown): string[] {
  const a = canonicalOf(before);
  const b = canonicalOf(after);
  const changes: string[] = [];
  if (!isRecord(a) || !isRecord(b)) return JSON.stringify(a) === JSON.stringify(b) ? [] : ["the whole policy"];
  for (const phase of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const name = (PHASES as Record<string, string>)[phase] ?? phase;
    const ra = Array.isArray(a[phase]) ? (a[phase] as unknown[]) : [];
    const rb = Array.isArray(b[phase]) ? (b[phase] as unknown[]) : [];
    for (let r = 0; r < Math.max(ra.length, rb.length); r++) {
      const x = ra[r];
      const y = rb[r];
      if (x === undefined) changes.push(`${name}[${r}]: added`);
      else if (y === undefined) changes.push(`${name}[${r}]: removed`);
      else changes.push(...ruleChanges(`${name}[${r}]`, x, y));
    }
  }
  return changes;
}

function ruleChanges(at: string, x: unknown, y: unknown): string[] {
  if (!isRecord(x) || !isRecord(y)) return same(x, y) ? [] : [at];
  const out: string[] = [];
  for (const key of ["name", "expressions"]) if (!same(x[key], y[key])) out.push(`${at}.${key}`);
  const ax = Array.isArray(x.actions) ? x.actions : [];
  const ay = Array.isArray(y.actions) ? y.actions : [];
  for (let i = 0; i < Math.max(ax.length, ay.length); i++) {
    const p = ax[i] as Record<string, unknown> | undefined;
    const q = ay[i] as Record<string, unknown> | undefined;
    const where = `${at}.actions[${i}]${label(q ?? p)}`;
    if (!p) out.push(`${where}: added`);
    else if (!q) out.push(`${where}: removed`);
    else if (p.type !== q.type) out.push(`${where}: type`);
    else {
      const cx = isRecord(p.config) ? p.config : {};
      const cy = isRecord(q.config) ? q.config : {};
      const keys = [...new Set([...Object.keys(cx), ...Object.keys(cy)])].filter((k) => !same(cx[k], cy[k]));
      if (keys.length) out.push(`${where}: ${keys.map((k) => `config.${ACTIONS[String(q.type)]?.config === "open" ? k : camel(k)}`).join(", ")}`);
    }
  }
  return out;
}

function label(action: Record<string, unknown> | undefined): string {
  return action && typeof action.type === "string" ? ` (${action.type})` : "";
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function canonicalOf(policy: unknown): unknown {
  const value = policy instanceof PolicyValue ? policy : PolicyValue.read(policy);
  return JSON.parse(value.key()) as unknown;
}
