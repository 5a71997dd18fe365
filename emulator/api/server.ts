// The emulated API over node:http: protocol checks (auth, version, rate limit), fault
// injection, routing to the collection definitions, live state and the control paths.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import type { Clock } from "../../clock";
import { ApiFailure, badIdPrefix, badValue, errorBody, methodNotAllowed, notFound } from "../shared/errors";
import { assignUpdate, type CollectionDef, type Ctx, type ModuleDef, type Ref } from "./collection";
import { COLLECTIONS, apiKeyOwner, credentialExists } from "./collections";
import { page } from "./collections/lists";
import { notSupported, unservedPath } from "./collections/unsupported";
import { FaultInjector, RateLimiter, type FaultPlan, type RandomFaultOptions } from "../shared/faults";
import { ID_BODY, rfc3339 } from "../shared/ids";
import { LiveState, type ConnectAgentInput, type TunnelSession } from "./live";
import { Store, type Rec } from "../shared/store";
import { dropNulls, emptyBody, isObject, parseBody, parseWith, type Json, type JsonObject } from "../shared/validate";

export interface ServerOptions {
  port: number;
  host: string;
  apiKey: string;
  rateLimit: { limit: number; windowMs: number } | false;
  /** One window for the account's keys together, refused requests counted (EmulatorOptions.strictRateLimit). */
  strictRateLimit: boolean;
  faults: RandomFaultOptions | undefined;
  statePath: string | undefined;
  /** Domains reserved by other accounts (lower-case). */
  foreignDomains: ReadonlySet<string>;
  /** How long a certificate provisioning job runs on the clock before the certificate is issued. */
  certificateProvisioningMs: number;
  /** Every reading of the time and every wait. */
  clock: Clock;
  /** Serve https with this certificate and key (PEM). */
  tls?: { cert: string; key: string } | undefined;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  /** The query string including "?", or "" (an addition to the agreed interface). */
  query: string;
  /** Status answered; 0 when the connection was reset without an answer. */
  status: number;
  operationId: string;
  /** False when a fault dropped the request before the service handled it. */
  processed: boolean;
  /** When it arrived (ms since the epoch, on the emulator's clock). */
  at: number;
}

/** A request as both APIs' servers log it on arrival: its method, parsed URL and path without trailing slashes. */
export function arrival(req: IncomingMessage, operationId: string, at: number): { method: string; url: URL; path: string; record: RecordedRequest } {
  const method = (req.method ?? "GET").toUpperCase();
  const url = new URL(req.url ?? "/", "http://emulator.invalid");
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  return { method, url, path, record: { method, path, query: url.search, status: 0, operationId, processed: false, at } };
}

interface Reply {
  status: number;
  body?: Json;
  headers?: Record<string, string>;
  /** The state changed: persist it. */
  mutated?: boolean;
}

interface Params {
  [name: string]: string;
}

interface Call {
  params: Params;
  query: URLSearchParams;
  /** Parsed JSON body (undefined for methods without a body). */
  body: Json | undefined;
  ctx: Ctx;
}

interface Route {
  method: string;
  segments: string[];
  handler: (call: Call) => Reply;
  /** Control paths skip faults, rate limits, the version header and the request log. */
  control?: boolean;
}

const CONTROL_PREFIX = "/_emulator/";

/** Collection definitions by kind. */
const DEFS: ReadonlyMap<string, CollectionDef> = new Map(COLLECTIONS.map((d) => [d.kind, d]));
const LIVE_KINDS = ["tunnel_sessions", "tunnels", "endpoints"] as const;

export class EmulatorServer {
  readonly store: Store;
  readonly requests: RecordedRequest[] = [];
  readonly faults: FaultInjector;
  private readonly limiter: RateLimiter | undefined;
  private readonly routes: Route[];
  private readonly server: Server;
  private live!: LiveState;
  private baseUrl = "";
  private closed = false;

