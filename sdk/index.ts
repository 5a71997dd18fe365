// Generated from provider/definitions by `make generate`. Do not edit.
export { Credential, type CredentialArgs } from "./credential";
export { EventDestination, type EventDestinationArgs } from "./event-destination";
export { EventSource, type EventSourceArgs } from "./event-source";
export { EventSubscription, type EventSubscriptionArgs } from "./event-subscription";
export { ReservedDomain, type ReservedDomainArgs } from "./reserved-domain";
export type { inputs, outputs } from "./types";
