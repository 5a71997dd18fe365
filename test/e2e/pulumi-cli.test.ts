/**
 * Which Pulumi CLI runs: `make up` (scripts/stack.sh) takes an installed `pulumi` from the oldest
 * tested version on and says which version ran; the end-to-end tests keep the pinned one.
 * The "installed" CLIs here are directories put first on PATH: stand-ins that only answer
 * `pulumi version`, and, for the real deployment, links to the pinned CLI's files. `make up` ends
 * with curl commands that reach the deployed endpoint through the emulator's gateway: each is run
 * here as printed, and answered by the quickstart's policy.
 */
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { pulumiBinDir, repoRoot } from "./pulumi";

jest.setTimeout(15 * 60_000);

const script = path.join(repoRoot, "scripts", "pulumi-cli.sh");
let pinned: string;
let tmp: string;

beforeAll(async () => {
  pinned = await pulumiBinDir();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-cli-choice-"));
}, 60 * 60_000);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { env, maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A directory holding a `pulumi` that reports `version`, with or without the Node.js plugins beside it. */
function installed(version: string, withPlugins = true): string {
  const dir = fs.mkdtempSync(path.join(tmp, `pulumi-${version}-`));
  const files = withPlugins ? ["pulumi", "pulumi-language-nodejs", "pulumi-resource-pulumi-nodejs"] : ["pulumi"];
  for (const f of files) fs.writeFileSync(path.join(dir, f), `#!/bin/sh\n[ "$1" = version ] && echo ${version}\n`, { mode: 0o755 });
  return dir;
}

const withPath = (dir: string): NodeJS.ProcessEnv => ({ ...process.env, PATH: `${dir}${path.delimiter}${process.env.PATH ?? ""}` });

it.each([
  { name: "a newer installed CLI is used by `make up`", version: "v3.300.1", plugins: true, anyInstalled: true, chosen: "installed", says: /using the installed Pulumi CLI v3\.300\.1/ },
  { name: "an installed CLI older than the oldest tested is not", version: "v3.100.0", plugins: true, anyInstalled: true, chosen: "pinned", says: /v3\.100\.0 .* is older than v3\.259\.0, the oldest tested: using the pinned v3\.259\.0/ },
  { name: "an installed CLI without the Node.js plugins is not", version: "v3.300.1", plugins: false, anyInstalled: true, chosen: "pinned", says: /has no pulumi-language-nodejs/ },
  { name: "the tests keep the pinned CLI whatever is installed", version: "v3.300.1", plugins: true, anyInstalled: false, chosen: "pinned", says: /using the Pulumi CLI v3\.259\.0 built from Go modules/ },
])("$name", async ({ version, plugins, anyInstalled, chosen, says }) => {
  const dir = installed(version, plugins);
  const r = await run(script, anyInstalled ? ["--any-installed"] : [], withPath(dir));
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: expect.stringMatching(says) });
  expect(r.stdout.trim()).toBe(chosen === "installed" ? dir : pinned);
});

it("`make up` deploys with an installed CLI, says which version ran, prints curl commands the policy answers, and `make down` tears it down", async () => {
  // An installed CLI of the oldest tested version: the pinned CLI's files linked into another directory.
  const dir = fs.mkdtempSync(path.join(tmp, "installed-"));
  for (const f of fs.readdirSync(pinned)) fs.symlinkSync(path.join(pinned, f), path.join(dir, f));
  const state = path.join(tmp, "state");
  const env = { ...withPath(dir), PULUMI_NGROK_STACK_DIR: state };
  const stack = path.join(repoRoot, "scripts", "stack.sh");
  try {
    const up = await run(stack, ["up"], env);
    expect({ code: up.code, out: up.code === 0 ? "" : up.stdout + up.stderr }).toEqual({ code: 0, out: "" });
    expect(up.stdout).toContain(`Pulumi CLI v3.259.0 (${dir}/pulumi)`);
    expect(up.stderr).toMatch(/using the installed Pulumi CLI v3\.259\.0/);
    expect(up.stdout).toMatch(/Deployed examples\/quickstart/);
    // The first printed command, run by `make up` itself, and its answer.
    const hello = "Hello from quickstart.ngrok.app, answered by its Traffic Policy.";
    expect(up.stdout).toMatch(new RegExp(`^\\$ curl -s -H 'Host: quickstart\\.ngrok\\.app' http://127\\.0\\.0\\.1:\\d+/\n${hello.replace(/\./g, "\\.")}$`, "m"));
    const printed = up.stdout.split("\n").filter((l) => /^ {2}(curl|for) /.test(l)).map((l) => l.trim());
    const answers: string[] = [];
    for (const command of printed) answers.push((await run("bash", ["-c", command], env)).stdout.trim());
    expect(answers).toEqual([hello, '{"service":"api","path":"/api/orders"}', "200 200 200 200 200 429 429"]);
  } finally {
    const down = await run(stack, ["down"], env);
    expect({ code: down.code, out: down.code === 0 ? "" : down.stdout + down.stderr }).toEqual({ code: 0, out: "" });
    expect(down.stdout).toMatch(/emulator stopped/);
  }
});
