// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getTlsEdgeIpRestriction}. */
export interface GetTlsEdgeIpRestrictionArgs {
  /** The TlsEdgeIpRestriction's id (`<edgeId>`). */
  id: string;
}

/** The arguments of {@link getTlsEdgeIpRestrictionOutput}: those of {@link getTlsEdgeIpRestriction}, as inputs. */
export interface GetTlsEdgeIpRestrictionOutputArgs {
  /** The TlsEdgeIpRestriction's id (`<edgeId>`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getTlsEdgeIpRestriction}. */
export interface GetTlsEdgeIpRestrictionResult {
  /** The TlsEdgeIpRestriction's id. */
  readonly id: string;
  /** The TLS edge (`edgtls_...`) the module applies to. */
  readonly edgeId: string;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  readonly enabled?: boolean;
  /** The IP policies (`ipp_...`) that decide whether a source IP may connect. At least one. */
  readonly ipPolicyIds: string[];
  /** References to the IP policies applied. */
  readonly ipPolicies: outputs.Ref[];
}

/**
 * Finds an existing TlsEdgeIpRestriction by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getTlsEdgeIpRestrictionOutput({ id: "<edgeId>" });
 * ```
 */
export function getTlsEdgeIpRestriction(args: GetTlsEdgeIpRestrictionArgs, opts?: pulumi.InvokeOptions): Promise<GetTlsEdgeIpRestrictionResult> {
  return invoke<GetTlsEdgeIpRestrictionResult>("getTlsEdgeIpRestriction", { ...args }, opts);
}

/** The Output form of {@link getTlsEdgeIpRestriction}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getTlsEdgeIpRestrictionOutput(args: GetTlsEdgeIpRestrictionOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetTlsEdgeIpRestrictionResult> {
  return invokeOutput<GetTlsEdgeIpRestrictionResult>("getTlsEdgeIpRestriction", args, opts);
}
