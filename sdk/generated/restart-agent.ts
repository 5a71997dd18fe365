// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import { invoke } from "./door";

/** The options of {@link restartAgent}. */
export interface RestartAgentOptions {
  /** How long to wait for the agent to reconnect (default 60; 0 does not wait). Between 0 and 600. */
  reconnectTimeoutSeconds?: number;
}

/** The result of {@link restartAgent}. */
export interface RestartAgentResult {
  /** The session the command was sent to. */
  readonly sessionId: string;
  /** False during a preview, when the command is not sent (a preview changes nothing). */
  readonly performed: boolean;
  /** The session the agent reconnected with; absent when it had not reconnected in time, or during a preview. */
  readonly newSessionId?: string;
  /** The version of the reconnected agent. */
  readonly agentVersion?: string;
}

/**
 * Restarts an agent: it replaces its process image and reconnects with a new tunnel session, whose id the result gives (the session of the same credential and host that appears after the restart). Not supported on Windows. A refusal is an `AgentCommandError` (an `ApiError`, with `status`, `errorCode` and `operationId`) whose `reason` is `session-not-found` or `restart-unsupported`. It does not act during a preview (the result's `performed` is false then).
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * try {
 *     const { newSessionId } = await ngrok.restartAgent("ts_...");
 *     pulumi.log.info(`the agent is back as ${newSessionId}`);
 * } catch (err) {
 *     if (err instanceof ngrok.AgentCommandError && err.reason === "restart-unsupported") {
 *         pulumi.log.warn("that agent runs on Windows: restart it by hand");
 *     } else throw err;
 * }
 * ```
 */
export function restartAgent(sessionId: string, options?: RestartAgentOptions): Promise<RestartAgentResult> {
  return invoke<RestartAgentResult>("restartAgent", { ...options, sessionId });
}
