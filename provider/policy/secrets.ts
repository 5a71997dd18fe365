/**
 * The credentials a policy holds (basic-auth credentials, OAuth and OpenID Connect client
 * secrets, webhook secrets, a TLS private key) taken out of it and put back. A resource keeps the
 * policy without them, whose changes a preview can show rule by rule, and the credentials beside
 * it in a map from where each one sits in the policy to its value, each value a secret.
 */
import { ACTIONS, camel } from "./actions";
import { isRecord } from "./parse";
import type { PathSegment } from "./validate";

export interface SplitPolicy {
  /** The policy without its credentials (same shape otherwise). */
  policy: unknown;
  /**
   * Each credential by its place: `onHttpRequest[0].actions[1].config.clientSecret`, and one entry
   * per element of a list (`config.credentials[0]`). Values are strings, or what the program gave
   * for them (an SDK class splits a policy whose values may still be outputs).
   */
  secrets: Record<string, unknown>;
}

/** Where each secret field of each action sits, and its value (typed form). */
export function splitSecrets(typed: unknown): SplitPolicy {
  const secrets: Record<string, unknown> = {};
  if (!isRecord(typed)) return { policy: typed, secrets };
  const policy: Record<string, unknown> = {};
  for (const [phase, rules] of Object.entries(typed)) {
    if (!Array.isArray(rules)) {
      policy[phase] = rules;
      continue;
    }
    policy[phase] = rules.map((rule, r) => {
      if (!isRecord(rule) || !Array.isArray(rule.actions)) return rule;
      return {
        ...rule,
        actions: rule.actions.map((action, a) => {
          const fields = secretFields(action);
          if (!fields.length || !isRecord(action) || !isRecord(action.config)) return action;
          const config: Record<string, unknown> = { ...action.config };
          for (const field of fields) {
            const value = config[field];
            const at = `${phase}[${r}].actions[${a}].config.${field}`;
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

/** The policy with its credentials back in place (a value already in the policy wins). */
export function mergeSecrets(policy: unknown, secrets: unknown): unknown {
  if (!isRecord(secrets) || Object.keys(secrets).length === 0 || !isRecord(policy)) return policy;
  const merged = structuredClone(policy) as Record<string, unknown>;
  for (const [at, value] of Object.entries(secrets)) {
    // Only a place of an action's config holds a credential.
    if (!/^[A-Za-z]+\[\d+\]\.actions\[\d+\]\.config\.[A-Za-z]+(\[\d+\])?$/.test(at)) continue;
    const path = parsePath(at);
    if (path) setIfAbsent(merged, path, value);
  }
  return merged;
}

/** The camelCase names of an action's secret config fields. */
export function secretFields(action: unknown): string[] {
  if (!isRecord(action) || typeof action.type !== "string") return [];
  const spec = ACTIONS[action.type];
  if (!spec || spec.config === "open") return [];
  return Object.entries(spec.config)
    .filter(([, f]) => f.secret)
    .map(([wire]) => camel(wire));
}

function parsePath(text: string): PathSegment[] | undefined {
  const path: PathSegment[] = [];
  const re = /([A-Za-z_$][\w$]*)|\[(\d+)\]|\./gy;
  let m: RegExpExecArray | null;
  while (re.lastIndex < text.length && (m = re.exec(text))) {
    if (m[1] !== undefined) path.push(m[1]);
    else if (m[2] !== undefined) path.push(Number(m[2]));
  }
  return re.lastIndex === text.length ? path : undefined;
}

function setIfAbsent(root: Record<string, unknown>, path: PathSegment[], value: unknown): void {
  let node: unknown = root;
  for (let i = 0; i < path.length - 1; i++) {
    const container = node as Record<string | number, unknown>;
    let next = container[path[i]!];
    // Only a list of credentials is made here; any other place must exist in the policy.
    if ((next === undefined || next === null) && i === path.length - 2 && typeof path[i + 1] === "number") {
      next = [];
      container[path[i]!] = next;
    }
    if (next === null || typeof next !== "object") return;
    node = next;
  }
  const last = path[path.length - 1]!;
  const container = node as Record<string | number, unknown>;
  if (container[last] === undefined) container[last] = value;
}
