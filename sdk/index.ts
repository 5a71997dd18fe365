// Generated from provider/definitions by `make generate`. Do not edit.
import "../provider/node-version";
export { Credential, type CredentialArgs } from "./credential";
export { EventSource, type EventSourceArgs } from "./event-source";
export { ReservedDomain, type ReservedDomainArgs } from "./reserved-domain";
export type { inputs, outputs } from "./types";
