// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { outputs } from "./types";

/** The arguments of an {@link AiGatewayApiKey}. */
export interface AiGatewayApiKeyArgs {
  /** The id of the AI Gateway endpoint the key is for (`ep_...`): a cloud endpoint whose Traffic Policy runs the `ai-gateway` action. Changed in place. */
  endpointId: pulumi.Input<string>;
  /** What uses the key. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** Adopt an existing AiGatewayApiKey (`<id>`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A key that authenticates requests to an AI Gateway endpoint: a cloud endpoint whose Traffic Policy runs the `ai-gateway` action. Its token is returned only when the key is created; the provider keeps it, as a secret, in the stack's state.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const gateway = new ngrok.CloudEndpoint("ai", {
 *     url: "https://ai.internal",
 *     trafficPolicy: {
 *         onHttpRequest: [
 *             { actions: [{ type: "ai-gateway", config: {} }] },
 *             { actions: [{ type: "custom-response", config: { statusCode: 503, body: "No AI provider answered." } }] },
 *         ],
 *     },
 * });
 * const key = new ngrok.AiGatewayApiKey("chat-app", { endpointId: gateway.id, description: "the chat app" });
 * export const aiToken = key.token; // a secret
 * ```
 */
export class AiGatewayApiKey extends NgrokResource {
  /** The id of the AI Gateway endpoint the key is for (`ep_...`): a cloud endpoint whose Traffic Policy runs the `ai-gateway` action. Changed in place. */
  declare public readonly endpointId: pulumi.Output<string>;
  /** What uses the key. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The token a client sends to the AI Gateway endpoint as its API key. The API returns it only at creation; the provider keeps it in state, encrypted, across refreshes and updates. Secret. */
  declare public readonly token: pulumi.Output<string | undefined>;
  /** The token's redacted form, for display. */
  declare public readonly displayName: pulumi.Output<string | undefined>;
  /** When the key was last used (RFC 3339); absent until it is. */
  declare public readonly lastUsed: pulumi.Output<string | undefined>;
  /** The AI Gateway endpoint the key is for. */
  declare public readonly endpoint: pulumi.Output<outputs.Ref | undefined>;
  /** Who created the key. */
  declare public readonly createdBy: pulumi.Output<outputs.Ref | undefined>;
  /** Who last changed the key. */
  declare public readonly lastUpdatedBy: pulumi.Output<outputs.Ref | undefined>;
  /** When the key was last changed (RFC 3339). */
  declare public readonly updatedAt: pulumi.Output<string | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing AiGatewayApiKey by its id (`<id>`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): AiGatewayApiKey {
    return new AiGatewayApiKey(name, undefined as unknown as AiGatewayApiKeyArgs, { ...opts, id });
  }

  constructor(name: string, args: AiGatewayApiKeyArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        endpointId: undefined,
        description: undefined,
        metadata: undefined,
        token: undefined,
        displayName: undefined,
        lastUsed: undefined,
        endpoint: undefined,
        createdBy: undefined,
        lastUpdatedBy: undefined,
        updatedAt: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("AiGatewayApiKey", name, props, pulumi.mergeOptions(opts, { additionalSecretOutputs: ["token"] }));
  }
}
