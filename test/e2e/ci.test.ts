/**
 * The package as users install and run it, outside this repository, with the real Pulumi CLI:
 * - the tarball from `npm pack`, installed into a fresh directory with a copy of
 *   examples/quickstart, goes up and down against the emulator started with `npx ngrok-emulator`;
 * - the CI workflow (examples/ci/github-actions.yml): its `run:` commands are executed as written,
 *   in that directory laid out as the workflow expects (examples/ci/deploy.mts in ci/);
 * - the Automation API script (examples/ci/deploy.mts) with the local program and with its inline
 *   program, run from `/`.
 * npm installs from its cache (or the registry). The CLI is the pinned one (scripts/pulumi-cli.sh).
 */
import { spawn } from "child_process";
import * as fs from "fs";
import * as http from "http";
import * as os from "os";
import * as path from "path";
import { startEmulator, type Emulator } from "../../emulator";
import { call } from "../support/api";
import { PulumiStack, cleanUpStack, pulumiBinDir, repoRoot } from "./pulumi";

// js-yaml comes with @pulumi/pulumi (it reads Pulumi.yaml files with it).
const yaml = require("js-yaml") as { load(text: string): unknown };

jest.setTimeout(15 * 60_000);

interface Step {
  name?: string;
  uses?: string;
  run?: string;
}
interface Job {
  env?: Record<string, string>;
  steps: Step[];
}
const workflowFile = path.join(repoRoot, "examples", "ci", "github-actions.yml");
const workflow = yaml.load(fs.readFileSync(workflowFile, "utf8")) as { jobs: Record<string, Job> };
const runStep = (job: string, name: string): string => {
  const step = workflow.jobs[job]?.steps.find((s) => s.name === name);
  if (step?.run === undefined) throw new Error(`${workflowFile}: job ${job} has no step "${name}" with run:`);
  return step.run;
};

let tmp: string;
/** The user's project: examples/quickstart copied, the tarball installed, deploy.mts in ci/. */
let app: string;
let binDir: string;
/** Every command of the workflow this file ran. */
const executed = new Set<string>();
const processGroups: number[] = [];

