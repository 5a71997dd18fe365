/**
 * Installing the provider as a user installs it, offline with real parts (test/support/release.ts):
 * the packed npm packages published to a local registry (Verdaccio), the release's plugin archive
 * served by a local HTTP server as a GitHub release serves it, the Go SDK from a local module
 * proxy. In fresh directories outside the repository, each with a fresh PULUMI_HOME and automatic
 * plugin acquisition on, the download URL of the schema (`github://api.github.com/pulumi-ngrok/
 * pulumi-ngrok`) redirected to the local server with PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES:
 * - TypeScript on the dynamic door (`npm install pulumi-ngrok @pulumi/pulumi typescript`): no plugin;
 * - TypeScript on the plugin door (`pulumi-ngrok-plugin`): Pulumi downloads the plugin by itself;
 * - Go (`go get` of the SDK by its module path) and YAML, with no `node` on PATH: the plugin is
 *   one executable.
 * One registry, one release server and one publish serve the file's tests.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { useEmulatorStacks } from "./fixture";
import { goLanguageHostDir, goProgramEnv, yamlLanguageHostDir } from "./plugin-install";
import { pulumiBinDir, repoRoot, type PulumiStack } from "./pulumi";
import {
  buildPluginArchive,
  packDynamicPackage,
  packPluginPackage,
  pluginPlatform,
  run,
  startNpmRegistry,
  startReleaseServer,
  toolEnv,
  writeGoModuleProxy,
  type NpmRegistry,
  type ReleaseServer,
} from "../support/release";

jest.setTimeout(30 * 60_000);

const version = (JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version;
const goModule = "github.com/pulumi-ngrok/pulumi-ngrok/sdk/go";
const pluginDownloadURL = "github://api.github.com/pulumi-ngrok/pulumi-ngrok";
const archive = `/pulumi-resource-ngrok-v${version}-${pluginPlatform()}.tar.gz`;
const programs = path.join(__dirname, "programs", "install");

interface Parts {
  work: string;
  registry: NpmRegistry;
  releases: ReleaseServer;
  /** GOPROXY: the local proxy first, then the module cache's downloads, then this machine's proxy. */
  goProxy: string;
  /** A module cache of the file's own, so that the local SDK version never lands in the machine's. */
  goModCache: string;
}
let parts: Parts | undefined;

/**
 * The programs' directories, installed as users install them, all at once as soon as the packages
 * are published (installs mostly wait on the registry); each test awaits its own, and fails on its error.
 */
let installs: { dynamic: Promise<string>; plugin: Promise<string>; go: Promise<GoProgram> } | undefined;

/** What afterAll stops and removes, recorded as soon as each exists (beforeAll may fail midway). */
const started: { work?: string; registry?: NpmRegistry; releases?: ReleaseServer; goModCache?: string } = {};

