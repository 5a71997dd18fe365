/**
 * Preview on a pull request, `up` on merge: the CI flow with Pulumi's Automation API.
 *
 *   node deploy.mts preview --stack prod --program . [--comment-on-pull-request]   (a pull request: what would change)
 *   node deploy.mts up      --stack prod --program .    (the merge: apply it)
 *   node deploy.mts preview --stack prod --program . --expect-no-changes
 *   node deploy.mts destroy --stack rehearsal --program .
 *   node deploy.mts preview --stack prod --inline [--config domain=app.example.com]
 *
 * `--program` names a Pulumi program's directory (its Pulumi.<stack>.yaml holds the stack's
 * config, committed with the code); `--inline` runs the program defined below instead.
 * `preview` prints the plan, each change with the properties it changes, and adds it to the
 * job's summary on GitHub Actions ($GITHUB_STEP_SUMMARY); with `--comment-on-pull-request`, also
 * to one comment on the pull request, updated in place on each run (GITHUB_TOKEN, with
 * `pull-requests: write`). `preview` and `destroy` only select an existing stack, so a pull request
 * never creates one (`--create-stack` lets `preview` create it: a rehearsal); `up` creates it.
 * `up` applies it and prints the stack's
 * outputs (secrets stay hidden). Any error fails the job (exit code 1), and so does a change
 * under `--expect-no-changes`. See github-actions.yml for the workflow that runs it.
 *
 * Credentials come from the environment, never from a file in the repository: NGROK_API_KEY (the
 * CI's secret; the provider reads it at run time, and unlike `ngrok:apiKey` stack config it is not
 * kept in the stack's state), NGROK_API_BASE_URL (the
 * bundled emulator in tests), and Pulumi's own PULUMI_BACKEND_URL / PULUMI_ACCESS_TOKEN /
 * PULUMI_CONFIG_PASSPHRASE. It runs the `pulumi` found on PATH, on Node 22.19 or later, which
 * runs this TypeScript file as it is.
 */
import { fileURLToPath } from "node:url";
import * as fs from "node:fs";
import * as path from "node:path";
import { parseArgs } from "node:util";
import * as pulumi from "@pulumi/pulumi";
import { LocalWorkspace, Stack, type LocalWorkspaceOptions, type StepEventMetadata } from "@pulumi/pulumi/automation/index.js";
import * as ngrok from "pulumi-ngrok";

/** The inline program: what examples/quickstart declares, as a function. */
async function program(): Promise<Record<string, unknown>> {
  const config = new pulumi.Config();
  const domain = new ngrok.ReservedDomain("app", {
    domain: config.get("domain") ?? "ci.ngrok.app",
    description: config.get("description") ?? "Deployed from CI",
  });
  const agent = new ngrok.Credential("agent", {
    description: pulumi.interpolate`Agent serving ${domain.domain}`,
    acl: [pulumi.interpolate`bind:${domain.domain}`],
  });
  return { hostname: domain.domain, credentialId: agent.id, authtoken: agent.token };
}

const usage =
  "usage: node deploy.mts <preview|up|destroy> --stack NAME (--program DIR | --inline) [--config KEY=VALUE]... [--expect-no-changes] [--create-stack] [--comment-on-pull-request]";

async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      stack: { type: "string" },
      program: { type: "string" },
      inline: { type: "boolean", default: false },
      config: { type: "string", multiple: true, default: [] },
      "expect-no-changes": { type: "boolean", default: false },
      "create-stack": { type: "boolean", default: false },
      "comment-on-pull-request": { type: "boolean", default: false },
    },
  });
  const command = positionals[0];
  if (positionals.length !== 1 || !["preview", "up", "destroy"].includes(command ?? "") || !values.stack || values.inline === (values.program !== undefined)) {
    throw new Error(usage);
  }
  const create = command === "up" || (command === "preview" && values["create-stack"]);
  const stack = await openStack(values.stack, values.inline ? undefined : values.program!, create);
  try {
    await run(command!, stack, values);
  } finally {
    // An inline program's workspace is a temporary directory Pulumi writes Pulumi.yaml into: leave nothing behind.
    if (values.inline) fs.rmSync(stack.workspace.workDir, { recursive: true, force: true });
  }
}

