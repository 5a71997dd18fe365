// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getCredential}. */
export interface GetCredentialArgs {
  /** The Credential's id (`cr_...`). */
  id: string;
}

/** The arguments of {@link getCredentialOutput}: those of {@link getCredential}, as inputs. */
export interface GetCredentialOutputArgs {
  /** The Credential's id (`cr_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getCredential}. */
export interface GetCredentialResult {
  /** The Credential's id. */
  readonly id: string;
  /** Who or what uses the credential. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** ACL rules: `bind:<domain>`, `bind:*.<domain>` (leading wildcard), `bind:<key>=<value>` (label; `*` as key or value), or `*`. Empty or absent means no restriction. */
  readonly acl?: string[];
  /** The user, service user (`service_...`) or bot user that owns the credential; defaults to the caller. Only admins may name another owner. A replacement credential gets a new token. */
  readonly ownerId?: string;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing Credential by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getCredentialOutput({ id: "cr_..." });
 * ```
 */
export function getCredential(args: GetCredentialArgs, opts?: pulumi.InvokeOptions): Promise<GetCredentialResult> {
  return invoke<GetCredentialResult>("getCredential", { ...args }, opts);
}

/** The Output form of {@link getCredential}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getCredentialOutput(args: GetCredentialOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetCredentialResult> {
  return invokeOutput<GetCredentialResult>("getCredential", args, opts);
}
