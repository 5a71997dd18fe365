/**
 * End to end with the real CLI: a Terraform configuration on ngrok's provider
 * (test/e2e/programs/terraform: every resource type of its v0.8 and a data source) converted by
 * `pulumi convert --from terraform` into TypeScript, Go, Python and YAML at once, each previewed
 * against one emulator. The converter asks the plugin for its mapping (GetMapping, key
 * `terraform`); scripts/pulumi-converter-terraform is the converter (Pulumi's cannot be built from
 * what the Go module proxy serves) and scripts/pulumi-language-codegen has the hosts write each
 * language. Each program's preview plans a create of every resource, of the kind its Terraform
 * type maps to, with its references kept, and writes nothing to the account.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startEmulator, type Emulator } from "../../emulator";
import { terraformResources } from "../../provider/adopt/terraform-schema";
import { pluginPackage } from "../support/plugin-package";
import { codegenDir, goLanguageHostDir, goModuleInto, goProgramEnv, installPlugin, pluginTarball, terraformConverterDir, yamlLanguageHostDir } from "./plugin-install";
import { PulumiStack, pulumiBinDir, repoRoot } from "./pulumi";
import { pythonLanguageHostDir, pythonProgramEnv, pythonProgramVenv } from "./python";

jest.setTimeout(20 * 60_000);

const configuration = path.join(__dirname, "programs", "terraform");
type Language = "typescript" | "go" | "python" | "yaml";

let emu: Emulator;
let partners: string;
const stacks: PulumiStack[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  await Promise.all([
    pulumiBinDir(),
    pluginTarball(),
    terraformConverterDir(),
    codegenDir(),
    yamlLanguageHostDir(),
    goLanguageHostDir(),
    pythonProgramVenv(),
    Promise.resolve(pluginPackage()),
  ]);
  emu = await startEmulator({ rateLimit: false });
  // What the configuration's data source reads: a policy made elsewhere.
  const res = await fetch(`${emu.url}/ip_policies`, {
    method: "POST",
    headers: { Authorization: `Bearer ${emu.apiKey}`, "Ngrok-Version": "2", "Content-Type": "application/json" },
    body: JSON.stringify({ description: "partners" }),
  });
  partners = ((await res.json()) as { id: string }).id;
}, 60 * 60_000);
afterAll(async () => {
  for (const s of stacks) s.dispose();
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  await emu?.close();
});

/** An empty directory for the converted program; TypeScript's under the repository, to resolve @pulumi/pulumi from its node_modules. */
function outDir(language: Language): string {
  const dir =
    language === "typescript"
      ? path.join(repoRoot, ".pulumi-test", "convert-terraform", `typescript-${process.pid}`)
      : fs.mkdtempSync(path.join(os.tmpdir(), `convert-terraform-${language}-`));
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  dirs.push(dir);
  return dir;
}

/** What runs each language's program: its host behind the program generators' stand-in, and the converter. */
async function languageEnv(language: Language): Promise<Record<string, string>> {
  const before = [await terraformConverterDir(), await codegenDir()];
  const base = ["/usr/local/bin", "/usr/bin", "/bin"];
  const nodeBin = path.join(repoRoot, "node_modules", ".bin");
  switch (language) {
    case "typescript":
      return { PATH: [...before, await pulumiBinDir(), nodeBin, ...base].join(path.delimiter) };
    case "yaml":
      return { PATH: [...before, await yamlLanguageHostDir(), await pulumiBinDir(), nodeBin, ...base].join(path.delimiter) };
    case "go": {
      const env = await goProgramEnv(await pulumiBinDir());
      return { ...env, PATH: [...before, await goLanguageHostDir(), env.PATH].join(path.delimiter) };
    }
    case "python": {
      const env = await pythonProgramEnv(await pythonProgramVenv());
      return { ...env, PATH: [...before, await pythonLanguageHostDir(), env.PATH].join(path.delimiter) };
    }
  }
}

/** The program as the user keeps it: the files the configuration reads beside it, and the SDK where this repository has it. */
function prepare(language: Language, dir: string): void {
  for (const f of fs.readdirSync(configuration)) if (!f.endsWith(".tf")) fs.copyFileSync(path.join(configuration, f), path.join(dir, f));
  if (language === "typescript") {
    fs.cpSync(pluginPackage().dir, path.join(dir, "node_modules", "pulumi-ngrok-plugin"), { recursive: true });
  } else if (language === "go") {
    goModuleInto(dir, "converted");
  }
}

