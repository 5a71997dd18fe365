// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import type { TrafficPolicy } from "./policy";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getCloudEndpoint}. */
export interface GetCloudEndpointArgs {
  /** The CloudEndpoint's id (`ep_...`). Give it, or its `url`. */
  id?: string;
  /** The url of the CloudEndpoint to find. Not empty. */
  url?: string;
}

/** The arguments of {@link getCloudEndpointOutput}: those of {@link getCloudEndpoint}, as inputs. */
export interface GetCloudEndpointOutputArgs {
  /** The CloudEndpoint's id (`ep_...`). Give it, or its `url`. */
  id?: pulumi.Input<string>;
  /** The url of the CloudEndpoint to find. Not empty. */
  url?: pulumi.Input<string>;
}

/** The result of {@link getCloudEndpoint}. */
export interface GetCloudEndpointResult {
  /** The CloudEndpoint's id. */
  readonly id: string;
  /** The endpoint's URL: `https://app.example.com`, `tcp://1.tcp.ngrok.io:20000`, `https://api.internal`. Compared as the service stores it (scheme and host lower-cased, default port dropped). */
  readonly url: string;
  /** The Traffic Policy: a typed object (`{ onHttpRequest: [{ actions: [{ type: "custom-response", config: { statusCode: 200 } }] }] }`), or its YAML or JSON text as ngrok's documentation writes it. Its credentials (basic-auth `credentials`, OAuth and OpenID Connect `clientSecret`, webhook `secret`, a TLS `serverPrivateKey`) are kept in `trafficPolicySecrets`; the output is the policy the API holds, in the typed form, without them. */
  readonly trafficPolicy: TrafficPolicy;
  /** Where the endpoint is reachable: `public`, `internal` or `kubernetes`. When unset, the service chooses from the URL (`internal` for a `.internal` host). */
  readonly bindings?: ("public" | "internal" | "kubernetes")[];
  /** Whether other endpoints may share the URL, the service balancing traffic among them. Default `false`. */
  readonly poolingEnabled?: boolean;
  /** What the endpoint is for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The endpoint's type: `cloud`, the only type the API creates (and the default). */
  readonly type?: "cloud";
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
  /** When the endpoint was last changed (RFC 3339). */
  readonly updatedAt?: string;
  /** The URL the endpoint serves, as the API answers it. */
  readonly publicUrl?: string;
  /** The URL's scheme. */
  readonly scheme?: string;
  /** The URL's host. */
  readonly host?: string;
  /** The URL's port. */
  readonly port?: number;
  /** `host:port`. */
  readonly hostport?: string;
  /** The protocol served: `http`, `https`, `tcp` or `tls`. */
  readonly proto?: string;
  /** The reserved domain the URL is on; absent for internal endpoints. */
  readonly domain?: outputs.Ref;
}

/**
 * Finds an existing CloudEndpoint by its id or by its `url`, and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getCloudEndpoint({ url: "..." });
 * const same = ngrok.getCloudEndpointOutput({ id: found.id });
 * ```
 */
export function getCloudEndpoint(args?: GetCloudEndpointArgs, opts?: pulumi.InvokeOptions): Promise<GetCloudEndpointResult> {
  return invoke<GetCloudEndpointResult>("getCloudEndpoint", { ...args }, opts);
}

/** The Output form of {@link getCloudEndpoint}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getCloudEndpointOutput(args?: GetCloudEndpointOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetCloudEndpointResult> {
  return invokeOutput<GetCloudEndpointResult>("getCloudEndpoint", args, opts);
}
