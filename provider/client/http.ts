/**
 * The ngrok API client: bearer auth, the version header, JSON, keep-alive pooling, timeouts,
 * pacing to the account's rate limit, and retries that never repeat a create the service may
 * have processed.
 */
import { Agent, type Dispatcher } from "undici";
import { ApiError, TransportError, aiGatewayKeyRefusedHint, keyRefused, keyRefusedHint } from "./errors";
import { FileLedger, defaultPacingDir, ledgerFileName, type Ledger } from "./pacing-ledger";
import { SharedWindow, type LedgerNotice } from "./rate-ledger";
import { systemClock, type Clock } from "../../clock";
import { Pacer, apiRateLimit, formatRateLimit, retryQuota, statedRateLimit, type RateLimit, type RetryKind, type Slot } from "./rate-limit";
import { backoffDelay, defaultBackoff, isIdempotent, parseRetryAfter, type BackoffOptions } from "./retry";
import { certainlyNotSent, isTransient, transportCode, transportKind, whatFailed } from "./transport";

export const defaultBaseUrl = "https://api.ngrok.com";
/** The API's documented limit: 120 requests per rolling 60 seconds per account. */
export const defaultRateLimit: RateLimit = apiRateLimit;

export interface ClientOptions {
  apiKey: string;
  baseUrl?: string;
  userAgent?: string;
  /** Per attempt, from sending to the last byte of the answer. */
  timeoutMs?: number;
  /** Pacing to the account's limit; `false`: none until the service refuses a request (see Pacer). */
  rateLimit?: RateLimit | false;
  backoff?: Partial<BackoffOptions>;
  /**
   * Where processes using the same key and base URL share the pacing budget; default
   * $PULUMI_NGROK_PACING_DIR or <XDG cache or ~/.cache>/pulumi-ngrok/pacing. `false`: this
   * client alone. Unused when pacing is off.
   */
  pacingDir?: string | false;
  /**
   * Which of ngrok's APIs: "ngrok" (api.ngrok.com: the Ngrok-Version header) or "ai-gateway"
   * (api.ngrok.ai: no version header, camelCase errors and pages). Default "ngrok".
   */
  api?: ApiName;
  /** Where the client reads the time and waits (pacing, backoff); default the system's. A test passes a FakeClock. */
  clock?: Clock;
  /**
   * A Redis or PostgreSQL URL (`ngrok:rateLedger`): every runner on the key, on any machine, takes
   * its turns from one window kept there (rate-ledger.ts). Unused when pacing is off.
   */
  rateLedger?: string;
}

export type ApiName = "ngrok" | "ai-gateway";

/** The settings a message names, per API. */
const settingWords: Readonly<Record<ApiName, { rateLimit: string; refusedHint: string }>> = {
  ngrok: { rateLimit: "ngrok:rateLimit (or NGROK_RATE_LIMIT)", refusedHint: keyRefusedHint },
  "ai-gateway": { rateLimit: "ngrok:aiGatewayRateLimit (or NGROK_AI_GATEWAY_RATE_LIMIT)", refusedHint: aiGatewayKeyRefusedHint },
};

/** How long a request waits for room under the rate limit before `onPacingWait` hears of it. */
export const pacingNoticeMs = 1000;

export type HttpMethod = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** One attempt's outcome, for observers (tests, debug logs). */
export interface AttemptEvent {
  method: HttpMethod;
  path: string;
  attempt: number;
  status?: number;
  error?: string;
  retryInMs?: number;
  /** For a failure below HTTP: what went wrong, in words (`error` is the library's code). */
  reason?: string;
  /** For a 429: whether the requests this client knows of filled the window (its own burst). */
  explained?: boolean;
}

/** Both APIs' error bodies: the main API's snake_case, the AI Gateway API's camelCase. */
interface ErrorBody {
  error_code?: unknown;
  errorCode?: unknown;
  msg?: unknown;
  details?: { operation_id?: unknown; operationId?: unknown };
}

