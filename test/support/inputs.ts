/**
 * Valid inputs of every resource kind, distinct for each `n`, for tests that run a table over the
 * definitions against the emulator. A kind with a parent (an IP policy's rule, an event
 * subscription's source, an edge's route or module) makes it through the API. A new resource
 * kind needs a row here: `missingKinds` names kinds without one.
 */
import type { Emulator } from "../../emulator";
import { definitions, type BoundKind } from "../../provider";
import { boundKinds } from "./provider";
import type { Props, ResourceDefinition } from "../../provider/contract";
import { call } from "./api";
import { makeCertificate } from "./certs";
import { sshPublicKeyLine } from "./ssh";

export type InputsOf = (emu: Emulator, n: number) => Promise<Props>;

/** The id of an object made with a POST of `body` to `path`. */
async function made(emu: Emulator, path: string, body: Props = {}): Promise<string> {
  const res = await call(emu, "POST", path, body);
  if (res.status !== 201) throw new Error(`POST ${path}: HTTP ${res.status} ${res.text}`);
  return res.json.id as string;
}

const ipPolicy = (emu: Emulator, n: number) => made(emu, "/ip_policies", { description: `policy ${n}` });
const backend = (emu: Emulator, n: number) => made(emu, "/backends/http_response", { description: `backend ${n}`, body: "ok", status_code: 200 });
/** An HTTPS edge with a route: what a route module is configured on. */
async function route(emu: Emulator, n: number): Promise<Props> {
  const edgeId = await made(emu, "/edges/https", { description: `edge ${n}` });
  const routeId = await made(emu, `/edges/https/${edgeId}/routes`, { match_type: "path_prefix", match: `/r${n}` });
  return { edgeId, routeId };
}
/** A cloud endpoint whose policy runs the `ai-gateway` action: what an AI gateway API key is for. */
export const aiEndpoint = (emu: Emulator, n: number) =>
  made(emu, "/endpoints", {
    url: `https://ai-${n}.internal`,
    traffic_policy: JSON.stringify({ on_http_request: [{ actions: [{ type: "ai-gateway", config: {} }] }, { actions: [{ type: "custom-response", config: { status_code: 503 } }] }] }),
  });
