// A Traffic Policy in ngrok's documented form (https://ngrok.com/docs/traffic-policy/): phases
// of ordered rules, each rule a list of CEL expressions and a list of actions. The emulator keeps
// its own types and parser, written from that documentation.

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

/** A policy that cannot run: check.ts's PolicyRefusal says which of ngrok's rules it breaks, and where. */
export class PolicyError extends Error {}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}
