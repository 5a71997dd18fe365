/**
 * The operations of a resource kind with a REST binding: check, diff, create, read, update,
 * delete. The flow is the same for every kind; the wire work is its binding's (bindings/), and
 * every failure is explained once, here, as it leaves.
 */
import { systemClock } from "../../clock";
import { ApiError, keyRefused } from "../client/errors";
import { type ApiObject, type BoundDefinition, type CheckFailure, type CheckResult, type CreateResult, type DiffResult, type Handler, type KindContext, type Props, type ReadResult, silentEvents, type UpdateResult } from "../contract";
import { importIdKey } from "./adopt";
import { explain } from "./api-terms";
import { apiOf, wireFor, type Wire } from "./bindings";
import { checkProgram } from "./check";
import { keyProblems, keyRefusedBefore } from "./key-check";
import { idForm } from "./locate";
import { ProgramState } from "./ownership";
import { accountNotes, deprecationWarnings, inputNotes, referenceProblems } from "./references";
import { containsUnknown, inputProperties, isAbsent, sameInput, toOutputs } from "./values";

export type { CheckResult, CreateResult, DiffResult, ReadResult, UpdateResult } from "../contract";

/**
 * A handler's context: the client, and whatever else the defaults do not give (a fresh state, no
 * events, reads from lists, no other kinds: the ids it names are not looked up).
 */
export type HandlerContext = Pick<KindContext, "client"> & Partial<KindContext>;

export interface HandlerOptions {
  /** Reads answer the properties only lookups answer (`lookupOnly`): the lookups' handlers. */
  forLookups?: boolean;
}

/** The service's code for "you already reserved this" (ERR_NGROK_414 is another account's). */
const duplicateCode = "ERR_NGROK_413";

/** Operations of one resource kind; its client is asked for at each call that needs one. */
export class ResourceHandler implements Handler {
  private readonly wire: Wire;
  private readonly ctx: KindContext;
  private readonly forLookups: boolean;
  /** The read that checks the key of the kind's API at preview. */
  private readonly keyProbe: string;

  constructor(
    readonly def: BoundDefinition,
    ctx: HandlerContext,
    options: HandlerOptions = {},
  ) {
    const merged: KindContext = {
      state: new ProgramState(),
      events: silentEvents,
      clock: systemClock,
      readFromLists: () => true,
      kinds: [],
      aiGatewayClient: () => ctx.client(),
      ...ctx,
    };
    // A kind does all its work, key check and reference checks included, with its API's client.
    const api = apiOf(def, merged);
    this.keyProbe = api.keyProbe;
    this.ctx = { ...merged, client: api.client };
    this.forLookups = options.forLookups ?? false;
    const { client, state, readFromLists, events } = this.ctx;
    this.wire = wireFor({ def, client, state, readFromLists, events, outputsOf: (api, prior) => this.outputsOf(api, prior) });
  }

  async check(olds: Props, news: Props): Promise<CheckResult> {
    news = this.wire.fromProgram?.(news) ?? news;
    if (hasInputs(olds)) this.wire.holdExisting?.(olds, news);
    // importId acts only at creation: once the program drops it, the inputs keep the old one, so
    // that the engine's diff of the next change does not list `-importId`.
    if (hasInputs(olds) && isAbsent(news[importIdKey]) && !isAbsent(olds[importIdKey])) news = { ...news, [importIdKey]: olds[importIdKey] };
    deprecationWarnings(this.def, news, this.ctx.events);
    return checkProgram(this.def, news, this.ctx.state.conflictFailures(this.def, news), async () => {
      inputNotes(this.def, olds, news, this.ctx.events);
      const key = await keyProblems(this.ctx.client, this.ctx.state, this.keyProbe);
      if (key.length > 0) return key;
      const references = await referenceProblems(this.def, olds, news, this.ctx.client, this.ctx.state, this.ctx.kinds);
      if (references.length > 0) return references;
      await accountNotes(this.def, olds, news, this.ctx.client, this.ctx.state, this.ctx.events);
      return this.problemsAtCreate(olds, news);
    });
  }

