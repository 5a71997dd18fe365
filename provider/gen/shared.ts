/**
 * What every generated output shares: names, the TypeScript, JSON-schema and Markdown forms of a
 * type, doc comments, and a resource's inputs as users see them.
 */
import type { ObjectType, PropertySpec, ResourceDefinition, TypeSpec } from "../contract";
import { importIdKey, importIdProperty } from "../engine/adopt";
import { idPrefixes } from "../engine/values";
import { wireOf } from "./binding";

export const packageName = "ngrok";

export interface GeneratedFile {
  path: string;
  content: string;
}

/** The first line of a generated TypeScript file, naming where it comes from. */
export function generatedHeader(from: string): string {
  return `// Generated from ${from} by \`make generate\`. Do not edit.\n`;
}

export function fileName(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}

export const capitalized = (name: string): string => name[0]!.toUpperCase() + name.slice(1);

/** Every nested object type reachable from `roots`, by name (a name is one shape everywhere). */
export function objectTypes(roots: readonly TypeSpec[]): Map<string, ObjectType> {
  const found = new Map<string, ObjectType>();
  const visit = (t: TypeSpec): void => {
    if (t.kind === "array") visit(t.items);
    else if (t.kind === "map") visit(t.values);
    else if (t.kind === "object") {
      const seen = found.get(t.name);
      if (seen && JSON.stringify(seen) !== JSON.stringify(t)) {
        throw new Error(`two different object types are named ${t.name}`);
      }
      found.set(t.name, t);
      Object.values(t.properties).forEach((p) => visit(p.type));
    }
  };
  roots.forEach(visit);
  return new Map([...found].sort(([a], [b]) => a.localeCompare(b)));
}

export function usesObjects(specs: readonly { type: TypeSpec }[]): boolean {
  return specs.some((p) => JSON.stringify(p.type).includes('"kind":"object"'));
}

// ---- TypeScript ----

export type Side = "input" | "output";

export function tsType(t: TypeSpec, side: Side): string {
  const wrap = (s: string) => (side === "input" ? `pulumi.Input<${s}>` : s);
  switch (t.kind) {
    case "string":
      return wrap(t.enum ? t.enum.map((e) => JSON.stringify(e)).join(" | ") : "string");
    case "boolean":
      return wrap("boolean");
    case "integer":
    case "number":
      return wrap("number");
    case "array": {
      const item = tsType(t.items, side);
      // `"a" | "b"[]` would be a union with an array: a union item needs parentheses.
      return wrap(`${item.includes(" | ") && !item.startsWith("pulumi.Input<") ? `(${item})` : item}[]`);
    }
    case "map":
      return wrap(`{ [key: string]: ${tsType(t.values, side)} }`);
    case "object":
      return wrap(`${side}s.${t.name}`);
    case "external":
      return wrap(side === "input" ? t.tsInput : t.tsOutput);
  }
}

/**
 * The import lines of the types that live outside the schema language (a Traffic Policy), from
 * their own modules, for the given properties' types.
 */
export function externalImports(types: readonly TypeSpec[], sides: readonly Side[] = ["input", "output"]): string {
  const external = new Map<string, Set<string>>();
  for (const t of types) {
    if (t.kind !== "external") continue;
    const names = external.get(t.sdkModule) ?? new Set<string>();
    for (const ts of sides.map((side) => (side === "input" ? t.tsInput : t.tsOutput))) for (const n of ts.match(/[A-Z][A-Za-z]*/g) ?? []) names.add(n);
    external.set(t.sdkModule, names);
  }
  return [...external].map(([module, names]) => `import type { ${[...names].sort().join(", ")} } from "${module}";\n`).join("");
}

export function doc(text: string, indent: string): string {
  const lines = text.split("\n");
  if (lines.length === 1) return `${indent}/** ${text.replace(/\*\//g, "*\\/")} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l.replace(/\*\//g, "*\\/")}` : ""}`).join("\n")}\n${indent} */\n`;
}

/** A doc comment's text with the example under it, as a program would write it. */
export function withExample(description: string, example: string): string {
  return `${description}\n\n@example\n\`\`\`typescript\nimport * as ngrok from "pulumi-ngrok";\n\n${example}\n\`\`\``;
}

