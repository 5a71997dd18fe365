/**
 * The provider plugin's Node.js package, pulumi-ngrok-plugin: the compiled SDK (dist/sdk, from
 * `make build`: sdk/generated/ and the hand-written sdk/ in one directory) with the plugin door
 * (sdk/nodejs/door.ts) in place of the dynamic one, and every module the SDK loads or whose types
 * it names (the policy code, `secretRef`, the errors), laid out as in dist/. It holds nothing of the provider's client or handlers: the plugin serves the
 * resources. scripts/build-plugin.sh packs the directory with `npm pack`.
 *
 *   node dist/provider/gen/plugin-package.js <out dir>
 *
 * writes <out dir>/pulumi-ngrok-plugin and prints its path.
 */
import * as fs from "fs";
import { builtinModules } from "module";
import * as path from "path";
import { isDeepStrictEqual } from "util";
import { pluginDownloadUrl, readManifest } from "./manifest";

/** The package's manifest, sdk/nodejs/package.json. */
interface PackageJson {
  name: string;
  version: string;
  main: string;
  types: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  pulumi?: PulumiBlock;
}

/**
 * The `pulumi` block of the package's package.json: the language host reads it and asks the
 * engine for the plugin `ngrok` of this version, which downloads it from `server` the first time
 * (automatic acquisition), as for any registry provider. pulumi-ngrok (the dynamic package) has
 * no such block: its resources run in Pulumi's own dynamic-provider plugin, and a `resource` block
 * would make Pulumi fetch a plugin the program never uses.
 */
export interface PulumiBlock {
  resource?: boolean;
  name?: string;
  version?: string;
  server?: string;
}

/** The block the package must carry, from the repository's package.json (version, repository). */
export function expectedPulumiBlock(root: string): PulumiBlock {
  const manifest = readManifest(root);
  const server = pluginDownloadUrl(manifest);
  return { resource: true, name: "ngrok", version: manifest.version, ...(server === undefined ? {} : { server }) };
}

/** Where dist/ puts each door, compiled: the package's sdk/door.* comes from the plugin's. */
const doors: Record<string, string> = { "sdk/door.js": "sdk/nodejs/door.js", "sdk/door.d.ts": "sdk/nodejs/door.d.ts" };

/**
 * The module specifiers a compiled file loads (`require`) or a declaration file names (`import`,
 * `export ... from`), outside comments (doc comments' examples import packages too).
 */
function specifiers(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found: string[] = [];
  for (const m of code.matchAll(/\brequire\(\s*"([^"]+)"\s*\)|\bfrom\s+"([^"]+)"|\bimport\(\s*"([^"]+)"\s*\)|^\s*import\s+"([^"]+)"/gm)) {
    found.push((m[1] ?? m[2] ?? m[3] ?? m[4])!);
  }
  return found;
}

/** A relative specifier of `from` (a path under dist/) as a file under dist/, or undefined when there is none. */
function resolveIn(dist: string, from: string, specifier: string, ext: ".js" | ".d.ts"): string | undefined {
  const base = path.posix.join(path.posix.dirname(from), specifier);
  for (const candidate of [base.endsWith(".json") ? base : `${base}${ext}`, `${base}/index${ext}`]) {
    if (fs.existsSync(path.join(dist, candidate))) return candidate;
  }
  return undefined;
}

/** The package's files (paths under dist/, as the package lays them out) and the packages they load. */
export function packageFiles(dist: string): { files: string[]; external: Set<string> } {
  const files = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    const source = path.join(dist, doors[file] ?? file);
    if (!fs.existsSync(source)) throw new Error(`dist/${doors[file] ?? file} is missing: run \`make build\` first`);
    if (file.endsWith(".json")) return;
    const ext = file.endsWith(".d.ts") ? ".d.ts" : ".js";
    for (const s of specifiers(fs.readFileSync(source, "utf8"))) {
      if (!s.startsWith(".")) {
        external.add(s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]!);
        continue;
      }
      // The plugin door reads the package's own manifest, written beside the files.
      if (path.posix.join(path.posix.dirname(file), s) === "package.json") continue;
      const target = resolveIn(dist, file, s, ext);
      // A type-only module has a declaration and no code; a declaration names no code.
      if (target) visit(target);
      else if (ext === ".js" || !resolveIn(dist, file, s, ".js")) throw new Error(`dist/${file} loads ${s}, which dist/ does not hold`);
    }
    if (ext === ".js" && fs.existsSync(path.join(dist, file.replace(/\.js$/, ".d.ts")))) visit(file.replace(/\.js$/, ".d.ts"));
  };
  visit("sdk/index.js");
  return { files: [...files].sort(), external };
}

/** Writes the package's directory under `out` from the repository at `root`; returns its path. */
export function writePluginPackage(root: string, out: string): string {
  const dist = path.join(root, "dist");
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "sdk", "nodejs", "package.json"), "utf8")) as PackageJson;
  // The package asks the engine for the plugin of its own version, from the schema's download
  // URL: the two are one release.
  const expected = expectedPulumiBlock(root);
  if (manifest.version !== expected.version) {
    throw new Error(`sdk/nodejs/package.json: \`version\` must be package.json's version, ${expected.version}`);
  }
  if (!isDeepStrictEqual(manifest.pulumi, expected)) {
    throw new Error(`sdk/nodejs/package.json: \`pulumi\` must be ${JSON.stringify(expected)}`);
  }
  const { files, external } = packageFiles(dist);
  const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
  const builtins = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));
  const undeclared = [...external].filter((m) => !declared.has(m) && !builtins.has(m)).sort();
  if (undeclared.length) throw new Error(`sdk/nodejs/package.json must list what the package loads: ${undeclared.join(", ")}`);

  const dir = path.join(out, manifest.name);
  fs.rmSync(dir, { recursive: true, force: true });
  for (const file of files) {
    const target = path.join(dir, file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    // No source maps: they point at sources the package does not hold.
    const text = fs.readFileSync(path.join(dist, doors[file] ?? file), "utf8").replace(/\n\/\/# sourceMappingURL=.*\n?$/, "\n");
    fs.writeFileSync(target, text);
  }
  // The package's command, `pulumi-ngrok adopt`: the adoption and the provider's client it reads
  // the account through, bundled into one file as the plugin is, so that the package holds none of
  // the provider's modules and needs no dependency of theirs.
  const cli = path.join(dir, "bin", "pulumi-ngrok.js");
  fs.mkdirSync(path.dirname(cli), { recursive: true });
  (require("esbuild") as { buildSync(options: Record<string, unknown>): unknown }).buildSync({
    entryPoints: [path.join(dist, "provider", "adopt", "cli.js")],
    outfile: cli,
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    logLevel: "warning",
    legalComments: "none",
  });
  fs.chmodSync(cli, 0o755);
  for (const file of ["package.json", "README.md"]) fs.copyFileSync(path.join(root, "sdk", "nodejs", file), path.join(dir, file));
  fs.copyFileSync(path.join(root, "LICENSE"), path.join(dir, "LICENSE"));
  for (const entry of [manifest.main, manifest.types]) {
    if (!fs.existsSync(path.join(dir, entry))) throw new Error(`sdk/nodejs/package.json names ${entry}, which the package does not hold`);
  }
  return dir;
}

if (require.main === module) {
  const out = process.argv[2];
  if (!out) {
    process.stderr.write("usage: node dist/provider/gen/plugin-package.js <out dir>\n");
    process.exitCode = 2;
  } else {
    process.stdout.write(`${writePluginPackage(path.resolve(__dirname, "..", "..", ".."), path.resolve(out))}\n`);
  }
}
