/**
 * The wire work of a resource kind, as its binding prescribes it. The handler runs the same flow
 * for every kind (check, diff, adopt, create, read, update, delete, explain failures) and hands
 * each request to its kind's `Wire`; errors thrown here are the client's, not yet explained.
 */
import type { ApiClient } from "../../client/http";
import type { ApiObject, BoundDefinition, EventSink, ProgramKnowledge, Props } from "../../contract";
import type { CheckFailure } from "../check";

/** What a wire strategy works with. */
export interface WireContext {
  def: BoundDefinition;
  /** The client for the current settings, resolved per call. */
  client: () => ApiClient;
  /** What this process knows of the program (each binding may keep a part of its own). */
  state: ProgramKnowledge;
  /** Whether reads may be served from walks of the kind's list. */
  readFromLists: () => boolean;
  /** Where what the user should know is told (a list walk given up for one GET per resource). */
  events: EventSink;
  /** The outputs of an API object, given the state before (old outputs, or the inputs). */
  outputsOf: (api: ApiObject, prior: Props) => Props;
}

export interface Wire {
  /** Inputs that travel in the resource's paths: outputs keep them from the program. */
  readonly pathInputs: ReadonlySet<string>;
  /** Whether any replace, forced or onto another provider too, deletes the old resource before creating the new one. */
  readonly deletesBeforeReplace?: boolean;
  /** The id a resource with `inputs` has, for a kind whose ids are made of inputs. */
  idOf?(inputs: Props): string;
  /** `props` with what the id says of where the resource lives (a slot's keys). */
  locate(id: string, props: Props): Props;
  /** Creates the resource: its id and the API object the service answered. */
  create(inputs: Props): Promise<{ id: string; api: ApiObject }>;
  /** The resource as the service holds it; an ApiError with `notFound` when it is gone. */
  read(id: string, located: Props): Promise<ApiObject>;
  /** Applies the program's inputs (`news`) to the resource whose outputs are `olds`. */
  update(id: string, olds: Props, news: Props, located: Props): Promise<ApiObject>;
  delete(id: string, located: Props): Promise<void>;
  /**
   * The resources of the kind, newest first (from the collection's list, or from the parent's
   * GET), for finding what a create made; absent when the kind cannot be listed.
   */
  items?(inputs: Props): AsyncIterable<ApiObject>;
  /** The same, a page (one request) at a time: what lookups walk. */
  pages?(inputs: Props): AsyncIterable<ApiObject[]>;
  /** Why creating a resource with `inputs` would fail, told at preview (a slot already taken). */
  problemsOfNew?(inputs: Props): Promise<CheckFailure[]>;
  /** An existing resource, staying where it is, keeps what it holds for this run (its slot). */
  holdExisting?(olds: Props, news: Props): void;
  /** The program's inputs without what only the binding reads (a slot's resource name), recorded. */
  fromProgram?(news: Props): Props;
}
