/**
 * Preview-time validation: every failure begins with the property's path, never quotes a value,
 * and unknown values are skipped.
 */
import type { z } from "zod";
import type { CheckFailure, CheckResult, ObjectType, Props, ResourceDefinition, TypeSpec } from "../contract";
import { importIdKey } from "./adopt";
import { idForm, idKeys, idPrefixesOf, keysFromId } from "./locate";
import { containsUnknown, idPrefixes, inputProperties, isAbsent } from "./values";

export type { CheckFailure, CheckResult } from "../contract";

/**
 * The one way every kind answers a Check: its inputs validated against its definition, plus the
 * failures only its handler can find (`more`; `ifValid`, asked only when nothing else failed, may
 * ask the API). Each failure's message begins with its path; the same message is told once.
 */
export async function checkProgram(
  def: ResourceDefinition,
  news: Props,
  more: readonly CheckFailure[] = [],
  ifValid?: () => Promise<readonly CheckFailure[]>,
): Promise<CheckResult> {
  const failures = [...checkInputs(def, news), ...more];
  if (failures.length === 0 && ifValid) failures.push(...(await ifValid()));
  const inputs: Props = {};
  for (const [k, v] of Object.entries(news)) if (v !== undefined) inputs[k] = v;
  return { inputs, failures: told(failures) };
}

/**
 * Each failure with a message that begins with its path (a message that names none is prefixed
 * with it), and each message once: a rule across properties fails once, whatever it names.
 */
function told(failures: readonly CheckFailure[]): CheckFailure[] {
  const byMessage = new Map<string, CheckFailure>();
  for (const { path, message } of failures) {
    const complete = path === "" || startsWithName(message, path) ? message : `${path}: ${message}`;
    if (!byMessage.has(complete)) byMessage.set(complete, { path, message: complete });
  }
  return [...byMessage.values()];
}

/** Whether `text` begins with the name `name` (followed by a space, `[`, `.`, `:` or nothing). */
function startsWithName(text: string, name: string): boolean {
  return text.startsWith(name) && !/^[A-Za-z0-9_]/.test(text.slice(name.length));
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

/** zod, loaded at the first check: a diff or a read never validates. */
function zod(): typeof z {
  return (require("zod") as typeof import("zod")).z;
}

function buildSchema(type: TypeSpec): z.ZodType {
  const z = zod();
  switch (type.kind) {
    case "string": {
      let s: z.ZodType<string, string> = type.enum
        ? z.string().refine((v) => type.enum!.includes(v), { message: `must be one of ${type.enum.map((e) => `"${e}"`).join(", ")}` })
        : z.string();
      if (type.nonEmpty) s = s.refine((v) => v !== "", { message: "must not be empty" });
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
        const prefixes = idPrefixes(type.idPrefix);
        // "" is how the API spells "none" (it clears a reference), so it is not a malformed id.
        s = s.refine((v) => v === "" || prefixes.some((p) => v.startsWith(`${p}_`) && v.length > p.length + 1), {
          message: `must be an id beginning with ${prefixes.map((p) => `"${p}_"`).join(" or ")}`,
        });
      }
      if (type.refine) s = s.pipe(type.refine(z));
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
    case "external":
      // Checked with every input at hand (checkInputs): a nested external value is not validated here.
      return z.unknown();
  }
}

function objectSchema(type: ObjectType): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, prop] of Object.entries(type.properties)) {
    const s = schemaFor(prop.type);
    shape[name] = prop.required ? s : s.nullish();
  }
  return zod().strictObject(shape);
}

/**
 * Validates a resource's inputs as the engine's Check does. Each failure's message begins with the
 * property's path and never includes a value: the engine prints messages in clear.
 */
