/**
 * A failed check, for every resource and every input: each failure names the property's path as
 * the program writes it, and its message begins with that path and never includes the value (the
 * engine prints messages in clear, even what the program made a secret; how the hosts hand them
 * to the engine is test/provider/hosts/door-failures.test.ts's). Every kind of the registry is covered,
 * those with no REST binding included, so a new resource is covered without being listed here.
 */
import { Provider, definitions, type ResourceKind } from "../../../provider";
import type { PropertySpec, TypeSpec } from "../../../provider/contract";
import { idPrefixOf } from "../../../provider/engine/locate";
import { makeCertificate } from "../../support/certs";
import { sshPublicKeyLine } from "../../support/ssh";

/** What a leaked value would contain. */
const MARK = "SeCrEt-MaRk";

/** Invalid values of a type, each holding MARK where the type allows a string. */
function invalidValues(type: TypeSpec): unknown[] {
  switch (type.kind) {
    case "string": {
      const values: unknown[] = [`${MARK} !`, `bind:${MARK} !`, `*.${MARK}*x`, `${MARK}=a=b`, 42];
      const limit = type.maxBytes ?? type.maxChars;
      if (limit !== undefined) values.push(MARK.repeat(Math.ceil((limit + 1) / MARK.length)));
      return values;
    }
    case "array":
      return [MARK, ...invalidValues(type.items).map((v) => [v])];
    case "map":
      return [MARK, ...invalidValues(type.values).map((v) => ({ key: v }))];
    case "object":
      return [
        MARK,
        ...Object.entries(type.properties).flatMap(([name, p]) => invalidValues(p.type).map((v) => ({ [name]: v }))),
      ];
    default:
      return [MARK];
  }
}

type Kind = ResourceKind;
const kinds = Object.keys(definitions) as Kind[];
const definitionOf = (kind: Kind) => definitions[kind];
/** No key: preview's checks of the program's inputs alone. */
const provider = new Provider({ settings: {} });

const route = { edgeId: "edghts_2abcdefghijklmnopqrstuvwxyz", routeId: "edghtsrt_2abcdefghijklmnopqrstuvwxyz" };