  constructor(private readonly options: ServerOptions) {
    this.store = Store.open(options.statePath, () => options.clock.now());
    this.faults = new FaultInjector(options.faults);
    this.limiter = options.rateLimit === false ? undefined : new RateLimiter(options.rateLimit.limit, options.rateLimit.windowMs, options.strictRateLimit);
    this.routes = this.buildRoutes();
    // Idle connections stay open longer than clients keep them (the provider's client: 10 s), so a
    // client never sends on a socket the emulator has just closed as idle.
    const onRequest = (req: IncomingMessage, res: ServerResponse): void => {
      this.handle(req, res).catch((err: unknown) => {
        // Only reached when answering itself failed (the socket is gone): nothing left to tell.
        process.stderr.write(`ngrok-emulator: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
      });
    };
    this.server = options.tls === undefined
      ? createServer({ keepAliveTimeout: 65_000 }, onRequest)
      : createTlsServer({ keepAliveTimeout: 65_000, cert: options.tls.cert, key: options.tls.key }, onRequest);
  }

  get url(): string {
    return this.baseUrl;
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
    this.live = new LiveState({
      baseUrl: this.baseUrl,
      newId: (prefix) => this.store.ids.next(prefix),
      now: () => new Date(this.options.clock.now()),
      credentialExists: (id) => credentialExists(this.store, id),
      credentialOwner: (id) => {
        const owner = (this.store.get("credentials", id) ?? this.store.get("ssh_credentials", id))?.data["owner_id"];
        return typeof owner === "string" ? owner : undefined;
      },
    });
    if (this.store.live !== undefined) this.live.restore(this.store.live);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      // Idle keep-alive connections would hold close() open forever.
      this.server.closeAllConnections();
    });
    this.store.save();
  }

  /** Connects a simulated agent (also served at POST /_emulator/agents). */
  connectAgent(input: ConnectAgentInput): TunnelSession {
    const session = this.live.connectAgent(input);
    this.persistLive();
    return session;
  }

  /** Finishes running agent updates at once instead of after 10 s. */
  completeAgentUpdates(): void {
    this.live.completeUpdates();
    this.persistLive();
  }

  /** API shapes of a collection, oldest first; `kind` is a kind name or a path such as "backends/failover". */
  resources(kind: string): JsonObject[] {
    const name = kind.replace(/^\/+/, "");
    const stored = DEFS.get(name);
    if ((LIVE_KINDS as readonly string[]).includes(name)) {
      // Cloud endpoints are stored; the agents' endpoints are live: oldest first, together.
      const ctx = this.ctx();
      const all = [...this.liveList(name), ...(stored ? this.store.all(stored.kind).map((rec) => stored.shape(rec, ctx)) : [])];
      return all.sort((a, b) => (String(a["id"]) < String(b["id"]) ? -1 : String(a["id"]) > String(b["id"]) ? 1 : 0));
    }
    const def = DEFS.get(name) ?? COLLECTIONS.find((d) => d.path.slice(1) === name);
    if (def === undefined) {
      throw new Error(`Unknown resource kind '${kind}'; known: ${[...DEFS.keys(), ...LIVE_KINDS].join(", ")}`);
    }
    const ctx = this.ctx();
    return this.store.all(def.kind).map((rec) => def.shape(rec, ctx));
  }

  // -------------------------------------------------------------------------------------
  // Request handling

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const operationId = `op_${this.store.ids.nextBody()}`;
    const { method, url, path, record } = arrival(req, operationId, this.options.clock.now());
    const control = path.startsWith(CONTROL_PREFIX);
    if (!control) this.requests.push(record);

    const raw = await readBody(req);
    if (method === "OPTIONS" && !control) {
      // A browser's CORS preflight carries no credentials: answered before auth, never faulted or counted.
      record.processed = true;
      record.status = this.send(res, { status: 204, headers: preflightHeaders(req) }, operationId, req);
      return;
    }
    const plan: FaultPlan | undefined = control ? undefined : this.faults.plan(method, path);
    if (plan !== undefined && plan.delayMs > 0) await this.options.clock.sleep(plan.delayMs);
    if (this.closed) {
      res.socket?.destroy();
      return;
    }
    if (plan?.action === "reset-before") {
      reset(req);
      return;
    }
    if (plan?.action === "status-before") {
      record.status = this.send(res, this.faultReply(plan), operationId, req);
      return;
    }

    record.processed = true;
    const reply = this.process(req, method, path, url.searchParams, raw, control);
    if (plan?.action === "reset-after") {
      reset(req);
      return;
    }
    if (plan?.action === "status-after") {
      record.status = this.send(res, this.faultReply(plan), operationId, req);
      return;
    }
    record.status = this.send(res, reply, operationId, req);
  }

  /** Runs one request against the state; never throws. */
  private process(req: IncomingMessage, method: string, path: string, query: URLSearchParams, raw: Buffer, control: boolean): Reply {
    try {
      const { key, caller } = this.authenticate(req);
      if (!control) {
        // The emulator serves one account: under the strict rule all its keys share one window.
        const counted = this.options.strictRateLimit ? "account" : key;
        if (this.limiter !== undefined && !this.limiter.allow(counted, this.options.clock.now())) {
          throw rateLimited(this.limiter.limit, this.limiter.windowMs);
        }
        checkVersion(req);
      }
      const { route, params } = this.match(method, path);
      const takesBody = method === "POST" || method === "PATCH" || method === "PUT";
      if (!control) checkBodyFraming(req, method, raw, takesBody);
      const body = takesBody ? parseJson(raw) : undefined;
      const reply = route.handler({ params, query, body, ctx: this.ctx(requestBase(req, this.baseUrl), caller) });
      if (reply.mutated) this.store.save();
      return reply;
    } catch (err) {
      if (err instanceof ApiFailure) return { status: err.status, body: errorBody(err, "") as unknown as Json, headers: err.headers };
      process.stderr.write(`ngrok-emulator: internal error on ${method} ${path}: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
      const failure = new ApiFailure(500, undefined, `Internal emulator error: ${err instanceof Error ? err.message : String(err)}`);
      return { status: 500, body: errorBody(failure, "") as unknown as Json };
    }
  }

  private faultReply(plan: FaultPlan): Reply {
    let failure: ApiFailure;
    if (plan.status === 429) {
      const limit = this.limiter ?? new RateLimiter(120, 60_000);
      failure = rateLimited(limit.limit, limit.windowMs);
    } else {
      const messages: Record<number, string> = {
        500: "An internal server error occurred.",
        502: "Bad gateway.",
        503: "The service is temporarily unavailable.",
        504: "Gateway timeout.",
      };
      failure = new ApiFailure(plan.status, undefined, messages[plan.status] ?? `Injected fault: HTTP ${plan.status}.`);
    }
    const headers: Record<string, string> = {};
    if (plan.retryAfterSeconds !== undefined) headers["retry-after"] = String(plan.retryAfterSeconds);
    return { status: plan.status, body: errorBody(failure, "") as unknown as Json, headers };
  }

  /** Writes a reply; the error body's operation id is filled in here. Returns the status. */
  private send(res: ServerResponse, reply: Reply, operationId: string, req: IncomingMessage): number {
    const headers: Record<string, string> = { "ngrok-operation-id": operationId, ...corsHeaders(req), ...(reply.headers ?? {}) };
    let payload = "";
    if (reply.status !== 204 && reply.body !== undefined) {
      const body = reply.body;
      if (isObject(body) && isObject(body["details"]) && body["details"]["operation_id"] === "") {
        body["details"]["operation_id"] = operationId;
      }
      payload = JSON.stringify(body);
      headers["content-type"] = "application/json";
    }
    headers["content-length"] = String(Buffer.byteLength(payload));
    res.writeHead(reply.status, headers);
    res.end(payload);
    return reply.status;
  }

  /** The bearer token, and whom it authenticates as: the emulator's key is the account's user; a key made on /api_keys, its owner. */
  private authenticate(req: IncomingMessage): { key: string; caller: string } {
    const header = req.headers["authorization"];
    if (header === undefined || header === "") {
      throw new ApiFailure(403, "ERR_NGROK_200", "The ngrok API requires that you set the Authorization header for authentication. Your API keys and instructions are available on your dashboard: https://dashboard.ngrok.com/api-keys");
    }
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (m === null) {
      throw new ApiFailure(403, "ERR_NGROK_202", "The Authorization header is malformed: expected 'Bearer <API key>'.");
    }
    const key = m[1]!;
    if (key === this.options.apiKey) return { key, caller: this.store.userId };
    const owner = apiKeyOwner(this.store, key);
    if (owner === undefined) throw new ApiFailure(403, "ERR_NGROK_203", "The API key is not valid.");
    return { key, caller: owner };
  }

  private match(method: string, path: string): { route: Route; params: Params } {
    const parts = path.split("/").slice(1);
    let pathMatched = false;
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts);
      if (params === undefined) continue;
      pathMatched = true;
      if (route.method === method) return { route, params };
    }
    if (pathMatched) throw methodNotAllowed(method);
    const unserved = unservedPath(path);
    if (unserved !== undefined) throw notSupported(`'${method} ${unserved}'`);
    throw notFound();
  }

  // -------------------------------------------------------------------------------------
  // Context given to definitions

  /** `base`: the address the client used (a proxy's), which every `uri` and `next_page_uri` starts with. */
  private ctx(base = this.baseUrl, caller = this.store.userId): Ctx {
    const store = this.store;
    const uriOf = (kind: string, rec: Rec): string => {
      const def = DEFS.get(kind);
      if (def === undefined) return `${base}/${kind}/${rec.id}`;
      const path = def.parent ? def.path.replace(`{${def.parent.param}}`, rec.parent_id ?? "") : def.path;
      return def.relativeUri ? `${path}/${rec.id}` : `${base}${path}/${rec.id}`;
    };
    const ctx: Ctx = {
      base,
      store,
      caller,
      foreignDomains: this.options.foreignDomains,
      certificateProvisioningMs: this.options.certificateProvisioningMs,
      now: new Date(this.options.clock.now()),
      uriOf,
      ref(kind: string, id: string): Ref {
        const rec = store.get(kind, id);
        if (rec === undefined) throw notFound();
        return { id: rec.id, uri: uriOf(kind, rec) };
      },
      onlineTunnels: () => this.live.listTunnels(),
      agentEndpoints: () => this.live.listEndpoints() as unknown as JsonObject[],
      shapeOf(kind: string, rec: Rec): JsonObject {
        const def = DEFS.get(kind);
        if (def === undefined) throw new Error(`unknown kind ${kind}`);
        return def.shape(rec, ctx);
      },
    };
    return ctx;
  }

  // -------------------------------------------------------------------------------------
  // Routes

  private buildRoutes(): Route[] {
    const routes: Route[] = [];
    const add = (method: string, path: string, handler: (call: Call) => Reply, control = false): void => {
      routes.push({ method, segments: path.split("/").slice(1), handler, control });
    };

    for (const def of COLLECTIONS) {
      const item = `${def.path}/{id}`;
      if (def.create !== undefined && def.createSchema !== undefined) add("POST", def.path, (c) => this.create(def, c));
      if (def.listKey !== undefined) add("GET", def.path, (c) => this.list(def, c));
      add("GET", item, (c) => {
        // Items the collection shares its path with (the agents' endpoints beside cloud endpoints).
        const shared = def.sharedItems?.(c.ctx).find((i) => i["id"] === c.params["id"]);
        return { status: 200, body: shared ?? def.shape(this.lookup(def, c), c.ctx) };
      });
      if (def.updateSchema !== undefined) add("PATCH", item, (c) => this.update(def, c));
      if (def.deletable !== false) add("DELETE", item, (c) => this.remove(def, c));
      for (const mod of def.modules ?? []) {
        const modPath = `${item}/${mod.name}`;
        add("PUT", modPath, (c) => this.putModule(def, mod, c));
        add("GET", modPath, (c) => {
          const stored = this.lookup(def, c).modules[mod.name];
          if (stored === undefined) throw notFound();
          return { status: 200, body: mod.shape(stored, c.ctx) };
        });
        add("DELETE", modPath, (c) => {
          const rec = this.lookup(def, c);
          // Idempotent: removing a module that is not set is still a success.
          const had = rec.modules[mod.name] !== undefined;
          delete rec.modules[mod.name];
          return { status: 204, mutated: had };
        });
      }
      for (const route of def.itemRoutes ?? []) {
        add(route.method, `${item}/${route.path}`, (c) => route.handle(this.lookup(def, c), { params: c.params, body: c.body, query: c.query }, c.ctx));
      }
    }

    // Live state: read-only views and agent commands.
    const liveItem = (prefix: string, get: (id: string) => unknown) => (c: Call): Reply => {
      const id = c.params["id"] ?? "";
      checkPrefix(id, prefix);
      return { status: 200, body: get(id) as JsonObject };
    };
    for (const [path, prefix] of [
      ["/tunnel_sessions", "ts"],
      ["/tunnels", "tn"],
    ] as const) {
      const key = path.slice(1);
      add("GET", path, (c) => ({ status: 200, body: page(this.liveList(key), key, { path, base: c.ctx.base, prefix, query: c.query, now: c.ctx.now }) }));
    }
    add("GET", "/tunnel_sessions/{id}", liveItem("ts", (id) => this.live.getSession(id)));
    add("GET", "/tunnels/{id}", liveItem("tn", (id) => this.live.getTunnel(id)));
    for (const command of ["restart", "stop", "update"] as const) {
      add("POST", `/tunnel_sessions/{id}/${command}`, (c) => {
        const id = c.params["id"] ?? "";
        checkPrefix(id, "ts");
        parseBody(emptyBody, c.body);
        if (command === "restart") this.live.restart(id);
        else if (command === "stop") this.live.stop(id);
        else this.live.update(id);
        this.persistLive();
        return { status: 204 };
      });
    }

    // Control paths of the emulator itself (not part of the API).
    add(
      "POST",
      "/_emulator/agents",
      (c) => {
        const input = isObject(c.body) ? c.body : {};
        return { status: 201, body: this.connectAgent(input as unknown as ConnectAgentInput) as unknown as JsonObject };
      },
      true,
    );
    add(
      "POST",
      "/_emulator/agent_updates/complete",
      () => {
        this.completeAgentUpdates();
        return { status: 204 };
      },
      true,
    );
    add("GET", "/_emulator/health", () => ({ status: 200, body: { ok: true, url: this.baseUrl } }), true);
    return routes;
  }

  private liveList(key: string): JsonObject[] {
    const items = key === "tunnel_sessions" ? this.live.listSessions() : key === "tunnels" ? this.live.listTunnels() : this.live.listEndpoints();
    return items as unknown as JsonObject[];
  }

  private persistLive(): void {
    this.store.live = this.live.snapshot();
    this.store.save();
  }

  /** The record named by the path (`{id}`, and `{parent}` for sub-collections); 400/404 otherwise. */
  private lookup(def: CollectionDef, c: Call): Rec {
    const parent = this.parentOf(def, c);
    const id = c.params["id"] ?? "";
    checkPrefix(id, def.prefix, def.formerPrefixes);
    const rec = this.store.get(def.kind, id);
    if (rec === undefined || (parent !== undefined && rec.parent_id !== parent.id)) throw notFound();
    return rec;
  }

  private parentOf(def: CollectionDef, c: Call): Rec | undefined {
    if (def.parent === undefined) return undefined;
    const parentDef = DEFS.get(def.parent.kind)!;
    const parentId = c.params[def.parent.param] ?? "";
    checkPrefix(parentId, parentDef.prefix);
    const parent = this.store.get(parentDef.kind, parentId);
    if (parent === undefined) throw notFound();
    return parent;
  }

  private create(def: CollectionDef, c: Call): Reply {
    const parent = this.parentOf(def, c);
    const input = parseBody(def.createSchema!, c.body) as JsonObject;
    const result = def.create!(input, c.ctx, parent);
    const rec: Rec = {
      id: this.store.ids.next(def.prefix),
      created_at: rfc3339(c.ctx.now),
      data: result.data,
      modules: result.modules ?? {},
    };
    if (parent !== undefined) rec.parent_id = parent.id;
    this.store.collection(def.kind).set(rec.id, rec);
    result.then?.(rec);
    return { status: 201, body: { ...def.shape(rec, c.ctx), ...(result.once ?? {}) }, mutated: true };
  }

  private update(def: CollectionDef, c: Call): Reply {
    const rec = this.lookup(def, c);
    const body = dropNulls(c.body ?? {});
    if (isObject(body) && body["id"] !== undefined) {
      // Some clients echo the id in the body; a matching one is tolerated.
      if (body["id"] !== rec.id) throw badValue(`The 'id' in the body ('${String(body["id"])}') does not match the path ('${rec.id}').`);
      delete body["id"];
    }
    const input = parseWith(def.updateSchema!, body) as JsonObject;
    for (const key of def.nullClears ?? []) if (isObject(c.body) && c.body[key] === null) input[key] = null;
    // Validate on a copy so that a failure halfway leaves the stored record untouched.
    const draft: Rec = { ...rec, data: structuredClone(rec.data), modules: rec.modules };
    if (def.update !== undefined) def.update(draft, input, c.ctx);
    else assignUpdate(draft, input);
    rec.data = draft.data;
    return { status: 200, body: def.shape(rec, c.ctx), mutated: true };
  }

  private remove(def: CollectionDef, c: Call): Reply {
    const rec = this.lookup(def, c);
    def.beforeDelete?.(rec, c.ctx);
    this.store.collection(def.kind).delete(rec.id);
    return { status: 204, mutated: true };
  }

  private list(def: CollectionDef, c: Call): Reply {
    const parent = this.parentOf(def, c);
    const recs = this.store
      .all(def.kind)
      .filter((r) => parent === undefined || r.parent_id === parent.id)
      .reverse();
    const path = def.parent ? def.path.replace(`{${def.parent.param}}`, parent?.id ?? "") : def.path;
    const items = recs.map((r) => def.shape(r, c.ctx));
    const shared = def.sharedItems?.(c.ctx);
    if (shared?.length) {
      items.push(...shared);
      items.sort((a, b) => (String(a["id"]) < String(b["id"]) ? 1 : String(a["id"]) > String(b["id"]) ? -1 : 0));
    }
    return { status: 200, body: page(items, def.listKey!, { path, base: c.ctx.base, prefix: def.prefix, query: c.query, now: c.ctx.now }) };
  }

  private putModule(def: CollectionDef, mod: ModuleDef, c: Call): Reply {
    const rec = this.lookup(def, c);
    const stored = mod.put(c.body ?? {}, c.ctx, rec);
    rec.modules[mod.name] = stored;
    return { status: 200, body: mod.shape(stored, c.ctx), mutated: true };
  }
}

// ---------------------------------------------------------------------------------------
// Helpers

function matchSegments(pattern: string[], parts: string[]): Params | undefined {
  if (pattern.length !== parts.length) return undefined;
  const params: Params = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i]!;
    const v = parts[i]!;
    if (p.startsWith("{") && p.endsWith("}")) {
      if (v === "") return undefined;
      try {
        params[p.slice(1, -1)] = decodeURIComponent(v);
      } catch {
        return undefined; // a malformed %-escape names nothing: 404
      }
    } else if (p !== v) return undefined;
  }
  return params;
}

