// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getKubernetesOperators}. */
export interface GetKubernetesOperatorsArgs {
  /** Only operators with this feature enabled. One of: `bindings`, `ingress`, `gateway`. */
  feature?: "bindings" | "ingress" | "gateway";
  /** Only operators deployed to the cluster of this name. */
  clusterName?: string;
}

/** The arguments of {@link getKubernetesOperatorsOutput}: those of {@link getKubernetesOperators}, as inputs. */
export interface GetKubernetesOperatorsOutputArgs {
  /** Only operators with this feature enabled. One of: `bindings`, `ingress`, `gateway`. */
  feature?: pulumi.Input<"bindings" | "ingress" | "gateway">;
  /** Only operators deployed to the cluster of this name. */
  clusterName?: pulumi.Input<string>;
}

/** The result of {@link getKubernetesOperators}. */
export interface GetKubernetesOperatorsResult {
  /** The Kubernetes operators, newest first. */
  readonly kubernetesOperators: outputs.KubernetesOperator[];
  /** Their ids, in the same order. */
  readonly ids: string[];
}

/**
 * Lists the registered Kubernetes operators of the account, every page, newest first. Arguments narrow the list (`feature`, `clusterName`); all must match.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const clusters = ngrok.getKubernetesOperatorsOutput({ feature: "bindings" });
 * export const operatorIds = clusters.ids;
 * ```
 */
export function getKubernetesOperators(args?: GetKubernetesOperatorsArgs, opts?: pulumi.InvokeOptions): Promise<GetKubernetesOperatorsResult> {
  return invoke<GetKubernetesOperatorsResult>("getKubernetesOperators", { ...args }, opts);
}

/** The Output form of {@link getKubernetesOperators}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getKubernetesOperatorsOutput(args?: GetKubernetesOperatorsOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetKubernetesOperatorsResult> {
  return invokeOutput<GetKubernetesOperatorsResult>("getKubernetesOperators", args, opts);
}
