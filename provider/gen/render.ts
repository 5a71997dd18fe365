/**
 * Renders the generated files from the definitions: the SDK's TypeScript, schema.json and the
 * reference docs. `generate.ts` writes them; a test fails when the committed ones are stale.
 */
import { renderResourceClass, renderTypes, resourceExport } from "./classes";
import { renderDocs } from "./docs";
import { functionExport, renderFunction } from "./functions";
import type { Manifest } from "./manifest";
import { allFunctions, apiResources, definitionFiles, functionsFrom, resourceGroups, typeRoots } from "./model";
import { renderRegistry } from "./registry";
import { renderSchema } from "./schema";
import { fileName, generatedHeader, type GeneratedFile } from "./shared";

export type { GeneratedFile } from "./shared";

export function renderAll(manifest: Manifest): GeneratedFile[] {
  return [
    ...resourceGroups.flatMap((g) => g.resources.map((def) => ({ path: `sdk/${fileName(def.name)}.ts`, content: renderResourceClass(def, g.from) }))),
    ...allFunctions().map((f) => ({ path: `sdk/${fileName(f.name)}.ts`, content: renderFunction(f, functionsFrom) })),
    { path: "sdk/types.ts", content: renderTypes("provider/definitions", typeRoots()) },
    { path: "sdk/index.ts", content: renderIndex() },
    { path: "schema.json", content: renderSchema(manifest) },
    { path: "docs/reference.md", content: renderDocs() },
    { path: "provider/definitions/index.ts", content: renderRegistry(definitionFiles) },
  ];
}

/** sdk/index.ts: the resources, the functions, the errors a program may catch, and the object types. */
function renderIndex(): string {
  let out = generatedHeader("provider/definitions");
  // First: on a Node.js older than package.json's `engines.node`, fail in words, not in undici.
  out += `import "../provider/node-version";\n`;
  for (const def of apiResources.resources) out += resourceExport(def);
  for (const f of allFunctions()) out += functionExport(f);
  out += `export { AgentCommandError, type AgentCommandRefusal } from "../provider/agent/errors";\n`;
  out += `export { ApiError, TransportError, MissingApiKeyError } from "../provider/client/errors";\n`;
  out += `export { LookupError } from "../provider/functions/lookup-error";\n`;
  out += `export { secretRef } from "../provider/secret-ref";\n`;
  out += `export type { inputs, outputs } from "./types";\n`;
  out += `export { toWirePolicy, type TrafficPolicy, type TrafficPolicyAction, type TrafficPolicyInput, type TrafficPolicyRule, type WirePolicy } from "./policy";\n`;
  return out;
}
