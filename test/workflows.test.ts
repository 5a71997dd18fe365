/**
 * The repository's GitHub Actions workflows as GitHub reads them: actionlint (built once from its
 * Go module by scripts/actionlint.sh) finds no problem in any of them, and the CI example's jobs
 * run when they should. test/e2e/ci.test.ts runs the example's commands.
 */
import { execFile, execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";

jest.setTimeout(10 * 60_000);

const repoRoot = path.resolve(__dirname, "..");
// js-yaml comes with @pulumi/pulumi.
const yaml = require("js-yaml") as { load(text: string): unknown };

interface Workflow {
  on?: unknown;
  jobs?: Record<string, { if?: string; permissions?: Record<string, string>; steps?: { uses?: string; with?: Record<string, unknown>; run?: string }[] }>;
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
  expect(files).toContain("examples/ci/github-actions.yml");
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
