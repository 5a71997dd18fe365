/**
 * Creates whose answer was lost. The client never repeats a POST the service may have processed
 * (a 5xx, or a connection dropped after sending), since that could make a duplicate; so the
 * resource may exist while Pulumi records nothing, and the next `up` would create it again.
 * Instead the create looks for what its request may have made: the collection, newest first,
 * back to when the request started, for a resource matching the program's inputs. Exactly one:
 * it is the resource created (the create succeeds). None: the request made nothing (the create
 * fails, and the next `up` creates it). Several: the create fails naming them and the `importId`
 * that adopts one. A resource whose one-time outputs (a credential's token) only the lost answer
 * carried is deleted and created again.
 */
import type { ApiClient } from "../client/http";
import { ApiError, TransportError } from "../client/errors";
import type { ApiObject, Props, ResourceDefinition } from "../definitions/types";
import { importIdKey } from "./adopt";
import { apiErrorInProgramTerms } from "./api-terms";
import { fillPath, idForm, keyedId } from "./locate";
import { inputProperties, sameInput } from "./values";

/**
 * How much older than the request a match may look: `created_at` has second precision, and the
 * service's clock and ours may disagree by a few seconds.
 */
const clockMarginMs = 30_000;

/** Creates made again after deleting what a lost answer left without its one-time outputs. */
const maxRecreates = 2;

/** Whether a create failed in a way that leaves its outcome unknown. */
export function answerLost(err: unknown): boolean {
  if (err instanceof TransportError) return err.mayHaveBeenProcessed;
  return err instanceof ApiError && err.status >= 500;
}

/** A create's transport failure, with what the provider found out about its outcome. */
export class LostCreateError extends Error {
  override readonly name = "LostCreateError";
  constructor(
    readonly transport: TransportError,
    readonly hint: string,
  ) {
    super(`${transport.message}. ${hint}`, { cause: transport });
  }
}

/** What recovery needs of its resource handler. */
export interface RecoveryTarget {
  def: ResourceDefinition;
  client: () => ApiClient;
  outputsOf: (api: ApiObject, prior: Props) => Props;
  itemPath: (id: string, located: Props) => string;
}

export class CreateRecovery {
  /** Creates of this kind in flight in this process: a lookup waits for them to learn their ids. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Ids this process created or recovered: another resource's, never a candidate. */
  private readonly known = new Set<string>();

  constructor(private readonly target: RecoveryTarget) {}

  /**
   * Creates the resource with a POST of `body` to `path`: the API object created, or, when the
   * answer was lost, the one the request made. Errors are in the program's terms.
   */
  async create(path: string, body: ApiObject, inputs: Props): Promise<ApiObject> {
    const lost = oneTimeOutputs(this.target.def);
    for (let attempt = 0; ; attempt++) {
      const startedAt = Date.now();
      try {
        return await this.post(path, body);
      } catch (err) {
        const failure = apiErrorInProgramTerms(this.target.def, err, inputs);
        if (!answerLost(err)) throw failure;
        const found = await this.find(failure, inputs, startedAt);
        if (lost.length === 0) return found;
        // Once it is deleted, creating again cannot make a duplicate.
        await this.discard(failure, found.id as string, inputs, lost, attempt < maxRecreates);
      }
    }
  }

  /** Sends a create, remembering the id it gets. */
  private async post(path: string, body: ApiObject): Promise<ApiObject> {
    const sent = this.target
      .client()
      .post<ApiObject>(path, body)
      .then((created) => {
        if (typeof created?.id === "string") this.known.add(created.id);
        return created;
      });
    this.inFlight.add(sent);
    try {
      return await sent;
    } finally {
      this.inFlight.delete(sent);
    }
  }

  /**
   * The resource made by a create started at `startedAt` whose answer was lost (`failure`), or
   * an error saying what is known and what to do.
   */
  private async find(failure: unknown, inputs: Props, startedAt: number): Promise<ApiObject> {
    const { def } = this.target;
    if (def.keyed) return this.recoverKeyed(failure, inputs);
    if (!def.listKey && !def.listedIn) {
      throw withHint(
        failure,
        `The service may have created the ${def.name}: if the account has one matching this resource, ` +
          `add \`${importIdKey}: "${idForm(def)}"\` with its id to the resource to adopt it`,
      );
    }
    let candidates: ApiObject[];
    try {
      candidates = await this.candidates(inputs, startedAt);
    } catch (err) {
      throw withHint(
        failure,
        `The service may have created the ${def.name}, and looking for it failed (${describe(err)}): look for a ${def.name} ` +
          `created at ${new Date(startedAt).toISOString()} and add \`${importIdKey}: "<its id>"\` to the resource to adopt it, or delete it`,
      );
    }
    if (candidates.length === 0) {
      throw withHint(failure, `The service did not create the ${def.name} (none made since the request matches it): the next \`up\` creates it`);
    }
    const ids = candidates.map((c) => c.id as string);
    if (candidates.length > 1) {
      throw withHint(
        failure,
        `The service may have created the ${def.name}: ${ids.length} made since the request match it (${ids.join(", ")}): ` +
          `add \`${importIdKey}: "<one of them>"\` to the resource to adopt it, and delete the others`,
      );
    }
    const [found] = candidates as [ApiObject];
    this.known.add(found.id as string);
    return found;
  }

