// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getIpPolicyRule}. */
export interface GetIpPolicyRuleArgs {
  /** The IpPolicyRule's id (`ipr_...`). Give it, or its `ipPolicyId` and `cidr` (any of them). */
  id?: string;
  /** The ipPolicyId of the IpPolicyRule to find (every key given must match). An id starting with `ipp_`. */
  ipPolicyId?: string;
  /** The cidr of the IpPolicyRule to find (every key given must match). */
  cidr?: string;
}

/** The arguments of {@link getIpPolicyRuleOutput}: those of {@link getIpPolicyRule}, as inputs. */
export interface GetIpPolicyRuleOutputArgs {
  /** The IpPolicyRule's id (`ipr_...`). Give it, or its `ipPolicyId` and `cidr` (any of them). */
  id?: pulumi.Input<string>;
  /** The ipPolicyId of the IpPolicyRule to find (every key given must match). An id starting with `ipp_`. */
  ipPolicyId?: pulumi.Input<string>;
  /** The cidr of the IpPolicyRule to find (every key given must match). */
  cidr?: pulumi.Input<string>;
}

/** The result of {@link getIpPolicyRule}. */
export interface GetIpPolicyRuleResult {
  /** The IpPolicyRule's id. */
  readonly id: string;
  /** Whose addresses these are, e.g. `sf office`. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The range, in CIDR notation with its mask: `203.0.113.0/24`, `2001:db8::/32`; a single address is `/32` (IPv4) or `/128` (IPv6). Checked at preview. */
  readonly cidr: string;
  /** Whether traffic from the range is allowed or denied. */
  readonly action: "allow" | "deny";
  /** The IpPolicy the rule belongs to. */
  readonly ipPolicyId: string;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing IpPolicyRule by its id or by its `ipPolicyId` and `cidr` (any of them), and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getIpPolicyRule({ ipPolicyId: "...", cidr: "..." });
 * const same = ngrok.getIpPolicyRuleOutput({ id: found.id });
 * ```
 */
export function getIpPolicyRule(args?: GetIpPolicyRuleArgs, opts?: pulumi.InvokeOptions): Promise<GetIpPolicyRuleResult> {
  return invoke<GetIpPolicyRuleResult>("getIpPolicyRule", { ...args }, opts);
}

/** The Output form of {@link getIpPolicyRule}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getIpPolicyRuleOutput(args?: GetIpPolicyRuleOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetIpPolicyRuleResult> {
  return invokeOutput<GetIpPolicyRuleResult>("getIpPolicyRule", args, opts);
}
