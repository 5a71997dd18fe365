// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { outputs } from "./types";

/** The arguments of an {@link AiProviderKey}. */
export interface AiProviderKeyArgs {
  /** The provider the key is for: a built-in provider of ngrok's catalog (`openai`, `anthropic`, ...) or a custom provider's `providerId`. A change is a replacement. Changing it replaces the resource. */
  providerId: pulumi.Input<string>;
  /** A label for the key. Required, at most 255 characters. Changed in place. */
  name: pulumi.Input<string>;
  /** The provider's key itself. Stored encrypted in state, even when given as a plain string; the API never returns it, so a lookup or `AiProviderKey.get` has none. A change rotates the key in place. Secret. */
  value: pulumi.Input<string>;
  /** What the key is for. Optional, at most 255 characters. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined data. Optional, at most 4096 characters. */
  metadata?: pulumi.Input<string>;
  /** Adopt an existing AiProviderKey (`aigpk_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * An upstream provider's key (OpenAI's, Anthropic's, a custom provider's) held by the AI Gateway API (https://api.ngrok.ai) for the account, which access key configurations route with. The API never returns its value (only `keyRedacted`); the provider keeps the program's value in state, encrypted. A new value is a rotation in place (`/provider-keys/{id}/rotate`): the key keeps its id and the configurations using it.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const openai = new ngrok.AiProviderKey("openai", {
 *     providerId: "openai",
 *     name: "production",
 *     value: config.requireSecret("openaiKey"),
 * });
 * ```
 */
export class AiProviderKey extends NgrokResource {
  /** The provider the key is for: a built-in provider of ngrok's catalog (`openai`, `anthropic`, ...) or a custom provider's `providerId`. A change is a replacement. Changing it replaces the resource. */
  declare public readonly providerId: pulumi.Output<string>;
  /** A label for the key. Required, at most 255 characters. Changed in place. */
  declare public readonly name: pulumi.Output<string>;
  /** The provider's key itself. Stored encrypted in state, even when given as a plain string; the API never returns it, so a lookup or `AiProviderKey.get` has none. A change rotates the key in place. Secret. */
  declare public readonly value: pulumi.Output<string>;
  /** What the key is for. Optional, at most 255 characters. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined data. Optional, at most 4096 characters. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The secret's redacted display form. */
  declare public readonly keyRedacted: pulumi.Output<string | undefined>;
  /** When it was last used (RFC 3339); absent until it is. */
  declare public readonly lastUsed: pulumi.Output<string | undefined>;
  /** When the provider key was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;
  /** When the provider key was last changed (RFC 3339). */
  declare public readonly updatedAt: pulumi.Output<string | undefined>;
  /** Who created the provider key: an ngrok.ai API key or the account's user. */
  declare public readonly createdBy: pulumi.Output<outputs.Ref | undefined>;
  /** Who last changed the provider key. */
  declare public readonly lastUpdatedBy: pulumi.Output<outputs.Ref | undefined>;

  /** References an existing AiProviderKey by its id (`aigpk_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): AiProviderKey {
    return new AiProviderKey(name, undefined as unknown as AiProviderKeyArgs, { ...opts, id });
  }

  constructor(name: string, args: AiProviderKeyArgs, opts?: pulumi.CustomResourceOptions) {
    const props: pulumi.Inputs = Object.assign(
      {
        providerId: undefined,
        name: undefined,
        value: undefined,
        description: undefined,
        metadata: undefined,
        keyRedacted: undefined,
        lastUsed: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        createdBy: undefined,
        lastUpdatedBy: undefined,
      },
      args,
    );
    if (props.value !== undefined) props.value = pulumi.secret(props.value);
    super("AiProviderKey", name, props, pulumi.mergeOptions(opts, { additionalSecretOutputs: ["value"] }));
  }
}
