/**
 * An account as years of dashboard and CLI use leave it, made over the API with plain HTTP (never
 * through this provider): reserved domains and the cloud endpoints on them (one behind a login),
 * TCP addresses, credentials (one owned by a service user), API keys, SSH keys and certificates,
 * vaults and their secrets, IP policies, their rules and restrictions, event destinations and
 * subscriptions, certificate authorities and TLS certificates, agent ingresses, an agent's own
 * endpoint, and the AI Gateway API's keys, providers and routing. Over 150 objects of over 20 kinds.
 */
import type { Emulator } from "../../emulator";
import { aiCall, call } from "./api";
import { makeCertificate } from "./certs";
import { sshPublicKeyLine } from "./ssh";

type Body = Record<string, unknown>;

/** What the account holds that a test needs to know: the secrets only its maker has, by object id. */
export interface DashboardAccount {
  /** Objects made, by API collection. */
  counts: Record<string, number>;
  /** A vault secret's value, a TLS key, a provider key's value, a policy's login, by the object's id. */
  secrets: Map<string, string[]>;
}

async function made(emu: Emulator, path: string, body: Body): Promise<Body & { id: string }> {
  const res = await call(emu, "POST", path, body);
  if (res.status !== 201) throw new Error(`POST ${path}: HTTP ${res.status} ${res.text}`);
  return res.json as Body & { id: string };
}

async function aiMade(emu: Emulator, path: string, body: Body): Promise<Body & { id: string }> {
  const res = await aiCall(emu, "POST", path, body);
  if (res.status !== 201) throw new Error(`POST ${path}: HTTP ${res.status} ${res.text}`);
  return res.json as Body & { id: string };
}

