/**
 * Creates whose answer was lost. The client never repeats a POST the service may have processed
 * (a 5xx, or a connection dropped after sending), since that could make a duplicate; so the
 * resource may exist while Pulumi records nothing, and the next `up` would create it again.
 * Instead the create looks for what its request may have made: for a kind whose id is made of
 * its inputs, that item; otherwise the kind's items, newest first, back to when the request
 * started, for one matching the program's inputs. Exactly one: it is the resource created (the
 * create succeeds). None: the request made nothing (the create fails, and the next `up` creates
 * it). Several: the create fails naming them and the `importId` that adopts one. A resource whose
 * one-time outputs (a credential's token) only the lost answer carried is deleted and created
 * again. Failures carry what was found out as their hint; the handler explains them.
 */
import type { ApiClient } from "../client/http";
import { ApiError, TransportError } from "../client/errors";
import type { ApiObject, BoundDefinition, Props, ResourceSchema } from "../contract";
import { article } from "../words";
import { importIdKey } from "./adopt";
import type { Wire } from "./bindings/wire";
import { idForm } from "./locate";
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

export class CreateRecovery {
  /** Creates of this kind in flight in this process: a lookup waits for them to learn their ids. */
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Ids this process created or recovered: another resource's, never a candidate. */
  private readonly known = new Set<string>();

  constructor(
    private readonly def: BoundDefinition,
    private readonly wire: Wire,
    private readonly client: () => ApiClient,
    private readonly outputsOf: (api: ApiObject, prior: Props) => Props,
  ) {}

  /** Creates the resource with a POST of `body` to `path`: the API object created, or, when the answer was lost, the one the request made. */
  async create(path: string, body: ApiObject, inputs: Props): Promise<ApiObject> {
    const lost = oneTimeOutputs(this.def);
    for (let attempt = 0; ; attempt++) {
      const startedAt = Date.now();
      try {
        return await this.post(path, body);
      } catch (err) {
        if (!answerLost(err)) throw err;
        const found = await this.find(err, inputs, startedAt);
        if (lost.length === 0) return found;
        // Once it is deleted, creating again cannot make a duplicate.
        await this.discard(err, found.id as string, inputs, lost, attempt < maxRecreates);
      }
    }
  }

  /** Sends a create, remembering the id it gets. */
  private async post(path: string, body: ApiObject): Promise<ApiObject> {
    const sent = this.client()
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
    const { def, wire } = this;
    if (wire.idOf) return this.findById(failure, wire.idOf(inputs), inputs);
    if (!wire.items) {
      throw withHint(
        failure,
        `The service may have created the ${def.name}: if the account has one matching this resource, ` +
          `add \`${importIdKey}: "${idForm(def)}"\` with its id to the resource to adopt it`,
      );
    }
    let candidates: ApiObject[];
    try {
      candidates = await this.candidates(wire.items(inputs), inputs, startedAt);
    } catch (err) {
      throw withHint(
        failure,
        `The service may have created the ${def.name}, and looking for it failed (${describe(err)}): look for ${article(def.name)} ${def.name} ` +
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

  /** Items made since `startedAt` (less the clock margin) that match `inputs`, unknown to this process. */
  private async candidates(newestFirst: AsyncIterable<ApiObject>, inputs: Props, startedAt: number): Promise<ApiObject[]> {
    const cutoff = startedAt - clockMarginMs;
    const found: ApiObject[] = [];
    for await (const item of newestFirst) {
      // Everything after this one is older still.
      if (createdAt(item) < cutoff) break;
      if (typeof item.id === "string" && this.matches(item, inputs)) found.push(item);
    }
    // The creates of this kind in flight meanwhile learn their ids, so that another resource's
    // (identical inputs, same moment) is not taken for this one's.
    await Promise.allSettled([...this.inFlight]);
    return found.filter((item) => !this.known.has(item.id as string));
  }

  private matches(item: ApiObject, inputs: Props): boolean {
    const outs = this.outputsOf(item, inputs);
    return inputProperties(this.def).every(([name, prop]) => sameInput(prop, outs[name], inputs[name]));
  }

  /**
   * A resource whose id is its inputs: if the item exists now, this request made it (had it
   * existed before, the service would have refused the create).
   */
  private async findById(failure: unknown, id: string, inputs: Props): Promise<ApiObject> {
    const { def } = this;
    try {
      return await this.wire.read(id, this.wire.locate(id, inputs));
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
    const { def } = this;
    const what = `The service created ${def.name} ${id}, but its answer was lost, and with it the ${lost.join(" and ")} (only a create's answer carries it)`;
    try {
      await this.wire.delete(id, this.wire.locate(id, inputs));
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
export function oneTimeOutputs(schema: ResourceSchema): string[] {
  return Object.entries(schema.properties)
    .filter(([, p]) => p.secret && !p.input)
    .map(([name]) => name);
}

/** When an API object was created; NaN when it does not say. */
export function createdAt(item: ApiObject): number {
  return typeof item.created_at === "string" ? Date.parse(item.created_at) : NaN;
}

function withHint(failure: unknown, hint: string): unknown {
  if (failure instanceof ApiError) return failure.with({ hint });
  if (failure instanceof TransportError) return new LostCreateError(failure, hint);
  return failure;
}

/** A short reason for a failed lookup (no values: errors of this client never carry any). */
function describe(err: unknown): string {
  if (err instanceof ApiError) return `HTTP ${err.status}${err.errorCode ? ` ${err.errorCode}` : ""}`;
  if (err instanceof TransportError) return err.reason;
  return err instanceof Error ? err.message : String(err);
}
