// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { HttpsEdgeRoute } from "./https-edge-route";
import type { inputs, outputs } from "./types";

/** The settings of an {@link HttpsEdgeRouteJwtValidation}: every argument except where it applies. */
export interface HttpsEdgeRouteJwtValidationSettings {
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  enabled?: pulumi.Input<boolean>;
  /** The allowed issuers (`iss`), e.g. `{ allowList: [{ value: "https://issuer.example.com" }] }`. */
  issuer?: pulumi.Input<inputs.JwtAllowList>;
  /** The allowed audiences (`aud`). */
  audience?: pulumi.Input<inputs.JwtAllowList>;
  /** Where the tokens are in the request, and their type. */
  http?: pulumi.Input<inputs.JwtHttp>;
  /** Signature verification: algorithms and key sources. */
  jws?: pulumi.Input<inputs.JwtJws>;
  /** Adopt an existing HttpsEdgeRouteJwtValidation (`<edgeId>/<routeId>`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/** The arguments of an {@link HttpsEdgeRouteJwtValidation}: its settings, and where it applies: `route` (an HttpsEdgeRoute of the program, which also becomes its default parent) or `edgeId` and `routeId`. */
export type HttpsEdgeRouteJwtValidationArgs = HttpsEdgeRouteJwtValidationSettings &
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
 * JWT validation on a route: requests must carry a valid JSON Web Token from an allowed issuer and audience. The fields mirror the API's nesting.
 *
 * A module of an HTTPS edge route: one per route, with no id of its own. Its id is `<edgeId>/<routeId>` (the module is implied by the type), for `get` and `importId`. Deleting the resource removes the module from the route.
 *
 * Give `route` (an HttpsEdgeRoute of the program, which becomes its parent) or `edgeId` and `routeId`.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const jwt = new ngrok.HttpsEdgeRouteJwtValidation("jwt", {
 *     route,
 *     issuer: { allowList: [{ value: "https://issuer.example.com" }] },
 *     audience: { allowList: [{ value: "api" }] },
 *     http: { tokens: [{ type: "jwt", method: "header", name: "Authorization", prefix: "Bearer " }] },
 *     jws: { allowedAlgorithms: ["RS256"], keys: { sources: { additionalJkus: ["https://issuer.example.com/jwks.json"] } } },
 * });
 * ```
 */
export class HttpsEdgeRouteJwtValidation extends NgrokResource {
  /** The HTTPS edge (`edghts_...`) of the route. Changing it replaces the resource. */
  declare public readonly edgeId: pulumi.Output<string>;
  /** The route (`edghtsrt_...`) the module applies to. Changing it replaces the resource. */
  declare public readonly routeId: pulumi.Output<string>;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  declare public readonly enabled: pulumi.Output<boolean | undefined>;
  /** The allowed issuers (`iss`), e.g. `{ allowList: [{ value: "https://issuer.example.com" }] }`. */
  declare public readonly issuer: pulumi.Output<outputs.JwtAllowList | undefined>;
  /** The allowed audiences (`aud`). */
  declare public readonly audience: pulumi.Output<outputs.JwtAllowList | undefined>;
  /** Where the tokens are in the request, and their type. */
  declare public readonly http: pulumi.Output<outputs.JwtHttp | undefined>;
  /** Signature verification: algorithms and key sources. */
  declare public readonly jws: pulumi.Output<outputs.JwtJws | undefined>;

  /** References an existing HttpsEdgeRouteJwtValidation by its id (`<edgeId>/<routeId>`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): HttpsEdgeRouteJwtValidation {
    return new HttpsEdgeRouteJwtValidation(name, undefined as unknown as HttpsEdgeRouteJwtValidationArgs, { ...opts, id });
  }

  constructor(name: string, args: HttpsEdgeRouteJwtValidationArgs, opts?: pulumi.CustomResourceOptions) {
    // `route` is not an input: it fills edgeId and routeId and is the default parent.
    const { route, ...given } = args ?? ({} as Partial<HttpsEdgeRouteJwtValidationArgs>);
    const props: pulumi.Inputs = Object.assign(
      {
        edgeId: undefined,
        routeId: undefined,
        enabled: undefined,
        issuer: undefined,
        audience: undefined,
        http: undefined,
        jws: undefined,
        "__ngrokResourceName": name,
      },
      given,
      route ? { edgeId: route.edgeId, routeId: route.id } : {},
    );
    super("HttpsEdgeRouteJwtValidation", name, props, { ...opts, parent: opts?.parent ?? route });
  }
}
