// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getSshCredential}. */
export interface GetSshCredentialArgs {
  /** The SshCredential's id (`sshcr_...`). */
  id: string;
}

/** The arguments of {@link getSshCredentialOutput}: those of {@link getSshCredential}, as inputs. */
export interface GetSshCredentialOutputArgs {
  /** The SshCredential's id (`sshcr_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getSshCredential}. */
export interface GetSshCredentialResult {
  /** The SshCredential's id. */
  readonly id: string;
  /** Who or what uses the key. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The public key as one OpenSSH line, `<type> <base64>[ <comment>]` (the contents of an `id_*.pub` file): `ssh-rsa`, `ssh-ed25519`, `ecdsa-sha2-nistp256`/`384`/`521` or a security-key (`sk-...@openssh.com`) type, checked at preview. Compared without its comment and surrounding white space (a trailing newline from reading the file is no change). */
  readonly publicKey: string;
  /** ACL rules: `bind:<domain>`, `bind:*.<domain>` (leading wildcard), `bind:<key>=<value>` (label; `*` as key or value), or `*`. Empty or absent means no restriction. */
  readonly acl?: string[];
  /** The user, service user (`service_...`) or bot user that owns the credential; defaults to the caller. Only admins may name another owner. */
  readonly ownerId?: string;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing SshCredential by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getSshCredentialOutput({ id: "sshcr_..." });
 * ```
 */
export function getSshCredential(args: GetSshCredentialArgs, opts?: pulumi.InvokeOptions): Promise<GetSshCredentialResult> {
  return invoke<GetSshCredentialResult>("getSshCredential", { ...args }, opts);
}

/** The Output form of {@link getSshCredential}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getSshCredentialOutput(args: GetSshCredentialOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetSshCredentialResult> {
  return invokeOutput<GetSshCredentialResult>("getSshCredential", args, opts);
}
