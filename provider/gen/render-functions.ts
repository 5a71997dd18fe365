/**
 * Renders what provider/functions and the AgentCommand resource generate: one SDK file per
 * function (promise form, and Output form for lookups), the AgentCommand SDK class, their
 * schema.json entries (`functions`, and AgentCommand under `resources`) and their reference docs.
 * render.ts calls these, and they use its renderers of types and docs (at call time only: the
 * two modules import each other).
 */
import { agentCommand } from "../agent/resource";
import type { PropertySpec, TypeSpec } from "../definitions/types";
import { functions } from "../functions";
import type { FunctionDefinition, FunctionParameter, FunctionResult } from "../functions/types";
import { cell, doc, docsType, fileName, limits, packageName, propertyDoc, schemaProperty, schemaType, tsType, type GeneratedFile } from "./render";

const header = "// Generated from provider/functions and provider/agent by `make generate`. Do not edit.\n";

const allFunctions = (): FunctionDefinition[] => Object.values(functions) as FunctionDefinition[];

const capitalized = (name: string): string => name[0]!.toUpperCase() + name.slice(1);

/** Types the functions and AgentCommand use, for sdk/types.ts and schema.json's `types`. */
export function functionTypeRoots(): TypeSpec[] {
  return [
    ...allFunctions().flatMap((f) => [...Object.values(f.inputs), ...Object.values(f.outputs)].map((p) => p.type)),
    ...Object.values(agentCommand.properties).map((p) => p.type),
  ];
}

export function renderFunctionFiles(): GeneratedFile[] {
  return [
    ...allFunctions().map((f) => ({ path: `sdk/${fileName(f.name)}.ts`, content: renderFunction(f) })),
    { path: `sdk/${fileName(agentCommand.name)}.ts`, content: renderAgentCommand() },
  ];
}

/** Lines of sdk/index.ts: the functions, AgentCommand, and the errors a program may catch. */
export function functionIndexLines(): string {
  let out = "";
  for (const f of allFunctions()) {
    const base = capitalized(f.name);
    const names =
      f.kind === "lookup"
        ? [f.name, `${f.name}Output`, `type ${base}Args`, `type ${base}OutputArgs`, `type ${base}Result`]
        : [f.name, ...(optionsOf(f).length ? [`type ${base}Options`] : []), `type ${base}Result`];
    out += `export { ${names.join(", ")} } from "./${fileName(f.name)}";\n`;
  }
  out += `export { ${agentCommand.name}, type ${agentCommand.name}Args } from "./${fileName(agentCommand.name)}";\n`;
  out += `export { AgentCommandError, type AgentCommandRefusal } from "../provider/agent/errors";\n`;
  out += `export { ApiError, TransportError, MissingApiKeyError } from "../provider/client/errors";\n`;
  return out;
}

// ---- SDK ----

function usesObjects(specs: { type: TypeSpec }[]): boolean {
  return specs.some((p) => JSON.stringify(p.type).includes('"kind":"object"'));
}

function optionsOf(f: FunctionDefinition): [string, FunctionParameter][] {
  return Object.entries(f.inputs).filter(([n]) => n !== f.positional);
}

function argsInterface(name: string, params: [string, FunctionParameter][], side: "input" | "output", what: string): string {
  let out = doc(what, "");
  out += `export interface ${name} {\n`;
  for (const [n, p] of params) {
    out += doc(p.description + limits(p.type), "  ");
    out += `  ${n}${p.required ? "" : "?"}: ${tsType(p.type, side)};\n`;
  }
  return out + "}\n\n";
}

function resultInterface(f: FunctionDefinition): string {
  let out = doc(`The result of {@link ${f.name}}.`, "");
  out += `export interface ${capitalized(f.name)}Result {\n`;
  for (const [n, p] of Object.entries(f.outputs)) {
    out += doc(p.description, "  ");
    out += `  readonly ${n}${p.present ? "" : "?"}: ${tsType(p.type, "output")};\n`;
  }
  return out + "}\n\n";
}

function functionDoc(f: FunctionDefinition, extra = ""): string {
  return doc(`${f.description}${extra}\n\n@example\n\`\`\`typescript\nimport * as ngrok from "pulumi-ngrok";\n\n${f.example}\n\`\`\``, "");
}

