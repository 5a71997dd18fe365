/**
 * The SDK's resource classes (one file per resource, its arguments and class), types.ts and the
 * resources' lines of index.ts, all in sdk/generated/. A resource's class follows from its
 * definition: `get` when it lives in the API, the parent argument when it belongs to another
 * resource.
 *
 * The classes are door-neutral: each extends `NgrokResource` of ./door, which registers it
 * either as a dynamic resource (sdk/door.ts, the package pulumi-ngrok) or as a resource of the
 * provider plugin (sdk/nodejs/door.ts, the package pulumi-ngrok-plugin). So both packages have one
 * API, written here, and a program moves between them by its import alone. Pulumi's own Node.js
 * code generator cannot write this API (the typed TrafficPolicy, the parent arguments `route` and
 * `edge`, `secretRef`, the functions' signatures): it writes only the Go and Python SDKs.
 */
import type { PropertySpec, ResourceDefinition, TypeSpec } from "../contract";
import { article } from "../words";
import { resourceNameKey } from "../engine/bindings/slot-state";
import { wireOf, type Wire } from "./binding";
import { doc, externalImports, fileName, generatedHeader, inputsOf, objectTypes, outputsOf, propertyComment, tsType, usesObjects, withExample } from "./shared";

export function renderResourceClass(def: ResourceDefinition, from: string): string {
  const props = outputsOf(def);
  const inputs = inputsOf(def);
  const wire = wireOf(def);
  // Every secret, inputs included: an input's output is secret only if the program's value was.
  const secrets = props.filter(([, p]) => p.secret).map(([n]) => n);
  const secretInputs = props.filter(([, p]) => p.secret && p.input).map(([n]) => n);
  const parent = def.parentResource;
  const filled = new Set(Object.keys(parent?.fills ?? {}));
  const namespaces = [usesObjects(inputs.map(([, p]) => p)) ? "inputs" : "", usesObjects(props.map(([, p]) => p)) ? "outputs" : ""].filter((n) => n !== "");
  let out = generatedHeader(from);
  out += `import * as pulumi from "@pulumi/pulumi";\n`;
  out += `import { NgrokResource } from "./door";\n`;
  if (parent) out += `import type { ${parent.kind} } from "./${fileName(parent.kind)}";\n`;
  if (namespaces.length) out += `import type { ${namespaces.join(", ")} } from "./types";\n`;
  out += externalImports(props.map(([, p]) => p.type));
  if (def.sdkPrepare) out += `import { ${def.sdkPrepare.name} } from "${def.sdkPrepare.module}";\n`;
  out += "\n";
  const inputLine = ([name, p]: [string, PropertySpec], required = p.input!.required): string =>
    doc(propertyComment(name, p), "  ") + `  ${name}${required ? "" : "?"}: ${tsType(p.type, "input")};\n`;
  if (parent) {
    const fills = [...filled].map((f) => `\`${f}\``).join(" and ");
    out += doc(`The settings of ${article(def.name)} {@link ${def.name}}: every argument except where it applies.`, "");
    out += `export interface ${def.name}Settings {\n`;
    for (const input of inputs) if (!filled.has(input[0])) out += inputLine(input);
    out += "}\n\n";
    out += doc(
      `The arguments of ${article(def.name)} {@link ${def.name}}: its settings, and where it applies: \`${parent.arg}\` (${article(parent.kind)} ${parent.kind} of the ` +
        `program, which also becomes its default parent) or ${fills}.`,
      "",
    );
    out += `export type ${def.name}Args = ${def.name}Settings &\n  (\n    | {\n`;
    out += doc(`The ${parent.kind} it belongs to: fills ${fills} from it, and is the resource's \`parent\` unless \`opts\` names one.`, "        ");
    out += `        ${parent.arg}: ${parent.kind};\n`;
    for (const f of filled) out += `        ${f}?: never;\n`;
    out += `      }\n    | {\n        ${parent.arg}?: never;\n`;
    for (const input of inputs) if (filled.has(input[0])) out += inputLine(input).replace(/^ {2}/gm, "        ");
    out += "      }\n  );\n\n";
  } else {
    out += doc(`The arguments of ${article(def.name)} {@link ${def.name}}.`, "");
    out += `export interface ${def.name}Args {\n`;
    for (const input of inputs) if (!input[1].setBySdk) out += inputLine(input);
    out += "}\n\n";
  }
  out += doc(withExample(parent ? `${def.description}\n\n${parentArgSentence(def)}` : def.description, def.example), "");
  out += `export class ${def.name} extends NgrokResource {\n`;
  for (const [name, p] of props) {
    const present = p.present || p.input?.required;
    out += doc(propertyComment(name, p), "  ");
    out += `  declare public readonly ${name}: pulumi.Output<${tsType(p.type, "output")}${present ? "" : " | undefined"}>;\n`;
  }
  out += "\n";
  if (wire) out += staticGet(def, wire);
  out += `  constructor(name: string, args: ${def.name}Args, opts?: pulumi.CustomResourceOptions) {\n`;
  if (parent) {
    out += `    // \`${parent.arg}\` is not an input: it fills ${[...filled].join(" and ")} and is the default parent.\n`;
    out += `    const { ${parent.arg}, ...given } = args ?? ({} as Partial<${def.name}Args>);\n`;
  }
  // Every property must be a key of the props to become an output of the resource, required
  // inputs included: `get` passes no args. (Object.assign: a literal would repeat required keys.)
  const typed = parent || secretInputs.length ? ": pulumi.Inputs" : "";
  out += `    const props${typed} = Object.assign(\n      {\n`;
  for (const [name] of props) out += `        ${name}: undefined,\n`;
  // The resource's name, for messages that name it; the provider's Check keeps it out of state.
  if (wire?.namesResource) out += `        ${JSON.stringify(resourceNameKey)}: name,\n`;
  out += `      },\n      ${parent ? "given" : "args"},\n`;
  if (parent) {
    const fromParent = Object.entries(parent.fills).map(([input, from]) => `${input}: ${parent.arg}.${from}`).join(", ");
    out += `      ${parent.arg} ? { ${fromParent} } : {},\n`;
  }
  out += "    );\n";
  // Secret inputs are encrypted in state (inputs and outputs) and shown as [secret] even when the
  // program passes a plain string.
  for (const name of secretInputs) out += `    if (props.${name} !== undefined) props.${name} = pulumi.secret(props.${name});\n`;
  if (def.sdkPrepare) out += `    Object.assign(props, ${def.sdkPrepare.name}(props));\n`;
  const withParent = parent ? `{ ...opts, parent: opts?.parent ?? ${parent.arg} }` : "opts";
  const options = secrets.length
    ? `pulumi.mergeOptions(${withParent}, { additionalSecretOutputs: ${JSON.stringify(secrets)} })`
    : withParent;
  out += `    super(${JSON.stringify(def.name)}, name, props, ${options});\n`;
  out += "  }\n}\n";
  return out;
}

