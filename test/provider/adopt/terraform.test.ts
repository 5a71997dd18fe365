/**
 * Terraform on ngrok's provider: `adopt --from-terraform` with a state written from the Terraform
 * provider's published schema (v0.8; fixtures/terraform.tfstate: 14 of its resource types, a
 * module, `count` and `for_each` instances, a data source, a type it no longer has, another
 * provider's resource, an object deleted since), against objects made over the API; and the
 * mapping the plugin answers `GetMapping` with, which Pulumi's Terraform converter reads.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as grpc from "@grpc/grpc-js";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as prov from "@pulumi/pulumi/proto/provider_pb";
import { startEmulator, type Emulator } from "../../../emulator";
import { definitions } from "../../../provider";
import { adopt } from "../../../provider/adopt/cli";
import { terraformResources } from "../../../provider/adopt/terraform-schema";
import { readState } from "../../../provider/adopt/terraform";
import { serve, type RunningPlugin } from "../../../provider/hosts/plugin/server";
import { call } from "../../support/api";
import { sshPublicKeyLine } from "../../support/ssh";

jest.setTimeout(60_000);

const fixture = fs.readFileSync(path.join(__dirname, "fixtures", "terraform.tfstate"), "utf8");
let emu: Emulator;
let dir: string;

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
});
afterAll(() => emu.close());
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "adopt-tf-"))));
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

async function made(p: string, body: Record<string, unknown>): Promise<string> {
  const r = await call(emu, "POST", p, body);
  if (r.status !== 201) throw new Error(`POST ${p}: ${r.status} ${r.text}`);
  return r.json.id as string;
}

/** The objects the state names, made over the API; the state's placeholders become their ids. */
async function stateOfTheAccount(): Promise<{ text: string; ids: Record<string, string> }> {
  const ids: Record<string, string> = {};
  ids.domain = await made("/reserved_domains", { domain: "tf-app.example.com", description: "app" });
  ids.endpoint = await made("/endpoints", { url: "https://tf-app.example.com", description: "app", traffic_policy: '{"on_http_request":[{"actions":[{"type":"custom-response","config":{"status_code":200,"body":"terraform"}}]}]}' });
  ids.address = await made("/reserved_addrs", { description: "ssh", region: "eu" });
  ids.credential = await made("/credentials", { description: "agent 0", acl: ["bind:tf-app.example.com"] });
  ids.serviceUser = await made("/service_users", { name: "tf-ci" });
  ids.apiKey = await made("/api_keys", { description: "ci key", owner_id: ids.serviceUser });
  ids.vault = await made("/vaults", { name: "tf-secrets" });
  ids.secret = await made("/vault_secrets", { vault_id: ids.vault, name: "upstream-token", value: "tf-state-holds-the-value" });
  ids.ipPolicy = await made("/ip_policies", { description: "tf office" });
  ids.ipRule = await made("/ip_policy_rules", { ip_policy_id: ids.ipPolicy, cidr: "198.51.100.0/24", action: "allow" });
  ids.ipRestriction = await made("/ip_restrictions", { type: "dashboard", ip_policy_ids: [ids.ipPolicy] });
  ids.destination = await made("/event_destinations", { description: "tf debug", target: { debug: { log: true } } });
  ids.subscription = await made("/event_subscriptions", { description: "tf policies", destination_ids: [ids.destination], sources: [{ type: "ip_policy_created.v0" }] });
  ids.sshCa = await made("/ssh_certificate_authorities", { description: "tf hosts", private_key_type: "ed25519" });
  // Made outside Terraform: not in its state, never adopted from it.
  await made("/ssh_credentials", { description: "not terraform's", public_key: sshPublicKeyLine("ssh-ed25519", "x@y") });
  const text = fixture.replace(/@(\w+)/g, (m, k: string) => ids[k] ?? m);
  return { text, ids };
}

