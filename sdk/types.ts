// Generated from provider/definitions by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";

export namespace inputs {
  /** How certificates are issued automatically. */
  export interface CertificateManagementPolicy {
    /** The certificate authority; the only supported value is `letsencrypt`. */
    authority?: pulumi.Input<"letsencrypt">;
    /** The private key type: `rsa` or `ecdsa` (the service's default: `ecdsa`). */
    privateKeyType?: pulumi.Input<"rsa" | "ecdsa">;
  }

  /** The state of automatic certificate management. */
  export interface CertificateManagementStatus {
    /** When the next renewal is requested (RFC 3339). */
    renewsAt?: pulumi.Input<string>;
    /** The job provisioning or renewing the certificate; absent when none runs. */
    provisioningJob?: pulumi.Input<inputs.CertificateProvisioningJob>;
  }

  /** A certificate provisioning or renewal job in progress. */
  export interface CertificateProvisioningJob {
    /** Present only when provisioning is failing: INTERNAL_ERROR is temporary, DNS_ERROR is permanent and must be corrected by the user. */
    errorCode?: pulumi.Input<string>;
    /** The job's current status or error message. */
    msg?: pulumi.Input<string>;
    /** When the job started (RFC 3339). */
    startedAt?: pulumi.Input<string>;
    /** When the job will be retried (RFC 3339). */
    retriesAt?: pulumi.Input<string>;
  }

  /** An active endpoint: a hostport served by an agent's tunnel or by an edge. */
  export interface Endpoint {
    /** The endpoint's id (`ep_...`). */
    id?: pulumi.Input<string>;
    /** The endpoint's address in the API. */
    uri?: pulumi.Input<string>;
    /** The region the endpoint belongs to. */
    region?: pulumi.Input<string>;
    /** When the endpoint was created (RFC 3339). */
    createdAt?: pulumi.Input<string>;
    /** When the endpoint was last updated (RFC 3339). */
    updatedAt?: pulumi.Input<string>;
    /** The URL of the hostport served. */
    publicUrl?: pulumi.Input<string>;
    /** The protocol served. */
    proto?: pulumi.Input<"http" | "https" | "tcp" | "tls">;
    /** `hostname:port`. */
    hostport?: pulumi.Input<string>;
    /** What serves it: an agent-initiated tunnel (`ephemeral`) or an edge (`edge`). */
    type?: pulumi.Input<"ephemeral" | "edge">;
    /** The metadata of the tunnel or edge behind the endpoint. */
    metadata?: pulumi.Input<string>;
    /** The reserved domain of the endpoint. */
    domain?: pulumi.Input<inputs.Ref>;
    /** The reserved TCP address of the endpoint. */
    tcpAddr?: pulumi.Input<inputs.Ref>;
    /** The tunnel serving an ephemeral endpoint. */
    tunnel?: pulumi.Input<inputs.Ref>;
    /** The edge serving an edge endpoint. */
    edge?: pulumi.Input<inputs.Ref>;
  }

  /** A reference to another resource. */
  export interface Ref {
    /** The referenced resource's id. */
    id?: pulumi.Input<string>;
    /** The referenced resource's address. */
    uri?: pulumi.Input<string>;
  }

  /** An online tunnel of an agent. */
  export interface Tunnel {
    /** The tunnel's id (`tn_...`). */
    id?: pulumi.Input<string>;
    /** The public URL of an ephemeral tunnel. */
    publicUrl?: pulumi.Input<string>;
    /** When the tunnel started (RFC 3339). */
    startedAt?: pulumi.Input<string>;
    /** The tunnel's metadata from the agent's configuration file. */
    metadata?: pulumi.Input<string>;
    /** The protocol of an ephemeral tunnel. */
    proto?: pulumi.Input<"http" | "https" | "tcp" | "tls">;
    /** The region where the tunnel runs. */
    region?: pulumi.Input<string>;
    /** The tunnel session on which the tunnel started. */
    tunnelSession?: pulumi.Input<inputs.Ref>;
    /** The ephemeral endpoint of an agent-initiated tunnel. */
    endpoint?: pulumi.Input<inputs.Ref>;
    /** The labels tunnel group backends match, for a backend tunnel. */
    labels?: pulumi.Input<{ [key: string]: pulumi.Input<string> }>;
    /** The tunnel group backends this backend tunnel serves. */
    backends?: pulumi.Input<pulumi.Input<inputs.Ref>[]>;
    /** The upstream address the agent forwards to: a URL or a network address. */
    forwardsTo?: pulumi.Input<string>;
  }

