// One API's listener: the request cycle both APIs share (the record, the body, faults, auth and the
// rate limit, persistence) around what each API says, which its protocol gives: how it
// authenticates, what it answers and in which shape its errors are.
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Clock } from "../../clock";
import { ApiFailure } from "./errors";
import { RateLimiter, type FaultInjector, type FaultPlan } from "./faults";
import { arrival, readBody, requestBase, resetConnection, writeJson, type RecordedRequest } from "./http";
import { closeServer, httpServer, listen, originOf } from "./listen";
import type { Store } from "./store";
import type { Json } from "./validate";

export interface ApiReply {
  status: number;
  body?: Json;
  headers?: Record<string, string>;
  /** The state changed: persist it. */
  mutated?: boolean;
}

/** A request as it arrived. */
export interface ApiRequest {
  req: IncomingMessage;
  method: string;
  url: URL;
  /** Without the query string and trailing slashes. */
  path: string;
  raw: Buffer;
  operationId: string;
  /** A control path of the emulator's own: never recorded, faulted or counted. */
  control: boolean;
}

/** What differs between the APIs: everything their answers say. */
export interface ApiProtocol<Caller> {
  /** How the API names itself on stderr. */
  readonly label: string;
  /** Whether a path is one of the emulator's control paths, not the API's. */
  isControl?(path: string): boolean;
  /** An answer given before faults, credentials and the rate limit (a CORS preflight); undefined: none. */
  preflight?(request: ApiRequest): ApiReply | undefined;
  /** Whom the request's credentials name, and the key the rate limit counts them under; throws its refusal. */
  authenticate(request: ApiRequest, base: string): { key: string; caller: Caller };
  /** The refusal of a request over the rate limit. */
  rateLimited(limit: number, windowMs: number): ApiFailure;
  /** The answer to a request let through; throws an ApiFailure to refuse it. `base`: the address the client used. */
  process(request: ApiRequest, base: string, caller: Caller): ApiReply;
  /** A refusal in the API's error shape. */
  failure(failure: ApiFailure, operationId: string): ApiReply;
  /** A fault's answer in place of the API's. */
  fault(plan: FaultPlan, operationId: string): ApiReply;
  /** Headers every answer carries. */
  headers?(request: ApiRequest): Record<string, string>;
}

export interface ApiListenerOptions {
  host: string;
  port: number;
  store: Store;
  clock: Clock;
  /** Per key, rolling window; false: none. */
  rateLimit: { limit: number; windowMs: number } | false;
  /** One window for the account's keys together, refused requests counted. */
  strictRateLimit?: boolean;
  faults: FaultInjector;
  /** Serve https with this certificate and key (PEM). */
  tls?: { cert: string; key: string } | undefined;
}

export class ApiListener<Caller> {
  /** Every request received, in order (faulted ones included, control paths not). */
  readonly requests: RecordedRequest[] = [];
  private readonly server: Server;
  private readonly limiter: RateLimiter | undefined;
  private baseUrl = "";
  private closed = false;

  constructor(
    private readonly options: ApiListenerOptions,
    private readonly protocol: ApiProtocol<Caller>,
  ) {
    const strict = options.strictRateLimit ?? false;
    this.limiter = options.rateLimit === false ? undefined : new RateLimiter(options.rateLimit.limit, options.rateLimit.windowMs, strict);
    this.server = httpServer(options.tls, (req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        // Only reached when answering itself failed (the socket is gone): nothing left to tell.
        process.stderr.write(`${protocol.label}: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
      });
    });
  }

  /** "http://127.0.0.1:<port>" once listening. */
  get url(): string {
    return this.baseUrl;
  }

  async listen(): Promise<void> {
    const address = await listen(this.server, this.options.port, this.options.host);
    this.baseUrl = originOf(this.options.tls === undefined ? "http" : "https", address);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await closeServer(this.server);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { clock, store } = this.options;
    const operationId = `op_${store.ids.nextBody()}`;
    const { method, url, path, record } = arrival(req, operationId, clock.now());
    const control = this.protocol.isControl?.(path) ?? false;
    if (!control) this.requests.push(record);
    const request: ApiRequest = { req, method, url, path, raw: await readBody(req), operationId, control };

    const early = control ? undefined : this.protocol.preflight?.(request);
    if (early !== undefined) {
      record.processed = true;
      record.status = this.send(res, request, early);
      return;
    }
    const plan = control ? undefined : this.options.faults.plan(method, path);
    if (plan !== undefined && plan.delayMs > 0) await clock.sleep(plan.delayMs);
    if (this.closed) {
      res.socket?.destroy();
      return;
    }
    if (plan?.action === "reset-before") return resetConnection(req);
    if (plan?.action === "status-before") {
      record.status = this.send(res, request, this.protocol.fault(plan, operationId));
      return;
    }

    record.processed = true;
    const reply = this.process(request);
    if (plan?.action === "reset-after") return resetConnection(req);
    if (plan?.action === "status-after") {
      record.status = this.send(res, request, this.protocol.fault(plan, operationId));
      return;
    }
    record.status = this.send(res, request, reply);
  }

  /** Runs one request against the state; never throws. */
  private process(request: ApiRequest): ApiReply {
    try {
      // Links in answers name the address the client used (a proxy's, or a production-like host over TLS).
      const base = requestBase(request.req, this.baseUrl);
      const { key, caller } = this.protocol.authenticate(request, base);
      if (!request.control && this.limiter !== undefined) {
        // The emulator serves one account: under the strict rule all its keys share one window.
        const counted = this.options.strictRateLimit === true ? "account" : key;
        if (!this.limiter.allow(counted, this.options.clock.now())) throw this.protocol.rateLimited(this.limiter.limit, this.limiter.windowMs);
      }
      const reply = this.protocol.process(request, base, caller);
      if (reply.mutated) this.options.store.save();
      return reply;
    } catch (err) {
      if (err instanceof ApiFailure) return this.protocol.failure(err, request.operationId);
      const { method, path } = request;
      process.stderr.write(`${this.protocol.label}: internal error on ${method} ${path}: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
      return this.protocol.failure(new ApiFailure(500, undefined, `Internal emulator error: ${err instanceof Error ? err.message : String(err)}`), request.operationId);
    }
  }

  private send(res: ServerResponse, request: ApiRequest, reply: ApiReply): number {
    return writeJson(res, request.method, { ...reply, headers: { ...(this.protocol.headers?.(request) ?? {}), ...(reply.headers ?? {}) } });
  }
}