const programFile: Record<Language, string> = { typescript: "index.ts", go: "main.go", python: "__main__.py", yaml: "Main.yaml" };

/** A reference to the policy resource, not its id, in each language's spelling. */
const policyReference: Record<Language, RegExp> = {
  typescript: /ipPolicyId: office\.id/,
  go: /IpPolicyId:\s+office\.ID\(\)/,
  python: /ip_policy_id=office\.id/,
  yaml: /ipPolicyId: \$\{office\.id\}/,
};

it("pulumi convert --from terraform writes the configuration in TypeScript, Go, Python and YAML; each previews a create of every resource", async () => {
  const kinds = [...new Set(Object.values(terraformResources).map((r) => r.kind))].sort();
  const tf = fs.readFileSync(path.join(configuration, "main.tf"), "utf8");
  expect([...new Set([...tf.matchAll(/^resource "(ngrok_\w+)"/gm)].map((m) => m[1]))].sort()).toEqual(Object.keys(terraformResources).sort());
  const secrets = { datadogApiKey: "dd-api-key-converted-7f3a", deployToken: "deploy-token-converted-91c2" };
  emu.clearRequests();

  const convertAndPreview = async (language: Language) => {
    const dir = outDir(language);
    const env = await languageEnv(language);
    // The converter runs in a stack of its own, for the plugin it asks for the mapping.
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `convert-terraform-scratch-${language}-`));
    dirs.push(scratch);
    fs.writeFileSync(path.join(scratch, "Pulumi.yaml"), "name: scratch\nruntime: yaml\n");
    const converter = await PulumiStack.create({ programDir: scratch, env });
    stacks.push(converter);
    await installPlugin(converter);
    await converter.run(`convert (${language})`, ["convert", "--from", "terraform", "--language", language, "--out", dir, "--generate-only"], { cwd: configuration });
    const program = fs.readFileSync(path.join(dir, programFile[language]), "utf8");
    expect(program).toMatch(policyReference[language]);

    if (language === "go") {
      // Pulumi's Go program generator spells a lookup of the index module as the resource's getter
      // (`ngrok.GetIpPolicy(ctx, &ngrok.GetIpPolicyArgs{...})`); the Go SDK's lookup is
      // `LookupIpPolicy`, as Pulumi's Go SDKs name a function that a resource's getter shadows.
      // The user renames it, as here.
      expect(program).toContain("ngrok.GetIpPolicy(ctx, &ngrok.GetIpPolicyArgs{");
      fs.writeFileSync(path.join(dir, programFile.go), program.replace(/ngrok\.GetIpPolicy\(ctx, &ngrok\.GetIpPolicyArgs\{/, "ngrok.LookupIpPolicy(ctx, &ngrok.LookupIpPolicyArgs{"));
    }
    prepare(language, dir);
    const stack = await PulumiStack.create({
      programDir: dir,
      env,
      config: { "ngrok:apiBaseUrl": emu.url, "ngrok:rateLimit": "off", partnerPolicyId: partners },
      secretConfig: { "ngrok:apiKey": emu.apiKey, ...secrets },
    });
    stacks.push(stack);
    await installPlugin(stack);
    const planned = await stack.plannedOps(`preview of the ${language} program`);
    const created = Object.entries(planned).filter(([urn, op]) => op === "create" && urn.includes("::ngrok:index:"));
    expect([...new Set(created.map(([urn]) => /::ngrok:index:(\w+)::/.exec(urn)![1]!))].sort()).toEqual(kinds);
    expect(created).toHaveLength((tf.match(/^resource "/gm) ?? []).length);
    for (const v of Object.values(secrets)) expect(stack.transcript).not.toContain(v);
  };
  const results = await Promise.allSettled((["typescript", "go", "python", "yaml"] as const).map(convertAndPreview));
  const failed = results.flatMap((r) => (r.status === "rejected" ? [r.reason instanceof Error ? r.reason.message : String(r.reason)] : []));
  if (failed.length) throw new Error(failed.join("\n\n"));
  // Nothing was written to the account.
  expect(emu.requests.filter((r) => r.method !== "GET")).toEqual([]);
  // Each program's lookup read the account (a policy's lookup lists the policies).
  expect(emu.requests.filter((r) => r.method === "GET" && r.path === "/ip_policies").length).toBeGreaterThanOrEqual(4);
});
