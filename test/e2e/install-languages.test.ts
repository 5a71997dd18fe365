/**
 * Installing the provider as Python and Java users install it, offline with real parts: in fresh
 * directories outside the repository, each with a fresh PULUMI_HOME and automatic plugin
 * acquisition on, the schema's download URL (`github://api.github.com/pulumi-ngrok/pulumi-ngrok`)
 * redirected to a local server of the release's plugin archive with
 * PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES, as test/e2e/install.test.ts does for TypeScript, Go and YAML:
 * - Python: the SDK's wheel and sdist published to a local package index (pypiserver) beside the
 *   wheels of `pulumi` and its requirements; `pip install pulumi-ngrok` from it in a fresh virtual
 *   environment, activated (its `bin` first on PATH: the language host built from Go modules
 *   predates the `virtualenv` runtime option's passing by current CLIs), and no `node` on PATH:
 *   Pulumi downloads the plugin, one executable.
 * - Java: the SDK built with Maven and published to a local Maven repository; a fresh Maven project
 *   depending on `io.github.pulumi-ngrok:ngrok`, run by the Java language host; Pulumi downloads the
 *   plugin, which the jar's plugin.json names.
 * And what a user sees when a part is missing: the index without the package, the plugin's
 * download refused.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { useEmulatorStacks } from "./fixture";
import { javaLanguageHostDir, javaProgramEnv, javaSdkArtifact, publishJavaSdk, useMavenRepository } from "./java";
import { pulumiBinDir, repoRoot, type PulumiStack } from "./pulumi";
import { pythonEnvDir, pythonLanguageHostDir, pythonSdkDist, runTool, toolsPython } from "./python";
import { buildPluginArchive, pluginPlatform, startPackageIndex, startReleaseServer, type PackageIndex, type ReleaseServer } from "../support/release";

jest.setTimeout(30 * 60_000);

const version = (JSON.parse(fs.readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string }).version;
const pluginDownloadURL = "github://api.github.com/pulumi-ngrok/pulumi-ngrok";
const archive = `/pulumi-resource-ngrok-v${version}-${pluginPlatform()}.tar.gz`;

/** What afterAll stops and removes, recorded as soon as each exists (beforeAll may fail midway). */
const started: { dirs: string[]; servers: { close(): Promise<void> }[] } = { dirs: [], servers: [] };
let parts: { releases: ReleaseServer; refusing: ReleaseServer; index: PackageIndex; emptyIndex: PackageIndex } | undefined;

function freshDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `pulumi-ngrok-${name}-`));
  started.dirs.push(dir);
  expect(path.relative(repoRoot, dir).startsWith("..")).toBe(true);
  return dir;
}

async function prepare(): Promise<void> {
  const assets = freshDir("release-assets");
  const packages = freshDir("python-index");
  const empty = freshDir("python-index-empty");
  const [envDir, dist] = await Promise.all([pythonEnvDir(), pythonSdkDist(), buildPluginArchive(assets), pythonLanguageHostDir(), javaLanguageHostDir()]).then(([e, d]) => [e, d] as const);
  // The index: the SDK's wheel and sdist, and what `pulumi-ngrok` requires, as PyPI would serve them.
  for (const dir of [packages, empty]) {
    for (const f of fs.readdirSync(path.join(envDir, "wheelhouse"))) fs.copyFileSync(path.join(envDir, "wheelhouse", f), path.join(dir, f));
  }
  for (const f of [dist.wheel, dist.sdist]) fs.copyFileSync(f, path.join(packages, path.basename(f)));
  const python = await toolsPython();
  const [releases, refusing, index, emptyIndex] = await Promise.all([
    startReleaseServer(assets),
    startReleaseServer(freshDir("release-assets-none")),
    startPackageIndex(python, packages),
    startPackageIndex(python, empty),
  ]);
  started.servers.push(releases, refusing, index, emptyIndex);
  parts = { releases, refusing, index, emptyIndex };
}

