// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import { invoke } from "./door";

/** The options of {@link stopAgent}. */
export interface StopAgentOptions {
  /** How long to wait for the session to go offline (default 60; 0 does not wait). Between 0 and 600. */
  offlineTimeoutSeconds?: number;
}

/** The result of {@link stopAgent}. */
export interface StopAgentResult {
  /** The session the command was sent to. */
  readonly sessionId: string;
  /** False during a preview, when the command is not sent (a preview changes nothing). */
  readonly performed: boolean;
  /** The session was seen offline before the timeout. */
  readonly offline: boolean;
}

/**
 * Stops an agent: it exits, and its session, tunnels and endpoints go offline. A refusal is an `AgentCommandError` (an `ApiError`, with `status`, `errorCode` and `operationId`) whose `reason` is `session-not-found`. It does not act during a preview (the result's `performed` is false then).
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * await ngrok.stopAgent("ts_...");
 * ```
 */
export function stopAgent(sessionId: string, options?: StopAgentOptions): Promise<StopAgentResult> {
  return invoke<StopAgentResult>("stopAgent", { ...options, sessionId });
}