  /** Resources made since `startedAt` (less the clock margin) that match `inputs`, unknown to this process. */
  private async candidates(inputs: Props, startedAt: number): Promise<ApiObject[]> {
    const { def, client } = this.target;
    const cutoff = startedAt - clockMarginMs;
    const createdAt = (item: ApiObject) => (typeof item.created_at === "string" ? Date.parse(item.created_at) : NaN);
    const found: ApiObject[] = [];
    if (def.listedIn) {
      // All of them, whatever the parent's order: newest first, as a list answers.
      const parent = await client().get<ApiObject>(fillPath(def, def.listedIn.path, inputs));
      const all = Array.isArray(parent[def.listedIn.key]) ? (parent[def.listedIn.key] as ApiObject[]) : [];
      const newestFirst = all
        .map((item, i) => ({ item, i }))
        .sort((a, b) => createdAt(b.item) - createdAt(a.item) || b.i - a.i)
        .map(({ item }) => item);
      for (const item of newestFirst) {
        if (!(createdAt(item) < cutoff) && typeof item.id === "string" && this.matches(item, inputs)) found.push(item);
      }
    } else {
      for await (const item of client().list<ApiObject>(fillPath(def, def.path, inputs), def.listKey!)) {
        // Newest first: everything after this one is older still.
        if (createdAt(item) < cutoff) break;
        if (typeof item.id === "string" && this.matches(item, inputs)) found.push(item);
      }
    }
    // The creates of this kind in flight meanwhile learn their ids, so that another resource's
    // (identical inputs, same moment) is not taken for this one's.
    await Promise.allSettled([...this.inFlight]);
    return found.filter((item) => !this.known.has(item.id as string));
  }

  private matches(item: ApiObject, inputs: Props): boolean {
    const outs = this.target.outputsOf(item, inputs);
    return inputProperties(this.target.def).every(([name, prop]) => sameInput(prop, outs[name], inputs[name]));
  }

  /**
   * A keyed resource's id is its inputs: if the item exists now, this request made it (had it
   * existed before, the service would have refused the create).
   */
  private async recoverKeyed(failure: unknown, inputs: Props): Promise<ApiObject> {
    const { def, client } = this.target;
    const id = keyedId(def, inputs);
    try {
      return await client().get<ApiObject>(this.target.itemPath(id, inputs));
    } catch (err) {
      // Its id is made of input values: messages give its form only (the engine prints them in clear).
      if (err instanceof ApiError && err.notFound) {
        throw withHint(failure, `The service did not create the ${def.name}: the next \`up\` creates it`);
      }
      throw withHint(
        failure,
        `The service may have created the ${def.name}: if the next \`up\` says it exists, add \`${importIdKey}: "${idForm(def)}"\` to the resource to adopt it`,
      );
    }
  }

  /**
   * A resource whose one-time outputs (a credential's token) only the lost answer carried is no
   * use to the program: it is deleted, to be created again (`again`: at once; otherwise the
   * create fails, and the next `up` creates it).
   */
  private async discard(failure: unknown, id: string, inputs: Props, lost: string[], again: boolean): Promise<void> {
    const { def, client } = this.target;
    const what = `The service created ${def.name} ${id}, but its answer was lost, and with it the ${lost.join(" and ")} (only a create's answer carries it)`;
    try {
      await client().delete(this.target.itemPath(id, inputs));
    } catch (err) {
      if (!(err instanceof ApiError && err.notFound)) {
        throw withHint(
          failure,
          `${what}; deleting it failed (${describe(err)}): delete it, or add \`${importIdKey}: "${id}"\` to the resource to adopt it without its ${lost.join(" and ")}`,
        );
      }
    }
    if (!again) throw withHint(failure, `${what}: ${id} was deleted, and the next \`up\` creates the ${def.name} again`);
  }
}

/** Outputs that only a create's answer carries: secret and not an input (a credential's token). */
export function oneTimeOutputs(def: ResourceDefinition): string[] {
  return Object.entries(def.properties)
    .filter(([, p]) => p.secret && !p.input)
    .map(([name]) => name);
}

function withHint(failure: unknown, hint: string): unknown {
  if (failure instanceof ApiError) {
    return new ApiError(failure.status, failure.errorCode, failure.apiMessage, failure.operationId, failure.method, failure.path, hint);
  }
  if (failure instanceof TransportError) return new LostCreateError(failure, hint);
  return failure;
}

/** A short reason for a failed lookup (no values: errors of this client never carry any). */
function describe(err: unknown): string {
  if (err instanceof ApiError) return `HTTP ${err.status}${err.errorCode ? ` ${err.errorCode}` : ""}`;
  if (err instanceof TransportError) return err.code;
  return err instanceof Error ? err.message : String(err);
}