/** How a program gives the resource it belongs to, for the class's doc: the TypeScript API alone has the parent argument. */
function parentArgSentence(def: ResourceDefinition): string {
  const parent = def.parentResource!;
  const fills = Object.keys(parent.fills).map((f) => `\`${f}\``).join(" and ");
  return `Give \`${parent.arg}\` (${article(parent.kind)} ${parent.kind} of the program, which becomes its parent) or ${fills}.`;
}

/** `get`: a read-only reference to a resource of the API, which the program does not manage. */
function staticGet(def: ResourceDefinition, wire: Wire): string {
  let out = doc(
    `References an existing ${def.name} by its id (\`${wire.idForm}\`), read-only: its state is read from the API, ` +
      "and the program never updates or deletes it." +
      (wire.locatedBy.length ? ` \`located\` gives the ${wire.locatedBy.join(", ")} it lives under.` : ""),
    "  ",
  );
  // A resource under a parent (a route under its edge) is read through its parent: get takes it.
  if (wire.locatedBy.length) {
    const located = wire.locatedBy.map((p) => `${p}: pulumi.Input<string>`).join("; ");
    out += `  static get(name: string, id: pulumi.Input<pulumi.ID>, located: { ${located} }, opts?: pulumi.CustomResourceOptions): ${def.name} {\n`;
    out += `    return new ${def.name}(name, located as unknown as ${def.name}Args, { ...opts, id });\n`;
  } else {
    out += `  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): ${def.name} {\n`;
    out += `    return new ${def.name}(name, undefined as unknown as ${def.name}Args, { ...opts, id });\n`;
  }
  return out + "  }\n\n";
}

/** A resource's line of the SDK's index.ts. */
export function resourceExport(def: ResourceDefinition): string {
  const settings = def.parentResource ? `, type ${def.name}Settings` : "";
  return `export { ${def.name}, type ${def.name}Args${settings} } from "./${fileName(def.name)}";\n`;
}

/** The SDK's types.ts: every nested object type, as inputs and as outputs. */
export function renderTypes(from: string, roots: readonly TypeSpec[]): string {
  const types = [...objectTypes(roots).values()];
  let out = generatedHeader(from);
  out += `import type * as pulumi from "@pulumi/pulumi";\n\n`;
  for (const side of ["input", "output"] as const) {
    out += `export namespace ${side}s {\n`;
    types.forEach((t, i) => {
      if (i > 0) out += "\n";
      out += doc(t.description, "  ");
      out += `  export interface ${t.name} {\n`;
      for (const [name, p] of Object.entries(t.properties)) {
        out += doc(p.description, "    ");
        const optional = side === "input" ? !p.required : !p.present;
        out += `    ${name}${optional ? "?" : ""}: ${tsType(p.type, side)};\n`;
      }
      out += "  }\n";
    });
    out += "}\n\n";
  }
  return out.trimEnd() + "\n";
}
