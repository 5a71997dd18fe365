/**
 * The repository's GitHub Actions workflows as GitHub reads them: actionlint (built once from its
 * Go module by scripts/actionlint.sh) finds no problem in any of them, and the CI example's jobs
 * run when they should. test/e2e/ci.test.ts runs the example's commands. The project's own CI
 * runs .ci/run, and its release (.github/workflows/release.yml) publishes what it should, how it
 * should.
 */
import { execFile, execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";

jest.setTimeout(10 * 60_000);

const repoRoot = path.resolve(__dirname, "..");
// js-yaml comes with @pulumi/pulumi.
const yaml = require("js-yaml") as { load(text: string): unknown };

interface Step {
  name?: string;
  uses?: string;
  with?: Record<string, unknown>;
  run?: string;
  if?: string;
  env?: Record<string, string>;
}

interface Job {
  if?: string;
  needs?: string | string[];
  "runs-on"?: string;
  permissions?: Record<string, string>;
  strategy?: { matrix?: { include?: Record<string, string>[] } };
  steps?: Step[];
}

interface Workflow {
  on?: unknown;
  jobs?: Record<string, Job>;
}

/** Every YAML file the repository tracks that is a workflow (it has `on` and `jobs`). */
function workflowFiles(): string[] {
  const tracked = execFileSync("git", ["ls-files", "-z", "--", "*.yml", "*.yaml"], { cwd: repoRoot, encoding: "utf8" }).split("\0").filter(Boolean);
  return tracked.filter((file) => {
    const doc = yaml.load(fs.readFileSync(path.join(repoRoot, file), "utf8")) as Workflow | null;
    return doc !== null && typeof doc === "object" && "on" in doc && "jobs" in doc;
  });
}

function actionlint(): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile("bash", [path.join(repoRoot, "scripts", "actionlint.sh")], { maxBuffer: 16 << 20 }, (err, stdout, stderr) =>
      err ? reject(new Error(`scripts/actionlint.sh failed: ${stderr}`)) : resolve(stdout.trim()),
    ),
  );
}

it("actionlint finds no problem in any workflow of the repository", async () => {
  const files = workflowFiles();
  expect(files).toEqual(expect.arrayContaining(["examples/ci/github-actions.yml", "examples/ci/github-actions-matrix.yml", ".github/workflows/ci.yml", ".github/workflows/release.yml"]));
  const bin = await actionlint();
  const result = await new Promise<{ code: number; out: string }>((resolve) =>
    execFile(bin, ["-no-color", "-oneline", ...files], { cwd: repoRoot }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    ),
  );
  expect(result).toEqual({ code: 0, out: "" });
});

describe("examples/ci/github-actions.yml", () => {
  const file = path.join(repoRoot, "examples", "ci", "github-actions.yml");
  const workflow = yaml.load(fs.readFileSync(file, "utf8")) as Required<Workflow>;
  const steps = Object.values(workflow.jobs).flatMap((job) => job.steps ?? []);

  /** Which jobs GitHub runs for an event, evaluating each job's `if` as GitHub does for these expressions. */
  const jobsRunFor = (github: Record<string, unknown>) =>
    Object.entries(workflow.jobs)
      .filter(([, job]) => job.if === undefined || Boolean(evaluate(job.if, { github })))
      .map(([name]) => name);
  const pullRequest = (headRepo: string) => ({
    event_name: "pull_request",
    ref: "refs/pull/7/merge",
    repository: "octo/app",
    event: { pull_request: { number: 7, head: { repo: { full_name: headRepo } } } },
  });

  it("previews the real stack on a pull request from the repository, skips it on a fork's, deploys on a push to main", () => {
    expect(jobsRunFor(pullRequest("octo/app"))).toEqual(["rehearse", "preview"]);
    expect(jobsRunFor(pullRequest("someone/app"))).toEqual(["rehearse"]);
    expect(jobsRunFor({ event_name: "push", ref: "refs/heads/main", repository: "octo/app", event: {} })).toEqual(["rehearse", "deploy"]);
  });

  it("installs the Pulumi CLI at the version the tests run, and Node with npm's cache", () => {
    const pinned = /^CLI_VERSION=\$\{PULUMI_CLI_VERSION:-v([0-9.]+)\}$/m.exec(fs.readFileSync(path.join(repoRoot, "scripts", "pulumi-cli.sh"), "utf8"))?.[1];
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const pulumi = steps.filter((s) => s.uses?.startsWith("pulumi/actions@"));
    const node = steps.filter((s) => s.uses?.startsWith("actions/setup-node@"));
    expect(pulumi.length).toBe(Object.keys(workflow.jobs).length);
    expect(pulumi.map((s) => String(s.with?.["pulumi-version"]))).toEqual(pulumi.map(() => pinned));
    expect(node.map((s) => s.with?.cache)).toEqual(node.map(() => "npm"));
  });

  it("may comment on pull requests only in the job that does", () => {
    const commenting = Object.entries(workflow.jobs).filter(([, job]) => job.steps?.some((s) => s.run?.includes("--comment-on-pull-request")));
    expect(commenting.map(([name, job]) => [name, job.permissions?.["pull-requests"]])).toEqual([["preview", "write"]]);
    expect((workflow as { permissions?: unknown }).permissions).toEqual({ contents: "read" });
  });
});

