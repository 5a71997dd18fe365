/**
 * Where a resource lives in the API, from its binding: the path a create goes to, the item path
 * of an id, the inputs that travel in paths, and how ids are written.
 */
import type { Binding, Props, ResourceDefinition } from "../contract";

const placeholder = /\{([A-Za-z0-9]+)\}/g;

/** The `{property}` names of a path template, in order. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(placeholder)].map((m) => m[1]!);
}

/** `template` with each placeholder replaced by its (URL-encoded) value from `values`. */
export function fillPath(kind: string, template: string, values: Props): string {
  return template.replace(placeholder, (_m, name: string) => {
    const value = values[name];
    if (typeof value !== "string" || value === "") {
      throw new Error(`${kind}: ${name} is needed to locate the resource and is not set`);
    }
    return encodeURIComponent(value);
  });
}

/**
 * The inputs an id is made of, for a resource with no id the API assigns (a slot's placeholders;
 * a keyed item's placeholders and key), in the id's order; undefined when the API assigns ids.
 */
export function idKeys(binding: Binding): readonly string[] | undefined {
  if (binding.kind === "slot") return placeholders(binding.path);
  if (binding.kind === "sub-collection" && "key" in binding.item) return [...placeholders(binding.path), binding.item.key];
  return undefined;
}

/** The prefix of the ids the API assigns, or undefined when ids are made of inputs. */
export function idPrefixOf(binding: Binding): string | undefined {
  if (binding.kind === "collection") return binding.idPrefix;
  if (binding.kind === "sub-collection" && "idPrefix" in binding.item) return binding.item.idPrefix;
  return undefined;
}

/** Every prefix an id of the kind may have: today's, then those the service issued before. */
export function idPrefixesOf(binding: Binding): string[] {
  const prefix = idPrefixOf(binding);
  if (prefix === undefined) return [];
  return [prefix, ...(binding.kind === "collection" ? (binding.formerIdPrefixes ?? []) : [])];
}

/** Inputs that travel in the resource's paths (never in request bodies); the program keeps them. */
export function pathInputs(binding: Binding): ReadonlySet<string> {
  return new Set([...placeholders(binding.path), ...(idKeys(binding) ?? [])]);
}

/** The id made of `inputs`, for a resource whose id is its key inputs joined with "/". */
export function idFromKeys(keys: readonly string[], inputs: Props): string {
  return keys.map((k) => String(inputs[k])).join("/");
}

/** The key values of an id made of `keys`, or undefined when `id` is not of that form. */
export function keysFromId(keys: readonly string[], id: string): Props | undefined {
  const parts = id.split("/");
  if (parts.length !== keys.length || parts.some((p) => p === "")) return undefined;
  return Object.fromEntries(keys.map((k, i) => [k, parts[i]]));
}

/** How the docs and messages write a resource's id; undefined for a kind with no binding. */
export function idForm(def: ResourceDefinition): string | undefined {
  if (!def.binding) return undefined;
  if (def.binding.kind === "singleton") return def.binding.id;
  const keys = idKeys(def.binding);
  if (keys) return keys.map((k) => `<${k}>`).join("/");
  const prefix = idPrefixOf(def.binding);
  return prefix === undefined ? "<id>" : `${prefix}_...`;
}

/**
 * The inputs, besides its id, that `get` needs to find a resource: the path's placeholders of an
 * item whose id the API assigns under a parent (a route's `edgeId`).
 */
export function locatingInputs(def: ResourceDefinition): string[] {
  if (!def.binding || idKeys(def.binding)) return [];
  return placeholders(def.binding.path);
}

/** The API path the docs give for a resource: its collection, its slot, or its keyed item. */
export function documentedPath(def: ResourceDefinition): string | undefined {
  const b = def.binding;
  if (b?.kind === "sub-collection" && "key" in b.item) return `${b.path}/{${b.item.key}}`;
  return b?.path;
}
