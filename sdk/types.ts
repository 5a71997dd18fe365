// Generated from provider/definitions by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";

export namespace inputs {
  /** How certificates are issued automatically. */
  export interface AgentIngressCertificateManagementPolicy {
    /** The certificate authority; the only supported value (and the default) is `letsencrypt`. */
    authority?: pulumi.Input<"letsencrypt">;
    /** The private key type: `rsa` or `ecdsa` (default `rsa`). */
    privateKeyType?: pulumi.Input<"rsa" | "ecdsa">;
  }

  /** How certificates are issued automatically. */
  export interface CertificateManagementPolicy {
    /** The certificate authority; the only supported value (and the default) is `letsencrypt`. */
    authority?: pulumi.Input<"letsencrypt">;
    /** The private key type: `rsa` or `ecdsa` (default `ecdsa`). */
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

  /** A reference to another resource. */
  export interface Ref {
    /** The referenced resource's id. */
    id?: pulumi.Input<string>;
    /** The referenced resource's address. */
    uri?: pulumi.Input<string>;
  }

  /** The subject alternative names of a certificate. */
  export interface TlsCertificateSubjectAlternativeNames {
    /** The domains (wildcards included) the certificate is valid for. */
    dnsNames?: pulumi.Input<pulumi.Input<string>[]>;
    /** The IP addresses the certificate is valid for. */
    ips?: pulumi.Input<pulumi.Input<string>[]>;
  }
}

export namespace outputs {
  /** How certificates are issued automatically. */
  export interface AgentIngressCertificateManagementPolicy {
    /** The certificate authority; the only supported value (and the default) is `letsencrypt`. */
    authority?: "letsencrypt";
    /** The private key type: `rsa` or `ecdsa` (default `rsa`). */
    privateKeyType?: "rsa" | "ecdsa";
  }

  /** How certificates are issued automatically. */
  export interface CertificateManagementPolicy {
    /** The certificate authority; the only supported value (and the default) is `letsencrypt`. */
    authority?: "letsencrypt";
    /** The private key type: `rsa` or `ecdsa` (default `ecdsa`). */
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

  /** A reference to another resource. */
  export interface Ref {
    /** The referenced resource's id. */
    id?: string;
    /** The referenced resource's address. */
    uri?: string;
  }

  /** The subject alternative names of a certificate. */
  export interface TlsCertificateSubjectAlternativeNames {
    /** The domains (wildcards included) the certificate is valid for. */
    dnsNames?: string[];
    /** The IP addresses the certificate is valid for. */
    ips?: string[];
  }
}
