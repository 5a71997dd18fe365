/**
 * The preview check and the emulator refuse the same inputs for the rules a program's inputs alone
 * decide (ngrok's error pages: https://ngrok.com/docs/errors/): each case runs through the
 * provider's check (no key, as a preview without one) and, as the body the provider would send, through the
 * emulator's API over loopback. Rules that depend on the account (a reserved domain, a taken name)
 * are not a preview's to decide and are not here.
 */
import { startEmulator, type Emulator } from "../../../emulator";
import { Provider, definitions, type ResourceKind } from "../../../provider";
import { createBody } from "../../../provider/engine/values";
import { call } from "../../support/api";
import { sshPublicKeyLine } from "../../support/ssh";

let emu: Emulator;
/** Ids of the parents the cases name, made through the API. */
const made: Record<string, string> = {};
const preview = new Provider({ settings: {} });

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  const id = async (path: string, body: Record<string, unknown>) => (await call(emu, "POST", path, body)).json as { id: string; addr?: string };
  await id("/reserved_domains", { domain: "app.example.com" });
  made["addr"] = (await id("/reserved_addrs", {})).addr!;
  made["vault"] = (await id("/vaults", { name: "parity" })).id;
  made["policy"] = (await id("/ip_policies", {})).id;
  made["service"] = (await id("/service_users", { name: "parity" })).id;
  made["bot"] = (await id("/bot_users", { name: "parity" })).id;
  made["ca"] = (await id("/ssh_certificate_authorities", {})).id;
  made["aiEndpoint"] = (await id("/endpoints", { url: "https://ai.internal", traffic_policy: aiGateway })).id;
});
afterAll(() => emu.close());

const respond = JSON.stringify({ on_http_request: [{ actions: [{ type: "custom-response", config: { status_code: 200 } }] }] });
const aiGateway = JSON.stringify({ on_http_request: [{ actions: [{ type: "ai-gateway", config: {} }] }, { actions: [{ type: "custom-response", config: { status_code: 503 } }] }] });
const forward = JSON.stringify({ on_tcp_connect: [{ actions: [{ type: "forward-internal", config: { url: "tcp://db.internal:5432" } }] }] });

