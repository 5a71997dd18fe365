// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getAiUsage}. */
export interface GetAiUsageArgs {
  /** The window's start, an RFC 3339 timestamp (inclusive). */
  startTime: string;
  /** The window's end, an RFC 3339 timestamp (default: now). */
  endTime?: string;
  /** Only the requests of this access key (`aigk_...`). */
  accessKeyId?: string;
  /** Also the attempts before each request's last (default false). */
  includeRetries?: boolean;
}

/** The arguments of {@link getAiUsageOutput}: those of {@link getAiUsage}, as inputs. */
export interface GetAiUsageOutputArgs {
  /** The window's start, an RFC 3339 timestamp (inclusive). */
  startTime: pulumi.Input<string>;
  /** The window's end, an RFC 3339 timestamp (default: now). */
  endTime?: pulumi.Input<string>;
  /** Only the requests of this access key (`aigk_...`). */
  accessKeyId?: pulumi.Input<string>;
  /** Also the attempts before each request's last (default false). */
  includeRetries?: pulumi.Input<boolean>;
}

/** The result of {@link getAiUsage}. */
export interface GetAiUsageResult {
  /** The attempts, newest first. */
  readonly events: outputs.AiUsageEvent[];
}

/**
 * Lists the AI Gateway's usage events in a time window (AI Gateway API `/usage`), every page, newest first: each request's final attempt, and its retries with `includeRetries`.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const usage = ngrok.getAiUsageOutput({ startTime: "2026-06-01T00:00:00Z", accessKeyId: app.id });
 * export const attempts = usage.events.apply((es) => es.length);
 * ```
 */
export function getAiUsage(args: GetAiUsageArgs, opts?: pulumi.InvokeOptions): Promise<GetAiUsageResult> {
  return invoke<GetAiUsageResult>("getAiUsage", { ...args }, opts);
}

/** The Output form of {@link getAiUsage}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getAiUsageOutput(args: GetAiUsageOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetAiUsageResult> {
  return invokeOutput<GetAiUsageResult>("getAiUsage", args, opts);
}
