// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getAiApiKey}. */
export interface GetAiApiKeyArgs {
  /** The AiApiKey's id (`aigak_...`). Give it, or its `name`. */
  id?: string;
  /** The name of the AiApiKey to find. */
  name?: string;
}

/** The arguments of {@link getAiApiKeyOutput}: those of {@link getAiApiKey}, as inputs. */
export interface GetAiApiKeyOutputArgs {
  /** The AiApiKey's id (`aigak_...`). Give it, or its `name`. */
  id?: pulumi.Input<string>;
  /** The name of the AiApiKey to find. */
  name?: pulumi.Input<string>;
}

/** The result of {@link getAiApiKey}. */
export interface GetAiApiKeyResult {
  /** The AiApiKey's id. */
  readonly id: string;
  /** A label for the key. Optional, at most 255 characters. Changed in place. */
  readonly name?: string;
  /** What uses the key. Optional, at most 255 characters. */
  readonly description?: string;
  /** Arbitrary user-defined data. Optional, at most 4096 characters. */
  readonly metadata?: string;
  /** The secret's redacted display form. */
  readonly keyRedacted?: string;
  /** When it was last used (RFC 3339); absent until it is. */
  readonly lastUsed?: string;
  /** When the API key was created (RFC 3339). */
  readonly createdAt: string;
  /** When the API key was last changed (RFC 3339). */
  readonly updatedAt?: string;
  /** Who created the API key: an ngrok.ai API key or the account's user. */
  readonly createdBy?: outputs.Ref;
  /** Who last changed the API key. */
  readonly lastUpdatedBy?: outputs.Ref;
  /** The address of the resource in the AI Gateway API. */
  readonly uri: string;
}

/**
 * Finds an existing AiApiKey by its id or by its `name`, and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getAiApiKey({ name: "..." });
 * const same = ngrok.getAiApiKeyOutput({ id: found.id });
 * ```
 */
export function getAiApiKey(args?: GetAiApiKeyArgs, opts?: pulumi.InvokeOptions): Promise<GetAiApiKeyResult> {
  return invoke<GetAiApiKeyResult>("getAiApiKey", { ...args }, opts);
}

/** The Output form of {@link getAiApiKey}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getAiApiKeyOutput(args?: GetAiApiKeyOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetAiApiKeyResult> {
  return invokeOutput<GetAiApiKeyResult>("getAiApiKey", args, opts);
}
