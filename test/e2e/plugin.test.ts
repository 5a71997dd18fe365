/**
 * End to end through the provider plugin `pulumi-resource-ngrok`, installed from its tarball with
 * `pulumi plugin install resource ngrok <version> --file`, offline, with the real CLI and engine:
 * - a program's life cycle, `preview --json` naming each changed property and the replace reason,
 *   secrets encrypted in state and `[secret]` in outputs;
 * - `pulumi import ngrok:index:<Kind> <name> <id>` of every kind, made out of band through the
 *   API, after which the program declaring them previews no change;
 * - the state of the same resources through the plugin and through the dynamic SDK;
 * - the plugin's Node.js package pulumi-ngrok-plugin, installed with `npm install <tarball>` in a
 *   fresh directory outside the repository, deploying a program that uses the API's typed policy,
 *   `secretRef`, a parent argument and a lookup (npm installs from its cache, or the registry).
 * Every example in examples/ also runs its life cycle on the plugin's Node.js package (lifecycle.ts).
 * The program (test/e2e/programs/plugin) declares resources of any kind by type token from stack
 * config. These tests fail, never skip, when the CLI cannot be built; they need `make build`.
 */
import { spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startEmulator, type Emulator } from "../../emulator";
import { ApiClient } from "../../provider/client/http";
import { definitions, type BoundKind } from "../../provider";
import { boundKinds } from "../support/provider";
import { ResourceHandler } from "../../provider/engine/handler";
import { locatingInputs } from "../../provider/engine/locate";
import { validInputs } from "../support/inputs";
import { pluginPackage } from "../support/plugin-package";
import { installPlugin, pluginTarball, pluginVersion } from "./plugin-install";
import { PulumiStack, cleanUpStack, isEncryptedSecret, pulumiBinDir, repoRoot, revealedSecret, type StackExport } from "./pulumi";

jest.setTimeout(15 * 60_000);

const programDir = path.join(__dirname, "programs", "plugin");

interface Declared {
  kind: string;
  name: string;
  inputs: Record<string, unknown>;
  secretInputs?: string[];
  outputs?: string[];
}

beforeAll(async () => {
  await pulumiBinDir();
  await pluginTarball();
}, 60 * 60_000);

let emu: Emulator;
const stacks: PulumiStack[] = [];

beforeEach(async () => {
  emu = await startEmulator({ rateLimit: false });
});
afterEach(async () => {
  for (const s of stacks.splice(0)) await cleanUpStack(s);
  await emu?.close();
});

/** A stack of the plugin program with the plugin installed in its own PULUMI_HOME, from the tarball. */
async function pluginStack(declared: Declared[]): Promise<PulumiStack> {
  const stack = await PulumiStack.create({
    programDir,
    config: {
      "ngrok:apiBaseUrl": emu.url,
      "ngrok:rateLimit": "off",
      "ngrok:aiGatewayApiBaseUrl": emu.aiGatewayApi.url,
      "ngrok:aiGatewayRateLimit": "off",
      pluginVersion,
      resources: JSON.stringify(declared),
    },
    secretConfig: { "ngrok:apiKey": emu.apiKey, "ngrok:aiGatewayApiKey": emu.aiGatewayApi.apiKey },
  });
  stacks.push(stack);
  await installPlugin(stack);
  return stack;
}

function resourceNamed(exp: StackExport, name: string): { inputs?: Record<string, unknown>; outputs?: Record<string, unknown>; type: string } {
  const r = exp.deployment.resources?.find((x) => x.urn.endsWith(`::${name}`));
  if (!r) throw new Error(`no resource ${name} in the state`);
  return r;
}

interface PreviewStep {
  op: string;
  urn: string;
  replaceReasons?: string[];
  detailedDiff?: Record<string, { kind: string; inputDiff: boolean }> | null;
}

