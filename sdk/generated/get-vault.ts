// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getVault}. */
export interface GetVaultArgs {
  /** The Vault's id (`vault_...`). Give it, or its `name`. */
  id?: string;
  /** The name of the Vault to find. Not empty. */
  name?: string;
}

/** The arguments of {@link getVaultOutput}: those of {@link getVault}, as inputs. */
export interface GetVaultOutputArgs {
  /** The Vault's id (`vault_...`). Give it, or its `name`. */
  id?: pulumi.Input<string>;
  /** The name of the Vault to find. Not empty. */
  name?: pulumi.Input<string>;
}

/** The result of {@link getVault}. */
export interface GetVaultResult {
  /** The Vault's id. */
  readonly id: string;
  /** The vault's name, unique in the account, of letters, digits and `_ / . -`; policies name the vault by it. Changed in place. */
  readonly name: string;
  /** What the vault holds. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** Who created the vault. */
  readonly createdBy?: string;
  /** Who last changed the vault. */
  readonly lastUpdatedBy?: string;
  /** When the vault was last changed (RFC 3339). */
  readonly updatedAt?: string;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing Vault by its id or by its `name`, and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getVault({ name: "..." });
 * const same = ngrok.getVaultOutput({ id: found.id });
 * ```
 */
export function getVault(args?: GetVaultArgs, opts?: pulumi.InvokeOptions): Promise<GetVaultResult> {
  return invoke<GetVaultResult>("getVault", { ...args }, opts);
}

/** The Output form of {@link getVault}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getVaultOutput(args?: GetVaultOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetVaultResult> {
  return invokeOutput<GetVaultResult>("getVault", args, opts);
}
