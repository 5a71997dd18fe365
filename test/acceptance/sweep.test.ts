/**
 * The sweeper against the emulator: after a run that left objects behind, it deletes those that
 * carry the run mark and are older than the age given, and leaves objects without the mark, and
 * marked ones still young (a run under way), where they are.
 */
import { FakeClock } from "../../clock";
import { startEmulator, type Emulator } from "../../emulator";
import { Api } from "./api";
import { RUN_MARK } from "./plans";
import { sweep } from "./sweep";

const HOUR = 3_600_000;
let emu: Emulator;
let clock: FakeClock;
let api: Api;

beforeEach(async () => {
  clock = new FakeClock({ start: Date.UTC(2026, 5, 1) });
  emu = await startEmulator({ clock, rateLimit: false });
  api = new Api({ baseUrl: emu.url, apiKey: emu.apiKey }, 0);
});
afterEach(() => emu.close());

async function made(path: string, body: Record<string, unknown>): Promise<string> {
  const a = await api.call("POST", path, body);
  if (a.status !== 201) throw new Error(`POST ${path}: ${a.text}`);
  return `${path}/${String(a.json?.["id"])}`;
}

it("deletes what carries the mark and is older than an hour, and nothing else", async () => {
  const run = `${RUN_MARK}0601-dead-d`;
  // What a run killed midway left: a vault still holding a secret, a policy with a rule, a domain.
  const vault = await made("/vaults", { name: `${run}-vault`, description: `${run} Vault` });
  const secret = await made("/vault_secrets", { vault_id: vault.split("/").pop(), name: "s", value: "v", description: `${run} VaultSecret` });
  const policy = await made("/ip_policies", { description: `${run} IpPolicy` });
  const rule = await made("/ip_policy_rules", { ip_policy_id: policy.split("/").pop(), cidr: "198.51.100.0/24", action: "allow", metadata: JSON.stringify({ run }) });
  const domain = await made("/reserved_domains", { domain: `${run}-domain.example.com` });
  // The account's own objects, as old.
  const theirs = [
    await made("/vaults", { name: "production", description: "not ours" }),
    await made("/ip_policies", { description: "office" }),
    await made("/reserved_domains", { domain: "app.example.com", description: "pulumi-ngrok acceptance is a phrase, not the mark" }),
  ];
  clock.advance(2 * HOUR);
  // A run under way.
  const young = await made("/ip_policies", { description: `${RUN_MARK}0601-live-p IpPolicy` });

  const lines: string[] = [];
  const result = await sweep(api, { minAgeMs: HOUR, now: () => clock.now(), log: (l) => lines.push(l) });

  expect(result.deleted.sort()).toEqual([vault, secret, policy, rule, domain].sort());
  expect(result.young).toEqual([young]);
  expect(result.failed).toEqual([]);
  for (const t of [...theirs, young]) expect({ t, status: (await api.call("GET", t)).status }).toEqual({ t, status: 200 });
  for (const d of result.deleted) expect({ d, status: (await api.call("GET", d)).status }).toEqual({ d, status: 404 });
  expect(lines.filter((l) => l.startsWith("sweep: deleted "))).toHaveLength(5);
});

it("sweeps one run's own prefix at any age, leaving other runs' objects", async () => {
  const mine = await made("/ip_policies", { description: `${RUN_MARK}0601-aaaa-d IpPolicy` });
  const other = await made("/ip_policies", { description: `${RUN_MARK}0601-bbbb-d IpPolicy` });
  const result = await sweep(api, { minAgeMs: 0, mark: `${RUN_MARK}0601-aaaa-`, now: () => clock.now() });
  expect(result.deleted).toEqual([mine]);
  expect((await api.call("GET", other)).status).toBe(200);
});

describe("the AI Gateway API, swept with its own key", () => {
  let ai: Api;
  beforeEach(() => {
    ai = new Api({ baseUrl: emu.aiGatewayApi.url, apiKey: emu.aiGatewayApi.apiKey }, 0);
  });
  const aiMade = async (path: string, body: Record<string, unknown>): Promise<string> => {
    const a = await ai.call("POST", path, body);
    if (a.status !== 201 && a.status !== 200) throw new Error(`POST ${path}: ${a.text}`);
    return `${path}/${String(a.json?.["id"])}`;
  };

  it("deletes its marked objects older than an hour, and leaves the account's AI Gateway configuration alone", async () => {
    const run = `${RUN_MARK}0601-dead-d`;
    const config = await aiMade("/access-key-configurations", { name: `${run}-config`, description: `${run} AiAccessKeyConfiguration` });
    const key = await aiMade("/access-keys", { name: `${run}-app`, accessKeyConfigurationId: config.split("/").pop() });
    const providerKey = await aiMade("/provider-keys", { providerId: "openai", name: "production", value: "sk-theirs", description: "not ours" });
    const gatewayConfig = await ai.call("PATCH", "/gateway-config", { totalTimeout: "90s", metadata: JSON.stringify({ run }) });
    expect(gatewayConfig.status).toBe(200);
    clock.advance(2 * HOUR);

    const lines: string[] = [];
    const result = await sweep(ai, { minAgeMs: HOUR, now: () => clock.now(), log: (l) => lines.push(l), apiName: "ai-gateway" });

    // The configuration an access key links to goes once the key has.
    expect(result.deleted.sort()).toEqual([config, key].sort());
    expect(result.failed).toEqual([]);
    expect(lines.filter((l) => l.startsWith("sweep: cannot list"))).toEqual([]);
    expect((await ai.call("GET", providerKey)).status).toBe(200);
    expect((await ai.call("GET", "/gateway-config")).json?.["metadata"]).toBe(JSON.stringify({ run }));
    // The management API's sweep does not look for the AI Gateway API's collections there.
    const main = await sweep(api, { minAgeMs: HOUR, now: () => clock.now(), log: (l) => lines.push(l) });
    expect([main.deleted, main.failed, lines.filter((l) => l.startsWith("sweep: cannot list"))]).toEqual([[], [], []]);
  });
});
