/**
 * Writes the generated files (SDK classes and types, schema.json, docs/reference.md), or with
 * `--check` fails listing the stale ones. Run from the repository root: `make generate`.
 */
import * as fs from "fs";
import * as path from "path";
import { readManifest } from "./manifest";
import { renderAll } from "./render";

export function staleFiles(root: string): string[] {
  return renderAll(readManifest(root))
    .filter((f) => {
      const file = path.join(root, f.path);
      return !fs.existsSync(file) || fs.readFileSync(file, "utf8") !== f.content;
    })
    .map((f) => f.path);
}

function main(argv: string[]): number {
  const root = process.cwd();
  if (argv.includes("--check")) {
    const stale = staleFiles(root);
    if (stale.length) {
      console.error(`stale generated files (run \`make generate\`): ${stale.join(", ")}`);
      return 1;
    }
    return 0;
  }
  for (const f of renderAll(readManifest(root))) {
    fs.mkdirSync(path.dirname(path.join(root, f.path)), { recursive: true });
    fs.writeFileSync(path.join(root, f.path), f.content);
    console.log(`wrote ${f.path}`);
  }
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