beforeAll(async () => {
  binDir = await pulumiBinDir();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-outside-"));
  // Node 22 from the repository's dev dependency, alone (not the repository's other tools).
  fs.mkdirSync(path.join(tmp, "node-bin"));
  fs.symlinkSync(fs.realpathSync(path.join(repoRoot, "node_modules", ".bin", "node")), path.join(tmp, "node-bin", "node"));

  const packed = await sh("npm pack --silent --pack-destination " + JSON.stringify(tmp), { cwd: repoRoot, env: env() });
  expect({ packed: packed.code, out: packed.out }).toEqual({ packed: 0, out: expect.stringMatching(/pulumi-ngrok-\S+\.tgz/) });
  const tarball = /(pulumi-ngrok-\S+\.tgz)/.exec(packed.out)![1]!;

  app = path.join(tmp, "app");
  fs.mkdirSync(path.join(app, "ci"), { recursive: true });
  for (const f of fs.readdirSync(path.join(repoRoot, "examples", "quickstart"))) {
    if (f === "node_modules" || /^Pulumi\..+\.yaml$/.test(f)) continue;
    fs.copyFileSync(path.join(repoRoot, "examples", "quickstart", f), path.join(app, f));
  }
  fs.copyFileSync(path.join(tmp, tarball), path.join(app, tarball));
  fs.copyFileSync(path.join(repoRoot, "examples", "ci", "deploy.mts"), path.join(app, "ci", "deploy.mts"));
  // The quickstart names the tarball `npm pack` makes, so that `npm install` in a copy finds it.
  const manifest = JSON.parse(fs.readFileSync(path.join(app, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  expect(manifest.dependencies["pulumi-ngrok"]).toBe(`file:${tarball}`);
  const installed = await sh("npm install --no-audit --no-fund --prefer-offline", { cwd: app, env: env() });
  expect({ install: installed.code, out: installed.code === 0 ? "" : installed.out }).toEqual({ install: 0, out: "" });
}, 15 * 60_000);

afterAll(() => {
  for (const pgid of processGroups) {
    try {
      process.kill(-pgid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** A user's environment: the pinned CLI, Node 22, a home and Pulumi state of its own under tmp. */
function env(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const home = path.join(tmp, "home");
  fs.mkdirSync(home, { recursive: true });
  const out: NodeJS.ProcessEnv = {
    PATH: [binDir ?? "", path.join(tmp, "node-bin"), "/usr/local/bin", "/usr/bin", "/bin"].join(path.delimiter),
    HOME: home,
    TMPDIR: os.tmpdir(),
    LANG: "C.UTF-8",
    NO_COLOR: "1",
    CI: "true",
    PULUMI_HOME: path.join(home, ".pulumi"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    // The pinned CLI (3.259) is older than the SDK the Automation API comes with (3.270).
    PULUMI_AUTOMATION_API_SKIP_VERSION_CHECK: "true",
    // npm keeps the user's cache and settings (it installs from the cache when offline).
    npm_config_cache: process.env.npm_config_cache ?? path.join(os.homedir(), ".npm"),
    npm_config_userconfig: process.env.npm_config_userconfig ?? path.join(os.homedir(), ".npmrc"),
  };
  // The network as the user's shell has it: proxies, the registry, and the certificate authorities
  // TLS trusts (npm under this Node reads no system npmrc, so a custom CA comes from these).
  for (const k of [
    "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "http_proxy", "https_proxy", "no_proxy", "npm_config_registry",
    "npm_config_cafile", "NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE", "SSL_CERT_DIR",
  ]) {
    if (process.env[k] !== undefined) out[k] = process.env[k];
  }
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** The files under `dir` (node_modules aside), relative to it. */
function listFiles(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, encoding: "utf8" }) as string[]).filter((f) => !f.split(path.sep).includes("node_modules")).sort();
}

/** Files under `dir` (node_modules aside) whose bytes hold `text`, relative to `dir`'s parent. */
function filesHolding(dir: string, text: string): string[] {
  const found: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory() && entry.name !== "node_modules") walk(p);
      else if (entry.isFile() && fs.readFileSync(p).includes(text)) found.push(path.relative(path.dirname(dir), p));
    }
  };
  walk(dir);
  return found;
}

interface Ran {
  code: number;
  out: string;
  pid: number;
}

/** Runs a command as GitHub Actions runs `run:` (bash -eo pipefail), in its own process group. */
function sh(command: string, opts: { cwd: string; env: NodeJS.ProcessEnv }): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", command], {
      cwd: opts.cwd,
      env: opts.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, out, pid: child.pid! }));
  });
}

/** Runs a workflow command; fails the test with its output when it fails and should not. */
async function workflowCommand(command: string, opts: { cwd: string; env: NodeJS.ProcessEnv; fails?: boolean }): Promise<string> {
  executed.add(command);
  const r = await sh(command, opts);
  expect({ command, failed: r.code !== 0, out: (r.code !== 0) === Boolean(opts.fails) ? "" : r.out }).toEqual({ command, failed: Boolean(opts.fails), out: "" });
  return r.out;
}

it("the tarball from npm pack, installed in a fresh directory, deploys the copied quickstart against `npx ngrok-emulator`", async () => {
  // The package comes from the tarball: a real directory inside the project, not this repository.
  const resolved = await sh(`node -p "require.resolve('pulumi-ngrok')"`, { cwd: app, env: env() });
  expect(resolved.out.trim()).toBe(path.join(fs.realpathSync(app), "node_modules", "pulumi-ngrok", "dist", "sdk", "index.js"));
  expect(fs.lstatSync(path.join(app, "node_modules", "pulumi-ngrok")).isSymbolicLink()).toBe(false);

  const emulator = spawn("npx", ["ngrok-emulator", "--port", "0"], { cwd: app, env: env(), detached: true, stdio: ["ignore", "pipe", "pipe"] });
  processGroups.push(emulator.pid!);
  const vars = await new Promise<Record<string, string>>((resolve, reject) => {
    let out = "";
    emulator.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const url = /^NGROK_API_BASE_URL=(.+)$/m.exec(out)?.[1];
      const key = /^NGROK_API_KEY=(.+)$/m.exec(out)?.[1];
      if (url && key) resolve({ url, key });
    });
    emulator.on("exit", (code) => reject(new Error(`npx ngrok-emulator exited ${code}`)));
  });
  const api = (p: string) => call({ url: vars.url!, apiKey: vars.key! } as Emulator, "GET", p);

  let stack: PulumiStack | undefined;
  try {
    stack = await PulumiStack.create({ programDir: app, config: { "ngrok:apiBaseUrl": vars.url! }, secretConfig: { "ngrok:apiKey": vars.key! } });
    await stack.up();
    expect((await stack.outputs()).hostname).toBe("quickstart.ngrok.app");
    expect((await api("/reserved_domains")).json.reserved_domains).toEqual([expect.objectContaining({ domain: "quickstart.ngrok.app" })]);
    expect((await api("/credentials")).json.credentials).toEqual([expect.objectContaining({ acl: ["bind:quickstart.ngrok.app"] })]);
    await stack.destroy();
    expect((await api("/reserved_domains")).json.reserved_domains).toEqual([]);
    expect((await api("/credentials")).json.credentials).toEqual([]);
  } finally {
    await cleanUpStack(stack);
    process.kill(-emulator.pid!, "SIGTERM");
  }
});