type Verdict = "accepted" | "refused";
/** A case: the page of the rule, the kind, its inputs (given the parents' ids), and the verdict both must reach. */
const cases: [page: string, kind: ResourceKind, inputs: () => Record<string, unknown>, verdict: Verdict][] = [
  ["err_ngrok_23000", "Vault", () => ({ name: "prod-vault" }), "accepted"],
  ["err_ngrok_23000", "Vault", () => ({ name: "team/app.v2_x" }), "accepted"],
  ["err_ngrok_23000", "Vault", () => ({ name: "bad name!" }), "refused"],
  ["err_ngrok_23000", "Vault", () => ({ name: "über" }), "refused"],
  ["err_ngrok_23001", "Vault", () => ({ name: "" }), "refused"],
  ["err_ngrok_23002", "Vault", () => ({ name: "v".repeat(256) }), "refused"],
  ["err_ngrok_24000", "VaultSecret", () => ({ vaultId: made["vault"], name: "db-password", value: "v" }), "accepted"],
  ["err_ngrok_24000", "VaultSecret", () => ({ vaultId: made["vault"], name: "db password", value: "v" }), "refused"],
  ["err_ngrok_24001", "VaultSecret", () => ({ vaultId: made["vault"], name: "", value: "v" }), "refused"],
  ["err_ngrok_24003", "VaultSecret", () => ({ vaultId: made["vault"], name: "empty", value: "" }), "refused"],
  ["err_ngrok_18023", "CloudEndpoint", () => ({ url: "https://app.example.com:8443", trafficPolicy: respond }), "refused"],
  ["err_ngrok_18023", "CloudEndpoint", () => ({ url: "https://app.example.com:443", trafficPolicy: respond }), "accepted"],
  ["err_ngrok_18006", "CloudEndpoint", () => ({ url: `tcp://${made["addr"]}`, trafficPolicy: forward }), "accepted"],
  ["err_ngrok_1413", "IpPolicyRule", () => ({ ipPolicyId: made["policy"], cidr: "10.1.2.3", action: "allow" }), "refused"],
  ["err_ngrok_1413", "IpPolicyRule", () => ({ ipPolicyId: made["policy"], cidr: "2001:db8::1", action: "allow" }), "refused"],
  ["err_ngrok_1413", "IpPolicyRule", () => ({ ipPolicyId: made["policy"], cidr: "10.1.2.3/32", action: "allow" }), "accepted"],
  ["err_ngrok_1409", "IpPolicyRule", () => ({ ipPolicyId: made["policy"], cidr: "10.1.2.3/8", action: "allow" }), "refused"],
  ["err_ngrok_1422", "IpPolicyRule", () => ({ ipPolicyId: made["policy"], cidr: "10.9.0.0/16", action: "permit" }), "refused"],
  ["err_ngrok_1414", "IpPolicyRule", () => ({ ipPolicyId: "policy-1", cidr: "10.8.0.0/16", action: "deny" }), "refused"],
  ["err_ngrok_1909", "SshCertificateAuthority", () => ({ privateKeyType: "dsa" }), "refused"],
  ["err_ngrok_1939", "SshCertificateAuthority", () => ({ privateKeyType: "rsa", keySize: 1024 }), "refused"],
  ["err_ngrok_1939", "SshCertificateAuthority", () => ({ privateKeyType: "rsa", keySize: 2048 }), "accepted"],
  ["err_ngrok_1940", "SshCertificateAuthority", () => ({ privateKeyType: "ed25519", keySize: 2048 }), "refused"],
  ["err_ngrok_1940", "SshCertificateAuthority", () => ({ keySize: 2048 }), "refused"],
  ["err_ngrok_1941", "SshCertificateAuthority", () => ({ privateKeyType: "ecdsa", ellipticCurve: "p999" }), "refused"],
  ["err_ngrok_1941", "SshCertificateAuthority", () => ({ privateKeyType: "ecdsa", ellipticCurve: "p384" }), "accepted"],
  ["err_ngrok_1942", "SshCertificateAuthority", () => ({ privateKeyType: "rsa", ellipticCurve: "p256" }), "refused"],
  ["err_ngrok_1952", "SshHostCertificate", () => ({ sshCertificateAuthorityId: made["ca"] }), "refused"],
  ["err_ngrok_1952", "SshHostCertificate", () => ({ sshCertificateAuthorityId: made["ca"], publicKey: sshPublicKeyLine("ssh-ed25519") }), "accepted"],
  ["apikeys/create", "ApiKey", () => ({ ownerId: made["service"] }), "accepted"],
  ["apikeys/create", "ApiKey", () => ({ ownerId: made["bot"] }), "accepted"],
  ["apikeys/create", "ApiKey", () => ({ ownerId: "nobody" }), "refused"],
  ["serviceusers/create", "ServiceUser", () => ({ name: "" }), "refused"],
  // ngrok's AI Gateway error reference (https://ngrok.com/docs/ai-gateway/reference/error-codes).
  ["err_ngrok_27004", "AiGatewayApiKey", () => ({ endpointId: made["aiEndpoint"], description: "d".repeat(256) }), "refused"],
  ["err_ngrok_27004", "AiGatewayApiKey", () => ({ endpointId: made["aiEndpoint"], description: "d".repeat(255) }), "accepted"],
  ["err_ngrok_27005", "AiGatewayApiKey", () => ({ endpointId: made["aiEndpoint"], metadata: "m".repeat(4097) }), "refused"],
  ["err_ngrok_27006", "AiGatewayApiKey", () => ({ description: "no endpoint" }), "refused"],
  ["err_ngrok_27006", "AiGatewayApiKey", () => ({ endpointId: "" }), "refused"],
];

describe("the preview check and the emulator refuse the same inputs", () => {
  it.each(cases.map(([page, kind, inputs, verdict], i) => [`${page} #${i}: ${kind} ${verdict}`, kind, inputs, verdict] as const))("%s", async (_name, kind, inputsOf, verdict) => {
    const inputs = inputsOf();
    const checked = (await preview.handler(kind).check({}, inputs)).failures;
    const def = definitions[kind];
    if (def.binding === undefined) throw new Error(`${kind} has no binding`);
    const answer = await call(emu, "POST", def.binding.path, createBody(def, inputs, new Set()));
    const check: Verdict = checked.length === 0 ? "accepted" : "refused";
    const api: Verdict = answer.status === 201 ? "accepted" : "refused";
    // Both verdicts, with what each said, so that a difference reads at once.
    expect({ check, api, checked: checked.map((f) => f.message), said: answer.json?.error_code ?? answer.status }).toEqual({
      check: verdict,
      api: verdict,
      checked: verdict === "accepted" ? [] : expect.arrayContaining([expect.any(String)]),
      said: verdict === "accepted" ? 201 : expect.stringMatching(/^ERR_NGROK_/),
    });
  });
});
