/**
 * The API's error messages in the program's terms. The service names its own fields
 * (`Invalid value for 'certificate_id'`, `Unknown field 'certificate_management_policy.foo'`) and
 * quotes the values it got (`'cr_...' is not a valid cert_ id`, `Invalid ACL rule 'allow:x'`); a
 * program knows `certificateId` and `acl[0]`, and the engine prints errors in clear, secrets
 * included. Field names and paths are mapped back through the definition, nested object fields
 * and list indexes included; a quoted input value becomes `<its property path>`, except a
 * reference the program names (an id, a hostport), which is never secret and stays quoted with its
 * path after it: `The domain 'app.example.com:443' (hostports[0]) is not reserved`.
 */
import { ApiError } from "../client/errors";
import type { NestedProperty, Props, ResourceDefinition, ResourceSchema, TypeSpec } from "../contract";
import { importIdKey } from "./adopt";
import { inputProperties } from "./values";

/** A field path as the service writes it: `acl[0]`, `certificate_management_policy.private_key_type`. */
const pathPattern = String.raw`[A-Za-z_][A-Za-z0-9_]*(?:\[\d+\]|\.[A-Za-z_][A-Za-z0-9_]*)*`;
const quotedPath = new RegExp(String.raw`(['"\`])(${pathPattern})\1`, "g");
/** Unquoted, only names with an underscore are surely field names (`certificate_id`, not `the`). */
const bareSnakePath = new RegExp(String.raw`(?<![A-Za-z0-9_.\[])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?:\[\d+\]|\.[a-z][a-z0-9_]*)*(?![A-Za-z0-9_])`, "g");
/** Shorter values are quoted in messages for other reasons too (`'*'` in the ACL rule syntax). */
const minQuotedValueLength = 4;

/**
 * The program's path for an API field path of `def`'s requests and responses, or undefined when
 * its first field is not one of `def`'s. Past the last field the definition knows (a field the
 * service added, or a typo it reports), the rest is kept as the service wrote it.
 */
export function programPath(def: ResourceSchema, apiPath: string): string | undefined {
  const segments = apiPath.match(/\[\d+\]|\.?[^.[\]]+/g);
  if (!segments) return undefined;
  const [head, ...rest] = segments;
  const top = Object.entries(def.properties).find(([name, p]) => (p.input?.api ?? p.api ?? name) === head || p.api === head);
  if (!top) return undefined;
  let out = top[0];
  let type: TypeSpec | undefined = top[1].type;
  for (const [i, segment] of rest.entries()) {
    const field = segment.slice(1);
    if (segment.startsWith("[") && type?.kind === "array") {
      out += segment;
      type = type.items;
    } else if (segment.startsWith(".") && type?.kind === "object") {
      const known: [string, NestedProperty] | undefined = Object.entries(type.properties).find(([, p]) => p.api === field);
      if (!known) return out + rest.slice(i).join("");
      out += `.${known[0]}`;
      type = known[1].type;
    } else if (segment.startsWith(".") && type?.kind === "map") {
      // Map keys are the program's own.
      out += segment;
      type = type.values;
    } else {
      return out + rest.slice(i).join("");
    }
  }
  return out;
}

/** `message` in the program's terms: field names mapped, quoted values of `inputs` replaced. */
export function inProgramTerms(def: ResourceSchema, message: string, inputs: Props = {}): string {
  let out = message;
  for (const [value, path, shown] of stringLeaves(def, inputs)) {
    // A reference (an id, a hostport) is the program's own and never secret: quoted with its path.
    for (const q of ["'", '"', "`"]) out = out.split(`${q}${value}${q}`).join(shown ? `'${value}' (${path})` : `<${path}>`);
  }
  out = out.replace(quotedPath, (whole, q: string, path: string) => {
    const mapped = programPath(def, path);
    return mapped === undefined ? whole : `${q}${mapped}${q}`;
  });
  return out.replace(bareSnakePath, (path) => programPath(def, path) ?? path);
}

/** The service's code for "the referenced resource does not exist". */
const missingReferenceCode = "ERR_NGROK_380";

/**
 * A failed operation's error, explained once for the program: the API's message in its terms, and
 * what to do about it when the provider knows: a hint given where the failure was met (a lost
 * create's outcome) first, else the missing reference named, else the definition's hint for the
 * error code. Status, code, operation id and request are kept.
 */
export function explain(def: ResourceDefinition, err: unknown, inputs: Props = {}): unknown {
  if (!(err instanceof ApiError)) return err;
  const message = inProgramTerms(def, err.apiMessage, inputs);
  const hint =
    err.hint ??
    missingReferenceHint(def, err, message, inputs) ??
    (err.errorCode ? def.binding?.errorHints?.[err.errorCode] : undefined);
  return message === err.apiMessage && hint === err.hint ? err : err.with({ message, hint });
}

/**
 * The service refused a reference to a resource that does not exist (ERR_NGROK_380): name the
 * program's property holding it (a reference input, with an `idPrefix`), never its value.
 */
function missingReferenceHint(def: ResourceSchema, err: ApiError, message: string, inputs: Props): string | undefined {
  if (err.errorCode !== missingReferenceCode) return undefined;
  const named = inputProperties(def)
    .filter(([name, prop]) => {
      const type = prop.type.kind === "array" ? prop.type.items : prop.type;
      if (type.kind !== "string" || type.idPrefix === undefined) return false;
      const ids = [inputs[name]].flat().filter((v): v is string => typeof v === "string" && v !== "");
      // The id as the API quoted it, or as the message names the property holding it (`<backends[1]>`).
      return message.includes(`<${name}>`) || message.includes(`<${name}[`) || ids.some((id) => err.apiMessage.includes(id));
    })
    .map(([name]) => name);
  if (named.length === 0) return undefined;
  return `${named.join(", ")} ${named.length > 1 ? "refer" : "refers"} to a resource that does not exist: check the id, or create that resource first`;
}

/**
 * The string values among a resource's inputs with their paths, longest first, and whether the
 * value may be quoted: a reference id (`idPrefix`, or `importId`) or a `reference` property.
 */
function stringLeaves(def: ResourceSchema, inputs: Props): [string, string, boolean][] {
  const leaves: [string, string, boolean][] = [];
  const visit = (value: unknown, path: string, type: TypeSpec | undefined, shown: boolean): void => {
    if (typeof value === "string") {
      const isId = type?.kind === "string" && type.idPrefix !== undefined;
      if (value.length >= minQuotedValueLength) leaves.push([value, path, shown || isId]);
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => visit(v, `${path}[${i}]`, type?.kind === "array" ? type.items : undefined, shown));
    } else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) visit(v, `${path}.${k}`, undefined, false);
    }
  };
  for (const [name, prop] of inputProperties(def)) visit(inputs[name], name, prop.type, prop.reference === true);
  visit(inputs[importIdKey], importIdKey, undefined, true);
  return leaves.sort((a, b) => b[0].length - a[0].length);
}
