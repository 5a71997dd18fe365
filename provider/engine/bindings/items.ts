/**
 * Items a POST creates: of a top-level collection (a credential), or of a parent's sub-collection
 * (a route of an edge, a type of an event subscription). Read with GET, changed with PATCH,
 * deleted with DELETE at `<path>/<item>`. A create whose answer was lost is looked for
 * (recover.ts); reads of a listed top-level collection are served from list walks (read-batch.ts).
 */
import type { ApiObject, CollectionBinding, Props, SubCollectionBinding } from "../../contract";
import { createBody, isAbsent, patchBody, sameInput, toApiValue } from "../values";
import { fillPath, idForm, idFromKeys, idKeys, idPrefixesOf, keysFromId, pathInputs, placeholders } from "../locate";
import { ListReads, defaultListReadTiming } from "../read-batch";
import { CreateRecovery, createdAt } from "../recover";
import type { Wire, WireContext } from "./wire";

export class ItemsWire implements Wire {
  readonly pathInputs: ReadonlySet<string>;
  readonly idOf?: (inputs: Props) => string;
  readonly items?: (inputs: Props) => AsyncIterable<ApiObject>;
  readonly pages?: (inputs: Props) => AsyncIterable<ApiObject[]>;
  /** The inputs an id is made of, for items named by an input of their own. */
  private readonly keys: readonly string[] | undefined;
  /** Inputs in the collection's path: an item's own key still travels in the create's body. */
  private readonly collectionInputs: ReadonlySet<string>;
  private readonly lists: ListReads | undefined;
  private readonly recovery: CreateRecovery;

  constructor(
    private readonly ctx: WireContext,
    private readonly binding: CollectionBinding | SubCollectionBinding,
  ) {
    this.pathInputs = pathInputs(binding);
    this.collectionInputs = new Set(placeholders(binding.path));
    this.keys = idKeys(binding);
    if (this.keys) {
      const keys = this.keys;
      this.idOf = (inputs) => idFromKeys(keys, inputs);
    }
    if (binding.kind === "collection" && binding.listKey !== undefined) {
      const listKey = binding.listKey;
      this.pages = (inputs) => ctx.client().pages<ApiObject>(fillPath(ctx.def.name, binding.path, inputs), listKey);
      this.items = (inputs) => ctx.client().list<ApiObject>(fillPath(ctx.def.name, binding.path, inputs), listKey);
      if (this.pathInputs.size === 0) this.lists = new ListReads(binding.path, listKey, defaultListReadTiming, Date.now, (m) => ctx.events.info(m));
    } else if (binding.kind === "sub-collection" && this.keys === undefined) {
      const parent = binding.parent;
      this.items = (inputs) => newestFirst(ctx, parent.path, parent.key, inputs);
      // The parent's GET is the one page.
      this.pages = (inputs) => onePage(newestFirst(ctx, parent.path, parent.key, inputs));
    }
    this.recovery = new CreateRecovery(ctx.def, this, ctx.client, ctx.outputsOf);
  }

  locate(id: string, props: Props): Props {
    return this.keys ? { ...props, ...keysFromId(this.keys, id) } : props;
  }

  async create(inputs: Props): Promise<{ id: string; api: ApiObject }> {
    const { def } = this.ctx;
    const path = fillPath(def.name, this.binding.path, inputs);
    const api = await this.written(this.recovery.create(path, createBody(def, inputs, this.collectionInputs), inputs));
    const id = this.idOf ? this.idOf(inputs) : api?.id;
    if (typeof id !== "string" || id === "") throw new Error(`${def.name}: the API's create response has no id`);
    return { id, api };
  }

  read(id: string, located: Props): Promise<ApiObject> {
    const client = this.ctx.client();
    const path = this.itemPath(id, located);
    const get = () => client.get<ApiObject>(path);
    return this.lists && this.ctx.readFromLists() ? this.lists.read(client, id, get) : get();
  }

  async update(id: string, olds: Props, news: Props, located: Props): Promise<ApiObject> {
    const path = this.itemPath(id, located);
    const body = patchBody(this.ctx.def, olds, news);
    const rotation = this.binding.kind === "collection" ? this.binding.rotation : undefined;
    let rotated: ApiObject | undefined;
    if (rotation && rotation.when.some((name) => !sameInput(this.ctx.def.properties[name]!, olds[name], news[name]))) {
      // The rotation carries its inputs; PATCH sends only what it does not.
      const sent: ApiObject = {};
      for (const name of rotation.sends) {
        const prop = this.ctx.def.properties[name]!;
        const api = prop.input?.api ?? name;
        delete body[api];
        if (!isAbsent(news[name])) sent[api] = toApiValue(prop.type, news[name]);
      }
      rotated = await this.written(this.ctx.client().post<ApiObject>(`${path}/${rotation.path}`, sent));
    }
    if (Object.keys(body).length === 0) return rotated ?? this.ctx.client().get<ApiObject>(path);
    return this.written(this.ctx.client().patch<ApiObject>(path, body));
  }

  async delete(id: string, located: Props): Promise<void> {
    await this.written(this.ctx.client().delete(this.itemPath(id, located)));
  }

  /** The item's path: under its collection, named by its id or by its key. */
  private itemPath(id: string, located: Props): string {
    const { def } = this.ctx;
    if (this.keys) {
      const values = keysFromId(this.keys, id);
      if (!values) throw new Error(`${def.name} ids have the form ${idForm(def)}; "${id}" is not one`);
      const name = values[this.keys[this.keys.length - 1]!] as string;
      return `${fillPath(def.name, this.binding.path, values)}/${encodeURIComponent(name)}`;
    }
    const prefixes = idPrefixesOf(this.binding);
    if (prefixes.length > 0 && !prefixes.some((p) => id.startsWith(`${p}_`))) throw new Error(`${def.name} ids start with "${prefixes[0]}_"; "${id}" is not one`);
    return `${fillPath(def.name, this.binding.path, located)}/${encodeURIComponent(id)}`;
  }

  /** A write's answer; whatever its outcome, list pages read before it may be stale. */
  private async written<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      this.lists?.invalidate();
    }
  }
}

/** The items a parent's GET lists under `key`, newest first, as a list answers. */
async function* newestFirst(ctx: WireContext, path: string, key: string, inputs: Props): AsyncGenerator<ApiObject> {
  const parent = await ctx.client().get<ApiObject>(fillPath(ctx.def.name, path, inputs));
  const all = Array.isArray(parent[key]) ? (parent[key] as ApiObject[]) : [];
  yield* all
    .map((item, i) => ({ item, i }))
    .sort((a, b) => createdAt(b.item) - createdAt(a.item) || b.i - a.i)
    .map(({ item }) => item);
}

async function* onePage(items: AsyncIterable<ApiObject>): AsyncGenerator<ApiObject[]> {
  const all: ApiObject[] = [];
  for await (const item of items) all.push(item);
  yield all;
}
