// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import { invoke } from "./door";

/** The result of {@link updateAgent}. */
export interface UpdateAgentResult {
  /** The session the command was sent to. */
  readonly sessionId: string;
  /** False during a preview, when the command is not sent (a preview changes nothing). */
  readonly performed: boolean;
  /** When a restart may follow (RFC 3339): 10 seconds after the API accepted the update. Absent during a preview. */
  readonly restartNotBefore?: string;
}

/**
 * Starts an agent's update to the newest release of its major version (a new major version is installed by hand). The new version runs after a restart, which should wait at least 10 seconds (`restartNotBefore`); the `AgentCommand` resource's `update-restart` does both. A refusal is an `AgentCommandError` (an `ApiError`, with `status`, `errorCode` and `operationId`) whose `reason` is `session-not-found`, `no-update-available`, `updates-disabled`, `already-updating` or `updated-awaiting-restart`. It does not act during a preview (the result's `performed` is false then).
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const { restartNotBefore } = await ngrok.updateAgent("ts_...");
 * ```
 */
export function updateAgent(sessionId: string): Promise<UpdateAgentResult> {
  return invoke<UpdateAgentResult>("updateAgent", { sessionId });
}