/** Ids are `<prefix>_<27 base62>`: another prefix or a malformed body is 400 ERR_NGROK_227, not 404. */
function checkPrefix(id: string, current: string, former: readonly string[] = []): void {
  const prefix = [current, ...former].find((p) => id.startsWith(`${p}_`));
  if (prefix === undefined) throw badIdPrefix(id, current);
  if (!ID_BODY.test(id.slice(prefix.length + 1))) {
    throw new ApiFailure(400, "ERR_NGROK_227", `Invalid ID '${id}': expected '${prefix}_' followed by 27 letters and digits.`);
  }
}

/** The advice ngrok's error reference pages end ERR_NGROK_211 and 213 with. */
const CHECK_CLIENT = "Check your API client implementation and review the API documentation: https://ngrok.com/docs/api-reference/.";

function checkVersion(req: IncomingMessage): void {
  // The spec's generic name and the real header are both accepted.
  const raw = req.headers["ngrok-version"] ?? req.headers["service-version"];
  const version = Array.isArray(raw) ? raw[0] : raw;
  if (version === undefined || version.trim() === "") {
    throw new ApiFailure(400, "ERR_NGROK_218", "Your request has not specified an API version. Include the version you wish to use in the Ngrok-Version header. Supported versions: 2.");
  }
  if (version.trim() !== "2") {
    throw new ApiFailure(400, "ERR_NGROK_217", `The provided API version '${version}' is invalid or unsupported. Supported versions: 2. Check your API client implementation.`);
  }
}