export class ApiClient {
  readonly baseUrl: string;
  private readonly origin: string;
  /**
   * The base URL's path ("" for none) when the base URL is already in the form `new URL` gives
   * it: then a plain path is joined to it as a string, without parsing a URL per request.
   */
  private readonly basePath: string | undefined;
  /** The API's host as messages name it. */
  private readonly host: string;
  private readonly timeoutMs: number;
  private readonly dispatcher: Dispatcher;
  private readonly pacer: Pacer;
  private readonly pacingConfigured: RateLimit | false;
  private readonly backoff: BackoffOptions;
  private readonly headers: Record<string, string>;
  private readonly jsonHeaders: Record<string, string>;
  private readonly clock: Clock;
  /**
   * Whether retries spend the machine's retry quota (rate-limit.ts): with pacing, the default.
   * With pacing off (a proxy or a test service that does its own limiting), the client holds
   * nothing back, retries included.
   */
  private readonly rationed: boolean;
  /** Called after each attempt; used by tests. */
  onAttempt: ((event: AttemptEvent) => void) | undefined;
  /** Called when an attempt failed and the request will be sent again (`retryInMs` set): a log line. */
  onRetry: ((event: AttemptEvent & { retryInMs: number }) => void) | undefined;
  /** Called once when a request has waited `pacingNoticeMs` for room under the rate limit (a log line, not a count). */
  onPacingWait: ((event: { method: HttpMethod; path: string; attempt: number }) => void) | undefined;
  /** Called when the rate ledger cannot be used, and when it answers again: a line the user sees. */
  onLedger: ((notice: LedgerNotice) => void) | undefined;
  /** The rate ledger's window, when one is set. */
  readonly sharedWindow: SharedWindow | undefined;
  readonly api: ApiName;

  constructor(options: ClientOptions) {
    this.api = options.api ?? "ngrok";
    this.baseUrl = (options.baseUrl ?? defaultBaseUrl).replace(/\/+$/, "");
    const base = new URL(this.baseUrl);
    this.origin = base.origin;
    const basePath = base.pathname === "/" ? "" : base.pathname;
    this.basePath = !base.search && !base.hash && this.origin + basePath === this.baseUrl ? basePath : undefined;
    const timeout = options.timeoutMs ?? 30_000;
    this.host = base.host;
    this.timeoutMs = timeout;
    this.dispatcher = new Agent({
      // Enough sockets for the operations a program commonly runs at once: fewer would queue
      // requests in this client behind other requests' answers. Pacing, not sockets, bounds the rate.
      connections: 16,
      // An idle socket is closed here after at most 10 s, whatever the server's Keep-Alive hint: a
      // socket the server closes as idle just as a request goes out on it fails that request.
      keepAliveTimeout: 10_000,
      keepAliveMaxTimeout: 10_000,
      headersTimeout: timeout,
      bodyTimeout: timeout,
      connect: { timeout: Math.min(timeout, 10_000) },
    });
    const rate = options.rateLimit ?? defaultRateLimit;
    this.pacingConfigured = rate;
    const clock = (this.clock = options.clock ?? systemClock);
    this.rationed = rate !== false;
    let ledger: Ledger | undefined;
    const dir = options.pacingDir ?? defaultPacingDir();
    if (rate !== false && dir !== false) {
      try {
        ledger = new FileLedger(dir, ledgerFileName(options.apiKey, this.baseUrl), rate.windowMs, clock);
      } catch {
        // An unwritable cache directory: pace this process alone rather than fail.
      }
    }
    this.sharedWindow =
      rate === false || options.rateLedger === undefined
        ? undefined
        : new SharedWindow({ url: options.rateLedger, apiKey: options.apiKey, baseUrl: this.baseUrl, attemptTimeoutMs: timeout, clock, onNotice: (n) => this.onLedger?.(n) });
    this.pacer = new Pacer(rate === false ? undefined : rate, {
      attemptTimeoutMs: timeout,
      clock,
      ...(ledger ? { ledger } : {}),
      ...(this.sharedWindow ? { leases: this.sharedWindow } : {}),
    });
    this.backoff = { ...defaultBackoff, ...options.backoff };
    this.headers = {
      authorization: `Bearer ${options.apiKey}`,
      ...(this.api === "ngrok" ? { "ngrok-version": "2" } : {}),
      accept: "application/json",
      "user-agent": options.userAgent ?? "pulumi-ngrok",
    };
    this.jsonHeaders = { ...this.headers, "content-type": "application/json" };
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

  /** Every item of a list, following `next_page_uri` (`nextPageUri`) across pages. */
  async *list<T>(path: string, key: string): AsyncGenerator<T> {
    for await (const items of this.pages<T>(path, key)) yield* items;
  }

  /** The items of a list page by page (an async generator pays a promise per item it yields: this one, per page). */
  async *pages<T>(path: string, key: string): AsyncGenerator<T[]> {
    let next: string | null | undefined = path;
    while (next) {
      const page: Record<string, unknown> = await this.get<Record<string, unknown>>(next);
      const items = page[key];
      if (Array.isArray(items)) yield items as T[];
      const link = page.next_page_uri ?? page.nextPageUri;
      next = typeof link === "string" ? link : null;
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.dispatcher.close(), this.sharedWindow?.close()]);
  }

