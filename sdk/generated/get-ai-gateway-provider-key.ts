// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getAiGatewayProviderKey}. */
export interface GetAiGatewayProviderKeyArgs {
  /** The AiGatewayProviderKey's id (`<id>`). Give it, or its `aiGatewayApiKeyId` and `providerId` (any of them). */
  id?: string;
  /** The aiGatewayApiKeyId of the AiGatewayProviderKey to find (every key given must match). Not empty. */
  aiGatewayApiKeyId?: string;
  /** The providerId of the AiGatewayProviderKey to find (every key given must match). Not empty. */
  providerId?: string;
}

/** The arguments of {@link getAiGatewayProviderKeyOutput}: those of {@link getAiGatewayProviderKey}, as inputs. */
export interface GetAiGatewayProviderKeyOutputArgs {
  /** The AiGatewayProviderKey's id (`<id>`). Give it, or its `aiGatewayApiKeyId` and `providerId` (any of them). */
  id?: pulumi.Input<string>;
  /** The aiGatewayApiKeyId of the AiGatewayProviderKey to find (every key given must match). Not empty. */
  aiGatewayApiKeyId?: pulumi.Input<string>;
  /** The providerId of the AiGatewayProviderKey to find (every key given must match). Not empty. */
  providerId?: pulumi.Input<string>;
}

/** The result of {@link getAiGatewayProviderKey}. */
export interface GetAiGatewayProviderKeyResult {
  /** The AiGatewayProviderKey's id. */
  readonly id: string;
  /** The id of the AI gateway API key the provider key is attached to (an `AiGatewayApiKey`'s id). A change is a replacement. */
  readonly aiGatewayApiKeyId: string;
  /** Which AI provider the key is for, e.g. `"openai"` or `"anthropic"`. A change is a replacement. */
  readonly providerId: string;
  /** What the provider key is for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The value's redacted form, e.g. `sk-abc***xyz`, for display. */
  readonly displayName?: string;
  /** When the provider key was last used (RFC 3339); absent until it is. */
  readonly lastUsed?: string;
  /** The AI gateway API key the provider key is attached to. */
  readonly aiGatewayApiKey?: outputs.Ref;
  /** Who created the provider key. */
  readonly createdBy?: outputs.Ref;
  /** Who last changed the provider key. */
  readonly lastUpdatedBy?: outputs.Ref;
  /** When the provider key was last changed (RFC 3339). */
  readonly updatedAt?: string;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing AiGatewayProviderKey by its id or by its `aiGatewayApiKeyId` and `providerId` (any of them), and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getAiGatewayProviderKey({ aiGatewayApiKeyId: "...", providerId: "..." });
 * const same = ngrok.getAiGatewayProviderKeyOutput({ id: found.id });
 * ```
 */
export function getAiGatewayProviderKey(args?: GetAiGatewayProviderKeyArgs, opts?: pulumi.InvokeOptions): Promise<GetAiGatewayProviderKeyResult> {
  return invoke<GetAiGatewayProviderKeyResult>("getAiGatewayProviderKey", { ...args }, opts);
}

/** The Output form of {@link getAiGatewayProviderKey}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getAiGatewayProviderKeyOutput(args?: GetAiGatewayProviderKeyOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetAiGatewayProviderKeyResult> {
  return invokeOutput<GetAiGatewayProviderKeyResult>("getAiGatewayProviderKey", args, opts);
}