const fx = useEmulatorStacks({ emulator: { rateLimit: false }, ready: prepare });

afterAll(async () => {
  await Promise.allSettled(started.servers.map((s) => s.close()));
  for (const dir of started.dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function ready(): NonNullable<typeof parts> {
  if (!parts) throw new Error("the release's parts were not made (see beforeAll's error)");
  return parts;
}

/** Automatic acquisition on, downloads sent to `server`. */
function acquisitionEnv(server: ReleaseServer): Record<string, string> {
  return { PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "false", PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${pluginDownloadURL}=${server.url}` };
}

async function installedPlugins(stack: PulumiStack): Promise<string[]> {
  const r = await stack.run("plugin ls", ["plugin", "ls", "--json"]);
  return (JSON.parse(r.stdout) as { name: string; kind: string; version: string }[]).filter((p) => p.kind === "resource").map((p) => `${p.name} ${p.version}`);
}

// The Python and Java programs run at once against the test's emulator: each looks at its own domain's rows.
function rows(domain: string): { domains: unknown[]; endpoints: unknown[] } {
  return {
    domains: (fx.emu.resources("reserved_domains") as { domain: string }[]).filter((d) => d.domain === domain),
    endpoints: (fx.emu.resources("endpoints") as { url: string }[]).filter((e) => e.url === `https://${domain}`),
  };
}
function expectDeployed(domain: string): void {
  expect(rows(domain)).toMatchObject({ domains: [{ domain }], endpoints: [{ url: `https://${domain}`, type: "cloud" }] });
}
function expectDestroyed(domain: string): void {
  expect(rows(domain)).toEqual({ domains: [], endpoints: [] });
}

/** pip's environment: the machine's own index settings (PIP_INDEX_URL, find-links) left out, so that only `--index-url` serves. */
function pipEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^PIP_/.test(k)) env[k] = v;
  return { ...env, PIP_CONFIG_FILE: os.devNull, PIP_DISABLE_PIP_VERSION_CHECK: "1" };
}

const pythonProgram = [
  "import pulumi",
  "import pulumi_ngrok as ngrok",
  "",
  'domain = ngrok.ReservedDomain("app-domain", domain=pulumi.Config().require("domain"))',
  "policy: ngrok.TrafficPolicyArgsDict = {",
  '    "on_http_request": [{"actions": [{"type": "custom-response", "config": {"status_code": 200, "body": "Installed."}}]}],',
  "}",
  'app = ngrok.CloudEndpoint("app", url=domain.domain.apply(lambda d: f"https://{d}"), traffic_policy=policy)',
  'pulumi.export("url", app.url)',
  "",
].join("\n");

/** A Python program as a user makes one: a virtual environment, `pip install pulumi-ngrok` from `index`. Its directory. */
async function pythonProgram_(index: PackageIndex): Promise<string> {
  const dir = freshDir("install-python");
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: install-python\nruntime: python\n");
  fs.writeFileSync(path.join(dir, "__main__.py"), pythonProgram);
  await runTool("python3", ["-m", "venv", path.join(dir, "venv")]);
  const report = path.join(dir, "..", `${path.basename(dir)}-pip-report.json`);
  started.dirs.push(report);
  await runTool(path.join(dir, "venv", "bin", "python"), ["-m", "pip", "install", "--quiet", "--index-url", index.url, "--report", report, "pulumi-ngrok"], { cwd: dir, env: pipEnv() });
  const installed = (JSON.parse(fs.readFileSync(report, "utf8")) as { install: { metadata: { name: string; version: string }; download_info: { url: string } }[] }).install;
  const sdk = installed.find((i) => i.metadata.name.toLowerCase().replace(/_/g, "-") === "pulumi-ngrok");
  expect({ version: sdk?.metadata.version, from: sdk?.download_info.url.startsWith(index.url.replace(/simple\/$/, "")) }).toEqual({ version, from: true });
  return dir;
}

/** The Python program installed from the index, once for the tests that run it. */
let installedPython: Promise<string> | undefined;
const pythonInstalled = (): Promise<string> => (installedPython ??= pythonProgram_(ready().index));

/** pip install pulumi-ngrok from the index, then up, a no-change preview and destroy with no node on PATH, Pulumi downloading the plugin. */
async function deployPython(): Promise<void> {
  const { releases } = ready();
  const dir = await pythonInstalled();
  const PATH = [path.join(dir, "venv", "bin"), await pythonLanguageHostDir(), await pulumiBinDir()].join(path.delimiter);
  expect(PATH.split(path.delimiter).filter((d) => fs.existsSync(path.join(d, "node")))).toEqual([]);

  const asked = releases.requests.length;
  const s = await fx.create({ programDir: dir, env: { PATH, ...acquisitionEnv(releases) }, config: { domain: "python-install.ngrok.app", "ngrok:rateLimit": "off" } });
  expect(await installedPlugins(s)).toEqual([]);
  await s.up();
  expect(releases.requests.slice(asked)).toContain(archive);
  expect(await installedPlugins(s)).toEqual([`ngrok ${version}`]);
  expectDeployed("python-install.ngrok.app");
  expect((await s.outputs()).url).toBe("https://python-install.ngrok.app");
  await s.previewExpectNoChanges();
  await s.destroy();
  expectDestroyed("python-install.ngrok.app");
}

/** pip's words when the index has no pulumi-ngrok. */
async function missingFromIndex(): Promise<void> {
  await expect(pythonProgram_(ready().emptyIndex)).rejects.toThrow(/No matching distribution found for pulumi-ngrok/);
}

/** The Python program's up fails naming the plugin when its download is refused. */
async function downloadRefused(): Promise<void> {
  const { refusing } = ready();
  const dir = await pythonInstalled();
  const PATH = [path.join(dir, "venv", "bin"), await pythonLanguageHostDir(), await pulumiBinDir()].join(path.delimiter);
  const s = await fx.create({ programDir: dir, env: { PATH, ...acquisitionEnv(refusing) }, config: { domain: "python-refused.ngrok.app", "ngrok:rateLimit": "off" } });
  const r = await s.run("up", ["up", "--yes", "--skip-preview", "--config-file", s.configFile], { allowFailure: true });
  expect(r.code).not.toBe(0);
  // Pulumi's own words: the plugin, its version, where to install it from, and the refusal.
  expect(r.stdout + r.stderr).toMatch(
    new RegExp(`Could not automatically download and install resource plugin 'pulumi-resource-ngrok' at version v${version.replace(/\./g, "\\.")}, install the plugin using \`pulumi plugin install resource ngrok v${version.replace(/\./g, "\\.")} --server github://api\\.github\\.com/pulumi-ngrok/pulumi-ngrok\`: .*404`),
  );
  expect(refusing.requests).toContain(archive);
  expect(rows("python-refused.ngrok.app").domains).toEqual([]);
}

const javaProgram = (pkg: string) =>
  [
    "package app;",
    "",
    "import com.pulumi.Pulumi;",
    `import ${pkg}.CloudEndpoint;`,
    `import ${pkg}.CloudEndpointArgs;`,
    `import ${pkg}.ReservedDomain;`,
    `import ${pkg}.ReservedDomainArgs;`,
    "import java.util.Map;",
    "",
    "public class App {",
    "    public static void main(String[] args) {",
    "        Pulumi.run(ctx -> {",
    '            var domain = new ReservedDomain("app-domain", ReservedDomainArgs.builder().domain(ctx.config().require("domain")).build());',
    '            var app = new CloudEndpoint("app", CloudEndpointArgs.builder()',
    '                .url(domain.domain().applyValue(d -> "https://" + d))',
    '                .trafficPolicy(Map.of("on_http_request", java.util.List.of(Map.of("actions", java.util.List.of(Map.of("type", "custom-response", "config", Map.of("status_code", 200, "body", "Installed.")))))))',
    "                .build());",
    '            ctx.export("url", app.url());',
    "        });",
    "    }",
    "}",
    "",
  ].join("\n");

/** A fresh Maven project depending on the SDK, its repositories: the cache (Central's) and `repository`. */
function javaProject(repository: string): string {
  const dir = freshDir("install-java");
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: install-java\nruntime: java\n");
  const pom = fs.readFileSync(path.join(repoRoot, "examples", "cloud-endpoint-java", "pom.xml"), "utf8").replace("<artifactId>ngrok-cloud-endpoint-java</artifactId>", "<artifactId>install-java</artifactId>");
  fs.writeFileSync(path.join(dir, "pom.xml"), pom);
  fs.mkdirSync(path.join(dir, "src", "main", "java", "app"), { recursive: true });
  fs.writeFileSync(path.join(dir, "src", "main", "java", "app", "App.java"), javaProgram("io.github.pulumi_ngrok.ngrok"));
  useMavenRepository(dir, repository);
  return dir;
}

/** The Java SDK published to a local Maven repository, a fresh Maven project depending on it: up, a no-change preview and destroy, Pulumi downloading the plugin. */
async function deployJava(): Promise<void> {
  const { releases } = ready();
  const repository = freshDir("maven-repository");
  await publishJavaSdk(repository);
  const { groupId, artifactId } = javaSdkArtifact;
  expect(fs.existsSync(path.join(repository, ...groupId.split("."), artifactId, version, `${artifactId}-${version}.jar`))).toBe(true);
  const dir = javaProject(repository);

  const asked = releases.requests.length;
  const s = await fx.create({ programDir: dir, env: { ...(await javaProgramEnv()), ...acquisitionEnv(releases) }, config: { domain: "java-install.ngrok.app", "ngrok:rateLimit": "off" } });
  await s.up();
  expect(releases.requests.slice(asked)).toContain(archive);
  expect(await installedPlugins(s)).toEqual([`ngrok ${version}`]);
  expectDeployed("java-install.ngrok.app");
  await s.previewExpectNoChanges();
  await s.destroy();
  expectDestroyed("java-install.ngrok.app");
}

/** Maven names the missing artifact when the repository has no SDK. */
async function missingFromMaven(): Promise<void> {
  const dir = javaProject(freshDir("maven-repository-empty"));
  const s = await fx.create({ programDir: dir, env: await javaProgramEnv(), config: { domain: "java-missing.ngrok.app", "ngrok:rateLimit": "off" } });
  const r = await s.run("up", ["up", "--yes", "--skip-preview", "--config-file", s.configFile], { allowFailure: true });
  expect(r.code).not.toBe(0);
  expect(r.stdout + r.stderr).toContain(`${javaSdkArtifact.groupId}:${javaSdkArtifact.artifactId}:jar:${version}`);
}

/** Runs `runs` at once, each to its end, and fails with every one's failure, not only the first's. */
async function allOf(runs: Record<string, () => Promise<void>>): Promise<void> {
  const names = Object.keys(runs);
  const results = await Promise.allSettled(names.map((name) => runs[name]!()));
  const failed = results.flatMap((r, i) => (r.status === "rejected" ? [`${names[i]}: ${r.reason instanceof Error ? r.reason.message : String(r.reason)}`] : []));
  if (failed.length > 0) throw new Error(failed.join("\n\n"));
}

// Python's and Java's runs at once (each stack its own PULUMI_HOME and directory): the CLI allows it.
it("installs the Python SDK with pip from a package index and the Java SDK from a local Maven repository, and deploys a program of each, Pulumi downloading the plugin", async () => {
  await allOf({ python: deployPython, java: deployJava });
});

it("says what is missing: pulumi-ngrok in the package index, the plugin's download, the SDK in the Maven repository", async () => {
  await allOf({ "index without the package": missingFromIndex, "download refused": downloadRefused, "Maven repository without the SDK": missingFromMaven });
});
