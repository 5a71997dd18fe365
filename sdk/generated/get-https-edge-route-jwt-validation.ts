// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getHttpsEdgeRouteJwtValidation}. */
export interface GetHttpsEdgeRouteJwtValidationArgs {
  /** The HttpsEdgeRouteJwtValidation's id (`<edgeId>/<routeId>`). */
  id: string;
}

/** The arguments of {@link getHttpsEdgeRouteJwtValidationOutput}: those of {@link getHttpsEdgeRouteJwtValidation}, as inputs. */
export interface GetHttpsEdgeRouteJwtValidationOutputArgs {
  /** The HttpsEdgeRouteJwtValidation's id (`<edgeId>/<routeId>`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getHttpsEdgeRouteJwtValidation}. */
export interface GetHttpsEdgeRouteJwtValidationResult {
  /** The HttpsEdgeRouteJwtValidation's id. */
  readonly id: string;
  /** The HTTPS edge (`edghts_...`) of the route. */
  readonly edgeId: string;
  /** The route (`edghtsrt_...`) the module applies to. */
  readonly routeId: string;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  readonly enabled?: boolean;
  /** The allowed issuers (`iss`), e.g. `{ allowList: [{ value: "https://issuer.example.com" }] }`. */
  readonly issuer?: outputs.JwtAllowList;
  /** The allowed audiences (`aud`). */
  readonly audience?: outputs.JwtAllowList;
  /** Where the tokens are in the request, and their type. */
  readonly http?: outputs.JwtHttp;
  /** Signature verification: algorithms and key sources. */
  readonly jws?: outputs.JwtJws;
}

/**
 * Finds an existing HttpsEdgeRouteJwtValidation by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getHttpsEdgeRouteJwtValidationOutput({ id: "<edgeId>/<routeId>" });
 * ```
 */
export function getHttpsEdgeRouteJwtValidation(args: GetHttpsEdgeRouteJwtValidationArgs, opts?: pulumi.InvokeOptions): Promise<GetHttpsEdgeRouteJwtValidationResult> {
  return invoke<GetHttpsEdgeRouteJwtValidationResult>("getHttpsEdgeRouteJwtValidation", { ...args }, opts);
}

/** The Output form of {@link getHttpsEdgeRouteJwtValidation}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getHttpsEdgeRouteJwtValidationOutput(args: GetHttpsEdgeRouteJwtValidationOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetHttpsEdgeRouteJwtValidationResult> {
  return invokeOutput<GetHttpsEdgeRouteJwtValidationResult>("getHttpsEdgeRouteJwtValidation", args, opts);
}