it("the workflow's rehearsal job runs as written: emulator, preview, up, no changes left, destroy", async () => {
  const job = workflow.jobs.rehearse!;
  const runnerTemp = fs.mkdtempSync(path.join(tmp, "runner-"));
  const githubEnv = path.join(runnerTemp, "github-env");
  const summary = path.join(runnerTemp, "step-summary");
  fs.writeFileSync(githubEnv, "");
  // The runner's variables: its temporary directory, where the job keeps its backend.
  const jobEnv = { ...job.env, RUNNER_TEMP: runnerTemp };
  const outputs: Record<string, string> = {};
  let api: ((p: string) => ReturnType<typeof call>) | undefined;

  for (const step of job.steps) {
    if (step.run === undefined) continue; // `uses:` steps set up Node and the CLI, which the test provides
    // Variables earlier steps appended to $GITHUB_ENV, as the runner passes them on.
    const exported = Object.fromEntries(
      fs.readFileSync(githubEnv, "utf8").split("\n").filter((l) => l.includes("=")).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
    );
    // npm ci as written: from the lockfile the header says to commit, from npm's cache when it can.
    const r = await sh(step.run, { cwd: app, env: env({ ...jobEnv, ...exported, GITHUB_ENV: githubEnv, GITHUB_STEP_SUMMARY: summary, npm_config_prefer_offline: "true" }) });
    executed.add(step.run);
    if (step.run.includes("ngrok-emulator")) processGroups.push(r.pid);
    expect({ step: step.name, code: r.code, out: r.code === 0 ? "" : r.out }).toEqual({ step: step.name, code: 0, out: "" });
    outputs[step.name ?? step.run] = r.out;

    const urlLine = /^NGROK_API_BASE_URL=(.+)$/m.exec(fs.readFileSync(githubEnv, "utf8"));
    const keyLine = /^NGROK_API_KEY=(.+)$/m.exec(fs.readFileSync(githubEnv, "utf8"));
    if (urlLine && keyLine) api = (p) => call({ url: urlLine[1]!, apiKey: keyLine[1]! } as Emulator, "GET", p);
    if (step.name === "Up") {
      expect((await api!("/reserved_domains")).json.reserved_domains).toEqual([expect.objectContaining({ domain: "quickstart.ngrok.app" })]);
    }
  }
  expect(Object.keys(outputs)).toEqual(["Install", "Local backend", "Start the emulator", "Preview", "Up", "Nothing left to change", "Destroy"]);
  // The backend the job made under the runner's temporary directory holds the rehearsal's stack.
  expect(fs.readdirSync(path.join(runnerTemp, "pulumi-state", ".pulumi", "stacks")).length).toBeGreaterThan(0);
  expect(outputs.Preview).toMatch(/^Plan: 4 to create$/m);
  expect(outputs.Preview).toMatch(/^ {2}\+ create app \(.*ReservedDomain\)$/m);
  expect(outputs.Preview).toMatch(/^ {2}\+ create web \(.*CloudEndpoint\)$/m);
  expect(outputs.Preview).toMatch(/^ {2}\+ create agent \(.*Credential\)$/m);
  expect(outputs.Up).toMatch(/authtoken: \[secret\]/);
  expect(outputs["Nothing left to change"]).toMatch(/^Plan: no changes$/m);
  expect(fs.readFileSync(summary, "utf8")).toContain("Plan: 4 to create");
  expect((await api!("/reserved_domains")).json.reserved_domains).toEqual([]);
  expect((await api!("/credentials")).json.credentials).toEqual([]);
});

