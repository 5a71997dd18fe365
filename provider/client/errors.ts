/** Errors the client raises. They never carry the API key or request bodies. */
import { requestFate } from "./transport";

/** The API answered with an error status. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly errorCode: string | undefined,
    readonly apiMessage: string,
    readonly operationId: string | undefined,
    readonly method: string,
    readonly path: string,
    /** What the user can do about it, when the provider knows. */
    readonly hint?: string,
  ) {
    super(
      `HTTP ${status}${errorCode ? ` ${errorCode}` : ""}: ${apiMessage}` +
        (operationId ? ` (operation ${operationId})` : "") +
        (hint ? `. ${hint}` : ""),
    );
  }

  get notFound(): boolean {
    return this.status === 404;
  }

  /** The same failure (status, code, operation, request) explained otherwise. */
  with(changes: { message?: string; hint?: string }): ApiError {
    return new ApiError(
      this.status,
      this.errorCode,
      changes.message ?? this.apiMessage,
      this.operationId,
      this.method,
      this.path,
      changes.hint ?? this.hint,
    );
  }
}

/** The service's codes for a missing, malformed or invalid API key (answered with 403). */
const keyCodes = new Set(["ERR_NGROK_200", "ERR_NGROK_202", "ERR_NGROK_203"]);

/** Whether the service refused the request's API key. */
export function keyRefused(err: ApiError): boolean {
  return err.status === 401 || (err.status === 403 && err.errorCode !== undefined && keyCodes.has(err.errorCode));
}

/**
 * What to do when the key is refused. Pulumi keeps a provider's configuration in the stack's
 * state: `refresh` and `destroy` run with the settings of the last `up`, so a key changed since
 * (in `ngrok:apiKey`, or a switch to NGROK_API_KEY) reaches them only after an `up`.
 */
export const keyRefusedHint =
  "The ngrok API key was refused. `refresh` and `destroy` use the key stored in the stack's state by the last `up` " +
  "(ngrok:apiKey, which takes precedence over NGROK_API_KEY), not the one configured now. To rotate a key: set the new one " +
  "(`pulumi config set ngrok:apiKey <key> --secret`, or `pulumi config rm ngrok:apiKey` to use NGROK_API_KEY), run `pulumi up`, " +
  "then refresh or destroy, and revoke the old key";

/** The same for the AI Gateway API's key (an ngrok.ai API key, not ngrok's API key). */
export const aiGatewayKeyRefusedHint =
  "The ngrok.ai API key was refused (the AI Gateway API takes an ngrok.ai API key, not the ngrok API key). `refresh` and `destroy` use the key " +
  "stored in the stack's state by the last `up` (ngrok:aiGatewayApiKey, which takes precedence over NGROK_AI_GATEWAY_API_KEY): set the new one " +
  "(`pulumi config set ngrok:aiGatewayApiKey <key> --secret`), run `pulumi up`, then refresh or destroy";

/** The request failed below HTTP: refused, reset, timed out. Its message is in words (transport.ts); `code` is the library's. */
export class TransportError extends Error {
  override readonly name = "TransportError";
  constructor(
    readonly code: string,
    readonly method: string,
    readonly path: string,
    /** False only when the request certainly never reached the service. */
    readonly mayHaveBeenProcessed: boolean,
    cause: unknown,
    /** What went wrong, in words (transport.ts's whatFailed). */
    readonly reason: string,
    /** How many times the request was tried. */
    readonly attempts = 1,
    /** Why it was not tried again although it could have been (the retry quota). */
    readonly notRetried?: string,
  ) {
    super(`${method} ${path} failed: ${reason}; ${requestFate(mayHaveBeenProcessed, attempts, method !== "POST")}${notRetried ? `; not retried: ${notRetried}` : ""}`, { cause });
  }
}

/** No API key was configured (for the AI Gateway API: no ngrok.ai API key). */
export class MissingApiKeyError extends Error {
  override readonly name = "MissingApiKeyError";
  constructor(api: "ngrok" | "ai-gateway" = "ngrok") {
    super(
      api === "ngrok"
        ? "the ngrok API key is not set: run `pulumi config set ngrok:apiKey <key> --secret`, or set the NGROK_API_KEY environment variable"
        : "the ngrok.ai API key (the AI Gateway API's) is not set: run `pulumi config set ngrok:aiGatewayApiKey <key> --secret`, " +
            "or set the NGROK_AI_GATEWAY_API_KEY environment variable",
    );
  }
}