  /** What `up` would find when it creates the resource, told at preview: an adoption's target, a new resource's place. */
  private async problemsAtCreate(olds: Props, news: Props): Promise<readonly CheckFailure[]> {
    if (hasInputs(olds)) return [];
    const adopt = news[importIdKey];
    if (isAbsent(adopt)) return (await this.wire.problemsOfNew?.(news)) ?? [];
    return containsUnknown(adopt) ? [] : this.adoptionProblems(news);
  }

  async diff(id: string, olds: Props, news: Props): Promise<DiffResult> {
    this.ctx.state.recordInputs(this.def, id, news);
    const replaces: string[] = [];
    const changed: string[] = [];
    for (const [name, prop] of inputProperties(this.def)) {
      if (prop.deprecated) continue;
      const unknown = containsUnknown(news[name]);
      if (!unknown && sameInput(prop, olds[name], news[name])) continue;
      // A required input the API never returns, absent from the state, was read without it (an
      // import): nothing to compare. An optional one may simply have been unset.
      if (prop.writeOnly && prop.input.required && isAbsent(olds[name])) continue;
      changed.push(name);
      if (prop.input.onChange === "replace") replaces.push(name);
    }
    const deleteFirst = this.wire.deletesBeforeReplace === true || (replaces.length > 0 && this.keepsUniqueKey(olds, news));
    return { changes: changed.length > 0, changed, replaces, deleteBeforeReplace: deleteFirst };
  }

  async create(inputs: Props): Promise<CreateResult> {
    try {
      const adopt = inputs[importIdKey];
      if (typeof adopt === "string" && adopt !== "") return await this.adopt(adopt, inputs);
      const { id, api } = await this.wire.create(inputs);
      this.ctx.state.recordInputs(this.def, id, inputs);
      return { id, outs: this.outputsOf(api, inputs) };
    } catch (err) {
      throw await this.withAdoptionHint(this.explain(err, inputs), inputs);
    }
  }

  /** `everything`: every field the API answers (a read with no program: `get`, a lookup). */
  async read(id: string, props: Props = {}, everything = !hasInputs(props)): Promise<ReadResult> {
    const located = this.wire.locate(id, props);
    try {
      return { id, props: this.outputsOf(await this.wire.read(id, located), located, everything) };
    } catch (err) {
      // Gone: an empty id tells the engine to drop the resource from state.
      if (err instanceof ApiError && err.notFound) return { id: "", props: {} };
      // A refused key fails the first read only: the others of the refresh keep their state, and
      // the command fails once, in one line (any other failure is reported for each resource).
      if (err instanceof ApiError && keyRefused(err) && hasInputs(props) && keyRefusedBefore(this.ctx.state)) return { id, props };
      throw this.explain(err, props);
    }
  }

  async update(id: string, olds: Props, news: Props): Promise<UpdateResult> {
    try {
      return await this.applyInputs(id, olds, news);
    } catch (err) {
      throw this.explain(err, news);
    }
  }

  async delete(id: string, props: Props = {}): Promise<void> {
    try {
      await this.wire.delete(id, this.wire.locate(id, props));
    } catch (err) {
      if (err instanceof ApiError && err.notFound) return; // already gone
      throw this.explain(err, props);
    }
  }

  /**
   * The resources of the kind as outputs, newest first, a list page (one request) at a time (a
   * parent's GET is one page); undefined when the kind cannot be listed. `inputs` gives the path's
   * inputs of items under a parent.
   */
  pages(inputs: Props): AsyncIterable<ReadResult[]> | undefined {
    const pages = this.wire.pages;
    if (!pages) return undefined;
    const outputsOf = (api: ApiObject) => this.outputsOf(api, inputs, true);
    return (async function* () {
      for await (const page of pages(inputs)) {
        yield page.flatMap((item) => (typeof item.id === "string" ? [{ id: item.id, props: outputsOf(item) }] : []));
      }
    })();
  }

  private async applyInputs(id: string, olds: Props, news: Props): Promise<UpdateResult> {
    this.ctx.state.recordInputs(this.def, id, news);
    const located = this.wire.locate(id, mergeDefined(olds, news));
    return { outs: this.outputsOf(await this.wire.update(id, olds, news, located), located) };
  }

