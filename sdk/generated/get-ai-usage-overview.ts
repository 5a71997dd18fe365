// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getAiUsageOverview}. */
export interface GetAiUsageOverviewArgs {
  /** The window's start, an RFC 3339 timestamp (inclusive). */
  startTime: string;
  /** The window's end, an RFC 3339 timestamp (default: now). */
  endTime?: string;
  /** What the days are broken down by: `provider` (the default) or `accessKey`. One of: `provider`, `accessKey`. */
  groupBy?: "provider" | "accessKey";
}

/** The arguments of {@link getAiUsageOverviewOutput}: those of {@link getAiUsageOverview}, as inputs. */
export interface GetAiUsageOverviewOutputArgs {
  /** The window's start, an RFC 3339 timestamp (inclusive). */
  startTime: pulumi.Input<string>;
  /** The window's end, an RFC 3339 timestamp (default: now). */
  endTime?: pulumi.Input<string>;
  /** What the days are broken down by: `provider` (the default) or `accessKey`. One of: `provider`, `accessKey`. */
  groupBy?: pulumi.Input<"provider" | "accessKey">;
}

/** The result of {@link getAiUsageOverview}. */
export interface GetAiUsageOverviewResult {
  /** The days, by day then group key. */
  readonly buckets: outputs.AiUsageOverviewBucket[];
  /** The window's totals. */
  readonly totals: outputs.AiUsageOverviewTotals;
}

/**
 * The AI Gateway's daily cost, requests and errors in a time window, by provider or by access key, and the window's totals (AI Gateway API `/usage/overview`).
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const overview = await ngrok.getAiUsageOverview({ startTime: "2026-06-01T00:00:00Z", groupBy: "accessKey" });
 * pulumi.log.info(`spent ${overview.totals.cost} USD`);
 * ```
 */
export function getAiUsageOverview(args: GetAiUsageOverviewArgs, opts?: pulumi.InvokeOptions): Promise<GetAiUsageOverviewResult> {
  return invoke<GetAiUsageOverviewResult>("getAiUsageOverview", { ...args }, opts);
}

/** The Output form of {@link getAiUsageOverview}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getAiUsageOverviewOutput(args: GetAiUsageOverviewOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetAiUsageOverviewResult> {
  return invokeOutput<GetAiUsageOverviewResult>("getAiUsageOverview", args, opts);
}
