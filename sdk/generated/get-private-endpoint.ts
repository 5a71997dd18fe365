// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getPrivateEndpoint}. */
export interface GetPrivateEndpointArgs {
  /** The private endpoint's URL: `https://app.internal`, `tcp://db.internal:5432`, `https://app.ngrok.direct`. A default port may be left out (`tls://db.internal` is `tls://db.internal:443`). Give it, or `id`. */
  url?: string;
  /** The id of an endpoint serving it (`ep_...`). Give it, or `url`. */
  id?: string;
}

/** The arguments of {@link getPrivateEndpointOutput}: those of {@link getPrivateEndpoint}, as inputs. */
export interface GetPrivateEndpointOutputArgs {
  /** The private endpoint's URL: `https://app.internal`, `tcp://db.internal:5432`, `https://app.ngrok.direct`. A default port may be left out (`tls://db.internal` is `tls://db.internal:443`). Give it, or `id`. */
  url?: pulumi.Input<string>;
  /** The id of an endpoint serving it (`ep_...`). Give it, or `url`. */
  id?: pulumi.Input<string>;
}

/** The result of {@link getPrivateEndpoint}. */
export interface GetPrivateEndpointResult {
  /** The URL as the endpoints list gives it (`https://app.internal`, `tls://db.internal:443`): what `forward-internal` names. */
  readonly url: string;
  /** The URL's scheme. */
  readonly scheme: "http" | "https" | "tcp" | "tls";
  /** The URL's host: `app.internal`. */
  readonly hostname: string;
  /** The URL's port, the scheme's default when the URL has none. */
  readonly port: number;
  /** The endpoints on the URL, newest first: more than one for a pool. */
  readonly endpoints: outputs.PrivateEndpointMember[];
}

/**
 * Reads one private endpoint (a URL on a `.internal` or `.ngrok.direct` host) by its `url`, or by the `id` of an endpoint serving it, with every endpoint on the URL (several for a pool). Fails when no endpoint of the account is online on it. Lookups made together share one walk of the endpoints list.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * // The agents' pool, started with `ngrok http 8080 --url https://app.internal --pooling-enabled`: the preview fails while none is online.
 * const pool = ngrok.getPrivateEndpointOutput({ url: "https://app.internal" });
 * new ngrok.CloudEndpoint("app", {
 *     url: "https://app.example.com",
 *     trafficPolicy: { onHttpRequest: [{ actions: [{ type: "forward-internal", config: { url: pool.url } }] }] },
 * });
 * export const agentsOnline = pool.endpoints.apply((es) => es.length);
 * ```
 */
export function getPrivateEndpoint(args?: GetPrivateEndpointArgs, opts?: pulumi.InvokeOptions): Promise<GetPrivateEndpointResult> {
  return invoke<GetPrivateEndpointResult>("getPrivateEndpoint", { ...args }, opts);
}

/** The Output form of {@link getPrivateEndpoint}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getPrivateEndpointOutput(args?: GetPrivateEndpointOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetPrivateEndpointResult> {
  return invokeOutput<GetPrivateEndpointResult>("getPrivateEndpoint", args, opts);
}
