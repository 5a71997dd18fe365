/**
 * What the generators render: the resources, grouped by where they are defined, and the functions.
 */
import type { BoundDefinition, ResourceDefinition, TypeSpec } from "../contract";
import { ownFunctions } from "../functions";
import { lookupFunction } from "../functions/lookups";
import type { FunctionDefinition, FunctionParameter } from "../functions/types";
import { discoverDefinitions } from "./registry";

/** Resources defined in one place, which their generated files name. */
export interface ResourceGroup {
  from: string;
  resources: ResourceDefinition[];
}

/** Every kind, from the definition files (the registry, provider/definitions/index.ts, is written from them too). */
export const definitionFiles = discoverDefinitions();
export const apiResources: ResourceGroup = { from: "provider/definitions", resources: definitionFiles.map((f) => f.def) };

/** Where the functions are defined, as their generated files name it. */
export const functionsFrom = "provider/functions and provider/agent";

/** The resources in the order of the schema and the docs. */
export const resourceGroups: readonly ResourceGroup[] = [apiResources];

export const allResources = (): ResourceDefinition[] => resourceGroups.flatMap((g) => g.resources);

/** The functions defined by hand, then a lookup for every kind of the definition files (the registry may be older). */
export const allFunctions = (): FunctionDefinition[] => [
  ...(Object.values(ownFunctions) as FunctionDefinition[]),
  ...definitionFiles.flatMap((f) => (isBound(f.def) ? [lookupFunction(f.def)] : [])),
];

/** Every property type of the resources and the functions: where the SDK's types.ts and schema.json's `types` come from. */
export function typeRoots(): TypeSpec[] {
  return [
    ...allResources().flatMap((d) => Object.values(d.properties).map((p) => p.type)),
    ...allFunctions().flatMap((f) => [...Object.values(f.inputs), ...Object.values(f.outputs)].map((p) => p.type)),
  ];
}

/** The inputs of an agent command besides the one passed first (the session id). */
export function optionsOf(f: FunctionDefinition): [string, FunctionParameter][] {
  return Object.entries(f.inputs).filter(([n]) => n !== f.positional);
}

function isBound(def: ResourceDefinition): def is BoundDefinition {
  return def.binding !== undefined;
}
