// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getApiKey}. */
export interface GetApiKeyArgs {
  /** The ApiKey's id (`ak_...`). */
  id: string;
}

/** The arguments of {@link getApiKeyOutput}: those of {@link getApiKey}, as inputs. */
export interface GetApiKeyOutputArgs {
  /** The ApiKey's id (`ak_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getApiKey}. */
export interface GetApiKeyResult {
  /** The ApiKey's id. */
  readonly id: string;
  /** What uses the key. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The user or service user (`service_...`; a bot user, `bot_...`, too) that owns the key: one of the account's, else the API refuses it. Defaults to the caller. Only admins may name another owner. A replacement key gets a new token. */
  readonly ownerId?: string;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing ApiKey by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getApiKeyOutput({ id: "ak_..." });
 * ```
 */
export function getApiKey(args: GetApiKeyArgs, opts?: pulumi.InvokeOptions): Promise<GetApiKeyResult> {
  return invoke<GetApiKeyResult>("getApiKey", { ...args }, opts);
}

/** The Output form of {@link getApiKey}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getApiKeyOutput(args: GetApiKeyOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetApiKeyResult> {
  return invokeOutput<GetApiKeyResult>("getApiKey", args, opts);
}
