/** Conversions between the API's JSON and Pulumi's property bags both ways (outputs, request bodies), and input comparison. */
import type { ApiObject, PropertySpec, Props, ResourceSchema, TypeSpec } from "../contract";

/** What the engine sends, during preview, for a value not yet known. */
export const unknownValue = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export function containsUnknown(value: unknown): boolean {
  if (value === unknownValue) return true;
  if (Array.isArray(value)) return value.some(containsUnknown);
  if (value && typeof value === "object") return Object.values(value).some(containsUnknown);
  return false;
}

export function isAbsent(value: unknown): value is undefined | null {
  return value === undefined || value === null;
}

/** Inputs of a definition, by property name. */
export function inputProperties(def: ResourceSchema): [string, PropertySpec & { input: NonNullable<PropertySpec["input"]> }][] {
  return Object.entries(def.properties).filter(
    (e): e is [string, PropertySpec & { input: NonNullable<PropertySpec["input"]> }] => e[1].input !== undefined,
  );
}

/** The id prefixes a reference type accepts. */
export function idPrefixes(idPrefix: string | readonly string[]): readonly string[] {
  return typeof idPrefix === "string" ? [idPrefix] : idPrefix;
}

/** The value an absent "clear" input stands for. */
export function emptyValue(type: TypeSpec): unknown {
  switch (type.kind) {
    case "string":
      return "";
    case "array":
      return [];
    case "map":
      return {};
    case "boolean":
      return false;
    case "object":
      // Sent as null: the API's value for "not set" (an omitted field would mean "unchanged").
      return null;
    default:
      return undefined;
  }
}

/** API JSON (snake_case, nulls) to a Pulumi value (camelCase, absent). */
export function fromApiValue(type: TypeSpec, value: unknown): unknown {
  if (isAbsent(value)) return undefined;
  switch (type.kind) {
    case "object": {
      if (typeof value !== "object" || Array.isArray(value)) return undefined;
      const source = value as ApiObject;
      const out: Props = {};
      for (const [name, prop] of Object.entries(type.properties)) {
        const v = fromApiValue(prop.type, source[prop.api]);
        if (v !== undefined) out[name] = v;
      }
      return out;
    }
    case "array":
      return Array.isArray(value) ? value.map((v) => fromApiValue(type.items, v)) : undefined;
    case "map": {
      if (typeof value !== "object" || Array.isArray(value)) return undefined;
      const out: Props = {};
      // An entry whose value is "" is still an entry (an SSH certificate's `permit-pty`).
      for (const [k, v] of Object.entries(value as ApiObject)) out[k] = type.values.kind === "string" && v === "" ? "" : fromApiValue(type.values, v);
      return out;
    }
    case "string":
      // The API omits empty strings or sends "" (older responses): both mean unset.
      return typeof value === "string" && value !== "" ? value : undefined;
    default:
      return value;
  }
}

/** A Pulumi value to API JSON. */
export function toApiValue(type: TypeSpec, value: unknown): unknown {
  if (isAbsent(value)) return value;
  switch (type.kind) {
    case "object": {
      const source = value as Props;
      const out: ApiObject = {};
      for (const [name, prop] of Object.entries(type.properties)) {
        const v = isAbsent(source[name]) ? prop.default : source[name];
        if (!isAbsent(v)) out[prop.api] = toApiValue(prop.type, v);
      }
      return out;
    }
    case "array":
      return (value as unknown[]).map((v) => toApiValue(type.items, v));
    case "map": {
      const out: ApiObject = {};
      for (const [k, v] of Object.entries(value as Props)) out[k] = toApiValue(type.values, v);
      return out;
    }
    default:
      return value;
  }
}

/**
 * Outputs from an API object: every property read through its `fromApi`, absent values dropped,
 * and so is the service's value of an input `prior` does not hold when it is only the service's
 * default (a module's `numBuckets: 0`, `enabled: true`): the engine shows a replace
 * as old outputs against new inputs, and would list such a value as one the program removes.
 * `keepDefaults` when `prior` is not a resource's state or inputs (`Resource.get`, a lookup);
 * `forLookup` adds the properties only lookups answer.
 */
export function toOutputs(def: ResourceSchema, api: ApiObject, prior: Props, keepDefaults = false, forLookup = false): Props {
  const outs: Props = {};
  for (const [name, prop] of Object.entries(def.properties)) {
    if (prop.lookupOnly && !forLookup) continue;
    const apiName = prop.api ?? prop.input?.api ?? name;
    const value = prop.writeOnly ? prior[name] : prop.fromApi ? prop.fromApi(api, prior) : fromApiValue(prop.type, api[apiName]);
    if (isAbsent(value) || (!keepDefaults && isAbsent(prior[name]) && isUnsetAnswer(prop, value))) continue;
    outs[name] = value;
  }
  return outs;
}

