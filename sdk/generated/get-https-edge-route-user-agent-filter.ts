// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getHttpsEdgeRouteUserAgentFilter}. */
export interface GetHttpsEdgeRouteUserAgentFilterArgs {
  /** The HttpsEdgeRouteUserAgentFilter's id (`<edgeId>/<routeId>`). */
  id: string;
}

/** The arguments of {@link getHttpsEdgeRouteUserAgentFilterOutput}: those of {@link getHttpsEdgeRouteUserAgentFilter}, as inputs. */
export interface GetHttpsEdgeRouteUserAgentFilterOutputArgs {
  /** The HttpsEdgeRouteUserAgentFilter's id (`<edgeId>/<routeId>`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getHttpsEdgeRouteUserAgentFilter}. */
export interface GetHttpsEdgeRouteUserAgentFilterResult {
  /** The HttpsEdgeRouteUserAgentFilter's id. */
  readonly id: string;
  /** The HTTPS edge (`edghts_...`) of the route. */
  readonly edgeId: string;
  /** The route (`edghtsrt_...`) the module applies to. */
  readonly routeId: string;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  readonly enabled?: boolean;
  /** Regular expressions of the user agents allowed. */
  readonly allow?: string[];
  /** Regular expressions of the user agents denied. */
  readonly deny?: string[];
}

/**
 * Finds an existing HttpsEdgeRouteUserAgentFilter by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getHttpsEdgeRouteUserAgentFilterOutput({ id: "<edgeId>/<routeId>" });
 * ```
 */
export function getHttpsEdgeRouteUserAgentFilter(args: GetHttpsEdgeRouteUserAgentFilterArgs, opts?: pulumi.InvokeOptions): Promise<GetHttpsEdgeRouteUserAgentFilterResult> {
  return invoke<GetHttpsEdgeRouteUserAgentFilterResult>("getHttpsEdgeRouteUserAgentFilter", { ...args }, opts);
}

/** The Output form of {@link getHttpsEdgeRouteUserAgentFilter}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getHttpsEdgeRouteUserAgentFilterOutput(args: GetHttpsEdgeRouteUserAgentFilterOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetHttpsEdgeRouteUserAgentFilterResult> {
  return invokeOutput<GetHttpsEdgeRouteUserAgentFilterResult>("getHttpsEdgeRouteUserAgentFilter", args, opts);
}
