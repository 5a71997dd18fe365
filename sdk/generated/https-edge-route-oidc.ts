// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { HttpsEdgeRoute } from "./https-edge-route";

/** The settings of an {@link HttpsEdgeRouteOidc}: every argument except where it applies. */
export interface HttpsEdgeRouteOidcSettings {
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  enabled?: pulumi.Input<boolean>;
  /** Let HTTP OPTIONS requests through without authentication (needed for CORS). Default `false`. */
  optionsPassthrough?: pulumi.Input<boolean>;
  /** Prefix of the session cookie that caches the authentication; the service chooses one when unset. */
  cookiePrefix?: pulumi.Input<string>;
  /** Seconds of inactivity after which the session ends and the visitor signs in again. When unset, the service's default applies. */
  inactivityTimeout?: pulumi.Input<number>;
  /** Maximum duration of an authenticated session, in seconds. When unset, the service's default applies. */
  maximumDuration?: pulumi.Input<number>;
  /** The identity provider's URL: the base URL for OIDC discovery. */
  issuer: pulumi.Input<string>;
  /** The OIDC client id, also the audience. */
  clientId: pulumi.Input<string>;
  /** The OIDC client secret. Kept encrypted in state; never shown in previews, diffs or errors. Secret. */
  clientSecret: pulumi.Input<string>;
  /** Scopes requested from the identity provider, such as `openid` and `email`. */
  scopes?: pulumi.Input<pulumi.Input<string>[]>;
  /** Adopt an existing HttpsEdgeRouteOidc (`<edgeId>/<routeId>`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/** The arguments of an {@link HttpsEdgeRouteOidc}: its settings, and where it applies: `route` (an HttpsEdgeRoute of the program, which also becomes its default parent) or `edgeId` and `routeId`. */
export type HttpsEdgeRouteOidcArgs = HttpsEdgeRouteOidcSettings &
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
 * OpenID Connect authentication of a route: visitors sign in with the identity provider before their requests reach the upstream.
 *
 * A module of an HTTPS edge route: one per route, with no id of its own. Its id is `<edgeId>/<routeId>` (the module is implied by the type), for `get` and `importId`. Deleting the resource removes the module from the route.
 *
 * Give `route` (an HttpsEdgeRoute of the program, which becomes its parent) or `edgeId` and `routeId`.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const oidc = new ngrok.HttpsEdgeRouteOidc("sso", {
 *     route, // an ngrok.HttpsEdgeRoute: fills edgeId and routeId, and is the module's parent
 *     issuer: "https://accounts.google.com",
 *     clientId: "my-client-id",
 *     clientSecret: config.requireSecret("oidcClientSecret"),
 *     scopes: ["openid", "email"],
 * });
 * ```
 */
export class HttpsEdgeRouteOidc extends NgrokResource {
  /** The HTTPS edge (`edghts_...`) of the route. Changing it replaces the resource. */
  declare public readonly edgeId: pulumi.Output<string>;
  /** The route (`edghtsrt_...`) the module applies to. Changing it replaces the resource. */
  declare public readonly routeId: pulumi.Output<string>;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  declare public readonly enabled: pulumi.Output<boolean | undefined>;
  /** Let HTTP OPTIONS requests through without authentication (needed for CORS). Default `false`. */
  declare public readonly optionsPassthrough: pulumi.Output<boolean | undefined>;
  /** Prefix of the session cookie that caches the authentication; the service chooses one when unset. */
  declare public readonly cookiePrefix: pulumi.Output<string | undefined>;
  /** Seconds of inactivity after which the session ends and the visitor signs in again. When unset, the service's default applies. */
  declare public readonly inactivityTimeout: pulumi.Output<number | undefined>;
  /** Maximum duration of an authenticated session, in seconds. When unset, the service's default applies. */
  declare public readonly maximumDuration: pulumi.Output<number | undefined>;
  /** The identity provider's URL: the base URL for OIDC discovery. */
  declare public readonly issuer: pulumi.Output<string>;
  /** The OIDC client id, also the audience. */
  declare public readonly clientId: pulumi.Output<string>;
  /** The OIDC client secret. Kept encrypted in state; never shown in previews, diffs or errors. Secret. */
  declare public readonly clientSecret: pulumi.Output<string>;
  /** Scopes requested from the identity provider, such as `openid` and `email`. */
  declare public readonly scopes: pulumi.Output<string[] | undefined>;

  /** References an existing HttpsEdgeRouteOidc by its id (`<edgeId>/<routeId>`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): HttpsEdgeRouteOidc {
    return new HttpsEdgeRouteOidc(name, undefined as unknown as HttpsEdgeRouteOidcArgs, { ...opts, id });
  }

  constructor(name: string, args: HttpsEdgeRouteOidcArgs, opts?: pulumi.CustomResourceOptions) {
    // `route` is not an input: it fills edgeId and routeId and is the default parent.
    const { route, ...given } = args ?? ({} as Partial<HttpsEdgeRouteOidcArgs>);
    const props: pulumi.Inputs = Object.assign(
      {
        edgeId: undefined,
        routeId: undefined,
        enabled: undefined,
        optionsPassthrough: undefined,
        cookiePrefix: undefined,
        inactivityTimeout: undefined,
        maximumDuration: undefined,
        issuer: undefined,
        clientId: undefined,
        clientSecret: undefined,
        scopes: undefined,
        "__ngrokResourceName": name,
      },
      given,
      route ? { edgeId: route.edgeId, routeId: route.id } : {},
    );
    if (props.clientSecret !== undefined) props.clientSecret = pulumi.secret(props.clientSecret);
    super("HttpsEdgeRouteOidc", name, props, pulumi.mergeOptions({ ...opts, parent: opts?.parent ?? route }, { additionalSecretOutputs: ["clientSecret"] }));
  }
}
