// Generated from provider/definitions by `make generate`. Do not edit.
export { Credential, type CredentialArgs } from "./credential";
export { EventSource, type EventSourceArgs } from "./event-source";
export { HttpsEdge, type HttpsEdgeArgs } from "./https-edge";
export { HttpsEdgeRoute, type HttpsEdgeRouteArgs, type HttpsEdgeRouteSettings } from "./https-edge-route";
export { HttpsEdgeRouteCircuitBreaker, type HttpsEdgeRouteCircuitBreakerArgs, type HttpsEdgeRouteCircuitBreakerSettings } from "./https-edge-route-circuit-breaker";
export { HttpsEdgeRouteIpRestriction, type HttpsEdgeRouteIpRestrictionArgs, type HttpsEdgeRouteIpRestrictionSettings } from "./https-edge-route-ip-restriction";
export { HttpsEdgeRouteJwtValidation, type HttpsEdgeRouteJwtValidationArgs, type HttpsEdgeRouteJwtValidationSettings } from "./https-edge-route-jwt-validation";
export { HttpsEdgeRouteOidc, type HttpsEdgeRouteOidcArgs, type HttpsEdgeRouteOidcSettings } from "./https-edge-route-oidc";
export { HttpsEdgeRouteUserAgentFilter, type HttpsEdgeRouteUserAgentFilterArgs, type HttpsEdgeRouteUserAgentFilterSettings } from "./https-edge-route-user-agent-filter";
export { HttpsEdgeRouteWebhookVerification, type HttpsEdgeRouteWebhookVerificationArgs, type HttpsEdgeRouteWebhookVerificationSettings } from "./https-edge-route-webhook-verification";
export { ReservedDomain, type ReservedDomainArgs } from "./reserved-domain";
export { TlsEdge, type TlsEdgeArgs } from "./tls-edge";
export { TlsEdgeBackend, type TlsEdgeBackendArgs, type TlsEdgeBackendSettings } from "./tls-edge-backend";
export { TlsEdgeIpRestriction, type TlsEdgeIpRestrictionArgs, type TlsEdgeIpRestrictionSettings } from "./tls-edge-ip-restriction";
export { TlsEdgeTlsTermination, type TlsEdgeTlsTerminationArgs, type TlsEdgeTlsTerminationSettings } from "./tls-edge-tls-termination";
export type { inputs, outputs } from "./types";
