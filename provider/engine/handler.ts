/**
 * The dynamic-provider operations for any resource definition. Each method has the shape the
 * Pulumi dynamic-provider host calls: check, diff, create, read, update, delete.
 */
import type { ApiClient } from "../client/http";
import { ApiError } from "../client/errors";
import type { ApiObject, Props, ResourceDefinition } from "../definitions/types";
import { importIdKey } from "./adopt";
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

/** The service's code for "you already reserved this" (ERR_NGROK_414 is another account's). */
const duplicateCode = "ERR_NGROK_413";
/** The service's code for "the referenced resource does not exist". */
const missingReferenceCode = "ERR_NGROK_380";

/** Operations of one resource kind; `client` is resolved per call from the configured settings. */
export class ResourceHandler {
  constructor(
    readonly def: ResourceDefinition,
    private readonly client: () => ApiClient,
  ) {}

  async check(olds: Props, news: Props): Promise<CheckResult> {
    const inputs: Props = {};
    for (const [k, v] of Object.entries(news)) if (v !== undefined) inputs[k] = v;
    const failures = checkInputs(this.def, news);
    // A resource about to be created by adoption: verify at preview what `up` would find.
    const adopting = typeof news[importIdKey] === "string" && !containsUnknown(news[importIdKey]);
    if (adopting && failures.length === 0 && !hasInputs(olds)) failures.push(...(await this.adoptionProblems(news)));
    return { inputs, failures };
  }

  /** Why adopting `inputs.importId` would fail; nothing when it cannot be told (no key, API down). */
  private async adoptionProblems(inputs: Props): Promise<CheckFailure[]> {
    try {
      await this.readForAdoption(inputs[importIdKey] as string, inputs);
      return [];
    } catch (err) {
      if (err instanceof AdoptionError) return [{ property: err.property, reason: err.message }];
      return [];
    }
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
    const adopt = inputs[importIdKey];
    if (typeof adopt === "string" && adopt !== "") return this.adopt(adopt, inputs);
    const body: ApiObject = {};
    for (const [name, prop] of inputProperties(this.def)) {
      if (!isAbsent(inputs[name])) body[prop.input.api] = toApiValue(prop.type, inputs[name]);
    }
    let created: ApiObject;
    try {
      created = await this.client().post<ApiObject>(this.def.path, body);
    } catch (err) {
      throw this.withReferenceHint(await this.withAdoptionHint(err, inputs), inputs);
    }
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
    const body = this.patchBody(olds, news);
    const path = this.itemPath(id);
    let current: ApiObject;
    try {
      current = Object.keys(body).length > 0 ? await this.client().patch<ApiObject>(path, body) : await this.client().get<ApiObject>(path);
    } catch (err) {
      throw this.withReferenceHint(err, news);
    }
    return { outs: toOutputs(this.def, current, mergeDefined(olds, news)) };
  }

  /** Takes over an existing resource: immutable inputs must match, mutable ones are applied. */
  private async adopt(id: string, inputs: Props): Promise<CreateResult> {
    const current = await this.readForAdoption(id, inputs);
    return { id, outs: (await this.update(id, current, inputs)).outs };
  }

  /** The existing resource's outputs; fails when it is missing or an immutable input differs. */
  private async readForAdoption(id: string, inputs: Props): Promise<Props> {
    let existing: ApiObject;
    try {
      existing = await this.client().get<ApiObject>(this.itemPath(id));
    } catch (err) {
      if (err instanceof ApiError && err.notFound) {
        throw new AdoptionError(importIdKey, `${this.def.name} ${id} (${importIdKey}) does not exist, so it cannot be adopted`);
      }
      throw err;
    }
    const current = toOutputs(this.def, existing, inputs);
    for (const [name, prop] of inputProperties(this.def)) {
      if (prop.input.onChange !== "replace" || sameInput(prop, current[name], inputs[name])) continue;
      throw new AdoptionError(
        name,
        `cannot adopt ${this.def.name} ${id}: its ${name} is ${JSON.stringify(current[name] ?? null)} but the program's is ` +
          `${JSON.stringify(inputs[name])}, and ${name} cannot be changed in place (if this is a replacement, remove ${importIdKey} from the program)`,
      );
    }
    return current;
  }

