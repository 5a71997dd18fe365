/**
 * End to end with the real CLI: an account of over 150 objects made over the API as a dashboard
 * user would (test/support/account.ts), one emulator for the file, adopted by `pulumi-ngrok adopt`:
 * - the dynamic door: the program it writes, then `up`, which changes no object (the census of
 *   every collection is the same before and after), then `preview` with no change;
 * - the plugin door, Pulumi YAML: `pulumi import --file` writes the program; the secrets the API
 *   never answers come out of it as `""`, which preview refuses naming the property (so nothing is
 *   ever overwritten); with the note's config set and read where the note says, preview shows no
 *   change, and the account is the same.
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
import { installPlugin, pluginTarball, yamlLanguageHostDir } from "./plugin-install";
import { PulumiStack, pulumiBinDir, repoRoot } from "./pulumi";

jest.setTimeout(20 * 60_000);

let emu: Emulator;
let account: DashboardAccount;
const stacks: PulumiStack[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  await Promise.all([pulumiBinDir(), pluginTarball(), yamlLanguageHostDir()]);
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
  for (const line of out) {
    const m = /pulumi config set --secret (\S+)\s+# (\w+) (\S+): (\w+) \(the API never answers it/.exec(line);
    if (!m) continue;
    const [, key, , resource, property] = m;
    const id = JSON.parse(fs.readFileSync(path.join(dir, "adopt.json"), "utf8")).resources.find((r: { name: string }) => r.name === resource).id as string;
    await stack.setConfig(key!, account.secrets.get(id)![0]!, { secret: true });
    config.push(`  ${key}:\n    type: string\n    secret: true`);
    const block = new RegExp(`(\\n  ${resource!.replace(/[-]/g, "\\-")}:\\n(?:    .*\\n|      .*\\n)*?      ${property}: )""`);
    expect(block.test(yaml)).toBe(true);
    yaml = yaml.replace(block, `$1\${${key}}`);
  }
  fs.writeFileSync(path.join(dir, "Pulumi.yaml"), `name: adopted-yaml\nruntime: yaml\nconfig:\n${config.join("\n")}\n${yaml}`);
  emu.clearRequests();
  await stack.previewExpectNoChanges("preview of the generated program");
  expect(emu.requests.filter((r) => r.method !== "GET")).toEqual([]);
  expect(census()).toEqual(before);
  for (const values of account.secrets.values()) for (const v of values) expect(stack.transcript).not.toContain(v);
});