/** The id of an object made on the AI Gateway API (its own base URL and key). */
export async function aiMade(emu: Emulator, path: string, body: Props): Promise<string> {
  const res = await fetch(`${emu.aiGatewayApi.url}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${emu.aiGatewayApi.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Props;
  if (res.status !== 201) throw new Error(`POST ${path}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json.id as string;
}
const sshAuthority = (emu: Emulator) => made(emu, "/ssh_certificate_authorities", { private_key_type: "ed25519" });
const tlsEdge = async (emu: Emulator, n: number): Promise<Props> => ({ edgeId: await made(emu, "/edges/tls", { description: `edge ${n}` }) });

export const validInputs: Record<BoundKind, InputsOf> = {
  Credential: async (_emu, n) => ({ description: `agent ${n}`, metadata: `{"n":${n}}`, acl: [`bind:n${n}.example.com`, "bind:env=ci"] }),
  EventDestination: async (_emu, n) => ({ description: `destination ${n}`, target: { debug: { log: true } } }),
  EventSource: async (emu, n) => ({ subscriptionId: await made(emu, "/event_subscriptions", { description: `subscription ${n}` }), type: `thing${n}_created.v0` }),
  EventSubscription: async (_emu, n) => ({ description: `subscription ${n}`, metadata: `{"n":${n}}` }),
  ReservedDomain: async (_emu, n) => ({ domain: `app-${n}.example.com`, description: `app ${n}` }),
  SshCredential: async (_emu, n) => ({ description: `ssh ${n}`, publicKey: sshPublicKeyLine("ssh-ed25519", `user${n}@host`) }),
  IpPolicy: async (_emu, n) => ({ description: `policy ${n}` }),
  IpPolicyRule: async (emu, n) => ({ ipPolicyId: await ipPolicy(emu, n), cidr: `10.${n % 256}.0.0/16`, action: "allow", description: `rule ${n}` }),
  IpRestriction: async (emu, n) => ({ type: "dashboard", ipPolicyIds: [await ipPolicy(emu, n)], description: `restriction ${n}` }),
  HttpResponseBackend: async (_emu, n) => ({ description: `response ${n}`, body: `body ${n}`, statusCode: 200 }),
  FailoverBackend: async (emu, n) => ({ description: `failover ${n}`, backends: [await backend(emu, n)] }),
  TunnelGroupBackend: async (_emu, n) => ({ description: `group ${n}`, labels: { app: `app${n}` } }),
  AgentIngress: async (_emu, n) => ({ domain: `ingress-${n}.example.net`, description: `ingress ${n}` }),
  CertificateAuthority: async (_emu, n) => ({ caPem: (await makeCertificate({ name: `CN=CA ${n}`, ca: true })).certificatePem, description: `ca ${n}` }),
  TlsCertificate: async (_emu, n) => {
    const cert = await makeCertificate({ name: `CN=tls-${n}.example.com`, dnsNames: [`tls-${n}.example.com`] });
    return { certificatePem: cert.certificatePem, privateKeyPem: cert.privateKeyPem, description: `certificate ${n}` };
  },
  HttpsEdge: async (_emu, n) => ({ description: `https edge ${n}` }),
  HttpsEdgeRoute: async (emu, n) => ({ edgeId: await made(emu, "/edges/https", { description: `edge ${n}` }), matchType: "path_prefix", match: `/api${n}`, description: `route ${n}` }),
  HttpsEdgeRouteCircuitBreaker: async (emu, n) => ({ ...(await route(emu, n)), errorThresholdPercentage: 0.5, numBuckets: 10, volumeThreshold: n }),
  HttpsEdgeRouteIpRestriction: async (emu, n) => ({ ...(await route(emu, n)), ipPolicyIds: [await ipPolicy(emu, n)] }),
  HttpsEdgeRouteJwtValidation: async (emu, n) => ({
    ...(await route(emu, n)),
    issuer: { allowList: [{ value: `https://issuer${n}.example.com` }] },
    audience: { allowList: [{ value: `api${n}` }] },
    http: { tokens: [{ type: "jwt", method: "header", name: "Authorization", prefix: "Bearer " }] },
    jws: { allowedAlgorithms: ["RS256"], keys: { sources: { additionalJkus: [`https://issuer${n}.example.com/jwks.json`] } } },
  }),
  HttpsEdgeRouteOidc: async (emu, n) => ({ ...(await route(emu, n)), issuer: `https://id${n}.example.com`, clientId: `app${n}`, clientSecret: `oidc-s3cret-${n}`, scopes: ["openid"] }),
  HttpsEdgeRouteUserAgentFilter: async (emu, n) => ({ ...(await route(emu, n)), deny: [`(?i)bot${n}`] }),
  HttpsEdgeRouteWebhookVerification: async (emu, n) => ({ ...(await route(emu, n)), provider: "github", secret: `whsec-${n}` }),
  TlsEdge: async (_emu, n) => ({ description: `tls edge ${n}` }),
  TlsEdgeBackend: async (emu, n) => ({ ...(await tlsEdge(emu, n)), backendId: await backend(emu, n) }),
  TlsEdgeIpRestriction: async (emu, n) => ({ ...(await tlsEdge(emu, n)), ipPolicyIds: [await ipPolicy(emu, n)] }),
  TlsEdgeTlsTermination: async (emu, n) => ({ ...(await tlsEdge(emu, n)), terminateAt: "edge", minVersion: "1.2" }),
  CloudEndpoint: async (emu, n) => {
    const domain = `ce-${n}.example.com`;
    await made(emu, "/reserved_domains", { domain });
    return {
      url: `https://${domain}`,
      description: `endpoint ${n}`,
      trafficPolicy: { onHttpRequest: [{ actions: [{ type: "custom-response", config: { statusCode: 200, body: `endpoint ${n}` } }] }] },
    };
  },
  Vault: async (_emu, n) => ({ name: `vault-${n}`, description: `vault ${n}` }),
  VaultSecret: async (emu, n) => ({ vaultId: await made(emu, "/vaults", { name: `secrets-${n}` }), name: `secret-${n}`, value: `s3cret-value-${n}`, description: `secret ${n}` }),
  ServiceUser: async (_emu, n) => ({ name: `service-${n}` }),
  ApiKey: async (_emu, n) => ({ description: `key ${n}`, metadata: `{"n":${n}}` }),
  AiGatewayApiKey: async (emu, n) => ({ endpointId: await aiEndpoint(emu, n), description: `ai key ${n}`, metadata: `{"n":${n}}` }),
  AiGatewayProviderKey: async (emu, n) => ({
    aiGatewayApiKeyId: await made(emu, "/ai_gateway_api_keys", { endpoint_id: await aiEndpoint(emu, n) }),
    providerId: "openai",
    value: `sk-provider-s3cret-value-${n}`,
    description: `provider key ${n}`,
  }),
  AiCustomProvider: async (_emu, n) => ({
    providerId: `vllm-${n}`,
    name: `vLLM ${n}`,
    baseUrl: `http://127.0.0.1:9/v${n}`,
    models: [{ modelId: `llama-${n}` }],
    supportedApiSurfaces: [{ format: "openai", surface: "chat-completions" }],
  }),
  AiProviderKey: async (_emu, n) => ({ providerId: "openai", name: `openai ${n}`, value: `sk-provider-s3cret-value-${n}`, description: `key ${n}` }),
  AiAccessKeyConfiguration: async (emu, n) => ({
    name: `configuration ${n}`,
    access: { providers: { allow: ["openai"] } },
    router: {
      rules: [
        {
          provider: "openai",
          steps: [{ type: "user", keys: [{ id: await aiMade(emu, "/provider-keys", { providerId: "openai", name: `k${n}`, value: `sk-ref-${n}` }) }] }, { type: "ngrok" }],
        },
      ],
    },
  }),
  AiAccessKey: async (emu, n) => ({ name: `app ${n}`, accessKeyConfigurationId: await aiMade(emu, "/access-key-configurations", { name: `c${n}` }) }),
  AiApiKey: async (_emu, n) => ({ name: `automation ${n}`, metadata: `{"n":${n}}` }),
  AiGatewayConfig: async (_emu, n) => ({ totalTimeout: `${100 + n}s`, perRequestTimeout: "30s", maxOutputTokens: 1000 + n }),
  TcpAddress: async (_emu, n) => ({ description: `address ${n}`, region: "eu" }),
  SshCertificateAuthority: async (_emu, n) => ({ description: `ssh ca ${n}`, privateKeyType: "ed25519" }),
  SshHostCertificate: async (emu, n) => ({
    sshCertificateAuthorityId: await sshAuthority(emu),
    publicKey: sshPublicKeyLine("ssh-ed25519", `root@host${n}`),
    principals: [`host${n}.example.com`],
    description: `host certificate ${n}`,
  }),
  SshUserCertificate: async (emu, n) => ({
    sshCertificateAuthorityId: await sshAuthority(emu),
    publicKey: sshPublicKeyLine("ssh-ed25519", `user${n}@laptop`),
    principals: [`user${n}`],
    extensions: { "permit-pty": "" },
    description: `user certificate ${n}`,
  }),
};

/**
 * A new object of the kind an id prefix names, for a reference that no row above provides (an
 * event subscription's destinations, a reserved domain's certificate); undefined for the prefixes
 * the API checks by form only (a credential's owner).
 */
export async function referenced(emu: Emulator, prefix: string, n: number): Promise<string | undefined> {
  switch (prefix) {
    case "ipp":
      return ipPolicy(emu, n);
    case "ed":
      return made(emu, "/event_destinations", { description: `destination ${n}`, target: { debug: { log: true } } });
    case "esb":
      return made(emu, "/event_subscriptions", { description: `subscription ${n}` });
    case "cert": {
      const cert = await makeCertificate({ name: `CN=ref-${n}.example.com`, dnsNames: [`ref-${n}.example.com`] });
      return made(emu, "/tls_certificates", { certificate_pem: cert.certificatePem, private_key_pem: cert.privateKeyPem });
    }
    case "bkdhr":
      return backend(emu, n);
    case "bkdtg":
      return made(emu, "/backends/tunnel_group", { description: `group ${n}`, labels: { app: `ref${n}` } });
    case "bkdfo":
      return made(emu, "/backends/failover", { description: `failover ${n}`, backends: [await backend(emu, n)] });
    case "edghts":
      return made(emu, "/edges/https", { description: `edge ${n}` });
    case "edgtls":
      return made(emu, "/edges/tls", { description: `edge ${n}` });
    case "sshca":
      return sshAuthority(emu);
    case "aigac":
      return aiMade(emu, "/access-key-configurations", { name: `ref ${n}` });
    case "vault":
      return made(emu, "/vaults", { name: `ref-vault-${n}` });
    // An owner (of an API key, a credential) is one of the account's: its user, the owner the API gives a key by default.
    case "usr":
      return (await call(emu, "POST", "/api_keys", { description: `owner ${n}` })).json.owner_id as string;
    case "service":
      return made(emu, "/service_users", { name: `ref-service-${n}` });
    default:
      return undefined;
  }
}

/** Kinds of the API without a row in `validInputs`. */
export function missingKinds(): string[] {
  return boundKinds.filter((k) => !(k in validInputs));
}

/** The emulator collection (`Emulator.resources`) holding a definition's resources: its path without the leading "/". */
export function collectionOf(kind: BoundKind): string {
  const { binding } = definitions[kind];
  // The emulator names a collection under a parent on its own.
  if (binding.kind === "sub-collection") return ({ "/edges/https/{edgeId}/routes": "https_edge_routes" } as Record<string, string>)[binding.path] ?? binding.path;
  return binding.path.replace(/^\//, "");
}
