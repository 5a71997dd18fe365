/**
 * docs/reference.md: every resource (its API path and id form when it lives in the API), the
 * functions, and the object types.
 */
import type { ResourceDefinition } from "../contract";
import { importIdKey } from "../engine/adopt";
import { wireOf, type Wire } from "./binding";
import { allFunctions, allResources, optionsOf, typeRoots } from "./model";
import { capitalized, cell, docsType, filledByParent, inputsOf, limits, objectTypes, outputsOf, parentArgDoc } from "./shared";

export function renderDocs(): string {
  let out = "<!-- Generated from provider/definitions by `make generate`. Do not edit. -->\n";
  out += "# Reference\n\n";
  for (const def of allResources()) {
    const wire = wireOf(def);
    out += wire ? apiResourceSection(def, wire) : ownResourceSection(def);
  }
  out += functionsSection();
  const types = objectTypes(typeRoots());
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

/** A resource's type tokens: as a dynamic resource (pulumi-ngrok) and as the provider plugin's. */
function typeTokens(def: ResourceDefinition): string {
  return `Type token \`pulumi-nodejs:dynamic/ngrok:${def.name}\` (pulumi-ngrok), \`ngrok:index:${def.name}\` (the provider plugin).`;
}

/** A resource of the API: where it lives, its inputs with how a change applies, its outputs as read back. */
function apiResourceSection(def: ResourceDefinition, wire: Wire): string {
  let out = `## ${def.name}\n\n${def.description}\n\n`;
  out += `API: \`${wire.apiPath}\`, ids \`${wire.idForm}\`. ${typeTokens(def)}\n\n`;
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
  const outputsOnly = outputsOf(def).filter(([, p]) => !p.input);
  out += outputsOnly.length
    ? "\n### Outputs\n\nEvery input, read back from the API, and:\n\n| Name | Type | Description |\n|---|---|---|\n"
    : "\n### Outputs\n\nEvery input, read back from the API.\n";
  for (const [n, p] of outputsOnly) {
    out += `| \`${n}\` | ${cell(docsType(p.type))} | ${cell(p.description + (p.secret ? " Secret." : ""))} |\n`;
  }
  for (const rule of def.rules ?? []) {
    out += `\nRule, checked at preview: ${rule.summary}\n`;
  }
  return out + "\n";
}

/** A resource that is no object of the API (AgentCommand): nothing to read back, nothing to delete. */
function ownResourceSection(def: ResourceDefinition): string {
  let out = `## ${def.name}\n\n${def.description}\n\n${typeTokens(def)} `;
  out += "Refresh reads nothing; destroy only removes it from the stack.\n\n";
  out += "```typescript\n" + def.example + "\n```\n\n";
  out += "### Inputs\n\n| Name | Type | Required | Description |\n|---|---|---|---|\n";
  for (const [n, p] of inputsOf(def)) {
    out += `| \`${n}\` | ${cell(docsType(p.type))} | ${p.input!.required ? "yes" : "no"} | ${cell(p.description)} |\n`;
  }
  out += "\n### Outputs\n\nEvery input, and:\n\n| Name | Type | Description |\n|---|---|---|\n";
  for (const [n, p] of outputsOf(def)) {
    if (!p.input) out += `| \`${n}\` | ${cell(docsType(p.type))} | ${cell(p.description)} |\n`;
  }
  return out + "\n";
}

function functionsSection(): string {
  let out = "## Functions\n\n";
  out +=
    "Functions run with the same settings (stack config `ngrok:*`, then the environment) and client as the resources: " +
    "in the program's process through `pulumi-ngrok`, in the provider plugin through `pulumi-ngrok-plugin` and the other " +
    "languages' SDKs. Lookups have a promise form and an Output form (`<name>Output`); agent commands " +
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
