// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getVaultSecret}. */
export interface GetVaultSecretArgs {
  /** The VaultSecret's id (`secret_...`). Give it, or its `vaultId` and `name` (any of them). */
  id?: string;
  /** The vaultId of the VaultSecret to find (every key given must match). An id starting with `vault_`. */
  vaultId?: string;
  /** The name of the VaultSecret to find (every key given must match). Not empty. */
  name?: string;
}

/** The arguments of {@link getVaultSecretOutput}: those of {@link getVaultSecret}, as inputs. */
export interface GetVaultSecretOutputArgs {
  /** The VaultSecret's id (`secret_...`). Give it, or its `vaultId` and `name` (any of them). */
  id?: pulumi.Input<string>;
  /** The vaultId of the VaultSecret to find (every key given must match). An id starting with `vault_`. */
  vaultId?: pulumi.Input<string>;
  /** The name of the VaultSecret to find (every key given must match). Not empty. */
  name?: pulumi.Input<string>;
}

/** The result of {@link getVaultSecret}. */
export interface GetVaultSecretResult {
  /** The VaultSecret's id. */
  readonly id: string;
  /** The id of the vault that holds the secret (`vault_...`). A change moves it: a replace. */
  readonly vaultId: string;
  /** The secret's name, unique in its vault, of letters, digits and `_ / . -`; policies name the secret by it. Changed in place. */
  readonly name: string;
  /** What the secret is for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The name of the vault that holds the secret. */
  readonly vaultName?: string;
  /** The vault that holds the secret. */
  readonly vault?: outputs.Ref;
  /** Who created the secret. */
  readonly createdBy?: outputs.Ref;
  /** Who last changed the secret. */
  readonly lastUpdatedBy?: outputs.Ref;
  /** When the secret was last changed (RFC 3339). */
  readonly updatedAt?: string;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing VaultSecret by its id or by its `vaultId` and `name` (any of them), and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getVaultSecret({ vaultId: "...", name: "..." });
 * const same = ngrok.getVaultSecretOutput({ id: found.id });
 * ```
 */
export function getVaultSecret(args?: GetVaultSecretArgs, opts?: pulumi.InvokeOptions): Promise<GetVaultSecretResult> {
  return invoke<GetVaultSecretResult>("getVaultSecret", { ...args }, opts);
}

/** The Output form of {@link getVaultSecret}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getVaultSecretOutput(args?: GetVaultSecretOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetVaultSecretResult> {
  return invokeOutput<GetVaultSecretResult>("getVaultSecret", args, opts);
}
