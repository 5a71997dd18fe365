/**
 * The dynamic-provider operations for any resource definition. Each method has the shape the
 * Pulumi dynamic-provider host calls: check, diff, create, read, update, delete.
 */
import type { ApiClient } from "../client/http";
import { ApiError } from "../client/errors";
import type { ApiObject, Props, ResourceDefinition } from "../definitions/types";
import { importIdKey } from "./adopt";
import { apiErrorInProgramTerms } from "./api-terms";
import { checkInputs, forEngine, type CheckFailure } from "./check";
import { fillPath, idForm, keyedId, keysFromId, pathProperties } from "./locate";
import { conflictFailures, recordProgramInputs } from "./ownership";
import { ListReads } from "./read-batch";
import { CreateRecovery } from "./recover";
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

export interface HandlerOptions {
  /** Whether reads may be served from walks of the kind's list (read-batch.ts); default yes. */
  readFromLists?: () => boolean;
}

/** The service's code for "you already reserved this" (ERR_NGROK_414 is another account's). */
const duplicateCode = "ERR_NGROK_413";
/** The service's code for "the referenced resource does not exist". */
const missingReferenceCode = "ERR_NGROK_380";

/** Operations of one resource kind; `client` is resolved per call from the configured settings. */
export class ResourceHandler {
  /** Inputs that locate the resource (path placeholders): sent in paths, kept from inputs in outputs. */
  private readonly located: Set<string>;
  /** Slots of keyed "put" resources created by this process, so two resources cannot claim one. */
  private readonly claimed = new Set<string>();
  /** Reads served from list pages: for top-level collections with a list (not keyed, not under a parent). */
  private readonly lists: ListReads | undefined;
  /** Creates whose answer was lost. */
  private readonly recovery: CreateRecovery;

  constructor(
    readonly def: ResourceDefinition,
    private readonly client: () => ApiClient,
    private readonly options: HandlerOptions = {},
  ) {
    this.located = new Set([...pathProperties(def.path), ...pathProperties(def.keyed?.itemPath ?? "")]);
    const listed = def.listKey !== undefined && !def.keyed && this.located.size === 0;
    this.lists = listed ? new ListReads(def.path, def.listKey!) : undefined;
    this.recovery = new CreateRecovery({
      def,
      client,
      outputsOf: (api, prior) => this.outputsOf(api, prior),
      itemPath: (id, located) => this.itemPath(id, located),
    });
  }

  async check(olds: Props, news: Props): Promise<CheckResult> {
    const inputs: Props = {};
    for (const [k, v] of Object.entries(news)) if (v !== undefined) inputs[k] = v;
    const failures = [...checkInputs(this.def, news), ...conflictFailures(this.def, news)];
    // A resource about to be created by adoption: verify at preview what `up` would find.
    const adopting = typeof news[importIdKey] === "string" && !containsUnknown(news[importIdKey]);
    if (adopting && failures.length === 0 && !hasInputs(olds)) failures.push(...(await this.adoptionProblems(news)));
    if (this.def.keyed?.write === "put") {
      // An existing slot resource that stays in its slot holds it for this run: another resource of
      // the program that claims it is refused (the engine checks every resource of the program).
      if (hasInputs(olds)) this.holdSlot(olds, news);
      // A new one: tell at preview what `up` would refuse (a slot taken by the program or outside it).
      else if (!adopting && isAbsent(news[importIdKey]) && failures.length === 0) failures.push(...(await this.slotProblems(news)));
    }
    return { inputs, failures: forEngine(failures) };
  }

  private holdSlot(olds: Props, news: Props): void {
    const keys = this.def.keyed!.keys;
    if (keys.some((k) => typeof news[k] !== "string" || containsUnknown(news[k]) || news[k] !== olds[k])) return;
    this.claimed.add(keyedId(this.def, news));
  }

  /** Why claiming the slot of `inputs` would fail; nothing when it cannot be told (unknown keys, API down). */
  private async slotProblems(inputs: Props): Promise<CheckFailure[]> {
    const keys = this.def.keyed!.keys;
    if (keys.some((k) => isAbsent(inputs[k]) || containsUnknown(inputs[k]))) return [];
    const id = keyedId(this.def, inputs);
    const named = keys.length > 1 ? `${keys.slice(0, -1).join(", ")} and ${keys[keys.length - 1]} name` : `${keys[0]} names`;
    const property = keys[0]!;
    if (this.claimed.has(id)) return [{ property, reason: `${named} the same ${this.def.name} (${id}) as another resource of this program: keep one of them` }];
    try {
      if (!(await this.exists(this.itemPath(id, inputs)))) return [];
    } catch {
      return [];
    }
    const article = /^(Https|[AEIOU])/.test(this.def.name) ? "an" : "a";
    return [{ property, reason: `${named} ${article} ${this.takenMessage(id)}` }];
  }

