/** Every resource the provider manages, by name: the typed dispatch map's source. */
import { agentIngress } from "./agent-ingress";
import { certificateAuthority } from "./certificate-authority";
import { credential } from "./credential";
import { reservedDomain } from "./reserved-domain";
import { tlsCertificate } from "./tls-certificate";
import type { ResourceDefinition } from "./types";

export const definitions = {
  Credential: credential,
  ReservedDomain: reservedDomain,
  AgentIngress: agentIngress,
  CertificateAuthority: certificateAuthority,
  TlsCertificate: tlsCertificate,
} as const satisfies Record<string, ResourceDefinition>;

export type ResourceKind = keyof typeof definitions;

export function isResourceKind(kind: string): kind is ResourceKind {
  return Object.prototype.hasOwnProperty.call(definitions, kind);
}

export type { ResourceDefinition } from "./types";
