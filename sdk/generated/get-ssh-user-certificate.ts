// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getSshUserCertificate}. */
export interface GetSshUserCertificateArgs {
  /** The SshUserCertificate's id (`sucrt_...`). */
  id: string;
}

/** The arguments of {@link getSshUserCertificateOutput}: those of {@link getSshUserCertificate}, as inputs. */
export interface GetSshUserCertificateOutputArgs {
  /** The SshUserCertificate's id (`sucrt_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getSshUserCertificate}. */
export interface GetSshUserCertificateResult {
  /** The SshUserCertificate's id. */
  readonly id: string;
  /** The SshCertificateAuthority that signs the certificate (`sshca_...`). A change signs a new certificate: a replace. */
  readonly sshCertificateAuthorityId: string;
  /** The public key to certify, as one OpenSSH line (an `id_*.pub` or `ssh_host_*_key.pub` file), checked at preview. Compared without its comment and surrounding white space. A change replaces. */
  readonly publicKey: string;
  /** The user names the holder may log in as. Empty means any user: dangerous. A change replaces. */
  readonly principals?: string[];
  /** When the certificate becomes valid (RFC 3339); the service uses the time of creation when absent. A change replaces. */
  readonly validAfter?: string;
  /** When the certificate stops being valid (RFC 3339; OpenSSH's `valid_before`); the service uses 24 hours after `validAfter` when absent. A change replaces. */
  readonly validUntil?: string;
  /** What the user certificate is for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The type of `publicKey`: `rsa`, `ecdsa` or `ed25519`. */
  readonly keyType: string;
  /** The signed certificate as one OpenSSH line: the contents of a `-cert.pub` file. */
  readonly certificate: string;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
  /** Critical options: OpenSSH defines `force-command` and `source-address`. A change replaces. */
  readonly criticalOptions?: { [key: string]: string };
  /** Extensions such as `permit-pty`, `permit-port-forwarding` (values usually ""). When absent the service grants `{"permit-pty": "", "permit-user-rc": ""}`. A change replaces. */
  readonly extensions?: { [key: string]: string };
}

/**
 * Finds an existing SshUserCertificate by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getSshUserCertificateOutput({ id: "sucrt_..." });
 * ```
 */
export function getSshUserCertificate(args: GetSshUserCertificateArgs, opts?: pulumi.InvokeOptions): Promise<GetSshUserCertificateResult> {
  return invoke<GetSshUserCertificateResult>("getSshUserCertificate", { ...args }, opts);
}

/** The Output form of {@link getSshUserCertificate}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getSshUserCertificateOutput(args: GetSshUserCertificateOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetSshUserCertificateResult> {
  return invokeOutput<GetSshUserCertificateResult>("getSshUserCertificate", args, opts);
}
