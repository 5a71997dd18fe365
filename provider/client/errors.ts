/** Errors the client raises. They never carry the API key or request bodies. */

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

/** The request failed below HTTP: refused, reset, timed out. */
export class TransportError extends Error {
  override readonly name = "TransportError";
  constructor(
    readonly code: string,
    readonly method: string,
    readonly path: string,
    /** False only when the request certainly never reached the service. */
    readonly mayHaveBeenProcessed: boolean,
    cause: unknown,
  ) {
    super(
      `${method} ${path} failed: ${code}` +
        (mayHaveBeenProcessed && method === "POST"
          ? " (the service may have processed the request; it was not repeated to avoid a duplicate)"
          : ""),
      { cause },
    );
  }
}

/** No API key was configured. */
export class MissingApiKeyError extends Error {
  override readonly name = "MissingApiKeyError";
  constructor() {
    super(
      "the ngrok API key is not set: run `pulumi config set ngrok:apiKey <key> --secret`, " +
        "or set the NGROK_API_KEY environment variable",
    );
  }
}