  /** Outputs of an API object; inputs that locate the resource are not in its body, so they come from `prior`. */
  private outputsOf(api: ApiObject, prior: Props, keepDefaults = false): Props {
    const outs = toOutputs(this.def, api ?? {}, prior, keepDefaults, this.forLookups);
    for (const name of this.wire.pathInputs) if (isAbsent(outs[name]) && !isAbsent(prior[name])) outs[name] = prior[name];
    return outs;
  }

  /** Takes over an existing resource: immutable inputs must match, mutable ones are applied. */
  private async adopt(id: string, inputs: Props): Promise<CreateResult> {
    const current = await this.readForAdoption(id, inputs);
    return { id, outs: (await this.applyInputs(id, current, inputs)).outs };
  }

  /** Why adopting `inputs.importId` would fail; nothing when it cannot be told (no key, API down). */
  private async adoptionProblems(inputs: Props): Promise<CheckFailure[]> {
    try {
      const id = inputs[importIdKey] as string;
      // The engine shows an adoption as a create: say what it is, and what it will do to the resource.
      this.ctx.events.info(adoptionSummary(this.def, id, await this.readForAdoption(id, inputs), inputs));
      return [];
    } catch (err) {
      return err instanceof AdoptionError ? [{ path: err.property, message: err.message }] : [];
    }
  }

  /** The existing resource's outputs; fails when it is missing or an immutable input differs. */
  private async readForAdoption(id: string, inputs: Props): Promise<Props> {
    if (this.wire.idOf && !containsUnknown(inputs) && id !== this.wire.idOf(inputs)) {
      throw new AdoptionError(importIdKey, `${importIdKey} of a keyed ${this.def.name} must be its own ${idForm(this.def)}`);
    }
    const located = this.wire.locate(id, inputs);
    let existing: ApiObject;
    try {
      existing = await this.wire.read(id, located);
    } catch (err) {
      if (err instanceof ApiError && err.notFound) {
        throw new AdoptionError(
          importIdKey,
          `${importIdKey} names no existing ${this.def.name}, so there is nothing to adopt (remove ${importIdKey} to create a new one)`,
        );
      }
      throw err;
    }
    const current = this.outputsOf(existing, located);
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

  /** A failure in the program's terms (see `explain`). */
  private explain(err: unknown, inputs: Props): unknown {
    return explain(this.def, err, inputs);
  }

  /**
   * A create refused because the unique key is taken (a run interrupted after the service created
   * the resource, or a resource made by hand): say which resource holds it and how to adopt it.
   */
  private async withAdoptionHint(err: unknown, inputs: Props): Promise<unknown> {
    const key = this.def.uniqueKey;
    if (!key || !this.wire.items || !(err instanceof ApiError) || err.status !== 400 || err.errorCode !== duplicateCode) return err;
    const prop = this.def.properties[key]!;
    try {
      for await (const item of this.wire.items(inputs)) {
        if (typeof item.id === "string" && sameInput(prop, toOutputs(this.def, item, inputs)[key], inputs[key])) {
          return err.with({ hint: `This account already has it as ${this.def.name} ${item.id}: to manage that one, add \`${importIdKey}: "${item.id}"\` to the resource` });
        }
      }
    } catch {
      // The hint is a courtesy: keep the original error if the lookup fails.
    }
    return err;
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

/** `<Kind> importId adopts <id>`, and the inputs the adoption sets or clears (never their values). */
function adoptionSummary(def: BoundDefinition, id: string, current: Props, inputs: Props): string {
  const sets: string[] = [];
  const clears: string[] = [];
  for (const [name, prop] of inputProperties(def)) {
    if (containsUnknown(inputs[name]) || sameInput(prop, current[name], inputs[name])) continue;
    (isAbsent(inputs[name]) ? clears : sets).push(name);
  }
  const effects = [sets.length ? `changes ${sets.join(", ")}` : "", clears.length ? `clears ${clears.join(", ")} (unset in the program)` : ""].filter(Boolean);
  return `${def.name} ${importIdKey} adopts ${id}: ${effects.length ? `the first \`up\` ${effects.join(" and ")}` : "the first `up` changes nothing"}`;
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
