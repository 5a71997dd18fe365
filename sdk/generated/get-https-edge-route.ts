// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getHttpsEdgeRoute}. */
export interface GetHttpsEdgeRouteArgs {
  /** The HttpsEdgeRoute's id (`edghtsrt_...`). */
  id: string;
  /** The edgeId the HttpsEdgeRoute lives under. */
  edgeId: string;
}

/** The arguments of {@link getHttpsEdgeRouteOutput}: those of {@link getHttpsEdgeRoute}, as inputs. */
export interface GetHttpsEdgeRouteOutputArgs {
  /** The HttpsEdgeRoute's id (`edghtsrt_...`). */
  id: pulumi.Input<string>;
  /** The edgeId the HttpsEdgeRoute lives under. */
  edgeId: pulumi.Input<string>;
}

/** The result of {@link getHttpsEdgeRoute}. */
export interface GetHttpsEdgeRouteResult {
  /** The HttpsEdgeRoute's id. */
  readonly id: string;
  /** The HTTPS edge (`edghts_...`) the route belongs to. */
  readonly edgeId: string;
  /** How `match` is compared with the request path: `exact_path` or `path_prefix`. */
  readonly matchType: "exact_path" | "path_prefix";
  /** The path (or path prefix) the route matches, beginning with `/`. */
  readonly match: string;
  /** What the route is for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing HttpsEdgeRoute by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getHttpsEdgeRouteOutput({ id: "edghtsrt_...", edgeId: "..." });
 * ```
 */
export function getHttpsEdgeRoute(args: GetHttpsEdgeRouteArgs, opts?: pulumi.InvokeOptions): Promise<GetHttpsEdgeRouteResult> {
  return invoke<GetHttpsEdgeRouteResult>("getHttpsEdgeRoute", { ...args }, opts);
}

/** The Output form of {@link getHttpsEdgeRoute}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getHttpsEdgeRouteOutput(args: GetHttpsEdgeRouteOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetHttpsEdgeRouteResult> {
  return invokeOutput<GetHttpsEdgeRouteResult>("getHttpsEdgeRoute", args, opts);
}
