// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getAiProviderKey}. */
export interface GetAiProviderKeyArgs {
  /** The AiProviderKey's id (`aigpk_...`). Give it, or its `name` and `providerId` (any of them). */
  id?: string;
  /** The name of the AiProviderKey to find (every key given must match). */
  name?: string;
  /** The providerId of the AiProviderKey to find (every key given must match). Not empty. */
  providerId?: string;
}

/** The arguments of {@link getAiProviderKeyOutput}: those of {@link getAiProviderKey}, as inputs. */
export interface GetAiProviderKeyOutputArgs {
  /** The AiProviderKey's id (`aigpk_...`). Give it, or its `name` and `providerId` (any of them). */
  id?: pulumi.Input<string>;
  /** The name of the AiProviderKey to find (every key given must match). */
  name?: pulumi.Input<string>;
  /** The providerId of the AiProviderKey to find (every key given must match). Not empty. */
  providerId?: pulumi.Input<string>;
}

/** The result of {@link getAiProviderKey}. */
export interface GetAiProviderKeyResult {
  /** The AiProviderKey's id. */
  readonly id: string;
  /** The provider the key is for: a built-in provider of ngrok's catalog (`openai`, `anthropic`, ...) or a custom provider's `providerId`. A change is a replacement. */
  readonly providerId: string;
  /** A label for the key. Required, at most 255 characters. Changed in place. */
  readonly name: string;
  /** What the key is for. Optional, at most 255 characters. */
  readonly description?: string;
  /** Arbitrary user-defined data. Optional, at most 4096 characters. */
  readonly metadata?: string;
  /** The secret's redacted display form. */
  readonly keyRedacted?: string;
  /** When it was last used (RFC 3339); absent until it is. */
  readonly lastUsed?: string;
  /** When the provider key was created (RFC 3339). */
  readonly createdAt: string;
  /** When the provider key was last changed (RFC 3339). */
  readonly updatedAt?: string;
  /** Who created the provider key: an ngrok.ai API key or the account's user. */
  readonly createdBy?: outputs.Ref;
  /** Who last changed the provider key. */
  readonly lastUpdatedBy?: outputs.Ref;
  /** The address of the resource in the AI Gateway API. */
  readonly uri: string;
}

/**
 * Finds an existing AiProviderKey by its id or by its `name` and `providerId` (any of them), and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getAiProviderKey({ name: "...", providerId: "..." });
 * const same = ngrok.getAiProviderKeyOutput({ id: found.id });
 * ```
 */
export function getAiProviderKey(args?: GetAiProviderKeyArgs, opts?: pulumi.InvokeOptions): Promise<GetAiProviderKeyResult> {
  return invoke<GetAiProviderKeyResult>("getAiProviderKey", { ...args }, opts);
}

/** The Output form of {@link getAiProviderKey}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getAiProviderKeyOutput(args?: GetAiProviderKeyOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetAiProviderKeyResult> {
  return invokeOutput<GetAiProviderKeyResult>("getAiProviderKey", args, opts);
}
