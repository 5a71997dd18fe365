/**
 * The credentials a policy holds (basic-auth credentials, OAuth and OpenID Connect client
 * secrets, webhook secrets, a TLS private key), taken out of its wire form and put back. A
 * resource keeps the policy without them, whose changes a preview can show rule by rule, and the
 * credentials beside it in a map from where each one sits in the policy to its value, each value a
 * secret. Places are written in the typed form, as state has always kept them:
 * `onHttpRequest[0].actions[1].config.clientSecret`, and one entry per element of a list
 * (`config.credentials[0]`).
 */
import { ACTIONS, camel, snake, type FieldSpec } from "./actions";
import { isRecord, typedPhase, wirePhase } from "./parse";

export interface SplitPolicy {
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
export function splitCredentials(wire: unknown): SplitPolicy {
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
export function placeCredentials(wire: unknown, secrets: Readonly<Record<string, unknown>>): unknown {
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