/** Makes the account; `scale` multiplies the larger collections (1: about 170 objects). */
export async function dashboardAccount(emu: Emulator, scale = 1): Promise<DashboardAccount> {
  const counts: Record<string, number> = {};
  const secrets = new Map<string, string[]>();
  const post = async (path: string, body: Body) => {
    const r = await made(emu, path, body);
    const key = path.split("/")[1]!;
    counts[key] = (counts[key] ?? 0) + 1;
    return r;
  };
  const n = (k: number) => k * scale;

  for (let i = 0; i < n(16); i++) {
    const domain = `app-${i}.example.com`;
    await post("/reserved_domains", { domain, description: i % 3 === 0 ? `production app ${i}` : "", metadata: i % 2 ? `{"team":"web","i":${i}}` : "" });
    const policy =
      i === 0
        ? { on_http_request: [{ expressions: ["req.url.path.startsWith('/admin')"], actions: [{ type: "basic-auth", config: { credentials: ["admin:dashboard-passw0rd"] } }] }, { actions: [{ type: "custom-response", config: { status_code: 200, body: "admin" } }] }] }
        : { on_http_request: [{ actions: [{ type: "custom-response", config: { status_code: 200, body: `hello ${i}` } }] }] };
    const ep = await post("/endpoints", { url: `https://${domain}`, description: `app ${i}`, traffic_policy: JSON.stringify(policy) });
    if (i === 0) secrets.set(ep.id, ["admin:dashboard-passw0rd"]);
  }
  for (let i = 0; i < n(3); i++) await post("/endpoints", { url: `https://api-${i}.internal`, description: `internal api ${i}`, traffic_policy: JSON.stringify({ on_http_request: [{ actions: [{ type: "custom-response", config: { status_code: 200 } }] }] }) });
  for (let i = 0; i < n(8); i++) await post("/reserved_addrs", { description: i % 2 ? `tcp ${i}` : "", region: "eu" });
  const services: string[] = [];
  for (let i = 0; i < 4; i++) services.push((await post("/service_users", { name: `ci-runner-${i}` })).id);
  const credentials: string[] = [];
  for (let i = 0; i < n(16); i++) credentials.push((await post("/credentials", { description: i === 5 ? "" : `laptop ${i}`, acl: i % 2 ? [`bind:app-${i}.example.com`] : [], ...(i === 3 ? { owner_id: services[0] } : {}) })).id);
  for (let i = 0; i < 5; i++) await post("/api_keys", { description: `automation ${i}`, ...(i === 1 ? { owner_id: services[1] } : {}) });
  for (let i = 0; i < 5; i++) await post("/ssh_credentials", { description: `ssh ${i}`, public_key: sshPublicKeyLine("ssh-ed25519", `dev${i}@laptop`), acl: [] });
  for (let v = 0; v < 3; v++) {
    const vault = await post("/vaults", { name: `team-${v}-secrets`, description: `team ${v}` });
    for (let s = 0; s < n(6); s++) {
      const value = `vault-${v}-secret-${s}-value`;
      const secret = await post("/vault_secrets", { vault_id: vault.id, name: `token-${s}`, value, description: `token ${s}` });
      secrets.set(secret.id, [value]);
    }
  }
  for (let p = 0; p < 4; p++) {
    const policy = await post("/ip_policies", { description: `office ${p}` });
    for (let r = 0; r < n(8); r++) await post("/ip_policy_rules", { ip_policy_id: policy.id, cidr: `10.${p}.${r}.0/24`, action: r === 4 ? "deny" : "allow", description: r % 2 ? `desk ${r}` : "" });
    if (p < 2) await post("/ip_restrictions", { type: p === 0 ? "dashboard" : "api", ip_policy_ids: [policy.id], description: `restriction ${p}` });
  }
  const destinations: string[] = [];
  for (let d = 0; d < 3; d++) destinations.push((await post("/event_destinations", { description: `debug ${d}`, target: { debug: { log: true } } })).id);
  for (let s = 0; s < 3; s++) await post("/event_subscriptions", { description: `subscription ${s}`, destination_ids: [destinations[s]], sources: [{ type: "ip_policy_created.v0" }, { type: "ip_policy_updated.v0" }] });
  for (let c = 0; c < 2; c++) await post("/certificate_authorities", { ca_pem: (await makeCertificate({ name: `CN=Dashboard CA ${c}`, ca: true })).certificatePem, description: `ca ${c}` });
  for (let c = 0; c < 2; c++) {
    const cert = await makeCertificate({ name: `CN=tls-${c}.example.com`, dnsNames: [`tls-${c}.example.com`] });
    const made = await post("/tls_certificates", { certificate_pem: cert.certificatePem, private_key_pem: cert.privateKeyPem, description: `tls ${c}` });
    secrets.set(made.id, [cert.privateKeyPem]);
  }
  for (let a = 0; a < 2; a++) await post("/agent_ingresses", { domain: `ingress-${a}.example.net`, description: `ingress ${a}` });
  const sshCa = await post("/ssh_certificate_authorities", { description: "hosts", private_key_type: "ed25519" });
  await post("/ssh_host_certificates", { ssh_certificate_authority_id: sshCa.id, public_key: sshPublicKeyLine("ssh-ed25519", "root@web"), principals: ["web.example.com"], description: "web" });
  await post("/ssh_user_certificates", { ssh_certificate_authority_id: sshCa.id, public_key: sshPublicKeyLine("ssh-ed25519", "ops@laptop"), principals: ["ops"], description: "ops" });
  // An agent's own endpoint: made by the agent, never an object to adopt.
  emu.connectAgent({ credentialId: credentials[1]!, os: "linux", agentVersion: "3.20.0", tunnels: [{ proto: "https", publicUrl: "https://agent-made.ngrok.app", forwardsTo: "http://localhost:8080" }] });

  // The AI Gateway API (its own key).
  const count = (k: string) => (counts[k] = (counts[k] ?? 0) + 1);
  for (let k = 0; k < 2; k++) {
    await aiMade(emu, "/api-keys", { name: `automation ${k}` });
    count("ai:api-keys");
  }
  const providerKey = await aiMade(emu, "/provider-keys", { providerId: "openai", name: "openai production", value: "sk-dashboard-provider-key" });
  count("ai:provider-keys");
  secrets.set(providerKey.id, ["sk-dashboard-provider-key"]);
  await aiMade(emu, "/providers", { providerId: "vllm-lab", name: "vLLM lab", baseUrl: "http://127.0.0.1:9/v1", models: [{ modelId: "llama-lab" }], supportedApiSurfaces: [{ format: "openai", surface: "chat-completions" }] });
  count("ai:providers");
  return { counts, secrets };
}

/** Every object of both APIs as the emulator holds them, for a before-and-after comparison. */
export function accountSnapshot(emu: Emulator, collections: readonly string[]): Record<string, unknown[]> {
  return Object.fromEntries(collections.map((c) => [c, emu.resources(c)]));
}

/** The emulator's collections of every object kind (the AI Gateway's configuration is read on its own). */
export function everyCollection(emu: Emulator, names: readonly string[]): string[] {
  return names.filter((c) => {
    try {
      emu.resources(c);
      return true;
    } catch {
      return false;
    }
  });
}
