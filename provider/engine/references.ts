/**
 * What a preview with a key can tell cheaply of a resource's references: that an id it names
 * (an IP policy, a backend, an edge) exists in the account. `up` would fail on it; a pull
 * request's preview should. Only references that are new or changed are looked at, and within one
 * provider (one command) each kind's first list page is read once (an id not on it gets its own
 * GET). An id of a resource the program creates is unknown at preview, so it is never looked up.
 * A value that is not an id (a hostport's domain) is not checked: the same program may create it,
 * and a preview checks resources in no order to rely on. A failure quotes the value: an id is
 * the program's own reference, never a secret. With no key nothing is asked; an answer other than
 * "not found" (the API down) says nothing, and `up` tells.
 */
import { ApiError } from "../client/errors";
import type { ApiClient } from "../client/http";
import type { AccountReader, ApiObject, BoundDefinition, EventSink, ProgramKnowledge, Props, ResourceDefinition, ResourceSchema, TypeSpec } from "../contract";
import { pathText, type CheckFailure } from "./check";
import { idPrefixOf, placeholders } from "./locate";
import { containsUnknown, inputProperties, isAbsent, sameInput } from "./values";

/** What a provider read of the account's ids, for the references of every check. */
class Lookups {
  /** The ids on the first page of each collection, by its path. */
  readonly firstPages = new Map<string, Promise<Set<string>>>();
  /** Ids known to exist. */
  readonly found = new Set<string>();
}

/** The failures of `news`' new or changed references; nothing without a key or an answer. */
export async function referenceProblems(
  def: BoundDefinition,
  olds: Props,
  news: Props,
  client: () => ApiClient,
  state: ProgramKnowledge,
  kinds: readonly ResourceDefinition[],
): Promise<CheckFailure[]> {
  let c: ApiClient;
  try {
    c = client();
  } catch {
    return []; // no key: preview stays offline
  }
  const lookups = state.part(Lookups, () => new Lookups());
  const failures: CheckFailure[] = [];
  // Inputs in the resource's path name its parent: the wire's own read of the parent tells, or `up`.
  const located = new Set(placeholders(def.binding.path));
  for (const [name, prop] of inputProperties(def)) {
    const value = news[name];
    if (located.has(name) || isAbsent(value) || containsUnknown(value) || sameInput(prop, olds[name], value)) continue;
    const values: [string, unknown][] = Array.isArray(value) ? value.map((v, i) => [`${name}[${i}]`, v]) : [[name, value]];
    const item: TypeSpec = prop.type.kind === "array" ? prop.type.items : prop.type;
    for (const [path, v] of values) {
      if (typeof v !== "string" || v === "") continue;
      const reason = item.kind === "string" && item.idPrefix !== undefined ? await missingId(c, lookups, v, kinds) : undefined;
      if (reason) failures.push({ path, message: `${path} names ${v}, ${reason}` });
    }
  }
  return failures;
}

/** Why id `id` cannot be used: the collection of its prefix does not have it; undefined when it does or cannot tell. */
async function missingId(c: ApiClient, lookups: Lookups, id: string, kinds: readonly ResourceDefinition[]): Promise<string | undefined> {
  const kind = collectionOf(id, kinds);
  if (!kind || lookups.found.has(id)) return undefined;
  const { path, listKey } = kind.binding as { path: string; listKey?: string };
  try {
    if (listKey !== undefined) {
      let page = lookups.firstPages.get(path);
      if (!page) {
        page = firstPage(c, path, listKey);
        lookups.firstPages.set(path, page);
      }
      if ((await page).has(id)) return undefined;
    }
    await c.get(`${path}/${encodeURIComponent(id)}`);
    lookups.found.add(id);
    return undefined;
  } catch (err) {
    if (err instanceof ApiError && err.notFound) return `which does not exist in this account: check the id, or create that ${kind.name} first`;
    return undefined;
  }
}

async function firstPage(c: ApiClient, path: string, listKey: string): Promise<Set<string>> {
  for await (const items of c.pages<ApiObject>(path, listKey)) return new Set(items.map((i) => i.id).filter((id): id is string => typeof id === "string"));
  return new Set();
}

/** The kind among `kinds` an id names by its prefix: a top-level collection (one GET finds an item of it). */
function collectionOf(id: string, kinds: readonly ResourceDefinition[]): BoundDefinition | undefined {
  const prefix = id.slice(0, id.indexOf("_"));
  return kinds.find(
    (d): d is BoundDefinition => d.binding?.kind === "collection" && idPrefixOf(d.binding) === prefix && placeholders(d.binding.path).length === 0,
  );
}

/** The lists a provider read for notes, by path: read once per provider (one command). */
class AccountLists {
  readonly lists = new Map<string, Promise<ApiObject[]>>();
}

/** Notes on new or changed inputs that are accepted as they are (a deprecated field), told as info. */
/** A warning for each deprecated input the program sets (`PropertySpec.deprecated`). */
export function deprecationWarnings(def: ResourceSchema, news: Props, events: EventSink): void {
  for (const [name, prop] of inputProperties(def)) {
    if (prop.deprecated && !isAbsent(news[name])) (events.warn ?? events.info)(`${def.name} ${name} is deprecated: ${prop.deprecated}`);
  }
}

export function inputNotes(def: ResourceSchema, olds: Props, news: Props, events: EventSink): void {
  for (const [name, prop] of inputProperties(def)) {
    const value = news[name];
    if (prop.type.kind !== "external" || !prop.type.notes || isAbsent(value) || sameInput(prop, olds[name], value)) continue;
    for (const note of prop.type.notes(value, news)) events.info(`${pathText(name, note.path)} ${note.message}`);
  }
}

/**
 * Notes on what new or changed inputs read from the account that it does not have (a vault secret
 * a policy reads), told as info: the same program may create it. Nothing without a key or an answer.
 */
export async function accountNotes(def: BoundDefinition, olds: Props, news: Props, client: () => ApiClient, state: ProgramKnowledge, events: EventSink): Promise<void> {
  let c: ApiClient;
  try {
    c = client();
  } catch {
    return;
  }
  const lists = state.part(AccountLists, () => new AccountLists()).lists;
  const account: AccountReader = {
    list(path, listKey) {
      let items = lists.get(path);
      if (!items) {
        items = (async () => {
          const all: ApiObject[] = [];
          for await (const item of c.list<ApiObject>(path, listKey)) all.push(item);
          return all;
        })();
        lists.set(path, items);
      }
      return items;
    },
  };
  for (const [name, prop] of inputProperties(def)) {
    const value = news[name];
    if (prop.type.kind !== "external" || !prop.type.accountNotes || isAbsent(value) || sameInput(prop, olds[name], value)) continue;
    try {
      for (const note of await prop.type.accountNotes(value, news, account)) events.info(`${pathText(name, note.path)} ${note.message}`);
    } catch {
      // The API did not answer: `up` tells.
    }
  }
}
