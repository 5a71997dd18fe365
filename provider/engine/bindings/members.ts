/**
 * A collection item and the members one of its inputs writes (an IP policy and its `rules`, see
 * `MembersBinding`): the item's own requests are its ItemsWire's, the members' are one request
 * each, and only the members that differ are written.
 */
import type { ApiObject, MembersBinding, ObjectType, PropertySpec, Props } from "../../contract";
import { isAbsent, patchBody, sameInput, toApiValue } from "../values";
import type { ItemsWire } from "./items";
import type { Wire, WireContext } from "./wire";

type Member = Props;

export class MembersWire implements Wire {
  readonly pathInputs: ReadonlySet<string>;
  readonly items?: (inputs: Props) => AsyncIterable<ApiObject>;
  readonly pages?: (inputs: Props) => AsyncIterable<ApiObject[]>;
  private readonly type: ObjectType;
  private readonly apiName: string;

  constructor(
    private readonly ctx: WireContext,
    private readonly inner: ItemsWire,
    private readonly members: MembersBinding,
  ) {
    this.pathInputs = inner.pathInputs;
    if (inner.items) this.items = inner.items;
    if (inner.pages) this.pages = inner.pages;
    const prop = ctx.def.properties[members.input]!;
    if (prop.type.kind !== "array" || prop.type.items.kind !== "object") throw new Error(`${ctx.def.name}.${members.input}: members are a list of objects`);
    this.type = prop.type.items;
    this.apiName = prop.input?.api ?? members.input;
  }

  locate(id: string, props: Props): Props {
    return this.inner.locate(id, props);
  }

  async create(inputs: Props): Promise<{ id: string; api: ApiObject }> {
    const made = await this.inner.create(inputs);
    const wanted = inputs[this.members.input];
    if (!Array.isArray(wanted)) return made;
    const written = await this.write(made.id, [], wanted as Member[]);
    return { id: made.id, api: { ...made.api, [this.apiName]: written } };
  }

  async read(id: string, located: Props): Promise<ApiObject> {
    const api = await this.inner.read(id, located);
    // Only a program that sets the input reads its members: others manage them apart, or not at all.
    if (isAbsent(located[this.members.input])) return api;
    return { ...api, [this.apiName]: await this.listed(id) };
  }

  async update(id: string, olds: Props, news: Props, located: Props): Promise<ApiObject> {
    const own = Object.keys(patchBody(this.ctx.def, olds, news)).length > 0;
    const api = own ? await this.inner.update(id, olds, news, located) : apiOf(this.ctx.def.properties, olds);
    const wanted = news[this.members.input];
    if (!Array.isArray(wanted)) return api;
    const had = Array.isArray(olds[this.members.input]) ? (olds[this.members.input] as Member[]) : [];
    return { ...api, [this.apiName]: await this.write(id, had, wanted as Member[]) };
  }

  delete(id: string, located: Props): Promise<void> {
    return this.inner.delete(id, located);
  }

  /** The members of `id`, walked from their list. */
  private async listed(id: string): Promise<ApiObject[]> {
    const found: ApiObject[] = [];
    for await (const m of this.ctx.client().list<ApiObject>(this.members.path, this.members.listKey)) {
      if ((m[this.members.parentRef] as { id?: unknown } | undefined)?.id === id) found.push(m);
    }
    return found;
  }

  /**
   * Writes `wanted` over `had` (members with their ids): a member whose key stays is kept, or
   * patched; one whose immutable fields change is deleted and created anew; a removed and an added
   * member with the same immutable fields become one PATCH; the rest are deleted and created.
   * Answers every member as the API holds it.
   */
  private async write(id: string, had: Member[], wanted: Member[]): Promise<ApiObject[]> {
    const client = this.ctx.client();
    const { key, immutable } = this.members;
    const fields = Object.entries(this.type.properties).filter(([name]) => name !== "id");
    const kept = new Map<unknown, Member>();
    for (const m of had) kept.set(m[key], m);
    const result: ApiObject[] = [];
    const toCreate: Member[] = [];
    const unmatched: Member[] = [];
    const sameAs = (a: Member, b: Member, names: readonly string[]) => names.every((n) => sameInput({ type: this.type.properties[n]!.type, description: "" }, a[n], b[n]));
    for (const m of wanted) {
      const old = kept.get(m[key]);
      if (old && typeof old["id"] === "string" && sameAs(old, m, immutable)) {
        kept.delete(m[key]);
        const changed = fields.filter(([n]) => !immutable.includes(n) && !sameAs(old, m, [n]));
        if (changed.length === 0) result.push(apiMember(this.type, old));
        else result.push(await client.patch<ApiObject>(`${this.members.path}/${encodeURIComponent(old["id"])}`, this.body(m, changed.map(([n]) => n))));
      } else unmatched.push(m);
    }
    const removed = [...kept.values()].filter((m) => typeof m["id"] === "string");
    for (const m of unmatched) {
      const twin = removed.findIndex((r) => sameAs(r, m, immutable));
      if (twin < 0) {
        toCreate.push(m);
        continue;
      }
      const [old] = removed.splice(twin, 1);
      const changed = fields.filter(([n]) => !immutable.includes(n) && !sameAs(old!, m, [n])).map(([n]) => n);
      result.push(await client.patch<ApiObject>(`${this.members.path}/${encodeURIComponent(String(old!["id"]))}`, this.body(m, changed)));
    }
    // Deleted first: the service holds a key once per resource (an IP policy's CIDR, ERR_NGROK_1408).
    for (const m of removed) await client.delete(`${this.members.path}/${encodeURIComponent(String(m["id"]))}`);
    for (const m of toCreate) {
      const names = fields.map(([n]) => n);
      result.push(await client.post<ApiObject>(this.members.path, { ...this.body(m, names), [this.members.parentField]: id }));
    }
    return result;
  }

  /** The API body of a member's `names` fields; an absent field is sent empty, so a PATCH clears it. */
  private body(m: Member, names: readonly string[]): ApiObject {
    const out: ApiObject = {};
    for (const n of names) {
      const p = this.type.properties[n]!;
      const v = m[n];
      if (!isAbsent(v)) out[p.api] = toApiValue(p.type, v);
      else if (p.type.kind === "string") out[p.api] = p.default ?? "";
    }
    return out;
  }
}

/** A member as the API answered it, from its program form (ids included). */
function apiMember(type: ObjectType, m: Member): ApiObject {
  return toApiValue(type, m) as ApiObject;
}

/** The resource's API object from its outputs, when no request answered it (only its members changed). */
function apiOf(properties: Readonly<Record<string, PropertySpec>>, outs: Props): ApiObject {
  const api: ApiObject = {};
  for (const [name, p] of Object.entries(properties)) if (!isAbsent(outs[name])) api[p.api ?? p.input?.api ?? name] = toApiValue(p.type, outs[name]);
  return api;
}

