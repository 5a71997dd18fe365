/**
 * The one object of its kind in the account (the AI Gateway's configuration): GET and PATCH at a
 * fixed path, never made or removed. A create writes every input the program sets (the others
 * keep the service's values, which are outputs); an update PATCHes what changed; a delete PATCHes
 * the service's defaults back, as users expect of a singleton they stop managing.
 */
import { ApiError } from "../../client/errors";
import type { ApiObject, Props, SingletonBinding } from "../../definitions/types";
import { createBody, inputProperties, isAbsent, patchBody } from "../values";
import type { Wire, WireContext } from "./wire";

export class SingletonWire implements Wire {
  readonly pathInputs: ReadonlySet<string> = new Set();

  constructor(
    private readonly ctx: WireContext,
    private readonly binding: SingletonBinding,
  ) {}

  idOf(): string {
    return this.binding.id;
  }

  locate(_id: string, props: Props): Props {
    return props;
  }

  async create(inputs: Props): Promise<{ id: string; api: ApiObject }> {
    const body = createBody(this.ctx.def, inputs, this.pathInputs);
    // Inputs the program leaves out are the service's defaults: written too, so that what was set
    // by hand before is not kept unseen.
    const api = await this.ctx.client().patch<ApiObject>(this.binding.path, { ...this.binding.reset, ...body });
    return { id: this.binding.id, api };
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

  async delete(): Promise<void> {
    await this.ctx.client().patch<ApiObject>(this.binding.path, this.binding.reset);
  }
}
