/** Sample values derived from the definitions, so that per-resource tables need no row per resource. */
import type { Props, ResourceDefinition, TypeSpec } from "../../provider/contract";
import { idKeys, idPrefixOf, locatingInputs } from "../../provider/engine/locate";

export function sampleValue(type: TypeSpec, name: string): unknown {
  switch (type.kind) {
    case "string":
      return type.enum ? type.enum[0] : `${name}-value`;
    case "boolean":
      return true;
    case "integer":
    case "number":
      return type.min ?? 1;
    case "array":
      return [sampleValue(type.items, name)];
    case "map":
      return { key: sampleValue(type.values, name) };
    case "object":
      return Object.fromEntries(Object.entries(type.properties).map(([n, p]) => [n, sampleValue(p.type, n)]));
  }
}

/** A value for every property: what a read of the resource could answer. */
export function sampleState(def: ResourceDefinition): Props {
  return Object.fromEntries(Object.entries(def.properties).map(([n, p]) => [n, sampleValue(p.type, n)]));
}

/** Values for the required inputs: enough to construct the SDK class. */
export function sampleArgs(def: ResourceDefinition): Props {
  return Object.fromEntries(
    Object.entries(def.properties)
      .filter(([, p]) => p.input?.required)
      .map(([n, p]) => [n, sampleValue(p.type, n)]),
  );
}

/** An id of the resource's form. */
export function sampleId(def: ResourceDefinition): string {
  const keys = def.binding && idKeys(def.binding);
  if (keys) return keys.map((k) => sampleValue(def.properties[k]!.type, k)).join("/");
  // A kind whose ids have no documented prefix takes any: this one has none of a known kind's.
  return `${(def.binding && idPrefixOf(def.binding)) ?? "anyid"}_2abcdefghijklmnopqrstuvwxyz`;
}

/** The inputs a resource under a parent needs for `get` (a route's edgeId); empty for the others. */
export function sampleLocation(def: ResourceDefinition): Props | undefined {
  const parents = locatingInputs(def);
  return parents.length ? Object.fromEntries(parents.map((p) => [p, sampleValue(def.properties[p]!.type, p)])) : undefined;
}
