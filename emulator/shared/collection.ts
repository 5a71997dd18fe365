// The collection model both APIs share: a collection of records in the store, under a path, with
// ids of one prefix, each record answered in the API's shape; and the records' life cycle (made,
// changed on a copy, deleted after the collection's say, listed newest first). What a request may
// say to a collection, and how its answers and errors are written, is each API's own.
import { rfc3339 } from "./ids";
import type { Rec, Store } from "./store";
import type { JsonObject } from "./validate";

/** What a collection sees of the request it serves, in either API. */
export interface CollectionCtx {
  /** The address the client used, which every link in an answer starts with. */
  readonly base: string;
  readonly store: Store;
  readonly now: Date;
}

export interface Collection<C extends CollectionCtx> {
  /** Storage key, and the name `Emulator.resources()` accepts. */
  kind: string;
  /** Collection path. */
  path: string;
  /** Id prefix of its records. */
  prefix: string;
  /** Array key of list answers; absent when the collection has no list. */
  listKey?: string;
  /** A record as the API answers it. */
  shape(rec: Rec, ctx: C): JsonObject;
  /** Called before a record is deleted (cascade or refuse). */
  beforeDelete?(rec: Rec, ctx: C): void;
}

/** A new record with a new id of `prefix`, made at `now`; not stored yet. */
export function newRecord(store: Store, prefix: string, now: Date, data: JsonObject, modules: Record<string, JsonObject> = {}): Rec {
  return { id: store.ids.next(prefix), created_at: rfc3339(now), data, modules };
}

export function storeRecord(store: Store, kind: string, rec: Rec): void {
  store.collection(kind).set(rec.id, rec);
}

/** Applies a change to a copy of the record's data, kept only when the change succeeds: a refusal halfway leaves the record as it was. */
export function changeRecord(rec: Rec, apply: (draft: Rec) => void): void {
  const draft: Rec = { ...rec, data: structuredClone(rec.data) };
  apply(draft);
  rec.data = draft.data;
}

/** Deletes a record once its collection's `beforeDelete` has let it go. */
export function deleteRecord<C extends CollectionCtx>(def: Collection<C>, rec: Rec, ctx: C): void {
  def.beforeDelete?.(rec, ctx);
  ctx.store.collection(def.kind).delete(rec.id);
}

/** A collection's records, newest first, as lists answer them. */
export function newestFirst(store: Store, kind: string): Rec[] {
  return store.all(kind).reverse();
}

/** Every record of a collection in the API's shape, oldest first. */
export function shapes<C extends CollectionCtx>(def: Collection<C>, ctx: C): JsonObject[] {
  return ctx.store.all(def.kind).map((rec) => def.shape(rec, ctx));
}
