// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { inputs, outputs } from "./types";

/** The arguments of an {@link AiCustomProvider}. */
export interface AiCustomProviderArgs {
  /** The provider's identifier in model strings (`internal-vllm` in `internal-vllm:llama-3`), unique in the account and not a built-in provider's. The API cannot change it: a change is a replacement. Changing it replaces the resource. */
  providerId: pulumi.Input<string>;
  /** A label for the provider. Required, at most 255 characters. Changed in place. */
  name: pulumi.Input<string>;
  /** The base URL of the provider's API. Required, at most 2048 characters. Changed in place. */
  baseUrl: pulumi.Input<string>;
  /** Arbitrary user-defined data. Optional, at most 4096 characters. */
  metadata?: pulumi.Input<string>;
  /** The API surfaces the provider serves. Changed in place. */
  supportedApiSurfaces?: pulumi.Input<pulumi.Input<inputs.AiSupportedApiSurface>[]>;
  /** The models the provider exposes; the list replaces the provider's models when it changes. Changed in place. */
  models?: pulumi.Input<pulumi.Input<inputs.AiProviderModel>[]>;
  /** Adopt an existing AiCustomProvider (`aigp_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A custom AI Gateway provider of the AI Gateway API (https://api.ngrok.ai): a self-hosted or third-party model server the gateway routes to, with its base URL, models and API surfaces. Built-in providers (`openai`, `anthropic`, ...) come from ngrok's catalog and are not made here.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const vllm = new ngrok.AiCustomProvider("vllm", {
 *     providerId: "internal-vllm",
 *     name: "vLLM in the lab",
 *     baseUrl: "https://vllm.internal.example.com/v1",
 *     models: [{ modelId: "llama-3" }],
 *     supportedApiSurfaces: [{ format: "openai", surface: "chat-completions" }],
 * });
 * ```
 */
export class AiCustomProvider extends NgrokResource {
  /** The provider's identifier in model strings (`internal-vllm` in `internal-vllm:llama-3`), unique in the account and not a built-in provider's. The API cannot change it: a change is a replacement. Changing it replaces the resource. */
  declare public readonly providerId: pulumi.Output<string>;
  /** A label for the provider. Required, at most 255 characters. Changed in place. */
  declare public readonly name: pulumi.Output<string>;
  /** The base URL of the provider's API. Required, at most 2048 characters. Changed in place. */
  declare public readonly baseUrl: pulumi.Output<string>;
  /** Arbitrary user-defined data. Optional, at most 4096 characters. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The API surfaces the provider serves. Changed in place. */
  declare public readonly supportedApiSurfaces: pulumi.Output<outputs.AiSupportedApiSurface[] | undefined>;
  /** The models the provider exposes; the list replaces the provider's models when it changes. Changed in place. */
  declare public readonly models: pulumi.Output<outputs.AiProviderModel[] | undefined>;
  /** When the provider was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;
  /** When the provider was last changed (RFC 3339). */
  declare public readonly updatedAt: pulumi.Output<string | undefined>;
  /** Who created the provider: an ngrok.ai API key or the account's user. */
  declare public readonly createdBy: pulumi.Output<outputs.Ref | undefined>;
  /** Who last changed the provider. */
  declare public readonly lastUpdatedBy: pulumi.Output<outputs.Ref | undefined>;

  /** References an existing AiCustomProvider by its id (`aigp_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): AiCustomProvider {
    return new AiCustomProvider(name, undefined as unknown as AiCustomProviderArgs, { ...opts, id });
  }

  constructor(name: string, args: AiCustomProviderArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        providerId: undefined,
        name: undefined,
        baseUrl: undefined,
        metadata: undefined,
        supportedApiSurfaces: undefined,
        models: undefined,
        createdAt: undefined,
        updatedAt: undefined,
        createdBy: undefined,
        lastUpdatedBy: undefined,
      },
      args,
    );
    super("AiCustomProvider", name, props, opts);
  }
}