it("runs a program's life cycle: detailed diffs with replace reasons, secrets secret in state and output", async () => {
  const declared = (domain: string, description: string): Declared[] => [
    { kind: "ReservedDomain", name: "app", inputs: { domain, description } },
    { kind: "Credential", name: "agent", inputs: { description, acl: [`bind:${domain}`] }, secretInputs: ["description"], outputs: ["token"] },
  ];
  const stack = await pluginStack(declared("plugin.example.com", "first"));
  await stack.up();
  expect(emu.resources("reserved_domains")).toMatchObject([{ domain: "plugin.example.com", description: "first" }]);

  const exp = await stack.stackExport();
  const agent = resourceNamed(exp, "agent");
  expect(agent.type).toBe("ngrok:index:Credential");
  expect(isEncryptedSecret(agent.outputs!.token)).toBe(true);
  expect(isEncryptedSecret(agent.inputs!.description)).toBe(true);
  expect(isEncryptedSecret(agent.outputs!.description)).toBe(true);
  expect(JSON.stringify(exp)).not.toContain("__provider");
  const outputs = (await stack.outputs()).resources as Record<string, unknown>;
  expect(outputs["agent.token"]).toBe("[secret]");
  const token = revealedSecret(resourceNamed(await stack.stackExportWithSecrets(), "agent").outputs!.token);
  expect(typeof token).toBe("string");

  await stack.previewExpectNoChanges();

  await stack.setConfig("resources", JSON.stringify(declared("other.example.com", "second")));
  const preview = await stack.pulumi("preview --json", "preview", "--json");
  const steps = (JSON.parse(preview.stdout) as { steps: PreviewStep[] }).steps;
  const step = (name: string): PreviewStep => steps.find((s) => s.urn.endsWith(`::${name}`))!;
  expect(step("app")).toMatchObject({
    op: "replace",
    replaceReasons: ["domain"],
    detailedDiff: { domain: { kind: "update-replace", inputDiff: true }, description: { kind: "update", inputDiff: true } },
  });
  expect(step("agent")).toMatchObject({ op: "update", detailedDiff: { description: { kind: "update" }, acl: { kind: "update" } } });
  expect(Object.keys(step("agent").detailedDiff!).sort()).toEqual(["acl", "description"]);

  await stack.up("up (replace and update)");
  expect(emu.resources("reserved_domains")).toMatchObject([{ domain: "other.example.com", description: "second" }]);
  expect(emu.resources("credentials")).toMatchObject([{ description: "second", acl: ["bind:other.example.com"] }]);
  await stack.refreshExpectNoChanges();
  await stack.previewExpectNoChanges("preview after refresh");

  await stack.destroy();
  expect(emu.resources("reserved_domains")).toEqual([]);
  expect(emu.resources("credentials")).toEqual([]);
  expect(stack.transcript).not.toContain(token as string);
  expect(stack.transcript).not.toContain(emu.apiKey);
});

it("splits a policy's credentials into trafficPolicySecrets, the policy given as YAML or JSON text, secret or not", async () => {
  const password = "plugin-e2e-basic-auth-passw0rd";
  const yaml = [
    "on_http_request:",
    "  - actions:",
    "      - type: basic-auth",
    "        config:",
    `          credentials: ["alice:${password}"]`,
    "  - actions:",
    "      - type: custom-response",
    "        config:",
    "          status_code: 200",
  ].join("\n");
  const json = JSON.stringify({
    on_http_request: [
      { actions: [{ type: "basic-auth", config: { credentials: [`bob:${password}`] } }] },
      { actions: [{ type: "custom-response", config: { status_code: 200 } }] },
    ],
  });
  const declared = (yamlPolicy: string): Declared[] => [
    { kind: "CloudEndpoint", name: "from-yaml", inputs: { url: "https://yaml.internal", trafficPolicy: yamlPolicy } },
    // Given as a secret as a whole: the policy stays one.
    { kind: "CloudEndpoint", name: "from-json", inputs: { url: "https://json.internal", trafficPolicy: json }, secretInputs: ["trafficPolicy"] },
  ];
  const stack = await pluginStack(declared(yaml));
  await stack.up();
  const sent = (emu.resources("endpoints") as { url: string; traffic_policy: string }[]).map((e) => [e.url, JSON.parse(e.traffic_policy)]);
  expect(Object.fromEntries(sent)).toMatchObject({
    "https://yaml.internal": { on_http_request: [{ actions: [{ type: "basic-auth", config: { credentials: [`alice:${password}`] } }] }, {}] },
    "https://json.internal": { on_http_request: [{ actions: [{ type: "basic-auth", config: { credentials: [`bob:${password}`] } }] }, {}] },
  });

  const state = await stack.stackExport();
  const fromYaml = resourceNamed(state, "from-yaml");
  const fromJson = resourceNamed(state, "from-json");
  for (const r of [fromYaml, fromJson]) {
    for (const where of [r.inputs!, r.outputs!]) expect(isEncryptedSecret(where.trafficPolicySecrets)).toBe(true);
  }
  // The text became the typed policy without its credentials, readable where the program gave it in clear.
  expect(fromYaml.inputs!.trafficPolicy).toEqual({ onHttpRequest: [{ actions: [{ type: "basic-auth", config: {} }] }, { actions: [{ type: "custom-response", config: { statusCode: 200 } }] }] });
  expect(isEncryptedSecret(fromJson.inputs!.trafficPolicy)).toBe(true);
  const revealed = resourceNamed(await stack.stackExportWithSecrets(), "from-yaml");
  expect(revealedSecret(revealed.inputs!.trafficPolicySecrets)).toEqual({ "onHttpRequest[0].actions[0].config.credentials[0]": `alice:${password}` });
  expect(JSON.stringify(state)).not.toContain(password);
  expect(stack.transcript).not.toContain(password);

  // The same policy in the other spelling is no change.
  await stack.setConfig("resources", JSON.stringify(declared(JSON.stringify({
    on_http_request: [
      { actions: [{ type: "basic-auth", config: { credentials: [`alice:${password}`] } }] },
      { actions: [{ type: "custom-response", config: { status_code: 200 } }] },
    ],
  }))));
  await stack.previewExpectNoChanges("preview of the YAML policy written as JSON");
  await stack.refreshExpectNoChanges();
  await stack.destroy();
  expect(emu.resources("endpoints")).toEqual([]);
  expect(stack.transcript).not.toContain(password);
});

