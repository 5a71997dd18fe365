// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of a {@link CertificateAuthority}. */
export interface CertificateAuthorityArgs {
  /** The certificate authority's certificate, PEM-encoded. Checked at preview; the service stores it with a trailing newline (not a change). Changing it replaces the resource. */
  caPem: pulumi.Input<string>;
  /** What the certificate authority is for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** Adopt an existing CertificateAuthority (`ca_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * An uploaded X.509 certificate authority, used to verify client certificates (mutual TLS). Only the certificate is uploaded, never its private key; the service derives the common name, validity and key usages from it.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * import * as fs from "fs";
 *
 * const ca = new ngrok.CertificateAuthority("clients", {
 *     caPem: fs.readFileSync("client-ca.pem", "utf8"),
 *     description: "Issues our devices' client certificates",
 * });
 * export const caExpires = ca.notAfter;
 * ```
 */
export class CertificateAuthority extends NgrokResource {
  /** The certificate authority's certificate, PEM-encoded. Checked at preview; the service stores it with a trailing newline (not a change). Changing it replaces the resource. */
  declare public readonly caPem: pulumi.Output<string>;
  /** What the certificate authority is for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The subject common name of the certificate; absent when it has none. */
  declare public readonly subjectCommonName: pulumi.Output<string | undefined>;
  /** When the certificate becomes valid (RFC 3339). */
  declare public readonly notBefore: pulumi.Output<string>;
  /** When the certificate expires (RFC 3339). */
  declare public readonly notAfter: pulumi.Output<string>;
  /** What the certificate's key may be used for (`digital_signature`, `cert_sign`, `crl_sign`, ...). */
  declare public readonly keyUsages: pulumi.Output<string[]>;
  /** The certificate's extended key usages (`server_auth`, `client_auth`, ...). */
  declare public readonly extendedKeyUsages: pulumi.Output<string[]>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing CertificateAuthority by its id (`ca_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): CertificateAuthority {
    return new CertificateAuthority(name, undefined as unknown as CertificateAuthorityArgs, { ...opts, id });
  }

  constructor(name: string, args: CertificateAuthorityArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        caPem: undefined,
        description: undefined,
        metadata: undefined,
        subjectCommonName: undefined,
        notBefore: undefined,
        notAfter: undefined,
        keyUsages: undefined,
        extendedKeyUsages: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("CertificateAuthority", name, props, opts);
  }
}
