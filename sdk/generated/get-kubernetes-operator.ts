// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getKubernetesOperator}. */
export interface GetKubernetesOperatorArgs {
  /** The Kubernetes operator's id (`k8sop_...`). */
  id: string;
}

/** The arguments of {@link getKubernetesOperatorOutput}: those of {@link getKubernetesOperator}, as inputs. */
export interface GetKubernetesOperatorOutputArgs {
  /** The Kubernetes operator's id (`k8sop_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getKubernetesOperator}. */
export interface GetKubernetesOperatorResult {
  /** The operator's id (`k8sop_...`). */
  readonly id: string;
  /** The operator's address in the API. */
  readonly uri: string;
  /** When the operator registered (RFC 3339). */
  readonly createdAt: string;
  /** When its record last changed (RFC 3339). */
  readonly updatedAt?: string;
  /** What the operator is for. */
  readonly description?: string;
  /** User-defined data. */
  readonly metadata?: string;
  /** Who registered it (a user or a service user). */
  readonly principal?: outputs.Ref;
  /** Its features: `bindings`, `ingress`, `gateway`. */
  readonly enabledFeatures: ("bindings" | "ingress" | "gateway")[];
  /** The region its ingress is served in (`global` by default). */
  readonly region?: string;
  /** Where it runs. */
  readonly deployment?: outputs.KubernetesOperatorDeployment;
  /** Its Bindings feature, when enabled. */
  readonly binding?: outputs.KubernetesOperatorBinding;
}

/**
 * Reads one registered Kubernetes operator by id. Fails when it is not registered (the API answers 404), with an error that names the id.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const operator = await ngrok.getKubernetesOperator({ id: "k8sop_..." });
 * ```
 */
export function getKubernetesOperator(args: GetKubernetesOperatorArgs, opts?: pulumi.InvokeOptions): Promise<GetKubernetesOperatorResult> {
  return invoke<GetKubernetesOperatorResult>("getKubernetesOperator", { ...args }, opts);
}

/** The Output form of {@link getKubernetesOperator}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getKubernetesOperatorOutput(args: GetKubernetesOperatorOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetKubernetesOperatorResult> {
  return invokeOutput<GetKubernetesOperatorResult>("getKubernetesOperator", args, opts);
}
