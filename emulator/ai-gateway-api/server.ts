// The AI Gateway API (https://api.ngrok.ai) on a listener of its own: a client configured with
// this base URL sends the paths ngrok's OpenAPI description gives (`/providers`, `/access-keys`,
// ...) exactly as it would to api.ngrok.ai, so an `NGROK_AI_GATEWAY_API_BASE_URL` pointing here
// stands for the real host with nothing rewritten. It shares the emulator's store (state file,
// ids, clock) but not the main API's protocol: no Ngrok-Version header, camelCase bodies, errors
// `{statusCode, msg, errorCode, details}`, pages by `beforeId`/`limit` and `nextPageUri`.
// Authentication is an ngrok.ai API key, as ngrok's AI Gateway API overview says
// (https://ngrok.com/docs/ai-gateway/api-reference/overview): the emulator's own AI Gateway key,
// or a key made on `/api-keys`; the main API's key is refused, as a different credential.
import type { IncomingMessage } from "node:http";
import type { Clock } from "../../clock";
import { ApiListener, type ApiReply, type ApiRequest } from "../shared/api-listener";
import { changeRecord, deleteRecord, newestFirst, shapes, storeRecord } from "../shared/collection";
import { ApiFailure, notFound } from "../shared/errors";
import type { FaultInjector } from "../shared/faults";
import { bearerToken, jsonBody, mediaType, type RecordedRequest } from "../shared/http";
import { ID_BODY } from "../shared/ids";
import { pageLimit } from "../shared/paging";
import type { Rec, Store } from "../shared/store";
import type { Json, JsonObject } from "../shared/validate";
import {
  AI_COLLECTIONS,
  aiApiKeyByToken,
  aiProviderKeys,
  creditBalance,
  gatewayConfigShape,
  patchGatewayConfig,
  rotateProviderKey,
  setCreditBalance,
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

type AiReply = ApiReply;

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

type Caller = { id: string; uri: string };

export class AiGatewayApiServer {
  private readonly listener: ApiListener<Caller>;

  constructor(private readonly options: AiGatewayApiOptions) {
    const injected = (status: number, operationId: string): AiReply => ({ status, body: errorBody(new ApiFailure(status, undefined, `Injected fault: HTTP ${status}.`), operationId) });
    this.listener = new ApiListener<Caller>(options, {
      label: "ngrok-emulator (AI Gateway API)",
      authenticate: (request, base) => this.authenticate(request, base),
      rateLimited: (limit, windowMs) => {
        const failure = new ApiFailure(429, "ERR_NGROK_226", `Your account is rate limited to ${limit} AI Gateway API requests per ${Number((windowMs / 1000).toFixed(3))} seconds.`);
        failure.headers["retry-after"] = String(Math.ceil(windowMs / 1000));
        return failure;
      },
      process: (request, base, caller) => this.process(request, base, caller),
      failure: (failure, operationId) => ({ status: failure.status, body: errorBody(failure, operationId), headers: failure.headers }),
      fault: (plan, operationId) => injected(plan.status, operationId),
    });
  }

  get url(): string {
    return this.listener.url;
  }

  get apiKey(): string {
    return this.options.apiKey;
  }

  /** Every request it received, in order. */
  get requests(): RecordedRequest[] {
    return this.listener.requests;
  }

  async listen(): Promise<void> {
    await this.listener.listen();
  }

  /** Sets the credit balance `/credits/balance` answers and the AI gateway spends. */
  setCreditBalance(cents: number): void {
    setCreditBalance(this.options.store, cents, new Date(this.options.clock.now()));
    this.options.store.save();
  }

  /** A collection's records by path ("provider-keys") or store kind ("aigw_provider_keys"), in this API's shapes, oldest first; undefined for a name of neither. */
  resources(kind: string): JsonObject[] | undefined {
    const name = kind.replace(/^\/+/, "");
    const def = AI_COLLECTIONS.find((d) => d.path === `/${name}` || d.kind === name);
    if (def === undefined) return undefined;
    const store = this.options.store;
    return shapes(def, { base: this.url, store, now: new Date(this.options.clock.now()), caller: { id: store.userId, uri: "" } });
  }

  async close(): Promise<void> {
    await this.listener.close();
  }

  private authenticate(request: ApiRequest, base: string): { key: string; caller: Caller } {
    const key = bearerToken(request.req);
    if (typeof key !== "string") throw new ApiFailure(401, "ERR_NGROK_200", "The AI Gateway API requires an ngrok.ai API key in the Authorization header ('Bearer <key>').");
    if (key === this.options.apiKey) return { key, caller: { id: this.options.store.userId, uri: `${base}/users/${this.options.store.userId}` } };
    const made = aiApiKeyByToken(this.options.store, key);
    if (made === undefined) throw new ApiFailure(401, "ERR_NGROK_203", "The ngrok.ai API key is not valid.");
    return { key, caller: { id: made.id, uri: `${base}/api-keys/${made.id}` } };
  }

  /** Runs one request the listener let through; throws its refusal. */
  private process(request: ApiRequest, base: string, caller: Caller): AiReply {
    const { req, method, path, raw } = request;
    const query = request.url.searchParams;
    const ctx: AiCtx = { base, store: this.options.store, now: new Date(this.options.clock.now()), caller };
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
    const unshaped = UNSHAPED.find((u) => u.method === method && u.path.test(path));
    if (unshaped !== undefined) {
      throw new ApiFailure(501, undefined, `ngrok's API reference gives ${unshaped.operation} no response schema yet (${unshaped.page}): the emulator does not serve it.`);
    }

    const def = AI_COLLECTIONS.find((d) => d.path === `/${parts[0]}`);
    if (def === undefined) throw notFound();
    if (parts.length === 1) {
      if (get) return { status: 200, body: this.list(def, query, ctx) };
      if (method === "POST") {
        const { rec, once } = def.create(body!, ctx);
        storeRecord(ctx.store, def.kind, rec);
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
      deleteRecord(def, rec, ctx);
      return { status: 204, mutated: true };
    }
    throw notAllowed(method);
  }

  private change(def: AiCollection, rec: Rec, ctx: AiCtx, apply: (draft: Rec) => void): AiReply {
    changeRecord(rec, apply);
    return { status: 200, body: def.shape(rec, ctx), mutated: true };
  }

  private list(def: AiCollection, query: URLSearchParams, ctx: AiCtx): JsonObject {
    const limit = pageLimit(query);
    let recs = newestFirst(ctx.store, def.kind);
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

/**
 * Operations ngrok's AI Gateway API reference lists with a request example but no response schema
 * (its pages under https://ngrok.com/docs/ai-gateway/api-reference/): answered 501, saying so,
 * rather than with a shape the emulator would invent. A client pointed here learns the path is
 * known, and what is missing.
 */
const UNSHAPED: readonly { method: string; path: RegExp; operation: string; page: string }[] = [
  { method: "POST", path: /^\/credits\/purchases$/, operation: "POST /credits/purchases", page: "https://ngrok.com/docs/ai-gateway/api-reference/credits/purchase-create" },
  { method: "GET", path: /^\/credits\/purchases\/[^/]+$/, operation: "GET /credits/purchases/{id}", page: "https://ngrok.com/docs/ai-gateway/api-reference/credits/purchase-get" },
  { method: "GET", path: /^\/v1\/models$/, operation: "GET /v1/models", page: "https://ngrok.com/docs/ai-gateway/api-reference/models/list" },
  { method: "GET", path: /^\/usage\/requests\/[^/]+$/, operation: "GET /usage/requests/{requestId}", page: "https://ngrok.com/docs/ai-gateway/api-reference/usage/request-attempts" },
];

function notAllowed(method: string): never {
  throw new ApiFailure(405, undefined, `Method ${method} is not allowed for this path.`);
}

function parseJson(req: IncomingMessage, raw: Buffer): Json {
  if (raw.length > 0 && mediaType(req) !== "application/json") throw new ApiFailure(415, undefined, "Request bodies must be application/json.");
  const body = jsonBody(raw);
  switch (body.kind) {
    case "empty":
      throw new ApiFailure(400, "ERR_NGROK_213", "The request body is required.");
    case "not-json":
      throw new ApiFailure(400, "ERR_NGROK_213", "The application/json request body could not be parsed.");
    case "not-object":
      throw new ApiFailure(400, "ERR_NGROK_215", "The request body must be a JSON object.");
    case "object":
      return body.value;
  }
}
