/**
 * Renders the generated files from the definitions: the SDK's TypeScript, schema.json and the
 * reference docs. `generate.ts` writes them; a test fails when the committed ones are stale.
 */
import { definitions } from "../definitions";
import type { ObjectType, PropertySpec, ResourceDefinition, TypeSpec } from "../definitions/types";
import { settingSources } from "../config";
import { importIdKey, importIdProperty } from "../engine/adopt";
import { documentedPath, idForm, locatingInputs } from "../engine/locate";
import { idPrefixes } from "../engine/values";
import { agentCommandSchema, functionDocs, functionIndexLines, functionSchema, functionTypeRoots, renderFunctionFiles } from "./render-functions";

const header = "// Generated from provider/definitions by `make generate`. Do not edit.\n";
export const packageName = "ngrok";

export interface GeneratedFile {
  path: string;
  content: string;
}

export function renderAll(version: string): GeneratedFile[] {
  const defs = Object.values(definitions) as ResourceDefinition[];
  return [
    ...defs.map((def) => ({ path: `sdk/${fileName(def.name)}.ts`, content: renderResource(def) })),
    ...renderFunctionFiles(),
    { path: "sdk/types.ts", content: renderTypes(defs) },
    { path: "sdk/index.ts", content: renderIndex(defs) },
    { path: "schema.json", content: `${JSON.stringify(renderSchema(defs, version), null, 2)}\n` },
    { path: "docs/reference.md", content: renderDocs(defs) },
  ];
}

function article(name: string): string {
  return /^(Https|[AEIOU])/.test(name) ? "an" : "a";
}

export function fileName(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
}

/** Every nested object type, by name (a name is one shape everywhere). */
export function objectTypes(defs: ResourceDefinition[]): Map<string, ObjectType> {
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
  defs.forEach((d) => Object.values(d.properties).forEach((p) => visit(p.type)));
  functionTypeRoots().forEach(visit);
  return new Map([...found].sort(([a], [b]) => a.localeCompare(b)));
}

// ---- TypeScript ----

type Side = "input" | "output";

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
    case "array":
      return wrap(`${tsType(t.items, side)}[]`);
    case "map":
      return wrap(`{ [key: string]: ${tsType(t.values, side)} }`);
    case "object":
      return wrap(`${side}s.${t.name}`);
  }
}

export function doc(text: string, indent: string): string {
  const lines = text.split("\n");
  if (lines.length === 1) return `${indent}/** ${text.replace(/\*\//g, "*\\/")} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l.replace(/\*\//g, "*\\/")}` : ""}`).join("\n")}\n${indent} */\n`;
}

export function propertyDoc(name: string, p: PropertySpec): string {
  const notes: string[] = [];
  if (p.input?.onChange === "replace") notes.push("Changing it replaces the resource.");
  if (p.secret) notes.push("Secret.");
  return [p.description, ...notes].join(" ") || name;
}

/** A resource's inputs as users see them: its own, then the built-in `importId`. */
function inputsOf(def: ResourceDefinition): [string, PropertySpec][] {
  return [...Object.entries(def.properties).filter(([, p]) => p.input), [importIdKey, importIdProperty(def)]];
}

