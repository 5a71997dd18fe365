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

  /** Values a JWT claim may take. */
  export interface JwtAllowList {
    /** The allowed values. */
    allowList?: pulumi.Input<pulumi.Input<inputs.JwtAllowListEntry>[]>;
  }

  /** One allowed value. */
  export interface JwtAllowListEntry {
    /** The value. */
    value: pulumi.Input<string>;
  }

  /** Where JWTs are found in requests. */
  export interface JwtHttp {
    /** The tokens to validate. */
    tokens?: pulumi.Input<pulumi.Input<inputs.JwtToken>[]>;
  }

  /** How JWT signatures are verified. */
  export interface JwtJws {
    /** The signing algorithms accepted, such as `RS256`. */
    allowedAlgorithms?: pulumi.Input<pulumi.Input<string>[]>;
    /** Where the signing keys come from. */
    keys?: pulumi.Input<inputs.JwtJwsKeys>;
  }

  /** Where the signing keys come from. */
  export interface JwtJwsKeys {
    /** The key sources. */
    sources?: pulumi.Input<inputs.JwtKeySources>;
  }

  /** The key sources. */
  export interface JwtKeySources {
    /** URLs serving signing keys in JWKS format. */
    additionalJkus?: pulumi.Input<pulumi.Input<string>[]>;
  }

  /** A token to validate and where to find it. */
  export interface JwtToken {
    /** How to parse it: `jwt`, `at+jwt` (access token) or `it+jwt` (ID token). */
    type: pulumi.Input<"jwt" | "at+jwt" | "it+jwt">;
    /** Where it is: `header` or `body`. */
    method: pulumi.Input<"header" | "body">;
    /** The name of the header or body field. */
    name: pulumi.Input<string>;
    /** A prefix stripped before parsing, such as `Bearer `. */
    prefix?: pulumi.Input<string>;
  }

  /** A reference to another resource. */
  export interface Ref {
    /** The referenced resource's id. */
    id?: pulumi.Input<string>;
    /** The referenced resource's address. */
    uri?: pulumi.Input<string>;
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

  /** Values a JWT claim may take. */
  export interface JwtAllowList {
    /** The allowed values. */
    allowList?: outputs.JwtAllowListEntry[];
  }

  /** One allowed value. */
  export interface JwtAllowListEntry {
    /** The value. */
    value?: string;
  }

  /** Where JWTs are found in requests. */
  export interface JwtHttp {
    /** The tokens to validate. */
    tokens?: outputs.JwtToken[];
  }

  /** How JWT signatures are verified. */
  export interface JwtJws {
    /** The signing algorithms accepted, such as `RS256`. */
    allowedAlgorithms?: string[];
    /** Where the signing keys come from. */
    keys?: outputs.JwtJwsKeys;
  }

  /** Where the signing keys come from. */
  export interface JwtJwsKeys {
    /** The key sources. */
    sources?: outputs.JwtKeySources;
  }

  /** The key sources. */
  export interface JwtKeySources {
    /** URLs serving signing keys in JWKS format. */
    additionalJkus?: string[];
  }

  /** A token to validate and where to find it. */
  export interface JwtToken {
    /** How to parse it: `jwt`, `at+jwt` (access token) or `it+jwt` (ID token). */
    type?: "jwt" | "at+jwt" | "it+jwt";
    /** Where it is: `header` or `body`. */
    method?: "header" | "body";
    /** The name of the header or body field. */
    name?: string;
    /** A prefix stripped before parsing, such as `Bearer `. */
    prefix?: string;
  }

  /** A reference to another resource. */
  export interface Ref {
    /** The referenced resource's id. */
    id?: string;
    /** The referenced resource's address. */
    uri?: string;
  }
}
