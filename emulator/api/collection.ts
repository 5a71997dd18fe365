// The declarative shape of one collection of api.ngrok.com: the shared collection model
// (shared/collection.ts) with what this API's requests may say to it. Routing, listing, paging,
// PATCH semantics and persistence are generic (server.ts); a definition only says what is
// particular to it.
import type { z } from "zod";
import type { Tunnel } from "./live";
import type { Collection, CollectionCtx } from "../shared/collection";
import type { Rec } from "../shared/store";
import { isObject, requirePrefix, type JsonObject, type Json } from "../shared/validate";
import { referenceNotFound } from "../shared/errors";

export interface Ref extends JsonObject {
  id: string;
  uri: string;
}

/** What a definition can see of the server while it handles a request. */
export interface Ctx extends CollectionCtx {
  /** Whom the request authenticates as: the account's user, or the owner of the API key it used. */
  readonly caller: string;
  /** Domains reserved by other accounts: reserving one is ERR_NGROK_414. */
  readonly foreignDomains: ReadonlySet<string>;
  /** How long a certificate provisioning job runs before the certificate is issued. */
  readonly certificateProvisioningMs: number;
  /** The address of a stored resource (absolute, or a path for agent ingresses). */
  uriOf(kind: string, rec: Rec): string;
  /** `{id, uri}` of a stored resource; throws 404 when it is gone. */
  ref(kind: string, id: string): Ref;
  /** The tunnels online now (agents connected to the emulator). */
  onlineTunnels(): readonly Tunnel[];
  /** The agents' endpoints online now, as the API shows them. */
  agentEndpoints(): JsonObject[];
  /** The shaped API object of a stored resource. */
  shapeOf(kind: string, rec: Rec): JsonObject;
}

export interface CreateResult {
  data: JsonObject;
  /** Fields present only in the creation response (the credential token). */
  once?: JsonObject;
  /** Modules set at creation (none today; routes could carry them). */
  modules?: Record<string, JsonObject>;
  /** Work once the record is stored with its id: items made with it (an AI gateway API key's provider keys). */
  then?(rec: Rec): void;
}

export interface ModuleDef {
  name: string;
  /** Validates a PUT body (after null-stripping) and returns the stored configuration. */
  put(body: Json, ctx: Ctx, owner: Rec): JsonObject;
  /** The API shape of a stored configuration. */
  shape(stored: JsonObject, ctx: Ctx): JsonObject;
}

/** What an item route is given: the path parameters and the parsed JSON body (undefined for GET and DELETE). */
export interface ItemRequest {
  params: Readonly<Record<string, string>>;
  body: Json | undefined;
  /** The query string's parameters (a list's `limit`, `before_id`, `filter`). */
  query: URLSearchParams;
}

export interface ItemReply {
  status: number;
  body?: JsonObject;
  /** The state changed: persist it. */
  mutated?: boolean;
}

/** An operation under `<path>/{id}/`, on a record the server has looked up (400/404 otherwise). */
export interface ItemRoute {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** The path below the record, e.g. "sources" or "sources/{type}". */
  path: string;
  handle(owner: Rec, request: ItemRequest, ctx: Ctx): ItemReply;
}

export interface CollectionDef extends Collection<Ctx> {
  /** Collection path; `{param}` marks the parent id of sub-collections. */
  path: string;
  /** Prefixes of ids the collection issued before (a service user's `bot_`): still served, never issued. */
  formerPrefixes?: readonly string[];
  /** Sub-collections: the owning collection and the path parameter naming it. */
  parent?: { kind: string; param: string };
  /** Agent ingresses answer a path instead of an absolute URL. */
  relativeUri?: boolean;
  /** Absent (with `create`): the API makes none of these (405); they come from elsewhere. */
  createSchema?: z.ZodType;
  create?(input: JsonObject, ctx: Ctx, parent: Rec | undefined): CreateResult;
  /** Absent: no PATCH (405). */
  updateSchema?: z.ZodType;
  /**
   * PATCH fields where an explicit `null` clears the value (the API documents null as their unset
   * state) instead of meaning "omitted"; `update` receives them as null.
   */
  nullClears?: readonly string[];
  /** Applies a validated PATCH body to the record; defaults to `assignUpdate`. */
  update?(rec: Rec, input: JsonObject, ctx: Ctx): void;
  /** Edge modules served under `<path>/{id}/<module>`. */
  modules?: readonly ModuleDef[];
  /** Operations below a record other than modules (an event subscription's sources). */
  itemRoutes?: readonly ItemRoute[];
  /** Whether DELETE exists (default true). */
  deletable?: boolean;
  /** Items served at the same path that the collection does not store (listed and read with its own). */
  sharedItems?(ctx: Ctx): JsonObject[];
}

/** `id, uri, created_at, description?, metadata?`: empty description/metadata are omitted. */
export function common(def: CollectionDef, rec: Rec, ctx: Ctx): JsonObject {
  const out: JsonObject = { id: rec.id, uri: ctx.uriOf(def.kind, rec), created_at: rec.created_at };
  const description = rec.data["description"];
  const metadata = rec.data["metadata"];
  if (typeof description === "string" && description !== "") out["description"] = description;
  if (typeof metadata === "string" && metadata !== "") out["metadata"] = metadata;
  return out;
}

/** PATCH default: every given field replaces the stored one ("" clears a string). */
export function assignUpdate(rec: Rec, input: JsonObject): void {
  for (const [key, value] of Object.entries(input)) rec.data[key] = value;
}

/** A collection that request bodies refer to by id, and how its errors name it ("IP policy"). */
export interface Referenced {
  kind: string;
  prefix: string;
  what: string;
}

/**
 * An id that the body field `field` gives: one of `target`'s form (400 ERR_NGROK_215 otherwise)
 * naming a stored record (400 ERR_NGROK_380 otherwise).
 */
export function referencedId(ctx: Ctx, field: string, id: string, target: Referenced): string {
  requirePrefix(field, id, [target.prefix]);
  if (ctx.store.get(target.kind, id) === undefined) throw referenceNotFound(target.what, id);
  return id;
}

/** Replaces `uri` of stored refs with the current address (the base URL may change across restarts). */
export function freshRef(ctx: Ctx, kind: string, ref: Json | undefined): Json {
  if (!isObject(ref) || typeof ref["id"] !== "string") return ref ?? null;
  const rec = ctx.store.get(kind, ref["id"]);
  return rec === undefined ? ref : { id: rec.id, uri: ctx.uriOf(kind, rec) };
}
