// The AI Gateway API (https://api.ngrok.ai) on a listener of its own: a client configured with
// this base URL sends the paths ngrok's OpenAPI description gives (`/providers`, `/access-keys`,
// ...) exactly as it would to api.ngrok.ai, so an `NGROK_AI_GATEWAY_API_BASE_URL` pointing here
// stands for the real host with nothing rewritten. It shares the emulator's store (state file,
// ids, clock) but not the main API's protocol: no Ngrok-Version header, camelCase bodies, errors
// `{statusCode, msg, errorCode, details}`, pages by `beforeId`/`limit` and `nextPageUri`.
// Authentication is an ngrok.ai API key, as ngrok's AI Gateway API overview says
// (https://ngrok.com/docs/ai-gateway/api-reference/overview): the emulator's own AI Gateway key,
// or a key made on `/api-keys`; the main API's key is refused, as a different credential.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { Clock } from "../../clock";
import { pageLimit } from "../api/collections/lists";
import { ApiFailure, notFound } from "../shared/errors";
import { RateLimiter, FaultInjector } from "../shared/faults";
import { ID_BODY } from "../shared/ids";
import { arrival, requestBase, type RecordedRequest } from "../api/server";
import type { Rec, Store } from "../shared/store";
import { isObject, type Json, type JsonObject } from "../shared/validate";
import {
  AI_COLLECTIONS,
  aiApiKeyByToken,
  aiProviderKeys,
  creditBalance,
  gatewayConfigShape,
  patchGatewayConfig,
  rotateProviderKey,
  usageOverview,
  usagePage,
  type AiCollection,
  type AiCtx,
} from "./collections";

export interface AiGatewayApiOptions {
  host: string;
  port: number;
  /** The emulator's ngrok.ai API key. */
  apiKey: string;
  store: Store;
  clock: Clock;
  rateLimit: { limit: number; windowMs: number } | false;
  /** Scripted faults, matched on this API's requests (the same kinds as the main API's). */
  faults: FaultInjector;
  /** Serve https with this certificate and key (PEM), as the main API does with its own. */
  tls?: { cert: string; key: string } | undefined;
}

interface AiReply {
  status: number;
  body?: Json;
  headers?: Record<string, string>;
  mutated?: boolean;
}

/** The error body the API's OpenAPI gives (`Error`): camelCase, `details` of strings. */
function errorBody(failure: ApiFailure, operationId: string): JsonObject {
  const body: JsonObject = { statusCode: failure.status, msg: failure.message, details: { ...failure.details, operationId } };
  if (failure.errorCode !== undefined) body["errorCode"] = failure.errorCode;
  return body;
}

function checkId(id: string, prefix: string): void {
  if (!id.startsWith(`${prefix}_`) || !ID_BODY.test(id.slice(prefix.length + 1))) {
    throw new ApiFailure(400, "ERR_NGROK_227", `Invalid ID '${id}': expected an ID beginning with '${prefix}_'.`);
  }
}

export class AiGatewayApiServer {
  readonly requests: RecordedRequest[] = [];
  private readonly server: Server;
  private readonly limiter: RateLimiter | undefined;
  private baseUrl = "";
  private closed = false;

