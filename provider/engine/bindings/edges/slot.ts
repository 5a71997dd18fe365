/**
 * A singleton configuration of a parent (an edge module): written whole with PUT, read with GET,
 * removed with DELETE, at a path made of its keys. Its slot must be free, both in the account (a
 * configuration made outside this program is adopted only through importId) and among this
 * program's resources (two resources cannot configure one slot). Whether it is free in the
 * account comes from the parent's GET, which carries every module under the slot's last path
 * segment (`null` when not configured): one read per parent serves all its slots, at preview and
 * at `up`, so a create is one PUT.
 */
import { ApiError } from "../../../client/errors";
import type { ApiObject, Props, SlotBinding } from "../../../contract";
import { article } from "../../../words";
import { importIdKey } from "../../adopt";
import type { CheckFailure } from "../../check";
import { fillPath, idForm, idFromKeys, idKeys, keysFromId, pathInputs } from "../../locate";
import { containsUnknown, createBody, isAbsent, unknownValue } from "../../values";
import type { Wire, WireContext } from "../wire";
import { SlotState, duplicateSlot, resourceNameKey } from "../slot-state";

export class SlotWire implements Wire {
  readonly pathInputs: ReadonlySet<string>;
  private readonly keys: readonly string[];
  /** What this process knows of the program's slots, shared by every slot kind. */
  private readonly slots: SlotState;

  constructor(
    private readonly ctx: WireContext,
    private readonly binding: SlotBinding,
  ) {
    this.pathInputs = pathInputs(binding);
    this.keys = idKeys(binding)!;
    this.slots = ctx.state.part(SlotState, () => new SlotState());
  }

  /** The program's inputs without the resource's name, which its SDK class sends for messages that name it. */
  fromProgram(news: Props): Props {
    const { [resourceNameKey]: name, ...rest } = news;
    if (typeof name === "string") {
      const id = this.idOf(rest);
      if (!id.includes(unknownValue)) this.slots.recordName(this.ctx.def.name, id, name);
    }
    return rest;
  }

  idOf(inputs: Props): string {
    return idFromKeys(this.keys, inputs);
  }

  locate(id: string, props: Props): Props {
    return { ...props, ...keysFromId(this.keys, id) };
  }

  async create(inputs: Props): Promise<{ id: string; api: ApiObject }> {
    const { def } = this.ctx;
    const state = this.slots;
    const id = this.idOf(inputs);
    if (!state.claimSlot(def.name, id)) {
      throw new Error(duplicateSlot(def.name, id, state.namesOf(def.name, id)));
    }
    try {
      const path = this.path(id);
      if (await this.configured(path)) throw new Error(`cannot create the ${this.takenMessage(id)}`);
      return { id, api: await this.put(path, inputs) };
    } catch (err) {
      state.releaseSlot(def.name, id);
      throw err;
    }
  }

  read(id: string): Promise<ApiObject> {
    return this.ctx.client().get<ApiObject>(this.path(id));
  }

  /** A slot is written whole: what the program leaves out goes back to the service's default. */
  update(id: string, _olds: Props, news: Props): Promise<ApiObject> {
    return this.put(this.path(id), news);
  }

  async delete(id: string): Promise<void> {
    const path = this.path(id);
    try {
      await this.ctx.client().delete(path);
      this.written(path, false);
    } catch (err) {
      if (err instanceof ApiError && err.notFound) this.written(path, false);
      throw err;
    } finally {
      this.slots.releaseSlot(this.ctx.def.name, id);
    }
  }

  /** A new resource: tell at preview what `up` would refuse (a slot taken by the program or outside it). */
  async problemsOfNew(inputs: Props): Promise<CheckFailure[]> {
    const { def } = this.ctx;
    const state = this.slots;
    if (this.keys.some((k) => isAbsent(inputs[k]) || containsUnknown(inputs[k]))) return [];
    const id = this.idOf(inputs);
    const keys = this.keys;
    const named = keys.length > 1 ? `${keys.slice(0, -1).join(", ")} and ${keys[keys.length - 1]} name` : `${keys[0]} names`;
    const property = keys[0]!;
    if (state.holdsSlot(def.name, id)) {
      return [{ path: "", message: duplicateSlot(def.name, id, state.namesOf(def.name, id)) }];
    }
    try {
      if (!(await this.configured(this.path(id)))) return [];
    } catch {
      // The API cannot tell now: `up` will.
      return [];
    }
    return [{ path: property, message: `${named} ${article(def.name)} ${this.takenMessage(id)}` }];
  }

  /**
   * An existing slot resource that stays in its slot holds it for this run: another resource of
   * the program that claims it is refused (the engine checks every resource of the program).
   */
  holdExisting(olds: Props, news: Props): void {
    if (this.keys.some((k) => typeof news[k] !== "string" || containsUnknown(news[k]) || news[k] !== olds[k])) return;
    this.slots.claimSlot(this.ctx.def.name, this.idOf(news));
  }

  private path(id: string): string {
    const keys = keysFromId(this.keys, id);
    if (!keys) throw new Error(`${this.ctx.def.name} ids have the form ${idForm(this.ctx.def)}; "${id}" is not one`);
    return fillPath(this.ctx.def.name, this.binding.path, keys);
  }

  private async put(path: string, inputs: Props): Promise<ApiObject> {
    const api = await this.ctx.client().put<ApiObject>(path, createBody(this.ctx.def, inputs, this.pathInputs));
    this.written(path, true);
    return api;
  }

  /** The slot at `path` is configured in the account (see SlotState.slotConfigured). */
  private async configured(path: string): Promise<boolean> {
    const { parent, field } = splitSlotPath(path);
    const client = this.ctx.client();
    const known = await this.slots.slotConfigured(parent, field, () => client.get<ApiObject>(parent));
    if (known !== undefined) return known;
    // A parent whose answer does not carry the module: the slot's own GET tells.
    try {
      await client.get<ApiObject>(path);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.notFound) return false;
      throw err;
    }
  }

  private written(path: string, configured: boolean): void {
    const { parent, field } = splitSlotPath(path);
    this.slots.slotWritten(parent, field, configured);
  }

  /** Why a slot cannot be claimed: it is configured outside the program. */
  private takenMessage(id: string): string {
    return (
      `${this.ctx.def.name} (${id}) that is already configured in the account. If another resource of this program ` +
      `configures it, keep one of them; if it belongs to a resource of this program that was renamed or given another ` +
      `parent, add an alias to the resource; if it was configured outside this program, add \`${importIdKey}: "${id}"\` ` +
      `to the resource to manage it (its configuration is then replaced by the program's)`
    );
  }
}

/** A slot's parent (its path without the last segment) and the parent's field that holds it (that segment). */
function splitSlotPath(path: string): { parent: string; field: string } {
  const cut = path.lastIndexOf("/");
  return { parent: path.slice(0, cut), field: path.slice(cut + 1) };
}