describe("the pull request and merge jobs' commands, against an emulator standing in for the ngrok API", () => {
  let emu: Emulator;
  let jobEnv: NodeJS.ProcessEnv;
  let github: FakeGitHub;
  const preview = () => runStep("preview", "Preview");
  const deploy = () => runStep("deploy", "Up");
  const configSet = async (key: string, value: string) => {
    const r = await sh(`pulumi config set ${key} ${JSON.stringify(value)} --stack prod --non-interactive`, { cwd: app, env: jobEnv });
    expect({ key, code: r.code, out: r.code === 0 ? "" : r.out }).toEqual({ key, code: 0, out: "" });
  };
  const writes = () => emu.requests.filter((r) => r.method !== "GET").length;

  beforeAll(async () => {
    emu = await startEmulator();
    github = await startFakeGitHub();
    const event = path.join(tmp, "pull-request-event.json");
    fs.writeFileSync(event, JSON.stringify({ pull_request: { number: 7 } }));
    // The jobs' secrets: the emulator's key, and a local backend in place of PULUMI_ACCESS_TOKEN;
    // what GitHub Actions gives a pull request's job, with a loopback server standing in for its API.
    jobEnv = env({
      NGROK_API_KEY: emu.apiKey,
      NGROK_API_BASE_URL: emu.url,
      PULUMI_BACKEND_URL: `file://${fs.mkdtempSync(path.join(tmp, "backend-prod-"))}`,
      PULUMI_CONFIG_PASSPHRASE: "e2e",
      GITHUB_TOKEN: "ghs_test",
      GITHUB_REPOSITORY: "octo/app",
      GITHUB_EVENT_PATH: event,
      GITHUB_API_URL: github.url,
    });
  });
  afterAll(async () => {
    await sh("node ci/deploy.mts destroy --stack prod --program .", { cwd: app, env: jobEnv });
    await emu?.close();
    await github?.close();
  });

  it("a pull request before the first deploy fails in one line and creates no stack", async () => {
    const failed = await workflowCommand(preview(), { cwd: app, env: jobEnv, fails: true });
    expect(failed.trim()).toBe("the stack prod does not exist: the first `up` (the deploy job, on main) creates it");
    const stacks = await sh("pulumi stack ls --json --non-interactive", { cwd: app, env: jobEnv });
    expect(JSON.parse(stacks.out)).toEqual([]);
    expect(emu.requests).toEqual([]);
    expect(github.comments()).toEqual([]);
  });

  it("the merge applies the plan; a pull request previews it without changing anything, in one comment", async () => {
    const applied = await workflowCommand(deploy(), { cwd: app, env: jobEnv });
    expect(emu.resources("reserved_domains")).toEqual([expect.objectContaining({ domain: "quickstart.ngrok.app" })]);
    expect(emu.resources("credentials")).toHaveLength(1);
    // The token, which the service answers once (to the create), as the stack holds it: a user
    // reveals it only by asking for secrets.
    const revealed = await sh("pulumi stack output authtoken --show-secrets --stack prod --non-interactive", { cwd: app, env: jobEnv });
    expect({ code: revealed.code, out: revealed.code === 0 ? "" : revealed.out }).toEqual({ code: 0, out: "" });
    const token = revealed.out.trim();
    expect(token).toMatch(/^[0-9A-Za-z_]{20,}$/);
    // Nowhere else: not in the job's log, the stack's outputs and export as printed, the state
    // and settings on disk in clear, or what the API answers now.
    const printed = async (command: string) => (await sh(`${command} --stack prod --non-interactive`, { cwd: app, env: jobEnv })).out;
    const where = {
      "the up job's log": applied,
      "pulumi stack output": await printed("pulumi stack output"),
      "pulumi stack output --json": await printed("pulumi stack output --json"),
      "pulumi stack export": await printed("pulumi stack export"),
      "GET /credentials": (await call(emu, "GET", "/credentials")).text,
    };
    const backend = new URL(jobEnv.PULUMI_BACKEND_URL!).pathname;
    expect({
      printed: Object.entries(where).filter(([, text]) => text.includes(token)).map(([name]) => name),
      files: [...filesHolding(backend, token), ...filesHolding(app, token), ...filesHolding(path.join(tmp, "home"), token)],
    }).toEqual({ printed: [], files: [] });
    expect(where["pulumi stack export"]).toMatch(/"secure"|ciphertext/);
    expect(applied).toMatch(/authtoken: \[secret\]/);
    expect(applied).not.toContain(emu.apiKey);

    const before = writes();
    const planned = await workflowCommand(preview(), { cwd: app, env: jobEnv });
    expect(planned).toMatch(/^Plan: no changes$/m);
    expect(writes()).toBe(before);
    expect(github.comments()).toEqual([{ id: 1, body: expect.stringContaining("Plan: no changes") }]);
    expect(github.authorizations()).toEqual(["Bearer ghs_test"]);
  });

  it("a pull request that changes a property shows it in the plan; the merge updates it in place", async () => {
    await configSet("description", "Changed in a pull request");
    const before = writes();
    const planned = await workflowCommand(preview(), { cwd: app, env: jobEnv });
    expect(planned).toMatch(/^Plan: 1 to update$/m);
    expect(planned).toMatch(/^ {2}~ update app \(.*ReservedDomain\): description$/m);
    expect(writes()).toBe(before);
    // The same comment, updated in place.
    expect(github.comments()).toEqual([{ id: 1, body: expect.stringMatching(/^<!-- pulumi-ngrok plan: prod -->\n[^]*Plan: 1 to update\n {2}~ update app /) }]);
    const id = (emu.resources("reserved_domains")[0] as { id: string }).id;
    await workflowCommand(deploy(), { cwd: app, env: jobEnv });
    expect(emu.resources("reserved_domains")).toEqual([expect.objectContaining({ id, description: "Changed in a pull request" })]);
  });

  it("a pull request that changes the domain shows a replacement", async () => {
    await configSet("domain", "renamed.ngrok.app");
    const planned = await workflowCommand(preview(), { cwd: app, env: jobEnv });
    expect(planned).toMatch(/^Plan: 2 to replace, 1 to update$/m);
    expect(planned).toMatch(/^ {2}\+- replace app \(.*ReservedDomain\): domain \(replaced because of domain\)$/m);
    // The endpoint on the domain: its URL names it.
    expect(planned).toMatch(/^ {2}\+- replace web \(.*CloudEndpoint\): .*\burl \(replaced because of url\)$/m);
    expect(planned).toMatch(/^ {2}~ update agent \(.*Credential\): acl, description$/m);
  });

  it("a pull request with an invalid value fails the job, naming the property, with nothing sent for it", async () => {
    await configSet("domain", "not a domain!");
    const before = emu.requests.length;
    const failed = await workflowCommand(preview(), { cwd: app, env: jobEnv, fails: true });
    expect(failed).toMatch(/domain/);
    // At most the preview's check of the configured key: the internal endpoint, which does not
    // depend on the domain, may be previewed before the engine stops at the domain's failure.
    const sent = emu.requests.slice(before).map((r) => `${r.method} ${r.path}`);
    expect(sent.filter((r) => r !== "GET /tunnel_sessions")).toEqual([]);
    expect(sent.length).toBeLessThanOrEqual(1);
    await configSet("domain", "quickstart.ngrok.app");
  });
});