async function run(command: string, stack: Stack, values: { config: string[]; stack?: string; "expect-no-changes": boolean; "comment-on-pull-request": boolean }): Promise<void> {
  for (const pair of values.config) {
    const eq = pair.indexOf("=");
    if (eq <= 0) throw new Error(`--config takes KEY=VALUE, not "${pair}"`);
    await stack.setConfig(pair.slice(0, eq), { value: pair.slice(eq + 1) });
  }

  if (command === "preview") {
    const steps: StepEventMetadata[] = [];
    const result = await stack.preview({
      onEvent: (event) => {
        if (event.resourcePreEvent) steps.push(event.resourcePreEvent.metadata);
      },
    });
    const text = report(steps);
    if (values["comment-on-pull-request"]) await commentOnPullRequest(stack.name, text);
    if (values["expect-no-changes"] && Object.entries(result.changeSummary).some(([op, n]) => op !== "same" && n)) {
      throw new Error("the plan has changes, and --expect-no-changes was given");
    }
  } else if (command === "up") {
    const result = await stack.up({ onOutput: (text) => process.stdout.write(text) });
    console.log("\nOutputs:");
    for (const [name, output] of Object.entries(result.outputs)) {
      console.log(`  ${name}: ${output.secret ? "[secret]" : JSON.stringify(output.value)}`);
    }
  } else {
    await stack.destroy({ onOutput: (text) => process.stdout.write(text) });
  }
}

/**
 * A stack of the program in `programDir`, or of the inline program (no `programDir`). Pulumi
 * loads dynamic providers (this package's resources) from the workspace's directory: for an
 * inline program, a temporary directory, from which `@pulumi/pulumi` and `pulumi-ngrok` would not
 * resolve ("Cannot find module '@pulumi/pulumi/cmd/dynamic-provider'"). NODE_PATH points it at the
 * packages this script runs with, so it works from any directory. (A `workDir` inside the project
 * is no way out: Pulumi writes a Pulumi.yaml there whose `main` is the directory it ran from.)
 */
async function openStack(stackName: string, programDir: string | undefined, create: boolean): Promise<Stack> {
  if (programDir !== undefined) {
    const workDir = path.resolve(programDir);
    if (create) return LocalWorkspace.createOrSelectStack({ stackName, workDir });
    return existingStack(stackName, await LocalWorkspace.create({ workDir }));
  }
  // The node_modules directories this script resolves its own packages from.
  const nodePath: string[] = [];
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "node_modules"))) nodePath.push(path.join(dir, "node_modules"));
    if (path.dirname(dir) === dir) break;
  }
  const options: LocalWorkspaceOptions = {
    envVars: { NODE_PATH: [...nodePath, process.env.NODE_PATH].filter(Boolean).join(path.delimiter) },
  };
  if (create) return LocalWorkspace.createOrSelectStack({ stackName, projectName: "ngrok-ci", program }, options);
  const workspace = await LocalWorkspace.create({ ...options, program, projectSettings: { name: "ngrok-ci", runtime: "nodejs" } });
  try {
    return await existingStack(stackName, workspace);
  } catch (err) {
    fs.rmSync(workspace.workDir, { recursive: true, force: true });
    throw err;
  }
}

/** The stack `stackName` of the workspace; fails in one line when the backend has none: only `up` creates one. */
async function existingStack(stackName: string, workspace: LocalWorkspace): Promise<Stack> {
  const stacks = await workspace.listStacks();
  if (!stacks.some((s) => s.name === stackName || s.name.endsWith(`/${stackName}`))) {
    throw new Error(`the stack ${stackName} does not exist: the first \`up\` (the deploy job, on main) creates it`);
  }
  return Stack.select(stackName, workspace);
}

const symbols: Record<string, string> = { create: "+", update: "~", delete: "-", replace: "+-", "create-replacement": "+-", "delete-replaced": "-" };

