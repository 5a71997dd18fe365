/**
 * Property values between the engine's protobuf Structs and the handlers' plain property bags.
 * The handlers never see a secret marker: secrets are unwrapped on the way in, and each top-level
 * property that held one (or that its definition calls secret) is wrapped again on the way out.
 * Unknown values travel as the engine's unknown string, which the handlers already recognise.
 */
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import type { Props } from "../../contract";

/** The key and value that mark a special value (a secret) in a Struct. */
const specialSigKey = "4dabf18193072939515e22adb298388d";
const secretSig = "1b47061264138c4ac30d75fd1eb44270";

/** A property bag without secret markers, and the names of its top-level properties that held a secret. */
export interface Unwrapped {
  props: Props;
  secrets: Set<string>;
}

export function fromStruct(struct: Struct | undefined): Unwrapped {
  return unwrapped(structValues(struct));
}

/** A Struct's values as plain JavaScript, secret markers included. */
export function structValues(struct: Struct | undefined): Props {
  return (struct?.toJavaScript() ?? {}) as Props;
}

/** `structValues` without secret markers, and the names of the top-level properties that held one. */
export function unwrapped(raw: Props): Unwrapped {
  const props: Props = {};
  const secrets = new Set<string>();
  for (const [name, value] of Object.entries(raw)) {
    const found = { secret: false };
    props[name] = unwrap(value, found);
    if (found.secret) secrets.add(name);
  }
  return { props, secrets };
}

/** The top-level properties `structValues` holds as secrets as a whole. */
export function wholeSecrets(raw: Props): Set<string> {
  return new Set(Object.keys(raw).filter((name) => (raw[name] as Props | null)?.[specialSigKey] === secretSig));
}

/** The plain values (strings, numbers, booleans) that `structValues` holds as secrets, wherever they are. */
export function secretLeaves(raw: Props): Set<unknown> {
  const leaves = new Set<unknown>();
  const visit = (value: unknown, secret: boolean): void => {
    if (Array.isArray(value)) value.forEach((v) => visit(v, secret));
    else if (value && typeof value === "object") {
      const o = value as Props;
      if (o[specialSigKey] === secretSig) visit(o.value, true);
      else Object.values(o).forEach((v) => visit(v, secret));
    } else if (secret && value !== null && value !== undefined) leaves.add(value);
  };
  visit(raw, false);
  return leaves;
}

function unwrap(value: unknown, found: { secret: boolean }): unknown {
  if (Array.isArray(value)) return value.map((v) => unwrap(v, found));
  if (value && typeof value === "object") {
    const o = value as Props;
    if (o[specialSigKey] === secretSig) {
      found.secret = true;
      return unwrap(o.value, found);
    }
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, unwrap(v, found)]));
  }
  return value;
}

/** A Struct of `props`, each top-level property named in `secrets` marked secret; absent values dropped. */
export function toStruct(props: Props, secrets: ReadonlySet<string> = new Set()): Struct {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(props)) {
    const plain = dropAbsent(value);
    if (plain === undefined) continue;
    out[name] = secrets.has(name) ? { [specialSigKey]: secretSig, value: plain } : plain;
  }
  return Struct.fromJavaScript(out as Parameters<typeof Struct.fromJavaScript>[0]);
}

/** Protobuf has no `undefined`: absent entries leave objects, and stand as null in lists. */
function dropAbsent(value: unknown): unknown {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return value.map((v) => dropAbsent(v) ?? null);
  if (value && typeof value === "object") {
    const out: Props = {};
    for (const [k, v] of Object.entries(value as Props)) {
      const d = dropAbsent(v);
      if (d !== undefined) out[k] = d;
    }
    return out;
  }
  return value;
}

/** Whether `value` holds one of `leaves` anywhere. */
export function containsAny(value: unknown, leaves: ReadonlySet<unknown>): boolean {
  if (leaves.has(value)) return true;
  if (Array.isArray(value)) return value.some((v) => containsAny(v, leaves));
  if (value && typeof value === "object") return Object.values(value).some((v) => containsAny(v, leaves));
  return false;
}
