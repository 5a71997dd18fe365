// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getTlsCertificate}. */
export interface GetTlsCertificateArgs {
  /** The TlsCertificate's id (`cert_...`). Give it, or its `subjectCommonName`. */
  id?: string;
  /** The subjectCommonName of the TlsCertificate to find. */
  subjectCommonName?: string;
}

/** The arguments of {@link getTlsCertificateOutput}: those of {@link getTlsCertificate}, as inputs. */
export interface GetTlsCertificateOutputArgs {
  /** The TlsCertificate's id (`cert_...`). Give it, or its `subjectCommonName`. */
  id?: pulumi.Input<string>;
  /** The subjectCommonName of the TlsCertificate to find. */
  subjectCommonName?: pulumi.Input<string>;
}

/** The result of {@link getTlsCertificate}. */
export interface GetTlsCertificateResult {
  /** The TlsCertificate's id. */
  readonly id: string;
  /** The certificate chain, PEM-encoded, leaf first. Checked at preview; a trailing newline more or less is not a change. */
  readonly certificatePem: string;
  /** What the certificate is for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The subject common name of the leaf certificate; absent when it has none. */
  readonly subjectCommonName?: string;
  /** The subject alternative names of the leaf certificate. */
  readonly subjectAlternativeNames?: outputs.TlsCertificateSubjectAlternativeNames;
  /** When the leaf certificate becomes valid (RFC 3339). */
  readonly notBefore: string;
  /** When the leaf certificate expires (RFC 3339). */
  readonly notAfter: string;
  /** When the service issued the certificate (RFC 3339); absent for uploaded certificates. */
  readonly issuedAt?: string;
  /** What the leaf certificate's key may be used for (`digital_signature`, `key_encipherment`, ...). */
  readonly keyUsages: string[];
  /** The leaf certificate's extended key usages (`server_auth`, `client_auth`, ...). */
  readonly extendedKeyUsages: string[];
  /** The type of the private key: `rsa`, `ecdsa` or `ed25519`. */
  readonly privateKeyType?: string;
  /** The issuer common name of the leaf certificate; absent when it has none. */
  readonly issuerCommonName?: string;
  /** The serial number of the leaf certificate, in hexadecimal. */
  readonly serialNumber: string;
  /** The subject organization of the leaf certificate; absent when it has none. */
  readonly subjectOrganization?: string;
  /** The subject organizational unit of the leaf certificate; absent when it has none. */
  readonly subjectOrganizationalUnit?: string;
  /** The subject locality of the leaf certificate; absent when it has none. */
  readonly subjectLocality?: string;
  /** The subject province of the leaf certificate; absent when it has none. */
  readonly subjectProvince?: string;
  /** The subject country of the leaf certificate; absent when it has none. */
  readonly subjectCountry?: string;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing TlsCertificate by its id or by its `subjectCommonName`, and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getTlsCertificate({ subjectCommonName: "..." });
 * const same = ngrok.getTlsCertificateOutput({ id: found.id });
 * ```
 */
export function getTlsCertificate(args?: GetTlsCertificateArgs, opts?: pulumi.InvokeOptions): Promise<GetTlsCertificateResult> {
  return invoke<GetTlsCertificateResult>("getTlsCertificate", { ...args }, opts);
}

/** The Output form of {@link getTlsCertificate}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getTlsCertificateOutput(args?: GetTlsCertificateOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetTlsCertificateResult> {
  return invokeOutput<GetTlsCertificateResult>("getTlsCertificate", args, opts);
}
