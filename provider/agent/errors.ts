/**
 * Why the API refused an agent command, as a discriminant a program can switch on. The error is
 * an ApiError, so its status, error code and operation id stay where every other API error has them.
 */
import { ApiError } from "../client/errors";

export type AgentCommandName = "restart" | "stop" | "update";

export type AgentCommandRefusal =
  /** The session is not online (the API answered 404). */
  | "session-not-found"
  /** Remote restart is not supported for agents running on Windows. */
  | "restart-unsupported"
  /** The agent runs the newest release of its major version (a new major is installed by hand). */
  | "no-update-available"
  /** The agent's configuration disables update checks. */
  | "updates-disabled"
  /** The agent is already updating. */
  | "already-updating"
  /** The agent updated but has not restarted yet: restart it to run the new version. */
  | "updated-awaiting-restart"
  /** Any other refusal: read `errorCode` and `apiMessage`. */
  | "refused";

/** The API's error codes for the agent command failures it documents. */
export const refusalCodes: Readonly<Record<string, AgentCommandRefusal>> = {
  ERR_NGROK_804: "restart-unsupported",
  ERR_NGROK_805: "no-update-available",
  ERR_NGROK_806: "updates-disabled",
  ERR_NGROK_807: "already-updating",
  ERR_NGROK_808: "updated-awaiting-restart",
};

const explanations: Record<AgentCommandRefusal, string> = {
  "session-not-found": "the session is not online (not found)",
  "restart-unsupported": "remote restart is not supported for agents running on Windows",
  "no-update-available": "no update is available for the agent",
  "updates-disabled": "the agent's configuration disables update checks",
  "already-updating": "the agent is already updating",
  "updated-awaiting-restart": "the agent already updated and must be restarted to run the new version",
  refused: "the API refused the command",
};

/** An agent command the API refused; `reason` says why. */
export class AgentCommandError extends ApiError {
  constructor(
    readonly command: AgentCommandName,
    readonly sessionId: string,
    readonly reason: AgentCommandRefusal,
    cause: ApiError,
  ) {
    super(cause.status, cause.errorCode, cause.apiMessage, cause.operationId, cause.method, cause.path, cause.hint);
    // ApiError types its name as the literal "ApiError"; stack traces should name this class.
    Object.defineProperty(this, "name", { value: "AgentCommandError", enumerable: false });
    this.message = `${command} of tunnel session ${sessionId} refused: ${explanations[reason]} (${cause.message})`;
  }
}

/** The typed form of an API error answered to an agent command; other errors are returned as they are. */
export function asRefusal(command: AgentCommandName, sessionId: string, err: unknown): unknown {
  if (!(err instanceof ApiError) || err instanceof AgentCommandError) return err;
  if (err.status === 404) return new AgentCommandError(command, sessionId, "session-not-found", err);
  if (err.status < 400 || err.status >= 500 || err.status === 429) return err;
  const reason = (err.errorCode && refusalCodes[err.errorCode]) || "refused";
  return new AgentCommandError(command, sessionId, reason, err);
}
