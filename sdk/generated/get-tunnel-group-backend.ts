// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getTunnelGroupBackend}. */
export interface GetTunnelGroupBackendArgs {
  /** The TunnelGroupBackend's id (`bkdtg_...`). */
  id: string;
}

/** The arguments of {@link getTunnelGroupBackendOutput}: those of {@link getTunnelGroupBackend}, as inputs. */
export interface GetTunnelGroupBackendOutputArgs {
  /** The TunnelGroupBackend's id (`bkdtg_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getTunnelGroupBackend}. */
export interface GetTunnelGroupBackendResult {
  /** The TunnelGroupBackend's id. */
  readonly id: string;
  /** What the tunnel group serves. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The labels a tunnel must carry (all of them) to serve this backend, e.g. `{ app: "web", env: "prod" }`. */
  readonly labels: { [key: string]: string };
  /** The online tunnels that match the labels now. It changes as agents connect and disconnect; that is never a change to the resource. */
  readonly tunnels?: outputs.Ref[];
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing TunnelGroupBackend by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getTunnelGroupBackendOutput({ id: "bkdtg_..." });
 * ```
 */
export function getTunnelGroupBackend(args: GetTunnelGroupBackendArgs, opts?: pulumi.InvokeOptions): Promise<GetTunnelGroupBackendResult> {
  return invoke<GetTunnelGroupBackendResult>("getTunnelGroupBackend", { ...args }, opts);
}

/** The Output form of {@link getTunnelGroupBackend}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getTunnelGroupBackendOutput(args: GetTunnelGroupBackendOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetTunnelGroupBackendResult> {
  return invokeOutput<GetTunnelGroupBackendResult>("getTunnelGroupBackend", args, opts);
}