  /** Why a slot cannot be claimed: it is configured outside the program. */
  private takenMessage(id: string): string {
    return (
      `${this.def.name} (${id}) that is already configured in the account. If another resource of this program ` +
      `configures it, keep one of them; if it belongs to a resource of this program that was renamed or given another ` +
      `parent, add an alias to the resource; if it was configured outside this program, add \`${importIdKey}: "${id}"\` ` +
      `to the resource to manage it (its configuration is then replaced by the program's)`
    );
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

  async diff(id: string, olds: Props, news: Props): Promise<DiffResult> {
    recordProgramInputs(this.def, id, news);
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
    const keyed = this.def.keyed;
    if (keyed?.write === "put") return this.claim(keyedId(this.def, inputs), inputs);
    let created: ApiObject;
    try {
      // When the answer is lost, this finds what the request made rather than leave a duplicate to the next `up`.
      created = await this.written(this.recovery.create(fillPath(this.def, this.def.path, inputs), this.requestBody(inputs, this.def.path), inputs));
    } catch (err) {
      throw await this.withAdoptionHint(this.inProgramTerms(err, inputs), inputs);
    }
    const id = keyed ? keyedId(this.def, inputs) : created?.id;
    if (typeof id !== "string" || id === "") {
      throw new Error(`${this.def.name}: the API's create response has no id`);
    }
    recordProgramInputs(this.def, id, inputs);
    return { id, outs: this.outputsOf(created, inputs) };
  }

  /**
   * Creates a keyed "put" resource: its slot must be free, both in the account (a configuration
   * made outside this program is adopted only through importId) and among this program's resources.
   */
  private async claim(id: string, inputs: Props): Promise<CreateResult> {
    if (this.claimed.has(id)) {
      throw new Error(`two resources of this program configure the same ${this.def.name} (${id}): keep one of them`);
    }
    this.claimed.add(id);
    try {
      const path = this.itemPath(id, inputs);
      if (await this.exists(path)) throw new Error(`cannot create the ${this.takenMessage(id)}`);
      const written = await this.written(this.client().put<ApiObject>(path, this.requestBody(inputs, this.def.keyed!.itemPath)));
      return { id, outs: this.outputsOf(written, inputs) };
    } catch (err) {
      this.claimed.delete(id);
      throw this.inProgramTerms(err, inputs);
    }
  }

  private async exists(path: string): Promise<boolean> {
    try {
      await this.client().get<ApiObject>(path);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.notFound) return false;
      throw err;
    }
  }

  async read(id: string, props: Props = {}): Promise<ReadResult> {
    try {
      const located = { ...props, ...keysFromId(this.def, id) };
      const current = await this.getItem(id, located);
      return { id, props: this.outputsOf(current, located) };
    } catch (err) {
      // Gone: an empty id tells the engine to drop the resource from state.
      if (err instanceof ApiError && err.notFound) return { id: "", props: {} };
      throw err;
    }
  }

  async update(id: string, olds: Props, news: Props): Promise<UpdateResult> {
    recordProgramInputs(this.def, id, news);
    const merged = mergeDefined(olds, news);
    const path = this.itemPath(id, merged);
    let current: ApiObject;
    try {
      if (this.def.keyed?.write === "put") {
        // A slot is written whole: what the program leaves out goes back to the service's default.
        current = await this.written(this.client().put<ApiObject>(path, this.requestBody(news, this.def.keyed.itemPath)));
      } else {
        const body = this.patchBody(olds, news);
        current = Object.keys(body).length > 0 ? await this.written(this.client().patch<ApiObject>(path, body)) : await this.client().get<ApiObject>(path);
      }
    } catch (err) {
      throw this.inProgramTerms(err, news);
    }
    return { outs: this.outputsOf(current, merged) };
  }

  /** The body of a create (or a whole-slot PUT) to `template`: every input set, except those in the path. */
  private requestBody(inputs: Props, template: string): ApiObject {
    const inPath = pathProperties(template);
    const body: ApiObject = {};
    for (const [name, prop] of inputProperties(this.def)) {
      const value = isAbsent(inputs[name]) ? prop.input.createDefault : inputs[name];
      if (!inPath.has(name) && !isAbsent(value)) body[prop.input.api] = toApiValue(prop.type, value);
    }
    return body;
  }

  /** Outputs of an API object; inputs that locate the resource are not in its body, so they come from `prior`. */
  private outputsOf(api: ApiObject, prior: Props): Props {
    const outs = toOutputs(this.def, api ?? {}, prior);
    for (const name of this.located) if (isAbsent(outs[name]) && !isAbsent(prior[name])) outs[name] = prior[name];
    return outs;
  }

  /** Takes over an existing resource: immutable inputs must match, mutable ones are applied. */
  private async adopt(id: string, inputs: Props): Promise<CreateResult> {
    const current = await this.readForAdoption(id, inputs);
    return { id, outs: (await this.update(id, current, inputs)).outs };
  }

