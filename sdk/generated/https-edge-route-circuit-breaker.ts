// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { HttpsEdgeRoute } from "./https-edge-route";

/** The settings of an {@link HttpsEdgeRouteCircuitBreaker}: every argument except where it applies. */
export interface HttpsEdgeRouteCircuitBreakerSettings {
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  enabled?: pulumi.Input<boolean>;
  /** Seconds to wait after the circuit trips before checking the upstream's health again. When unset, the service's default applies. */
  trippedDuration?: pulumi.Input<number>;
  /** Seconds of the rolling window over which request statistics are kept. When unset, the service's default applies. */
  rollingWindow?: pulumi.Input<number>;
  /** Number of buckets the rolling window's statistics are kept in; at most 128. When unset, the service's default applies. */
  numBuckets?: pulumi.Input<number>;
  /** Number of requests in a rolling window below which the circuit never trips (for low traffic). When unset, the service's default applies. */
  volumeThreshold?: pulumi.Input<number>;
  /** The fraction of failed requests that trips the circuit, between 0 and 1 (`0.5` is 50%; not a percentage from 0 to 100). When unset, the service's default applies. */
  errorThresholdPercentage?: pulumi.Input<number>;
  /** Adopt an existing HttpsEdgeRouteCircuitBreaker (`<edgeId>/<routeId>`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/** The arguments of an {@link HttpsEdgeRouteCircuitBreaker}: its settings, and where it applies: `route` (an HttpsEdgeRoute of the program, which also becomes its default parent) or `edgeId` and `routeId`. */
export type HttpsEdgeRouteCircuitBreakerArgs = HttpsEdgeRouteCircuitBreakerSettings &
  (
    | {
        /** The HttpsEdgeRoute it belongs to: fills `edgeId` and `routeId` from it, and is the resource's `parent` unless `opts` names one. */
        route: HttpsEdgeRoute;
        edgeId?: never;
        routeId?: never;
      }
    | {
        route?: never;
        /** The HTTPS edge (`edghts_...`) of the route. Changing it replaces the resource. */
        edgeId: pulumi.Input<string>;
        /** The route (`edghtsrt_...`) the module applies to. Changing it replaces the resource. */
        routeId: pulumi.Input<string>;
      }
  );

/**
 * A circuit breaker on a route: when too many requests to the upstream fail, the service rejects requests for a while instead of forwarding them.
 *
 * A module of an HTTPS edge route: one per route, with no id of its own. Its id is `<edgeId>/<routeId>` (the module is implied by the type), for `get` and `importId`. Deleting the resource removes the module from the route.
 *
 * Give `route` (an HttpsEdgeRoute of the program, which becomes its parent) or `edgeId` and `routeId`.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const breaker = new ngrok.HttpsEdgeRouteCircuitBreaker("breaker", {
 *     route,
 *     errorThresholdPercentage: 0.5,
 *     volumeThreshold: 20,
 *     numBuckets: 10,
 *     rollingWindow: 60,
 *     trippedDuration: 30,
 * });
 * ```
 */
export class HttpsEdgeRouteCircuitBreaker extends NgrokResource {
  /** The HTTPS edge (`edghts_...`) of the route. Changing it replaces the resource. */
  declare public readonly edgeId: pulumi.Output<string>;
  /** The route (`edghtsrt_...`) the module applies to. Changing it replaces the resource. */
  declare public readonly routeId: pulumi.Output<string>;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  declare public readonly enabled: pulumi.Output<boolean | undefined>;
  /** Seconds to wait after the circuit trips before checking the upstream's health again. When unset, the service's default applies. */
  declare public readonly trippedDuration: pulumi.Output<number | undefined>;
  /** Seconds of the rolling window over which request statistics are kept. When unset, the service's default applies. */
  declare public readonly rollingWindow: pulumi.Output<number | undefined>;
  /** Number of buckets the rolling window's statistics are kept in; at most 128. When unset, the service's default applies. */
  declare public readonly numBuckets: pulumi.Output<number | undefined>;
  /** Number of requests in a rolling window below which the circuit never trips (for low traffic). When unset, the service's default applies. */
  declare public readonly volumeThreshold: pulumi.Output<number | undefined>;
  /** The fraction of failed requests that trips the circuit, between 0 and 1 (`0.5` is 50%; not a percentage from 0 to 100). When unset, the service's default applies. */
  declare public readonly errorThresholdPercentage: pulumi.Output<number | undefined>;

  /** References an existing HttpsEdgeRouteCircuitBreaker by its id (`<edgeId>/<routeId>`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): HttpsEdgeRouteCircuitBreaker {
    return new HttpsEdgeRouteCircuitBreaker(name, undefined as unknown as HttpsEdgeRouteCircuitBreakerArgs, { ...opts, id });
  }

  constructor(name: string, args: HttpsEdgeRouteCircuitBreakerArgs, opts?: pulumi.CustomResourceOptions) {
    // `route` is not an input: it fills edgeId and routeId and is the default parent.
    const { route, ...given } = args ?? ({} as Partial<HttpsEdgeRouteCircuitBreakerArgs>);
    const props: pulumi.Inputs = Object.assign(
      {
        edgeId: undefined,
        routeId: undefined,
        enabled: undefined,
        trippedDuration: undefined,
        rollingWindow: undefined,
        numBuckets: undefined,
        volumeThreshold: undefined,
        errorThresholdPercentage: undefined,
        "__ngrokResourceName": name,
      },
      given,
      route ? { edgeId: route.edgeId, routeId: route.id } : {},
    );
    super("HttpsEdgeRouteCircuitBreaker", name, props, { ...opts, parent: opts?.parent ?? route });
  }
}
