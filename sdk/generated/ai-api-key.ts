// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { outputs } from "./types";

/** The arguments of an {@link AiApiKey}. */
export interface AiApiKeyArgs {
  /** A label for the key. Optional, at most 255 characters. Changed in place. */
  name?: pulumi.Input<string>;
  /** What uses the key. Optional, at most 255 characters. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined data. Optional, at most 4096 characters. */
  metadata?: pulumi.Input<string>;
  /** Adopt an existing AiApiKey (`aigak_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * An ngrok.ai API key, made with the AI Gateway API (https://api.ngrok.ai): it authorises automation of the AI Gateway's resources (`ngrok:aiGatewayApiKey`). Not ngrok's API key, and not the endpoint-bound `AiGatewayApiKey`. Its token is returned only when the key is created; the provider keeps it, as a secret, in the stack's state.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const ci = new ngrok.AiApiKey("ci", { name: "CI pipeline" });
 * export const aiGatewayApiKey = ci.token; // a secret
 * ```
 */
export class AiApiKey extends NgrokResource {
  /** A label for the key. Optional, at most 255 characters. Changed in place. */
  declare public readonly name: pulumi.Output<string | undefined>;
  /** What uses the key. Optional, at most 255 characters. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined data. Optional, at most 4096 characters. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The ngrok.ai API key itself. The API returns it only at creation; the provider keeps it in state, encrypted, across refreshes and updates. Secret. */
  declare public readonly token: pulumi.Output<string | undefined>;
  /** The secret's redacted display form. */
  declare public readonly keyRedacted: pulumi.Output<string | undefined>;
  /** When it was last used (RFC 3339); absent until it is. */
  declare public readonly lastUsed: pulumi.Output<string | undefined>;
  /** When the API key was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;
  /** When the API key was last changed (RFC 3339). */
  declare public readonly updatedAt: pulumi.Output<string | undefined>;
  /** Who created the API key: an ngrok.ai API key or the account's user. */
  declare public readonly createdBy: pulumi.Output<outputs.Ref | undefined>;
  /** Who last changed the API key. */
  declare public readonly lastUpdatedBy: pulumi.Output<outputs.Ref | undefined>;

  /** References an existing AiApiKey by its id (`aigak_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): AiApiKey {
    return new AiApiKey(name, undefined as unknown as AiApiKeyArgs, { ...opts, id });
  }

  constructor(name: string, args: AiApiKeyArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        name: undefined,
        description: undefined,
        metadata: undefined,
        token: undefined,
        keyRedacted: undefined,
        lastUsed: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        createdBy: undefined,
        lastUpdatedBy: undefined,
      },
      args,
    );
    super("AiApiKey", name, props, pulumi.mergeOptions(opts, { additionalSecretOutputs: ["token"] }));
  }
}
