// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getIpPolicy}. */
export interface GetIpPolicyArgs {
  /** The IpPolicy's id (`ipp_...`). Give it, or its `description`. */
  id?: string;
  /** The description of the IpPolicy to find. */
  description?: string;
}

/** The arguments of {@link getIpPolicyOutput}: those of {@link getIpPolicy}, as inputs. */
export interface GetIpPolicyOutputArgs {
  /** The IpPolicy's id (`ipp_...`). Give it, or its `description`. */
  id?: pulumi.Input<string>;
  /** The description of the IpPolicy to find. */
  description?: pulumi.Input<string>;
}

/** The result of {@link getIpPolicy}. */
export interface GetIpPolicyResult {
  /** The IpPolicy's id. */
  readonly id: string;
  /** What the policy's addresses are, e.g. `office networks`. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The policy's rules, as a set (their order is no change): each an IpPolicyRule of the API, written one request each, and only those that change (a new CIDR or description is a PATCH; a new action, a delete and a create). Unset: the policy's rules are left to IpPolicyRule resources, and never read. Adopting a policy (`importId`) with `rules` makes its rules these. */
  readonly rules?: outputs.IpPolicyInlineRule[];
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing IpPolicy by its id or by its `description`, and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getIpPolicy({ description: "..." });
 * const same = ngrok.getIpPolicyOutput({ id: found.id });
 * ```
 */
export function getIpPolicy(args?: GetIpPolicyArgs, opts?: pulumi.InvokeOptions): Promise<GetIpPolicyResult> {
  return invoke<GetIpPolicyResult>("getIpPolicy", { ...args }, opts);
}

/** The Output form of {@link getIpPolicy}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getIpPolicyOutput(args?: GetIpPolicyOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetIpPolicyResult> {
  return invokeOutput<GetIpPolicyResult>("getIpPolicy", args, opts);
}
