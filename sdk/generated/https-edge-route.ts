// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { HttpsEdge } from "./https-edge";

/** The settings of an {@link HttpsEdgeRoute}: every argument except where it applies. */
export interface HttpsEdgeRouteSettings {
  /** How `match` is compared with the request path: `exact_path` or `path_prefix`. */
  matchType: pulumi.Input<"exact_path" | "path_prefix">;
  /** The path (or path prefix) the route matches, beginning with `/`. */
  match: pulumi.Input<string>;
  /** What the route is for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** Adopt an existing HttpsEdgeRoute (`edghtsrt_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/** The arguments of an {@link HttpsEdgeRoute}: its settings, and where it applies: `edge` (an HttpsEdge of the program, which also becomes its default parent) or `edgeId`. */
export type HttpsEdgeRouteArgs = HttpsEdgeRouteSettings &
  (
    | {
        /** The HttpsEdge it belongs to: fills `edgeId` from it, and is the resource's `parent` unless `opts` names one. */
        edge: HttpsEdge;
        edgeId?: never;
      }
    | {
        edge?: never;
        /** The HTTPS edge (`edghts_...`) the route belongs to. Changing it replaces the resource. */
        edgeId: pulumi.Input<string>;
      }
  );

/**
 * A route of an HTTPS edge: the requests whose path matches it get its modules (HttpsEdgeRouteOidc, HttpsEdgeRouteCircuitBreaker, ...). `get` takes the route's id and its `edgeId`.
 *
 * Give `edge` (an HttpsEdge of the program, which becomes its parent) or `edgeId`.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const route = new ngrok.HttpsEdgeRoute("api", {
 *     edge, // an ngrok.HttpsEdge: fills edgeId and is the route's parent
 *     matchType: "path_prefix",
 *     match: "/api",
 * });
 * ```
 */
export class HttpsEdgeRoute extends NgrokResource {
  /** The HTTPS edge (`edghts_...`) the route belongs to. Changing it replaces the resource. */
  declare public readonly edgeId: pulumi.Output<string>;
  /** How `match` is compared with the request path: `exact_path` or `path_prefix`. */
  declare public readonly matchType: pulumi.Output<"exact_path" | "path_prefix">;
  /** The path (or path prefix) the route matches, beginning with `/`. */
  declare public readonly match: pulumi.Output<string>;
  /** What the route is for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing HttpsEdgeRoute by its id (`edghtsrt_...`), read-only: its state is read from the API, and the program never updates or deletes it. `located` gives the edgeId it lives under. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, located: { edgeId: pulumi.Input<string> }, opts?: pulumi.CustomResourceOptions): HttpsEdgeRoute {
    return new HttpsEdgeRoute(name, located as unknown as HttpsEdgeRouteArgs, { ...opts, id });
  }

  constructor(name: string, args: HttpsEdgeRouteArgs, opts?: pulumi.CustomResourceOptions) {
    // `edge` is not an input: it fills edgeId and is the default parent.
    const { edge, ...given } = args ?? ({} as Partial<HttpsEdgeRouteArgs>);
    const props: pulumi.Inputs = Object.assign(
      {
        edgeId: undefined,
        matchType: undefined,
        match: undefined,
        description: undefined,
        metadata: undefined,
        createdAt: undefined,
      },
      given,
      edge ? { edgeId: edge.id } : {},
    );
    super("HttpsEdgeRoute", name, props, { ...opts, parent: opts?.parent ?? edge });
  }
}