  constructor(private readonly options: AiGatewayApiOptions) {
    this.limiter = options.rateLimit === false ? undefined : new RateLimiter(options.rateLimit.limit, options.rateLimit.windowMs);
    const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
      this.handle(req, res).catch((err: unknown) => {
        process.stderr.write(`ngrok-emulator (AI Gateway API): ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
      });
    };
    const tls = options.tls;
    this.server = tls === undefined ? createServer({ keepAliveTimeout: 65_000 }, onRequest) : createTlsServer({ keepAliveTimeout: 65_000, cert: tls.cert, key: tls.key }, onRequest);
  }

  get url(): string {
    return this.baseUrl;
  }

  get apiKey(): string {
    return this.options.apiKey;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.options.port, this.options.host, () => {
        this.server.off("error", reject);
        resolve();
      });
    });
    const addr = this.server.address() as AddressInfo;
    const host = addr.family === "IPv6" ? `[${addr.address}]` : addr.address;
    this.baseUrl = `${this.options.tls === undefined ? "http" : "https"}://${host}:${addr.port}`;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const operationId = `op_${this.options.store.ids.nextBody()}`;
    const { method, url, path, record } = arrival(req, operationId, this.options.clock.now());
    this.requests.push(record);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const plan = this.options.faults.plan(method, path);
    if (plan !== undefined && plan.delayMs > 0) await this.options.clock.sleep(plan.delayMs);
    if (plan?.action === "reset-before") return void req.socket.resetAndDestroy();
    if (plan?.action === "status-before") return void (record.status = this.send(res, { status: plan.status, body: errorBody(new ApiFailure(plan.status, undefined, `Injected fault: HTTP ${plan.status}.`), operationId) }, method));
    record.processed = true;
    let reply: AiReply;
    try {
      reply = this.process(req, method, path, url.searchParams, raw);
      if (reply.mutated) this.options.store.save();
    } catch (err) {
      const failure = err instanceof ApiFailure ? err : new ApiFailure(500, undefined, `Internal emulator error: ${err instanceof Error ? err.message : String(err)}`);
      if (!(err instanceof ApiFailure)) process.stderr.write(`ngrok-emulator (AI Gateway API): internal error on ${method} ${path}: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
      reply = { status: failure.status, body: errorBody(failure, operationId), headers: failure.headers };
    }
    if (plan?.action === "reset-after") return void req.socket.resetAndDestroy();
    if (plan?.action === "status-after") reply = { status: plan.status, body: errorBody(new ApiFailure(plan.status, undefined, `Injected fault: HTTP ${plan.status}.`), operationId) };
    record.status = this.send(res, reply, method);
  }

  private send(res: ServerResponse, reply: AiReply, method: string): number {
    const headers: Record<string, string> = { ...(reply.headers ?? {}) };
    let payload = "";
    if (reply.status !== 204 && reply.body !== undefined) {
      payload = JSON.stringify(reply.body);
      headers["content-type"] = "application/json";
    }
    headers["content-length"] = String(Buffer.byteLength(payload));
    res.writeHead(reply.status, headers);
    // HEAD answers the status and headers of GET, without the body.
    res.end(method === "HEAD" ? undefined : payload);
    return reply.status;
  }

  private authenticate(req: IncomingMessage, base: string): { key: string; caller: { id: string; uri: string } } {
    const header = req.headers["authorization"];
    const m = typeof header === "string" ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
    if (m === null) throw new ApiFailure(401, "ERR_NGROK_200", "The AI Gateway API requires an ngrok.ai API key in the Authorization header ('Bearer <key>').");
    const key = m[1]!;
    if (key === this.options.apiKey) return { key, caller: { id: this.options.store.userId, uri: `${base}/users/${this.options.store.userId}` } };
    const made = aiApiKeyByToken(this.options.store, key);
    if (made === undefined) throw new ApiFailure(401, "ERR_NGROK_203", "The ngrok.ai API key is not valid.");
    return { key, caller: { id: made.id, uri: `${base}/api-keys/${made.id}` } };
  }

  private process(req: IncomingMessage, method: string, path: string, query: URLSearchParams, raw: Buffer): AiReply {
    // Links in answers name the address the client used (a production-like host over TLS).
    const base = requestBase(req, this.baseUrl);
    const { key, caller } = this.authenticate(req, base);
    const now = this.options.clock.now();
    if (this.limiter !== undefined && !this.limiter.allow(key, now)) {
      const failure = new ApiFailure(429, "ERR_NGROK_226", `Your account is rate limited to ${this.limiter.limit} AI Gateway API requests per ${Number((this.limiter.windowMs / 1000).toFixed(3))} seconds.`);
      failure.headers["retry-after"] = String(Math.ceil(this.limiter.windowMs / 1000));
      throw failure;
    }
    const ctx: AiCtx = { base, store: this.options.store, now: new Date(now), caller };
    const get = method === "GET" || method === "HEAD";
    const body = method === "POST" || method === "PATCH" ? parseJson(req, raw) : undefined;
    const parts = path.split("/").slice(1);

    if (path === "/gateway-config") {
      if (get) return { status: 200, body: gatewayConfigShape(ctx) };
      if (method === "PATCH") {
        patchGatewayConfig(body!, ctx);
        return { status: 200, body: gatewayConfigShape(ctx), mutated: true };
      }
      throw notAllowed(method);
    }
    if (path === "/usage") return get ? { status: 200, body: usagePage(query, ctx, pageLimit(query)) } : notAllowed(method);
    if (path === "/usage/overview") return get ? { status: 200, body: usageOverview(query, ctx) } : notAllowed(method);
    if (path === "/credits/balance") return get ? { status: 200, body: creditBalance(ctx.store) } : notAllowed(method);
    if (path === "/credits/transactions") return get ? { status: 200, body: { items: [] } } : notAllowed(method);
    if (path === "/credits/checkout-session") {
      if (method !== "POST") throw notAllowed(method);
      throw new ApiFailure(501, undefined, "Buying credits goes through Stripe Checkout, which the emulator does not serve.");
    }

    const def = AI_COLLECTIONS.find((d) => d.path === `/${parts[0]}`);
    if (def === undefined) throw notFound();
    if (parts.length === 1) {
      if (get) return { status: 200, body: this.list(def, query, ctx) };
      if (method === "POST") {
        const { rec, once } = def.create(body!, ctx);
        ctx.store.collection(def.kind).set(rec.id, rec);
        return { status: def.createStatus, body: { ...def.shape(rec, ctx), ...(once ?? {}) }, mutated: true };
      }
      throw notAllowed(method);
    }
    const id = parts[1]!;
    checkId(id, def.prefix);
    const rec = ctx.store.get(def.kind, id);
    if (rec === undefined) throw notFound();
    if (parts.length === 3 && parts[2] === "rotate" && def === aiProviderKeys) {
      if (method !== "POST") throw notAllowed(method);
      return this.change(def, rec, ctx, (draft) => rotateProviderKey(draft, body!, ctx));
    }
    if (parts.length !== 2) throw notFound();
    if (get) return { status: 200, body: def.shape(rec, ctx) };
    if (method === "PATCH") return this.change(def, rec, ctx, (draft) => def.update(draft, body!, ctx));
    if (method === "DELETE") {
      def.beforeDelete?.(rec, ctx);
      ctx.store.collection(def.kind).delete(rec.id);
      return { status: 204, mutated: true };
    }
    throw notAllowed(method);
  }

  /** Applies a change to a copy, so that a refusal halfway leaves the record as it was. */
  private change(def: AiCollection, rec: Rec, ctx: AiCtx, apply: (draft: Rec) => void): AiReply {
    const draft: Rec = { ...rec, data: structuredClone(rec.data) };
    apply(draft);
    rec.data = draft.data;
    return { status: 200, body: def.shape(rec, ctx), mutated: true };
  }

  private list(def: AiCollection, query: URLSearchParams, ctx: AiCtx): JsonObject {
    const limit = pageLimit(query);
    let recs = ctx.store.all(def.kind).reverse();
    if (def.filter !== undefined) recs = recs.filter((r) => def.filter!(r, query));
    const beforeId = query.get("beforeId");
    if (beforeId !== null && beforeId !== "") {
      checkId(beforeId, def.prefix);
      recs = recs.filter((r) => r.id < beforeId);
    }
    const page = recs.slice(0, limit);
    const uri = `${ctx.base}${def.path}`;
    let next: string | null = null;
    if (recs.length > limit) {
      const params = new URLSearchParams({ beforeId: page[page.length - 1]!.id, limit: String(limit) });
      const provider = query.get("provider");
      if (provider !== null && provider !== "") params.set("provider", provider);
      next = `${uri}?${params.toString()}`;
    }
    return { [def.listKey]: page.map((r) => def.shape(r, ctx)), uri, nextPageUri: next };
  }
}

function notAllowed(method: string): never {
  throw new ApiFailure(405, undefined, `Method ${method} is not allowed for this path.`);
}

function parseJson(req: IncomingMessage, raw: Buffer): Json {
  const type = String(req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (raw.length > 0 && type !== "application/json") throw new ApiFailure(415, undefined, "Request bodies must be application/json.");
  const text = raw.toString("utf8");
  if (text.trim() === "") throw new ApiFailure(400, "ERR_NGROK_213", "The request body is required.");
  let parsed: Json;
  try {
    parsed = JSON.parse(text) as Json;
  } catch {
    throw new ApiFailure(400, "ERR_NGROK_213", "The application/json request body could not be parsed.");
  }
  if (!isObject(parsed)) throw new ApiFailure(400, "ERR_NGROK_215", "The request body must be a JSON object.");
  return parsed;
}