function renderResource(def: ResourceDefinition): string {
  const props = Object.entries(def.properties);
  const inputs = inputsOf(def);
  // Every secret, inputs included: an input's output is secret only if the program's value was.
  const secrets = props.filter(([, p]) => p.secret).map(([n]) => n);
  const secretInputs = props.filter(([, p]) => p.secret && p.input).map(([n]) => n);
  const parent = def.parentResource;
  const filled = new Set(Object.keys(parent?.fills ?? {}));
  const hasObject = (list: [string, PropertySpec][]) => list.some(([, p]) => JSON.stringify(p.type).includes('"kind":"object"'));
  const namespaces = [hasObject(inputs) ? "inputs" : "", hasObject(props) ? "outputs" : ""].filter((n) => n !== "");
  let out = header;
  out += `import * as pulumi from "@pulumi/pulumi";\n`;
  out += `import { providerFor } from "./stub";\n`;
  if (parent) out += `import type { ${parent.kind} } from "./${fileName(parent.kind)}";\n`;
  if (namespaces.length) out += `import type { ${namespaces.join(", ")} } from "./types";\n`;
  out += "\n";
  const inputLine = ([name, p]: [string, PropertySpec], required = p.input!.required): string =>
    doc(propertyDoc(name, p), "  ") + `  ${name}${required ? "" : "?"}: ${tsType(p.type, "input")};\n`;
  if (parent) {
    const fills = [...filled].map((f) => `\`${f}\``).join(" and ");
    out += doc(`The settings of a {@link ${def.name}}: every argument except where it applies.`, "");
    out += `export interface ${def.name}Settings {\n`;
    for (const input of inputs) if (!filled.has(input[0])) out += inputLine(input);
    out += "}\n\n";
    out += doc(
      `The arguments of a {@link ${def.name}}: its settings, and where it applies: \`${parent.arg}\` (${article(parent.kind)} ${parent.kind} of the ` +
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
    out += doc(`The arguments of a {@link ${def.name}}.`, "");
    out += `export interface ${def.name}Args {\n`;
    for (const input of inputs) out += inputLine(input);
    out += "}\n\n";
  }
  out += doc(`${def.description}\n\n@example\n\`\`\`typescript\nimport * as ngrok from "pulumi-ngrok";\n\n${def.example}\n\`\`\``, "");
  out += `export class ${def.name} extends pulumi.dynamic.Resource {\n`;
  for (const [name, p] of props) {
    const present = p.present || p.input?.required;
    out += doc(propertyDoc(name, p), "  ");
    out += `  declare public readonly ${name}: pulumi.Output<${tsType(p.type, "output")}${present ? "" : " | undefined"}>;\n`;
  }
  out += "\n";
  out += doc(
    `Adopts an existing ${def.name} by its id (\`${idForm(def)}\`): its state is read from the API.` +
      (locatingInputs(def).length === 0 ? "" : ` \`located\` gives the ${locatingInputs(def).join(", ")} it lives under.`),
    "  ",
  );
  // A resource under a parent (a route under its edge) is read through its parent: get takes it.
  const parents = locatingInputs(def);
  if (parents.length) {
    const located = parents.map((p) => `${p}: pulumi.Input<string>`).join("; ");
    out += `  static get(name: string, id: pulumi.Input<pulumi.ID>, located: { ${located} }, opts?: pulumi.CustomResourceOptions): ${def.name} {\n`;
    out += `    return new ${def.name}(name, located as unknown as ${def.name}Args, { ...opts, id });\n`;
  } else {
    out += `  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): ${def.name} {\n`;
    out += `    return new ${def.name}(name, undefined as unknown as ${def.name}Args, { ...opts, id });\n`;
  }
  out += "  }\n\n";
  out += `  constructor(name: string, args: ${def.name}Args, opts?: pulumi.CustomResourceOptions) {\n`;
  if (parent) {
    out += `    // \`${parent.arg}\` is not an input: it fills ${[...filled].join(" and ")} and is the default parent.\n`;
    out += `    const { ${parent.arg}, ...given } = args ?? ({} as Partial<${def.name}Args>);\n`;
  }
  // Every property must be a key of the props to become an output of the resource, required
  // inputs included: \`get\` passes no args. (Object.assign: a literal would repeat required keys.)
  const typed = parent || secretInputs.length ? ": pulumi.Inputs" : "";
  out += `    const props${typed} = Object.assign(\n      {\n`;
  for (const [name] of props) out += `        ${name}: undefined,\n`;
  out += `      },\n      ${parent ? "given" : "args"},\n`;
  if (parent) {
    const fromParent = Object.entries(parent.fills).map(([input, from]) => `${input}: ${parent.arg}.${from}`).join(", ");
    out += `      ${parent.arg} ? { ${fromParent} } : {},\n`;
  }
  out += "    );\n";
  // Secret inputs are encrypted in state (inputs and outputs) and shown as [secret] even when the
  // program passes a plain string.
  for (const name of secretInputs) out += `    if (props.${name} !== undefined) props.${name} = pulumi.secret(props.${name});\n`;
  const withParent = parent ? `{ ...opts, parent: opts?.parent ?? ${parent.arg} }` : "opts";
  const options = secrets.length
    ? `pulumi.mergeOptions(${withParent}, { additionalSecretOutputs: ${JSON.stringify(secrets)} })`
    : withParent;
  out += `    super(providerFor(${JSON.stringify(def.name)}), name, props, ${options}, ${JSON.stringify(packageName)}, ${JSON.stringify(def.name)});\n`;
  out += "  }\n}\n";
  return out;
}

function renderTypes(defs: ResourceDefinition[]): string {
  const types = [...objectTypes(defs).values()];
  let out = header;
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

function renderIndex(defs: ResourceDefinition[]): string {
  let out = header;
  // First: on a Node.js older than package.json's `engines.node`, fail in words, not in undici.
  out += `import "../provider/node-version";\n`;
  for (const def of defs) {
    const settings = def.parentResource ? `, type ${def.name}Settings` : "";
    out += `export { ${def.name}, type ${def.name}Args${settings} } from "./${fileName(def.name)}";\n`;
  }
  out += functionIndexLines();
  out += `export type { inputs, outputs } from "./types";\n`;
  return out;
}

// ---- schema.json (Pulumi package schema) ----

type JsonObject = Record<string, unknown>;

export function schemaType(t: TypeSpec): JsonObject {
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
  }
}

export function limits(t: TypeSpec, withEnum = true): string {
  if (t.kind === "array") return limits(t.items, withEnum);
  if ((t.kind === "integer" || t.kind === "number") && t.min !== undefined) {
    return t.max !== undefined ? ` Between ${t.min} and ${t.max}.` : ` At least ${t.min}.`;
  }
  if (t.kind !== "string") return "";
  const parts: string[] = [];
  if (t.enum && withEnum) parts.push(`One of: ${t.enum.map((e) => `\`${e}\``).join(", ")}.`);
  if (t.idPrefix !== undefined) {
    parts.push(`An id starting with ${idPrefixes(t.idPrefix).map((p) => `\`${p}_\``).join(" or ")}.`);
  }
  return parts.length ? ` ${parts.join(" ")}` : "";
}

/** The argument that takes a resource's parent resource (`route`, `edge`), as docs and schema show it. */
function parentArgDoc(def: ResourceDefinition): string {
  const parent = def.parentResource!;
  const fills = Object.keys(parent.fills).map((f) => `\`${f}\``).join(" and ");
  return `The ${parent.kind} it belongs to (SDK only): fills ${fills} from it, and is the resource's \`parent\` unless the options name one.`;
}

