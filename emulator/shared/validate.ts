// Request-body parsing shared by all collections: zod checks the structure, this file maps
// zod's issues onto the service's error codes (unknown field -> 214, anything else -> 215).
import { z } from "zod";
import { ApiFailure, badValue, unknownField } from "./errors";

export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

function pathText(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}

/**
 * `null` means "not given" (as the real service treats it), so nulls are dropped from
 * objects before validation, at every depth of nested objects (not inside arrays).
 */
export function dropNulls(value: Json): Json {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(value)) {
    if (v !== null) out[k] = dropNulls(v);
  }
  return out;
}

/** Validate a (null-stripped) body against a schema; throw the service's 400 on failure. */
export function parseWith<T>(schema: z.ZodType<T>, body: Json): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue === undefined) throw badValue("The request body is invalid.");
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0] ?? "";
    throw unknownField(pathText([...issue.path, key]));
  }
  const where = pathText(issue.path);
  if (issue.code === "invalid_type" && issue.input === undefined) {
    throw badValue(`The '${where}' field is required.`);
  }
  throw badValue(where === "" ? issue.message : `Invalid value for '${where}': ${issue.message}`);
}

/** A request body checked against `schema` after dropping its nulls; a missing body is `{}`. */
export function parseBody<T>(schema: z.ZodType<T>, body: Json | undefined): T {
  return parseWith(schema, dropNulls(body ?? {}));
}

const bytes = (s: string): number => Buffer.byteLength(s, "utf8");

/** A string limited in UTF-8 bytes (the spec's limits are bytes, except event subscriptions). */
export function maxBytes(field: string, max: number): z.ZodString {
  return z.string().refine((s) => bytes(s) <= max, {
    message: `The ${field} must be at most ${max} bytes long.`,
  }) as unknown as z.ZodString;
}

/** A string limited in characters (event subscriptions count characters). */
export function maxChars(field: string, max: number): z.ZodString {
  return z.string().max(max, { message: `The ${field} must be at most ${max} characters long.` });
}

export const description = maxBytes("description", 255);
export const metadata = maxBytes("metadata", 4096);
export const stringList = z.array(z.string());
export const stringMap = z.record(z.string(), z.string());
/** The body of an operation that takes no fields. */
export const emptyBody = z.strictObject({});
export const uint32 = z.number().int().min(0).max(4294967295);

/** Throws 400 ERR_NGROK_215 unless `value` has the id form `<prefix>_...`. */
export function requirePrefix(field: string, value: string, prefixes: readonly string[]): void {
  if (!prefixes.some((p) => value.startsWith(`${p}_`) && value.length > p.length + 1)) {
    throw badValue(`Invalid value for '${field}': '${value}' is not a valid ${prefixes.map((p) => `${p}_`).join(" or ")} id.`);
  }
}

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export { ApiFailure };
