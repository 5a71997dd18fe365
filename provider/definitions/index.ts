/** Every resource the provider manages, by name: the typed dispatch map's source. */
import { credential } from "./credential";
import { eventSource } from "./event-source";
import { httpsEdge } from "./https-edge";
import { httpsEdgeRoute } from "./https-edge-route";
import { httpsEdgeRouteCircuitBreaker } from "./https-edge-route-circuit-breaker";
import { httpsEdgeRouteIpRestriction } from "./https-edge-route-ip-restriction";
import { httpsEdgeRouteJwtValidation } from "./https-edge-route-jwt-validation";
import { httpsEdgeRouteOidc } from "./https-edge-route-oidc";
import { httpsEdgeRouteUserAgentFilter } from "./https-edge-route-user-agent-filter";
import { httpsEdgeRouteWebhookVerification } from "./https-edge-route-webhook-verification";
import { reservedDomain } from "./reserved-domain";
import { tlsEdge } from "./tls-edge";
import { tlsEdgeBackend } from "./tls-edge-backend";
import { tlsEdgeIpRestriction } from "./tls-edge-ip-restriction";
import { tlsEdgeTlsTermination } from "./tls-edge-tls-termination";
import type { ResourceDefinition } from "./types";

export const definitions = {
  Credential: credential,
  EventSource: eventSource,
  HttpsEdge: httpsEdge,
  HttpsEdgeRoute: httpsEdgeRoute,
  HttpsEdgeRouteCircuitBreaker: httpsEdgeRouteCircuitBreaker,
  HttpsEdgeRouteIpRestriction: httpsEdgeRouteIpRestriction,
  HttpsEdgeRouteJwtValidation: httpsEdgeRouteJwtValidation,
  HttpsEdgeRouteOidc: httpsEdgeRouteOidc,
  HttpsEdgeRouteUserAgentFilter: httpsEdgeRouteUserAgentFilter,
  HttpsEdgeRouteWebhookVerification: httpsEdgeRouteWebhookVerification,
  ReservedDomain: reservedDomain,
  TlsEdge: tlsEdge,
  TlsEdgeBackend: tlsEdgeBackend,
  TlsEdgeIpRestriction: tlsEdgeIpRestriction,
  TlsEdgeTlsTermination: tlsEdgeTlsTermination,
} as const satisfies Record<string, ResourceDefinition>;

export type ResourceKind = keyof typeof definitions;

export function isResourceKind(kind: string): kind is ResourceKind {
  return Object.prototype.hasOwnProperty.call(definitions, kind);
}

export type { ResourceDefinition } from "./types";
