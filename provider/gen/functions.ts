/**
 * The SDK's functions: one file per function (its promise form, and the Output form of a lookup)
 * in sdk/generated/, and their lines of its index.ts. Each calls `invoke`/`invokeOutput` of
 * ./door: in the program's process (pulumi-ngrok), or through the engine and the provider plugin
 * (pulumi-ngrok-plugin).
 */
import type { FunctionDefinition, FunctionParameter } from "../functions/types";
import { optionsOf } from "./model";
import { capitalized, doc, externalImports, fileName, generatedHeader, limits, tsType, usesObjects, withExample, type Side } from "./shared";

/** A function's line of the SDK's index.ts. */
export function functionExport(f: FunctionDefinition): string {
  const base = capitalized(f.name);
  const names =
    f.kind === "lookup"
      ? [f.name, `${f.name}Output`, `type ${base}Args`, `type ${base}OutputArgs`, `type ${base}Result`]
      : [f.name, ...(optionsOf(f).length ? [`type ${base}Options`] : []), `type ${base}Result`];
  return `export { ${names.join(", ")} } from "./${fileName(f.name)}";\n`;
}

function argsInterface(name: string, params: [string, FunctionParameter][], side: Side, what: string): string {
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

export function renderFunction(f: FunctionDefinition, from: string): string {
  const base = capitalized(f.name);
  const params = Object.entries(f.inputs);
  const anyRequired = params.some(([, p]) => p.required);
  let out = generatedHeader(from);
  if (f.kind === "lookup") out += `import type * as pulumi from "@pulumi/pulumi";\n`;
  if (usesObjects([...params.map(([, p]) => p), ...Object.values(f.outputs)])) out += `import type { outputs } from "./types";\n`;
  out += externalImports(params.map(([, p]) => p.type), f.kind === "lookup" ? ["input", "output"] : ["output"]);
  out += externalImports(Object.values(f.outputs).map((p) => p.type), ["output"]);
  out += `import { invoke${f.kind === "lookup" ? ", invokeOutput" : ""} } from "./door";\n\n`;

  if (f.kind === "lookup") {
    out += argsInterface(`${base}Args`, params, "output", `The arguments of {@link ${f.name}}.`);
    out += argsInterface(`${base}OutputArgs`, params, "input", `The arguments of {@link ${f.name}Output}: those of {@link ${f.name}}, as inputs.`);
    out += resultInterface(f);
    const opt = anyRequired ? "" : "?";
    out += doc(withExample(f.description, f.example), "");
    out += `export function ${f.name}(args${opt}: ${base}Args, opts?: pulumi.InvokeOptions): Promise<${base}Result> {\n`;
    out += `  return invoke<${base}Result>(${JSON.stringify(f.name)}, { ...args }, opts);\n}\n\n`;
    out += doc(
      `The Output form of {@link ${f.name}}: it runs once its arguments (and \`opts.dependsOn\`) are known, at every ` +
        "preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown.",
      "",
    );
    out += `export function ${f.name}Output(args${opt}: ${base}OutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<${base}Result> {\n`;
    out += `  return invokeOutput<${base}Result>(${JSON.stringify(f.name)}, args, opts);\n}\n\n`;
  } else {
    const positional = f.positional!;
    const first = f.inputs[positional]!;
    const options = optionsOf(f);
    if (options.length) out += argsInterface(`${base}Options`, options, "output", `The options of {@link ${f.name}}.`);
    out += resultInterface(f);
    out += doc(withExample(`${f.description} It does not act during a preview (the result's \`performed\` is false then).`, f.example), "");
    const optionsParam = options.length ? `, options?: ${base}Options` : "";
    out += `export function ${f.name}(${positional}: ${tsType(first.type, "output")}${optionsParam}): Promise<${base}Result> {\n`;
    out += `  return invoke<${base}Result>(${JSON.stringify(f.name)}, { ${options.length ? "...options, " : ""}${positional} });\n}\n`;
  }
  return out.trimEnd() + "\n";
}
