// The declarative shape of one API collection. Routing, listing, paging, PATCH semantics and
// persistence are generic (server.ts); a definition only says what is particular to it.
import type { z } from "zod";
import type { Rec, Store } from "./store";
import { isObject, type JsonObject, type Json } from "./validate";
import { notFound } from "./errors";

export interface Ref extends JsonObject {
  id: string;
  uri: string;
}

/** What a definition can see of the server while it handles a request. */
export interface Ctx {
  readonly base: string;
  readonly store: Store;
  readonly now: Date;
  /** Domains reserved by other accounts: reserving one is ERR_NGROK_414. */
  readonly foreignDomains: ReadonlySet<string>;
  /** The address of a stored resource (absolute, or a path for agent ingresses). */
  uriOf(kind: string, rec: Rec): string;
  /** `{id, uri}` of a stored resource; throws 404 when it is gone. */
  ref(kind: string, id: string): Ref;
  /** Refs of the online tunnels whose labels include all of `labels`. */
  tunnelsMatching(labels: Record<string, string>): Ref[];
  /** The shaped API object of a stored resource. */
  shapeOf(kind: string, rec: Rec): JsonObject;
}

export interface CreateResult {
  data: JsonObject;
  /** Fields present only in the creation response (the credential token). */
  once?: JsonObject;
  /** Modules set at creation (none today; routes could carry them). */
  modules?: Record<string, JsonObject>;
}

export interface ModuleDef {
  name: string;
  /** Validates a PUT body (after null-stripping) and returns the stored configuration. */
  put(body: Json, ctx: Ctx, owner: Rec): JsonObject;
  /** The API shape of a stored configuration. */
  shape(stored: JsonObject, ctx: Ctx): JsonObject;
}

export interface CollectionDef {
  /** Storage key and the name `Emulator.resources()` accepts. */
  kind: string;
  /** Collection path; `{param}` marks the parent id of sub-collections. */
  path: string;
  prefix: string;
  /** Array key of list responses; absent means the collection has no list operation. */
  listKey?: string;
  /** Sub-collections: the owning collection and the path parameter naming it. */
  parent?: { kind: string; param: string };
  /** Agent ingresses answer a path instead of an absolute URL. */
  relativeUri?: boolean;
  createSchema: z.ZodType;
  create(input: JsonObject, ctx: Ctx, parent: Rec | undefined): CreateResult;
  /** Absent: no PATCH (405). */
  updateSchema?: z.ZodType;
  /**
   * PATCH fields where an explicit `null` clears the value (the API documents null as their unset
   * state) instead of meaning "omitted"; `update` receives them as null.
   */
  nullClears?: readonly string[];
  /** Applies a validated PATCH body to the record; defaults to `assignUpdate`. */
  update?(rec: Rec, input: JsonObject, ctx: Ctx): void;
  shape(rec: Rec, ctx: Ctx): JsonObject;
  /** Edge modules served under `<path>/{id}/<module>`. */
  modules?: readonly ModuleDef[];
  /** Called before a record is deleted (cascade or refuse). */
  beforeDelete?(rec: Rec, ctx: Ctx): void;
  /** Whether DELETE exists (default true). */
  deletable?: boolean;
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

/** Resolves ids of another collection to refs; a missing one is ERR_NGROK_380. */
export function refsOf(ctx: Ctx, kind: string, ids: readonly string[]): Ref[] {
  return ids.map((id) => ctx.ref(kind, id));
}

export function mustGet(ctx: Ctx, kind: string, id: string): Rec {
  const rec = ctx.store.get(kind, id);
  if (rec === undefined) throw notFound();
  return rec;
}

/** Replaces `uri` of stored refs with the current address (the base URL may change across restarts). */
export function freshRef(ctx: Ctx, kind: string, ref: Json | undefined): Json {
  if (!isObject(ref) || typeof ref["id"] !== "string") return ref ?? null;
  const rec = ctx.store.get(kind, ref["id"]);
  return rec === undefined ? ref : { id: rec.id, uri: ctx.uriOf(kind, rec) };
}

const BACKEND_KINDS: Readonly<Record<string, string>> = {
  bkdhr: "http_response_backends",
  bkdfo: "failover_backends",
  bkdtg: "tunnel_group_backends",
};

/** The collection of a backend id (by its prefix), or undefined when it is not a backend id. */
export function backendKind(id: string): string | undefined {
  return BACKEND_KINDS[id.slice(0, id.indexOf("_"))];
}
