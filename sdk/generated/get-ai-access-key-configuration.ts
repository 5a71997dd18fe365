// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getAiAccessKeyConfiguration}. */
export interface GetAiAccessKeyConfigurationArgs {
  /** The AiAccessKeyConfiguration's id (`aigac_...`). Give it, or its `name`. */
  id?: string;
  /** The name of the AiAccessKeyConfiguration to find. */
  name?: string;
}

/** The arguments of {@link getAiAccessKeyConfigurationOutput}: those of {@link getAiAccessKeyConfiguration}, as inputs. */
export interface GetAiAccessKeyConfigurationOutputArgs {
  /** The AiAccessKeyConfiguration's id (`aigac_...`). Give it, or its `name`. */
  id?: pulumi.Input<string>;
  /** The name of the AiAccessKeyConfiguration to find. */
  name?: pulumi.Input<string>;
}

/** The result of {@link getAiAccessKeyConfiguration}. */
export interface GetAiAccessKeyConfigurationResult {
  /** The AiAccessKeyConfiguration's id. */
  readonly id: string;
  /** A label for the configuration. Required, at most 255 characters. Changed in place. */
  readonly name: string;
  /** What the configuration is for. Optional, at most 255 characters. */
  readonly description?: string;
  /** Arbitrary user-defined data. Optional, at most 4096 characters. */
  readonly metadata?: string;
  /** The access scope; absent: every provider and model. Changed in place. */
  readonly access?: outputs.AiAccessScope;
  /** The routing rules; absent: ngrok's defaults. Changed in place. */
  readonly router?: outputs.AiRouter;
  /** When the configuration was created (RFC 3339). */
  readonly createdAt: string;
  /** When the configuration was last changed (RFC 3339). */
  readonly updatedAt?: string;
  /** Who created the configuration: an ngrok.ai API key or the account's user. */
  readonly createdBy?: outputs.Ref;
  /** Who last changed the configuration. */
  readonly lastUpdatedBy?: outputs.Ref;
  /** The address of the resource in the AI Gateway API. */
  readonly uri: string;
}

/**
 * Finds an existing AiAccessKeyConfiguration by its id or by its `name`, and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getAiAccessKeyConfiguration({ name: "..." });
 * const same = ngrok.getAiAccessKeyConfigurationOutput({ id: found.id });
 * ```
 */
export function getAiAccessKeyConfiguration(args?: GetAiAccessKeyConfigurationArgs, opts?: pulumi.InvokeOptions): Promise<GetAiAccessKeyConfigurationResult> {
  return invoke<GetAiAccessKeyConfigurationResult>("getAiAccessKeyConfiguration", { ...args }, opts);
}

/** The Output form of {@link getAiAccessKeyConfiguration}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getAiAccessKeyConfigurationOutput(args?: GetAiAccessKeyConfigurationOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetAiAccessKeyConfigurationResult> {
  return invokeOutput<GetAiAccessKeyConfigurationResult>("getAiAccessKeyConfiguration", args, opts);
}