it("adopts every kind with `pulumi import`, and the program declaring them previews no change", async () => {
  const client = new ApiClient({ apiKey: emu.apiKey, baseUrl: emu.url, rateLimit: false, pacingDir: false });
  const aiClient = new ApiClient({ apiKey: emu.aiGatewayApi.apiKey, baseUrl: emu.aiGatewayApi.url, rateLimit: false, pacingDir: false, api: "ai-gateway" });
  const stack = await pluginStack([]);
  const declared: Declared[] = [];
  const made: { kind: BoundKind; id: string }[] = [];
  const imports: { type: string; name: string; id: string }[] = [];
  try {
    for (const [n, kind] of boundKinds.entries()) {
      const def = definitions[kind];
      // Made out of band, through the API, as someone outside Pulumi would.
      const inputs = await validInputs[kind](emu, 700 + n);
      const { id } = await new ResourceHandler(def, { client: () => client, aiGatewayClient: () => aiClient }).create(inputs);
      made.push({ kind, id });
      const name = `imported-${n}`;
      imports.push({ type: `ngrok:index:${kind}`, name, id: [...locatingInputs(def).map((k) => String(inputs[k])), id].join("/") });
      const secretInputs = Object.entries(def.properties).filter(([k, p]) => p.secret && k in inputs).map(([k]) => k);
      declared.push({ kind, name, inputs, secretInputs });
    }
  } finally {
    await client.close();
    await aiClient.close();
  }
  // Every kind in one import, as `pulumi import --file` takes a list (each read by the plugin as alone).
  const file = path.join(stack.tmpDir, "import.json");
  fs.writeFileSync(file, JSON.stringify({ resources: imports }));
  await stack.pulumi("import --file (every kind)", "import", "--file", file, "--generate-code=false", "--protect=false", "--yes");
  const state = await stack.stackExport();
  for (const d of declared) expect(resourceNamed(state, d.name).type).toBe(`ngrok:index:${d.kind}`);
  // The import took the inputs each resource has: every one the API answers is in state.
  const missingInputs = declared.map((d) => {
    const def = definitions[d.kind as BoundKind];
    const stored = resourceNamed(state, d.name).inputs ?? {};
    return { kind: d.kind, missing: Object.keys(d.inputs).filter((k) => !def.properties[k]?.writeOnly && !(k in stored)) };
  });
  expect(missingInputs.filter((m) => m.missing.length > 0)).toEqual([]);

  await stack.setConfig("resources", JSON.stringify(declared));
  await stack.previewExpectNoChanges("preview of the program declaring the imported resources");
  // Managed from then on: destroy deletes each one (those of a top-level collection are looked up).
  await stack.destroy();
  for (const { kind, id } of made) {
    const binding = definitions[kind].binding;
    if (binding.kind !== "collection") continue;
    const left = (emu.resources(binding.path.slice(1)) as { id: string }[]).filter((r) => r.id === id);
    expect({ kind, left }).toEqual({ kind, left: [] });
  }
});

