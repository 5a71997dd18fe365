// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getEventSubscription}. */
export interface GetEventSubscriptionArgs {
  /** The EventSubscription's id (`esb_...`). */
  id: string;
}

/** The arguments of {@link getEventSubscriptionOutput}: those of {@link getEventSubscription}, as inputs. */
export interface GetEventSubscriptionOutputArgs {
  /** The EventSubscription's id (`esb_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getEventSubscription}. */
export interface GetEventSubscriptionResult {
  /** The EventSubscription's id. */
  readonly id: string;
  /** What the subscription is for. Optional, at most 255 characters. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 characters. */
  readonly metadata?: string;
  /** The event types that trigger the subscription, in any order. When set, the program owns the whole list; when absent, the service's list is kept (and EventSource resources may manage it). */
  readonly sources?: outputs.EventSubscriptionSource[];
  /** The ids of the event destinations (`ed_...`) receiving the events, in any order. */
  readonly destinationIds?: string[];
  /** The event destinations receiving the events. */
  readonly destinations?: outputs.Ref[];
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing EventSubscription by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getEventSubscriptionOutput({ id: "esb_..." });
 * ```
 */
export function getEventSubscription(args: GetEventSubscriptionArgs, opts?: pulumi.InvokeOptions): Promise<GetEventSubscriptionResult> {
  return invoke<GetEventSubscriptionResult>("getEventSubscription", { ...args }, opts);
}

/** The Output form of {@link getEventSubscription}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getEventSubscriptionOutput(args: GetEventSubscriptionOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetEventSubscriptionResult> {
  return invokeOutput<GetEventSubscriptionResult>("getEventSubscription", args, opts);
}
