// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { HttpsEdgeRoute } from "./https-edge-route";
import type { outputs } from "./types";

/** The settings of an {@link HttpsEdgeRouteIpRestriction}: every argument except where it applies. */
export interface HttpsEdgeRouteIpRestrictionSettings {
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  enabled?: pulumi.Input<boolean>;
  /** The IP policies (`ipp_...`) that decide whether a source IP may connect. At least one. */
  ipPolicyIds: pulumi.Input<pulumi.Input<string>[]>;
  /** Adopt an existing HttpsEdgeRouteIpRestriction (`<edgeId>/<routeId>`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/** The arguments of an {@link HttpsEdgeRouteIpRestriction}: its settings, and where it applies: `route` (an HttpsEdgeRoute of the program, which also becomes its default parent) or `edgeId` and `routeId`. */
export type HttpsEdgeRouteIpRestrictionArgs = HttpsEdgeRouteIpRestrictionSettings &
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
 * IP restriction of a route: only source IPs allowed by its IP policies reach the upstream.
 *
 * A module of an HTTPS edge route: one per route, with no id of its own. Its id is `<edgeId>/<routeId>` (the module is implied by the type), for `get` and `importId`. Deleting the resource removes the module from the route.
 *
 * Give `route` (an HttpsEdgeRoute of the program, which becomes its parent) or `edgeId` and `routeId`.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const office = new ngrok.HttpsEdgeRouteIpRestriction("office-only", {
 *     route,
 *     ipPolicyIds: ["ipp_..."],
 * });
 * ```
 */
export class HttpsEdgeRouteIpRestriction extends NgrokResource {
  /** The HTTPS edge (`edghts_...`) of the route. Changing it replaces the resource. */
  declare public readonly edgeId: pulumi.Output<string>;
  /** The route (`edghtsrt_...`) the module applies to. Changing it replaces the resource. */
  declare public readonly routeId: pulumi.Output<string>;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  declare public readonly enabled: pulumi.Output<boolean | undefined>;
  /** The IP policies (`ipp_...`) that decide whether a source IP may connect. At least one. */
  declare public readonly ipPolicyIds: pulumi.Output<string[]>;
  /** References to the IP policies applied. */
  declare public readonly ipPolicies: pulumi.Output<outputs.Ref[]>;

  /** References an existing HttpsEdgeRouteIpRestriction by its id (`<edgeId>/<routeId>`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): HttpsEdgeRouteIpRestriction {
    return new HttpsEdgeRouteIpRestriction(name, undefined as unknown as HttpsEdgeRouteIpRestrictionArgs, { ...opts, id });
  }

  constructor(name: string, args: HttpsEdgeRouteIpRestrictionArgs, opts?: pulumi.CustomResourceOptions) {
    // `route` is not an input: it fills edgeId and routeId and is the default parent.
    const { route, ...given } = args ?? ({} as Partial<HttpsEdgeRouteIpRestrictionArgs>);
    const props: pulumi.Inputs = Object.assign(
      {
        edgeId: undefined,
        routeId: undefined,
        enabled: undefined,
        ipPolicyIds: undefined,
        ipPolicies: undefined,
        "__ngrokResourceName": name,
      },
      given,
      route ? { edgeId: route.edgeId, routeId: route.id } : {},
    );
    super("HttpsEdgeRouteIpRestriction", name, props, { ...opts, parent: opts?.parent ?? route });
  }
}
