// How an action's configuration is written down in its file: each field's kind, whether it is
// required, ngrok's default, and the limits its action page documents
// (https://ngrok.com/docs/traffic-policy/actions/<action>/). check.ts reads these to refuse a
// policy as ngrok's API does; the run logic reads the defaults.
import type { Literal } from "./literals";

export type Kind = "string" | "bool" | "int" | "float" | "duration" | "strings" | "ints" | "map" | "any" | "object" | "objects";

export interface Field {
  kind: Kind;
  required?: boolean;
  /** The value ngrok applies when the field is omitted. */
  default?: unknown;
  oneOf?: readonly string[];
  /** Bounds of a number, of each integer of a list, or of a duration (seconds). */
  min?: number;
  max?: number;
  /** A duration's step (seconds). */
  step?: number;
  /** Bounds of a list's or a map's number of entries. */
  minEntries?: number;
  maxEntries?: number;
  /** A string's (or each string's) greatest length. */
  maxLength?: number;
  /** Each element is CEL (bucket keys), or the string is (retry_condition). */
  cel?: boolean;
  /** The CEL is a condition: it must be a bool (retry_condition). */
  condition?: boolean;
  /** Variables the CEL of this field may read besides the documented ones, by name and type. */
  celVariables?: Readonly<Record<string, string>>;
  /** A literal ngrok checks when the policy is saved (a CIDR, a pattern, a URL...): the string, or each string of a list. */
  literal?: Literal;
  /** A map of headers: its keys are header names and its values header values, checked as ngrok checks them. */
  headers?: boolean;
  /** basic-auth's `username:password`, the password 8 to 128 characters. */
  credential?: boolean;
  /** set-vars: each object holds one variable. */
  oneEntry?: boolean;
  unique?: boolean;
  notAllowed?: readonly string[];
  /** A field ngrok still accepts but deprecates, and the one that replaces it. */
  deprecatedFor?: string;
  fields?: Readonly<Record<string, Field>>;
}

/** An action's configuration fields by name; `open` for those documented elsewhere (ai-gateway). */
export type ConfigSchema = Readonly<Record<string, Field>> | "open";

export const f = (kind: Kind, more: Omit<Field, "kind"> = {}): Field => ({ kind, ...more });

/** A config's value of `name`, or the field's default. */
export function valueOr<T>(config: Record<string, unknown>, schema: ConfigSchema, name: string): T {
  const v = config[name];
  if (v !== undefined && v !== null) return v as T;
  return (schema === "open" ? undefined : schema[name]?.default) as T;
}

/** The `replacements` of the find-replace actions; sse-find-replace's also name the `field`. */
export const replacements = (withField: boolean): Field =>
  f("objects", {
    required: true,
    minEntries: 1,
    fields: { ...(withField ? { field: f("string", { oneOf: ["data", "retry"], default: "data" }) } : {}), from: f("string", { required: true, literal: "regex" }), to: f("string", { default: "" }) },
  });

/** A duration as ngrok writes one (Go's): "10s", "1m30s", "500ms". */
export const DURATION = /^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/;
const UNIT: Readonly<Record<string, number>> = { ns: 1e-9, us: 1e-6, "µs": 1e-6, ms: 1e-3, s: 1, m: 60, h: 3600 };

/** A duration's length in seconds ("1m30s": 90). */
export function durationSeconds(text: string): number {
  let total = 0;
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) total += Number(m[1]) * UNIT[m[2]!]!;
  return total;
}
