/**
 * The plugin as one executable that needs no Node.js (`scripts/build-plugin.sh --executable`, a
 * Node.js single executable application), as a release ships it: archived as Pulumi names plugin
 * archives, with its line in the checksums file, installed with `pulumi plugin install --file`
 * and running a YAML program's `up` and `destroy` through the real CLI with no `node` on PATH.
 */
import { execFile, spawn } from "child_process";
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { useEmulatorStacks } from "./fixture";
import { pluginVersion, yamlLanguageHostDir } from "./plugin-install";
import { pulumiBinDir, repoRoot } from "./pulumi";

jest.setTimeout(30 * 60_000);

const nodeBinDir = path.join(repoRoot, "node_modules", ".bin");
const osName = ({ linux: "linux", darwin: "darwin", win32: "windows" } as Record<string, string>)[process.platform] ?? process.platform;
const archName = ({ x64: "amd64", arm64: "arm64" } as Record<string, string>)[process.arch] ?? process.arch;
const exe = osName === "windows" ? "pulumi-resource-ngrok.exe" : "pulumi-resource-ngrok";

function run(file: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(file, args, { env, maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      err ? reject(new Error(`${path.basename(file)} ${args.join(" ")} failed: ${stderr.trim().split("\n").slice(-20).join("\n")}`)) : resolve(stdout),
    ),
  );
}

const releaseDir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-ngrok-release-"));
let archive = "";

const fx = useEmulatorStacks({
  emulator: { rateLimit: false },
  ready: async () => {
    const env = { ...process.env, PATH: `${nodeBinDir}${path.delimiter}${process.env.PATH ?? ""}` };
    const [out] = await Promise.all([run("bash", [path.join(repoRoot, "scripts", "build-plugin.sh"), "--executable", releaseDir], env), yamlLanguageHostDir()]);
    archive = out.trim().split("\n").pop()!;
  },
});

afterAll(() => fs.rmSync(releaseDir, { recursive: true, force: true }));

it("is archived as Pulumi names plugin archives: the executable and LICENSE at its root, its sha256 in the checksums file", async () => {
  expect(path.dirname(archive)).toBe(fs.realpathSync(releaseDir));
  expect(path.basename(archive)).toBe(`pulumi-resource-ngrok-v${pluginVersion}-${osName}-${archName}.tar.gz`);
  const listing = (await run("tar", ["-tvzf", archive])).trim().split("\n").map((line) => line.split(/\s+/));
  expect(listing.map((fields) => fields[fields.length - 1])).toEqual([exe, "LICENSE"]);
  expect(listing[0]![0]).toMatch(/^-rwx/);
  const sha256 = createHash("sha256").update(fs.readFileSync(archive)).digest("hex");
  expect(fs.readFileSync(path.join(releaseDir, `pulumi-resource-ngrok-v${pluginVersion}-checksums.txt`), "utf8")).toBe(`${sha256}  ${path.basename(archive)}\n`);
});

it("runs a YAML program's up and destroy through the real CLI with no node on PATH", async () => {
  // The CLI and the YAML language host, and nothing else: no `node` anywhere on PATH.
  const PATH = [await yamlLanguageHostDir(), await pulumiBinDir()];
  expect(PATH.filter((dir) => fs.existsSync(path.join(dir, "node")))).toEqual([]);
  const stack = await fx.create({ programDir: path.join(__dirname, "programs", "executable"), env: { PATH: PATH.join(path.delimiter) }, config: { "ngrok:rateLimit": "off" } });
  await stack.run("plugin install", ["plugin", "install", "resource", "ngrok", pluginVersion, "--file", archive]);

  await stack.up();
  const domains = fx.emu.resources("reserved_domains") as { id: string; domain: string; description: string }[];
  expect(domains).toMatchObject([{ domain: "executable.example.com", description: "served by the plugin executable" }]);
  expect((await stack.outputs()).domainId).toBe(domains[0]!.id);
  await stack.destroy();
  expect(fx.emu.resources("reserved_domains")).toEqual([]);
});

it("refuses, in one line, a target it cannot build here", async () => {
  const refusal = (target: string) =>
    new Promise<string>((resolve) =>
      execFile("bash", [path.join(repoRoot, "scripts", "build-plugin.sh"), "--executable", "--target", target, releaseDir], { env: { ...process.env, PATH: `${nodeBinDir}${path.delimiter}${process.env.PATH ?? ""}` } }, (err, _stdout, stderr) =>
        resolve(err ? stderr.trim() : "built"),
      ),
    );
  expect(await refusal("plan9-amd64")).toBe("build-plugin.sh: no plugin for plan9-amd64: the targets are linux, darwin or windows, amd64 or arm64");
  if (osName !== "darwin") {
    expect(await refusal("darwin-arm64")).toBe("build-plugin.sh: a darwin executable is signed with codesign after injection: build it on macOS");
  }
});

it("serves the emulator as `pulumi-resource-ngrok emulator`, with ngrok-emulator's flags and output, with no node on PATH", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-ngrok-exe-emulator-"));
  try {
    await run("tar", ["-xzf", archive, "-C", dir]);
    // PATH holds only the archive's directory: no `node` anywhere.
    const env = { PATH: dir, HOME: dir };
    expect(fs.readdirSync(dir).sort()).toEqual(["LICENSE", exe]);
    const help = await run(path.join(dir, exe), ["emulator", "--help"], env);
    const cliHelp = await run(path.join(nodeBinDir, "node"), [path.join(repoRoot, "dist", "emulator", "cli.js"), "--help"]);
    expect(help).toBe(cliHelp.replace(/ngrok-emulator/g, "pulumi-resource-ngrok emulator"));

    const child = spawn(path.join(dir, exe), ["emulator", "--api-key", "exe-key", "--rate-limit", "off"], { env, stdio: ["ignore", "pipe", "pipe"] });
    const printed = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("NGROK_AI_GATEWAY_API_KEY=")) resolve(out);
      });
      child.on("exit", (code) => reject(new Error(`the emulator exited ${code} before printing its settings: ${out}`)));
    });
    const vars = Object.fromEntries(printed.trim().split("\n").map((l) => l.split("=", 2) as [string, string]));
    expect(Object.keys(vars)).toEqual(["NGROK_API_BASE_URL", "NGROK_API_KEY", "NGROK_AI_GATEWAY_API_BASE_URL", "NGROK_AI_GATEWAY_API_KEY"]);
    expect(vars.NGROK_API_KEY).toBe("exe-key");
    const made = await fetch(`${vars.NGROK_API_BASE_URL}/reserved_domains`, {
      method: "POST",
      headers: { authorization: "Bearer exe-key", "ngrok-version": "2", "content-type": "application/json" },
      body: JSON.stringify({ domain: "from-the-plugin.ngrok.app" }),
    });
    expect({ status: made.status, domain: ((await made.json()) as { domain: string }).domain }).toEqual({ status: 201, domain: "from-the-plugin.ngrok.app" });
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