describe("examples/ci/github-actions-matrix.yml", () => {
  const workflow = yaml.load(fs.readFileSync(path.join(repoRoot, "examples", "ci", "github-actions-matrix.yml"), "utf8")) as Required<Workflow>;

  it("runs its stacks at once, every job on the same key and the same rate ledger, both from the secrets", () => {
    const jobs = Object.values(workflow.jobs) as { strategy?: { matrix?: { stack?: unknown[] } }; env?: Record<string, string> }[];
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.strategy?.matrix?.stack?.length).toBeGreaterThan(1);
    expect(jobs[0]!.env).toEqual(expect.objectContaining({ NGROK_API_KEY: "${{ secrets.NGROK_API_KEY }}", NGROK_RATE_LEDGER: "${{ secrets.NGROK_RATE_LEDGER }}" }));
  });
});

describe(".github/workflows", () => {
  const load = (name: string) => yaml.load(fs.readFileSync(path.join(repoRoot, ".github", "workflows", name), "utf8")) as Required<Workflow>;
  const ci = load("ci.yml");
  const release = load("release.yml");
  const text = (name: string) => fs.readFileSync(path.join(repoRoot, ".github", "workflows", name), "utf8");
  const steps = (w: Required<Workflow>, job: string) => w.jobs[job]?.steps ?? [];
  const version = (require("../package.json") as { version: string }).version;

  it("CI runs .ci/run on pull requests and pushes to main", () => {
    expect(ci.on).toEqual({ pull_request: null, push: { branches: ["main"] } });
    expect(Object.values(ci.jobs).flatMap((job) => (job.steps ?? []).map((s) => s.run).filter(Boolean))).toEqual(["bash .ci/run"]);
  });

  it("releases on a v* tag equal to package.json's version, after the tests and the schema gate", () => {
    expect(release.on).toEqual({ push: { tags: ["v*"] } });
    const check = steps(release, "version").find((s) => s.run?.includes("package.json"))!;
    // The check as it runs, for the right tag and a wrong one.
    const runCheck = (tag: string) => {
      const dir = fs.mkdtempSync(path.join(require("os").tmpdir(), "release-version-"));
      try {
        const out = path.join(dir, "out");
        const r = require("child_process").spawnSync("bash", ["-e", "-c", check.run!], { cwd: repoRoot, env: { ...process.env, TAG: tag, GITHUB_OUTPUT: out }, encoding: "utf8" });
        return { code: r.status, output: fs.existsSync(out) ? fs.readFileSync(out, "utf8").split("\n")[0] : r.stdout.trim() };
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
    expect(runCheck(`v${version}`)).toEqual({ code: 0, output: `version=${version}` });
    expect(runCheck("v99.0.0")).toEqual({ code: 1, output: `::error::the tag v99.0.0 is not v + package.json's version (${version})` });
    expect(steps(release, "test").map((s) => s.run).filter(Boolean)).toEqual(["bash .ci/run", "make gate"]);
    // Nothing is published before the tests, the gate and every platform's plugin passed.
    const needs = (job: string): string[] => [release.jobs[job]!.needs ?? []].flat().flatMap((n) => [n, ...needs(n)]);
    for (const job of ["github-release", "npm", "go", "pypi", "maven"]) expect(new Set(needs(job))).toEqual(new Set(["version", "test", "acceptance", "plugin", ...(job === "github-release" ? [] : ["github-release"])]));
  });

  it("runs the acceptance run against ngrok before publishing when the repository has NGROK_API_KEY, and the sweeper after it whatever happened", () => {
    const job = release.jobs.acceptance as Job & { env?: Record<string, string> };
    expect(job.env?.NGROK_API_KEY).toBe("${{ secrets.NGROK_API_KEY }}");
    // The AI Gateway API's kinds, with their own key (skipped in one line without it).
    expect(job.env?.NGROK_AI_GATEWAY_API_KEY).toBe("${{ secrets.NGROK_AI_GATEWAY_API_KEY }}");
    const runs = steps(release, "acceptance").filter((s) => s.run !== undefined);
    // The Makefile decides whether there is a key: the step itself always runs.
    expect(runs.map((s) => ({ run: s.run, if: s.if }))).toEqual([
      { run: "make acceptance", if: undefined },
      { run: "make sweep", if: "always()" },
    ]);
  });

  it("make acceptance and make sweep without a key say so in one line and succeed", () => {
    for (const target of ["acceptance", "sweep"]) {
      const r = require("child_process").spawnSync("make", ["-s", "--no-print-directory", target], {
        cwd: repoRoot,
        encoding: "utf8",
        env: { ...process.env, NGROK_API_KEY: "" },
      }) as { status: number; stdout: string; stderr: string };
      expect({ target, status: r.status, lines: (r.stdout + r.stderr).trim().split("\n") }).toEqual({
        target,
        status: 0,
        lines: [expect.stringMatching(new RegExp(`^${target}: NGROK_API_KEY is not set, nothing to`))],
      });
    }
  });

  it("releases only a version that CHANGELOG.md dates, with its section as the release's notes", () => {
    const bash = (script: string, env: Record<string, string>) => {
      const r = require("child_process").spawnSync("bash", ["-e", "-c", script], { cwd: repoRoot, env: { ...process.env, ...env }, encoding: "utf8" });
      return { code: r.status as number, out: `${r.stdout}${r.stderr}`.trim() };
    };
    const dated = steps(release, "version").find((s) => s.name === "CHANGELOG.md dates the release")!;
    const changelog = fs.readFileSync(path.join(repoRoot, "CHANGELOG.md"), "utf8");
    // 0.1.0 is released and dated; the version under work is not yet.
    expect(changelog).toMatch(/^## \[0\.1\.0\] - \d{4}-\d{2}-\d{2}$/m);
    expect(bash(dated.run!, { VERSION: "0.1.0" })).toEqual({ code: 0, out: "" });
    expect(changelog).toContain(`## [${version}] - Unreleased`);
    expect(bash(dated.run!, { VERSION: version })).toEqual({ code: 1, out: `::error::CHANGELOG.md has no dated section '## [${version}] - YYYY-MM-DD'` });

    const create = steps(release, "github-release").find((s) => s.name === "Release")!.run!;
    const notesLine = create.split("\n").find((line) => line.includes("release-notes.txt"))!;
    const tmp = fs.mkdtempSync(path.join(require("os").tmpdir(), "release-notes-"));
    try {
      expect(bash(notesLine, { VERSION: "0.1.0", RUNNER_TEMP: tmp }).code).toBe(0);
      const notes = fs.readFileSync(path.join(tmp, "release-notes.txt"), "utf8");
      const section = changelog.split(/^## /m).find((part) => part.startsWith("[0.1.0]"))!;
      expect(notes.trim()).toBe(section.slice(section.indexOf("\n") + 1).replace(/^\[[^\]]+\]: .*$/gm, "").trim());
      expect(notes).toContain("### Added");
      expect(notes).not.toContain("## [");
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
    expect(create).toContain('--notes-file "$RUNNER_TEMP/release-notes.txt"');
  });

  it("builds the plugin on each of the six platforms' own runners, archived as Pulumi names plugin archives", () => {
    const matrix = release.jobs.plugin!.strategy!.matrix!.include!;
    expect(matrix.map((m) => `${m.os}-${m.arch}`).sort()).toEqual(["darwin-amd64", "darwin-arm64", "linux-amd64", "linux-arm64", "windows-amd64", "windows-arm64"]);
    // Each on a runner of its own platform (GitHub's hosted runners, as GitHub documents them).
    const hosted: Record<string, string> = {
      "ubuntu-24.04": "linux-amd64",
      "ubuntu-24.04-arm": "linux-arm64",
      "macos-15-intel": "darwin-amd64",
      "macos-15": "darwin-arm64",
      "windows-2022": "windows-amd64",
      "windows-11-arm": "windows-arm64",
    };
    expect(matrix.map((m) => [`${m.os}-${m.arch}`, hosted[m.runner!]])).toEqual(matrix.map((m) => [`${m.os}-${m.arch}`, `${m.os}-${m.arch}`]));
    expect(release.jobs.plugin!.steps!.some((s) => s.run?.includes("scripts/build-plugin.sh --executable"))).toBe(true);
    expect((release.jobs.plugin as { env?: Record<string, string> }).env?.ARCHIVE).toBe("pulumi-resource-ngrok-v${{ needs.version.outputs.version }}-${{ matrix.os }}-${{ matrix.arch }}.tar.gz");
    expect(steps(release, "github-release").find((s) => s.name === "Checksums")?.run).toContain('sha256sum pulumi-resource-ngrok-v"$VERSION"-*.tar.gz > "pulumi-resource-ngrok-v$VERSION-checksums.txt"');
  });

  it("publishes both npm packages with provenance, the Go SDK as a module tag, the Python SDK's wheel and sdist, the Java SDK to Maven Central", () => {
    const publishes = steps(release, "npm").filter((s) => s.run?.startsWith("npm publish"));
    expect(publishes.map((s) => s.run!.replace(/^npm publish "dist\/npm\/([a-z-]+)-\$VERSION\.tgz" /, "$1 "))).toEqual([
      "pulumi-ngrok --provenance --access public",
      "pulumi-ngrok-plugin --provenance --access public",
    ]);
    expect(release.jobs.npm!.permissions).toEqual({ contents: "read", "id-token": "write" });
    expect(steps(release, "go").map((s) => s.run ?? "").join("\n")).toContain('git tag "sdk/go/v$VERSION"');
    expect(steps(release, "pypi").map((s) => s.run ?? "").join("\n")).toContain("python -m build sdk/python");
    expect(steps(release, "pypi").find((s) => s.uses?.startsWith("pypa/gh-action-pypi-publish@"))?.with).toEqual({ "packages-dir": "sdk/python/dist" });
    expect(release.jobs.pypi!.permissions?.["id-token"]).toBe("write");
    // The Java SDK: deployed by Maven with the pom's release profile (sources, javadoc, signatures).
    expect(steps(release, "maven").map((s) => s.run ?? "").join("\n")).toContain("mvn -B --no-transfer-progress -f sdk/java/pom.xml -P release deploy");
    expect(steps(release, "maven").find((s) => s.uses?.startsWith("actions/setup-java@"))?.with).toMatchObject({ "server-id": "central", "gpg-private-key": "${{ secrets.MAVEN_GPG_PRIVATE_KEY }}" });
    expect(fs.readFileSync(path.join(repoRoot, "sdk", "java", "pom.xml"), "utf8")).toContain("<publishingServerId>central</publishingServerId>");
  });

  it("releases only a commit that records its schema as release/<version>/schema.json, the next release's baseline", () => {
    const record = steps(release, "version").find((s) => s.name?.startsWith("release/<version>/schema.json"))!;
    const runRecord = (version: string, recorded: string | undefined) => {
      const dir = fs.mkdtempSync(path.join(require("os").tmpdir(), "release-record-"));
      try {
        fs.copyFileSync(path.join(repoRoot, "schema.json"), path.join(dir, "schema.json"));
        if (recorded !== undefined) {
          fs.mkdirSync(path.join(dir, "release", version), { recursive: true });
          fs.writeFileSync(path.join(dir, "release", version, "schema.json"), recorded);
        }
        const r = require("child_process").spawnSync("bash", ["-e", "-c", record.run!], { cwd: dir, env: { ...process.env, VERSION: version }, encoding: "utf8" });
        return { code: r.status, output: r.stdout.trim() };
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    };
    const schema = fs.readFileSync(path.join(repoRoot, "schema.json"), "utf8");
    expect(runRecord("0.2.1", schema)).toEqual({ code: 0, output: "" });
    const refused = { code: 1, output: "::error::release/0.2.1/schema.json is not this release's schema.json: make release-baseline, then commit it" };
    expect(runRecord("0.2.1", undefined)).toEqual(refused);
    expect(runRecord("0.2.1", schema.replace('"description"', '"descriptions"'))).toEqual(refused);
  });

  it("takes secrets only from secrets.*, and pins every action to a version", () => {
    for (const name of ["ci.yml", "release.yml"]) {
      // Every value a step or job gets from the environment named like a credential comes from `secrets.`.
      const credentials = [...text(name).matchAll(/^\s*([A-Z_]*(?:TOKEN|SECRET|PASSWORD|KEY)[A-Z_]*):\s*(.*)$/gm)].map((m) => [m[1], m[2]]);
      expect(credentials.filter(([, value]) => !/^\$\{\{ secrets\.[A-Z_]+ \}\}$/.test(value!))).toEqual([]);
      const uses = Object.values(load(name).jobs).flatMap((job) => (job.steps ?? []).map((s) => s.uses).filter((u): u is string => u !== undefined));
      expect(uses.filter((u) => !/^[\w-]+\/[\w-]+@(v\d+(\.\d+)*|release\/v\d+)$/.test(u))).toEqual([]);
    }
    expect([...text("release.yml").matchAll(/secrets\.(\w+)/g)].map((m) => m[1]).sort()).toEqual([
      "GITHUB_TOKEN",
      "MAVEN_CENTRAL_PASSWORD",
      "MAVEN_CENTRAL_USERNAME",
      "MAVEN_GPG_PASSPHRASE",
      "MAVEN_GPG_PRIVATE_KEY",
      "NGROK_AI_GATEWAY_API_KEY",
      "NGROK_API_KEY",
      "NPM_TOKEN",
      "NPM_TOKEN",
    ]);
  });
});

/**
 * A GitHub Actions expression of the forms the workflow's conditions use: property paths of the
 * contexts, single-quoted strings, `==`, `!=`, `&&`, `||`, `!` and parentheses.
 */
function evaluate(expression: string, contexts: Record<string, unknown>): unknown {
  const tokens = expression.replace(/^\s*\$\{\{|\}\}\s*$/g, "").match(/'(?:[^']|'')*'|==|!=|&&|\|\||[!()]|[A-Za-z_][\w.-]*/g) ?? [];
  let i = 0;
  const primary = (): unknown => {
    const t = tokens[i++];
    if (t === "(") {
      const v = or();
      i++; // ")"
      return v;
    }
    if (t === "!") return !primary();
    if (t?.startsWith("'")) return t.slice(1, -1).replace(/''/g, "'");
    if (t === "true" || t === "false") return t === "true";
    return (t ?? "").split(".").reduce<unknown>((v, k) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), contexts);
  };
  const comparison = (): unknown => {
    let v = primary();
    while (tokens[i] === "==" || tokens[i] === "!=") {
      const op = tokens[i++];
      const w = primary();
      // GitHub compares strings case-insensitively.
      const same = typeof v === "string" && typeof w === "string" ? v.toLowerCase() === w.toLowerCase() : v === w;
      v = op === "==" ? same : !same;
    }
    return v;
  };
  const and = (): unknown => {
    let v = comparison();
    while (tokens[i] === "&&") {
      i++;
      const w = comparison();
      v = v ? w : v;
    }
    return v;
  };
  const or = (): unknown => {
    let v = and();
    while (tokens[i] === "||") {
      i++;
      const w = and();
      v = v ? v : w;
    }
    return v;
  };
  return or();
}
