// api.ngrok.com as the emulator serves it: its protocol (auth, version, rate limit, CORS, ngrok's
// error body), routing to the collection definitions, live state and the control paths, on the
// request cycle both APIs share (shared/api-listener.ts).
import type { IncomingMessage } from "node:http";
import type { Clock } from "../../clock";
import { ApiListener, type ApiProtocol, type ApiReply, type ApiRequest } from "../shared/api-listener";
import { changeRecord, deleteRecord, newestFirst, newRecord, shapes, storeRecord } from "../shared/collection";
import { ApiFailure, badIdPrefix, badValue, errorBody, methodNotAllowed, notFound } from "../shared/errors";
import { assignUpdate, type CollectionDef, type Ctx, type ModuleDef, type Ref } from "./collection";
import { COLLECTIONS, apiKeyOwner, credentialExists, recordSignIn } from "./collections";
import { page } from "./collections/lists";
import { notSupported, unservedPath } from "./collections/unsupported";
import type { FaultInjector, FaultPlan } from "../shared/faults";
import { bearerToken, jsonBody, mediaType, type RecordedRequest } from "../shared/http";
import { ID_BODY } from "../shared/ids";
import type { GatewayAccount } from "../gateway/server";
import { certificateAuthorityPem, cloudEndpoints, ipPolicyCidrs, vaultSecrets } from "./gateway-account";
import { LiveState, type ConnectAgentInput, type TunnelSession } from "./live";
import type { Rec, Store } from "../shared/store";
import { dropNulls, emptyBody, isObject, parseBody, parseWith, type Json, type JsonObject } from "../shared/validate";

export interface ServerOptions {
  port: number;
  host: string;
  apiKey: string;
  rateLimit: { limit: number; windowMs: number } | false;
  /** One window for the account's keys together, refused requests counted (EmulatorOptions.strictRateLimit). */
  strictRateLimit: boolean;
  /** The account's state, which every service of the emulator shares. */
  store: Store;
  faults: FaultInjector;
  /** Domains reserved by other accounts (lower-case). */
  foreignDomains: ReadonlySet<string>;
  /** How long a certificate provisioning job runs on the clock before the certificate is issued. */
  certificateProvisioningMs: number;
  /** Every reading of the time and every wait. */
  clock: Clock;
  /** Serve https with this certificate and key (PEM). */
  tls?: { cert: string; key: string } | undefined;
}

type Reply = ApiReply;

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

export class ApiServer {
  readonly store: Store;
  private readonly listener: ApiListener<string>;
  private readonly routes: Route[];
  private live!: LiveState;

  constructor(private readonly options: ServerOptions) {
    this.store = options.store;
    this.routes = this.buildRoutes();
    this.listener = new ApiListener(options, this.protocol());
  }

  get url(): string {
    return this.listener.url;
  }

  /** Every API request received, in order (faulted ones included). */
  get requests(): RecordedRequest[] {
    return this.listener.requests;
  }

