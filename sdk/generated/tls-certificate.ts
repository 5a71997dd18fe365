// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { outputs } from "./types";

/** The arguments of a {@link TlsCertificate}. */
export interface TlsCertificateArgs {
  /** The certificate chain, PEM-encoded, leaf first. Checked at preview; a trailing newline more or less is not a change. Changing it replaces the resource. */
  certificatePem: pulumi.Input<string>;
  /** The leaf certificate's private key, PEM-encoded and unencrypted (PKCS #8, PKCS #1 or SEC 1); checked at preview against the certificate. The same key in another encoding is no change. Stored encrypted in state, even when given as a plain string. The API never returns it, so a certificate read with `TlsCertificate.get` has none. Changing it replaces the resource. Secret. */
  privateKeyPem: pulumi.Input<string>;
  /** What the certificate is for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** Adopt an existing TlsCertificate (`cert_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * An uploaded TLS certificate and its private key, served for the reserved domains that name it (`certificateId`). The API never returns the private key: the provider keeps the program's copy in state, encrypted. `TlsCertificate.get` reads a certificate without its private key.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * import * as fs from "fs";
 *
 * const cert = new ngrok.TlsCertificate("shop", {
 *     certificatePem: fs.readFileSync("shop.example.com.pem", "utf8"),
 *     privateKeyPem: fs.readFileSync("shop.example.com.key", "utf8"), // kept encrypted in state
 * });
 * const domain = new ngrok.ReservedDomain("shop", { domain: "shop.example.com", certificateId: cert.id });
 * ```
 */
export class TlsCertificate extends NgrokResource {
  /** The certificate chain, PEM-encoded, leaf first. Checked at preview; a trailing newline more or less is not a change. Changing it replaces the resource. */
  declare public readonly certificatePem: pulumi.Output<string>;
  /** The leaf certificate's private key, PEM-encoded and unencrypted (PKCS #8, PKCS #1 or SEC 1); checked at preview against the certificate. The same key in another encoding is no change. Stored encrypted in state, even when given as a plain string. The API never returns it, so a certificate read with `TlsCertificate.get` has none. Changing it replaces the resource. Secret. */
  declare public readonly privateKeyPem: pulumi.Output<string>;
  /** What the certificate is for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The subject common name of the leaf certificate; absent when it has none. */
  declare public readonly subjectCommonName: pulumi.Output<string | undefined>;
  /** The subject alternative names of the leaf certificate. */
  declare public readonly subjectAlternativeNames: pulumi.Output<outputs.TlsCertificateSubjectAlternativeNames | undefined>;
  /** When the leaf certificate becomes valid (RFC 3339). */
  declare public readonly notBefore: pulumi.Output<string>;
  /** When the leaf certificate expires (RFC 3339). */
  declare public readonly notAfter: pulumi.Output<string>;
  /** When the service issued the certificate (RFC 3339); absent for uploaded certificates. */
  declare public readonly issuedAt: pulumi.Output<string | undefined>;
  /** What the leaf certificate's key may be used for (`digital_signature`, `key_encipherment`, ...). */
  declare public readonly keyUsages: pulumi.Output<string[]>;
  /** The leaf certificate's extended key usages (`server_auth`, `client_auth`, ...). */
  declare public readonly extendedKeyUsages: pulumi.Output<string[]>;
  /** The type of the private key: `rsa`, `ecdsa` or `ed25519`. */
  declare public readonly privateKeyType: pulumi.Output<string | undefined>;
  /** The issuer common name of the leaf certificate; absent when it has none. */
  declare public readonly issuerCommonName: pulumi.Output<string | undefined>;
  /** The serial number of the leaf certificate, in hexadecimal. */
  declare public readonly serialNumber: pulumi.Output<string>;
  /** The subject organization of the leaf certificate; absent when it has none. */
  declare public readonly subjectOrganization: pulumi.Output<string | undefined>;
  /** The subject organizational unit of the leaf certificate; absent when it has none. */
  declare public readonly subjectOrganizationalUnit: pulumi.Output<string | undefined>;
  /** The subject locality of the leaf certificate; absent when it has none. */
  declare public readonly subjectLocality: pulumi.Output<string | undefined>;
  /** The subject province of the leaf certificate; absent when it has none. */
  declare public readonly subjectProvince: pulumi.Output<string | undefined>;
  /** The subject country of the leaf certificate; absent when it has none. */
  declare public readonly subjectCountry: pulumi.Output<string | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing TlsCertificate by its id (`cert_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): TlsCertificate {
    return new TlsCertificate(name, undefined as unknown as TlsCertificateArgs, { ...opts, id });
  }

  constructor(name: string, args: TlsCertificateArgs, opts?: pulumi.CustomResourceOptions) {
    const props: pulumi.Inputs = Object.assign(
      {
        certificatePem: undefined,
        privateKeyPem: undefined,
        description: undefined,
        metadata: undefined,
        subjectCommonName: undefined,
        subjectAlternativeNames: undefined,
        notBefore: undefined,
        notAfter: undefined,
        issuedAt: undefined,
        keyUsages: undefined,
        extendedKeyUsages: undefined,
        privateKeyType: undefined,
        issuerCommonName: undefined,
        serialNumber: undefined,
        subjectOrganization: undefined,
        subjectOrganizationalUnit: undefined,
        subjectLocality: undefined,
        subjectProvince: undefined,
        subjectCountry: undefined,
        createdAt: undefined,
      },
      args,
    );
    if (props.privateKeyPem !== undefined) props.privateKeyPem = pulumi.secret(props.privateKeyPem);
    super("TlsCertificate", name, props, pulumi.mergeOptions(opts, { additionalSecretOutputs: ["privateKeyPem"] }));
  }
}