it("adopts what a Terraform state holds: each object by its kind and id, its Terraform address kept, the rest listed", async () => {
  const { text, ids } = await stateOfTheAccount();
  fs.writeFileSync(path.join(dir, "terraform.tfstate"), text);
  const out: string[] = [];
  emu.clearRequests();
  const code = await adopt(["--from-terraform", "terraform.tfstate", "--program", "index.ts"], {
    out: (l) => out.push(l),
    env: { NGROK_API_KEY: emu.apiKey, NGROK_API_BASE_URL: emu.url, NGROK_RATE_LIMIT: "off" },
    cwd: dir,
  });
  expect(code).toBe(0);
  expect(emu.requests.filter((r) => r.method !== "GET")).toEqual([]);
  const { resources } = JSON.parse(fs.readFileSync(path.join(dir, "adopt.json"), "utf8")) as { resources: { type: string; name: string; id: string; terraformAddress: string }[] };
  const byAddress = Object.fromEntries(resources.map((r) => [r.terraformAddress, { type: r.type, id: r.id }]));
  expect(byAddress).toEqual({
    "ngrok_domain.app": { type: "ngrok:index:ReservedDomain", id: ids.domain },
    "ngrok_cloud_endpoint.app": { type: "ngrok:index:CloudEndpoint", id: ids.endpoint },
    "ngrok_tcp_address.ssh": { type: "ngrok:index:TcpAddress", id: ids.address },
    "ngrok_credential.agents[0]": { type: "ngrok:index:Credential", id: ids.credential },
    "ngrok_service_user.ci": { type: "ngrok:index:ServiceUser", id: ids.serviceUser },
    "ngrok_api_key.ci": { type: "ngrok:index:ApiKey", id: ids.apiKey },
    "module.secrets.ngrok_vault.this": { type: "ngrok:index:Vault", id: ids.vault },
    'module.secrets.ngrok_secret.this["upstream"]': { type: "ngrok:index:VaultSecret", id: ids.secret },
    "ngrok_ip_policy.office": { type: "ngrok:index:IpPolicy", id: ids.ipPolicy },
    "ngrok_ip_policy_rule.office_v4": { type: "ngrok:index:IpPolicyRule", id: ids.ipRule },
    "ngrok_ip_restriction.dashboard": { type: "ngrok:index:IpRestriction", id: ids.ipRestriction },
    "ngrok_event_destination.debug": { type: "ngrok:index:EventDestination", id: ids.destination },
    "ngrok_event_subscription.policies": { type: "ngrok:index:EventSubscription", id: ids.subscription },
    "ngrok_ssh_certificate_authority.hosts": { type: "ngrok:index:SshCertificateAuthority", id: ids.sshCa },
  });
  expect(new Set(resources.map((r) => r.type)).size).toBeGreaterThanOrEqual(10);
  expect(out).toEqual(
    expect.arrayContaining([
      "  data.ngrok_tunnel_session.current: a data source reads, it manages nothing",
      "  ngrok_bot_user.legacy: ngrok_bot_user has no counterpart in this provider",
      '  aws_route53_record.app: not of ngrok\'s provider (provider["registry.terraform.io/hashicorp/aws"])',
      "  ngrok_credential.deleted_since: cr_2deletedSinceInTheDashboard0 is not in the account (deleted since, or left out by a filter)",
    ]),
  );
  // The program keeps the address beside each resource; the state's secret value is never copied.
  const program = fs.readFileSync(path.join(dir, "index.ts"), "utf8");
  expect(program).toContain('// terraform: module.secrets.ngrok_secret.this["upstream"]');
  expect(program + out.join("\n")).not.toContain("tf-state-holds-the-value");
});

it("fails in one line on a file that is not a Terraform state, before any request", async () => {
  fs.writeFileSync(path.join(dir, "x.tfstate"), '{"version": 3}');
  emu.clearRequests();
  await expect(adopt(["--from-terraform", "x.tfstate"], { out: () => undefined, env: { NGROK_API_KEY: emu.apiKey, NGROK_API_BASE_URL: emu.url }, cwd: dir })).rejects.toThrow(
    "x.tfstate is not a Terraform state of format version 4 (Terraform 0.12 or later)",
  );
  expect(emu.requests).toEqual([]);
  expect(() => readState("not json", "y")).toThrow("y is not a Terraform state: it is not JSON");
});