  async listen(): Promise<void> {
    await this.listener.listen();
    this.live = new LiveState({
      baseUrl: this.url,
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
    await this.listener.close();
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

  /** What the Traffic Policy gateway reads of the account, and where it records sign-ins (application users and sessions). */
  gatewayAccount(): GatewayAccount {
    const store = this.store;
    return {
      cloudEndpoints: () => cloudEndpoints(store),
      agentEndpoints: () =>
        this.resources("tunnels").flatMap((t) => (typeof t["public_url"] === "string" && typeof t["forwards_to"] === "string" ? [{ url: t["public_url"], forwardsTo: t["forwards_to"] }] : [])),
      ipPolicy: (id) => ipPolicyCidrs(store, id),
      certificateAuthority: (id) => certificateAuthorityPem(store, id),
      secrets: vaultSecrets(store),
      signIn: (signIn) => {
        const signedIn = recordSignIn(store, new Date(this.options.clock.now()), signIn);
        store.save();
        return signedIn;
      },
    };
  }

  /** API shapes of a collection, oldest first; `kind` is a kind name or a path such as "backends/failover". */
  resources(kind: string): JsonObject[] {
    const name = kind.replace(/^\/+/, "");
    const stored = DEFS.get(name);
    if ((LIVE_KINDS as readonly string[]).includes(name)) {
      // Cloud endpoints are stored; the agents' endpoints are live: oldest first, together.
      const ctx = this.ctx();
      const all = [...this.liveList(name), ...(stored ? shapes(stored, ctx) : [])];
      return all.sort((a, b) => (String(a["id"]) < String(b["id"]) ? -1 : String(a["id"]) > String(b["id"]) ? 1 : 0));
    }
    const def = DEFS.get(name) ?? COLLECTIONS.find((d) => d.path.slice(1) === name);
    if (def === undefined) {
      throw new Error(`Unknown resource kind '${kind}'; known: ${[...DEFS.keys(), ...LIVE_KINDS].join(", ")}`);
    }
    return shapes(def, this.ctx());
  }

  // -------------------------------------------------------------------------------------
  // Request handling

  /** What api.ngrok.com answers, and how: its part of the request cycle. */
  private protocol(): ApiProtocol<string> {
    return {
      label: "ngrok-emulator",
      isControl: (path) => path.startsWith(CONTROL_PREFIX),
      // A browser's CORS preflight carries no credentials: answered before auth, never faulted or counted.
      preflight: (request) => (request.method === "OPTIONS" ? { status: 204, headers: preflightHeaders(request.req) } : undefined),
      authenticate: (request) => this.authenticate(request.req),
      rateLimited,
      process: (request, base, caller) => this.process(request, base, caller),
      failure: (failure, operationId) => ({ status: failure.status, body: errorBody(failure, operationId) as unknown as Json, headers: failure.headers }),
      fault: (plan, operationId) => this.faultReply(plan, operationId),
      headers: (request) => ({ "ngrok-operation-id": request.operationId, ...corsHeaders(request.req) }),
    };
  }

  /** Runs one request the listener let through; throws its refusal. */
  private process(request: ApiRequest, base: string, caller: string): Reply {
    const { req, method, path, raw, control } = request;
    if (!control) checkVersion(req);
    const { route, params } = this.match(method, path);
    const takesBody = method === "POST" || method === "PATCH" || method === "PUT";
    if (!control) checkBodyFraming(req, method, raw, takesBody);
    const body = takesBody ? parseJson(raw) : undefined;
    return route.handler({ params, query: request.url.searchParams, body, ctx: this.ctx(base, caller) });
  }

  private faultReply(plan: FaultPlan, operationId: string): Reply {
    let failure: ApiFailure;
    if (plan.status === 429) {
      const limit = this.options.rateLimit === false ? { limit: 120, windowMs: 60_000 } : this.options.rateLimit;
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
    return { status: plan.status, body: errorBody(failure, operationId) as unknown as Json, headers };
  }

  /** The bearer token, and whom it authenticates as: the emulator's key is the account's user; a key made on /api_keys, its owner. */
  private authenticate(req: IncomingMessage): { key: string; caller: string } {
    const key = bearerToken(req);
    if (key === undefined) {
      throw new ApiFailure(403, "ERR_NGROK_200", "The ngrok API requires that you set the Authorization header for authentication. Your API keys and instructions are available on your dashboard: https://dashboard.ngrok.com/api-keys");
    }
    if (key === null) {
      throw new ApiFailure(403, "ERR_NGROK_202", "The Authorization header is malformed: expected 'Bearer <API key>'.");
    }
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
  private ctx(base = this.url, caller = this.store.userId): Ctx {
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
    add("GET", "/_emulator/health", () => ({ status: 200, body: { ok: true, url: this.url } }), true);
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
    const rec = newRecord(this.store, def.prefix, c.ctx.now, result.data, result.modules);
    if (parent !== undefined) rec.parent_id = parent.id;
    storeRecord(this.store, def.kind, rec);
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
    changeRecord(rec, (draft) => (def.update !== undefined ? def.update(draft, input, c.ctx) : assignUpdate(draft, input)));
    return { status: 200, body: def.shape(rec, c.ctx), mutated: true };
  }

  private remove(def: CollectionDef, c: Call): Reply {
    deleteRecord(def, this.lookup(def, c), c.ctx);
    return { status: 204, mutated: true };
  }

  private list(def: CollectionDef, c: Call): Reply {
    const parent = this.parentOf(def, c);
    const recs = newestFirst(this.store, def.kind).filter((r) => parent === undefined || r.parent_id === parent.id);
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
  const body = jsonBody(raw);
  switch (body.kind) {
    // An empty body is read as {} (agent commands are often sent without one).
    case "empty":
      return {};
    case "not-json":
      // ERR_NGROK_213: the code the real service gives a body it cannot decode (ngrok-api-typescript#23).
      throw new ApiFailure(400, "ERR_NGROK_213", `The application/json request body could not be parsed. ${CHECK_CLIENT}`);
    case "not-object":
      throw badValue("The request body must be a JSON object.");
    case "object":
      return body.value;
  }
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
  const type = mediaType(req);
  if (type === undefined) {
    throw new ApiFailure(400, "ERR_NGROK_216", "You did not provide a Content-Type with your request. Check your API client implementation and use one of the supported content types: https://ngrok.com/docs/api#content-types");
  }
  if (type !== "application/json") {
    throw new ApiFailure(400, "ERR_NGROK_210", `The content type you specified '${type}' is not supported by the API. Check your API client implementation and see the list of supported content types: https://ngrok.com/docs/api#content-types`);
  }
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
