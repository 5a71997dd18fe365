// What every action shares: an action's run and outcome, and the readers of its config (a config
// the service would refuse raises a ConfigError).
import { isRecord, type PhaseName } from "../policy";
import { asText, type CelEvaluator } from "../cel";
import { DURATION, durationSeconds, type ConfigSchema } from "../schema";
import type { Exchange, GatewayEnvironment, HttpMessage } from "../types";

export type { Exchange, HttpMessage, TlsTermination } from "../types";

export interface ActionContext {
  env: GatewayEnvironment;
  /** forward-internal's target, or undefined when no endpoint has that URL. */
  forward(url: string, ex: Exchange): Promise<HttpMessage | undefined>;
  /**
   * An HTTP request of the gateway's own (http-request) to an endpoint or registered upstream,
   * whose policy runs on it; undefined when nothing the emulator knows has that URL.
   */
  send(request: OutboundRequest, ex: Exchange): Promise<HttpMessage | undefined>;
  /**
   * forward-internal in on_tcp_connect: the connection handed to the TCP or TLS endpoint at `url`,
   * whose on_tcp_connect runs on it; undefined when no endpoint has that URL.
   */
  connect(url: string, ex: Exchange): Promise<"accepted" | "closed" | undefined>;
}

export interface OutboundRequest {
  /** The action sending it, which the `ngrok-req-type` header names. */
  sender: string;
  method: string;
  url: string;
  headers: Record<string, string[]>;
  body: Buffer;
}

export type ActionOutcome =
  | { kind: "continue"; detail?: string }
  /** `responsePhase`: on_http_response still runs on this answer (custom-response in on_http_request). */
  | { kind: "respond"; response: HttpMessage; fromUpstream?: boolean; responsePhase?: boolean; detail?: string }
  | { kind: "close"; detail?: string }
  | { kind: "error"; response: HttpMessage; detail: string };

export interface Run {
  /** The running action's type (ActionImpl.type). */
  type: string;
  ex: Exchange;
  phase: PhaseName;
  cel: CelEvaluator;
  rule: string;
  /** Where this action is in the policy (phase, rule and action index): the key of state it keeps across requests. */
  at: string;
  ctx: ActionContext;
  /** An evaluator that also sees `extra` as variables (http-request's `retry_condition`). */
  celWith(extra: Record<string, unknown>): CelEvaluator;
}

/**
 * An action as the catalogue (index.ts) holds it: the phases ngrok documents it in, whether it
 * terminates (a cloud endpoint's policy must reach one), its configuration schema with ngrok's
 * defaults and limits (what check.ts refuses), and its run logic, which sees only a config the
 * checks accepted.
 */
export interface ActionImpl {
  /** The action's type, as policies and ngrok's pages name it: written here only, in its file. */
  readonly type: string;
  phases: readonly PhaseName[];
  /** The documented phases the emulator cannot run it in (answered "not emulated"). */
  notRunIn?: readonly PhaseName[];
  terminating?: boolean;
  /** The only URL schemes of the endpoints it runs on, when its page names them (terminate-tls). */
  schemes?: readonly string[];
  config: ConfigSchema;
  /** What ngrok refuses in a config beyond its fields' schema: the code, the place below `config`, why, and ngrok's message. */
  refusal?(config: Record<string, unknown>): { code: string; place: (string | number)[]; why: string; message: string } | undefined;
  run(config: Record<string, unknown>, run: Run): Promise<ActionOutcome>;
}

export const HTTP: readonly PhaseName[] = ["on_http_request", "on_http_response"];

/** A config the service would refuse: the message says what; the engine names the action. */
export class ConfigError extends Error {}

/**
 * What the emulator cannot do offline, and why; the engine's answer names the action, never the
 * user's config.
 */
export class NotEmulated extends Error {}

export function str(config: Record<string, unknown>, key: string, fallback?: string): string {
  const v = config[key];
  if (v === undefined || v === null) {
    if (fallback !== undefined) return fallback;
    throw new ConfigError(`config.${key} is required`);
  }
  if (typeof v !== "string") throw new ConfigError(`config.${key} must be a string`);
  return v;
}

export function strList(config: Record<string, unknown>, key: string): string[] {
  const v = config[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === "string")) throw new ConfigError(`config.${key} must be a list of strings`);
  return v as string[];
}

export function strMap(config: Record<string, unknown>, key: string): Record<string, string> {
  const v = config[key];
  if (v === undefined || v === null) return {};
  if (!isRecord(v)) throw new ConfigError(`config.${key} must be a map of strings`);
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, typeof x === "string" ? x : asText(x)]));
}

export function bool(config: Record<string, unknown>, key: string, fallback: boolean): boolean {
  const v = config[key];
  return typeof v === "boolean" ? v : fallback;
}

export function message(status: number, headers: Record<string, string | string[]> = {}, body: string | Buffer = ""): HttpMessage {
  const h = new Map<string, string[]>();
  for (const [k, v] of Object.entries(headers)) h.set(k.toLowerCase(), typeof v === "string" ? [v] : v);
  return { status, headers: h, body: typeof body === "string" ? Buffer.from(body, "utf8") : body };
}

/** The content-type custom-response infers when none is given. */
export function inferContentType(body: string): string {
  const t = body.trim();
  if (t === "") return "text/plain; charset=utf-8";
  if ((t.startsWith("{") || t.startsWith("[")) && isJson(t)) return "application/json";
  if (/^<(!doctype html|html|head|body|div|p|h\d)\b/i.test(t)) return "text/html; charset=utf-8";
  return "text/plain; charset=utf-8";
}

export function isJson(t: string): boolean {
  try {
    JSON.parse(t);
    return true;
  } catch {
    return false;
  }
}

/** The message the phase acts on: the request in on_http_request, the response in on_http_response. */
export function target(run: Run): { headers: Map<string, string[]> } {
  if (run.phase === "on_http_response") return run.ex.response!;
  return run.ex.request;
}

/** A duration in milliseconds, read as check.ts reads it (one reading of durations). */
export function parseDuration(raw: string): number {
  if (!DURATION.test(raw.trim())) throw new ConfigError(`'${raw}' is not a duration such as "60s" or "10m"`);
  return Math.round(durationSeconds(raw.trim()) * 1000);
}

export function setResult(run: Run, name: string, value: Record<string, unknown>): void {
  run.ex.actionResults[name] = { error: { code: "", message: "" }, ...value };
}
