/**
 * `pulumi-ngrok adopt` against an account made over the API as a dashboard user would (over 150
 * objects of over 20 kinds, both APIs; test/support/account.ts), on one emulator shared by the
 * file's tests: what it writes (the bulk import file, the dynamic door's program), the names, the
 * references, what it leaves out and the secrets it asks for, its filters, the requests it costs
 * against the list walks' floor, and that the account is the same afterwards.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startEmulator, type Emulator } from "../../../emulator";
import { adopt } from "../../../provider/adopt/cli";
import { definitions } from "../../../provider";
import { accountSnapshot, dashboardAccount, everyCollection, type DashboardAccount } from "../../support/account";
import { collectionOf } from "../../support/inputs";
import { boundKinds } from "../../support/provider";

jest.setTimeout(120_000);

let emu: Emulator;
let account: DashboardAccount;
let dir: string;
const collections = () => everyCollection(emu, [...new Set(boundKinds.map((k) => collectionOf(k)))]);

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  account = await dashboardAccount(emu);
});
afterAll(async () => {
  await emu.close();
});
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "adopt-"));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** `paced`: at the API's limit, as the provider paces by default (the runs of one file share its budget, so the others go unpaced). */
const env = (ai = true, paced = false): NodeJS.ProcessEnv => ({
  ...(paced ? {} : { NGROK_RATE_LIMIT: "off", NGROK_AI_GATEWAY_RATE_LIMIT: "off" }),
  NGROK_API_KEY: emu.apiKey,
  NGROK_API_BASE_URL: emu.url,
  ...(ai ? { NGROK_AI_GATEWAY_API_KEY: emu.aiGatewayApi.apiKey, NGROK_AI_GATEWAY_API_BASE_URL: emu.aiGatewayApi.url } : {}),
});

async function run(args: string[], options: { ai?: boolean; paced?: boolean } = {}): Promise<{ code: number; out: string[] }> {
  const out: string[] = [];
  const code = await adopt(args, { out: (l) => out.push(l), env: env(options.ai ?? true, options.paced ?? false), cwd: dir });
  return { code, out };
}

interface ImportEntry {
  type: string;
  name: string;
  id: string;
  version?: string;
  terraformAddress?: string;
}
const importFile = (file = "adopt.json") => JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as { resources: ImportEntry[] };

it("adopts the whole account in one command: every object once, readable unique names, nothing written, at the list walks' floor", async () => {
  const before = accountSnapshot(emu, collections());
  emu.clearRequests();
  emu.aiGatewayApi.clearRequests();
  const { code, out } = await run(["--program", "index.ts"], { paced: true });
  expect(code).toBe(0);

  // Only reads, and the account is the same.
  const requests = [...emu.requests, ...emu.aiGatewayApi.requests];
  expect(requests.filter((r) => r.method !== "GET")).toEqual([]);
  expect(accountSnapshot(emu, collections())).toEqual(before);

  const { resources } = importFile();
  const kinds = new Set(resources.map((r) => r.type));
  expect(resources.length).toBeGreaterThanOrEqual(150);
  expect(kinds.size).toBeGreaterThanOrEqual(15);
  // Every object of the account that is one to manage, once (the agent's endpoint left out).
  const made = Object.entries(account.counts).reduce((n, [, c]) => n + c, 0);
  expect(resources.length).toBe(made);
  expect(new Set(resources.map((r) => r.id)).size).toBe(resources.length);
  expect(new Set(resources.map((r) => r.name)).size).toBe(resources.length);
  for (const r of resources) expect(r.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);

  // The requests: one per list page, which is what reading it all costs at the least.
  const summary = out[0]!;
  const m = /^Read (\d+) objects of (\d+) kinds in (\d+) requests .*; reading it all takes (\d+) at the least/.exec(summary);
  expect(m).not.toBeNull();
  expect(Number(m![3])).toBe(requests.length);
  expect(Number(m![3])).toBe(Number(m![4]));
  process.stdout.write(`adopt: ${resources.length} objects of ${kinds.size} kinds, ${requests.length} requests (floor ${m![4]})\n`);

  // Left out, each in one line: the agent's endpoint, the account's default AI Gateway settings,
  // the event types adopted with their subscriptions.
  const left = out.slice(out.indexOf(out.find((l) => l.startsWith("Left out"))!) + 1).filter((l) => l.startsWith("  ") && !l.includes("pulumi config set"));
  expect(left).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^ {2}CloudEndpoint ep_\w+: an agent's own endpoint \(type "\w+"\): its agent makes and removes it$/),
      expect.stringMatching(/^ {2}AiGatewayConfig gateway-config: the account's defaults/),
      expect.stringMatching(/^ {2}EventSource: adopted with each EventSubscription, as its `sources`/),
    ]),
  );

  // Secrets it cannot read back are config the program reads; none is ever printed or written.
  const setLines = out.filter((l) => l.includes("pulumi config set --secret"));
  // How to read them, in the languages `pulumi import` writes the program in.
  expect(out.find((l) => l.startsWith("Set before"))).toMatch(/config\.requireSecret; config\.require_secret in Python, cfg\.RequireSecret in Go\)/);
  expect(setLines.filter((l) => l.includes("only you have it")).length).toBe(18 + 2 + 1); // vault secrets, TLS keys, the provider key
  expect(setLines.filter((l) => l.includes("copy it from the account")).length).toBe(1 + 3); // the login in a policy, event destinations' targets (secret as a whole)
  const written = out.join("\n") + fs.readFileSync(path.join(dir, "adopt.json"), "utf8") + fs.readFileSync(path.join(dir, "index.ts"), "utf8");
  for (const values of account.secrets.values()) for (const v of values) expect(written).not.toContain(v);
});

