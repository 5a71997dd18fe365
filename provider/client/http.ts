/**
 * The ngrok API client: bearer auth, the version header, JSON, keep-alive pooling, timeouts,
 * pacing to the account's rate limit, and retries that never repeat a create the service may
 * have processed.
 */
import { Agent, request, type Dispatcher } from "undici";
import { ApiError, TransportError } from "./errors";
import { SlidingWindowLimiter, delay, type RateLimit } from "./rate-limit";
import {
  backoffDelay,
  certainlyNotSent,
  defaultBackoff,
  isIdempotent,
  isTransient,
  parseRetryAfter,
  type BackoffOptions,
} from "./retry";

export const defaultBaseUrl = "https://api.ngrok.com";
/** The API's documented limit: 120 requests per rolling 60 seconds per account. */
export const defaultRateLimit: RateLimit = { limit: 120, windowMs: 60_000 };

export interface ClientOptions {
  apiKey: string;
  baseUrl?: string;
  userAgent?: string;
  /** Per attempt, from sending to the last byte of the answer. */
  timeoutMs?: number;
  rateLimit?: RateLimit | false;
  backoff?: Partial<BackoffOptions>;
}

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** One attempt's outcome, for observers (tests, debug logs). */
export interface AttemptEvent {
  method: HttpMethod;
  path: string;
  attempt: number;
  status?: number;
  error?: string;
  retryInMs?: number;
}

interface ErrorBody {
  error_code?: unknown;
  msg?: unknown;
  details?: { operation_id?: unknown };
}

export class ApiClient {
  readonly baseUrl: string;
  private readonly origin: string;
  private readonly dispatcher: Dispatcher;
  private readonly limiter: SlidingWindowLimiter | undefined;
  private readonly backoff: BackoffOptions;
  private readonly headers: Record<string, string>;
  /** Called after each attempt; used by tests and by debug logging. */
  onAttempt: ((event: AttemptEvent) => void) | undefined;

  constructor(options: ClientOptions) {
    this.baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, "");
    this.origin = new URL(this.baseUrl).origin;
    const timeout = options.timeoutMs ?? 30_000;
    this.dispatcher = new Agent({
      connections: 8,
      keepAliveTimeout: 10_000,
      headersTimeout: timeout,
      bodyTimeout: timeout,
      connect: { timeout: Math.min(timeout, 10_000) },
    });
    const rate = options.rateLimit ?? defaultRateLimit;
    this.limiter = rate === false ? undefined : new SlidingWindowLimiter(rate);
    this.backoff = { ...defaultBackoff, ...options.backoff };
    this.headers = {
      authorization: `Bearer ${options.apiKey}`,
      "ngrok-version": "2",
      accept: "application/json",
      "user-agent": options.userAgent ?? "pulumi-ngrok",
    };
  }

  get<T>(path: string): Promise<T> {
    return this.request<T>("GET", path);
  }
  post<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>("POST", path, body);
  }
  patch<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>("PATCH", path, body);
  }
  put<T>(path: string, body: unknown): Promise<T> {
    return this.request<T>("PUT", path, body);
  }
  async delete(path: string): Promise<void> {
    await this.request<unknown>("DELETE", path);
  }

  /** Every item of a list, following `next_page_uri` across pages. */
  async *list<T>(path: string, key: string): AsyncGenerator<T> {
    let next: string | null | undefined = path;
    while (next) {
      const page: Record<string, unknown> = await this.get<Record<string, unknown>>(next);
      const items = page[key];
      if (Array.isArray(items)) yield* items as T[];
      next = typeof page.next_page_uri === "string" ? page.next_page_uri : null;
    }
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  /** A path under the base URL, or an absolute URL on the same origin (a `next_page_uri`). */
  private resolve(path: string): URL {
    if (/^https?:\/\//.test(path)) {
      const url = new URL(path);
      // Never send the API key to another host, whatever a response says.
      if (url.origin !== this.origin) throw new Error(`refusing to follow ${url.origin}: not the API's origin`);
      return url;
    }
    return new URL(this.baseUrl + (path.startsWith("/") ? path : `/${path}`));
  }

  async request<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
    const url = this.resolve(path);
    const shownPath = url.pathname;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = payload === undefined ? this.headers : { ...this.headers, "content-type": "application/json" };

    for (let attempt = 0; ; attempt++) {
      await this.limiter?.acquire();
      let response: Dispatcher.ResponseData;
      try {
        response = await request(url, { method, headers, body: payload, dispatcher: this.dispatcher });
      } catch (err) {
        const code = errorCode(err);
        const notSent = certainlyNotSent(code);
        const retryable = isTransient(code) && (notSent || isIdempotent(method));
        const failure = new TransportError(code, method, shownPath, !notSent, err);
        if (!retryable || attempt >= this.backoff.maxRetries) {
          this.onAttempt?.({ method, path: shownPath, attempt, error: code });
          throw failure;
        }
        const wait = backoffDelay(attempt, this.backoff, undefined);
        this.onAttempt?.({ method, path: shownPath, attempt, error: code, retryInMs: wait });
        await delay(wait);
        continue;
      }

      const text = await response.body.text();
      const status = response.statusCode;
      if (status < 300) {
        this.onAttempt?.({ method, path: shownPath, attempt, status });
        return (text === "" ? undefined : parseJson(text)) as T;
      }

      const error = toApiError(status, text, response.headers, method, shownPath);
      // 429: the request was refused, so even a POST is safe to repeat. Other 5xx: the service
      // may have acted before failing, so only idempotent methods are repeated.
      const retryable = status === 429 || (status >= 500 && status !== 501 && isIdempotent(method));
      if (!retryable || attempt >= this.backoff.maxRetries) {
        this.onAttempt?.({ method, path: shownPath, attempt, status });
        throw error;
      }
      const wait = backoffDelay(attempt, this.backoff, parseRetryAfter(response.headers["retry-after"]));
      this.onAttempt?.({ method, path: shownPath, attempt, status, retryInMs: wait });
      await delay(wait);
    }
  }
}

function errorCode(err: unknown): string {
  if (err && typeof err === "object") {
    const e = err as { code?: unknown; cause?: { code?: unknown } };
    if (typeof e.code === "string") return e.code;
    if (e.cause && typeof e.cause.code === "string") return e.cause.code;
  }
  return "UNKNOWN";
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`the API answered with a body that is not JSON: ${text.slice(0, 200)}`);
  }
}

function toApiError(
  status: number,
  text: string,
  headers: Dispatcher.ResponseData["headers"],
  method: string,
  path: string,
): ApiError {
  let body: ErrorBody = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") body = parsed as ErrorBody;
  } catch {
    // Not JSON (a proxy's error page): keep the status and a short excerpt.
  }
  const header = headers["ngrok-operation-id"];
  const operationId =
    typeof body.details?.operation_id === "string"
      ? body.details.operation_id
      : typeof header === "string"
        ? header
        : undefined;
  const msg = typeof body.msg === "string" ? body.msg : text.slice(0, 200) || `HTTP ${status}`;
  const code = typeof body.error_code === "string" && body.error_code !== "" ? body.error_code : undefined;
  return new ApiError(status, code, msg, operationId, method, path);
}
