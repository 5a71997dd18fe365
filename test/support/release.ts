/**
 * The parts of a release, made here and served on loopback the way users' machines reach the real
 * ones, for the end-to-end install test (test/e2e/install.test.ts):
 * - a local npm registry (Verdaccio, scripts/verdaccio.sh) that receives `npm publish` of the
 *   packed packages and passes every other package through to the registry npm is configured with;
 * - a release server answering the plugin archives' downloads, as a GitHub release would;
 * - a Go module proxy directory (scripts/go-module-proxy) holding the Go SDK at the release's version.
 */
import { execFile, spawn } from "child_process";
import * as fs from "fs";
import * as http from "http";
import * as net from "net";
import * as os from "os";
import * as path from "path";

export const repoRoot = path.resolve(__dirname, "..", "..");
const nodeBinDir = path.join(repoRoot, "node_modules", ".bin");

/** What a command printed; the error of a failed one names it and carries its output's tail. */
export interface Output {
  stdout: string;
  stderr: string;
}

export function tail(text: string, lines = 40): string {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

/** Runs a command asynchronously (the emulator and the servers live in this process). */
export function run(command: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Output> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd: opts.cwd, env: opts.env ?? process.env, maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${command} ${args.join(" ")} failed (${err.code ?? err.signal}) in ${opts.cwd ?? process.cwd()}\n${tail(`${stdout}\n${stderr}`)}`));
      else resolve({ stdout, stderr });
    });
  });
}

/**
 * This process's environment for npm and the tools it starts: Node 22 first on PATH, and none of
 * the `npm_*` variables that an enclosing `npm`/`npx` sets (they outrank any npmrc).
 */
export function toolEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  env.PATH = `${nodeBinDir}${path.delimiter}${process.env.PATH ?? ""}`;
  return { ...env, ...extra };
}

function script(name: string, ...args: string[]): Promise<string> {
  return run("bash", [path.join(repoRoot, "scripts", name), ...args], { cwd: repoRoot, env: toolEnv() }).then(({ stdout }) => stdout.trim().split("\n").pop()!);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** The npm settings of this machine that a registry reaching the upstream one needs. */
async function npmSetting(key: string): Promise<string | undefined> {
  const value = (await run("npm", ["config", "get", key], { env: toolEnv() })).stdout.trim();
  return value === "" || value === "null" || value === "undefined" ? undefined : value;
}

export interface NpmRegistry {
  /** http://127.0.0.1:<port>/ */
  readonly url: string;
  /** An npmrc naming the registry and holding the publish token. */
  readonly userconfig: string;
  /** npm's environment for commands against this registry, nothing else of npm's config inherited. */
  env(extra?: Record<string, string>): NodeJS.ProcessEnv;
  /** `npm publish <tarball>` to this registry. */
  publish(tarball: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Verdaccio on 127.0.0.1 with a temporary storage: our two packages may be published to it (and
 * only there: no uplink for their names); every other package comes from the registry npm is
 * configured with, read now, reached with this machine's CA settings.
 */
export async function startNpmRegistry(packages: string[]): Promise<NpmRegistry> {
  const [verdaccio, upstream, cafile, httpsProxy, port] = await Promise.all([
    script("verdaccio.sh"),
    npmSetting("registry"),
    npmSetting("cafile"),
    npmSetting("https-proxy"),
    freePort(),
  ]);
  if (!upstream) throw new Error("npm has no registry configured (npm config get registry)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-ngrok-registry-"));
  const url = `http://127.0.0.1:${port}/`;
  const q = (s: string) => JSON.stringify(s);
  const own = packages.map((p) => `  ${q(p)}:\n    access: $all\n    publish: $all\n`).join("");
  fs.writeFileSync(
    path.join(dir, "config.yaml"),
    [
      `storage: ${q(path.join(dir, "storage"))}`,
      `auth:\n  htpasswd:\n    file: ${q(path.join(dir, "htpasswd"))}\n    max_users: 10`,
      `uplinks:\n  upstream:\n    url: ${q(upstream)}\n    timeout: 60s${httpsProxy ? `\n    https_proxy: ${q(httpsProxy)}` : ""}`,
      `packages:\n${own}  "**":\n    access: $all\n    proxy: upstream`,
      `log: { type: stdout, format: json, level: warn }`,
      `listen: 127.0.0.1:${port}`,
      "",
    ].join("\n"),
  );
  // The upstream registry is reached over this machine's TLS settings (a CA file npm is given).
  const caEnv: Record<string, string> = cafile && !process.env.NODE_EXTRA_CA_CERTS ? { NODE_EXTRA_CA_CERTS: cafile } : {};
  // With an IPC channel Verdaccio sends `{verdaccio_started: true}` from its listen callback: the
  // port is bound then. Its "http address" log line comes before the bind, and a client that
  // acts on it can be refused on a busy machine.
  const child = spawn(process.execPath, [verdaccio, "--config", path.join(dir, "config.yaml")], { cwd: dir, env: toolEnv(caEnv), stdio: ["ignore", "pipe", "pipe", "ipc"] });
  let log = "";
  await new Promise<void>((resolve, reject) => {
    const onData = (d: Buffer) => (log += d.toString());
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("message", (m: unknown) => {
      if (typeof m === "object" && m !== null && (m as { verdaccio_started?: unknown }).verdaccio_started === true) resolve();
    });
    child.once("exit", (code) => reject(new Error(`Verdaccio exited (${code}) before listening\n${tail(log)}`)));
  });
  child.disconnect();
  child.stdout!.removeAllListeners("data");
  child.stderr!.removeAllListeners("data");
  child.stdout!.resume();
  child.stderr!.resume();

  // A new user's token: Verdaccio's htpasswd answers the adduser request with one.
  const res = await fetch(new URL("/-/user/org.couchdb.user:release", url), {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "release", password: "release-test-password" }),
  });
  const token = ((await res.json()) as { token?: string }).token;
  if (!res.ok || !token) throw new Error(`Verdaccio gave no publish token (HTTP ${res.status})`);
  const userconfig = path.join(dir, "npmrc");
  fs.writeFileSync(userconfig, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);

  const env = (extra: Record<string, string> = {}) => toolEnv({ npm_config_userconfig: userconfig, npm_config_registry: url, npm_config_update_notifier: "false", ...extra });
  return {
    url,
    userconfig,
    env,
    async publish(tarball) {
      await run("npm", ["publish", tarball, "--ignore-scripts", "--provenance=false", "--access=public"], { cwd: dir, env: env() });
    },
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill();
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `npm pack` of the repository's package (pulumi-ngrok, from dist/: `make build` first) into `dir`. */
export async function packDynamicPackage(dir: string): Promise<string> {
  const { stdout } = await run("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", dir], { cwd: repoRoot, env: toolEnv() });
  return path.join(dir, stdout.trim().split("\n").pop()!);
}

