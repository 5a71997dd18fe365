// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getSshHostCertificate}. */
export interface GetSshHostCertificateArgs {
  /** The SshHostCertificate's id (`shcrt_...`). */
  id: string;
}

/** The arguments of {@link getSshHostCertificateOutput}: those of {@link getSshHostCertificate}, as inputs. */
export interface GetSshHostCertificateOutputArgs {
  /** The SshHostCertificate's id (`shcrt_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getSshHostCertificate}. */
export interface GetSshHostCertificateResult {
  /** The SshHostCertificate's id. */
  readonly id: string;
  /** The SshCertificateAuthority that signs the certificate (`sshca_...`). A change signs a new certificate: a replace. */
  readonly sshCertificateAuthorityId: string;
  /** The public key to certify, as one OpenSSH line (an `id_*.pub` or `ssh_host_*_key.pub` file), checked at preview. Compared without its comment and surrounding white space. A change replaces. */
  readonly publicKey: string;
  /** The hostnames and IP addresses the host may serve SSH as. Empty means every host: dangerous. A change replaces. */
  readonly principals?: string[];
  /** When the certificate becomes valid (RFC 3339); the service uses the time of creation when absent. A change replaces. */
  readonly validAfter?: string;
  /** When the certificate stops being valid (RFC 3339; OpenSSH's `valid_before`); the service uses a year after `validAfter` when absent. A change replaces. */
  readonly validUntil?: string;
  /** What the host certificate is for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The type of `publicKey`: `rsa`, `ecdsa` or `ed25519`. */
  readonly keyType: string;
  /** The signed certificate as one OpenSSH line: the contents of a `-cert.pub` file for `sshd_config`'s `HostCertificate`. */
  readonly certificate: string;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing SshHostCertificate by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getSshHostCertificateOutput({ id: "shcrt_..." });
 * ```
 */
export function getSshHostCertificate(args: GetSshHostCertificateArgs, opts?: pulumi.InvokeOptions): Promise<GetSshHostCertificateResult> {
  return invoke<GetSshHostCertificateResult>("getSshHostCertificate", { ...args }, opts);
}

/** The Output form of {@link getSshHostCertificate}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getSshHostCertificateOutput(args: GetSshHostCertificateOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetSshHostCertificateResult> {
  return invokeOutput<GetSshHostCertificateResult>("getSshHostCertificate", args, opts);
}