it("names objects from their domain, url, name or description, refers to other resources, and reads secrets from config", async () => {
  await run(["--program", "index.ts"]);
  const names = importFile().resources.map((r) => r.name);
  expect(names).toEqual(
    expect.arrayContaining([
      "reserved-domain-app-0-example-com",
      "cloud-endpoint-app-0-example-com",
      "cloud-endpoint-api-0-internal",
      "vault-team-0-secrets",
      "vault-secret-team-0-secrets-token-0",
      "ip-policy-office-1",
      "ip-policy-rule-office-1-10-1-2-0-24",
      "service-user-ci-runner-0",
      "tls-certificate-tls-0-example-com",
      "credential-laptop-0",
      "ai-provider-key-openai-production-openai",
    ]),
  );
  const program = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
  // A secret's vault, a rule's policy, an endpoint's domain: references, declared before use.
  expect(program).toMatch(/new ngrok\.VaultSecret\("vault-secret-team-0-secrets-token-0", \{\n {4}importId: "secret_\w+",\n {4}vaultId: vaultTeam0Secrets\.id,/);
  expect(program).toMatch(/ipPolicyId: ipPolicyOffice1\.id/);
  expect(program).toMatch(/ipPolicyIds: \[ipPolicyOffice0\.id\]/);
  expect(program).toContain("url: pulumi.interpolate`https://${reservedDomainApp0ExampleCom.domain}`");
  expect(program.indexOf("const vaultTeam0Secrets")).toBeLessThan(program.indexOf("const vaultSecretTeam0SecretsToken0"));
  expect(program).toContain('value: config.requireSecret("vault-secret-team-0-secrets-token-0-value")');
  expect(program).toContain('privateKeyPem: config.requireSecret("tls-certificate-tls-0-example-com-private-key-pem")');
  expect(program).toMatch(/credentials: \[config\.requireSecret\("cloud-endpoint-app-0-example-com-policy-secret-1"\)\]/);
  // The same account names its objects the same way on every run.
  const first = fs.readFileSync(path.join(dir, "adopt.json"), "utf8");
  await run([]);
  expect(fs.readFileSync(path.join(dir, "adopt.json"), "utf8")).toBe(first);
});

it("filters by kind, by description or metadata, and by id", async () => {
  await run(["--kind", "Vault,VaultSecret"]);
  expect(new Set(importFile().resources.map((r) => r.type))).toEqual(new Set(["ngrok:index:Vault", "ngrok:index:VaultSecret"]));

  await run(["--description", "production app"]);
  const production = importFile().resources;
  expect(production.map((r) => r.type)).toEqual(Array(6).fill("ngrok:index:ReservedDomain"));

  await run(["--metadata", '"team":"web"']);
  expect(importFile().resources.map((r) => r.name).sort()).toEqual(["1", "3", "5", "7", "9", "11", "13", "15"].map((i) => `reserved-domain-app-${i}-example-com`).sort());

  await run(["--id", production.map((r) => r.id).slice(0, 2).join(",")]);
  expect(importFile().resources.map((r) => r.id)).toEqual(production.map((r) => r.id).slice(0, 2));

  const wrong = run(["--kind", "Domain"]);
  await expect(wrong).rejects.toThrow("--kind: Domain is no kind of object");
});

it("without the AI Gateway API's key, says in one line that its kinds were not read", async () => {
  emu.aiGatewayApi.clearRequests();
  const { out } = await run([], { ai: false });
  expect(emu.aiGatewayApi.requests).toEqual([]);
  expect(out).toContainEqual(expect.stringMatching(/^ {2}AiAccessKey, AiAccessKeyConfiguration, AiApiKey, AiCustomProvider, AiGatewayConfig, AiProviderKey: on the AI Gateway API, not read: set NGROK_AI_GATEWAY_API_KEY/));
  expect(importFile().resources.some((r) => r.type.startsWith("ngrok:index:Ai") && r.type !== "ngrok:index:AiGatewayApiKey" && r.type !== "ngrok:index:AiGatewayProviderKey")).toBe(false);
});

it("fails in one line without a key, and writes nothing", async () => {
  const out: string[] = [];
  await expect(adopt([], { out: (l) => out.push(l), env: {}, cwd: dir })).rejects.toThrow(/API key/);
  expect(fs.existsSync(path.join(dir, "adopt.json"))).toBe(false);
});

it("every kind of the registry that is an object is read, or left out in one line", () => {
  // A new kind is either walked by the account's listing or named in its left-out lines.
  expect(Object.values(definitions).filter((d) => d.binding).length).toBe(boundKinds.length);
});

it("tells apart two objects whose labels tie by their own ids, whatever the list's order", () => {
  const { nameAll } = require("../../../provider/adopt/plan") as typeof import("../../../provider/adopt/plan");
  const a = { kind: "Credential", id: "cr_2aaaaaaaaaaaaaaaaaaaaaaaa111", importId: "cr_2aaaaaaaaaaaaaaaaaaaaaaaa111", props: { description: "laptop" }, inputs: {} };
  const b = { kind: "Credential", id: "cr_2bbbbbbbbbbbbbbbbbbbbbbbb222", importId: "cr_2bbbbbbbbbbbbbbbbbbbbbbbb222", props: { description: "laptop" }, inputs: {} };
  const forward = nameAll([a, b]);
  const backward = nameAll([b, a]);
  expect([forward.get(a), forward.get(b)]).toEqual(["credential-laptop-aaa111", "credential-laptop-bbb222"]);
  expect([backward.get(a), backward.get(b)]).toEqual([forward.get(a), forward.get(b)]);
});