it("keeps a third of the dynamic SDK's state, or less, for the same resources", async () => {
  const count = 20;
  const declared: Declared[] = [];
  for (let i = 0; i < count; i++) declared.push({ kind: "ReservedDomain", name: `domain-${i}`, inputs: { domain: `d${i}.many.example.com`, description: `app ${i}` } });
  for (let i = 0; i < count; i++) declared.push({ kind: "Credential", name: `agent-${i}`, inputs: { description: `agent ${i}`, acl: [`bind:d${i}.many.example.com`] } });
  const plugin = await pluginStack(declared);
  await plugin.up();
  const pluginBytes = JSON.stringify((await plugin.stackExport()).deployment.resources).length;
  await plugin.destroy();

  const dynamic = await PulumiStack.create({
    programDir: path.join(__dirname, "programs", "many"),
    config: { "ngrok:apiBaseUrl": emu.url, "ngrok:rateLimit": "off", credentials: String(count), domains: String(count) },
    secretConfig: { "ngrok:apiKey": emu.apiKey },
  });
  stacks.push(dynamic);
  await dynamic.up();
  const dynamicBytes = JSON.stringify((await dynamic.stackExport()).deployment.resources).length;
  // Recorded for the README's numbers; the assertion is the ratio.
  process.stdout.write(`state of ${2 * count} resources: plugin ${pluginBytes} bytes, dynamic ${dynamicBytes} bytes, ratio ${(pluginBytes / dynamicBytes).toFixed(3)}\n`);
  expect(pluginBytes / dynamicBytes).toBeLessThanOrEqual(1 / 3);
});

/** Runs a command as a user's shell would, with the repository's Node.js first on PATH (npm runs on it). */
function run(command: string, args: string[], cwd: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, PATH: `${path.join(repoRoot, "node_modules", ".bin")}${path.delimiter}${process.env.PATH ?? ""}` };
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, out }));
  });
}

it("the plugin's Node.js package, installed with `npm install <tarball>` in a fresh directory, deploys a program with pulumi-ngrok's API", async () => {
  const { tarball } = pluginPackage();
  const app = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-plugin-package-"));
  try {
    const source = path.join(__dirname, "programs", "plugin-package");
    for (const f of fs.readdirSync(source)) fs.copyFileSync(path.join(source, f), path.join(app, f));
    const installed = await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], app);
    expect({ code: installed.code, out: installed.code === 0 ? "" : installed.out }).toEqual({ code: 0, out: "" });
    // A real directory in the program's node_modules, with a built entry point and types.
    const resolved = await run("node", ["-p", "require.resolve('pulumi-ngrok-plugin')"], app);
    expect(resolved.out.trim()).toBe(path.join(fs.realpathSync(app), "node_modules", "pulumi-ngrok-plugin", "sdk", "index.js"));
    expect(fs.lstatSync(path.join(app, "node_modules", "pulumi-ngrok-plugin")).isSymbolicLink()).toBe(false);
    expect(fs.existsSync(path.join(app, "node_modules", "pulumi-ngrok-plugin", "sdk", "index.d.ts"))).toBe(true);

    const password = "alice:plugin-package-passw0rd";
    const stack = await PulumiStack.create({
      programDir: app,
      config: { "ngrok:apiBaseUrl": emu.url, "ngrok:rateLimit": "off" },
      secretConfig: { "ngrok:apiKey": emu.apiKey, basicAuth: password },
    });
    stacks.push(stack);
    await installPlugin(stack);
    await stack.up();

    const state = await stack.stackExport();
    const managed = (state.deployment.resources ?? []).filter((r) => r.custom && !r.type.startsWith("pulumi:providers:"));
    expect(managed.map((r) => r.type).sort()).toEqual(
      ["CloudEndpoint", "HttpsEdge", "HttpsEdgeRoute", "ReservedDomain", "Vault"].map((k) => `ngrok:index:${k}`),
    );
    expect(JSON.stringify(state)).not.toContain("__provider");
    const [endpoint] = emu.resources("endpoints") as { traffic_policy: string }[];
    expect(JSON.parse(endpoint!.traffic_policy)).toMatchObject({
      on_http_request: [
        { actions: [{ type: "basic-auth", config: { credentials: [password] } }] },
        { actions: [{ type: "add-headers", config: { headers: { "x-upstream-token": "${secrets.get('app-secrets', 'upstream-token')}" } } }] },
        {},
      ],
    });
    const outputs = await stack.outputs();
    expect(outputs.lookedUpId).toBe(outputs.domainId);
    expect(outputs.routeEdgeId).toBe(outputs.edgeId);
    expect(emu.resources("https_edge_routes")).toMatchObject([{ match: "/" }]);
    // The policy's credential is kept as a secret of its own, as pulumi-ngrok keeps it.
    expect(isEncryptedSecret(managed.find((r) => r.type === "ngrok:index:CloudEndpoint")!.outputs!.trafficPolicySecrets)).toBe(true);
    expect(JSON.stringify(state)).not.toContain(password);

    await stack.previewExpectNoChanges();
    await stack.refreshExpectNoChanges();
    await stack.destroy();
    for (const kind of ["reserved_domains", "endpoints", "vaults", "https_edges", "https_edge_routes"]) expect({ kind, rows: emu.resources(kind) }).toEqual({ kind, rows: [] });
    expect(stack.transcript).not.toContain(password);
  } finally {
    fs.rmSync(app, { recursive: true, force: true });
  }
});
