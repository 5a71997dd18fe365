/**
 * End to end with the real CLI: an account of over 150 objects made over the API as a dashboard
 * user would (test/support/account.ts), one emulator for the file, adopted by `pulumi-ngrok adopt`:
 * - the dynamic door: the program it writes, then `up`, which changes no object (the census of
 *   every collection is the same before and after), then `preview` with no change;
 * - the plugin door, Pulumi YAML: `pulumi import --file` writes the program; the secrets the API
 *   never answers come out of it as `""`, which preview refuses naming the property (so nothing is
 *   ever overwritten); with the note's config set and read where the note says, preview shows no
 *   change, and the account is the same;
 * - the plugin door, TypeScript, Go and Python at once (each its own stack on the same account):
 *   `pulumi import --file` writes the program through Pulumi's program generators
 *   (scripts/pulumi-language-codegen), the note's secrets are read from config where it says, and
 *   `preview --expect-no-changes` passes with no write to the account.
 * Stacks are only disposed, never destroyed: destroy would delete the account they adopted.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startEmulator, type Emulator } from "../../emulator";
import { adopt } from "../../provider/adopt/cli";
import { accountSnapshot, dashboardAccount, everyCollection, type DashboardAccount } from "../support/account";
import { collectionOf } from "../support/inputs";
import { boundKinds } from "../support/provider";
import { pluginPackage } from "../support/plugin-package";
import { codegenDir, goModuleInto, goProgramEnv, installPlugin, pluginTarball, yamlLanguageHostDir } from "./plugin-install";
import { PulumiStack, pulumiBinDir, repoRoot } from "./pulumi";
import { pythonLanguageHostDir, pythonProgramEnv, pythonProgramVenv } from "./python";

jest.setTimeout(20 * 60_000);

let emu: Emulator;
let account: DashboardAccount;
const stacks: PulumiStack[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  await Promise.all([pulumiBinDir(), pluginTarball(), yamlLanguageHostDir(), codegenDir(), pythonLanguageHostDir(), pythonProgramVenv(), Promise.resolve(pluginPackage())]);
  emu = await startEmulator({ rateLimit: false });
  account = await dashboardAccount(emu);
}, 60 * 60_000);
afterAll(async () => {
  for (const s of stacks) s.dispose();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  await emu?.close();
});

const census = () => accountSnapshot(emu, everyCollection(emu, [...new Set(boundKinds.map((k) => collectionOf(k)))]));

const settings = {
  config: { "ngrok:apiBaseUrl": "", "ngrok:rateLimit": "off", "ngrok:aiGatewayApiBaseUrl": "", "ngrok:aiGatewayRateLimit": "off" },
};

async function adoptInto(dir: string, args: string[]): Promise<string[]> {
  const out: string[] = [];
  const code = await adopt(args, {
    out: (l) => out.push(l),
    env: { NGROK_API_KEY: emu.apiKey, NGROK_API_BASE_URL: emu.url, NGROK_AI_GATEWAY_API_KEY: emu.aiGatewayApi.apiKey, NGROK_AI_GATEWAY_API_BASE_URL: emu.aiGatewayApi.url, NGROK_RATE_LIMIT: "off", NGROK_AI_GATEWAY_RATE_LIMIT: "off" },
    cwd: dir,
  });
  expect(code).toBe(0);
  return out;
}

/** The value of each secret config key the note names, as only the account's maker knows them. */
function secretValues(out: string[], program: string): Record<string, string> {
  const keys = out.flatMap((l) => /pulumi config set --secret (\S+)/.exec(l)?.[1] ?? []);
  const values: Record<string, string> = {};
  const destinations = new Map((emu.resources("event_destinations") as { id: string; target: unknown }[]).map((d) => [d.id, d.target]));
  for (const key of keys) {
    // The resource whose program reads the key, and its import id.
    const at = program.indexOf(`"${key}"`);
    const start = program.lastIndexOf("importId: ", at);
    const id = /importId: "([^"]+)"/.exec(program.slice(start))![1]!;
    const own = account.secrets.get(id);
    if (own) values[key] = own[Number(/-(\d+)$/.exec(key)?.[1] ?? "1") - 1] ?? own[0]!;
    else if (destinations.has(id)) values[key] = JSON.stringify(destinations.get(id));
    else throw new Error(`no value known for ${key} (${id})`);
  }
  return values;
}

