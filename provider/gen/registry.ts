/**
 * The registry of resource kinds, provider/definitions/index.ts, written from the definition
 * files themselves: a new kind is a new file there and `make generate`. Every module of the
 * folder and of its `edges/` folder (the kinds ngrok turned off) is loaded, and each export that
 * is a definition with a binding or with operations of its own is a kind.
 */
import * as fs from "fs";
import * as path from "path";
import type { ResourceDefinition } from "../contract";
import { generatedHeader } from "./shared";

/** A kind found in the definitions folder: its module and export. */
export interface FoundDefinition {
  module: string;
  /** Defined in the folder of the kinds ngrok turned off. */
  turnedOff: boolean;
  exportName: string;
  def: ResourceDefinition;
}

/** The folder's modules that are not definition files. */
const notDefinitions = new Set(["index"]);

/** The folder of the kinds ngrok turned off, below the definitions. */
export const turnedOffFolder = "edges";

/** The definitions of provider/definitions (compiled or not), by kind name: today's kinds, then the turned-off ones. */
export function discoverDefinitions(dir: string = path.join(__dirname, "..", "definitions")): FoundDefinition[] {
  const modulesOf = (folder: string, prefix: string): string[] =>
    fs.existsSync(folder)
      ? fs
          .readdirSync(folder)
          .filter((f) => /\.(js|ts)$/.test(f) && !f.endsWith(".d.ts"))
          .map((f) => prefix + f.replace(/\.(js|ts)$/, ""))
          .filter((m) => !notDefinitions.has(m))
      : [];
  const modules = [...modulesOf(dir, ""), ...modulesOf(path.join(dir, turnedOffFolder), `${turnedOffFolder}/`)];
  const found: FoundDefinition[] = [];
  for (const module of [...new Set(modules)].sort()) {
    // Not `exports`: compiled to CommonJS, that name would hide this module's own exports (turnedOffFolder).
    const moduleExports = require(path.join(dir, module)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(moduleExports)) {
      if (isKindDefinition(value)) found.push({ module, turnedOff: module.startsWith(`${turnedOffFolder}/`), exportName, def: value });
    }
  }
  const byName = new Map<string, FoundDefinition>();
  for (const f of found) {
    const other = byName.get(f.def.name);
    if (other) throw new Error(`two definitions of ${f.def.name}: ${other.module}.ts and ${f.module}.ts`);
    byName.set(f.def.name, f);
  }
  return found.sort((a, b) => Number(a.turnedOff) - Number(b.turnedOff) || (a.def.name < b.def.name ? -1 : 1));
}

function isKindDefinition(value: unknown): value is ResourceDefinition {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Partial<ResourceDefinition>;
  return typeof v.name === "string" && typeof v.properties === "object" && (typeof v.binding?.kind === "string" || typeof v.operations === "function");
}

/** provider/definitions/index.ts. */
export function renderRegistry(found: readonly FoundDefinition[]): string {
  let out = generatedHeader("the files of provider/definitions");
  out += "/** Every resource kind, by name: those with a REST binding, and those with operations of their own. */\n";
  for (const f of found) out += `import { ${f.exportName} } from "./${f.module}";\n`;
  out += `import type { BoundDefinition, ResourceDefinition } from "../contract";\n\n`;
  out += "export const definitions = {\n";
  let turnedOff = false;
  for (const f of found) {
    if (f.turnedOff && !turnedOff) out += "  // What ngrok turned off (edges/): edges, their routes and modules, backends.\n";
    turnedOff = f.turnedOff;
    out += `  ${f.def.name}: ${f.exportName},\n`;
  }
  out += "} as const satisfies Record<string, ResourceDefinition>;\n\n";
  out += "export type ResourceKind = keyof typeof definitions;\n\n";
  out += "/** The kinds that are objects of the API (a binding): what lookups, `get` and import ids serve. */\n";
  out += "export type BoundKind = { [K in ResourceKind]: (typeof definitions)[K] extends BoundDefinition ? K : never }[ResourceKind];\n\n";
  out += "/** The kinds ngrok turned off (edges, routes, modules, backends): the API as specified, and the emulator, keep them. */\n";
  out += `export const turnedOffKinds: ReadonlySet<ResourceKind> = new Set([${found.filter((f) => f.turnedOff).map((f) => JSON.stringify(f.def.name)).join(", ")}]);\n\n`;
  out += "export function isResourceKind(kind: string): kind is ResourceKind {\n";
  out += "  return Object.prototype.hasOwnProperty.call(definitions, kind);\n";
  out += "}\n\n";
  out += "export function isBoundKind(kind: string): kind is BoundKind {\n";
  out += "  return isResourceKind(kind) && definitions[kind].binding !== undefined;\n";
  out += "}\n\n";
  out += `export type { BoundDefinition, OperatedDefinition, ResourceDefinition, ResourceSchema } from "../contract";\n`;
  return out;
}
