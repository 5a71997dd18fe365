// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getPrivateEndpoints}. */
export interface GetPrivateEndpointsArgs {
  /** Only URLs of this scheme. One of: `http`, `https`, `tcp`, `tls`. */
  scheme?: "http" | "https" | "tcp" | "tls";
  /** Only endpoints of this type: `ephemeral` for an agent's, `cloud` for a cloud endpoint. */
  type?: string;
  /** Only the endpoints of the agents that authenticated with this tunnel or SSH credential (`cr_...` or `sshcr_...`). */
  credentialId?: string;
}

/** The arguments of {@link getPrivateEndpointsOutput}: those of {@link getPrivateEndpoints}, as inputs. */
export interface GetPrivateEndpointsOutputArgs {
  /** Only URLs of this scheme. One of: `http`, `https`, `tcp`, `tls`. */
  scheme?: pulumi.Input<"http" | "https" | "tcp" | "tls">;
  /** Only endpoints of this type: `ephemeral` for an agent's, `cloud` for a cloud endpoint. */
  type?: pulumi.Input<string>;
  /** Only the endpoints of the agents that authenticated with this tunnel or SSH credential (`cr_...` or `sshcr_...`). */
  credentialId?: pulumi.Input<string>;
}

/** The result of {@link getPrivateEndpoints}. */
export interface GetPrivateEndpointsResult {
  /** The private endpoints, newest first. */
  readonly privateEndpoints: outputs.PrivateEndpoint[];
  /** Their URLs, in the same order. */
  readonly urls: string[];
}

/**
 * Lists the private endpoints of the account (URLs on a `.internal` or `.ngrok.direct` host that its agents or cloud endpoints serve), every page of the endpoints list, newest first, each with the endpoints on its URL. Arguments narrow the endpoints (`scheme`, `type`, `credentialId`); a URL none of whose endpoints match is left out.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * // Every private endpoint the fleet's agents serve, by URL.
 * const fleet = new ngrok.Credential("fleet", { acl: ["bind:*.internal"] });
 * export const fleetUrls = ngrok.getPrivateEndpointsOutput({ credentialId: fleet.id }).urls;
 * ```
 */
export function getPrivateEndpoints(args?: GetPrivateEndpointsArgs, opts?: pulumi.InvokeOptions): Promise<GetPrivateEndpointsResult> {
  return invoke<GetPrivateEndpointsResult>("getPrivateEndpoints", { ...args }, opts);
}

/** The Output form of {@link getPrivateEndpoints}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getPrivateEndpointsOutput(args?: GetPrivateEndpointsOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetPrivateEndpointsResult> {
  return invokeOutput<GetPrivateEndpointsResult>("getPrivateEndpoints", args, opts);
}