/** A secret the note names: the config key to set, the resource and property that read it, and its value as the account's maker knows it. */
interface NotedSecret {
  key: string;
  resource: string;
  property: string;
  /** The API never answers it (the program holds `""`), or it is a policy's credential (the policy's text holds `""`). */
  place: "value" | "policy";
  value: string;
}

/** The note's secrets a program must read from config; an event destination's target, which the API answers, is in the generated program. */
function notedSecrets(dir: string, out: string[]): NotedSecret[] {
  const resources = (JSON.parse(fs.readFileSync(path.join(dir, "adopt.json"), "utf8")) as { resources: { name: string; id: string }[] }).resources;
  return out.flatMap((line) => {
    const m = /pulumi config set --secret (\S+)\s+# \w+ (\S+): (\S+) \((the API never answers it|kept out of the code)/.exec(line);
    if (!m) return [];
    const [, key, resource, property, why] = m as unknown as [string, string, string, string, string];
    const place = why.startsWith("the API") ? "value" : property.startsWith("trafficPolicy.") ? "policy" : undefined;
    if (!place) return [];
    const own = account.secrets.get(resources.find((r) => r.name === resource)!.id)!;
    return [{ key, resource, property, place, value: place === "policy" ? own[Number(/-(\d+)$/.exec(key)![1]) - 1]! : own[0]! }];
  });
}

/** `text` with `find` replaced by `by` in the block from `start` to the first `end` after it; fails when either is missing. */
function replaceInBlock(text: string, start: string, end: RegExp, find: RegExp, by: string | ((match: string, ...groups: string[]) => string)): string {
  const from = text.indexOf(start);
  expect(from).toBeGreaterThanOrEqual(0);
  const ends = new RegExp(end.source, "g");
  ends.lastIndex = from + start.length;
  const to = ends.exec(text)?.index ?? text.length;
  const block = text.slice(from, to);
  // Two calls, one per overload of String.replace.
  const replaced = typeof by === "string" ? block.replace(find, by) : block.replace(find, by);
  expect(replaced).not.toBe(block);
  return text.slice(0, from) + replaced + text.slice(to);
}

function projectDir(name: string, runtime: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `adopt-${name}-`));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: adopted-${name}\nruntime: ${runtime}\n`);
  return dir;
}

it("the dynamic door: the program adopt writes, then up changes no object, then preview shows no change", async () => {
  const dir = projectDir("dynamic", "nodejs");
  // The program's packages are the repository's own (pulumi-ngrok, @pulumi/pulumi, typescript).
  fs.symlinkSync(path.join(repoRoot, "node_modules"), path.join(dir, "node_modules"));
  fs.copyFileSync(path.join(__dirname, "programs", "many", "tsconfig.json"), path.join(dir, "tsconfig.json"));
  const out = await adoptInto(dir, ["--program", "index.ts"]);
  const program = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
  const count = (program.match(/ = new ngrok\./g) ?? []).length;
  expect(count).toBeGreaterThanOrEqual(150);

  const stack = await PulumiStack.create({
    programDir: dir,
    config: { ...settings.config, "ngrok:apiBaseUrl": emu.url, "ngrok:aiGatewayApiBaseUrl": emu.aiGatewayApi.url },
    secretConfig: { "ngrok:apiKey": emu.apiKey, "ngrok:aiGatewayApiKey": emu.aiGatewayApi.apiKey, ...secretValues(out, program) },
  });
  stacks.push(stack);
  const before = census();
  emu.clearRequests();
  emu.aiGatewayApi.clearRequests();
  await stack.up();
  // Adopted, not made: no object is created, changed or deleted.
  expect([...emu.requests, ...emu.aiGatewayApi.requests].filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`)).toEqual([]);
  expect(census()).toEqual(before);
  const state = (await stack.stackExport()).deployment.resources ?? [];
  expect(state.filter((r) => r.type.includes("ngrok:")).length).toBe(count);
  await stack.previewExpectNoChanges();
  for (const values of account.secrets.values()) for (const v of values) expect(stack.transcript).not.toContain(v);
});

