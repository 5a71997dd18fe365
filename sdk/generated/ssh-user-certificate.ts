// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of an {@link SshUserCertificate}. */
export interface SshUserCertificateArgs {
  /** The SshCertificateAuthority that signs the certificate (`sshca_...`). A change signs a new certificate: a replace. Changing it replaces the resource. */
  sshCertificateAuthorityId: pulumi.Input<string>;
  /** The public key to certify, as one OpenSSH line (an `id_*.pub` or `ssh_host_*_key.pub` file), checked at preview. Compared without its comment and surrounding white space. A change replaces. Changing it replaces the resource. */
  publicKey: pulumi.Input<string>;
  /** The user names the holder may log in as. Empty means any user: dangerous. A change replaces. Changing it replaces the resource. */
  principals?: pulumi.Input<pulumi.Input<string>[]>;
  /** When the certificate becomes valid (RFC 3339); the service uses the time of creation when absent. A change replaces. Changing it replaces the resource. */
  validAfter?: pulumi.Input<string>;
  /** When the certificate stops being valid (RFC 3339; OpenSSH's `valid_before`); the service uses 24 hours after `validAfter` when absent. A change replaces. Changing it replaces the resource. */
  validUntil?: pulumi.Input<string>;
  /** What the user certificate is for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** Critical options: OpenSSH defines `force-command` and `source-address`. A change replaces. Changing it replaces the resource. */
  criticalOptions?: pulumi.Input<{ [key: string]: pulumi.Input<string> }>;
  /** Extensions such as `permit-pty`, `permit-port-forwarding` (values usually ""). When absent the service grants `{"permit-pty": "", "permit-user-rc": ""}`. A change replaces. Changing it replaces the resource. */
  extensions?: pulumi.Input<{ [key: string]: pulumi.Input<string> }>;
  /** Adopt an existing SshUserCertificate (`sucrt_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * An SSH user certificate: a user's public key signed by an SshCertificateAuthority, so that hosts trusting the authority (`TrustedUserCAKeys`) let the holder log in as its principals. Every input but the description and metadata is signed into it: changing one signs a new certificate.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * import * as fs from "fs";
 *
 * const ca = new ngrok.SshCertificateAuthority("users", { privateKeyType: "ed25519" });
 * const alice = new ngrok.SshUserCertificate("alice", {
 *     sshCertificateAuthorityId: ca.id,
 *     publicKey: fs.readFileSync("/home/alice/.ssh/id_ed25519.pub", "utf8"),
 *     principals: ["alice", "deploy"],
 *     validUntil: "2030-01-01T00:00:00Z",
 *     extensions: { "permit-pty": "" },
 * });
 * export const certificate = alice.certificate; // ~/.ssh/id_ed25519-cert.pub
 * ```
 */
export class SshUserCertificate extends NgrokResource {
  /** The SshCertificateAuthority that signs the certificate (`sshca_...`). A change signs a new certificate: a replace. Changing it replaces the resource. */
  declare public readonly sshCertificateAuthorityId: pulumi.Output<string>;
  /** The public key to certify, as one OpenSSH line (an `id_*.pub` or `ssh_host_*_key.pub` file), checked at preview. Compared without its comment and surrounding white space. A change replaces. Changing it replaces the resource. */
  declare public readonly publicKey: pulumi.Output<string>;
  /** The user names the holder may log in as. Empty means any user: dangerous. A change replaces. Changing it replaces the resource. */
  declare public readonly principals: pulumi.Output<string[] | undefined>;
  /** When the certificate becomes valid (RFC 3339); the service uses the time of creation when absent. A change replaces. Changing it replaces the resource. */
  declare public readonly validAfter: pulumi.Output<string | undefined>;
  /** When the certificate stops being valid (RFC 3339; OpenSSH's `valid_before`); the service uses 24 hours after `validAfter` when absent. A change replaces. Changing it replaces the resource. */
  declare public readonly validUntil: pulumi.Output<string | undefined>;
  /** What the user certificate is for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The type of `publicKey`: `rsa`, `ecdsa` or `ed25519`. */
  declare public readonly keyType: pulumi.Output<string>;
  /** The signed certificate as one OpenSSH line: the contents of a `-cert.pub` file. */
  declare public readonly certificate: pulumi.Output<string>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;
  /** Critical options: OpenSSH defines `force-command` and `source-address`. A change replaces. Changing it replaces the resource. */
  declare public readonly criticalOptions: pulumi.Output<{ [key: string]: string } | undefined>;
  /** Extensions such as `permit-pty`, `permit-port-forwarding` (values usually ""). When absent the service grants `{"permit-pty": "", "permit-user-rc": ""}`. A change replaces. Changing it replaces the resource. */
  declare public readonly extensions: pulumi.Output<{ [key: string]: string } | undefined>;

  /** References an existing SshUserCertificate by its id (`sucrt_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): SshUserCertificate {
    return new SshUserCertificate(name, undefined as unknown as SshUserCertificateArgs, { ...opts, id });
  }

  constructor(name: string, args: SshUserCertificateArgs, opts?: pulumi.CustomResourceOptions) {
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
        criticalOptions: undefined,
        extensions: undefined,
      },
      args,
    );
    super("SshUserCertificate", name, props, opts);
  }
}
