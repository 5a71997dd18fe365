// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getHttpsEdge}. */
export interface GetHttpsEdgeArgs {
  /** The HttpsEdge's id (`edghts_...`). */
  id: string;
}

/** The arguments of {@link getHttpsEdgeOutput}: those of {@link getHttpsEdge}, as inputs. */
export interface GetHttpsEdgeOutputArgs {
  /** The HttpsEdge's id (`edghts_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getHttpsEdge}. */
export interface GetHttpsEdgeResult {
  /** The HttpsEdge's id. */
  readonly id: string;
  /** What the edge is for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The `<domain>:<port>` addresses the edge serves, such as `app.example.com:443`. Each domain must be reserved by the account (a ReservedDomain), and a hostport serves one edge at a time. Stored lower-cased. */
  readonly hostports?: string[];
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing HttpsEdge by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getHttpsEdgeOutput({ id: "edghts_..." });
 * ```
 */
export function getHttpsEdge(args: GetHttpsEdgeArgs, opts?: pulumi.InvokeOptions): Promise<GetHttpsEdgeResult> {
  return invoke<GetHttpsEdgeResult>("getHttpsEdge", { ...args }, opts);
}

/** The Output form of {@link getHttpsEdge}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getHttpsEdgeOutput(args: GetHttpsEdgeOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetHttpsEdgeResult> {
  return invokeOutput<GetHttpsEdgeResult>("getHttpsEdge", args, opts);
}