describe("the Automation API script with its inline program", () => {
  let emu: Emulator;
  let inlineEnv: NodeJS.ProcessEnv;
  const script = () => path.join(app, "ci", "deploy.mts");

  beforeAll(async () => {
    emu = await startEmulator();
    inlineEnv = env({
      NGROK_API_KEY: emu.apiKey,
      NGROK_API_BASE_URL: emu.url,
      PULUMI_BACKEND_URL: `file://${fs.mkdtempSync(path.join(tmp, "backend-inline-"))}`,
      PULUMI_CONFIG_PASSPHRASE: "e2e",
    });
  });
  afterAll(async () => {
    await sh(`node ${script()} destroy --stack inline --inline`, { cwd: "/", env: inlineEnv });
    await emu?.close();
  });

  it("previews, applies and plans a change from any directory (here /), where the packages do not resolve, and leaves no file behind", async () => {
    // Pulumi makes an inline program's workspace under TMPDIR: one of its own, to see what is left there.
    const scratch = fs.mkdtempSync(path.join(tmp, "scratch-"));
    const files = () => listFiles(app).concat(listFiles(scratch));
    const before = files();
    const run = async (args: string, fails = false) => {
      const r = await sh(`node ${script()} ${args}`, { cwd: "/", env: { ...inlineEnv, TMPDIR: scratch } });
      expect({ args, failed: r.code !== 0, out: (r.code !== 0) === fails ? "" : r.out }).toEqual({ args, failed: fails, out: "" });
      return r.out;
    };
    // Without a work directory the stack's settings are not kept between runs: pass the config each time.
    const first = "--config domain=inline.ngrok.app";
    expect(await run(`preview --stack inline --inline ${first}`, true)).toMatch(/^the stack inline does not exist: /m);
    expect(await run(`preview --stack inline --inline ${first} --create-stack`)).toMatch(/^Plan: 2 to create$/m);
    expect(emu.resources("reserved_domains")).toEqual([]);
    const up = await run(`up --stack inline --inline ${first}`);
    expect(up).toMatch(/hostname: "inline\.ngrok\.app"/);
    expect(emu.resources("reserved_domains")).toEqual([expect.objectContaining({ domain: "inline.ngrok.app", description: "Deployed from CI" })]);
    // A change: the plan names the changed property, and --expect-no-changes fails the job.
    const changed = await run(`preview --stack inline --inline ${first} --config description=changed --expect-no-changes`, true);
    expect(changed).toMatch(/^ {2}~ update app \(.*ReservedDomain\): description$/m);
    expect(changed).toMatch(/the plan has changes, and --expect-no-changes was given/);
    expect(files()).toEqual(before);
  });

  it("type-checks (as it is in the repository)", async () => {
    const tsc = path.join(repoRoot, "node_modules", "typescript", "bin", "tsc");
    const r = await sh(`node ${tsc} -p ${path.join(repoRoot, "examples", "ci", "tsconfig.json")}`, { cwd: repoRoot, env: env() });
    expect({ code: r.code, out: r.out }).toEqual({ code: 0, out: "" });
  });
});

