// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getCertificateAuthority}. */
export interface GetCertificateAuthorityArgs {
  /** The CertificateAuthority's id (`ca_...`). */
  id: string;
}

/** The arguments of {@link getCertificateAuthorityOutput}: those of {@link getCertificateAuthority}, as inputs. */
export interface GetCertificateAuthorityOutputArgs {
  /** The CertificateAuthority's id (`ca_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getCertificateAuthority}. */
export interface GetCertificateAuthorityResult {
  /** The CertificateAuthority's id. */
  readonly id: string;
  /** The certificate authority's certificate, PEM-encoded. Checked at preview; the service stores it with a trailing newline (not a change). */
  readonly caPem: string;
  /** What the certificate authority is for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The subject common name of the certificate; absent when it has none. */
  readonly subjectCommonName?: string;
  /** When the certificate becomes valid (RFC 3339). */
  readonly notBefore: string;
  /** When the certificate expires (RFC 3339). */
  readonly notAfter: string;
  /** What the certificate's key may be used for (`digital_signature`, `cert_sign`, `crl_sign`, ...). */
  readonly keyUsages: string[];
  /** The certificate's extended key usages (`server_auth`, `client_auth`, ...). */
  readonly extendedKeyUsages: string[];
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing CertificateAuthority by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getCertificateAuthorityOutput({ id: "ca_..." });
 * ```
 */
export function getCertificateAuthority(args: GetCertificateAuthorityArgs, opts?: pulumi.InvokeOptions): Promise<GetCertificateAuthorityResult> {
  return invoke<GetCertificateAuthorityResult>("getCertificateAuthority", { ...args }, opts);
}

/** The Output form of {@link getCertificateAuthority}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getCertificateAuthorityOutput(args: GetCertificateAuthorityOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetCertificateAuthorityResult> {
  return invokeOutput<GetCertificateAuthorityResult>("getCertificateAuthority", args, opts);
}
