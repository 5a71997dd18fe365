// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of a {@link Vault}. */
export interface VaultArgs {
  /** The vault's name, unique in the account, of letters, digits and `_ / . -`; policies name the vault by it. Changed in place. */
  name: pulumi.Input<string>;
  /** What the vault holds. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** Adopt an existing Vault (`vault_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A named vault of secrets that Traffic Policies read (`${secrets.get('<vault>', '<secret>')}`). The service refuses to delete a vault that still holds secrets: a program deletes its VaultSecrets first when they name the vault's id.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const vault = new ngrok.Vault("app", { name: "app-secrets" });
 * ```
 */
export class Vault extends NgrokResource {
  /** The vault's name, unique in the account, of letters, digits and `_ / . -`; policies name the vault by it. Changed in place. */
  declare public readonly name: pulumi.Output<string>;
  /** What the vault holds. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** Who created the vault. */
  declare public readonly createdBy: pulumi.Output<string | undefined>;
  /** Who last changed the vault. */
  declare public readonly lastUpdatedBy: pulumi.Output<string | undefined>;
  /** When the vault was last changed (RFC 3339). */
  declare public readonly updatedAt: pulumi.Output<string | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing Vault by its id (`vault_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): Vault {
    return new Vault(name, undefined as unknown as VaultArgs, { ...opts, id });
  }

  constructor(name: string, args: VaultArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        name: undefined,
        description: undefined,
        metadata: undefined,
        createdBy: undefined,
        lastUpdatedBy: undefined,
        updatedAt: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("Vault", name, props, opts);
  }
}