/** The plugin's Node.js package, pulumi-ngrok-plugin, packed (scripts/build-plugin.sh --package). */
export function packPluginPackage(dir: string): Promise<string> {
  return script("build-plugin.sh", "--package", dir);
}

/** The release's plugin archive for this machine (scripts/build-plugin.sh --executable): its path. */
export function buildPluginArchive(dir: string): Promise<string> {
  return script("build-plugin.sh", "--executable", dir);
}

/** Pulumi's names for this machine's OS and architecture in a plugin archive's name. */
export function pluginPlatform(): string {
  const os_ = { linux: "linux", darwin: "darwin", win32: "windows" }[process.platform as string];
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch as string];
  if (!os_ || !arch) throw new Error(`Pulumi publishes no plugins for ${process.platform}/${process.arch}`);
  return `${os_}-${arch}`;
}

export interface ReleaseServer {
  /** http://127.0.0.1:<port> */
  readonly url: string;
  /** The paths asked for, in order (e.g. /pulumi-resource-ngrok-v0.2.0-linux-amd64.tar.gz). */
  readonly requests: string[];
  close(): Promise<void>;
}

/** An HTTP server on 127.0.0.1 answering GET /<file> with the files of `dir` (a release's assets). */
export function startReleaseServer(dir: string): Promise<ReleaseServer> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname).slice(1);
    requests.push(`/${name}`);
    const file = path.join(dir, name);
    if (req.method !== "GET" || name.includes("/") || !fs.existsSync(file)) {
      res.writeHead(404).end("not found\n");
      return;
    }
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": fs.statSync(file).size });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        requests,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}

/**
 * A Go module proxy directory holding `module` at `version` from `moduleDir`
 * (scripts/go-module-proxy, a Go program of its own module: golang.org/x/mod/zip writes the zip).
 */
export async function writeGoModuleProxy(out: string, module: string, version: string, moduleDir: string): Promise<void> {
  const env = toolEnv({ GOFLAGS: "-mod=mod", GOTOOLCHAIN: "local", GOWORK: "off", CGO_ENABLED: "0" });
  await run("go", ["run", "-trimpath", ".", out, module, version, moduleDir], { cwd: path.join(repoRoot, "scripts", "go-module-proxy"), env });
}

export interface PackageIndex {
  /** The index's simple API, http://127.0.0.1:<port>/simple/, as pip's --index-url takes it. */
  url: string;
  close(): Promise<void>;
}

/**
 * A Python package index serving the wheels and sdists of `dir` (pypiserver, run by `python`, the
 * tools' environment of scripts/python-env.sh), with no fallback to another index: what it lacks,
 * pip does not find.
 */
export async function startPackageIndex(python: string, dir: string): Promise<PackageIndex> {
  const port = await freePort();
  const child = spawn(python, ["-m", "pypiserver", "run", "--host", "127.0.0.1", "--port", String(port), "--disable-fallback", "-a", ".", "-P", ".", dir], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}/simple/`;
  // Bottle, which serves it, prints "Listening on" just before it binds the port: after that line
  // a refused connection means "not yet", for the few moments the bind takes.
  await new Promise<void>((resolve, reject) => {
    child.stderr!.on("data", (d: Buffer) => {
      log = tail(log + d.toString(), 40);
      if (log.includes("Listening on")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`pypiserver exited (${code}) before serving:\n${log}`)));
  });
  for (let attempt = 0; ; attempt++) {
    const answered = await fetch(url).then(
      (r) => r.ok,
      (err: unknown) => {
        if (attempt >= 1000) throw new Error(`pypiserver does not answer at ${url}: ${String(err)}\n${log}`);
        return false;
      },
    );
    if (answered) break;
  }
  return {
    url,
    close: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
