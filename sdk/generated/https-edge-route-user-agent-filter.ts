// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { HttpsEdgeRoute } from "./https-edge-route";

/** The settings of an {@link HttpsEdgeRouteUserAgentFilter}: every argument except where it applies. */
export interface HttpsEdgeRouteUserAgentFilterSettings {
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  enabled?: pulumi.Input<boolean>;
  /** Regular expressions of the user agents allowed. */
  allow?: pulumi.Input<pulumi.Input<string>[]>;
  /** Regular expressions of the user agents denied. */
  deny?: pulumi.Input<pulumi.Input<string>[]>;
  /** Adopt an existing HttpsEdgeRouteUserAgentFilter (`<edgeId>/<routeId>`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/** The arguments of an {@link HttpsEdgeRouteUserAgentFilter}: its settings, and where it applies: `route` (an HttpsEdgeRoute of the program, which also becomes its default parent) or `edgeId` and `routeId`. */
export type HttpsEdgeRouteUserAgentFilterArgs = HttpsEdgeRouteUserAgentFilterSettings &
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
 * User agent filtering on a route: requests are allowed or denied by regular expressions (RE2 syntax) matched against their User-Agent header. Patterns are checked at preview by compiling them (JavaScript's syntax is close to RE2's; lookaround and backreferences, which RE2 lacks, are refused).
 *
 * A module of an HTTPS edge route: one per route, with no id of its own. Its id is `<edgeId>/<routeId>` (the module is implied by the type), for `get` and `importId`. Deleting the resource removes the module from the route.
 *
 * Give `route` (an HttpsEdgeRoute of the program, which becomes its parent) or `edgeId` and `routeId`.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const bots = new ngrok.HttpsEdgeRouteUserAgentFilter("no-bots", {
 *     route,
 *     deny: ["(?i)bot", "curl/.*"],
 * });
 * ```
 */
export class HttpsEdgeRouteUserAgentFilter extends NgrokResource {
  /** The HTTPS edge (`edghts_...`) of the route. Changing it replaces the resource. */
  declare public readonly edgeId: pulumi.Output<string>;
  /** The route (`edghtsrt_...`) the module applies to. Changing it replaces the resource. */
  declare public readonly routeId: pulumi.Output<string>;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  declare public readonly enabled: pulumi.Output<boolean | undefined>;
  /** Regular expressions of the user agents allowed. */
  declare public readonly allow: pulumi.Output<string[] | undefined>;
  /** Regular expressions of the user agents denied. */
  declare public readonly deny: pulumi.Output<string[] | undefined>;

  /** References an existing HttpsEdgeRouteUserAgentFilter by its id (`<edgeId>/<routeId>`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): HttpsEdgeRouteUserAgentFilter {
    return new HttpsEdgeRouteUserAgentFilter(name, undefined as unknown as HttpsEdgeRouteUserAgentFilterArgs, { ...opts, id });
  }

  constructor(name: string, args: HttpsEdgeRouteUserAgentFilterArgs, opts?: pulumi.CustomResourceOptions) {
    // `route` is not an input: it fills edgeId and routeId and is the default parent.
    const { route, ...given } = args ?? ({} as Partial<HttpsEdgeRouteUserAgentFilterArgs>);
    const props: pulumi.Inputs = Object.assign(
      {
        edgeId: undefined,
        routeId: undefined,
        enabled: undefined,
        allow: undefined,
        deny: undefined,
        "__ngrokResourceName": name,
      },
      given,
      route ? { edgeId: route.edgeId, routeId: route.id } : {},
    );
    super("HttpsEdgeRouteUserAgentFilter", name, props, { ...opts, parent: opts?.parent ?? route });
  }
}