/**
 * Whether `value` is the service's default for input `prop`, answered when it is not set: its
 * documented `default`, or the 0 of a number the service chooses (a module's `numBuckets`).
 */
function isUnsetAnswer(prop: PropertySpec, value: unknown): boolean {
  if (!prop.input || prop.present) return false;
  if (prop.input.default !== undefined) return stableJson(value) === stableJson(prop.input.default);
  return prop.input.unset === "computed" && (prop.type.kind === "integer" || prop.type.kind === "number") && value === 0;
}

/**
 * Whether an input's old (output) and new (program) values mean the same thing to the service.
 * Absent "computed" inputs, and absent nested fields the service fills in, never differ.
 */
export function sameInput(prop: PropertySpec, oldValue: unknown, newValue: unknown): boolean {
  const absent = prop.input?.default ?? emptyValue(prop.type);
  if (isAbsent(newValue)) {
    if (prop.input?.unset === "computed" && prop.input.default === undefined) return true;
    // An object the service answers with nothing in it (a JWT module's `{allow_list: []}`) is no object.
    if (prop.type.kind === "object" && isEmptyValue(prop.type, oldValue)) return true;
    newValue = absent;
  }
  if (isAbsent(oldValue)) oldValue = absent;
  const normalize = prop.normalize ?? ((v: unknown) => v);
  return sameValue(prop.type, normalize(oldValue), normalize(newValue));
}

function sameValue(type: TypeSpec, oldValue: unknown, newValue: unknown): boolean {
  if (type.kind === "object" && isPlainObject(newValue)) {
    // An object set in the program differs from none, even when all its fields are defaults.
    if (!isPlainObject(oldValue)) return false;
    return Object.entries(type.properties).every(([name, prop]) => {
      let n = newValue[name];
      let o = oldValue[name];
      if (isAbsent(n)) {
        if (prop.default !== undefined) n = prop.default;
        else if (prop.computed || isEmptyValue(prop.type, o)) return true;
        else n = emptyValue(prop.type);
      }
      if (isAbsent(o)) o = prop.default ?? emptyValue(prop.type);
      return sameValue(prop.type, o, n);
    });
  }
  if (type.kind === "array" && Array.isArray(newValue) && Array.isArray(oldValue)) {
    return newValue.length === oldValue.length && newValue.every((v, i) => sameValue(type.items, oldValue[i], v));
  }
  return stableJson(oldValue) === stableJson(newValue);
}

/** Absent, or a value with nothing set in it: "", [], {}, false, or an object of such values. */
function isEmptyValue(type: TypeSpec, value: unknown): boolean {
  if (isAbsent(value)) return true;
  if (type.kind === "object") {
    return isPlainObject(value) && Object.entries(type.properties).every(([name, p]) => isEmptyValue(p.type, value[name]));
  }
  if (type.kind === "map") return isPlainObject(value) && Object.keys(value).length === 0;
  return stableJson(value) === stableJson(emptyValue(type));
}

function isPlainObject(v: unknown): v is Props {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    isPlainObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

// ---- Request bodies from a program's inputs.

/** The body of a create (or of a whole-slot PUT): every input set, except those in the path. */
export function createBody(schema: ResourceSchema, inputs: Props, inPath: ReadonlySet<string>): ApiObject {
  const body: ApiObject = {};
  for (const [name, prop] of inputProperties(schema)) {
    if (prop.input.carriedBy || prop.input.apart || prop.deprecated) continue;
    const value = isAbsent(inputs[name]) ? prop.input.createDefault : inputs[name];
    if (!inPath.has(name) && !isAbsent(value)) body[prop.input.api] = prop.toApi ? prop.toApi(inputs) : toApiValue(prop.type, value);
  }
  return body;
}

/** The PATCH body that turns `olds` (outputs) into `news` (inputs): changed mutable fields only. */
export function patchBody(schema: ResourceSchema, olds: Props, news: Props): ApiObject {
  const body: ApiObject = {};
  for (const [name, prop] of inputProperties(schema)) {
    if (prop.input.onChange !== "update" || prop.input.updatable === false || prop.input.apart || prop.deprecated) continue;
    if (sameInput(prop, olds[name], news[name])) continue;
    // An input carried by another's field sends that field, made from all the new inputs.
    const carrier = prop.input.carriedBy ? schema.properties[prop.input.carriedBy] : undefined;
    if (carrier?.input && carrier.toApi) {
      body[carrier.input.api] = carrier.toApi(news);
      continue;
    }
    const value = isAbsent(news[name]) ? (prop.input.default ?? emptyValue(prop.type)) : news[name];
    body[prop.input.api] = prop.toApi && !isAbsent(news[name]) ? prop.toApi(news) : toApiValue(prop.type, value);
  }
  return body;
}
