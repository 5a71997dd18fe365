/**
 * The plugin's Node.js package pulumi-ngrok-plugin for tests, built from dist/ (`make build`
 * first) by `scripts/build-plugin.sh --package`, as `make plugin` builds it: once for all the test
 * processes of a run, under .pulumi-test/plugin-package/<hash of what it is built from>. A
 * process builds into a directory of its own and renames it into place, so that a directory found
 * there is whole; two processes building at once both succeed, and one keeps its copy. Inside the
 * repository, so that the unpacked package finds `@pulumi/pulumi` in its node_modules.
 */
import { execFileSync } from "child_process";
import * as crypto from "crypto";
import * as fs from "fs";
import * as path from "path";

const root = path.resolve(__dirname, "..", "..");

export interface PluginPackage {
  /** `pulumi-ngrok-plugin-<version>.tgz`, as `npm pack` wrote it. */
  tarball: string;
  /** The tarball unpacked: what `npm install <tarball>` puts in node_modules. */
  dir: string;
}

let built: PluginPackage | undefined;

export function pluginPackage(): PluginPackage {
  if (built) return built;
  const version = (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
  const hash = crypto.createHash("sha256").update(version);
  const inputs = [
    path.join(root, "scripts", "build-plugin.sh"),
    path.join(root, "LICENSE"),
    ...filesUnder(path.join(root, "sdk", "nodejs")),
    ...filesUnder(path.join(root, "dist", "sdk")),
    ...filesUnder(path.join(root, "dist", "provider")),
  ].filter((f) => !f.endsWith(".map"));
  for (const file of inputs) hash.update(path.relative(root, file)).update(fs.readFileSync(file));
  const cache = path.join(root, ".pulumi-test", "plugin-package");
  const out = path.join(cache, hash.digest("hex").slice(0, 16));
  const result = { tarball: path.join(out, `pulumi-ngrok-plugin-${version}.tgz`), dir: path.join(out, "package") };
  if (!fs.existsSync(result.dir)) {
    const building = `${out}.${process.pid}`;
    fs.rmSync(building, { recursive: true, force: true });
    fs.mkdirSync(building, { recursive: true });
    const env = { ...process.env, PATH: `${path.join(root, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}` };
    execFileSync("bash", [path.join(root, "scripts", "build-plugin.sh"), "--package", building], { env, stdio: "pipe" });
    execFileSync("tar", ["-xzf", path.join(building, path.basename(result.tarball)), "-C", building]);
    try {
      fs.renameSync(building, out);
    } catch (err) {
      // Another process put its copy in place first.
      fs.rmSync(building, { recursive: true, force: true });
      if (!fs.existsSync(result.dir)) throw err;
    }
  }
  built = result;
  return result;
}

/** The files under `dir`, sorted (none when it does not exist). */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.name !== "node_modules")
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : e.isFile() ? [path.join(dir, e.name)] : []))
    .sort();
}
