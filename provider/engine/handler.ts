/**
 * The dynamic-provider operations for any resource definition. Each method has the shape the
 * Pulumi dynamic-provider host calls: check, diff, create, read, update, delete.
 */
import type { ApiClient } from "../client/http";
import { ApiError } from "../client/errors";
import type { ApiObject, Props, ResourceDefinition } from "../definitions/types";
import { checkInputs, type CheckFailure } from "./check";
import { containsUnknown, inputProperties, isAbsent, sameInput, toApiValue, toOutputs, emptyValue } from "./values";

export interface CheckResult {
  inputs: Props;
  failures: CheckFailure[];
}
export interface DiffResult {
  changes: boolean;
  replaces: string[];
  deleteBeforeReplace: boolean;
}
export interface CreateResult {
  id: string;
  outs: Props;
}
export interface ReadResult {
  id: string;
  props: Props;
}
export interface UpdateResult {
  outs: Props;
}

/** Operations of one resource kind; `client` is resolved per call from the configured settings. */
export class ResourceHandler {
  constructor(
    readonly def: ResourceDefinition,
    private readonly client: () => ApiClient,
  ) {}

  async check(_olds: Props, news: Props): Promise<CheckResult> {
    const inputs: Props = {};
    for (const [k, v] of Object.entries(news)) if (v !== undefined) inputs[k] = v;
    return { inputs, failures: checkInputs(this.def, news) };
  }

  async diff(_id: string, olds: Props, news: Props): Promise<DiffResult> {
    const replaces: string[] = [];
    let changes = false;
    for (const [name, prop] of inputProperties(this.def)) {
      const unknown = containsUnknown(news[name]);
      if (!unknown && sameInput(prop, olds[name], news[name])) continue;
      changes = true;
      if (prop.input.onChange === "replace") replaces.push(name);
    }
    return { changes, replaces, deleteBeforeReplace: replaces.length > 0 && this.keepsUniqueKey(olds, news) };
  }

  async create(inputs: Props): Promise<CreateResult> {
    const body: ApiObject = {};
    for (const [name, prop] of inputProperties(this.def)) {
      if (!isAbsent(inputs[name])) body[prop.input.api] = toApiValue(prop.type, inputs[name]);
    }
    const created = await this.client().post<ApiObject>(this.def.path, body);
    const id = created?.id;
    if (typeof id !== "string" || id === "") {
      throw new Error(`${this.def.name}: the API's create response has no id`);
    }
    return { id, outs: toOutputs(this.def, created, inputs) };
  }

  async read(id: string, props: Props = {}): Promise<ReadResult> {
    try {
      const current = await this.client().get<ApiObject>(this.itemPath(id));
      return { id, props: toOutputs(this.def, current, props) };
    } catch (err) {
      // Gone: an empty id tells the engine to drop the resource from state.
      if (err instanceof ApiError && err.notFound) return { id: "", props: {} };
      throw err;
    }
  }

  async update(id: string, olds: Props, news: Props): Promise<UpdateResult> {
    const body: ApiObject = {};
    for (const [name, prop] of inputProperties(this.def)) {
      if (prop.input.onChange !== "update" || prop.input.updatable === false) continue;
      if (sameInput(prop, olds[name], news[name])) continue;
      const value = isAbsent(news[name]) ? emptyValue(prop.type) : news[name];
      body[prop.input.api] = toApiValue(prop.type, value);
    }
    const path = this.itemPath(id);
    const current =
      Object.keys(body).length > 0
        ? await this.client().patch<ApiObject>(path, body)
        : await this.client().get<ApiObject>(path);
    // Prior state: the old outputs, with the program's inputs over them (e.g. a newly set certificateId).
    const prior: Props = { ...olds };
    for (const [k, v] of Object.entries(news)) if (v !== undefined) prior[k] = v;
    return { outs: toOutputs(this.def, current, prior) };
  }

  async delete(id: string): Promise<void> {
    try {
      await this.client().delete(this.itemPath(id));
    } catch (err) {
      if (err instanceof ApiError && err.notFound) return; // already gone
      throw err;
    }
  }

  private itemPath(id: string): string {
    if (!id.startsWith(`${this.def.idPrefix}_`)) {
      throw new Error(`${this.def.name} ids start with "${this.def.idPrefix}_"; "${id}" is not one`);
    }
    return `${this.def.path}/${encodeURIComponent(id)}`;
  }

  private keepsUniqueKey(olds: Props, news: Props): boolean {
    const key = this.def.uniqueKey;
    if (!key) return false;
    const prop = this.def.properties[key];
    if (!prop || containsUnknown(news[key])) return false;
    return sameInput(prop, olds[key], news[key]);
  }
}