/** Whether an input is required when the parent argument is not given (and filled from it when it is). */
function filledByParent(def: ResourceDefinition, name: string): boolean {
  return def.parentResource !== undefined && Object.prototype.hasOwnProperty.call(def.parentResource.fills, name);
}

export function schemaProperty(name: string, p: PropertySpec, def?: ResourceDefinition): JsonObject {
  const unlessParent = def && filledByParent(def, name) ? ` Required unless \`${def.parentResource!.arg}\` is given.` : "";
  return {
    ...schemaType(p.type),
    description: propertyDoc(name, p) + limits(p.type) + unlessParent,
    ...(p.secret ? { secret: true } : {}),
    ...(p.input?.onChange === "replace" ? { willReplaceOnChanges: true } : {}),
  };
}

function renderSchema(defs: ResourceDefinition[], version: string): JsonObject {
  const types: JsonObject = {};
  for (const t of objectTypes(defs).values()) {
    types[`${packageName}:index:${t.name}`] = {
      type: "object",
      description: t.description,
      properties: Object.fromEntries(
        Object.entries(t.properties).map(([n, p]) => [
          n,
          { ...schemaType(p.type), description: p.description + limits(p.type), ...(p.default !== undefined ? { default: p.default } : {}) },
        ]),
      ),
      ...(Object.values(t.properties).some((p) => p.required)
        ? { required: Object.entries(t.properties).filter(([, p]) => p.required).map(([n]) => n) }
        : {}),
    };
  }
  const resources: JsonObject = {};
  for (const def of defs) {
    const props = Object.entries(def.properties);
    const inputs = inputsOf(def);
    resources[`${packageName}:index:${def.name}`] = {
      description: def.description,
      properties: Object.fromEntries(props.map(([n, p]) => [n, schemaProperty(n, p)])),
      required: props.filter(([, p]) => p.present || p.input?.required).map(([n]) => n),
      inputProperties: Object.fromEntries([
        ...(def.parentResource
          ? [[def.parentResource.arg, { $ref: `#/resources/${packageName}:index:${def.parentResource.kind}`, description: parentArgDoc(def) }]]
          : []),
        ...inputs.map(([n, p]) => [n, schemaProperty(n, p, def)]),
      ]),
      requiredInputs: inputs.filter(([n, p]) => p.input!.required && !filledByParent(def, n)).map(([n]) => n),
    };
  }
  Object.assign(resources, agentCommandSchema());
  const configDocs: Record<string, string> = {
    apiKey: "The ngrok API key. Set it as a secret.",
    apiBaseUrl: "The API's base URL (default https://api.ngrok.com); point it at the bundled emulator to work offline.",
    rateLimit: 'Client-side pacing as "<requests>/<seconds>" (default "120/60", the API\'s limit) or "off".',
    maxRetries: "Retries of a failed request that is safe to repeat (default 6).",
    requestTimeoutMs: "Timeout of one request attempt in milliseconds (default 30000).",
    readFromLists:
      'Serve concurrent reads of a resource kind (refresh, preview\'s adoption checks) from its list pages, up to 100 resources per request (default "true"); "false" reads each resource with a GET of its own.',
  };
  return {
    name: packageName,
    displayName: "ngrok",
    version,
    description: "Manage ngrok account resources (credentials, reserved domains, ...) from Pulumi.",
    keywords: ["pulumi", "ngrok", "category/network"],
    license: "Apache-2.0",
    config: {
      variables: Object.fromEntries(
        Object.entries(settingSources).map(([name, source]) => [
          name,
          {
            type: "string",
            description: configDocs[name] ?? name,
            ...(name === "apiKey" ? { secret: true } : {}),
            defaultInfo: { environment: [source.env] },
          },
        ]),
      ),
    },
    types,
    resources,
    functions: functionSchema(),
    language: { nodejs: { packageName: "pulumi-ngrok" } },
  };
}