export function checkInputs(def: ResourceDefinition, news: Props): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const inputs = new Map(inputProperties(def));

  for (const key of Object.keys(news)) {
    if (key.startsWith("__") || key === importIdKey || inputs.has(key) || isAbsent(news[key])) continue;
    const known = [...inputs.keys()].join(", ");
    failures.push({
      path: key,
      message: def.properties[key]
        ? `${key} is an output of ${def.name} and cannot be set`
        : `${key} is not an input of ${def.name} (inputs: ${known})`,
    });
  }

  for (const [name, prop] of inputs) {
    const value = news[name];
    if (isAbsent(value)) {
      if (prop.input.required) failures.push({ path: name, message: `${name} is required` });
      continue;
    }
    if (prop.type.kind === "external") {
      for (const p of prop.type.problems(value, news)) {
        const where = pathText(name, p.path);
        failures.push({ path: where, message: `${where} ${p.message}` });
      }
      continue;
    }
    if (containsUnknown(value)) continue;
    const result = schemaFor(prop.type).safeParse(value);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const where = pathOf(name, issue);
        failures.push({ path: where, message: describeIssue(where, issue) });
      }
    }
  }

  const adopt = news[importIdKey];
  if (!isAbsent(adopt) && !def.binding) {
    failures.push({ path: importIdKey, message: `${importIdKey} is not an input of ${def.name}: there is nothing to adopt` });
  } else if (!isAbsent(adopt) && !containsUnknown(adopt) && !isIdOf(def, adopt)) {
    failures.push({ path: importIdKey, message: `${importIdKey} must be the id of an existing ${def.name} (${idForm(def)})` });
  }

  for (const rule of def.rules ?? []) {
    if (rule.properties.some((p) => containsUnknown(news[p]))) continue;
    const message = rule.violated(news);
    // Once, naming every property involved (a message that does not begin with one gets them all).
    if (message) {
      const path = rule.properties.find((p) => startsWithName(message, p)) ?? rule.properties.join(" and ");
      failures.push({ path, message });
    }
  }
  return failures;
}

/** A path below a property as a program writes it: `trafficPolicy.onHttpRequest[0].expressions[1]`. */
export function pathText(name: string, path: readonly (string | number)[]): string {
  return name + path.map((p) => (typeof p === "number" ? `[${p}]` : /^[A-Za-z_$][\w$]*$/.test(p) ? `.${p}` : `[${JSON.stringify(p)}]`)).join("");
}

/** The property path an issue is at, as the program writes it: `acl[0]`, `target.datadog.apiKey`. */
function pathOf(name: string, issue: z.core.$ZodIssue): string {
  return `${name}${issue.path.map((p) => (typeof p === "number" ? `[${p}]` : `.${String(p)}`)).join("")}`;
}

function describeIssue(where: string, issue: z.core.$ZodIssue): string {
  if (issue.code === "invalid_type") return `${where} must be ${issue.expected === "int" ? "a whole number" : issue.expected}`;
  if (issue.code === "too_big" && issue.origin === "number") return `${where} must be at most ${issue.maximum}`;
  if (issue.code === "too_small" && issue.origin === "number") return `${where} must be at least ${issue.minimum}`;
  if (issue.code === "unrecognized_keys") return `${where} has unknown field(s): ${issue.keys.join(", ")}`;
  return `${where} ${issue.message}`;
}

/** Whether `value` has the form of an id of `def` (ids made of inputs: one valid value per key). */
function isIdOf(def: ResourceDefinition, value: unknown): boolean {
  if (typeof value !== "string" || !def.binding) return false;
  // The one object of its kind has the one id.
  if (def.binding.kind === "singleton") return value === def.binding.id;
  const keys = idKeys(def.binding);
  if (keys) {
    // Each part must be a valid value of its key (an edge id of the right kind, an event type).
    const values = keysFromId(keys, value);
    return values !== undefined && keys.every((k) => schemaFor(def.properties[k]!.type).safeParse(values[k]).success);
  }
  const prefixes = idPrefixesOf(def.binding);
  // No documented prefix: any id the API could have given, one path segment.
  if (prefixes.length === 0) return /^[0-9A-Za-z_-]+$/.test(value);
  return new RegExp(`^(${prefixes.join("|")})_[0-9A-Za-z]+$`).test(value);
}
