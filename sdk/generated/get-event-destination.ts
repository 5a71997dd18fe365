// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getEventDestination}. */
export interface GetEventDestinationArgs {
  /** The EventDestination's id (`ed_...`). Give it, or its `description`. */
  id?: string;
  /** The description of the EventDestination to find. */
  description?: string;
}

/** The arguments of {@link getEventDestinationOutput}: those of {@link getEventDestination}, as inputs. */
export interface GetEventDestinationOutputArgs {
  /** The EventDestination's id (`ed_...`). Give it, or its `description`. */
  id?: pulumi.Input<string>;
  /** The description of the EventDestination to find. */
  description?: pulumi.Input<string>;
}

/** The result of {@link getEventDestination}. */
export interface GetEventDestinationResult {
  /** The EventDestination's id. */
  readonly id: string;
  /** What the destination is for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** How events are serialised; `json`, the only format, is the default. */
  readonly format?: "json";
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing EventDestination by its id or by its `description`, and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getEventDestination({ description: "..." });
 * const same = ngrok.getEventDestinationOutput({ id: found.id });
 * ```
 */
export function getEventDestination(args?: GetEventDestinationArgs, opts?: pulumi.InvokeOptions): Promise<GetEventDestinationResult> {
  return invoke<GetEventDestinationResult>("getEventDestination", { ...args }, opts);
}

/** The Output form of {@link getEventDestination}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getEventDestinationOutput(args?: GetEventDestinationOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetEventDestinationResult> {
  return invokeOutput<GetEventDestinationResult>("getEventDestination", args, opts);
}
