/**
 * What the generators read of a resource's binding to the API (its path, its id form): here and
 * nowhere else. A resource without one (AgentCommand runs its own operations and is no object of
 * the API) has no id form, no `get` and no `importId`.
 */
import type { ResourceDefinition } from "../contract";
import { documentedPath, idForm, locatingInputs } from "../engine/locate";

/** Where a resource lives in the API, as the SDK and the docs show it. */
export interface Wire {
  /** The resource's id as the docs write it: `cr_...`, `<edgeId>/<routeId>`. */
  idForm: string;
  /** The API path the docs name: the collection, or the item of a resource with no id of its own. */
  apiPath: string;
  /** The inputs `get` needs besides the id, to find the resource under its parent (a route's `edgeId`). */
  locatedBy: string[];
  /**
   * The provider's messages name the program's resources (a slot claimed twice names both), so
   * the SDK class passes its name. Other kinds do not: each input costs an entry in the state.
   */
  namesResource: boolean;
}

/** The resource's place in the API, or undefined when it has none. */
export function wireOf(def: ResourceDefinition): Wire | undefined {
  if (!def.binding) return undefined;
  return { idForm: idForm(def)!, apiPath: documentedPath(def)!, locatedBy: locatingInputs(def), namesResource: def.binding.kind === "slot" || def.binding.kind === "singleton" };
}