/** Valid inputs to start from: required strings get a value every definition accepts. */
const baseInputs: Record<Kind, Record<string, unknown>> = {
  AgentCommand: { sessionIds: ["ts_2abcdefghijklmnopqrstuvwxyz"], command: "restart", triggers: { acl: "a" } },
  SharedTrafficPolicy: { name: "shared", policy: { onHttpRequest: [{ actions: [{ type: "custom-response", config: { statusCode: 200 } }] }] } },
  Credential: {},
  EventDestination: { target: { debug: { log: true } } },
  EventSubscription: {},
  EventSource: { subscriptionId: "esb_2abcdefghijklmnopqrstuvwxyz", type: "ip_policy_created.v0" },
  ReservedDomain: { domain: "base.example.com" },
  SshCredential: { publicKey: sshPublicKeyLine("ssh-ed25519", "base") },
  IpPolicy: {},
  IpPolicyRule: { ipPolicyId: "ipp_2abcdefghijklmnopqrstuvwxyz", cidr: "10.0.0.0/8", action: "allow" },
  IpRestriction: { type: "api", ipPolicyIds: ["ipp_2abcdefghijklmnopqrstuvwxyz"] },
  HttpResponseBackend: { body: "down for maintenance", statusCode: 503 },
  FailoverBackend: { backends: ["bkdhr_2abcdefghijklmnopqrstuvwxyz"] },
  TunnelGroupBackend: { labels: { app: "web" } },
  AgentIngress: { domain: "ingress.example.com" },
  HttpsEdge: { hostports: ["app.example.com:443"] },
  HttpsEdgeRoute: { edgeId: "edghts_2abcdefghijklmnopqrstuvwxyz", matchType: "path_prefix", match: "/" },
  HttpsEdgeRouteOidc: { ...route, issuer: "https://id.example.com", clientId: "app", clientSecret: "oidc-secret" },
  HttpsEdgeRouteWebhookVerification: { ...route, provider: "sns" },
  HttpsEdgeRouteCircuitBreaker: { ...route, errorThresholdPercentage: 0.5 },
  HttpsEdgeRouteJwtValidation: { ...route },
  HttpsEdgeRouteIpRestriction: { ...route, ipPolicyIds: ["ipp_2abcdefghijklmnopqrstuvwxyz"] },
  HttpsEdgeRouteUserAgentFilter: { ...route, allow: ["^curl/"] },
  TlsEdge: { hostports: ["app.example.com:443"] },
  TlsEdgeBackend: { edgeId: "edgtls_2abcdefghijklmnopqrstuvwxyz", backendId: "bkdfo_2abcdefghijklmnopqrstuvwxyz" },
  TlsEdgeIpRestriction: { edgeId: "edgtls_2abcdefghijklmnopqrstuvwxyz", ipPolicyIds: ["ipp_2abcdefghijklmnopqrstuvwxyz"] },
  TlsEdgeTlsTermination: { edgeId: "edgtls_2abcdefghijklmnopqrstuvwxyz", terminateAt: "edge" },
  CloudEndpoint: { url: "https://app.example.com", trafficPolicy: { onHttpRequest: [{ actions: [{ type: "custom-response", config: { statusCode: 200 } }] }] } },
  Vault: { name: "base" },
  VaultSecret: { vaultId: "vault_2abcdefghijklmnopqrstuvwxyz", name: "base", value: "base-value" },
  ServiceUser: { name: "base" },
  ApiKey: {},
  AiGatewayApiKey: { endpointId: "ep_2abcdefghijklmnopqrstuvwxyz" },
  AiGatewayProviderKey: { aiGatewayApiKeyId: "aigk_2abcdefghijklmnopqrstuvwxyz", providerId: "openai", value: "sk-base" },
  AiCustomProvider: { providerId: "base-vllm", name: "base", baseUrl: "http://127.0.0.1:9/v1" },
  AiProviderKey: { providerId: "openai", name: "base", value: "sk-base" },
  AiAccessKeyConfiguration: { name: "base" },
  AiAccessKey: {},
  AiApiKey: {},
  AiGatewayConfig: {},
  TcpAddress: {},
  SshCertificateAuthority: {},
  SshHostCertificate: { sshCertificateAuthorityId: "sshca_2abcdefghijklmnopqrstuvwxyz", publicKey: sshPublicKeyLine("ssh-ed25519", "base") },
  SshUserCertificate: { sshCertificateAuthorityId: "sshca_2abcdefghijklmnopqrstuvwxyz", publicKey: sshPublicKeyLine("ssh-ed25519", "base") },
  // Certificates are made in beforeAll.
  CertificateAuthority: {},
  TlsCertificate: {},
};

beforeAll(async () => {
  const ca = await makeCertificate({ name: "CN=Base CA", ca: true });
  const leaf = await makeCertificate({ name: "CN=base.example.com", issuer: ca, dnsNames: ["base.example.com"] });
  baseInputs.CertificateAuthority = { caPem: ca.certificatePem };
  baseInputs.TlsCertificate = { certificatePem: leaf.certificatePem, privateKeyPem: leaf.privateKeyPem };
});

const inputs = kinds.flatMap((kind) =>
  Object.entries(definitionOf(kind).properties as Record<string, PropertySpec>)
    .filter(([, p]) => p.input)
    .map(([name, p]) => ({ kind, name, type: p.type })),
);

it("has valid base inputs for every resource", async () => {
  for (const kind of kinds) {
    expect({ kind, base: baseInputs[kind] }).toEqual({ kind, base: expect.any(Object) }); // a new resource must be added above
    expect((await provider.handler(kind).check({}, baseInputs[kind])).failures).toEqual([]);
  }
});

describe.each(inputs)("$kind.$name", ({ kind, name, type }) => {
  it("fails naming the input's path, without the value, the message beginning with the path", async () => {
    let failed = 0;
    for (const value of invalidValues(type)) {
      const { failures } = await provider.handler(kind).check({}, { ...baseInputs[kind], [name]: value });
      failed += failures.length > 0 ? 1 : 0;
      for (const f of failures) {
        expect({ value, failure: f }).toEqual({ value, failure: { path: expect.stringMatching(new RegExp(`^${name}\\b`)), message: expect.any(String) } });
        expect({ value, begins: f.message.startsWith(f.path), message: f.message }).toEqual({ value, begins: true, message: expect.not.stringContaining(MARK) });
      }
    }
    // A value of the wrong type always fails: the loop above had something to look at.
    expect(failed).toBeGreaterThan(0);
  });
});

