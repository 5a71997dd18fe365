/**
 * On a Node.js older than package.json's `engines.node`, both entry points fail in one line of
 * words instead of deep inside undici. The check takes the version it judges, so these run on any
 * machine: first the check itself with versions around the minimum, then the built package (dist/,
 * `make build` first), installed in a fresh directory, under this Node with `process.versions.node`
 * stubbed before the package loads.
 */
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { nodeVersionProblem } from "../../../provider/node-version";

const repo = path.resolve(__dirname, "..", "..", "..");
const wanted = (JSON.parse(fs.readFileSync(path.join(repo, "package.json"), "utf8")) as { engines: { node: string } }).engines.node;
const minimum = /^>=(\d+(?:\.\d+){0,2})$/.exec(wanted)?.[1] ?? "";
const [major, minor = 0, patch = 0] = minimum.split(".").map(Number) as [number, number?, number?];

/** Versions just below the minimum (the last part that is not zero, one less), and well below. */
const tooOld = [
  `${major - 1}.99.99`,
  ...(minor > 0 ? [`${major}.${minor - 1}.99`] : []),
  ...(patch > 0 ? [`${major}.${minor}.${patch - 1}`] : []),
];
const newEnough = [`${major}.${minor}.${patch}`, `${major}.${minor}.${patch + 1}`, `${major}.${minor + 1}.0`, `${major + 1}.0.0`];
const message = (have: string) => `pulumi-ngrok needs Node.js >= ${minimum} (this is ${have})`;

it('package.json\'s engines.node is ">=<version>"', () => {
  expect(minimum).toMatch(/^\d+(\.\d+){0,2}$/);
});

describe("the check", () => {
  it.each(tooOld)("on %s, says in one line which Node.js it needs", (have) => {
    expect(nodeVersionProblem(have, wanted)).toBe(message(have));
  });

  it.each(newEnough)("on %s, says nothing", (have) => {
    expect(nodeVersionProblem(have, wanted)).toBeUndefined();
  });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[], cwd: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, env: { PATH: "/usr/bin:/bin", HOME: cwd } }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let dir: string;

beforeAll(() => {
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
  /** Loads the entry point as a program does, with the Node.js version it sees stubbed. */
  const load = (version: string) => [
    "-e",
    `Object.defineProperty(process, "versions", { value: { ...process.versions, node: ${JSON.stringify(version)} } });` +
      // Every JavaScript file that starts to load is noted: on failure, the entry point and the check only.
      `const M = require("module"); const js = M._extensions[".js"]; const seen = [];` +
      `M._extensions[".js"] = function (m, f) { seen.push(f); return js.call(this, m, f); };` +
      `const p = require.resolve(${JSON.stringify(module)}); process.stdout.write(p + "\\n");` +
      `try { require(p); } catch (e) { process.stdout.write(JSON.stringify(seen.sort())); throw e; }`,
  ];

  it("says which Node.js it needs on an older one, in one line, before loading anything else", async () => {
    const have = tooOld[0]!;
    const r = await run(load(have), dir);
    const [resolved, loaded] = r.stdout.split("\n");
    expect(resolved).toBe(fs.realpathSync(path.join(repo, file)));
    expect(JSON.parse(loaded ?? "null")).toEqual([resolved, fs.realpathSync(path.join(repo, "dist", "provider", "node-version.js"))].sort());
    expect(r.code).not.toBe(0);
    // The message on a line of its own (Node writes a stack-less error as `[Error: ...]`), no frames.
    const lines = r.stderr.split("\n");
    expect(lines.filter((l) => l.includes(message(have)))).toEqual([`[Error: ${message(have)}]`]);
    expect(lines.filter((l) => /^\s+at /.test(l))).toEqual([]);
  });

  it("loads on the Node.js it needs", async () => {
    const r = await run(load(newEnough[0]!), dir);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
  });
});
