// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getFailoverBackend}. */
export interface GetFailoverBackendArgs {
  /** The FailoverBackend's id (`bkdfo_...`). */
  id: string;
}

/** The arguments of {@link getFailoverBackendOutput}: those of {@link getFailoverBackend}, as inputs. */
export interface GetFailoverBackendOutputArgs {
  /** The FailoverBackend's id (`bkdfo_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getFailoverBackend}. */
export interface GetFailoverBackendResult {
  /** The FailoverBackend's id. */
  readonly id: string;
  /** What the failover chain is for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The child backends' ids, in failover order (reordering them is a change, made in place). Each must exist; a failover backend may not contain itself. */
  readonly backends: string[];
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing FailoverBackend by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getFailoverBackendOutput({ id: "bkdfo_..." });
 * ```
 */
export function getFailoverBackend(args: GetFailoverBackendArgs, opts?: pulumi.InvokeOptions): Promise<GetFailoverBackendResult> {
  return invoke<GetFailoverBackendResult>("getFailoverBackend", { ...args }, opts);
}

/** The Output form of {@link getFailoverBackend}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getFailoverBackendOutput(args: GetFailoverBackendOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetFailoverBackendResult> {
  return invokeOutput<GetFailoverBackendResult>("getFailoverBackend", args, opts);
}
