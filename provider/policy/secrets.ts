/**
 * The vault secrets a policy reads: each `secrets.get('<vault>', '<secret>')` with literal names,
 * in an expression or a `${...}` of an action's configuration
 * (https://ngrok.com/docs/traffic-policy/secrets/), and where it is.
 */
import { isRecord, typedPhase, camel, type PolicyValue } from "./value";
import type { PathSegment } from "./rules";

export interface SecretReference {
  /** Where, as the program spelled the policy. */
  path: PathSegment[];
  vault: string;
  secret: string;
}

const GET = /secrets\.get\(\s*(['"])([^'"]*)\1\s*,\s*(['"])([^'"]*)\3\s*\)/g;

/** Every `secrets.get` with literal names in the policy; none for text that cannot be read. */
export function secretReferences(value: PolicyValue): SecretReference[] {
  if (value.textError) return [];
  const wire = value.toWire() as unknown;
  const found: SecretReference[] = [];
  const name = (key: string, depth: number): string => (value.spelling === "wire" ? key : depth === 0 ? typedPhase(key) : camel(key));
  const walk = (node: unknown, path: PathSegment[], depth: number, inConfigMap: boolean): void => {
    if (typeof node === "string") {
      for (const m of node.matchAll(GET)) found.push({ path, vault: m[2]!, secret: m[4]! });
    } else if (Array.isArray(node)) node.forEach((v, i) => walk(v, [...path, i], depth + 1, false));
    else if (isRecord(node)) {
      for (const [k, v] of Object.entries(node)) {
        // Header names and variables are the program's own: never renamed.
        walk(v, [...path, inConfigMap ? k : name(k, depth)], depth + 1, k === "headers" || k === "metadata" || k === "vars");
      }
    }
  };
  walk(wire, [], 0, false);
  return found;
}
