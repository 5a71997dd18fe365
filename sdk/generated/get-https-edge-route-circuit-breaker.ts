// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getHttpsEdgeRouteCircuitBreaker}. */
export interface GetHttpsEdgeRouteCircuitBreakerArgs {
  /** The HttpsEdgeRouteCircuitBreaker's id (`<edgeId>/<routeId>`). */
  id: string;
}

/** The arguments of {@link getHttpsEdgeRouteCircuitBreakerOutput}: those of {@link getHttpsEdgeRouteCircuitBreaker}, as inputs. */
export interface GetHttpsEdgeRouteCircuitBreakerOutputArgs {
  /** The HttpsEdgeRouteCircuitBreaker's id (`<edgeId>/<routeId>`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getHttpsEdgeRouteCircuitBreaker}. */
export interface GetHttpsEdgeRouteCircuitBreakerResult {
  /** The HttpsEdgeRouteCircuitBreaker's id. */
  readonly id: string;
  /** The HTTPS edge (`edghts_...`) of the route. */
  readonly edgeId: string;
  /** The route (`edghtsrt_...`) the module applies to. */
  readonly routeId: string;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  readonly enabled?: boolean;
  /** Seconds to wait after the circuit trips before checking the upstream's health again. When unset, the service's default applies. */
  readonly trippedDuration?: number;
  /** Seconds of the rolling window over which request statistics are kept. When unset, the service's default applies. */
  readonly rollingWindow?: number;
  /** Number of buckets the rolling window's statistics are kept in; at most 128. When unset, the service's default applies. */
  readonly numBuckets?: number;
  /** Number of requests in a rolling window below which the circuit never trips (for low traffic). When unset, the service's default applies. */
  readonly volumeThreshold?: number;
  /** The fraction of failed requests that trips the circuit, between 0 and 1 (`0.5` is 50%; not a percentage from 0 to 100). When unset, the service's default applies. */
  readonly errorThresholdPercentage?: number;
}

/**
 * Finds an existing HttpsEdgeRouteCircuitBreaker by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getHttpsEdgeRouteCircuitBreakerOutput({ id: "<edgeId>/<routeId>" });
 * ```
 */
export function getHttpsEdgeRouteCircuitBreaker(args: GetHttpsEdgeRouteCircuitBreakerArgs, opts?: pulumi.InvokeOptions): Promise<GetHttpsEdgeRouteCircuitBreakerResult> {
  return invoke<GetHttpsEdgeRouteCircuitBreakerResult>("getHttpsEdgeRouteCircuitBreaker", { ...args }, opts);
}

/** The Output form of {@link getHttpsEdgeRouteCircuitBreaker}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getHttpsEdgeRouteCircuitBreakerOutput(args: GetHttpsEdgeRouteCircuitBreakerOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetHttpsEdgeRouteCircuitBreakerResult> {
  return invokeOutput<GetHttpsEdgeRouteCircuitBreakerResult>("getHttpsEdgeRouteCircuitBreaker", args, opts);
}
