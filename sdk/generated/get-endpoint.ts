// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getEndpoint}. */
export interface GetEndpointArgs {
  /** The endpoint's id (`ep_...`). */
  id: string;
}

/** The arguments of {@link getEndpointOutput}: those of {@link getEndpoint}, as inputs. */
export interface GetEndpointOutputArgs {
  /** The endpoint's id (`ep_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getEndpoint}. */
export interface GetEndpointResult {
  /** The endpoint's id (`ep_...`). */
  readonly id: string;
  /** The endpoint's address in the API. */
  readonly uri: string;
  /** The region the endpoint belongs to. */
  readonly region?: string;
  /** When the endpoint was created (RFC 3339). */
  readonly createdAt?: string;
  /** When the endpoint was last updated (RFC 3339). */
  readonly updatedAt?: string;
  /** The URL of the hostport served. */
  readonly publicUrl: string;
  /** The protocol served. */
  readonly proto: "http" | "https" | "tcp" | "tls";
  /** `hostname:port`. */
  readonly hostport: string;
  /** What serves it: an agent-initiated tunnel (`ephemeral`) or an edge (`edge`). */
  readonly type: "ephemeral" | "edge";
  /** The metadata of the tunnel or edge behind the endpoint. */
  readonly metadata?: string;
  /** The reserved domain of the endpoint. */
  readonly domain?: outputs.Ref;
  /** The reserved TCP address of the endpoint. */
  readonly tcpAddr?: outputs.Ref;
  /** The tunnel serving an ephemeral endpoint. */
  readonly tunnel?: outputs.Ref;
  /** The edge serving an edge endpoint. */
  readonly edge?: outputs.Ref;
}

/**
 * Reads one online endpoint by id. Fails when it is not online (the API answers 404), with an error that names the id.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const endpoint = await ngrok.getEndpoint({ id: "ep_..." });
 * ```
 */
export function getEndpoint(args: GetEndpointArgs, opts?: pulumi.InvokeOptions): Promise<GetEndpointResult> {
  return invoke<GetEndpointResult>("getEndpoint", { ...args }, opts);
}

/** The Output form of {@link getEndpoint}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getEndpointOutput(args: GetEndpointOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetEndpointResult> {
  return invokeOutput<GetEndpointResult>("getEndpoint", args, opts);
}