  /**
   * The path and query on this client's origin of a path under the base URL, or of an absolute
   * URL (a `next_page_uri`). An absolute URL on another origin (the API's own address, answered
   * through a proxy or a gateway) is followed by its path and query on the configured base URL:
   * the API key goes nowhere else, whatever a response says.
   */
  private target(path: string): string {
    // Only characters `new URL` keeps as they are, and no dot segment: the same path, unparsed.
    if (this.basePath !== undefined && plainPath.test(path)) return this.basePath + path;
    let url: URL;
    if (/^https?:\/\//.test(path)) {
      url = new URL(path);
      if (url.origin !== this.origin) url = new URL(this.baseUrl + url.pathname + url.search);
    } else {
      url = new URL(this.baseUrl + (path.startsWith("/") ? path : `/${path}`));
    }
    return url.pathname + url.search;
  }

  /** Tells an attempt to `onAttempt`, and a retry also to `onRetry`. */
  private attempted(event: AttemptEvent): void {
    this.onAttempt?.(event);
    if (event.retryInMs !== undefined) this.onRetry?.(event as AttemptEvent & { retryInMs: number });
  }

  /** A slot from the pacer; a wait long enough to notice is told to `onPacingWait` as it happens. */
  private async paced(method: HttpMethod, path: string, attempt: number): Promise<Slot> {
    const notice = this.onPacingWait;
    if (!notice) return this.pacer.acquire(attempt > 0);
    const cancel = this.clock.setTimer(() => notice({ method, path, attempt }), pacingNoticeMs);
    try {
      return await this.pacer.acquire(attempt > 0);
    } finally {
      cancel();
    }
  }

  async request<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
    const target = this.target(path);
    const query = target.indexOf("?");
    const shownPath = query < 0 ? target : target.slice(0, query);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const options: Dispatcher.RequestOptions = {
      origin: this.origin,
      path: target,
      method,
      headers: payload === undefined ? this.headers : this.jsonHeaders,
      body: payload,
    };
    const started = this.clock.now();
    /** When this request was first refused for the rate limit. */
    let refusedSince: number | undefined;