it("the plugin door in Pulumi YAML: pulumi import --file writes the program; with the note's secrets from config, preview shows no change", async () => {
  const dir = projectDir("yaml", "yaml");
  const out = await adoptInto(dir, []);
  const PATH = [await yamlLanguageHostDir(), await pulumiBinDir(), path.join(repoRoot, "node_modules", ".bin"), "/usr/local/bin", "/usr/bin", "/bin"].join(path.delimiter);
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: adopted-yaml\nruntime: yaml\nresources: {}\n");
  const stack = await PulumiStack.create({
    programDir: dir,
    env: { PATH },
    config: { ...settings.config, "ngrok:apiBaseUrl": emu.url, "ngrok:aiGatewayApiBaseUrl": emu.aiGatewayApi.url },
    secretConfig: { "ngrok:apiKey": emu.apiKey, "ngrok:aiGatewayApiKey": emu.aiGatewayApi.apiKey },
  });
  stacks.push(stack);
  await installPlugin(stack);
  const before = census();
  emu.clearRequests();
  await stack.pulumi("import --file", "import", "--file", "adopt.json", "--out", "generated.yaml", "--yes", "--protect=false");
  expect(emu.requests.filter((r) => r.method !== "GET")).toEqual([]);
  const generated = fs.readFileSync(path.join(dir, "generated.yaml"), "utf8");
  // References, not ids: a rule's policy, a secret's vault.
  expect(generated).toContain('ipPolicyId: ${["ip-policy-office-1"].id}');
  expect(generated).toContain('vaultId: ${["vault-team-0-secrets"].id}');

  // As written, the secrets the API never answers are empty, and preview refuses them before anything is sent.
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: adopted-yaml\nruntime: yaml\n${generated}`);
  const refused = await stack.run("preview (secrets unset)", ["preview", "--config-file", stack.configFile], { allowFailure: true });
  expect(refused.code).not.toBe(0);
  expect(refused.stdout + refused.stderr).toMatch(/ngrok:index:(VaultSecret|AiProviderKey) resource '[a-z0-9-]+' has a problem: value must not be empty/);

  // What the note says: set each as secret config and read it where the generated program holds "".
  const keys = out.flatMap((l) => /pulumi config set --secret (\S+)\s+# \w+ (\S+): (\S+) \(the API never answers it/.exec(l) ?? []).length;
  expect(keys).toBeGreaterThan(0);
  let yaml = generated;
  const config: string[] = [];
  for (const secret of notedSecrets(dir, out)) {
    await stack.setConfig(secret.key, secret.value, { secret: true });
    config.push(`  ${secret.key}:\n    type: string\n    secret: true`);
    yaml =
      secret.place === "value"
        ? replaceInBlock(yaml, `\n  ${secret.resource}:\n`, /\n  \S/, new RegExp(`(\\n      ${secret.property}: )""`), `$1\${${secret.key}}`)
        : replaceInBlock(yaml, `\n  ${secret.resource}:\n`, /\n  \S/, /- ""/, `- "\${${secret.key}}"`);
  }
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: adopted-yaml\nruntime: yaml\nconfig:\n${config.join("\n")}\n${yaml}`);
  emu.clearRequests();
  await stack.previewExpectNoChanges("preview of the generated program");
  expect(emu.requests.filter((r) => r.method !== "GET")).toEqual([]);
  expect(census()).toEqual(before);
  for (const values of account.secrets.values()) for (const v of values) expect(stack.transcript).not.toContain(v);
});

/**
 * The program a user makes of what `pulumi import` wrote, as the note says: each secret read from
 * config where the generated program holds `""` (a policy's text interpolates its credential).
 */
