// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getAiAccessKey}. */
export interface GetAiAccessKeyArgs {
  /** The AiAccessKey's id (`aigk_...`). Give it, or its `name`. */
  id?: string;
  /** The name of the AiAccessKey to find. */
  name?: string;
}

/** The arguments of {@link getAiAccessKeyOutput}: those of {@link getAiAccessKey}, as inputs. */
export interface GetAiAccessKeyOutputArgs {
  /** The AiAccessKey's id (`aigk_...`). Give it, or its `name`. */
  id?: pulumi.Input<string>;
  /** The name of the AiAccessKey to find. */
  name?: pulumi.Input<string>;
}

/** The result of {@link getAiAccessKey}. */
export interface GetAiAccessKeyResult {
  /** The AiAccessKey's id. */
  readonly id: string;
  /** A label for the key. Optional, at most 255 characters. Changed in place. */
  readonly name?: string;
  /** What uses the key. Optional, at most 255 characters. */
  readonly description?: string;
  /** Arbitrary user-defined data. Optional, at most 4096 characters. */
  readonly metadata?: string;
  /** The id of the `AiAccessKeyConfiguration` the key follows (`aigac_...`); absent: every provider and model. Changed in place. */
  readonly accessKeyConfigurationId?: string;
  /** The secret's redacted display form. */
  readonly keyRedacted?: string;
  /** When it was last used (RFC 3339); absent until it is. */
  readonly lastUsed?: string;
  /** When the access key was created (RFC 3339). */
  readonly createdAt: string;
  /** When the access key was last changed (RFC 3339). */
  readonly updatedAt?: string;
  /** Who created the access key: an ngrok.ai API key or the account's user. */
  readonly createdBy?: outputs.Ref;
  /** Who last changed the access key. */
  readonly lastUpdatedBy?: outputs.Ref;
  /** The address of the resource in the AI Gateway API. */
  readonly uri: string;
}

/**
 * Finds an existing AiAccessKey by its id or by its `name`, and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getAiAccessKey({ name: "..." });
 * const same = ngrok.getAiAccessKeyOutput({ id: found.id });
 * ```
 */
export function getAiAccessKey(args?: GetAiAccessKeyArgs, opts?: pulumi.InvokeOptions): Promise<GetAiAccessKeyResult> {
  return invoke<GetAiAccessKeyResult>("getAiAccessKey", { ...args }, opts);
}

/** The Output form of {@link getAiAccessKey}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getAiAccessKeyOutput(args?: GetAiAccessKeyOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetAiAccessKeyResult> {
  return invokeOutput<GetAiAccessKeyResult>("getAiAccessKey", args, opts);
}