function renderFunction(f: FunctionDefinition): string {
  const base = capitalized(f.name);
  const params = Object.entries(f.inputs);
  const anyRequired = params.some(([, p]) => p.required);
  let out = header;
  if (f.kind === "lookup") out += `import type * as pulumi from "@pulumi/pulumi";\n`;
  if (usesObjects([...params.map(([, p]) => p), ...Object.values(f.outputs)])) out += `import type { outputs } from "./types";\n`;
  out += `import type * as runtime from "../provider/functions/program";\n\n`;

  if (f.kind === "lookup") {
    out += argsInterface(`${base}Args`, params, "output", `The arguments of {@link ${f.name}}.`);
    out += argsInterface(`${base}OutputArgs`, params, "input", `The arguments of {@link ${f.name}Output}: those of {@link ${f.name}}, as inputs.`);
    out += resultInterface(f);
    const opt = anyRequired ? "" : "?";
    out += functionDoc(f);
    out += `export function ${f.name}(args${opt}: ${base}Args, opts?: pulumi.InvokeOptions): Promise<${base}Result> {\n`;
    out += `  return implementation().invoke<${base}Result>(${JSON.stringify(f.name)}, { ...args }, opts);\n}\n\n`;
    out += doc(
      `The Output form of {@link ${f.name}}: it runs once its arguments (and \`opts.dependsOn\`) are known, at every ` +
        "preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown.",
      "",
    );
    out += `export function ${f.name}Output(args${opt}: ${base}OutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<${base}Result> {\n`;
    out += `  return implementation().invokeOutput<${base}Result>(${JSON.stringify(f.name)}, args, opts);\n}\n\n`;
  } else {
    const positional = f.positional!;
    const first = f.inputs[positional]!;
    const options = optionsOf(f);
    if (options.length) out += argsInterface(`${base}Options`, options, "output", `The options of {@link ${f.name}}.`);
    out += resultInterface(f);
    out += functionDoc(f, " It does not act during a preview (the result's `performed` is false then).");
    const optionsParam = options.length ? `, options?: ${base}Options` : "";
    out += `export function ${f.name}(${positional}: ${tsType(first.type, "output")}${optionsParam}): Promise<${base}Result> {\n`;
    out += `  return implementation().invoke<${base}Result>(${JSON.stringify(f.name)}, { ${options.length ? "...options, " : ""}${positional} });\n}\n\n`;
  }
  out += `function implementation(): typeof runtime {\n  return require("../provider/functions/program") as typeof runtime;\n}\n`;
  return out;
}

function agentCommandInputs(): [string, PropertySpec][] {
  return Object.entries(agentCommand.properties).filter(([, p]) => p.input);
}

