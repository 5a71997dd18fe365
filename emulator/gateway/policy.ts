// A Traffic Policy in ngrok's documented form (https://ngrok.com/docs/traffic-policy/): phases
// of ordered rules, each rule a list of CEL expressions and a list of actions. The emulator keeps
// its own types and parser, written from that documentation.
import { parse as parseYaml } from "yaml";

export interface WireAction {
  type: string;
  config?: Record<string, unknown>;
}

export interface WireRule {
  name?: string;
  expressions?: string[];
  actions: WireAction[];
}

export interface WirePolicy {
  on_tcp_connect?: WireRule[];
  on_http_request?: WireRule[];
  on_http_response?: WireRule[];
  /** Each message of a Server-Sent Events response (`text/event-stream`). */
  on_event_stream_message?: WireRule[];
}

export type PhaseName = keyof WirePolicy & string;
export const PHASES: readonly PhaseName[] = ["on_tcp_connect", "on_http_request", "on_http_response", "on_event_stream_message"];

/** A policy as a caller gives it: the documented object, or its YAML or JSON text (JSON is YAML). */
export type PolicyInput = WirePolicy | string;

export class PolicyError extends Error {}

/** `onHttpRequest` for `on_http_request`: how a typed policy (pulumi-ngrok's `TrafficPolicy`) names a phase. */
function camelName(phase: string): string {
  return phase.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/**
 * The one place where a policy given by a caller becomes a WirePolicy: text is parsed as YAML
 * (which reads JSON too), and the document's shape is checked so that a wrong field fails here,
 * naming where, and not halfway through a request.
 */
export function policyFromInput(input: PolicyInput): WirePolicy {
  let doc: unknown = input;
  if (typeof input === "string") {
    try {
      doc = input.trim() === "" ? {} : parseYaml(input);
    } catch (err) {
      throw new PolicyError(`traffic policy: not valid YAML or JSON: ${err instanceof Error ? err.message.split("\n")[0] : String(err)}`);
    }
  }
  if (doc === null || doc === undefined) return {};
  if (!isRecord(doc)) throw new PolicyError("traffic policy: must be an object of phases");
  const policy: WirePolicy = {};
  for (const [key, value] of Object.entries(doc)) {
    if (!(PHASES as readonly string[]).includes(key)) {
      const typed = PHASES.find((p) => camelName(p) === key);
      const hint = typed === undefined ? "" : `; '${key}' is how a typed policy names ${typed}: convert it first (toWirePolicy of pulumi-ngrok)`;
      throw new PolicyError(`traffic policy: unknown phase '${key}' (phases: ${PHASES.join(", ")})${hint}`);
    }
    if (value === null || value === undefined) continue;
    if (!Array.isArray(value)) throw new PolicyError(`traffic policy: ${key} must be a list of rules`);
    policy[key as PhaseName] = value.map((rule, i) => checkRule(rule, `${key}[${i}]`));
  }
  return policy;
}

function checkRule(rule: unknown, at: string): WireRule {
  if (!isRecord(rule)) throw new PolicyError(`traffic policy: ${at} must be an object with actions`);
  for (const key of Object.keys(rule)) {
    if (!["name", "expressions", "actions"].includes(key)) throw new PolicyError(`traffic policy: ${at}: unknown field '${key}'`);
  }
  const out: WireRule = { actions: [] };
  if (rule["name"] !== undefined && rule["name"] !== null) {
    if (typeof rule["name"] !== "string") throw new PolicyError(`traffic policy: ${at}.name must be a string`);
    out.name = rule["name"];
  }
  const expressions = rule["expressions"];
  if (expressions !== undefined && expressions !== null) {
    if (!Array.isArray(expressions) || !expressions.every((e) => typeof e === "string")) {
      throw new PolicyError(`traffic policy: ${at}.expressions must be a list of strings`);
    }
    out.expressions = expressions as string[];
  }
  const actions = rule["actions"];
  if (!Array.isArray(actions) || actions.length === 0) throw new PolicyError(`traffic policy: ${at}.actions must be a non-empty list`);
  out.actions = actions.map((action, i) => {
    const where = `${at}.actions[${i}]`;
    if (!isRecord(action) || typeof action["type"] !== "string") throw new PolicyError(`traffic policy: ${where} must have a type`);
    const config = action["config"];
    if (config !== undefined && config !== null && !isRecord(config)) throw new PolicyError(`traffic policy: ${where}.config must be an object`);
    return config === undefined || config === null ? { type: action["type"] } : { type: action["type"], config };
  });
  return out;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}
