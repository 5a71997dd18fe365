// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { outputs } from "./types";

/** The arguments of an {@link AiGatewayProviderKey}. */
export interface AiGatewayProviderKeyArgs {
  /** The id of the AI gateway API key the provider key is attached to (an `AiGatewayApiKey`'s id). A change is a replacement. Changing it replaces the resource. */
  aiGatewayApiKeyId: pulumi.Input<string>;
  /** Which AI provider the key is for, e.g. `"openai"` or `"anthropic"`. A change is a replacement. Changing it replaces the resource. */
  providerId: pulumi.Input<string>;
  /** The provider's key itself. Stored encrypted in state, even when given as a plain string; the API never returns it, so a lookup or `AiGatewayProviderKey.get` has none. The API cannot change it in place: a new value replaces the provider key (a rotation). Changing it replaces the resource. Secret. */
  value: pulumi.Input<string>;
  /** What the provider key is for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** Adopt an existing AiGatewayProviderKey (`<id>`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * An AI provider's key (OpenAI's, Anthropic's) attached to an AI gateway API key: the AI Gateway sends it upstream for that key's requests. The API never returns its value (only a redacted `displayName`); the provider keeps the program's value in state, encrypted. The API updates a provider key's description and metadata only: a new value is a replacement, the new key made before the old one is deleted.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const key = new ngrok.AiGatewayApiKey("chat-app", { endpointId: gateway.id, description: "the chat app" });
 * const openai = new ngrok.AiGatewayProviderKey("openai", {
 *     aiGatewayApiKeyId: key.id,
 *     providerId: "openai",
 *     value: config.requireSecret("openaiKey"),
 *     description: "production",
 * });
 * ```
 */
export class AiGatewayProviderKey extends NgrokResource {
  /** The id of the AI gateway API key the provider key is attached to (an `AiGatewayApiKey`'s id). A change is a replacement. Changing it replaces the resource. */
  declare public readonly aiGatewayApiKeyId: pulumi.Output<string>;
  /** Which AI provider the key is for, e.g. `"openai"` or `"anthropic"`. A change is a replacement. Changing it replaces the resource. */
  declare public readonly providerId: pulumi.Output<string>;
  /** The provider's key itself. Stored encrypted in state, even when given as a plain string; the API never returns it, so a lookup or `AiGatewayProviderKey.get` has none. The API cannot change it in place: a new value replaces the provider key (a rotation). Changing it replaces the resource. Secret. */
  declare public readonly value: pulumi.Output<string>;
  /** What the provider key is for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The value's redacted form, e.g. `sk-abc***xyz`, for display. */
  declare public readonly displayName: pulumi.Output<string | undefined>;
  /** When the provider key was last used (RFC 3339); absent until it is. */
  declare public readonly lastUsed: pulumi.Output<string | undefined>;
  /** The AI gateway API key the provider key is attached to. */
  declare public readonly aiGatewayApiKey: pulumi.Output<outputs.Ref | undefined>;
  /** Who created the provider key. */
  declare public readonly createdBy: pulumi.Output<outputs.Ref | undefined>;
  /** Who last changed the provider key. */
  declare public readonly lastUpdatedBy: pulumi.Output<outputs.Ref | undefined>;
  /** When the provider key was last changed (RFC 3339). */
  declare public readonly updatedAt: pulumi.Output<string | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing AiGatewayProviderKey by its id (`<id>`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): AiGatewayProviderKey {
    return new AiGatewayProviderKey(name, undefined as unknown as AiGatewayProviderKeyArgs, { ...opts, id });
  }

  constructor(name: string, args: AiGatewayProviderKeyArgs, opts?: pulumi.CustomResourceOptions) {
    const props: pulumi.Inputs = Object.assign(
      {
        aiGatewayApiKeyId: undefined,
        providerId: undefined,
        value: undefined,
        description: undefined,
        metadata: undefined,
        displayName: undefined,
        lastUsed: undefined,
        aiGatewayApiKey: undefined,
        createdBy: undefined,
        lastUpdatedBy: undefined,
        updatedAt: undefined,
        createdAt: undefined,
      },
      args,
    );
    if (props.value !== undefined) props.value = pulumi.secret(props.value);
    super("AiGatewayProviderKey", name, props, pulumi.mergeOptions(opts, { additionalSecretOutputs: ["value"] }));
  }
}
