// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getAiGatewayApiKey}. */
export interface GetAiGatewayApiKeyArgs {
  /** The AiGatewayApiKey's id (`<id>`). Give it, or its `description`. */
  id?: string;
  /** The description of the AiGatewayApiKey to find. */
  description?: string;
}

/** The arguments of {@link getAiGatewayApiKeyOutput}: those of {@link getAiGatewayApiKey}, as inputs. */
export interface GetAiGatewayApiKeyOutputArgs {
  /** The AiGatewayApiKey's id (`<id>`). Give it, or its `description`. */
  id?: pulumi.Input<string>;
  /** The description of the AiGatewayApiKey to find. */
  description?: pulumi.Input<string>;
}

/** The result of {@link getAiGatewayApiKey}. */
export interface GetAiGatewayApiKeyResult {
  /** The AiGatewayApiKey's id. */
  readonly id: string;
  /** The id of the AI Gateway endpoint the key is for (`ep_...`): a cloud endpoint whose Traffic Policy runs the `ai-gateway` action. Changed in place. */
  readonly endpointId: string;
  /** What uses the key. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The token's redacted form, for display. */
  readonly displayName?: string;
  /** When the key was last used (RFC 3339); absent until it is. */
  readonly lastUsed?: string;
  /** The AI Gateway endpoint the key is for. */
  readonly endpoint?: outputs.Ref;
  /** Who created the key. */
  readonly createdBy?: outputs.Ref;
  /** Who last changed the key. */
  readonly lastUpdatedBy?: outputs.Ref;
  /** When the key was last changed (RFC 3339). */
  readonly updatedAt?: string;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing AiGatewayApiKey by its id or by its `description`, and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getAiGatewayApiKey({ description: "..." });
 * const same = ngrok.getAiGatewayApiKeyOutput({ id: found.id });
 * ```
 */
export function getAiGatewayApiKey(args?: GetAiGatewayApiKeyArgs, opts?: pulumi.InvokeOptions): Promise<GetAiGatewayApiKeyResult> {
  return invoke<GetAiGatewayApiKeyResult>("getAiGatewayApiKey", { ...args }, opts);
}

/** The Output form of {@link getAiGatewayApiKey}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getAiGatewayApiKeyOutput(args?: GetAiGatewayApiKeyOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetAiGatewayApiKeyResult> {
  return invokeOutput<GetAiGatewayApiKeyResult>("getAiGatewayApiKey", args, opts);
}
