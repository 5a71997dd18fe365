/**
 * What every resource kind answers, whatever serves it: one Handler per kind, made by the
 * Provider with the kind's context. Results are values; hosts put them in their own shapes.
 */
import type { Clock } from "../../clock";
import type { ApiClient } from "../client/http";
import type { Props, ResourceDefinition } from "../definitions/types";
import type { ProgramState } from "../engine/ownership";
import type { EventSink } from "./events";

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

/** What a kind's handler gets from the Provider that serves it. */
export interface KindContext {
  /** The API client; made at the first call (a check or a diff may never need one). */
  client(): ApiClient;
  /** The AI Gateway API's client (https://api.ngrok.ai, its own key): for kinds whose binding says `api: "ai-gateway"`. */
  aiGatewayClient(): ApiClient;
  /** What the provider knows of the program, shared by every kind it serves. */
  state: ProgramState;
  events: EventSink;
  clock: Clock;
  /** Whether reads may be served from walks of the kind's list. */
  readFromLists(): boolean;
}
