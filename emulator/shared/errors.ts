// Error model of the emulated API. Every failure the server answers with is an ApiFailure;
// the server turns it into the real service's error body (the shape ngrok's official clients parse).

/** An API error: HTTP status, optional ngrok error code (`ERR_NGROK_215`), message, details. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly errorCode: string | undefined;
  /** Extra `details` entries (string values, as the real service sends). */
  readonly details: Record<string, string>;
  /** Extra response headers (e.g. Retry-After on 429). */
  readonly headers: Record<string, string>;

  constructor(status: number, errorCode: string | undefined, msg: string) {
    super(msg);
    this.name = "ApiFailure";
    this.status = status;
    this.errorCode = errorCode;
    this.details = {};
    this.headers = {};
  }
}

/** The JSON error body the real service sends. */
export interface ErrorBody {
  error_code?: string;
  status_code: number;
  msg: string;
  details: Record<string, string>;
}

export function errorBody(failure: ApiFailure, operationId: string): ErrorBody {
  const body: ErrorBody = {
    status_code: failure.status,
    msg: failure.message,
    details: { ...failure.details, operation_id: operationId },
  };
  // error_code is absent (not null) when there is none, as for 404 "Resource not found".
  if (failure.errorCode !== undefined) return { error_code: failure.errorCode, ...body };
  return body;
}

export const notFound = (): ApiFailure => new ApiFailure(404, undefined, "Resource not found");

/** 400 ERR_NGROK_215: a field has a bad value or type. */
export const badValue = (msg: string): ApiFailure => new ApiFailure(400, "ERR_NGROK_215", msg);

/** 400 ERR_NGROK_214: a body field the operation does not know. */
export const unknownField = (field: string): ApiFailure =>
  new ApiFailure(400, "ERR_NGROK_214", `Unknown field '${field}' in request body.`);

/** 400 ERR_NGROK_380: a referenced resource does not exist. */
export const referenceNotFound = (field: string, id: string): ApiFailure =>
  new ApiFailure(400, "ERR_NGROK_380", `The ${field} '${id}' does not exist.`);

/** 400 ERR_NGROK_227: an id in the path does not have the collection's prefix. */
export const badIdPrefix = (id: string, prefix: string): ApiFailure =>
  new ApiFailure(400, "ERR_NGROK_227", `Invalid ID '${id}': expected an ID beginning with '${prefix}_'.`);

export const methodNotAllowed = (method: string): ApiFailure =>
  new ApiFailure(405, undefined, `Method ${method} is not allowed for this path.`);