function withSecretsFromConfig(language: "typescript" | "go" | "python", program: string, secrets: readonly NotedSecret[]): string {
  let code = program;
  for (const s of secrets) {
    if (language === "python") {
      // A call ends at the first `)` closing a line before the next statement (a policy's closing `"""` has none).
      const start = `(${JSON.stringify(s.resource)},`;
      const property = s.property.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      const read = `config.require_secret(${JSON.stringify(s.key)})`;
      code =
        s.place === "value"
          ? replaceInBlock(code, start, /\)\n(?=\S)/, new RegExp(`\\b${property}=""`), `${property}=${read}`)
          : replaceInBlock(code, start, /\)\n(?=\S)/, /traffic_policy=(?:pulumi\.Output\.format\(("""[^]*?""")((?:, config\.require_secret\("[^"]+"\))*)\)|("""[^]*?"""))/, (_, format?: string, args?: string, text?: string) => {
              // Each login the policy keeps out becomes the next argument of one str.format.
              const template = format ?? text!.replace(/[{}]/g, (b) => b + b);
              const n = ((args ?? "").match(/require_secret/g) ?? []).length;
              expect(template).toContain('- ""');
              return `traffic_policy=pulumi.Output.format(${template.replace('- ""', `- "{${n}}"`)}${args ?? ""}, ${read})`;
            });
    } else if (language === "typescript") {
      const start = `(${JSON.stringify(s.resource)}, {\n`;
      code =
        s.place === "value"
          ? replaceInBlock(code, start, /\n\}\);/, new RegExp(`\\n    ${s.property}: ""`), `\n    ${s.property}: config.requireSecret(${JSON.stringify(s.key)})`)
          : replaceInBlock(replaceInBlock(code, start, /\n\}\);/, /trafficPolicy: `/, "trafficPolicy: pulumi.interpolate`"), start, /\n\}\);/, /- ""/, `- "\${config.requireSecret(${JSON.stringify(s.key)})}"`);
    } else {
      const start = `(ctx, ${JSON.stringify(s.resource)}, `;
      const field = s.property[0]!.toUpperCase() + s.property.slice(1);
      code =
        s.place === "value"
          ? replaceInBlock(code, start, /\n\t\t\}\)/, new RegExp(`${field}:(\\s+)pulumi\\.String\\(""\\)`), `${field}:$1cfg.RequireSecret(${JSON.stringify(s.key)})`)
          : replaceInBlock(
              replaceInBlock(code, start, /\n\t\t\}\)/, /TrafficPolicy:(\s+)pulumi\.Any\(`([^`]*)`\)/, (`TrafficPolicy:$1pulumi.Any(pulumi.Sprintf(\`$2\`, cfg.RequireSecret(${JSON.stringify(s.key)})))`)),
              start, /\n\t\t\}\)/, /- ""/, '- "%s"');
    }
  }
  if (language === "typescript") {
    // Pulumi's importer writes a value equal to another imported resource's output as a reference to
    // it (an API key's description "automation 1" as an AI API key's `name`); in TypeScript an
    // optional output does not type-check as an input, so the user writes the value back.
    code = code.replace(/^(\s+\w+): (\w+)\.name,$/gm, (_, property: string, variable: string) => {
      const name = /name: ("[^"]*")/.exec(code.slice(code.indexOf(`const ${variable} = new `)))![1];
      return `${property}: ${name},`;
    });
    return code.replace(/^(import \* as ngrok .*\n)/m, "$1\nconst config = new pulumi.Config();\n");
  }
  if (language === "python") return code.replace(/^(import pulumi_ngrok as ngrok\n)/m, "$1\nconfig = pulumi.Config()\n");
  return code
    .replace('"github.com/pulumi/pulumi/sdk/v3/go/pulumi"\n', '"github.com/pulumi/pulumi/sdk/v3/go/pulumi"\n\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"\n')
    .replace("pulumi.Run(func(ctx *pulumi.Context) error {\n", 'pulumi.Run(func(ctx *pulumi.Context) error {\n\t\tcfg := config.New(ctx, "")\n');
}

it("the plugin door in TypeScript, Go and Python: pulumi import --file writes each program; with the note's secrets from config, preview shows no change", async () => {
  const before = census();
  emu.clearRequests();
  emu.aiGatewayApi.clearRequests();
  const codegen = await codegenDir();
  const importAndPreview = async (language: "typescript" | "go" | "python") => {
    const file = { typescript: "index.ts", go: "main.go", python: "__main__.py" }[language];
    let dir: string;
    let env: Record<string, string>;
    if (language === "typescript") {
      // Under the repository, so that the program resolves @pulumi/pulumi and typescript from its node_modules.
      dir = path.join(repoRoot, ".pulumi-test", "adopt-account", `typescript-${process.pid}`);
      fs.rmSync(dir, { recursive: true, force: true });
      fs.mkdirSync(dir, { recursive: true });
      dirs.push(dir);
      fs.writeFileSync(path.join(dir, "Pulumi.yaml"), "name: adopted-typescript\nruntime: nodejs\n");
      fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "adopted-typescript", main: file }));
      fs.copyFileSync(path.join(__dirname, "programs", "many", "tsconfig.json"), path.join(dir, "tsconfig.json"));
      fs.cpSync(pluginPackage().dir, path.join(dir, "node_modules", "pulumi-ngrok-plugin"), { recursive: true });
      env = { PATH: [codegen, await pulumiBinDir(), path.join(repoRoot, "node_modules", ".bin"), "/usr/local/bin", "/usr/bin", "/bin"].join(path.delimiter) };
    } else if (language === "python") {
      dir = projectDir("python", "python");
      env = await pythonProgramEnv(await pythonProgramVenv());
      env.PATH = `${codegen}${path.delimiter}${env.PATH}`;
    } else {
      dir = projectDir("go", "go");
      goModuleInto(dir, "adopted-go");
      env = await goProgramEnv(await pulumiBinDir());
      env.PATH = `${codegen}${path.delimiter}${env.PATH}`;
    }
    const out = await adoptInto(dir, []);
    const stack = await PulumiStack.create({
      programDir: dir,
      env,
      config: { ...settings.config, "ngrok:apiBaseUrl": emu.url, "ngrok:aiGatewayApiBaseUrl": emu.aiGatewayApi.url },
      secretConfig: { "ngrok:apiKey": emu.apiKey, "ngrok:aiGatewayApiKey": emu.aiGatewayApi.apiKey },
    });
    stacks.push(stack);
    await installPlugin(stack);
    await stack.pulumi(`import --file (${language})`, "import", "--file", "adopt.json", "--out", file, "--yes", "--protect=false");
    const generated = fs.readFileSync(path.join(dir, file), "utf8");
    expect((generated.match(/ngrok\.(New)?[A-Z]\w+\(/g) ?? []).length).toBeGreaterThanOrEqual(150);
    // References, not ids: a rule's policy, a secret's vault.
    expect(generated).toMatch({ typescript: /ipPolicyId: ip_policy_office_1\.id/, go: /IpPolicyId:\s+ip_policy_office_1\.ID\(\)/, python: /ip_policy_id=ip_policy_office_1\.id\b/ }[language]);
    expect(generated).toMatch({ typescript: /vaultId: vault_team_0_secrets\.id/, go: /VaultId:\s+vault_team_0_secrets\.ID\(\)/, python: /vault_id=vault_team_0_secrets\.id\b/ }[language]);

    const secrets = notedSecrets(dir, out);
    expect(new Set(secrets.map((s) => s.place))).toEqual(new Set(["value", "policy"]));
    for (const s of secrets) await stack.setConfig(s.key, s.value, { secret: true });
    fs.writeFileSync(path.join(dir, file), withSecretsFromConfig(language, generated, secrets));
    await stack.previewExpectNoChanges(`preview of the generated ${language} program`);
    for (const values of account.secrets.values()) for (const v of values) expect(stack.transcript).not.toContain(v);
  };
  const results = await Promise.allSettled([importAndPreview("typescript"), importAndPreview("go"), importAndPreview("python")]);
  for (const r of results) if (r.status === "rejected") throw r.reason;
  expect([...emu.requests, ...emu.aiGatewayApi.requests].filter((r) => r.method !== "GET")).toEqual([]);
  expect(census()).toEqual(before);
});