/**
 * An importId no id of the kind can be: of no prefix of the kind's, or, for a kind whose ids have
 * no documented prefix (any id is taken), not one path segment.
 */
function badImportId(kind: Kind): string {
  const binding = definitionOf(kind).binding;
  return binding?.kind === "collection" && idPrefixOf(binding) === undefined ? `${MARK}/x` : `${MARK}_x`;
}

describe.each(kinds)("%s", (kind) => {
  it("names unknown and output-only inputs, and a bad importId, without their values", async () => {
    const outputOnly = Object.entries(definitionOf(kind).properties as Record<string, PropertySpec>).find(([, p]) => !p.input)?.[0];
    const news = { ...baseInputs[kind], nonsenseInput: MARK, importId: badImportId(kind), ...(outputOnly ? { [outputOnly]: MARK } : {}) };
    const { failures } = await provider.handler(kind).check({}, news);
    expect(failures.map((f) => f.path).sort()).toEqual(["importId", "nonsenseInput", ...(outputOnly ? [outputOnly] : [])].sort());
    expect(failures.map((f) => f.message.split(" ")[0]).sort()).toEqual(["importId", "nonsenseInput", ...(outputOnly ? [outputOnly] : [])].sort());
    expect(failures.map((f) => f.message).join("\n")).not.toContain(MARK);
  });
});

it("takes any id of one path segment as the importId of a kind whose ids have no documented prefix (AiGatewayApiKey)", async () => {
  const base = baseInputs.AiGatewayApiKey;
  const verdicts = async (ids: string[]) =>
    Promise.all(ids.map(async (importId) => ({ importId, failures: (await provider.handler("AiGatewayApiKey").check({}, { ...base, importId })).failures.map((f) => f.path) })));
  const anyForm = ["aigk_2abcdefghijklmnopqrstuvwxyz", "3f2a9c1e-7b4d-4e2a-9c1e-7b4d4e2a9c1e", "ak_2abcdefghijklmnopqrstuvwxyz"];
  expect(await verdicts(anyForm)).toEqual(anyForm.map((importId) => ({ importId, failures: [] })));
  const noId = ["a/b", "two words"];
  expect(await verdicts(noId)).toEqual(noId.map((importId) => ({ importId, failures: ["importId"] })));
});

/** Values the API refuses (as its reference and the emulator say) that a preview must refuse too, before any request. */
const refusedByTheApi: [Kind, Record<string, unknown>, string][] = [
  ["TunnelGroupBackend", { labels: {} }, "labels must have at least one label"],
  ["HttpsEdgeRouteOidc", { clientId: "" }, "clientId must not be empty"],
  ["HttpsEdgeRouteOidc", { clientSecret: "" }, "clientSecret must not be empty"],
  ["HttpsEdgeRouteJwtValidation", { jws: { allowedAlgorithms: ["RS257"] } }, "jws.allowedAlgorithms[0] must be one of"],
  ["HttpsEdgeRouteJwtValidation", { jws: { keys: { sources: { additionalJkus: ["jwks.json"] } } } }, "jws.keys.sources.additionalJkus[0] must be an absolute http(s) URL"],
  ["HttpsEdgeRouteJwtValidation", { http: { tokens: [{ type: "jwt", method: "header", name: "" }] } }, "http.tokens[0].name must not be empty"],
  ["HttpsEdgeRouteJwtValidation", { issuer: { allowList: [{ value: "" }] } }, "issuer.allowList[0].value must not be empty"],
];

it.each(refusedByTheApi)("%s with %j fails at preview, as the API would refuse it", async (kind, change, reason) => {
  const { failures } = await provider.handler(kind).check({}, { ...baseInputs[kind], ...change });
  expect(failures.map((f) => f.message)).toEqual([expect.stringContaining(reason)]);
});
