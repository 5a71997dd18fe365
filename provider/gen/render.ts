/**
 * Renders the generated files from the definitions: the SDK's TypeScript, schema.json and the
 * reference docs. `generate.ts` writes them; a test fails when the committed ones are stale.
 */
import { definitions } from "../definitions";
import type { ObjectType, PropertySpec, ResourceDefinition, TypeSpec } from "../definitions/types";
import { settingSources } from "../config";
import { importIdKey, importIdProperty } from "../engine/adopt";
import { idForm, placeholders } from "../engine/locate";

const header = "// Generated from provider/definitions by `make generate`. Do not edit.\n";
const packageName = "ngrok";

export interface GeneratedFile {
  path: string;
  content: string;
}

export function renderAll(version: string): GeneratedFile[] {
  const defs = Object.values(definitions) as ResourceDefinition[];
  return [
    ...defs.map((def) => ({ path: `sdk/${fileName(def.name)}.ts`, content: renderResource(def) })),
    { path: "sdk/types.ts", content: renderTypes(defs) },
    { path: "sdk/index.ts", content: renderIndex(defs) },
    { path: "schema.json", content: `${JSON.stringify(renderSchema(defs, version), null, 2)}\n` },
    { path: "docs/reference.md", content: renderDocs(defs) },
  ];
}

function fileName(name: string): string {
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
  return new Map([...found].sort(([a], [b]) => a.localeCompare(b)));
}

// ---- TypeScript ----

type Side = "input" | "output";

function tsType(t: TypeSpec, side: Side): string {
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

function doc(text: string, indent: string): string {
  const lines = text.split("\n");
  if (lines.length === 1) return `${indent}/** ${text.replace(/\*\//g, "*\\/")} */\n`;
  return `${indent}/**\n${lines.map((l) => `${indent} *${l ? ` ${l.replace(/\*\//g, "*\\/")}` : ""}`).join("\n")}\n${indent} */\n`;
}

function propertyDoc(name: string, p: PropertySpec): string {
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
  const secrets = props.filter(([, p]) => p.secret && !p.input).map(([n]) => n);
  const usesTypes = props.some(([, p]) => JSON.stringify(p.type).includes('"kind":"object"'));
  let out = header;
  out += `import * as pulumi from "@pulumi/pulumi";\n`;
  out += `import { providerFor } from "./stub";\n`;
  if (usesTypes) out += `import type { inputs, outputs } from "./types";\n`;
  out += "\n";
  out += doc(`The arguments of a {@link ${def.name}}.`, "");
  out += `export interface ${def.name}Args {\n`;
  for (const [name, p] of inputs) {
    out += doc(propertyDoc(name, p), "  ");
    out += `  ${name}${p.input!.required ? "" : "?"}: ${tsType(p.type, "input")};\n`;
  }
  out += "}\n\n";
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
      (def.keyed || !def.path.includes("{") ? "" : ` \`located\` gives the ${placeholders(def.path).join(", ")} it lives under.`),
    "  ",
  );
  // A resource under a parent (a route under its edge) is read through its parent: get takes it.
  const parents = def.keyed ? [] : placeholders(def.path);
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
  // Every property must be a key of the props to become an output of the resource, required
  // inputs included: \`get\` passes no args. (Object.assign: a literal would repeat required keys.)
  out += "    const props = Object.assign(\n      {\n";
  for (const [name] of props) out += `        ${name}: undefined,\n`;
  out += "      },\n      args,\n    );\n";
  const options = secrets.length
    ? `pulumi.mergeOptions(opts, { additionalSecretOutputs: ${JSON.stringify(secrets)} })`
    : "opts";
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
        const optional = side === "input" ? !p.required : true;
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
  for (const def of defs) out += `export { ${def.name}, type ${def.name}Args } from "./${fileName(def.name)}";\n`;
  out += `export type { inputs, outputs } from "./types";\n`;
  return out;
}

// ---- schema.json (Pulumi package schema) ----

type JsonObject = Record<string, unknown>;

function schemaType(t: TypeSpec): JsonObject {
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

function limits(t: TypeSpec): string {
  if (t.kind !== "string") return "";
  const parts: string[] = [];
  if (t.enum) parts.push(`One of: ${t.enum.map((e) => `\`${e}\``).join(", ")}.`);
  return parts.length ? ` ${parts.join(" ")}` : "";
}

function schemaProperty(name: string, p: PropertySpec): JsonObject {
  return {
    ...schemaType(p.type),
    description: propertyDoc(name, p) + limits(p.type),
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
        Object.entries(t.properties).map(([n, p]) => [n, { ...schemaType(p.type), description: p.description + limits(p.type) }]),
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
      inputProperties: Object.fromEntries(inputs.map(([n, p]) => [n, schemaProperty(n, p)])),
      requiredInputs: inputs.filter(([, p]) => p.input!.required).map(([n]) => n),
    };
  }
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
    language: { nodejs: { packageName: "pulumi-ngrok" } },
  };
}

// ---- docs ----

function docsType(t: TypeSpec): string {
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

function cell(text: string): string {
  return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

function renderDocs(defs: ResourceDefinition[]): string {
  let out = "<!-- Generated from provider/definitions by `make generate`. Do not edit. -->\n";
  out += "# Reference\n\n";
  for (const def of defs) {
    out += `## ${def.name}\n\n${def.description}\n\n`;
    out += `API: \`${def.keyed?.itemPath ?? def.path}\`, ids \`${idForm(def)}\`. Type token \`pulumi-nodejs:dynamic/ngrok:${def.name}\`.\n\n`;
    out += "```typescript\n" + def.example + "\n```\n\n";
    out += "### Inputs\n\n| Name | Type | Required | On change | Description |\n|---|---|---|---|---|\n";
    for (const [n, p] of inputsOf(def)) {
      const onChange = n === importIdKey ? "ignored" : p.input!.onChange;
      out += `| \`${n}\` | ${cell(docsType(p.type))} | ${p.input!.required ? "yes" : "no"} | ${onChange} | ${cell(p.description)} |\n`;
    }
    out += "\n### Outputs\n\nEvery input, read back from the API, and:\n\n| Name | Type | Description |\n|---|---|---|\n";
    for (const [n, p] of Object.entries(def.properties)) {
      if (p.input) continue;
      out += `| \`${n}\` | ${cell(docsType(p.type))} | ${cell(p.description + (p.secret ? " Secret." : ""))} |\n`;
    }
    for (const rule of def.rules ?? []) {
      out += `\nRule, checked at preview: ${rule.summary}\n`;
    }
    out += "\n";
  }
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