it("runs every command of the workflow", () => {
  const commands = Object.values(workflow.jobs).flatMap((j) => j.steps.flatMap((s) => (s.run === undefined ? [] : [s.run])));
  expect(commands.length).toBeGreaterThan(0);
  expect(commands.filter((c) => !executed.has(c))).toEqual([]);
});

interface FakeGitHub {
  url: string;
  /** The pull request's comments, in order. */
  comments(): { id: number; body: string }[];
  /** The Authorization header of each request. */
  authorizations(): string[];
  close(): Promise<void>;
}

/** The part of GitHub's REST API that comments on pull request 7 of octo/app, on loopback. */
async function startFakeGitHub(): Promise<FakeGitHub> {
  const comments: { id: number; body: string }[] = [];
  const auth = new Set<string>();
  const server = http.createServer((req, res) => {
    let text = "";
    req.on("data", (d: Buffer) => (text += d.toString()));
    req.on("end", () => {
      auth.add(String(req.headers.authorization));
      const url = new URL(req.url ?? "/", "http://x");
      const answer = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
      const edit = /^\/repos\/octo\/app\/issues\/comments\/(\d+)$/.exec(url.pathname);
      if (url.pathname === "/repos/octo/app/issues/7/comments" && req.method === "GET") {
        const page = Number(url.searchParams.get("page") ?? 1);
        const size = Number(url.searchParams.get("per_page") ?? 30);
        return answer(200, comments.slice((page - 1) * size, page * size));
      }
      if (url.pathname === "/repos/octo/app/issues/7/comments" && req.method === "POST") {
        const comment = { id: comments.length + 1, body: (JSON.parse(text) as { body: string }).body };
        comments.push(comment);
        return answer(201, comment);
      }
      const found = edit && comments.find((c) => c.id === Number(edit[1]));
      if (found && req.method === "PATCH") {
        found.body = (JSON.parse(text) as { body: string }).body;
        return answer(200, found);
      }
      answer(404, { message: "Not Found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    comments: () => comments.map((c) => ({ ...c })),
    authorizations: () => [...auth],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
