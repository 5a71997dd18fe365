// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { outputs } from "./types";

/** The arguments of a {@link VaultSecret}. */
export interface VaultSecretArgs {
  /** The id of the vault that holds the secret (`vault_...`). A change moves it: a replace. Changing it replaces the resource. */
  vaultId: pulumi.Input<string>;
  /** The secret's name, unique in its vault, of letters, digits and `_ / . -`; policies name the secret by it. Changed in place. */
  name: pulumi.Input<string>;
  /** The secret's value. Stored encrypted in state, even when given as a plain string; the API never returns it, so a change shows as an update and is sent in place (a rotation), and `VaultSecret.get` or a lookup has none. Secret. */
  value: pulumi.Input<string>;
  /** What the secret is for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** Adopt an existing VaultSecret (`secret_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A secret in a Vault, read by Traffic Policies as `${secrets.get('<vault name>', '<secret name>')}` (`ngrok.secretRef` writes it). The API never returns its value: the provider keeps the program's value in state, encrypted; changing it rotates the secret in place.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const vault = new ngrok.Vault("app", { name: "app-secrets" });
 * const apiToken = new ngrok.VaultSecret("upstream-token", {
 *     vaultId: vault.id,
 *     name: "upstream-token",
 *     value: config.requireSecret("upstreamToken"),
 * });
 * // In a Traffic Policy: ngrok.secretRef("app-secrets", "upstream-token")
 * ```
 */
export class VaultSecret extends NgrokResource {
  /** The id of the vault that holds the secret (`vault_...`). A change moves it: a replace. Changing it replaces the resource. */
  declare public readonly vaultId: pulumi.Output<string>;
  /** The secret's name, unique in its vault, of letters, digits and `_ / . -`; policies name the secret by it. Changed in place. */
  declare public readonly name: pulumi.Output<string>;
  /** The secret's value. Stored encrypted in state, even when given as a plain string; the API never returns it, so a change shows as an update and is sent in place (a rotation), and `VaultSecret.get` or a lookup has none. Secret. */
  declare public readonly value: pulumi.Output<string>;
  /** What the secret is for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The name of the vault that holds the secret. */
  declare public readonly vaultName: pulumi.Output<string | undefined>;
  /** The vault that holds the secret. */
  declare public readonly vault: pulumi.Output<outputs.Ref | undefined>;
  /** Who created the secret. */
  declare public readonly createdBy: pulumi.Output<outputs.Ref | undefined>;
  /** Who last changed the secret. */
  declare public readonly lastUpdatedBy: pulumi.Output<outputs.Ref | undefined>;
  /** When the secret was last changed (RFC 3339). */
  declare public readonly updatedAt: pulumi.Output<string | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing VaultSecret by its id (`secret_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): VaultSecret {
    return new VaultSecret(name, undefined as unknown as VaultSecretArgs, { ...opts, id });
  }

  constructor(name: string, args: VaultSecretArgs, opts?: pulumi.CustomResourceOptions) {
    const props: pulumi.Inputs = Object.assign(
      {
        vaultId: undefined,
        name: undefined,
        value: undefined,
        description: undefined,
        metadata: undefined,
        vaultName: undefined,
        vault: undefined,
        createdBy: undefined,
        lastUpdatedBy: undefined,
        updatedAt: undefined,
        createdAt: undefined,
      },
      args,
    );
    if (props.value !== undefined) props.value = pulumi.secret(props.value);
    super("VaultSecret", name, props, pulumi.mergeOptions(opts, { additionalSecretOutputs: ["value"] }));
  }
}