function renderAgentCommand(): string {
  const def = agentCommand;
  const props = Object.entries(def.properties);
  let out = header;
  out += `import * as pulumi from "@pulumi/pulumi";\n`;
  out += `import { providerFor } from "./stub";\n\n`;
  out += doc(`The arguments of an {@link ${def.name}}.`, "");
  out += `export interface ${def.name}Args {\n`;
  for (const [name, p] of agentCommandInputs()) {
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
  out += `  constructor(name: string, args: ${def.name}Args, opts?: pulumi.CustomResourceOptions) {\n`;
  // Every property must be a key of the props to become an output of the resource.
  out += "    const props = Object.assign(\n      {\n";
  for (const [name] of props) out += `        ${name}: undefined,\n`;
  out += "      },\n      args,\n    );\n";
  out += `    super(providerFor(${JSON.stringify(def.name)}), name, props, opts, ${JSON.stringify(packageName)}, ${JSON.stringify(def.name)});\n`;
  out += "  }\n}\n";
  return out;
}

// ---- schema.json ----

type JsonObject = Record<string, unknown>;

function objectSpec(entries: [string, { type: TypeSpec; description: string }][], required: string[]): JsonObject {
  return {
    type: "object",
    properties: Object.fromEntries(entries.map(([n, p]) => [n, { ...schemaType(p.type), description: p.description + limits(p.type) }])),
    ...(required.length ? { required } : {}),
  };
}

/** schema.json's `functions`. */
export function functionSchema(): JsonObject {
  return Object.fromEntries(
    allFunctions().map((f) => [
      `${packageName}:index:${f.name}`,
      {
        description: f.description,
        inputs: objectSpec(Object.entries(f.inputs), Object.entries(f.inputs).filter(([, p]) => p.required).map(([n]) => n)),
        outputs: objectSpec(
          Object.entries(f.outputs),
          Object.entries(f.outputs).filter(([, p]: [string, FunctionResult]) => p.present).map(([n]) => n),
        ),
      },
    ]),
  );
}

/** AgentCommand's entry of schema.json's `resources`. */
export function agentCommandSchema(): JsonObject {
  const def = agentCommand;
  const props = Object.entries(def.properties);
  const inputs = agentCommandInputs();
  return {
    [`${packageName}:index:${def.name}`]: {
      description: def.description,
      properties: Object.fromEntries(props.map(([n, p]) => [n, schemaProperty(n, p)])),
      required: props.filter(([, p]) => p.present || p.input?.required).map(([n]) => n),
      inputProperties: Object.fromEntries(inputs.map(([n, p]) => [n, schemaProperty(n, p)])),
      requiredInputs: inputs.filter(([, p]) => p.input!.required).map(([n]) => n),
    },
  };
}

// ---- docs ----

/** The reference sections of AgentCommand and of every function. */
export function functionDocs(): string {
  const def = agentCommand;
  let out = `## ${def.name}\n\n${def.description}\n\nType token \`pulumi-nodejs:dynamic/ngrok:${def.name}\`. `;
  out += "Refresh reads nothing; destroy only removes it from the stack.\n\n";
  out += "```typescript\n" + def.example + "\n```\n\n";
  out += "### Inputs\n\n| Name | Type | Required | Description |\n|---|---|---|---|\n";
  for (const [n, p] of agentCommandInputs()) {
    out += `| \`${n}\` | ${cell(docsType(p.type))} | ${p.input!.required ? "yes" : "no"} | ${cell(p.description)} |\n`;
  }
  out += "\n### Outputs\n\nEvery input, and:\n\n| Name | Type | Description |\n|---|---|---|\n";
  for (const [n, p] of Object.entries(def.properties)) {
    if (!p.input) out += `| \`${n}\` | ${cell(docsType(p.type))} | ${cell(p.description)} |\n`;
  }
  out += "\n## Functions\n\n";
  out +=
    "Functions run in the program's process with the same settings (stack config `ngrok:*`, then the environment) " +
    "and client as the resources. Lookups have a promise form and an Output form (`<name>Output`); agent commands " +
    "have a promise form and do not act during a preview.\n\n";
  for (const f of allFunctions()) {
    const base = capitalized(f.name);
    out += `### ${f.name}\n\n${f.description}\n\n`;
    if (f.kind === "lookup") {
      const args = Object.values(f.inputs).some((p) => p.required) ? "args" : "args?";
      out += `\`${f.name}(${args}, opts?): Promise<${base}Result>\`, \`${f.name}Output(${args}, opts?): Output<${base}Result>\`\n\n`;
    } else {
      const options = optionsOf(f).length ? ", options?" : "";
      out += `\`${f.name}(${f.positional}${options}): Promise<${base}Result>\`. Does not act during a preview.\n\n`;
    }
    out += "```typescript\n" + f.example + "\n```\n\n";
    out += "| Argument | Type | Required | Description |\n|---|---|---|---|\n";
    for (const [n, p] of Object.entries(f.inputs)) {
      out += `| \`${n}\` | ${cell(docsType(p.type))} | ${p.required ? "yes" : "no"} | ${cell(p.description)} |\n`;
    }
    out += "\n| Result | Type | Description |\n|---|---|---|\n";
    for (const [n, p] of Object.entries(f.outputs)) {
      out += `| \`${n}\` | ${cell(docsType(p.type))} | ${cell(p.description + (p.present ? "" : " May be absent."))} |\n`;
    }
    out += "\n";
  }
  return out;
}