  /** The PATCH body that turns `olds` (outputs) into `news` (inputs): changed mutable fields only. */
  private patchBody(olds: Props, news: Props): ApiObject {
    const body: ApiObject = {};
    for (const [name, prop] of inputProperties(this.def)) {
      if (prop.input.onChange !== "update" || prop.input.updatable === false) continue;
      if (sameInput(prop, olds[name], news[name])) continue;
      const value = isAbsent(news[name]) ? emptyValue(prop.type) : news[name];
      body[prop.input.api] = toApiValue(prop.type, value);
    }
    return body;
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

  /**
   * A create refused because the unique key is taken (a run interrupted after the service created
   * the resource, or a resource made by hand): say which resource holds it and how to adopt it.
   */
  private async withAdoptionHint(err: unknown, inputs: Props): Promise<unknown> {
    const key = this.def.uniqueKey;
    if (!key || !(err instanceof ApiError) || err.status !== 400 || err.errorCode !== duplicateCode) return err;
    const prop = this.def.properties[key]!;
    try {
      for await (const item of this.client().list<ApiObject>(this.def.path, this.def.listKey)) {
        if (typeof item.id === "string" && sameInput(prop, toOutputs(this.def, item, inputs)[key], inputs[key])) {
          const hint = `This account already has it as ${this.def.name} ${item.id}: to manage that one, add \`${importIdKey}: "${item.id}"\` to the resource`;
          return new ApiError(err.status, err.errorCode, err.apiMessage, err.operationId, err.method, err.path, hint);
        }
      }
    } catch {
      // The hint is a courtesy: keep the original error if the lookup fails.
    }
    return err;
  }

  /**
   * The service refused a reference to a resource that does not exist (ERR_NGROK_380): name the
   * program's property holding it (a reference input, with an `idPrefix`), never its value.
   */
  private withReferenceHint(err: unknown, inputs: Props): unknown {
    if (!(err instanceof ApiError) || err.errorCode !== missingReferenceCode || err.hint !== undefined) return err;
    const named = inputProperties(this.def)
      .filter(([name, prop]) => {
        const type = prop.type.kind === "array" ? prop.type.items : prop.type;
        if (type.kind !== "string" || type.idPrefix === undefined) return false;
        const ids = [inputs[name]].flat().filter((v): v is string => typeof v === "string" && v !== "");
        return ids.some((id) => err.apiMessage.includes(id));
      })
      .map(([name]) => name);
    if (named.length === 0) return err;
    const hint = `${named.join(", ")} ${named.length > 1 ? "refer" : "refers"} to a resource that does not exist: check the id, or create that resource first`;
    return new ApiError(err.status, err.errorCode, err.apiMessage, err.operationId, err.method, err.path, hint);
  }

  private keepsUniqueKey(olds: Props, news: Props): boolean {
    const key = this.def.uniqueKey;
    if (!key) return false;
    const prop = this.def.properties[key];
    if (!prop || containsUnknown(news[key])) return false;
    return sameInput(prop, olds[key], news[key]);
  }
}

/** The old outputs with the program's inputs over them (e.g. a newly set certificateId). */
function mergeDefined(olds: Props, news: Props): Props {
  const merged: Props = { ...olds };
  for (const [k, v] of Object.entries(news)) if (v !== undefined) merged[k] = v;
  return merged;
}

/** Adoption is impossible; `property` names the input at fault. */
class AdoptionError extends Error {
  constructor(
    readonly property: string,
    message: string,
  ) {
    super(message);
  }
}

/** Whether a Check's old inputs belong to an existing resource (a new one has none). */
function hasInputs(olds: Props): boolean {
  return Object.keys(olds).some((k) => !k.startsWith("__"));
}
