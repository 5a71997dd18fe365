/**
 * On a Node.js older than package.json's `engines.node`, both entry points fail in words instead
 * of deep inside undici. Runs the built package (dist/, `make build` first), installed in a fresh
 * directory, under the machine's own Node (found on PATH outside node_modules/.bin), which must
 * be older than the minimum: the test fails, never skips, when it is not.
 */
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

const repo = path.resolve(__dirname, "..", "..");
const bundledNode = path.join(repo, "node_modules", ".bin", "node");
const wanted = (JSON.parse(fs.readFileSync(path.join(repo, "package.json"), "utf8")) as { engines: { node: string } }).engines.node;
const minimum = /^>=(\d+(?:\.\d+){0,2})$/.exec(wanted)?.[1];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(node: string, args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(node, args, { cwd, env: { PATH: "/usr/bin:/bin", HOME: cwd } }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Every `node` on PATH that is not a node_modules/.bin shim, system directories last. */
function systemNodes(): string[] {
  const dirs = [...(process.env.PATH ?? "").split(path.delimiter), "/usr/local/bin", "/usr/bin", "/bin"];
  const found = dirs
    .filter((d) => d !== "" && !d.split(path.sep).includes("node_modules"))
    .map((d) => path.join(d, "node"))
    .filter((f) => fs.existsSync(f));
  return [...new Set(found.map((f) => fs.realpathSync(f)))];
}

const older = (version: string, than: string): boolean => {
  const a = version.split(".").map(Number);
  const b = than.split(".").map(Number);
  for (let i = 0; i < b.length; i++) if ((a[i] ?? 0) !== b[i]) return (a[i] ?? 0) < b[i]!;
  return false;
};

let dir: string;
let oldNode: { path: string; version: string };

beforeAll(async () => {
  expect(minimum).toBeDefined(); // engines.node is ">=<version>"
  const candidates = await Promise.all(
    systemNodes().map(async (p) => ({ path: p, version: (await run(p, ["--version"], os.tmpdir())).stdout.trim().replace(/^v/, "") })),
  );
  const old = candidates.find((c) => older(c.version, minimum!));
  // The machine's Node is 20: the point of this test. Without an older Node it cannot show anything.
  if (!old) throw new Error(`no Node.js older than ${minimum} on PATH outside node_modules (found: ${JSON.stringify(candidates)})`);
  oldNode = old;
  // A fresh program directory where the package resolves by name, as a user's install.
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-node-version-"));
  fs.symlinkSync(path.join(repo, "node_modules"), path.join(dir, "node_modules"), "dir");
});

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.each([
  { entry: "the SDK", module: "pulumi-ngrok", file: "dist/sdk/index.js" },
  { entry: "the provider", module: "pulumi-ngrok/provider", file: "dist/provider/index.js" },
])("$entry ($module)", ({ module, file }) => {
  const load = `const p = require.resolve(${JSON.stringify(module)}); process.stdout.write(p + "\\n"); require(p);`;

  it("says which Node.js it needs on an older one", async () => {
    const r = await run(oldNode.path, ["-e", load], dir);
    expect(r.stdout.trim()).toBe(fs.realpathSync(path.join(repo, file)));
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(`Error: pulumi-ngrok needs Node.js >= ${minimum} (this is ${oldNode.version})`);
    expect(r.stderr).not.toMatch(/undici|reading 'bind'/);
  });

  it("loads on the Node.js it needs", async () => {
    const r = await run(bundledNode, ["-e", load], dir);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
  });
});
