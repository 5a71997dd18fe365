/** Preview-time validation: every failure names the property, and unknown values are skipped. */
import { z } from "zod";
import type { ObjectType, Props, ResourceDefinition, TypeSpec } from "../definitions/types";
import { importIdKey } from "./adopt";
import { idForm, keysFromId } from "./locate";
import { containsUnknown, inputProperties, isAbsent } from "./values";

export interface CheckFailure {
  property: string;
  reason: string;
}

const schemaCache = new WeakMap<TypeSpec, z.ZodType>();

/** The zod schema for a type, with the API's limits. Built lazily: zod never reaches the stub. */
export function schemaFor(type: TypeSpec): z.ZodType {
  let schema = schemaCache.get(type);
  if (!schema) {
    schema = buildSchema(type);
    schemaCache.set(type, schema);
  }
  return schema;
}

function buildSchema(type: TypeSpec): z.ZodType {
  switch (type.kind) {
    case "string": {
      let s: z.ZodType<string, string> = type.enum
        ? z.string().refine((v) => type.enum!.includes(v), { message: `must be one of ${type.enum.map((e) => `"${e}"`).join(", ")}` })
        : z.string();
      if (type.maxBytes !== undefined) {
        const max = type.maxBytes;
        s = s.refine((v) => Buffer.byteLength(v, "utf8") <= max, {
          message: `is too long: at most ${max} bytes (UTF-8)`,
        });
      }
      if (type.maxChars !== undefined) {
        const max = type.maxChars;
        s = s.refine((v) => [...v].length <= max, { message: `is too long: at most ${max} characters` });
      }
      if (type.idPrefix !== undefined) {
        const prefixes = typeof type.idPrefix === "string" ? [type.idPrefix] : type.idPrefix;
        const forms = prefixes.map((p) => `${p}_...`);
        const list = forms.length > 1 ? `${forms.slice(0, -1).join(", ")} or ${forms[forms.length - 1]}` : forms[0];
        s = s.refine((v) => prefixes.some((p) => v.startsWith(`${p}_`) && v.length > p.length + 1), {
          message: `must be an id of the form ${list}`,
        });
      }
      if (type.refine) s = s.pipe(type.refine());
      return s;
    }
    case "boolean":
      return z.boolean();
    case "integer": {
      let n = z.number().int();
      if (type.min !== undefined) n = n.min(type.min);
      if (type.max !== undefined) n = n.max(type.max);
      return n;
    }
    case "number": {
      let n = z.number();
      if (type.min !== undefined) n = n.min(type.min);
      if (type.max !== undefined) n = n.max(type.max);
      return n;
    }
    case "array": {
      const a = z.array(schemaFor(type.items));
      return type.maxItems !== undefined ? a.max(type.maxItems) : a;
    }
    case "map":
      return z.record(z.string(), schemaFor(type.values));
    case "object":
      return objectSchema(type);
  }
}

function objectSchema(type: ObjectType): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, prop] of Object.entries(type.properties)) {
    const s = schemaFor(prop.type);
    shape[name] = prop.required ? s : s.nullish();
  }
  return z.strictObject(shape);
}

/** Validates a resource's inputs as the engine's Check does. */
export function checkInputs(def: ResourceDefinition, news: Props): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const inputs = new Map(inputProperties(def));

  for (const key of Object.keys(news)) {
    if (key.startsWith("__") || key === importIdKey || inputs.has(key) || isAbsent(news[key])) continue;
    const known = [...inputs.keys()].join(", ");
    failures.push({
      property: key,
      reason: def.properties[key]
        ? `${key} is an output of ${def.name} and cannot be set`
        : `${def.name} has no input named ${key} (inputs: ${known})`,
    });
  }

  for (const [name, prop] of inputs) {
    const value = news[name];
    if (isAbsent(value)) {
      if (prop.input.required) failures.push({ property: name, reason: `${name} is required` });
      continue;
    }
    if (containsUnknown(value)) continue;
    const result = schemaFor(prop.type).safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        failures.push({ property: name, reason: describeIssue(name, issue) });
      }
    }
  }

  const adopt = news[importIdKey];
  if (!isAbsent(adopt) && !containsUnknown(adopt) && !isIdOf(def, adopt)) {
    failures.push({ property: importIdKey, reason: `${importIdKey} must be the id of an existing ${def.name} (${idForm(def)})` });
  }

  for (const rule of def.rules ?? []) {
    if (rule.properties.some((p) => containsUnknown(news[p]))) continue;
    const reason = rule.violated(news);
    if (reason) for (const property of rule.properties) failures.push({ property, reason });
  }
  return failures;
}

function describeIssue(name: string, issue: z.core.$ZodIssue): string {
  const path = issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("");
  const where = `${name}${path}`;
  if (issue.code === "invalid_type") return `${where} must be ${issue.expected === "int" ? "a whole number" : issue.expected}`;
  if (issue.code === "too_big" && issue.origin === "number") return `${where} must be at most ${issue.maximum}`;
  if (issue.code === "too_small" && issue.origin === "number") return `${where} must be at least ${issue.minimum}`;
  if (issue.code === "unrecognized_keys") return `${where} has unknown field(s): ${issue.keys.join(", ")}`;
  return `${where} ${issue.message}`;
}

/** Whether `value` has the form of an id of `def` (keyed resources: one non-empty part per key). */
function isIdOf(def: ResourceDefinition, value: unknown): boolean {
  if (typeof value !== "string") return false;
  if (def.keyed) return keysFromId(def, value) !== undefined;
  return new RegExp(`^${def.idPrefix ?? "[a-z]+"}_[0-9A-Za-z]+$`).test(value);
}
