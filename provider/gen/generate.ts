/**
 * Writes the generated files (SDK classes and types, schema.json, docs/reference.md), or with
 * `--check` fails listing the stale ones and the orphans. Run from the repository root: `make generate`.
 */
import * as fs from "fs";
import * as path from "path";
import { readManifest } from "./manifest";
import { renderAll, sdkGenerated } from "./render";

export function staleFiles(root: string): string[] {
  return renderAll(readManifest(root))
    .filter((f) => {
      const file = path.join(root, f.path);
      return !fs.existsSync(file) || fs.readFileSync(file, "utf8") !== f.content;
    })
    .map((f) => f.path);
}

/** The files of the generated SDK's folder that the generator does not write (a kind removed, a file added by hand). */
export function orphanedFiles(root: string): string[] {
  const written = new Set(renderAll(readManifest(root)).map((f) => f.path));
  const dir = path.join(root, sdkGenerated);
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((e) => !e.isDirectory())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"))
    .filter((f) => !written.has(f))
    .sort();
}

function main(argv: string[]): number {
  const root = process.cwd();
  if (argv.includes("--check")) {
    const stale = staleFiles(root);
    const orphaned = orphanedFiles(root);
    if (stale.length) console.error(`stale generated files (run \`make generate\`): ${stale.join(", ")}`);
    if (orphaned.length) console.error(`orphaned files in ${sdkGenerated}/, which the generator does not write (\`make generate\` deletes them): ${orphaned.join(", ")}`);
    return stale.length || orphaned.length ? 1 : 0;
  }
  for (const f of renderAll(readManifest(root))) {
    fs.mkdirSync(path.dirname(path.join(root, f.path)), { recursive: true });
    fs.writeFileSync(path.join(root, f.path), f.content);
    console.log(`wrote ${f.path}`);
  }
  for (const f of orphanedFiles(root)) {
    fs.rmSync(path.join(root, f));
    console.log(`deleted ${f}`);
  }
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
