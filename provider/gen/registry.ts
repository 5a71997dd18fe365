/**
 * The registry of resource kinds, provider/definitions/index.ts, written from the definition
 * files themselves: a new kind is a new file there and `make generate`. Every module of the
 * folder is loaded, and each export that is a definition with a binding is a kind.
 */
import * as fs from "fs";
import * as path from "path";
import type { BoundDefinition } from "../definitions/types";
import { generatedHeader } from "./shared";

/** A kind found in the definitions folder: its module and export. */
export interface FoundDefinition {
  module: string;
  exportName: string;
  def: BoundDefinition;
}

/** The folder's modules that are not definition files. */
const notDefinitions = new Set(["index", "types"]);

/** The definitions of provider/definitions (compiled or not), by kind name. */
export function discoverDefinitions(dir: string = path.join(__dirname, "..", "definitions")): FoundDefinition[] {
  const modules = fs
    .readdirSync(dir)
    .filter((f) => /\.(js|ts)$/.test(f) && !f.endsWith(".d.ts"))
    .map((f) => f.replace(/\.(js|ts)$/, ""))
    .filter((m) => !notDefinitions.has(m));
  const found: FoundDefinition[] = [];
  for (const module of [...new Set(modules)].sort()) {
    const exports = require(path.join(dir, module)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(exports)) {
      if (isBoundDefinition(value)) found.push({ module, exportName, def: value });
    }
  }
  const byName = new Map<string, FoundDefinition>();
  for (const f of found) {
    const other = byName.get(f.def.name);
    if (other) throw new Error(`two definitions of ${f.def.name}: ${other.module}.ts and ${f.module}.ts`);
    byName.set(f.def.name, f);
  }
  return found.sort((a, b) => (a.def.name < b.def.name ? -1 : 1));
}

function isBoundDefinition(value: unknown): value is BoundDefinition {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<BoundDefinition>;
  return typeof v.name === "string" && typeof v.properties === "object" && typeof v.binding?.kind === "string";
}

/** provider/definitions/index.ts. */
export function renderRegistry(found: readonly FoundDefinition[]): string {
  let out = generatedHeader("the files of provider/definitions");
  out += "/** Every resource kind with a REST binding, by name: the typed dispatch map's source. */\n";
  for (const f of found) out += `import { ${f.exportName} } from "./${f.module}";\n`;
  out += `import type { BoundDefinition } from "./types";\n\n`;
  out += "export const definitions = {\n";
  for (const f of found) out += `  ${f.def.name}: ${f.exportName},\n`;
  out += "} as const satisfies Record<string, BoundDefinition>;\n\n";
  out += "export type ResourceKind = keyof typeof definitions;\n\n";
  out += "export function isResourceKind(kind: string): kind is ResourceKind {\n";
  out += "  return Object.prototype.hasOwnProperty.call(definitions, kind);\n";
  out += "}\n\n";
  out += `export type { BoundDefinition, ResourceDefinition, ResourceSchema } from "./types";\n`;
  return out;
}