  /** An online agent connection (tunnel session). */
  export interface TunnelSession {
    /** The tunnel session's id (`ts_...`). */
    id?: pulumi.Input<string>;
    /** The tunnel session's address in the API. */
    uri?: pulumi.Input<string>;
    /** The version of the agent that started the session. */
    agentVersion?: pulumi.Input<string>;
    /** The tunnel credential or SSH credential the agent authenticated with. */
    credential?: pulumi.Input<inputs.Ref>;
    /** The source IP address of the session. */
    ip?: pulumi.Input<string>;
    /** User-defined data from the agent's configuration file. */
    metadata?: pulumi.Input<string>;
    /** The operating system of the agent's host. */
    os?: pulumi.Input<string>;
    /** The region in which the session started. */
    region?: pulumi.Input<string>;
    /** When the session first connected (RFC 3339). */
    startedAt?: pulumi.Input<string>;
    /** The transport protocol: `ngrok/2` or `ssh`. */
    transport?: pulumi.Input<string>;
  }
}

export namespace outputs {
  /** How certificates are issued automatically. */
  export interface CertificateManagementPolicy {
    /** The certificate authority; the only supported value is `letsencrypt`. */
    authority?: "letsencrypt";
    /** The private key type: `rsa` or `ecdsa` (the service's default: `ecdsa`). */
    privateKeyType?: "rsa" | "ecdsa";
  }

  /** The state of automatic certificate management. */
  export interface CertificateManagementStatus {
    /** When the next renewal is requested (RFC 3339). */
    renewsAt?: string;
    /** The job provisioning or renewing the certificate; absent when none runs. */
    provisioningJob?: outputs.CertificateProvisioningJob;
  }

  /** A certificate provisioning or renewal job in progress. */
  export interface CertificateProvisioningJob {
    /** Present only when provisioning is failing: INTERNAL_ERROR is temporary, DNS_ERROR is permanent and must be corrected by the user. */
    errorCode?: string;
    /** The job's current status or error message. */
    msg?: string;
    /** When the job started (RFC 3339). */
    startedAt?: string;
    /** When the job will be retried (RFC 3339). */
    retriesAt?: string;
  }

  /** An active endpoint: a hostport served by an agent's tunnel or by an edge. */
  export interface Endpoint {
    /** The endpoint's id (`ep_...`). */
    id: string;
    /** The endpoint's address in the API. */
    uri: string;
    /** The region the endpoint belongs to. */
    region?: string;
    /** When the endpoint was created (RFC 3339). */
    createdAt?: string;
    /** When the endpoint was last updated (RFC 3339). */
    updatedAt?: string;
    /** The URL of the hostport served. */
    publicUrl: string;
    /** The protocol served. */
    proto: "http" | "https" | "tcp" | "tls";
    /** `hostname:port`. */
    hostport: string;
    /** What serves it: an agent-initiated tunnel (`ephemeral`) or an edge (`edge`). */
    type: "ephemeral" | "edge";
    /** The metadata of the tunnel or edge behind the endpoint. */
    metadata?: string;
    /** The reserved domain of the endpoint. */
    domain?: outputs.Ref;
    /** The reserved TCP address of the endpoint. */
    tcpAddr?: outputs.Ref;
    /** The tunnel serving an ephemeral endpoint. */
    tunnel?: outputs.Ref;
    /** The edge serving an edge endpoint. */
    edge?: outputs.Ref;
  }

  /** A reference to another resource. */
  export interface Ref {
    /** The referenced resource's id. */
    id: string;
    /** The referenced resource's address. */
    uri: string;
  }

  /** An online tunnel of an agent. */
  export interface Tunnel {
    /** The tunnel's id (`tn_...`). */
    id: string;
    /** The public URL of an ephemeral tunnel. */
    publicUrl?: string;
    /** When the tunnel started (RFC 3339). */
    startedAt: string;
    /** The tunnel's metadata from the agent's configuration file. */
    metadata?: string;
    /** The protocol of an ephemeral tunnel. */
    proto?: "http" | "https" | "tcp" | "tls";
    /** The region where the tunnel runs. */
    region: string;
    /** The tunnel session on which the tunnel started. */
    tunnelSession: outputs.Ref;
    /** The ephemeral endpoint of an agent-initiated tunnel. */
    endpoint?: outputs.Ref;
    /** The labels tunnel group backends match, for a backend tunnel. */
    labels?: { [key: string]: string };
    /** The tunnel group backends this backend tunnel serves. */
    backends?: outputs.Ref[];
    /** The upstream address the agent forwards to: a URL or a network address. */
    forwardsTo: string;
  }

  /** An online agent connection (tunnel session). */
  export interface TunnelSession {
    /** The tunnel session's id (`ts_...`). */
    id: string;
    /** The tunnel session's address in the API. */
    uri: string;
    /** The version of the agent that started the session. */
    agentVersion: string;
    /** The tunnel credential or SSH credential the agent authenticated with. */
    credential: outputs.Ref;
    /** The source IP address of the session. */
    ip: string;
    /** User-defined data from the agent's configuration file. */
    metadata?: string;
    /** The operating system of the agent's host. */
    os: string;
    /** The region in which the session started. */
    region: string;
    /** When the session first connected (RFC 3339). */
    startedAt: string;
    /** The transport protocol: `ngrok/2` or `ssh`. */
    transport: string;
  }
}
