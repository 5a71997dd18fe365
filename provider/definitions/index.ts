// Generated from the files of provider/definitions by `make generate`. Do not edit.
/** Every resource kind, by name: those with a REST binding, and those with operations of their own. */
import { agentCommand } from "./agent-command";
import { agentIngress } from "./agent-ingress";
import { aiAccessKey } from "./ai-access-key";
import { aiAccessKeyConfiguration } from "./ai-access-key-configuration";
import { aiApiKey } from "./ai-api-key";
import { aiCustomProvider } from "./ai-custom-provider";
import { aiGatewayApiKey } from "./ai-gateway-api-key";
import { aiGatewayConfig } from "./ai-gateway-config";
import { aiGatewayProviderKey } from "./ai-gateway-provider-key";
import { aiProviderKey } from "./ai-provider-key";
import { apiKey } from "./api-key";
import { certificateAuthority } from "./certificate-authority";
import { cloudEndpoint } from "./cloud-endpoint";
import { credential } from "./credential";
import { eventDestination } from "./event-destination";
import { eventSource } from "./event-source";
import { eventSubscription } from "./event-subscription";
import { ipPolicy } from "./ip-policy";
import { ipPolicyRule } from "./ip-policy-rule";
import { ipRestriction } from "./ip-restriction";
import { reservedDomain } from "./reserved-domain";
import { serviceUser } from "./service-user";
import { sharedTrafficPolicy } from "./shared-traffic-policy";
import { sshCertificateAuthority } from "./ssh-certificate-authority";
import { sshCredential } from "./ssh-credential";
import { sshHostCertificate } from "./ssh-host-certificate";
import { sshUserCertificate } from "./ssh-user-certificate";
import { tcpAddress } from "./tcp-address";
import { tlsCertificate } from "./tls-certificate";
import { vault } from "./vault";
import { vaultSecret } from "./vault-secret";
import { failoverBackend } from "./edges/failover-backend";
import { httpResponseBackend } from "./edges/http-response-backend";
import { httpsEdge } from "./edges/https-edge";
import { httpsEdgeRoute } from "./edges/https-edge-route";
import { httpsEdgeRouteCircuitBreaker } from "./edges/https-edge-route-circuit-breaker";
import { httpsEdgeRouteIpRestriction } from "./edges/https-edge-route-ip-restriction";
import { httpsEdgeRouteJwtValidation } from "./edges/https-edge-route-jwt-validation";
import { httpsEdgeRouteOidc } from "./edges/https-edge-route-oidc";
import { httpsEdgeRouteUserAgentFilter } from "./edges/https-edge-route-user-agent-filter";
import { httpsEdgeRouteWebhookVerification } from "./edges/https-edge-route-webhook-verification";
import { tlsEdge } from "./edges/tls-edge";
import { tlsEdgeBackend } from "./edges/tls-edge-backend";
import { tlsEdgeIpRestriction } from "./edges/tls-edge-ip-restriction";
import { tlsEdgeTlsTermination } from "./edges/tls-edge-tls-termination";
import { tunnelGroupBackend } from "./edges/tunnel-group-backend";
import type { BoundDefinition, ResourceDefinition } from "../contract";

export const definitions = {
  AgentCommand: agentCommand,
  AgentIngress: agentIngress,
  AiAccessKey: aiAccessKey,
  AiAccessKeyConfiguration: aiAccessKeyConfiguration,
  AiApiKey: aiApiKey,
  AiCustomProvider: aiCustomProvider,
  AiGatewayApiKey: aiGatewayApiKey,
  AiGatewayConfig: aiGatewayConfig,
  AiGatewayProviderKey: aiGatewayProviderKey,
  AiProviderKey: aiProviderKey,
  ApiKey: apiKey,
  CertificateAuthority: certificateAuthority,
  CloudEndpoint: cloudEndpoint,
  Credential: credential,
  EventDestination: eventDestination,
  EventSource: eventSource,
  EventSubscription: eventSubscription,
  IpPolicy: ipPolicy,
  IpPolicyRule: ipPolicyRule,
  IpRestriction: ipRestriction,
  ReservedDomain: reservedDomain,
  ServiceUser: serviceUser,
  SharedTrafficPolicy: sharedTrafficPolicy,
  SshCertificateAuthority: sshCertificateAuthority,
  SshCredential: sshCredential,
  SshHostCertificate: sshHostCertificate,
  SshUserCertificate: sshUserCertificate,
  TcpAddress: tcpAddress,
  TlsCertificate: tlsCertificate,
  Vault: vault,
  VaultSecret: vaultSecret,
  // What ngrok turned off (edges/): edges, their routes and modules, backends.
  FailoverBackend: failoverBackend,
  HttpResponseBackend: httpResponseBackend,
  HttpsEdge: httpsEdge,
  HttpsEdgeRoute: httpsEdgeRoute,
  HttpsEdgeRouteCircuitBreaker: httpsEdgeRouteCircuitBreaker,
  HttpsEdgeRouteIpRestriction: httpsEdgeRouteIpRestriction,
  HttpsEdgeRouteJwtValidation: httpsEdgeRouteJwtValidation,
  HttpsEdgeRouteOidc: httpsEdgeRouteOidc,
  HttpsEdgeRouteUserAgentFilter: httpsEdgeRouteUserAgentFilter,
  HttpsEdgeRouteWebhookVerification: httpsEdgeRouteWebhookVerification,
  TlsEdge: tlsEdge,
  TlsEdgeBackend: tlsEdgeBackend,
  TlsEdgeIpRestriction: tlsEdgeIpRestriction,
  TlsEdgeTlsTermination: tlsEdgeTlsTermination,
  TunnelGroupBackend: tunnelGroupBackend,
} as const satisfies Record<string, ResourceDefinition>;

export type ResourceKind = keyof typeof definitions;

/** The kinds that are objects of the API (a binding): what lookups, `get` and import ids serve. */
export type BoundKind = { [K in ResourceKind]: (typeof definitions)[K] extends BoundDefinition ? K : never }[ResourceKind];

/** The kinds ngrok turned off (edges, routes, modules, backends): the API as specified, and the emulator, keep them. */
export const turnedOffKinds: ReadonlySet<ResourceKind> = new Set(["FailoverBackend", "HttpResponseBackend", "HttpsEdge", "HttpsEdgeRoute", "HttpsEdgeRouteCircuitBreaker", "HttpsEdgeRouteIpRestriction", "HttpsEdgeRouteJwtValidation", "HttpsEdgeRouteOidc", "HttpsEdgeRouteUserAgentFilter", "HttpsEdgeRouteWebhookVerification", "TlsEdge", "TlsEdgeBackend", "TlsEdgeIpRestriction", "TlsEdgeTlsTermination", "TunnelGroupBackend"]);

export function isResourceKind(kind: string): kind is ResourceKind {
  return Object.prototype.hasOwnProperty.call(definitions, kind);
}

export function isBoundKind(kind: string): kind is BoundKind {
  return isResourceKind(kind) && definitions[kind].binding !== undefined;
}

export type { BoundDefinition, OperatedDefinition, ResourceDefinition, ResourceSchema } from "../contract";