    for (let attempt = 0; ; attempt++) {
      // A slot at once (no promise to wait on) in the common case.
      const slot: Slot = this.pacer.grantNow() ?? (await this.paced(method, shownPath, attempt));
      let response: Dispatcher.ResponseData;
      try {
        response = await this.dispatcher.request(options);
      } catch (err) {
        const code = transportCode(err);
        const notSent = certainlyNotSent(code);
        const reason = whatFailed(transportKind(code), this.host, this.timeoutMs);
        // Not sent: the service counted nothing. Otherwise it may have, no later than now.
        await (notSent ? slot.notSent() : slot.answered(this.clock.now(), false));
        const retryable = isTransient(code) && (notSent || isIdempotent(method));
        const budgeted = retryable && attempt < this.backoff.maxRetries && (await this.spendRetry("transient"));
        if (!budgeted) {
          this.attempted({ method, path: shownPath, attempt, error: code, reason });
          const spent = retryable && attempt < this.backoff.maxRetries ? quotaSpent : undefined;
          throw new TransportError(code, method, shownPath, !notSent, err, reason, attempt + 1, spent);
        }
        const wait = backoffDelay(attempt, this.backoff, undefined);
        this.attempted({ method, path: shownPath, attempt, error: code, reason, retryInMs: wait });
        await this.clock.sleep(wait);
        continue;
      }
      const answeredAt = this.clock.now();
      const status = response.statusCode;
      const settling = status === 429 ? slot.refused() : slot.answered(answeredAt, status < 500);
      if (settling) await settling;
      const text = await response.body.text();
      if (status < 300) {
        this.attempted({ method, path: shownPath, attempt, status });
        return (text === "" ? undefined : parseJson(text)) as T;
      }

      const error = toApiError(status, text, response.headers, method, shownPath, settingWords[this.api].refusedHint);
      const retryAfter = parseRetryAfter(response.headers["retry-after"], this.clock.now());
      if (status === 429) {
        // The limit the service states, else the one we pace to, else the API's documented one.
        const stated = statedRateLimit(error.apiMessage) ?? this.pacer.pacing ?? defaultRateLimit;
        const byOthers = await this.pacer.refusal(answeredAt, stated, slot.grantedAt);
        const explained = !byOthers;
        refusedSince ??= answeredAt;
        // Each retry waits for room, and others' requests leave the window within one, however
        // many clients share it: so the retries are counted in windows, not attempts, and a
        // request that meets other runners' requests again and again still gets its turn.
        if (answeredAt - refusedSince >= this.backoff.maxRetries * stated.windowMs) {
          this.attempted({ method, path: shownPath, attempt, status, explained });
          throw this.rateLimitedError(error, attempt, this.clock.now() - started, stated, explained);
        }
        // A refused request was not processed, so even a POST is safe to repeat. It waits for the
        // service's Retry-After when there is one, and for room in the window as the pacer
        // knows it (which now holds the machine's smaller share) in any case; with the retry
        // quota short, for a backoff too, so that a machine out of quota slows down instead of
        // failing what the service would serve a moment later.
        const budgeted = await this.spendRetry("throttled");
        let wait = retryAfter !== undefined ? backoffDelay(attempt, this.backoff, retryAfter) : 0;
        if (!budgeted) wait = Math.max(wait, backoffDelay(attempt, this.backoff, undefined));
        const shown = wait > 0 ? wait : await this.pacer.nextRoomInMs();
        this.attempted({ method, path: shownPath, attempt, status, retryInMs: shown, explained });
        if (wait > 0) await this.clock.sleep(wait);
        continue;
      }
      // Other 5xx: the service may have acted before failing, so only idempotent methods are repeated.
      const retryable = status >= 500 && status !== 501 && isIdempotent(method) && attempt < this.backoff.maxRetries;
      if (!retryable || !(await this.spendRetry("transient"))) {
        this.attempted({ method, path: shownPath, attempt, status });
        throw retryable ? error.with({ hint: `Not retried: ${quotaSpent}` }) : error;
      }
      const wait = backoffDelay(attempt, this.backoff, retryAfter);
      this.attempted({ method, path: shownPath, attempt, status, retryInMs: wait });
      await this.clock.sleep(wait);
    }
  }

  private spendRetry(kind: RetryKind): Promise<boolean> {
    return this.rationed ? this.pacer.spendRetry(kind) : Promise.resolve(true);
  }

  /** The last 429 of a request, saying how many retries it spent and which setting helps. */
  private rateLimitedError(error: ApiError, retries: number, elapsedMs: number, stated: RateLimit, explained: boolean): ApiError {
    const limit = `"${formatRateLimit(stated)}"`;
    const set = `Set ${settingWords[this.api].rateLimit}`;
    const more = "or raise ngrok:maxRetries (or NGROK_MAX_RETRIES)";
    let hint = `Still refused after ${retries} ${retries === 1 ? "retry" : "retries"} (${retries + 1} ${retries === 0 ? "attempt" : "attempts"} over ${(elapsedMs / 1000).toFixed(1)} s)`;
    if (this.pacingConfigured === false) {
      hint += explained
        ? `: pacing is off (${settingWords[this.api].rateLimit.split(" ")[0]} "off"). ${set} to the account's limit, ${limit}, so that requests wait for room instead of being refused, ${more}.`
        : `: pacing is off (${settingWords[this.api].rateLimit.split(" ")[0]} "off") and another client spends the same API key's budget. ${set} to the account's limit, ${limit}, or below it to leave the other client room, ${more}.`;
    } else if (explained) {
      hint += `: this client paced to "${formatRateLimit(this.pacingConfigured)}" but the account allows ${limit}. ${set} to ${limit}, ${more}.`;
    } else {
      hint +=
        `, although this client paces to "${formatRateLimit(this.pacer.pacing ?? stated)}": another client spends the same API key's budget. ` +
        `${set} below the account's ${limit} to leave it room, ${more}.`;
    }
    // ApiError appends its own full stop.
    return error.with({ hint: hint.replace(/\.$/, "") });
  }
}

/** Why a request that could have been retried was not (ApiError and TransportError append it). */
const quotaSpent =
  `this machine's retry quota is spent: retries after failures are kept under a tenth of the requests the service served (${retryQuota.capacity / retryQuota.transient} more at first), and the service failed more often than that`;

/**
 * A path (and query) starting with "/" that `new URL` leaves as it is: characters it encodes
 * nowhere, no segment that is or may be a dot segment ("." or "%2e" first), no fragment.
 */
const plainPath = /^(?:\/(?!\.|%2e)[\w\-.~%!$&'()*+,;=:@]*)+(?:\?[\w\-.~%!$&()*+,;=:@/?]+)?$/i;

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
  refusedHint: string,
): ApiError {
  let body: ErrorBody = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object") body = parsed as ErrorBody;
  } catch {
    // Not JSON (a proxy's error page): keep the status and a short excerpt.
  }
  const header = headers["ngrok-operation-id"];
  const bodyOperation = body.details?.operation_id ?? body.details?.operationId;
  const operationId =
    typeof bodyOperation === "string"
      ? bodyOperation
      : typeof header === "string"
        ? header
        : undefined;
  const msg = typeof body.msg === "string" ? body.msg : text.slice(0, 200) || `HTTP ${status}`;
  const rawCode = body.error_code ?? body.errorCode;
  const code = typeof rawCode === "string" && rawCode !== "" ? rawCode : undefined;
  const err = new ApiError(status, code, msg, operationId, method, path);
  return keyRefused(err) ? err.with({ hint: refusedHint }) : err;
}
