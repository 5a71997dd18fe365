// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { inputs, outputs } from "./types";

/** The arguments of an {@link AiAccessKeyConfiguration}. */
export interface AiAccessKeyConfigurationArgs {
  /** A label for the configuration. Required, at most 255 characters. Changed in place. */
  name: pulumi.Input<string>;
  /** What the configuration is for. Optional, at most 255 characters. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined data. Optional, at most 4096 characters. */
  metadata?: pulumi.Input<string>;
  /** The access scope; absent: every provider and model. Changed in place. */
  access?: pulumi.Input<inputs.AiAccessScope>;
  /** The routing rules; absent: ngrok's defaults. Changed in place. */
  router?: pulumi.Input<inputs.AiRouter>;
  /** Adopt an existing AiAccessKeyConfiguration (`aigac_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A reusable access key configuration of the AI Gateway API (https://api.ngrok.ai): which providers and models the access keys linked to it may call, and the router's rules, steps and keys. Its shape is the API's. The API refuses to delete one an access key still links to.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const config = new ngrok.AiAccessKeyConfiguration("byok", {
 *     name: "Production OpenAI, own keys first",
 *     access: { providers: { allow: ["openai"] } },
 *     router: {
 *         rules: [{
 *             provider: "openai",
 *             steps: [
 *                 { type: "user", keySelectionStrategy: "ordered", keys: [{ id: primary.id }, { id: backup.id }] },
 *                 { type: "ngrok" },
 *             ],
 *         }],
 *     },
 * });
 * ```
 */
export class AiAccessKeyConfiguration extends NgrokResource {
  /** A label for the configuration. Required, at most 255 characters. Changed in place. */
  declare public readonly name: pulumi.Output<string>;
  /** What the configuration is for. Optional, at most 255 characters. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined data. Optional, at most 4096 characters. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The access scope; absent: every provider and model. Changed in place. */
  declare public readonly access: pulumi.Output<outputs.AiAccessScope | undefined>;
  /** The routing rules; absent: ngrok's defaults. Changed in place. */
  declare public readonly router: pulumi.Output<outputs.AiRouter | undefined>;
  /** When the configuration was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;
  /** When the configuration was last changed (RFC 3339). */
  declare public readonly updatedAt: pulumi.Output<string | undefined>;
  /** Who created the configuration: an ngrok.ai API key or the account's user. */
  declare public readonly createdBy: pulumi.Output<outputs.Ref | undefined>;
  /** Who last changed the configuration. */
  declare public readonly lastUpdatedBy: pulumi.Output<outputs.Ref | undefined>;

  /** References an existing AiAccessKeyConfiguration by its id (`aigac_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): AiAccessKeyConfiguration {
    return new AiAccessKeyConfiguration(name, undefined as unknown as AiAccessKeyConfigurationArgs, { ...opts, id });
  }

  constructor(name: string, args: AiAccessKeyConfigurationArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        name: undefined,
        description: undefined,
        metadata: undefined,
        access: undefined,
        router: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        createdBy: undefined,
        lastUpdatedBy: undefined,
      },
      args,
    );
    super("AiAccessKeyConfiguration", name, props, opts);
  }
}
