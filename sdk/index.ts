// Generated from provider/definitions by `make generate`. Do not edit.
import "../provider/node-version";
export { Credential, type CredentialArgs } from "./credential";
export { EventDestination, type EventDestinationArgs } from "./event-destination";
export { EventSource, type EventSourceArgs } from "./event-source";
export { EventSubscription, type EventSubscriptionArgs } from "./event-subscription";
export { ReservedDomain, type ReservedDomainArgs } from "./reserved-domain";
export { SshCredential, type SshCredentialArgs } from "./ssh-credential";
export { IpPolicy, type IpPolicyArgs } from "./ip-policy";
export { IpPolicyRule, type IpPolicyRuleArgs } from "./ip-policy-rule";
export { IpRestriction, type IpRestrictionArgs } from "./ip-restriction";
export { HttpResponseBackend, type HttpResponseBackendArgs } from "./http-response-backend";
export { FailoverBackend, type FailoverBackendArgs } from "./failover-backend";
export { TunnelGroupBackend, type TunnelGroupBackendArgs } from "./tunnel-group-backend";
export type { inputs, outputs } from "./types";
