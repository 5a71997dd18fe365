// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getKubernetesOperatorBoundEndpoints}. */
export interface GetKubernetesOperatorBoundEndpointsArgs {
  /** The operator's id (`k8sop_...`). */
  id: string;
}

/** The arguments of {@link getKubernetesOperatorBoundEndpointsOutput}: those of {@link getKubernetesOperatorBoundEndpoints}, as inputs. */
export interface GetKubernetesOperatorBoundEndpointsOutputArgs {
  /** The operator's id (`k8sop_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getKubernetesOperatorBoundEndpoints}. */
export interface GetKubernetesOperatorBoundEndpointsResult {
  /** The bound endpoints, newest first. */
  readonly endpoints: outputs.BoundEndpoint[];
  /** Their ids, in the same order. */
  readonly ids: string[];
}

/**
 * Lists the endpoints bound to a Kubernetes operator's cluster (`bindings: ["kubernetes"]`, selected by its `endpointSelectors`), every page. Fails when no such operator is registered.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const operator = await ngrok.getKubernetesOperator({ id: "k8sop_..." });
 * const bound = ngrok.getKubernetesOperatorBoundEndpointsOutput({ id: operator.id });
 * export const boundUrls = bound.endpoints.apply((es) => es.map((e) => e.url));
 * ```
 */
export function getKubernetesOperatorBoundEndpoints(args: GetKubernetesOperatorBoundEndpointsArgs, opts?: pulumi.InvokeOptions): Promise<GetKubernetesOperatorBoundEndpointsResult> {
  return invoke<GetKubernetesOperatorBoundEndpointsResult>("getKubernetesOperatorBoundEndpoints", { ...args }, opts);
}

/** The Output form of {@link getKubernetesOperatorBoundEndpoints}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getKubernetesOperatorBoundEndpointsOutput(args: GetKubernetesOperatorBoundEndpointsOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetKubernetesOperatorBoundEndpointsResult> {
  return invokeOutput<GetKubernetesOperatorBoundEndpointsResult>("getKubernetesOperatorBoundEndpoints", args, opts);
}