function rateLimited(limit: number, windowMs: number): ApiFailure {
  // Whole seconds as the service words it; short test windows keep their fraction.
  const seconds = Number((windowMs / 1000).toFixed(3));
  return new ApiFailure(429, "ERR_NGROK_226", `Your account is rate limited to ${limit} API requests per ${seconds} seconds.`);
}

function parseJson(raw: Buffer): Json {
  const text = raw.toString("utf8");
  // An empty body is read as {} (agent commands are often sent without one).
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // ERR_NGROK_213: the code the real service gives a body it cannot decode (ngrok-api-typescript#23).
    throw new ApiFailure(400, "ERR_NGROK_213", `The application/json request body could not be parsed. ${CHECK_CLIENT}`);
  }
  if (!isObject(parsed as Json)) throw badValue("The request body must be a JSON object.");
  return parsed as Json;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Drops the connection with a TCP reset, as a crashed server or a broken proxy would. */
function reset(req: IncomingMessage): void {
  req.socket.resetAndDestroy();
}


// ---------------------------------------------------------------------------------------
// Transport rules of the API overview (https://ngrok.com/docs/api) and its error reference

/**
 * Request bodies must be JSON: a body without a Content-Type is ERR_NGROK_216, one of another
 * type ERR_NGROK_210, and a body on a method that takes none (GET, DELETE) ERR_NGROK_211.
 */
