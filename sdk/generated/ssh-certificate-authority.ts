// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of an {@link SshCertificateAuthority}. */
export interface SshCertificateAuthorityArgs {
  /** What the authority signs for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** The type of key pair to generate: `rsa`, `ecdsa` or `ed25519` (the service's default when absent). A change generates a new authority: a replace. Changing it replaces the resource. */
  privateKeyType?: pulumi.Input<"rsa" | "ecdsa" | "ed25519">;
  /** The curve of an `ecdsa` key: `p256` (the default), `p384` or `p521`. The API does not answer it, so the program's value is kept. A change replaces. Changing it replaces the resource. */
  ellipticCurve?: pulumi.Input<"p256" | "p384" | "p521">;
  /** The size of an `rsa` key: `2048` or `4096` (the default). The API does not answer it, so the program's value is kept. A change replaces. Changing it replaces the resource. */
  keySize?: pulumi.Input<number>;
  /** Adopt an existing SshCertificateAuthority (`sshca_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * An SSH certificate authority whose key pair the service generates and keeps: it signs SshHostCertificates and SshUserCertificates. Trust its `publicKey` in `sshd_config` (`TrustedUserCAKeys`) or `known_hosts` (`@cert-authority`).
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const ca = new ngrok.SshCertificateAuthority("hosts", { description: "staging hosts", privateKeyType: "ed25519" });
 * export const trustLine = pulumi.interpolate`@cert-authority *.staging.example.com ${ca.publicKey}`;
 * ```
 */
export class SshCertificateAuthority extends NgrokResource {
  /** What the authority signs for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The type of key pair to generate: `rsa`, `ecdsa` or `ed25519` (the service's default when absent). A change generates a new authority: a replace. Changing it replaces the resource. */
  declare public readonly privateKeyType: pulumi.Output<"rsa" | "ecdsa" | "ed25519" | undefined>;
  /** The curve of an `ecdsa` key: `p256` (the default), `p384` or `p521`. The API does not answer it, so the program's value is kept. A change replaces. Changing it replaces the resource. */
  declare public readonly ellipticCurve: pulumi.Output<"p256" | "p384" | "p521" | undefined>;
  /** The size of an `rsa` key: `2048` or `4096` (the default). The API does not answer it, so the program's value is kept. A change replaces. Changing it replaces the resource. */
  declare public readonly keySize: pulumi.Output<number | undefined>;
  /** The authority's public key as one OpenSSH line, for `TrustedUserCAKeys` or `@cert-authority`. */
  declare public readonly publicKey: pulumi.Output<string>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing SshCertificateAuthority by its id (`sshca_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): SshCertificateAuthority {
    return new SshCertificateAuthority(name, undefined as unknown as SshCertificateAuthorityArgs, { ...opts, id });
  }

  constructor(name: string, args: SshCertificateAuthorityArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        description: undefined,
        metadata: undefined,
        privateKeyType: undefined,
        ellipticCurve: undefined,
        keySize: undefined,
        publicKey: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("SshCertificateAuthority", name, props, opts);
  }
}
