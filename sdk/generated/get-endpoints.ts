// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getEndpoints}. */
export interface GetEndpointsArgs {
  /** Only endpoints of this type. One of: `ephemeral`, `edge`. */
  type?: "ephemeral" | "edge";
  /** Only endpoints of this protocol. One of: `http`, `https`, `tcp`, `tls`. */
  proto?: "http" | "https" | "tcp" | "tls";
  /** Only the endpoints (served by their tunnels; an edge's endpoint has no credential) of the agents that authenticated with this tunnel or SSH credential (`cr_...` or `sshcr_...`). */
  credentialId?: string;
}

/** The arguments of {@link getEndpointsOutput}: those of {@link getEndpoints}, as inputs. */
export interface GetEndpointsOutputArgs {
  /** Only endpoints of this type. One of: `ephemeral`, `edge`. */
  type?: pulumi.Input<"ephemeral" | "edge">;
  /** Only endpoints of this protocol. One of: `http`, `https`, `tcp`, `tls`. */
  proto?: pulumi.Input<"http" | "https" | "tcp" | "tls">;
  /** Only the endpoints (served by their tunnels; an edge's endpoint has no credential) of the agents that authenticated with this tunnel or SSH credential (`cr_...` or `sshcr_...`). */
  credentialId?: pulumi.Input<string>;
}

/** The result of {@link getEndpoints}. */
export interface GetEndpointsResult {
  /** The endpoints, newest first. */
  readonly endpoints: outputs.Endpoint[];
  /** Their ids, in the same order. */
  readonly ids: string[];
}

/**
 * Lists the online endpoints of the account, every page, newest first. Arguments narrow the list (`type`, `proto`, `credentialId`); all must match.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const endpoints = ngrok.getEndpointsOutput({ type: "ephemeral" });
 * export const publicUrls = endpoints.endpoints.apply((es) => es.map((e) => e.publicUrl));
 * ```
 */
export function getEndpoints(args?: GetEndpointsArgs, opts?: pulumi.InvokeOptions): Promise<GetEndpointsResult> {
  return invoke<GetEndpointsResult>("getEndpoints", { ...args }, opts);
}

/** The Output form of {@link getEndpoints}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getEndpointsOutput(args?: GetEndpointsOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetEndpointsResult> {
  return invokeOutput<GetEndpointsResult>("getEndpoints", args, opts);
}
