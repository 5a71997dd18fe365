// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getHttpsEdgeRouteIpRestriction}. */
export interface GetHttpsEdgeRouteIpRestrictionArgs {
  /** The HttpsEdgeRouteIpRestriction's id (`<edgeId>/<routeId>`). */
  id: string;
}

/** The arguments of {@link getHttpsEdgeRouteIpRestrictionOutput}: those of {@link getHttpsEdgeRouteIpRestriction}, as inputs. */
export interface GetHttpsEdgeRouteIpRestrictionOutputArgs {
  /** The HttpsEdgeRouteIpRestriction's id (`<edgeId>/<routeId>`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getHttpsEdgeRouteIpRestriction}. */
export interface GetHttpsEdgeRouteIpRestrictionResult {
  /** The HttpsEdgeRouteIpRestriction's id. */
  readonly id: string;
  /** The HTTPS edge (`edghts_...`) of the route. */
  readonly edgeId: string;
  /** The route (`edghtsrt_...`) the module applies to. */
  readonly routeId: string;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  readonly enabled?: boolean;
  /** The IP policies (`ipp_...`) that decide whether a source IP may connect. At least one. */
  readonly ipPolicyIds: string[];
  /** References to the IP policies applied. */
  readonly ipPolicies: outputs.Ref[];
}

/**
 * Finds an existing HttpsEdgeRouteIpRestriction by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getHttpsEdgeRouteIpRestrictionOutput({ id: "<edgeId>/<routeId>" });
 * ```
 */
export function getHttpsEdgeRouteIpRestriction(args: GetHttpsEdgeRouteIpRestrictionArgs, opts?: pulumi.InvokeOptions): Promise<GetHttpsEdgeRouteIpRestrictionResult> {
  return invoke<GetHttpsEdgeRouteIpRestrictionResult>("getHttpsEdgeRouteIpRestriction", { ...args }, opts);
}

/** The Output form of {@link getHttpsEdgeRouteIpRestriction}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getHttpsEdgeRouteIpRestrictionOutput(args: GetHttpsEdgeRouteIpRestrictionOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetHttpsEdgeRouteIpRestrictionResult> {
  return invokeOutput<GetHttpsEdgeRouteIpRestrictionResult>("getHttpsEdgeRouteIpRestriction", args, opts);
}
