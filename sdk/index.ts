// Generated from provider/definitions by `make generate`. Do not edit.
export { Credential, type CredentialArgs } from "./credential";
export { ReservedDomain, type ReservedDomainArgs } from "./reserved-domain";
export { AgentIngress, type AgentIngressArgs } from "./agent-ingress";
export { CertificateAuthority, type CertificateAuthorityArgs } from "./certificate-authority";
export { TlsCertificate, type TlsCertificateArgs } from "./tls-certificate";
export type { inputs, outputs } from "./types";
