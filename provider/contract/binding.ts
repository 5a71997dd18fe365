/** Where a resource lives in the API: the wire operations of its kind derive from its binding. */

/**
 * How a resource lives in the API. Paths may hold `{property}` placeholders: immutable inputs
 * whose values locate the resource, which travel in the path, not in request bodies.
 */
export type Binding = CollectionBinding | SlotBinding | SubCollectionBinding | SingletonBinding;

interface BindingBase {
  /**
   * Which of ngrok's APIs serves the kind: absent for the ngrok API (api.ngrok.com), "ai-gateway"
   * for the AI Gateway API (api.ngrok.ai), with its own key, base URL and pacing.
   */
  api?: "ai-gateway";
  /**
   * API error codes caused by an input, with what to do about it (naming the property): appended
   * to the API's message when a create or update fails with that code.
   */
  errorHints?: Readonly<Record<string, string>>;
}

/**
 * An item of a top-level collection: POST to `path` creates it, `<path>/<id>` is read with GET,
 * changed with PATCH and deleted with DELETE; the API assigns ids `<idPrefix>_...`.
 */
export interface CollectionBinding extends BindingBase {
  kind: "collection";
  path: string;
  /**
   * Absent when the API reference documents no prefix for the collection's ids (AI gateway API
   * keys): any id is read and imported, and none is checked for its form.
   */
  idPrefix?: string;
  /** Prefixes of ids the service issued before (a service user's `bot_`): still read and imported, never made. */
  formerIdPrefixes?: readonly string[];
  /**
   * Array key of the collection's paged list. With it, reads are served from list walks and a
   * create whose answer was lost is looked for in the list; without it, neither.
   */
  listKey?: string;
  /**
   * An operation below the item that changes some inputs in place where PATCH cannot (a provider
   * key's value: POST `<item>/rotate`): when an input of `when` changes, the update POSTs the
   * inputs of `sends` (their new values) there, and PATCHes the other changes.
   */
  rotation?: { path: string; when: readonly string[]; sends: readonly string[] };
  /** Items of another collection that belong to each item and that one input writes whole (an IP policy's rules). */
  members?: MembersBinding;
}

/**
 * The items of another collection that belong to a resource, written through one input of it, a
 * list of objects (an IP policy's `rules`, each an `/ip_policy_rules` item): created after the
 * resource, each by its own POST; changed by PATCH or DELETE and POST of the ones that differ;
 * read from a walk of their list, only for a program that sets the input (a program that manages
 * them as resources of their own reads nothing more). The input's items carry their `id`.
 */
export interface MembersBinding {
  /** The input (its `apart` flag keeps it out of the resource's own bodies). */
  input: string;
  path: string;
  listKey: string;
  /** The member's field naming the resource at creation (`ip_policy_id`), and the reference answering it (`ip_policy`). */
  parentField: string;
  parentRef: string;
  /** The member field that names a member within its resource (`cidr`): a member keeps its id while it keeps it. */
  key: string;
  /** Member fields PATCH cannot change (`action`): a change deletes the member and creates it anew. */
  immutable: readonly string[];
}

/**
 * The one object of its kind in the account (the AI Gateway's configuration): no id of its own
 * (the resource's id is `id`), read with GET and changed with PATCH at `path`; it cannot be made
 * or removed, so a create writes the program's inputs over it, and a delete writes `reset` (the
 * service's defaults) back.
 */
export interface SingletonBinding extends BindingBase {
  kind: "singleton";
  path: string;
  id: string;
  /** The PATCH body that puts the service's defaults back. */
  reset: Readonly<Record<string, unknown>>;
}

/**
 * A singleton configuration of a parent (an edge module): no id of its own, written whole with
 * PUT to `path`, read with GET, removed with DELETE. Its placeholders are its keys: its id is
 * their values joined with "/", so `get` and `importId` work from the id alone.
 */
export interface SlotBinding extends BindingBase {
  kind: "slot";
  path: string;
}

/**
 * An item created under a parent (a route of an edge, a type of an event subscription): POST to
 * `path` creates it, `<path>/<item>` is read with GET, changed with PATCH and deleted with DELETE,
 * and the parent's GET at `parent.path` lists them all under `parent.key`.
 */
export interface SubCollectionBinding extends BindingBase {
  kind: "sub-collection";
  path: string;
  parent: { path: string; key: string };
  /**
   * How an item is named: an id the API assigns (`<prefix>_...`; the resource's id is that id,
   * and the path's inputs come from the program), or an input of its own (`key`; the resource's
   * id is the path's inputs and the key's value joined with "/").
   */
  item: { idPrefix: string } | { key: string };
}
