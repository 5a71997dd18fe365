/**
 * What every resource kind answers, whatever serves it: one Handler per kind, made by the
 * Provider with the kind's context. Results are values; hosts put them in their own shapes.
 */
import type { Clock } from "../../clock";
import type { ApiClient } from "../client/http";
import type { Binding } from "./binding";
import type { EventSink } from "./events";
import type { Props, ResourceSchema } from "./schema";

/**
 * A problem with the program's inputs. `path` is where, as the program writes it
 * (`trafficPolicy.onHttpRequest[0].actions[0]`; for a rule across properties, their names
 * joined, or ""); `message` is complete on its own, begins with the path, and never quotes a value.
 */
export interface CheckFailure {
  path: string;
  message: string;
}

export interface CheckResult {
  /** The inputs to keep. */
  inputs: Props;
  failures: CheckFailure[];
}

export interface DiffResult {
  changes: boolean;
  /** Each input that changes. */
  changed: string[];
  /** The changed inputs that cannot change in place. */
  replaces: string[];
  deleteBeforeReplace: boolean;
}

export interface CreateResult {
  id: string;
  outs: Props;
}

/** `id` "" when the resource is gone. */
export interface ReadResult {
  id: string;
  props: Props;
}

export interface UpdateResult {
  outs: Props;
}

/** The operations of one resource kind, as the engine calls them. */
export interface Handler {
  readonly def: ResourceDefinition;
  check(olds: Props, news: Props): Promise<CheckResult>;
  /** `olds` are the last outputs, `news` the program's checked inputs. */
  diff(id: string, olds: Props, news: Props): Promise<DiffResult>;
  create(inputs: Props): Promise<CreateResult>;
  /** `everything`: every field the API answers (a read with no program: an import, a lookup). */
  read(id: string, props?: Props, everything?: boolean): Promise<ReadResult>;
  update(id: string, olds: Props, news: Props): Promise<UpdateResult>;
  delete(id: string, props?: Props): Promise<void>;
}

/**
 * What one provider process learns of the program it serves, across resources (the engine's
 * `ProgramState`): the inputs each resource's program sets, and a part of its own for whatever
 * needs one (a binding's slots, the key check, the lists a preview read).
 */
export interface ProgramKnowledge {
  /** What `key` keeps of the program in this process, made at its first use: one per `key`. */
  part<T>(key: object, make: () => T): T;
  /** Records the inputs the program sets for resource `id` (replacing what was known of it). */
  recordInputs(schema: ResourceSchema, id: string, news: Props): void;
  /** Failures for every `conflictsWith` rule of `schema` that `news` breaks, as far as this process knows. */
  conflictFailures(schema: ResourceSchema, news: Props): CheckFailure[];
}

/** What a kind's handler gets from the Provider that serves it. */
export interface KindContext {
  /** The API client; made at the first call (a check or a diff may never need one). */
  client(): ApiClient;
  /** The AI Gateway API's client (https://api.ngrok.ai, its own key): for kinds whose binding says `api: "ai-gateway"`. */
  aiGatewayClient(): ApiClient;
  /** What the provider knows of the program, shared by every kind it serves. */
  state: ProgramKnowledge;
  events: EventSink;
  clock: Clock;
  /** Whether reads may be served from walks of the kind's list. */
  readFromLists(): boolean;
  /** Every kind the provider serves: a reference's kind is found among them by its id's prefix. */
  kinds: readonly ResourceDefinition[];
}

/**
 * A resource kind: its schema, and how it lives in the API (a binding), or, for a kind that is no
 * REST object (AgentCommand), its own operations: then it has no id form, `get` or `importId`.
 */
export interface ResourceDefinition extends ResourceSchema {
  binding?: Binding;
  /** The operations of a kind with no binding, made once per provider with its context. */
  operations?: (ctx: KindContext) => Handler;
}

/** A definition that has a REST binding. */
export type BoundDefinition = ResourceDefinition & { binding: Binding };

/** A definition with operations of its own. */
export type OperatedDefinition = ResourceDefinition & { operations: (ctx: KindContext) => Handler };
