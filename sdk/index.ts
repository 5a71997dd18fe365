// Generated from provider/definitions by `make generate`. Do not edit.
import "../provider/node-version";
export { Credential, type CredentialArgs } from "./credential";
export { ReservedDomain, type ReservedDomainArgs } from "./reserved-domain";
export type { inputs, outputs } from "./types";
