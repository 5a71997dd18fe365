/**
 * The provider plugin for end-to-end tests: built once per test process from dist/
 * (scripts/build-plugin.sh; `make build` first) and installed into a stack's own PULUMI_HOME from
 * its tarball, offline, as a user installs it. And the Go language host beside the CLI. Its
 * Node.js package is test/support/plugin-package.ts's.
 */
import { execFile, execFileSync } from "child_process";
import * as crypto from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { useEmulatorStacks, type EmulatorStacks } from "./fixture";
import { pulumiBinDir, repoRoot, type PulumiStack } from "./pulumi";

export const pluginVersion = (require("../../package.json") as { version: string }).version;
const nodeBinDir = path.join(repoRoot, "node_modules", ".bin");

let tarball: Promise<string> | undefined;
let goHost: Promise<string> | undefined;
let yamlHost: Promise<string> | undefined;
let codegen: Promise<string> | undefined;
let converter: Promise<string> | undefined;

/** The tools' cache outside the tree, shared by test processes and runs (scripts/pulumi-cli.sh's). */
export function toolCacheDir(): string {
  return process.env.PULUMI_NGROK_CACHE ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "pulumi-ngrok");
}

/** Every file of `dir`, by relative path, hashed with its content: what a build from it depends on. */
export function treeHash(dir: string): string {
  const hash = crypto.createHash("sha256");
  const walk = (rel: string): void => {
    for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(`${file}\0`).update(fs.readFileSync(path.join(dir, file))).update("\0");
    }
  };
  walk("");
  return hash.digest("hex").slice(0, 16);
}

/** Runs scripts/<name> (Node 22 first on PATH) and resolves with the last line it prints: the directory or file it made. */
export function script(name: string, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile("bash", [path.join(repoRoot, "scripts", name), ...args], { env: { ...process.env, PATH: `${nodeBinDir}${path.delimiter}${process.env.PATH ?? ""}` } }, (err, stdout, stderr) =>
      err ? reject(new Error(`scripts/${name} failed: ${stderr.trim().split("\n").slice(-20).join("\n")}`)) : resolve(stdout.trim().split("\n").pop()!),
    ),
  );
}

/** The plugin's tarball, `pulumi-resource-ngrok-v<version>.tar.gz`, in a directory of this test process's own. */
export function pluginTarball(): Promise<string> {
  tarball ??= script("build-plugin.sh", "--plugin", fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-ngrok-plugin-"))).then((dir) => `${dir}.tar.gz`);
  return tarball;
}

/** `pulumi plugin install resource ngrok <version> --file <tarball>` into the stack's PULUMI_HOME. */
export async function installPlugin(stack: PulumiStack): Promise<void> {
  await stack.run("plugin install", ["plugin", "install", "resource", "ngrok", pluginVersion, "--file", await pluginTarball()]);
}

/** The directory of `pulumi-language-go` (scripts/pulumi-language-go.sh: built once, cached). */
export function goLanguageHostDir(): Promise<string> {
  goHost ??= script("pulumi-language-go.sh");
  return goHost;
}

/** The directory of `pulumi-language-yaml` (scripts/pulumi-language-yaml.sh: built once, cached). */
export function yamlLanguageHostDir(): Promise<string> {
  yamlHost ??= script("pulumi-language-yaml.sh");
  return yamlHost;
}

/**
 * The directory of `pulumi-converter-terraform`, the converter `pulumi convert --from terraform`
 * runs (scripts/pulumi-converter-terraform.sh: built once, cached): put on PATH.
 */
export function terraformConverterDir(): Promise<string> {
  converter ??= script("pulumi-converter-terraform.sh");
  return converter;
}

/**
 * The directory of the program generators standing in front of the Node.js, Go and Python hosts,
 * so that `pulumi import` writes a program in their languages (scripts/pulumi-language-codegen.sh:
 * built once, cached): put first on PATH.
 */
export function codegenDir(): Promise<string> {
  codegen ??= script("pulumi-language-codegen.sh");
  return codegen;
}

/**
 * The hooks of a file testing YAML examples: the plugin and the YAML language host are built before
 * any test; each test's emulator serves its cloud endpoints on its gateway.
 */
export function useYamlExampleStacks(): EmulatorStacks {
  return useEmulatorStacks({ emulator: { rateLimit: false, gateway: true }, ready: () => Promise.all([pluginTarball(), yamlLanguageHostDir()]) });
}

/** The running test's stack of the YAML program examples/<example>, with the plugin installed in it. */
export async function yamlExampleStack(fx: EmulatorStacks, example: string, secretConfig: Record<string, string> = {}): Promise<PulumiStack> {
  const PATH = [await yamlLanguageHostDir(), await pulumiBinDir(), nodeBinDir, "/usr/local/bin", "/usr/bin", "/bin"].join(path.delimiter);
  const stack = await fx.create({ example, env: { PATH }, config: { "ngrok:rateLimit": "off" }, secretConfig });
  await installPlugin(stack);
  return stack;
}

/**
 * What a Go program's stack runs with: the machine's Go and its module and build caches, and the
 * flags of the CLI's build (scripts/pulumi-cli.sh), so that the SDK's packages come from its build
 * cache; PATH holds the Go language host and the CLI.
 */
export async function goProgramEnv(pulumiBin: string): Promise<Record<string, string>> {
  const go = execFileSync("go", ["env", "-json", "GOPATH", "GOMODCACHE", "GOCACHE", "GOROOT"]).toString();
  const env = JSON.parse(go) as Record<string, string>;
  const PATH = [await goLanguageHostDir(), pulumiBin, nodeBinDir, path.join(env.GOROOT!, "bin"), "/usr/local/bin", "/usr/bin", "/bin"].join(path.delimiter);
  return { ...env, GOFLAGS: "-mod=mod -trimpath", GOTOOLCHAIN: "local", CGO_ENABLED: "0", GOWORK: "off", PATH };
}

/**
 * Writes a Go module `module` into `dir` that takes the SDK from this repository's sdk/go (the Go
 * SDK is not on the module proxy), with the quickstart example's go.mod and go.sum, as a user's
 * program beside a checkout would.
 */
export function goModuleInto(dir: string, module: string): void {
  const example = path.join(repoRoot, "examples", "quickstart-go");
  const goMod = fs.readFileSync(path.join(example, "go.mod"), "utf8");
  fs.writeFileSync(path.join(dir, "go.mod"), goMod.replace(/^module .*$/m, `module ${module}`).replace("=> ../../sdk/go", `=> ${path.join(repoRoot, "sdk", "go")}`));
  fs.copyFileSync(path.join(example, "go.sum"), path.join(dir, "go.sum"));
}

/**
 * The hooks of a file testing Go examples: the plugin and the Go language host are built before
 * any test, and each test's emulator has no rate limit (the stack's client paces nothing either).
 */
export function useGoExampleStacks(): EmulatorStacks {
  return useEmulatorStacks({ emulator: { rateLimit: false }, ready: () => Promise.all([pluginTarball(), goLanguageHostDir()]) });
}

/** The running test's stack of the Go program examples/<example>, with the plugin installed in it. */
export async function goExampleStack(fx: EmulatorStacks, example: string, secretConfig: Record<string, string> = {}): Promise<PulumiStack> {
  const stack = await fx.create({ example, env: await goProgramEnv(await pulumiBinDir()), config: { "ngrok:rateLimit": "off" }, secretConfig });
  await installPlugin(stack);
  return stack;
}