/** A property's doc comment in the SDK: its doc, and `@deprecated` for a deprecated input. */
export function propertyComment(name: string, p: PropertySpec): string {
  return p.deprecated ? `${propertyDoc(name, p)}\n\n@deprecated ${p.deprecated}` : propertyDoc(name, p);
}

export function propertyDoc(name: string, p: PropertySpec): string {
  const notes: string[] = [];
  if (p.input?.onChange === "replace") notes.push("Changing it replaces the resource.");
  if (p.secret) notes.push("Secret.");
  return [p.description, ...notes].join(" ") || name;
}

// ---- schema.json ----

export type JsonObject = Record<string, unknown>;

/** A type's schema.json form; `input` where it is an input's (an external type may differ there). */
export function schemaType(t: TypeSpec, side: "input" | "output" = "output"): JsonObject {
  switch (t.kind) {
    case "string":
      return { type: "string" };
    case "boolean":
      return { type: "boolean" };
    case "integer":
      return { type: "integer" };
    case "number":
      return { type: "number" };
    case "array":
      return { type: "array", items: schemaType(t.items) };
    case "map":
      return { type: "object", additionalProperties: schemaType(t.values) };
    case "object":
      return { $ref: `#/types/${packageName}:index:${t.name}` };
    case "external":
      return side === "input" && t.inputSchema ? t.inputSchema : t.schema;
  }
}

/** A type's limits in words (bounds, allowed values, id prefixes), each sentence after a space. */
export function limits(t: TypeSpec, withEnum = true): string {
  if (t.kind === "array") return limits(t.items, withEnum);
  if ((t.kind === "integer" || t.kind === "number") && t.min !== undefined) {
    return t.max !== undefined ? ` Between ${t.min} and ${t.max}.` : ` At least ${t.min}.`;
  }
  if (t.kind !== "string") return "";
  const parts: string[] = [];
  if (t.enum && withEnum) parts.push(`One of: ${t.enum.map((e) => `\`${e}\``).join(", ")}.`);
  if (t.nonEmpty) parts.push("Not empty.");
  if (t.idPrefix !== undefined) {
    parts.push(`An id starting with ${idPrefixes(t.idPrefix).map((p) => `\`${p}_\``).join(" or ")}.`);
  }
  return parts.length ? ` ${parts.join(" ")}` : "";
}

// ---- Markdown ----

export function docsType(t: TypeSpec): string {
  switch (t.kind) {
    case "array":
      return `${docsType(t.items)}[]`;
    case "map":
      return `map<string, ${docsType(t.values)}>`;
    case "object":
      return t.name;
    case "external":
      return t.docs;
    case "string":
      return t.enum ? t.enum.map((e) => `"${e}"`).join(" \\| ") : "string";
    default:
      return t.kind;
  }
}

export function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

// ---- resources ----

/** A resource's inputs as users see them: its own, then `importId` when it lives in the API. */
export function inputsOf(def: ResourceDefinition): [string, PropertySpec][] {
  const own = Object.entries(def.properties).filter(([, p]) => p.input);
  return wireOf(def) ? [...own, [importIdKey, importIdProperty(def)]] : own;
}

/** A resource's outputs: every property but those only lookups answer. */
export function outputsOf(def: ResourceDefinition): [string, PropertySpec][] {
  return Object.entries(def.properties).filter(([, p]) => !p.lookupOnly);
}

/** The argument that takes a resource's parent resource (`route`, `edge`), as the docs show it. */
export function parentArgDoc(def: ResourceDefinition): string {
  const parent = def.parentResource!;
  const fills = Object.keys(parent.fills).map((f) => `\`${f}\``).join(" and ");
  return `The ${parent.kind} it belongs to (TypeScript only): fills ${fills} from it, and is the resource's \`parent\` unless the options name one.`;
}

/** Whether an input is required when the parent argument is not given (and filled from it when it is). */
export function filledByParent(def: ResourceDefinition, name: string): boolean {
  return def.parentResource !== undefined && Object.prototype.hasOwnProperty.call(def.parentResource.fills, name);
}
