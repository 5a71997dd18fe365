// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getHttpsEdgeRouteOidc}. */
export interface GetHttpsEdgeRouteOidcArgs {
  /** The HttpsEdgeRouteOidc's id (`<edgeId>/<routeId>`). */
  id: string;
}

/** The arguments of {@link getHttpsEdgeRouteOidcOutput}: those of {@link getHttpsEdgeRouteOidc}, as inputs. */
export interface GetHttpsEdgeRouteOidcOutputArgs {
  /** The HttpsEdgeRouteOidc's id (`<edgeId>/<routeId>`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getHttpsEdgeRouteOidc}. */
export interface GetHttpsEdgeRouteOidcResult {
  /** The HttpsEdgeRouteOidc's id. */
  readonly id: string;
  /** The HTTPS edge (`edghts_...`) of the route. */
  readonly edgeId: string;
  /** The route (`edghtsrt_...`) the module applies to. */
  readonly routeId: string;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  readonly enabled?: boolean;
  /** Let HTTP OPTIONS requests through without authentication (needed for CORS). Default `false`. */
  readonly optionsPassthrough?: boolean;
  /** Prefix of the session cookie that caches the authentication; the service chooses one when unset. */
  readonly cookiePrefix?: string;
  /** Seconds of inactivity after which the session ends and the visitor signs in again. When unset, the service's default applies. */
  readonly inactivityTimeout?: number;
  /** Maximum duration of an authenticated session, in seconds. When unset, the service's default applies. */
  readonly maximumDuration?: number;
  /** The identity provider's URL: the base URL for OIDC discovery. */
  readonly issuer: string;
  /** The OIDC client id, also the audience. */
  readonly clientId: string;
  /** Scopes requested from the identity provider, such as `openid` and `email`. */
  readonly scopes?: string[];
}

/**
 * Finds an existing HttpsEdgeRouteOidc by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getHttpsEdgeRouteOidcOutput({ id: "<edgeId>/<routeId>" });
 * ```
 */
export function getHttpsEdgeRouteOidc(args: GetHttpsEdgeRouteOidcArgs, opts?: pulumi.InvokeOptions): Promise<GetHttpsEdgeRouteOidcResult> {
  return invoke<GetHttpsEdgeRouteOidcResult>("getHttpsEdgeRouteOidc", { ...args }, opts);
}

/** The Output form of {@link getHttpsEdgeRouteOidc}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getHttpsEdgeRouteOidcOutput(args: GetHttpsEdgeRouteOidcOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetHttpsEdgeRouteOidcResult> {
  return invokeOutput<GetHttpsEdgeRouteOidcResult>("getHttpsEdgeRouteOidc", args, opts);
}