describe("GetMapping", () => {
  let plugin: RunningPlugin;
  let client: provrpc.ResourceProviderClient;
  beforeAll(async () => {
    plugin = await serve(undefined, { version: "0.0.0-test", schema: () => "{}" });
    client = new provrpc.ResourceProviderClient(`127.0.0.1:${plugin.port}`, grpc.credentials.createInsecure());
  });
  afterAll(async () => {
    client.close();
    await plugin.stop();
  });
  const mapping = (key: string, provider: string) =>
    new Promise<prov.GetMappingResponse>((resolve, reject) => {
      const req = new prov.GetMappingRequest();
      req.setKey(key);
      req.setProvider(provider);
      client.getMapping(req, (err, res) => (err ? reject(err) : resolve(res)));
    });

  it("answers `terraform` with every resource type of ngrok's Terraform provider v0.8 mapped to a token of the schema", async () => {
    const res = await mapping("terraform", "ngrok");
    expect(res.getProvider()).toBe("ngrok");
    const info = JSON.parse(Buffer.from(res.getData_asU8()).toString("utf8")) as {
      name: string;
      version: string;
      provider: { resources: Record<string, Record<string, { type: number; required?: boolean; element?: unknown }>>; schema: Record<string, unknown> };
      resources: Record<string, { tok: string; fields: Record<string, unknown> }>;
      dataSources: Record<string, { tok: string }>;
      config: Record<string, { name: string }>;
    };
    expect(info.name).toBe("ngrok");
    expect(info.version).toBe("0.0.0-test");
    const schema = JSON.parse(fs.readFileSync(path.join(__dirname, "..", "..", "..", "schema.json"), "utf8")) as { resources: Record<string, { inputProperties: Record<string, unknown> }>; functions: Record<string, unknown> };
    // The 18 resource types of the provider's documentation, each a resource of ours.
    expect(Object.keys(info.resources).sort()).toEqual(Object.keys(terraformResources).sort());
    expect(Object.keys(info.resources)).toHaveLength(18);
    for (const [type, r] of Object.entries(info.resources)) {
      expect({ type, known: r.tok in schema.resources }).toEqual({ type, known: true });
      // Every attribute the configuration may set is an input of ours under its camelCase name, or marked as having none.
      const inputs = schema.resources[r.tok]!.inputProperties;
      const settable = Object.entries(terraformResources[type]!.attributes).filter(([, a]) => a.mode !== "computed" && !a.none);
      const missing = settable.map(([k, a]) => a.pulumi ?? k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())).filter((k) => !(k in inputs));
      expect({ type, missing }).toEqual({ type, missing: [] });
    }
    for (const [type, d] of Object.entries(info.dataSources)) expect({ type, known: d.tok in schema.functions }).toEqual({ type, known: true });
    // The bridge's shapes: a string is 4, a list 5 of strings; a nested object is a list (5) of at most one resource.
    expect(info.provider.resources.ngrok_ip_policy_rule!.cidr).toEqual({ type: 4, required: true });
    expect(info.provider.resources.ngrok_credential!.acl).toEqual({ type: 5, optional: true, element: { schema: { type: 4 } } });
    expect(info.provider.resources.ngrok_domain!.certificate_management_policy).toMatchObject({ type: 5, maxItems: 1, optional: true, element: { resource: { authority: { type: 4 } } } });
    // Names the bridge would not derive: a list keeps its number (acl, not acls); a nested object's attributes are named.
    expect(info.resources.ngrok_credential!.fields.acl).toEqual({ name: "acl" });
    expect(info.resources.ngrok_domain!.fields.certificate_management_policy).toEqual({
      maxItemsOne: true,
      fields: { authority: { name: "authority" }, private_key_type: { name: "privateKeyType" } },
    });
    expect(info.config).toEqual({ api_key: { name: "apiKey" }, api_base_url: { name: "apiBaseUrl" } });
    expect(Object.values(definitions).length).toBeGreaterThan(18);
  });

  it("answers nothing for another key or another provider", async () => {
    expect((await mapping("opentofu", "ngrok")).getData_asU8()).toHaveLength(0);
    expect((await mapping("terraform", "aws")).getData_asU8()).toHaveLength(0);
  });
});