/** Prints the plan (and adds it to the GitHub job summary): one line per change, with the properties it changes. */
function report(steps: StepEventMetadata[]): string {
  const lines: string[] = [];
  const counts = new Map<string, number>();
  for (const step of steps) {
    if (step.op === "same" || step.op === "read" || step.type === "pulumi:pulumi:Stack" || step.type.startsWith("pulumi:providers:")) continue;
    if (step.op === "create-replacement" || step.op === "delete-replaced") continue; // shown as their "replace"
    counts.set(step.op, (counts.get(step.op) ?? 0) + 1);
    const name = step.urn.slice(step.urn.lastIndexOf("::") + 2);
    const changed = changedProperties(step);
    const forced = step.op === "replace" && step.keys?.length ? ` (replaced because of ${step.keys.join(", ")})` : "";
    lines.push(`${symbols[step.op] ?? "?"} ${step.op} ${name} (${step.type})${changed.length ? `: ${changed.join(", ")}` : ""}${forced}`);
  }
  const plan = counts.size ? [...counts].map(([op, n]) => `${n} to ${op}`).join(", ") : "no changes";
  const text = [`Plan: ${plan}`, ...lines.map((l) => `  ${l}`)].join("\n");
  console.log(text);
  const jobSummary = process.env.GITHUB_STEP_SUMMARY;
  if (jobSummary) fs.appendFileSync(jobSummary, `### pulumi preview\n\n\`\`\`\n${text}\n\`\`\`\n`);
  return text;
}

/**
 * Shows the plan in one comment on the pull request, updated in place on each run: the comment
 * whose first line is this stack's marker. GitHub Actions gives the pull request in
 * $GITHUB_EVENT_PATH, the repository in $GITHUB_REPOSITORY and the API in $GITHUB_API_URL.
 */
async function commentOnPullRequest(stackName: string, plan: string): Promise<void> {
  const { GITHUB_TOKEN: token, GITHUB_REPOSITORY: repo, GITHUB_EVENT_PATH: eventPath } = process.env;
  const apiUrl = process.env.GITHUB_API_URL ?? "https://api.github.com";
  if (!token || !repo || !eventPath) throw new Error("--comment-on-pull-request needs GITHUB_TOKEN, GITHUB_REPOSITORY and GITHUB_EVENT_PATH (GitHub Actions sets the last two)");
  const event = JSON.parse(fs.readFileSync(eventPath, "utf8")) as { pull_request?: { number?: number } };
  const number = event.pull_request?.number;
  if (number === undefined) throw new Error("--comment-on-pull-request: this run is not for a pull request");
  const github = async (method: string, url: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(url.startsWith("http") ? url : `${apiUrl}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, accept: "application/vnd.github+json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`GitHub answered ${method} ${url.replace(apiUrl, "")} with HTTP ${res.status}${res.status === 403 ? " (the job needs `permissions: pull-requests: write`)" : ""}`);
    return res.json();
  };
  const marker = `<!-- pulumi-ngrok plan: ${stackName} -->`;
  const body = `${marker}\n### pulumi preview of \`${stackName}\`\n\n\`\`\`\n${plan}\n\`\`\`\n`;
  for (let page = 1; ; page++) {
    const comments = (await github("GET", `/repos/${repo}/issues/${number}/comments?per_page=100&page=${page}`)) as { id: number; body?: string }[];
    const mine = comments.find((c) => c.body?.startsWith(marker));
    if (mine) {
      await github("PATCH", `/repos/${repo}/issues/comments/${mine.id}`, { body });
      return;
    }
    if (comments.length < 100) break;
  }
  await github("POST", `/repos/${repo}/issues/${number}/comments`, { body });
}

/** The inputs a step changes: the engine's list when it has one, else the inputs that differ. */
function changedProperties(step: StepEventMetadata): string[] {
  if (step.op === "create" || step.op === "delete") return [];
  if (step.diffs?.length) return step.diffs.filter((k) => k !== "__provider");
  const olds = step.old?.inputs ?? {};
  const news = step.new?.inputs ?? {};
  return [...new Set([...Object.keys(olds), ...Object.keys(news)])]
    .filter((k) => k !== "__provider" && JSON.stringify(olds[k]) !== JSON.stringify(news[k]))
    .sort();
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
