// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of an {@link SshHostCertificate}. */
export interface SshHostCertificateArgs {
  /** The SshCertificateAuthority that signs the certificate (`sshca_...`). A change signs a new certificate: a replace. Changing it replaces the resource. */
  sshCertificateAuthorityId: pulumi.Input<string>;
  /** The public key to certify, as one OpenSSH line (an `id_*.pub` or `ssh_host_*_key.pub` file), checked at preview. Compared without its comment and surrounding white space. A change replaces. Changing it replaces the resource. */
  publicKey: pulumi.Input<string>;
  /** The hostnames and IP addresses the host may serve SSH as. Empty means every host: dangerous. A change replaces. Changing it replaces the resource. */
  principals?: pulumi.Input<pulumi.Input<string>[]>;
  /** When the certificate becomes valid (RFC 3339); the service uses the time of creation when absent. A change replaces. Changing it replaces the resource. */
  validAfter?: pulumi.Input<string>;
  /** When the certificate stops being valid (RFC 3339; OpenSSH's `valid_before`); the service uses a year after `validAfter` when absent. A change replaces. Changing it replaces the resource. */
  validUntil?: pulumi.Input<string>;
  /** What the host certificate is for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** Adopt an existing SshHostCertificate (`shcrt_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * An SSH host certificate: a host's public key signed by an SshCertificateAuthority, so that clients trusting the authority trust the host without a `known_hosts` entry of its own. Every input but the description and metadata is signed into it: changing one signs a new certificate.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * import * as fs from "fs";
 *
 * const ca = new ngrok.SshCertificateAuthority("hosts", { privateKeyType: "ed25519" });
 * const host = new ngrok.SshHostCertificate("bastion", {
 *     sshCertificateAuthorityId: ca.id,
 *     publicKey: fs.readFileSync("/etc/ssh/ssh_host_ed25519_key.pub", "utf8"),
 *     principals: ["bastion.example.com"],
 * });
 * export const hostCertificate = host.certificate; // /etc/ssh/ssh_host_ed25519_key-cert.pub
 * ```
 */
export class SshHostCertificate extends NgrokResource {
  /** The SshCertificateAuthority that signs the certificate (`sshca_...`). A change signs a new certificate: a replace. Changing it replaces the resource. */
  declare public readonly sshCertificateAuthorityId: pulumi.Output<string>;
  /** The public key to certify, as one OpenSSH line (an `id_*.pub` or `ssh_host_*_key.pub` file), checked at preview. Compared without its comment and surrounding white space. A change replaces. Changing it replaces the resource. */
  declare public readonly publicKey: pulumi.Output<string>;
  /** The hostnames and IP addresses the host may serve SSH as. Empty means every host: dangerous. A change replaces. Changing it replaces the resource. */
  declare public readonly principals: pulumi.Output<string[] | undefined>;
  /** When the certificate becomes valid (RFC 3339); the service uses the time of creation when absent. A change replaces. Changing it replaces the resource. */
  declare public readonly validAfter: pulumi.Output<string | undefined>;
  /** When the certificate stops being valid (RFC 3339; OpenSSH's `valid_before`); the service uses a year after `validAfter` when absent. A change replaces. Changing it replaces the resource. */
  declare public readonly validUntil: pulumi.Output<string | undefined>;
  /** What the host certificate is for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The type of `publicKey`: `rsa`, `ecdsa` or `ed25519`. */
  declare public readonly keyType: pulumi.Output<string>;
  /** The signed certificate as one OpenSSH line: the contents of a `-cert.pub` file for `sshd_config`'s `HostCertificate`. */
  declare public readonly certificate: pulumi.Output<string>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing SshHostCertificate by its id (`shcrt_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): SshHostCertificate {
    return new SshHostCertificate(name, undefined as unknown as SshHostCertificateArgs, { ...opts, id });
  }

  constructor(name: string, args: SshHostCertificateArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        sshCertificateAuthorityId: undefined,
        publicKey: undefined,
        principals: undefined,
        validAfter: undefined,
        validUntil: undefined,
        description: undefined,
        metadata: undefined,
        keyType: undefined,
        certificate: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("SshHostCertificate", name, props, opts);
  }
}
