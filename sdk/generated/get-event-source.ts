// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getEventSource}. */
export interface GetEventSourceArgs {
  /** The EventSource's id (`<subscriptionId>/<type>`). */
  id: string;
}

/** The arguments of {@link getEventSourceOutput}: those of {@link getEventSource}, as inputs. */
export interface GetEventSourceOutputArgs {
  /** The EventSource's id (`<subscriptionId>/<type>`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getEventSource}. */
export interface GetEventSourceResult {
  /** The EventSource's id. */
  readonly id: string;
  /** The event subscription (`esb_...`) that the type triggers. Its program must leave the subscription's `sources` unset. */
  readonly subscriptionId: string;
  /** The event type, `<resource>_<action>.v0`, such as `ip_policy_created.v0`. */
  readonly type: string;
  /** The address of the resource in the API. */
  readonly uri: string;
}

/**
 * Finds an existing EventSource by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getEventSourceOutput({ id: "<subscriptionId>/<type>" });
 * ```
 */
export function getEventSource(args: GetEventSourceArgs, opts?: pulumi.InvokeOptions): Promise<GetEventSourceResult> {
  return invoke<GetEventSourceResult>("getEventSource", { ...args }, opts);
}

/** The Output form of {@link getEventSource}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getEventSourceOutput(args: GetEventSourceOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetEventSourceResult> {
  return invokeOutput<GetEventSourceResult>("getEventSource", args, opts);
}
