/**
 * Every example says, in its header (index.ts, main.go, __main__.py, its Java main class or
 * Pulumi.yaml), the two commands that deploy it against the bundled emulator and take it down:
 * `make up EXAMPLE=<name>` (with the config it requires, `SECRETS=...` or `CONFIG=...`, several
 * pairs in quotes) and `make down EXAMPLE=<name>`. Some of them
 * are run here as written, through scripts/stack.sh, which is what `make up` and `make down` run
 * after `make build` (the test files run on the build already made: a second build would rewrite
 * dist/ under the other test files). The CLI is the pinned one, on PATH as an installed one is.
 */
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { pulumiBinDir, repoRoot } from "./pulumi";

jest.setTimeout(20 * 60_000);

const examples = fs
  .readdirSync(path.join(repoRoot, "examples"))
  .filter((d) => fs.existsSync(path.join(repoRoot, "examples", d, "Pulumi.yaml")))
  .sort();

/** The example's header: the leading comment of its program file, or of its Pulumi.yaml. */
function header(example: string): string {
  const dir = path.join(repoRoot, "examples", example);
  const file = ["index.ts", "main.go", "__main__.py", "src/main/java/app/App.java", "Pulumi.yaml"].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f))!;
  const lines = fs.readFileSync(file, "utf8").split("\n");
  const comment = file.endsWith(".yaml") || file.endsWith(".py") ? /^#/ : /^\/\//;
  const start = lines.findIndex((l) => comment.test(l));
  const end = lines.findIndex((l, i) => i > start && !comment.test(l));
  return lines.slice(start, end).join("\n");
}

/** The `make up` and `make down` lines of an example's header, as a user would copy them. */
function commands(example: string): string[] {
  return [...header(example).matchAll(/^(?:\/\/|#) {3}(make (?:up|down)\b.*)$/gm)].map((m) => m[1]!.trim());
}

it.each(examples)("examples/%s gives the two commands that deploy it against the emulator", (example) => {
  const [up, down, ...more] = commands(example);
  const named = example === "quickstart" ? "" : ` EXAMPLE=${example}`;
  expect({ more, down }).toEqual({ more: [], down: `make down${named}` });
  expect(up).toMatch(new RegExp(`^make up${named}(?: (?:CONFIG|SECRETS)=(?:"[^"]*"|\\S+))*$`));
});

it("`make up` and `make down` are scripts/stack.sh after the build", () => {
  const makefile = fs.readFileSync(path.join(repoRoot, "Makefile"), "utf8");
  expect(makefile).toMatch(/^up: build\n\t@scripts\/stack\.sh up$/m);
  expect(makefile).toMatch(/^down: build\n\t@scripts\/stack\.sh down$/m);
});

function run(command: string, env: NodeJS.ProcessEnv): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile("bash", ["-c", command], { cwd: repoRoot, env, maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

/** `make up VAR=value ...` as the script `make up` runs: the variables in its environment. */
function asScript(command: string): string {
  const [, target, vars] = /^make (up|down)((?: \S+=\S+)*)$/.exec(command)!;
  return `${vars!.trim()} scripts/stack.sh ${target}`.trim();
}

// A TypeScript example with required config, and one that needs none.
it.each(["cloud-endpoint", "tls-edge"])("examples/%s deploys and goes down with the commands of its header", async (example) => {
  const [up, down] = commands(example) as [string, string];
  const state = fs.mkdtempSync(path.join(os.tmpdir(), `example-commands-${example}-`));
  const env = { ...process.env, PATH: `${await pulumiBinDir()}${path.delimiter}${path.join(repoRoot, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}`, PULUMI_NGROK_STACK_DIR: state };
  try {
    const deployed = await run(asScript(up), env);
    expect({ up, code: deployed.code, out: deployed.code === 0 ? "" : deployed.out }).toEqual({ up, code: 0, out: "" });
    expect(deployed.out).toContain(`Deployed examples/${example} (stack dev)`);
    expect(deployed.out).toMatch(/^Resources:\n\s+\+ \d+ created$/m);
  } finally {
    const gone = await run(asScript(down), env);
    expect({ down, code: gone.code, out: gone.code === 0 ? "" : gone.out }).toEqual({ down, code: 0, out: "" });
    expect(gone.out).toMatch(/^\s+- \d+ deleted$/m);
    fs.rmSync(state, { recursive: true, force: true });
  }
});
