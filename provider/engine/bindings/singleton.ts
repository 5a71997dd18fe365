/**
 * The one object of its kind in the account (the AI Gateway's configuration): GET and PATCH at a
 * fixed path, never made or removed. A create writes every input the program sets (the others
 * keep the service's values, which are outputs); an update PATCHes what changed; a delete PATCHes
 * the service's defaults back, as users expect of a singleton they stop managing. One resource of
 * the program holds it, as a slot is held: a second is refused (at preview when the first exists
 * already, at `up` before it writes anything), since two would overwrite each other at every `up`.
 */
import { ApiError } from "../../client/errors";
import type { ApiObject, Props, SingletonBinding } from "../../contract";
import { createBody, inputProperties, isAbsent, patchBody } from "../values";
import type { CheckFailure } from "../check";
import type { Wire, WireContext } from "./wire";
import { SlotState, duplicateSlot, resourceNameKey } from "./slot-state";

/** The singletons a create of this process wrote: the program's own settings, which a delete must not reset. */
class SingletonWrites {
  readonly written = new Set<string>();
}

export class SingletonWire implements Wire {
  readonly pathInputs: ReadonlySet<string> = new Set();
  /**
   * The one object is written by a create and reset by a delete: a replace deletes first, or the
   * old resource's reset would undo the new one's write.
   */
  readonly deletesBeforeReplace = true;
  /** What this process knows of the program's holders of slots and singletons. */
  private readonly slots: SlotState;
  private readonly writes: SingletonWrites;

  constructor(
    private readonly ctx: WireContext,
    private readonly binding: SingletonBinding,
  ) {
    this.slots = ctx.state.part(SlotState, () => new SlotState());
    this.writes = ctx.state.part(SingletonWrites, () => new SingletonWrites());
  }

  idOf(): string {
    return this.binding.id;
  }

  /** The program's inputs without the resource's name, which its SDK class sends for messages that name it. */
  fromProgram(news: Props): Props {
    const { [resourceNameKey]: name, ...rest } = news;
    if (typeof name === "string") this.slots.recordName(this.ctx.def.name, this.binding.id, name);
    return rest;
  }

  /** A new resource while another of the program holds the singleton: told at preview, as `up` would refuse it. */
  problemsOfNew(): Promise<CheckFailure[]> {
    const { name } = this.ctx.def;
    const { id } = this.binding;
    return Promise.resolve(this.slots.holdsSlot(name, id) ? [{ path: "", message: duplicateSlot(name, id, this.slots.namesOf(name, id)) }] : []);
  }

  /** An existing resource holds the singleton for this run. */
  holdExisting(): void {
    this.slots.claimSlot(this.ctx.def.name, this.binding.id);
  }

  locate(_id: string, props: Props): Props {
    return props;
  }

  async create(inputs: Props): Promise<{ id: string; api: ApiObject }> {
    const { name } = this.ctx.def;
    const { id } = this.binding;
    if (!this.slots.claimSlot(name, id)) throw new Error(duplicateSlot(name, id, this.slots.namesOf(name, id)));
    const body = createBody(this.ctx.def, inputs, this.pathInputs);
    try {
      // Inputs the program leaves out are the service's defaults: written too, so that what was set
      // by hand before is not kept unseen.
      const api = await this.ctx.client().patch<ApiObject>(this.binding.path, { ...this.binding.reset, ...body });
      this.writes.written.add(name);
      return { id, api };
    } catch (err) {
      this.slots.releaseSlot(name, id);
      throw err;
    }
  }

  async read(id: string = this.binding.id): Promise<ApiObject> {
    // Any other id names nothing: the kind has one object, whose id is the binding's.
    if (id !== this.binding.id) throw new ApiError(404, undefined, `there is one ${this.ctx.def.name}, ${this.binding.id}`, undefined, "GET", this.binding.path);
    return this.ctx.client().get<ApiObject>(this.binding.path);
  }

  async update(_id: string, olds: Props, news: Props): Promise<ApiObject> {
    const body = patchBody(this.ctx.def, olds, news);
    // An input the program no longer sets goes back to the service's default (`null` for a cap: none).
    for (const [name, prop] of inputProperties(this.ctx.def)) {
      if (!isAbsent(news[name]) || !(prop.input.api in this.binding.reset)) continue;
      if (isAbsent(olds[name])) delete body[prop.input.api];
      else body[prop.input.api] = this.binding.reset[prop.input.api];
    }
    if (Object.keys(body).length === 0) return this.read();
    return this.ctx.client().patch<ApiObject>(this.binding.path, body);
  }

  /**
   * Puts ngrok's defaults back, unless a create of this run wrote the program's settings: the engine
   * creates a resource before it deletes the one the program no longer has, so a singleton renamed
   * without an alias is deleted after its successor wrote (a replace deletes first, see the handler).
   */
  async delete(): Promise<void> {
    const { name } = this.ctx.def;
    try {
      if (this.writes.written.has(name)) return;
      await this.ctx.client().patch<ApiObject>(this.binding.path, this.binding.reset);
    } finally {
      this.writes.written.delete(name);
      this.slots.releaseSlot(name, this.binding.id);
    }
  }
}