// ---- docs ----

export function docsType(t: TypeSpec): string {
  switch (t.kind) {
    case "array":
      return `${docsType(t.items)}[]`;
    case "map":
      return `map<string, ${docsType(t.values)}>`;
    case "object":
      return t.name;
    case "string":
      return t.enum ? t.enum.map((e) => `"${e}"`).join(" \\| ") : "string";
    default:
      return t.kind;
  }
}

export function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function renderDocs(defs: ResourceDefinition[]): string {
  let out = "<!-- Generated from provider/definitions by `make generate`. Do not edit. -->\n";
  out += "# Reference\n\n";
  for (const def of defs) {
    out += `## ${def.name}\n\n${def.description}\n\n`;
    out += `API: \`${documentedPath(def)}\`, ids \`${idForm(def)}\`. Type token \`pulumi-nodejs:dynamic/ngrok:${def.name}\`.\n\n`;
    out += "```typescript\n" + def.example + "\n```\n\n";
    out += "### Inputs\n\n| Name | Type | Required | On change | Description |\n|---|---|---|---|---|\n";
    if (def.parentResource) {
      out += `| \`${def.parentResource.arg}\` | ${def.parentResource.kind} | no | replace | ${cell(parentArgDoc(def))} |\n`;
    }
    for (const [n, p] of inputsOf(def)) {
      const onChange = n === importIdKey ? "ignored" : p.input!.onChange;
      const required = !p.input!.required ? "no" : filledByParent(def, n) ? `unless \`${def.parentResource!.arg}\`` : "yes";
      const notes = limits(p.type, false) + (p.secret ? " Secret." : "");
      out += `| \`${n}\` | ${cell(docsType(p.type))} | ${required} | ${onChange} | ${cell(p.description + notes)} |\n`;
    }
    const outputsOnly = Object.entries(def.properties).filter(([, p]) => !p.input);
    out += outputsOnly.length
      ? "\n### Outputs\n\nEvery input, read back from the API, and:\n\n| Name | Type | Description |\n|---|---|---|\n"
      : "\n### Outputs\n\nEvery input, read back from the API.\n";
    for (const [n, p] of outputsOnly) {
      out += `| \`${n}\` | ${cell(docsType(p.type))} | ${cell(p.description + (p.secret ? " Secret." : ""))} |\n`;
    }
    for (const rule of def.rules ?? []) {
      out += `\nRule, checked at preview: ${rule.summary}\n`;
    }
    out += "\n";
  }
  out += functionDocs();
  const types = objectTypes(defs);
  if (types.size) {
    out += "## Types\n\n";
    for (const t of types.values()) {
      out += `### ${t.name}\n\n${t.description}\n\n| Field | Type | Description |\n|---|---|---|\n`;
      for (const [n, p] of Object.entries(t.properties)) out += `| \`${n}\` | ${cell(docsType(p.type))} | ${cell(p.description)} |\n`;
      out += "\n";
    }
  }
  return out.trimEnd() + "\n";
}
