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

/**
 * The folder of the SDK's generated TypeScript, which the generator alone writes. The hand-written
 * modules it imports (./door, ./policy, ./stub) are in sdk/, one level up; both compile into
 * dist/sdk (see {@link renderProject}).
 */
export const sdkGenerated = "sdk/generated";

export function renderAll(manifest: Manifest): GeneratedFile[] {
  return [
    ...resourceGroups.flatMap((g) => g.resources.map((def) => ({ path: `${sdkGenerated}/${fileName(def.name)}.ts`, content: renderResourceClass(def, g.from) }))),
    ...allFunctions().map((f) => ({ path: `${sdkGenerated}/${fileName(f.name)}.ts`, content: renderFunction(f, functionsFrom) })),
    { path: `${sdkGenerated}/types.ts`, content: renderTypes("provider/definitions", typeRoots()) },
    { path: `${sdkGenerated}/index.ts`, content: renderIndex() },
    { path: `${sdkGenerated}/tsconfig.json`, content: renderProject() },
    { path: "schema.json", content: renderSchema(manifest) },
    { path: "docs/reference.md", content: renderDocs() },
    { path: "provider/definitions/index.ts", content: renderRegistry(definitionFiles) },
  ];
}

/** The SDK's index.ts: the resources, the functions, the errors a program may catch, and the object types. */
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

/**
 * The generated SDK's TypeScript project: compiled apart from the main project, so that its
 * output lands in dist/sdk beside the hand-written modules while its sources stay in a folder of
 * their own.
 */
function renderProject(): string {
  return `${generatedHeader("provider/gen/render.ts")}// Compiled into dist/sdk, beside the hand-written modules of sdk/, as the packages hold them.
// The imports are written as from sdk/ ("./door", "../provider/..."), where they load from in
// dist/: rootDirs finds them from here (sdk/ and the repository's root), and the reference takes
// their types from the main project's build (tsc -b) instead of compiling them again here.
{
  "extends": "../../tsconfig.json",
  "compilerOptions": {
    "rootDir": ".",
    "outDir": "../../dist/sdk",
    "rootDirs": [".", "..", "../.."],
    "tsBuildInfoFile": "../../.tsbuild/sdk-generated.tsbuildinfo"
  },
  "include": ["*.ts"],
  "references": [{ "path": "../.." }]
}
`;
}
