/**
 * Adoption of resources that already exist. Pulumi's `import` option and `pulumi import` do not
 * work with dynamic providers (the engine reads without the serialised provider), so every
 * resource takes an `importId` input instead: at creation the provider adopts that resource
 * rather than creating one, and manages it from then on. Like the `import` option, it only acts
 * at creation: later changes to it never produce a diff.
 */
import type { PropertySpec, ResourceDefinition } from "../contract";
import { idForm } from "./locate";

export const importIdKey = "importId";

/** The `importId` input as the generators describe it. */
export function importIdProperty(def: ResourceDefinition): PropertySpec {
  return {
    type: { kind: "string" },
    description:
      `Adopt an existing ${def.name} (\`${idForm(def)}\`) instead of creating one: the provider reads it, ` +
      `applies this program's inputs to it and manages it from then on (\`destroy\` deletes it). ` +
      `Immutable inputs must match the existing resource. Used only at creation; remove it after the first \`up\`.`,
    input: { api: "", onChange: "update", unset: "computed", updatable: false },
  };
}
