// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getIpRestriction}. */
export interface GetIpRestrictionArgs {
  /** The IpRestriction's id (`ipx_...`). */
  id: string;
}

/** The arguments of {@link getIpRestrictionOutput}: those of {@link getIpRestriction}, as inputs. */
export interface GetIpRestrictionOutputArgs {
  /** The IpRestriction's id (`ipx_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getIpRestriction}. */
export interface GetIpRestrictionResult {
  /** The IpRestriction's id. */
  readonly id: string;
  /** What the restriction is for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** `true` enforces the restriction; `false` (the default, also when absent) only issues warnings. */
  readonly enforced?: boolean;
  /** The traffic restricted: `dashboard`, `api`, `agent` or `endpoints`. */
  readonly type: "dashboard" | "api" | "agent" | "endpoints";
  /** The IpPolicies that decide which addresses are allowed. A set: their order is no change. */
  readonly ipPolicyIds?: string[];
  /** The IP policies used, as references. */
  readonly ipPolicies?: outputs.Ref[];
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing IpRestriction by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getIpRestrictionOutput({ id: "ipx_..." });
 * ```
 */
export function getIpRestriction(args: GetIpRestrictionArgs, opts?: pulumi.InvokeOptions): Promise<GetIpRestrictionResult> {
  return invoke<GetIpRestrictionResult>("getIpRestriction", { ...args }, opts);
}

/** The Output form of {@link getIpRestriction}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getIpRestrictionOutput(args: GetIpRestrictionOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetIpRestrictionResult> {
  return invokeOutput<GetIpRestrictionResult>("getIpRestriction", args, opts);
}
