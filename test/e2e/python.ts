/**
 * Python programs end to end: the Python language host (scripts/pulumi-language-python.sh), the
 * tools and wheels from PyPI (scripts/python-env.sh: `pulumi` at the pinned CLI's version, `build`,
 * `mypy`, `pypiserver`), and the Python SDK of sdk/python built into a wheel and an sdist, as a
 * release builds them, from a copy outside the tree (a build writes beside its sources). A test
 * process builds each once; programs run in a virtual environment made from those wheels, offline.
 */
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { EmulatorStacks } from "./fixture";
import { installPlugin, pluginTarball, script, toolCacheDir, treeHash } from "./plugin-install";
import { pulumiBinDir, repoRoot, type PulumiStack } from "./pulumi";

const nodeBinDir = path.join(repoRoot, "node_modules", ".bin");

/** Runs a command; rejects with its output's tail when it fails. */
export function runTool(cmd: string, args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) =>
    execFile(cmd, args, { cwd: opts.cwd, env: opts.env ?? process.env, maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      err
        ? reject(new Error(`${path.basename(cmd)} ${args.join(" ")} failed (${(err as { code?: number }).code ?? "signal"}):\n${(stdout + "\n" + stderr).trim().split("\n").slice(-30).join("\n")}`))
        : resolve({ stdout, stderr }),
    ),
  );
}

let host: Promise<string> | undefined;
let env: Promise<string> | undefined;
let dist: Promise<PythonDist> | undefined;
let venv: Promise<string> | undefined;

/** The directory of `pulumi-language-python` and its exec script (built once, cached). */
export function pythonLanguageHostDir(): Promise<string> {
  host ??= script("pulumi-language-python.sh");
  return host;
}

/** The Python environment's directory: `venv/` (the tools) and `wheelhouse/` (pulumi and the SDK's requirements). */
export function pythonEnvDir(): Promise<string> {
  env ??= script("python-env.sh");
  return env;
}

/** The tools' python (`build`, `mypy`, `pypiserver` installed in it). */
export async function toolsPython(): Promise<string> {
  return path.join(await pythonEnvDir(), "venv", "bin", "python");
}

export interface PythonDist {
  /** A directory holding the wheel and the sdist, and nothing else. */
  dir: string;
  wheel: string;
  sdist: string;
}

/**
 * sdk/python built as a release builds it (`python -m build`: a wheel and an sdist), from a copy
 * outside the tree. Built once for every test process and run, in the tools' cache under the
 * sources' hash, under a lock (`flock`): the test files that need it start together, and the
 * others wait for the first.
 */
export function pythonSdkDist(): Promise<PythonDist> {
  dist ??= (async () => {
    const dir = path.join(toolCacheDir(), `python-sdk-${treeHash(path.join(repoRoot, "sdk", "python"))}`);
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    // --no-isolation: setuptools and wheel come from the tools' environment, not from a download.
    const build = [
      `[ -f "$1/complete" ] && exit 0`,
      `rm -rf "$1" && mkdir -p "$1" && cp -r "$2" "$1/src"`,
      `"$3" -m build --no-isolation --wheel --sdist --outdir "$1/dist" "$1/src"`,
      `touch "$1/complete"`,
    ].join("\n");
    await runTool("flock", [`${dir}.lock`, "bash", "-c", build, "build", dir, path.join(repoRoot, "sdk", "python"), await toolsPython()]);
    const out = path.join(dir, "dist");
    const files = fs.readdirSync(out);
    const wheel = files.find((f) => f.endsWith(".whl"));
    const sdist = files.find((f) => f.endsWith(".tar.gz"));
    if (!wheel || !sdist) throw new Error(`python -m build wrote ${files.join(", ") || "nothing"}, not a wheel and an sdist`);
    return { dir: out, wheel: path.join(out, wheel), sdist: path.join(out, sdist) };
  })();
  return dist;
}

/**
 * A virtual environment with the SDK's wheel and `pulumi` at the pinned version, made with
 * `pip install --no-index` from the wheels: the same in every run, and in seconds. One per test process.
 */
export function pythonProgramVenv(): Promise<string> {
  venv ??= (async () => {
    const [envDir, { dir }] = await Promise.all([pythonEnvDir(), pythonSdkDist()]);
    const target = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-ngrok-python-venv-"));
    await runTool("python3", ["-m", "venv", target]);
    await runTool(path.join(target, "bin", "python"), ["-m", "pip", "install", "--quiet", "--no-index", "--find-links", path.join(envDir, "wheelhouse"), "--find-links", dir, "pulumi-ngrok"]);
    return target;
  })();
  return venv;
}

/**
 * What a Python program's stack runs with: the virtual environment activated (its `bin` first on
 * PATH, where the host finds `python3`), the Python language host and the CLI, and Node.js for
 * the plugin's launcher.
 */
export async function pythonProgramEnv(venvDir: string): Promise<Record<string, string>> {
  const PATH = [path.join(venvDir, "bin"), await pythonLanguageHostDir(), await pulumiBinDir(), nodeBinDir, "/usr/local/bin", "/usr/bin", "/bin"].join(path.delimiter);
  return { PATH, VIRTUAL_ENV: venvDir, PYTHONDONTWRITEBYTECODE: "1" };
}

/** `mypy --strict` of a program against the SDK installed in `venvDir`: its report's last line, or its errors. */
export async function typeCheck(programDir: string, venvDir: string): Promise<{ ok: boolean; report: string }> {
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-ngrok-mypy-"));
  try {
    const r = await runTool(await toolsPython(), ["-m", "mypy", "--strict", "--python-executable", path.join(venvDir, "bin", "python"), "--cache-dir", cache, "__main__.py"], {
      cwd: programDir,
      env: { ...process.env, MYPYPATH: "" },
    }).then(
      ({ stdout }) => ({ ok: true, report: stdout.trim() }),
      (err: Error) => ({ ok: false, report: err.message }),
    );
    return r;
  } finally {
    fs.rmSync(cache, { recursive: true, force: true });
  }
}

/**
 * The hooks of a file testing Python examples: the plugin, the Python host and the program's
 * virtual environment are made before any test; each test's emulator has no rate limit.
 */
export function pythonExampleReady(): Promise<unknown> {
  return Promise.all([pluginTarball(), pythonLanguageHostDir(), pythonProgramVenv()]);
}

/** The running test's stack of the Python program examples/<example>, with the plugin installed in it. */
export async function pythonExampleStack(fx: EmulatorStacks, example: string, secretConfig: Record<string, string> = {}): Promise<PulumiStack> {
  const stack = await fx.create({ example, env: await pythonProgramEnv(await pythonProgramVenv()), config: { "ngrok:rateLimit": "off" }, secretConfig });
  await installPlugin(stack);
  return stack;
}
