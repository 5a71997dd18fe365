// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getAiCustomProvider}. */
export interface GetAiCustomProviderArgs {
  /** The AiCustomProvider's id (`aigp_...`). Give it, or its `providerId` and `name` (any of them). */
  id?: string;
  /** The providerId of the AiCustomProvider to find (every key given must match). Not empty. */
  providerId?: string;
  /** The name of the AiCustomProvider to find (every key given must match). Not empty. */
  name?: string;
}

/** The arguments of {@link getAiCustomProviderOutput}: those of {@link getAiCustomProvider}, as inputs. */
export interface GetAiCustomProviderOutputArgs {
  /** The AiCustomProvider's id (`aigp_...`). Give it, or its `providerId` and `name` (any of them). */
  id?: pulumi.Input<string>;
  /** The providerId of the AiCustomProvider to find (every key given must match). Not empty. */
  providerId?: pulumi.Input<string>;
  /** The name of the AiCustomProvider to find (every key given must match). Not empty. */
  name?: pulumi.Input<string>;
}

/** The result of {@link getAiCustomProvider}. */
export interface GetAiCustomProviderResult {
  /** The AiCustomProvider's id. */
  readonly id: string;
  /** The provider's identifier in model strings (`internal-vllm` in `internal-vllm:llama-3`), unique in the account and not a built-in provider's. The API cannot change it: a change is a replacement. */
  readonly providerId: string;
  /** A label for the provider. Required, at most 255 characters. Changed in place. */
  readonly name: string;
  /** The base URL of the provider's API. Required, at most 2048 characters. Changed in place. */
  readonly baseUrl: string;
  /** Arbitrary user-defined data. Optional, at most 4096 characters. */
  readonly metadata?: string;
  /** The API surfaces the provider serves. Changed in place. */
  readonly supportedApiSurfaces?: outputs.AiSupportedApiSurface[];
  /** The models the provider exposes; the list replaces the provider's models when it changes. Changed in place. */
  readonly models?: outputs.AiProviderModel[];
  /** When the provider was created (RFC 3339). */
  readonly createdAt: string;
  /** When the provider was last changed (RFC 3339). */
  readonly updatedAt?: string;
  /** Who created the provider: an ngrok.ai API key or the account's user. */
  readonly createdBy?: outputs.Ref;
  /** Who last changed the provider. */
  readonly lastUpdatedBy?: outputs.Ref;
  /** The address of the resource in the AI Gateway API. */
  readonly uri: string;
}

/**
 * Finds an existing AiCustomProvider by its id or by its `providerId` and `name` (any of them), and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getAiCustomProvider({ providerId: "...", name: "..." });
 * const same = ngrok.getAiCustomProviderOutput({ id: found.id });
 * ```
 */
export function getAiCustomProvider(args?: GetAiCustomProviderArgs, opts?: pulumi.InvokeOptions): Promise<GetAiCustomProviderResult> {
  return invoke<GetAiCustomProviderResult>("getAiCustomProvider", { ...args }, opts);
}

/** The Output form of {@link getAiCustomProvider}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getAiCustomProviderOutput(args?: GetAiCustomProviderOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetAiCustomProviderResult> {
  return invokeOutput<GetAiCustomProviderResult>("getAiCustomProvider", args, opts);
}
