/**
 * The TypeScript a user gets: for each major that `@pulumi/pulumi` accepts today (5 and 6; npm's
 * `typescript` without a version gives 6), a fresh directory outside the repository installs the
 * tarball `npm pack` makes with `@pulumi/pulumi` and `typescript@<major>` from the npm registry, as
 * the README's install line does, takes examples/quickstart as it is (its tsconfig.json included),
 * and both `tsc --noEmit` and `pulumi preview` (the real CLI, against the emulator) succeed.
 */
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { useEmulatorStacks } from "./fixture";
import { repoRoot } from "./pulumi";

jest.setTimeout(15 * 60_000);

const majors = [5, 6] as const;
const quickstart = path.join(repoRoot, "examples", "quickstart");

let tmp: string;
let tarball: string;

const fx = useEmulatorStacks({ emulator: { rateLimit: false }, ready: () => pack() });

/** `npm pack` of the repository (dist/ from `make build`) into a directory outside it. */
async function pack(): Promise<void> {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-typescript-"));
  const packed = await run("npm", ["pack", "--silent", "--pack-destination", tmp], repoRoot);
  expect({ code: packed.code, out: packed.out }).toEqual({ code: 0, out: expect.stringMatching(/pulumi-ngrok-\S+\.tgz/) });
  tarball = path.join(tmp, /(pulumi-ngrok-\S+\.tgz)/.exec(packed.out)![1]!);
}

afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

interface Ran {
  code: number;
  out: string;
}

/** Runs a command with the user's network settings and Node 22 (the repository's dev dependency) first on PATH. */
function run(command: string, args: string[], cwd: string): Promise<Ran> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: [path.dirname(fs.realpathSync(path.join(repoRoot, "node_modules", ".bin", "node"))), "/usr/local/bin", "/usr/bin", "/bin"].join(path.delimiter),
    NO_COLOR: "1",
  };
  return new Promise((resolve) =>
    execFile(command, args, { cwd, env, maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}`.trim() }),
    ),
  );
}

it.each(majors)("TypeScript %i: the packed package and examples/quickstart as it is pass tsc --noEmit and pulumi preview", async (major) => {
  const app = path.join(tmp, `typescript-${major}`);
  fs.mkdirSync(app);
  for (const f of ["index.ts", "Pulumi.yaml", "tsconfig.json"]) fs.copyFileSync(path.join(quickstart, f), path.join(app, f));
  fs.writeFileSync(path.join(app, "package.json"), `${JSON.stringify({ name: "ngrok-app", private: true, main: "index.ts" }, null, 2)}\n`);

  const installed = await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball, "@pulumi/pulumi", `typescript@${major}`], app);
  expect({ install: installed.code, out: installed.code === 0 ? "" : installed.out }).toEqual({ install: 0, out: "" });
  const version = (JSON.parse(fs.readFileSync(path.join(app, "node_modules", "typescript", "package.json"), "utf8")) as { version: string }).version;
  expect(version).toMatch(new RegExp(`^${major}\\.`));

  const tsc = await run(path.join(app, "node_modules", ".bin", "tsc"), ["--noEmit", "-p", "."], app);
  expect({ typescript: version, tsc: tsc.code, out: tsc.out }).toEqual({ typescript: version, tsc: 0, out: "" });

  // Pulumi's Node.js runtime compiles the program with the project's own TypeScript and tsconfig.json.
  const stack = await fx.create({ programDir: app, config: { "ngrok:rateLimit": "off" } });
  const planned = await stack.plannedOps();
  const ops = Object.entries(planned)
    .filter(([urn]) => !urn.includes("::pulumi:pulumi:Stack::"))
    .map(([urn, op]) => `${op} ${urn.split("::").slice(2).join("::")}`)
    .sort();
  expect(ops).toEqual([
    "create pulumi-nodejs:dynamic/ngrok:CloudEndpoint::api",
    "create pulumi-nodejs:dynamic/ngrok:CloudEndpoint::web",
    "create pulumi-nodejs:dynamic/ngrok:Credential::agent",
    "create pulumi-nodejs:dynamic/ngrok:ReservedDomain::app",
  ]);
});
