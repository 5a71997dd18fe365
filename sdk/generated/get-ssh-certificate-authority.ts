// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getSshCertificateAuthority}. */
export interface GetSshCertificateAuthorityArgs {
  /** The SshCertificateAuthority's id (`sshca_...`). */
  id: string;
}

/** The arguments of {@link getSshCertificateAuthorityOutput}: those of {@link getSshCertificateAuthority}, as inputs. */
export interface GetSshCertificateAuthorityOutputArgs {
  /** The SshCertificateAuthority's id (`sshca_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getSshCertificateAuthority}. */
export interface GetSshCertificateAuthorityResult {
  /** The SshCertificateAuthority's id. */
  readonly id: string;
  /** What the authority signs for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The type of key pair to generate: `rsa`, `ecdsa` or `ed25519` (the service's default when absent). A change generates a new authority: a replace. */
  readonly privateKeyType?: "rsa" | "ecdsa" | "ed25519";
  /** The authority's public key as one OpenSSH line, for `TrustedUserCAKeys` or `@cert-authority`. */
  readonly publicKey: string;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing SshCertificateAuthority by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getSshCertificateAuthorityOutput({ id: "sshca_..." });
 * ```
 */
export function getSshCertificateAuthority(args: GetSshCertificateAuthorityArgs, opts?: pulumi.InvokeOptions): Promise<GetSshCertificateAuthorityResult> {
  return invoke<GetSshCertificateAuthorityResult>("getSshCertificateAuthority", { ...args }, opts);
}

/** The Output form of {@link getSshCertificateAuthority}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getSshCertificateAuthorityOutput(args: GetSshCertificateAuthorityOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetSshCertificateAuthorityResult> {
  return invokeOutput<GetSshCertificateAuthorityResult>("getSshCertificateAuthority", args, opts);
}