  /** The existing resource's outputs; fails when it is missing or an immutable input differs. */
  private async readForAdoption(id: string, inputs: Props): Promise<Props> {
    if (this.def.keyed && !containsUnknown(inputs) && id !== keyedId(this.def, inputs)) {
      throw new AdoptionError(importIdKey, `${importIdKey} of a keyed ${this.def.name} must be its own ${idForm(this.def)}`);
    }
    let existing: ApiObject;
    try {
      existing = await this.getItem(id, { ...inputs, ...keysFromId(this.def, id) });
    } catch (err) {
      if (err instanceof ApiError && err.notFound) {
        throw new AdoptionError(
          importIdKey,
          `${importIdKey} names no existing ${this.def.name}, so there is nothing to adopt (remove ${importIdKey} to create a new one)`,
        );
      }
      throw this.inProgramTerms(err, inputs);
    }
    const current = this.outputsOf(existing, inputs);
    for (const [name, prop] of inputProperties(this.def)) {
      if (prop.input.onChange !== "replace" || sameInput(prop, current[name], inputs[name])) continue;
      // Neither value is quoted: the engine prints errors in clear, and either may be a secret.
      throw new AdoptionError(
        name,
        `${name} differs from the ${name} of the ${this.def.name} that ${importIdKey} names, and ${name} cannot be changed ` +
          `in place, so it cannot be adopted: make them match (if this is a replacement, remove ${importIdKey} from the program)`,
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
      const value = isAbsent(news[name]) ? (prop.input.default ?? emptyValue(prop.type)) : news[name];
      body[prop.input.api] = toApiValue(prop.type, value);
    }
    return body;
  }

  async delete(id: string, props: Props = {}): Promise<void> {
    try {
      await this.written(this.client().delete(this.itemPath(id, props)));
    } catch (err) {
      if (err instanceof ApiError && err.notFound) return; // already gone
      throw err;
    } finally {
      this.claimed.delete(id);
    }
  }

  /** The item as the API answers a GET of it; concurrent reads of a listed kind share list pages instead. */
  private getItem(id: string, located: Props): Promise<ApiObject> {
    const client = this.client();
    const path = this.itemPath(id, located);
    const get = () => client.get<ApiObject>(path);
    return this.lists && (this.options.readFromLists?.() ?? true) ? this.lists.read(client, id, get) : get();
  }

  /** A write's answer; whatever its outcome, list pages read before it may be stale. */
  private async written<T>(write: Promise<T>): Promise<T> {
    try {
      return await write;
    } finally {
      this.lists?.invalidate();
    }
  }

  /** The item's path: from its keys for a keyed resource, else under its collection (placeholders from `located`). */
  private itemPath(id: string, located: Props): string {
    const keys = keysFromId(this.def, id);
    if (this.def.keyed) {
      if (!keys) throw new Error(`${this.def.name} ids have the form ${idForm(this.def)}; "${id}" is not one`);
      return fillPath(this.def, this.def.keyed.itemPath, keys);
    }
    if (this.def.idPrefix && !id.startsWith(`${this.def.idPrefix}_`)) {
      throw new Error(`${this.def.name} ids start with "${this.def.idPrefix}_"; "${id}" is not one`);
    }
    return `${fillPath(this.def, this.def.path, located)}/${encodeURIComponent(id)}`;
  }

  /** An API error the definition knows the cause of (an input): the API's message, and what to do. */
  private withErrorHint(err: unknown): unknown {
    const hint = err instanceof ApiError && err.errorCode && !err.hint ? this.def.errorHints?.[err.errorCode] : undefined;
    if (!hint || !(err instanceof ApiError)) return err;
    return new ApiError(err.status, err.errorCode, err.apiMessage, err.operationId, err.method, err.path, hint);
  }

  /**
   * A create refused because the unique key is taken (a run interrupted after the service created
   * the resource, or a resource made by hand): say which resource holds it and how to adopt it.
   */
  private async withAdoptionHint(err: unknown, inputs: Props): Promise<unknown> {
    const key = this.def.uniqueKey;
    const listKey = this.def.listKey;
    if (!key || !listKey || !(err instanceof ApiError) || err.status !== 400 || err.errorCode !== duplicateCode) return err;
    const prop = this.def.properties[key]!;
    try {
      for await (const item of this.client().list<ApiObject>(fillPath(this.def, this.def.path, inputs), listKey)) {
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
  /** An API error in the program's terms: its field names and quoted inputs mapped, missing references named. */
  private inProgramTerms(err: unknown, inputs: Props): unknown {
    return apiErrorInProgramTerms(this.def, this.withErrorHint(this.withReferenceHint(err, inputs)), inputs);
  }

  private withReferenceHint(err: unknown, inputs: Props): unknown {
    if (!(err instanceof ApiError) || err.errorCode !== missingReferenceCode || err.hint !== undefined) return err;
    const named = inputProperties(this.def)
      .filter(([name, prop]) => {
        const type = prop.type.kind === "array" ? prop.type.items : prop.type;
        if (type.kind !== "string" || type.idPrefix === undefined) return false;
        const ids = [inputs[name]].flat().filter((v): v is string => typeof v === "string" && v !== "");
        // The id as the API quoted it, or already replaced by the property's path (`<backends[1]>`).
        return err.apiMessage.includes(`<${name}>`) || err.apiMessage.includes(`<${name}[`) || ids.some((id) => err.apiMessage.includes(id));
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
