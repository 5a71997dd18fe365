/**
 * Where a resource lives in the API: its collection path (with placeholders filled from its
 * inputs, for resources under a parent) and its item path (from its id, or from its keys for
 * resources with no id of their own).
 */
import type { Props, ResourceDefinition } from "../definitions/types";

const placeholder = /\{([A-Za-z0-9]+)\}/g;

/** The `{property}` names of a path template, in order. */
export function placeholders(template: string): string[] {
  return [...template.matchAll(placeholder)].map((m) => m[1]!);
}

/** Inputs that travel in the path of `template` (never in the request's body). */
export function pathProperties(template: string): Set<string> {
  return new Set(placeholders(template));
}

/** `template` with each placeholder replaced by its (URL-encoded) value from `values`. */
export function fillPath(def: ResourceDefinition, template: string, values: Props): string {
  return template.replace(placeholder, (_m, name: string) => {
    const value = values[name];
    if (typeof value !== "string" || value === "") {
      throw new Error(`${def.name}: ${name} is needed to locate the resource and is not set`);
    }
    return encodeURIComponent(value);
  });
}

/** The id of a keyed resource: its key inputs joined with "/". */
export function keyedId(def: ResourceDefinition, inputs: Props): string {
  return def.keyed!.keys.map((k) => String(inputs[k])).join("/");
}

/** A keyed resource's key values from its id, or undefined when the id is not of its form. */
export function keysFromId(def: ResourceDefinition, id: string): Props | undefined {
  const keys = def.keyed?.keys;
  if (!keys) return undefined;
  const parts = id.split("/");
  if (parts.length !== keys.length || parts.some((p) => p === "")) return undefined;
  return Object.fromEntries(keys.map((k, i) => [k, parts[i]]));
}

/** How the docs and messages write a resource's id. */
export function idForm(def: ResourceDefinition): string {
  return def.keyed ? def.keyed.keys.map((k) => `<${k}>`).join("/") : `${def.idPrefix ?? ""}_...`;
}