function checkBodyFraming(req: IncomingMessage, method: string, raw: Buffer, takesBody: boolean): void {
  if (raw.length === 0) return;
  if (!takesBody) {
    throw new ApiFailure(400, "ERR_NGROK_211", `The ${method} request you made does not expect a body, but you provided one. ${CHECK_CLIENT}`);
  }
  const type = req.headers["content-type"];
  if (type === undefined || type.trim() === "") {
    throw new ApiFailure(400, "ERR_NGROK_216", "You did not provide a Content-Type with your request. Check your API client implementation and use one of the supported content types: https://ngrok.com/docs/api#content-types");
  }
  const mediaType = type.split(";")[0]!.trim().toLowerCase();
  if (mediaType !== "application/json") {
    throw new ApiFailure(400, "ERR_NGROK_210", `The content type you specified '${mediaType}' is not supported by the API. Check your API client implementation and see the list of supported content types: https://ngrok.com/docs/api#content-types`);
  }
}

/**
 * The address the client used, which links in answers (`uri`, `next_page_uri`) start with: the
 * proxy's own `Forwarded` / `X-Forwarded-Host` / `X-Forwarded-Proto`, else the `Host` header,
 * else the emulator's listening address.
 */
export function requestBase(req: IncomingMessage, fallback: string): string {
  const first = (v: string | string[] | undefined): string | undefined => {
    const s = Array.isArray(v) ? v[0] : v;
    const t = s?.split(",")[0]?.trim();
    return t === undefined || t === "" ? undefined : t;
  };
  let host: string | undefined;
  let proto: string | undefined;
  const forwarded = first(req.headers["forwarded"]);
  if (forwarded !== undefined) {
    for (const pair of forwarded.split(";")) {
      const [k, v] = pair.split("=", 2).map((x) => x.trim());
      const value = v?.replace(/^"(.*)"$/, "$1");
      if (k?.toLowerCase() === "host" && value) host = value;
      if (k?.toLowerCase() === "proto" && value) proto = value.toLowerCase();
    }
  }
  host ??= first(req.headers["x-forwarded-host"]) ?? first(req.headers["host"]);
  proto ??= first(req.headers["x-forwarded-proto"])?.toLowerCase();
  // Only a plausible host[:port] names the address; anything else keeps the listening one.
  if (host === undefined || !/^(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::[0-9]{1,5})?$/.test(host)) return fallback;
  const scheme = proto === "https" || proto === "http" ? proto : new URL(fallback).protocol.slice(0, -1);
  return `${scheme}://${host}`;
}

const CORS_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";
const CORS_HEADERS = "Authorization, Content-Type, Ngrok-Version";

/** CORS on every answer to a browser (a request with an Origin), so that it may read the answer. */
function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers["origin"];
  if (origin === undefined || origin === "") return {};
  return { "access-control-allow-origin": origin, "access-control-expose-headers": "Ngrok-Operation-Id", vary: "Origin" };
}

/** The answer to a CORS preflight: which methods and headers a browser may send. */
function preflightHeaders(req: IncomingMessage): Record<string, string> {
  const asked = req.headers["access-control-request-headers"];
  return {
    "access-control-allow-methods": CORS_METHODS,
    "access-control-allow-headers": typeof asked === "string" && asked !== "" ? asked : CORS_HEADERS,
    "access-control-max-age": "600",
  };
}
