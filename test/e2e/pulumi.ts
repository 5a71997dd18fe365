/**
 * Runs real Pulumi CLI commands against a program (one in examples/, or any directory holding a
 * Pulumi.yaml, e.g. test/e2e/programs/), with a throwaway local file
 * backend, PULUMI_HOME and stack config, so that nothing touches Pulumi Cloud, the user's
 * ~/.pulumi or the work tree. The CLI comes from scripts/pulumi-cli.sh (built once, cached).
 *
 * Commands run asynchronously: the emulator they talk to usually lives in this same process,
 * and a synchronous child would block its event loop.
 */
import { execFile, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

export const repoRoot = path.resolve(__dirname, "..", "..");
const nodeBinDir = path.join(repoRoot, "node_modules", ".bin");

let binDirPromise: Promise<string> | undefined;

/**
 * The directory holding `pulumi`, `pulumi-language-nodejs` and `pulumi-resource-pulumi-nodejs`.
 * Builds them on first use (minutes when cold); rejects with the script's output if it cannot.
 */
export function pulumiBinDir(): Promise<string> {
  binDirPromise ??= new Promise<string>((resolve, reject) => {
    const script = path.join(repoRoot, "scripts", "pulumi-cli.sh");
    execFile(
      "bash",
      [script],
      { env: { ...process.env, PATH: `${nodeBinDir}${path.delimiter}${process.env.PATH ?? ""}` }, maxBuffer: 64 << 20 },
      (err, stdout, stderr) => {
        const dir = stdout.trim().split("\n").pop() ?? "";
        if (err || !dir || !fs.existsSync(path.join(dir, "pulumi"))) {
          reject(new Error(`scripts/pulumi-cli.sh could not provide the Pulumi CLI: ${err ? (err.message.split("\n")[0] ?? "") : "no bin dir"}\n${tail(stderr)}`));
        } else {
          resolve(dir);
        }
      },
    );
  });
  return binDirPromise;
}

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

export class PulumiCommandError extends Error {
  constructor(
    message: string,
    readonly result: RunResult,
  ) {
    super(message);
    this.name = "PulumiCommandError";
  }
}

export interface StackOptions {
  /** Directory name under examples/. Give this or `programDir`. */
  example?: string;
  /** Absolute path of a program directory anywhere (e.g. under test/e2e/programs/). Give this or `example`. */
  programDir?: string;
  /** Stack name; default "e2e". */
  stack?: string;
  /** Extra environment for every command (e.g. NGROK_API_BASE_URL and NGROK_API_KEY). */
  env?: Record<string, string>;
  /** Plain stack config set before the first command. */
  config?: Record<string, string>;
  /** Secret stack config (`pulumi config set --secret`). */
  secretConfig?: Record<string, string>;
}

/** One stack of one program, on its own local backend. */
export class PulumiStack {
  readonly stack: string;
  /** How errors name the program: `examples/<name>`, or its path relative to the repository. */
  readonly label: string;
  /** The stack's config file, kept outside the work tree (`--config-file`). */
  readonly configFile: string;
  /** Everything every command printed, for checks that nothing leaked. */
  transcript = "";

  private constructor(
    /** The program's directory. */
    readonly programDir: string,
    /** The name under examples/, when the stack was created with `example`. */
    readonly example: string | undefined,
    readonly tmpDir: string,
    private readonly env: NodeJS.ProcessEnv,
    stack: string,
  ) {
    this.label = programLabel(programDir);
    this.stack = stack;
    this.configFile = path.join(tmpDir, "project", `Pulumi.${stack}.yaml`);
  }

  static async create(options: StackOptions): Promise<PulumiStack> {
    if ((options.example === undefined) === (options.programDir === undefined)) {
      throw new Error("PulumiStack.create: give exactly one of `example` and `programDir`");
    }
    if (options.programDir !== undefined && !path.isAbsolute(options.programDir)) {
      throw new Error(`PulumiStack.create: programDir must be an absolute path, not "${options.programDir}"`);
    }
    const binDir = await pulumiBinDir();
    const programDir = options.programDir ?? path.join(repoRoot, "examples", options.example ?? "");
    if (!fs.existsSync(path.join(programDir, "Pulumi.yaml"))) {
      throw new Error(`${programLabel(programDir)} has no Pulumi.yaml`);
    }
    const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), `pulumi-e2e-${path.basename(programDir)}-`));
    const backend = path.join(tmpDir, "backend");
    const home = path.join(tmpDir, "home");
    const project = path.join(tmpDir, "project");
    for (const d of [backend, home, project]) fs.mkdirSync(d);
    // A clean environment: only what a user's shell would need, plus the test's own variables.
    const env: NodeJS.ProcessEnv = {
      PATH: [binDir, nodeBinDir, "/usr/local/bin", "/usr/bin", "/bin"].join(path.delimiter),
      HOME: home,
      TMPDIR: os.tmpdir(),
      LANG: "C.UTF-8",
      PULUMI_HOME: home,
      PULUMI_BACKEND_URL: `file://${backend}`,
      PULUMI_CONFIG_PASSPHRASE: "e2e-passphrase",
      PULUMI_SKIP_UPDATE_CHECK: "true",
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
      PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
      NO_COLOR: "1",
      CI: "true",
      ...options.env,
    };
    const stackName = options.stack ?? "e2e";
    const s = new PulumiStack(programDir, options.example, tmpDir, env, stackName);
    // `stack init` writes Pulumi.<stack>.yaml (the passphrase salt) next to Pulumi.yaml; running it
    // in a copy of the project file keeps that out of the program's directory, and --config-file points there.
    fs.copyFileSync(path.join(programDir, "Pulumi.yaml"), path.join(project, "Pulumi.yaml"));
    await s.run("stack init", ["stack", "init", stackName, "--non-interactive"], { cwd: project });
    for (const [k, v] of Object.entries(options.config ?? {})) await s.setConfig(k, v);
    for (const [k, v] of Object.entries(options.secretConfig ?? {})) await s.setConfig(k, v, { secret: true });
    return s;
  }

  /**
   * Runs `pulumi <args>` in the program directory against this stack. Throws a
   * PulumiCommandError naming the program and step, with the output's tail, when it fails.
   */
  async run(
    step: string,
    args: string[],
    opts: { cwd?: string; allowFailure?: boolean; revealsSecrets?: boolean } = {},
  ): Promise<RunResult> {
    const cwd = opts.cwd ?? this.programDir;
    // `stack init` names its stack itself; `plugin` and `convert` commands take none.
    const stackArgs = (args[0] === "stack" && args[1] === "init") || args[0] === "plugin" || args[0] === "convert" ? [] : ["--stack", this.stack];
    const full = [...args, ...stackArgs, "--non-interactive"];
    const result = await this.spawnPulumi(full, cwd);
    // Output that shows secrets on purpose stays out of the transcript that leak checks read.
    if (!opts.revealsSecrets) this.transcript += `$ pulumi ${full.join(" ")}\n${result.stdout}\n${result.stderr}\n`;
    if (result.code !== 0 && !opts.allowFailure) {
      throw new PulumiCommandError(
        `${this.label}: step "${step}" failed: pulumi ${full.join(" ")} exited ${result.code}\n` +
          `--- output (tail) ---\n${tail(result.stdout + "\n" + result.stderr)}`,
        result,
      );
    }
    return result;
  }

  /** Runs the CLI asynchronously (the emulator shares this process), feeding `stdin` when given. */
  private spawnPulumi(args: string[], cwd: string, stdin?: string): Promise<RunResult> {
    return new Promise<RunResult>((resolve, reject) => {
      const child = spawn("pulumi", args, { cwd, env: this.env, stdio: [stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout!.on("data", (d: Buffer) => (stdout += d.toString()));
      child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
      child.on("error", reject);
      child.on("close", (code) => resolve({ code: code ?? -1, stdout, stderr }));
      if (stdin !== undefined) child.stdin!.end(stdin);
    });
  }

  /** Commands that read or write stack config take the out-of-tree config file. */
  async pulumi(step: string, ...args: string[]): Promise<RunResult> {
    return this.run(step, [...args, "--config-file", this.configFile]);
  }

  async setConfig(key: string, value: string, opts: { secret?: boolean } = {}): Promise<void> {
    // The value goes through stdin so that a secret never shows in a process listing.
    const args = ["config", "set", key, ...(opts.secret ? ["--secret"] : ["--plaintext"])];
    const full = [...args, "--config-file", this.configFile, "--stack", this.stack, "--non-interactive"];
    const result = await this.spawnPulumi(full, this.programDir, value);
    this.transcript += `$ pulumi ${full.join(" ")}\n${result.stdout}\n${result.stderr}\n`;
    if (result.code !== 0) {
      throw new PulumiCommandError(
        `${this.label}: step "config set ${key}" failed (exit ${result.code})\n${tail(result.stdout + "\n" + result.stderr)}`,
        result,
      );
    }
  }

  up(step = "up"): Promise<RunResult> {
    return this.pulumi(step, "up", "--yes", "--skip-preview", "--diff");
  }

  preview(step = "preview"): Promise<RunResult> {
    return this.pulumi(step, "preview", "--diff");
  }

  /** `pulumi preview --json`: the planned operation per resource URN ("same", "update", "replace", ...). */
  async plannedOps(step = "preview --json"): Promise<Record<string, string>> {
    const r = await this.pulumi(step, "preview", "--json");
    const plan = JSON.parse(r.stdout) as { steps?: { op: string; urn: string }[] };
    return Object.fromEntries((plan.steps ?? []).map((st) => [st.urn, st.op]));
  }

  previewExpectNoChanges(step = "preview --expect-no-changes"): Promise<RunResult> {
    return this.pulumi(step, "preview", "--expect-no-changes", "--diff");
  }

  refreshExpectNoChanges(step = "refresh --expect-no-changes"): Promise<RunResult> {
    return this.pulumi(step, "refresh", "--yes", "--skip-preview", "--expect-no-changes", "--diff");
  }

  destroy(step = "destroy"): Promise<RunResult> {
    return this.pulumi(step, "destroy", "--yes", "--skip-preview");
  }

  /** The parsed `pulumi stack export` (secrets stay encrypted). */
  async stackExport(): Promise<StackExport> {
    const r = await this.run("stack export", ["stack", "export"]);
    return JSON.parse(r.stdout) as StackExport;
  }

  /** `pulumi stack export --show-secrets`: secrets as `{<sig>, plaintext: <JSON text>}`. */
  async stackExportWithSecrets(): Promise<StackExport> {
    const r = await this.run("stack export --show-secrets", ["stack", "export", "--show-secrets"], { revealsSecrets: true });
    return JSON.parse(r.stdout) as StackExport;
  }

  /** Stack outputs; secrets in plain text only when asked. */
  async outputs(opts: { showSecrets?: boolean } = {}): Promise<Record<string, unknown>> {
    const r = await this.run("stack output", ["stack", "output", "--json", ...(opts.showSecrets ? ["--show-secrets"] : [])]);
    return JSON.parse(r.stdout) as Record<string, unknown>;
  }

  /** Removes the stack's temporary backend, home and config (the stack should be destroyed first). */
  dispose(): void {
    fs.rmSync(this.tmpDir, { recursive: true, force: true });
    this.isDisposed = true;
  }

  /** Whether dispose() has run: nothing is left to destroy or remove. */
  get disposed(): boolean {
    return this.isDisposed;
  }
  private isDisposed = false;
}

export interface StackResource {
  urn: string;
  type: string;
  id?: string;
  custom?: boolean;
  parent?: string;
  inputs?: Record<string, unknown>;
  outputs?: Record<string, unknown>;
  additionalSecretOutputs?: string[];
  [key: string]: unknown;
}

export interface StackExport {
  version: number;
  deployment: {
    manifest?: Record<string, unknown>;
    secrets_providers?: Record<string, unknown>;
    resources?: StackResource[];
    [key: string]: unknown;
  };
}

/** Pulumi's marker of a secret value in state; an encrypted one carries `ciphertext`. */
export const SECRET_SIG = "4dabf18193072939515e22adb298388d";
export const SECRET_SIG_VALUE = "1b47061264138c4ac30d75fd1eb44270";

export function isEncryptedSecret(v: unknown): boolean {
  if (typeof v !== "object" || v === null) return false;
  const o = v as Record<string, unknown>;
  return o[SECRET_SIG] === SECRET_SIG_VALUE && typeof o.ciphertext === "string" && o.ciphertext.length > 0 && !("plaintext" in o);
}

/** The value of a secret from `stackExportWithSecrets`, or undefined when `v` is not one. */
export function revealedSecret(v: unknown): unknown {
  if (typeof v !== "object" || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if (o[SECRET_SIG] !== SECRET_SIG_VALUE || typeof o.plaintext !== "string") return undefined;
  return JSON.parse(o.plaintext) as unknown;
}

/** `examples/quickstart`, `test/e2e/programs/invalid`: relative to the repository when inside it. */
function programLabel(dir: string): string {
  const rel = path.relative(repoRoot, dir);
  return rel === "" || rel.startsWith("..") || path.isAbsolute(rel) ? dir : rel.split(path.sep).join("/");
}

function tail(text: string, lines = 60): string {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

/**
 * After a test: destroy whatever the stack still holds (even when a step failed midway, so that
 * nothing leaks into the next test), then remove its temporary files.
 */
export async function cleanUpStack(stack: PulumiStack | undefined): Promise<void> {
  if (!stack || stack.disposed) return;
  await stack.destroy("cleanup destroy").catch(() => undefined);
  stack.dispose();
}