async function prepare(): Promise<void> {
  const work = (started.work = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-ngrok-release-")));
  const assets = path.join(work, "assets");
  const proxyDir = path.join(work, "goproxy");
  const goModCache = (started.goModCache = path.join(work, "gomodcache"));
  fs.mkdirSync(assets);
  const [registry, archivePath, dynamicPackage, pluginPackage, machineProxy] = await Promise.all([
    startNpmRegistry(["pulumi-ngrok", "pulumi-ngrok-plugin"]).then((r) => (started.registry = r)),
    buildPluginArchive(assets),
    packDynamicPackage(work),
    packPluginPackage(work),
    run("go", ["env", "GOPROXY", "GOMODCACHE"]).then(({ stdout }) => stdout.trim().split("\n")),
    writeGoModuleProxy(proxyDir, goModule, `v${version}`, path.join(repoRoot, "sdk", "go")),
    goLanguageHostDir(),
    yamlLanguageHostDir(),
  ]);
  const releases = (started.releases = await startReleaseServer(assets));
  const goProxy = [`file://${proxyDir}`, `file://${path.join(machineProxy[1]!, "cache", "download")}`, machineProxy[0]!].join(",");
  parts = { work, registry, releases, goProxy, goModCache };
  expect(`/${path.basename(archivePath)}`).toBe(archive);
  await registry.publish(dynamicPackage);
  await registry.publish(pluginPackage);
  installs = { dynamic: typescriptProgram("pulumi-ngrok"), plugin: typescriptProgram("pulumi-ngrok-plugin"), go: goProgram() };
  // Awaited by the tests; a rejection is theirs to report, not an unhandled one.
  for (const p of Object.values(installs)) p.catch(() => undefined);
}

const fx = useEmulatorStacks({ emulator: { rateLimit: false }, ready: prepare });

afterAll(async () => {
  await Promise.allSettled(Object.values(installs ?? {}));
  await Promise.allSettled([started.registry?.close(), started.releases?.close()]);
  // The module cache is read-only; the go command removes it.
  if (started.goModCache && fs.existsSync(started.goModCache)) {
    await run("go", ["clean", "-modcache"], { env: toolEnv({ GOMODCACHE: started.goModCache }) }).catch(() => undefined);
  }
  for (const dir of [started.work, ...programDirs]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function ready(): Parts {
  if (!parts) throw new Error("the release's parts were not made (see beforeAll's error)");
  return parts;
}

function installed(): NonNullable<typeof installs> {
  if (!installs) throw new Error("the programs were not installed (see beforeAll's error)");
  return installs;
}

const programDirs: string[] = [];

/** A fresh directory outside the repository (removed after the file's tests). */
function freshDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pulumi-ngrok-${name}-`));
  programDirs.push(dir);
  expect(path.relative(repoRoot, dir).startsWith("..")).toBe(true);
  return dir;
}

/** What every program's Pulumi runs with: automatic acquisition on, downloads sent to the release server. */
function acquisitionEnv(): Record<string, string> {
  return {
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false",
    PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${pluginDownloadURL}=${ready().releases.url}`,
  };
}

/** The resource plugins installed in the stack's PULUMI_HOME, as `pulumi plugin ls` lists them. */
async function installedPlugins(stack: PulumiStack): Promise<string[]> {
  const r = await stack.run("plugin ls", ["plugin", "ls", "--json"]);
  return (JSON.parse(r.stdout) as { name: string; kind: string; version: string }[]).filter((p) => p.kind === "resource").map((p) => `${p.name} ${p.version}`);
}

/** The plugin Pulumi installed: one executable, not a script that starts `node`. */
function expectSingleExecutable(stack: PulumiStack): void {
  const home = path.join(stack.tmpDir, "home", "plugins", `resource-ngrok-v${version}`);
  const exe = path.join(home, process.platform === "win32" ? "pulumi-resource-ngrok.exe" : "pulumi-resource-ngrok");
  const head = Buffer.alloc(2);
  const fd = fs.openSync(exe, "r");
  fs.readSync(fd, head, 0, 2, 0);
  fs.closeSync(fd);
  expect({ plugin: exe, startsWith: head.toString("latin1") }).not.toEqual({ plugin: exe, startsWith: "#!" });
}

/** A PATH with no `node` on it, as a Go or YAML user's machine may have. */
function expectNoNode(PATH: string): void {
  const withNode = PATH.split(path.delimiter).filter((d) => fs.existsSync(path.join(d, "node")));
  expect({ PATH, withNode }).toEqual({ PATH, withNode: [] });
}

/** The emulator's rows after `up` of any program here, and none after `destroy`. */
function expectDeployed(domain: string): void {
  expect(fx.emu.resources("reserved_domains")).toMatchObject([{ domain }]);
  expect(fx.emu.resources("endpoints")).toMatchObject([{ url: `https://${domain}`, type: "cloud" }]);
}
function expectDestroyed(): void {
  for (const kind of ["endpoints", "reserved_domains"]) expect({ kind, rows: fx.emu.resources(kind) }).toEqual({ kind, rows: [] });
}

/** A TypeScript program on `pkg` as the README has a user make one: `npm install` from the registry. */
async function typescriptProgram(pkg: "pulumi-ngrok" | "pulumi-ngrok-plugin"): Promise<string> {
  const dir = freshDir(`install-${pkg}`);
  const name = `install-${pkg}`;
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: ${name}\nruntime: nodejs\n`);
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name, private: true, main: "index.ts" }, null, 2));
  // The examples' compiler options, which the README points users at.
  const tsconfig = JSON.parse(fs.readFileSync(path.join(repoRoot, "examples", "quickstart", "tsconfig.json"), "utf8")) as Record<string, unknown>;
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ ...tsconfig, files: ["index.ts"] }, null, 2));
  const source = fs.readFileSync(path.join(programs, "typescript", "index.ts"), "utf8");
  fs.writeFileSync(path.join(dir, "index.ts"), source.replace(`from "pulumi-ngrok";`, `from "${pkg}";`));
  await run("npm", ["install", "--no-audit", "--no-fund", pkg, "@pulumi/pulumi", "typescript"], { cwd: dir, env: ready().registry.env() });

  const installed = (p: string) => JSON.parse(fs.readFileSync(path.join(dir, "node_modules", p, "package.json"), "utf8")) as { version: string };
  const lock = JSON.parse(fs.readFileSync(path.join(dir, "package-lock.json"), "utf8")) as { packages: Record<string, { resolved?: string }> };
  expect({ pkg, version: installed(pkg).version, resolved: lock.packages[`node_modules/${pkg}`]?.resolved }).toEqual({
    pkg,
    version,
    resolved: `${ready().registry.url}${pkg}/-/${pkg}-${version}.tgz`,
  });
  // The TypeScript a fresh install gives today: the newest that @pulumi/pulumi accepts.
  expect(installed("typescript").version).toMatch(/^6\./);
  return dir;
}

it("installs pulumi-ngrok from the registry and deploys a TypeScript program on the dynamic door, downloading no plugin", async () => {
  const { releases } = ready();
  const dir = await installed().dynamic;
  const asked = releases.requests.length;
  const s = await fx.create({ programDir: dir, env: acquisitionEnv(), config: { domain: "dynamic-door.ngrok.app" } });

  await s.up();
  expectDeployed("dynamic-door.ngrok.app");
  expect((await s.outputs()).url).toBe("https://dynamic-door.ngrok.app");
  expect(releases.requests.slice(asked)).toEqual([]);
  expect(await installedPlugins(s)).toEqual([]);
  await s.destroy();
  expectDestroyed();
});

it("installs pulumi-ngrok-plugin from the registry and deploys a TypeScript program, Pulumi downloading the plugin by itself", async () => {
  const { releases } = ready();
  const dir = await installed().plugin;
  const asked = releases.requests.length;
  const s = await fx.create({ programDir: dir, env: acquisitionEnv(), config: { domain: "plugin-door.ngrok.app" } });
  expect(await installedPlugins(s)).toEqual([]);

  await s.up();
  expect(releases.requests.slice(asked)).toContain(archive);
  expect(await installedPlugins(s)).toEqual([`ngrok ${version}`]);
  expectDeployed("plugin-door.ngrok.app");
  expect((await s.outputs()).url).toBe("https://plugin-door.ngrok.app");
  await s.destroy();
  expectDestroyed();
});

interface GoProgram {
  dir: string;
  /** The Go program's environment: the Go language host, the CLI and Go, and nothing else, on PATH. */
  env: Record<string, string>;
}

/** A Go program as a user makes one: `go mod init`, `go get <module>@v<version>`, `go mod tidy`. */
async function goProgram(): Promise<GoProgram> {
  const { goProxy, goModCache } = ready();
  const dir = freshDir("install-go");
  fs.copyFileSync(path.join(programs, "go", "main.go"), path.join(dir, "main.go"));
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: install-go\nruntime: go\n");
  const base = await goProgramEnv(await pulumiBinDir());
  const PATH = [await goLanguageHostDir(), await pulumiBinDir(), path.join(base.GOROOT!, "bin")].join(path.delimiter);
  // Our module is known to no checksum database; every other module is checked as usual.
  const env = { ...base, PATH, GOPROXY: goProxy, GOMODCACHE: goModCache, GONOSUMDB: goModule, GOFLAGS: "-mod=mod -trimpath" };
  const go = (...args: string[]) => run("go", args, { cwd: dir, env: { ...env, HOME: os.homedir() } });
  await go("mod", "init", "install-go");
  await go("get", `${goModule}@v${version}`);
  await go("mod", "tidy");
  expect((await go("list", "-m", "-f", "{{.Path}} {{.Version}}", goModule)).stdout.trim()).toBe(`${goModule} v${version}`);
  return { dir, env };
}

it("gets the Go SDK by its module path from a module proxy and deploys a Go program with no node on PATH", async () => {
  const { releases } = ready();
  const { dir, env } = await installed().go;
  expectNoNode(env.PATH!);

  const asked = releases.requests.length;
  const s = await fx.create({ programDir: dir, env: { ...env, ...acquisitionEnv() }, config: { domain: "go-install.ngrok.app", "ngrok:rateLimit": "off" } });
  await s.up();
  expect(releases.requests.slice(asked)).toContain(archive);
  expect(await installedPlugins(s)).toEqual([`ngrok ${version}`]);
  expectSingleExecutable(s);
  expectDeployed("go-install.ngrok.app");
  await s.destroy();
  expectDestroyed();
});

it("deploys a YAML program with no node on PATH, Pulumi downloading the plugin by itself", async () => {
  const { releases } = ready();
  const dir = freshDir("install-yaml");
  // A YAML program names the plugin's version and where it is published (the schema's pluginDownloadURL).
  const options = `    options:\n      version: ${version}\n      pluginDownloadURL: ${pluginDownloadURL}\n`;
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    [
      "name: install-yaml",
      "runtime: yaml",
      "config:",
      "  domain:",
      "    type: string",
      "resources:",
      "  app-domain:",
      "    type: ngrok:ReservedDomain",
      "    properties:",
      "      domain: ${domain}",
      options + "  app:",
      "    type: ngrok:CloudEndpoint",
      "    properties:",
      "      url: https://${app-domain.domain}",
      "      trafficPolicy:",
      "        on_http_request:",
      "          - actions:",
      "              - type: custom-response",
      "                config: { status_code: 200, body: Installed. }",
      options + "outputs:",
      "  url: ${app.url}",
      "",
    ].join("\n"),
  );
  const PATH = [await yamlLanguageHostDir(), await pulumiBinDir()].join(path.delimiter);
  expectNoNode(PATH);

  const asked = releases.requests.length;
  const s = await fx.create({ programDir: dir, env: { PATH, ...acquisitionEnv() }, config: { domain: "yaml-install.ngrok.app", "ngrok:rateLimit": "off" } });
  await s.up();
  expect(releases.requests.slice(asked)).toContain(archive);
  expect(await installedPlugins(s)).toEqual([`ngrok ${version}`]);
  expectSingleExecutable(s);
  expectDeployed("yaml-install.ngrok.app");
  expect((await s.outputs()).url).toBe("https://yaml-install.ngrok.app");
  await s.destroy();
  expectDestroyed();
});
