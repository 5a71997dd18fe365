/**
 * Import ids (`pulumi import`, `get` by id): the resource's id, or, for a resource its id alone
 * cannot locate (a route of an edge), the inputs that locate it and its id joined with "/"
 * (`<edgeId>/<id>`).
 */
import type { Props, ResourceDefinition } from "../contract";
import { locatingInputs } from "../engine/locate";
import { ImportIdError } from "./errors";

/** The form of `def`'s import ids: `<id>`, `<edgeId>/<id>`. */
export function importIdForm(def: ResourceDefinition): string {
  return [...locatingInputs(def).map((k) => `<${k}>`), "<id>"].join("/");
}

/** The resource's id and the inputs that locate it; fails in one line naming the form. */
export function parseImportId(def: ResourceDefinition, importId: string): { id: string; located: Props } {
  const locating = locatingInputs(def);
  if (locating.length === 0) return { id: importId, located: {} };
  const parts = importId.split("/");
  if (parts.length !== locating.length + 1 || parts.some((p) => p === "")) {
    throw new ImportIdError(`${def.name} is imported by ${importIdForm(def)}`);
  }
  return { id: parts[parts.length - 1]!, located: Object.fromEntries(locating.map((k, i) => [k, parts[i]])) };
}
