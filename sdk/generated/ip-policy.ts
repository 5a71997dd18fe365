// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { inputs, outputs } from "./types";

/** The arguments of an {@link IpPolicy}. */
export interface IpPolicyArgs {
  /** What the policy's addresses are, e.g. `office networks`. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** The policy's rules, as a set (their order is no change): each an IpPolicyRule of the API, written one request each, and only those that change (a new CIDR or description is a PATCH; a new action, a delete and a create). Unset: the policy's rules are left to IpPolicyRule resources, and never read. Adopting a policy (`importId`) with `rules` makes its rules these. */
  rules?: pulumi.Input<pulumi.Input<inputs.IpPolicyInlineRule>[]>;
  /** Adopt an existing IpPolicy (`ipp_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A named set of IP ranges, allowed or denied: its `rules`, or IpPolicyRule resources (one way or the other for a policy: check fails when an IpPolicyRule names a policy whose program sets `rules`). It applies to no traffic until an IpRestriction, or a `restrict-ips` action of a Traffic Policy, uses it. Deleting it deletes its rules.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const offices = new ngrok.IpPolicy("offices", {
 *     description: "office networks",
 *     rules: [
 *         { cidr: "203.0.113.0/24", action: "allow", description: "sf office" },
 *         { cidr: "2001:db8:1234::/48", action: "allow", description: "VPN (IPv6)" },
 *     ],
 * });
 * ```
 */
export class IpPolicy extends NgrokResource {
  /** What the policy's addresses are, e.g. `office networks`. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The policy's rules, as a set (their order is no change): each an IpPolicyRule of the API, written one request each, and only those that change (a new CIDR or description is a PATCH; a new action, a delete and a create). Unset: the policy's rules are left to IpPolicyRule resources, and never read. Adopting a policy (`importId`) with `rules` makes its rules these. */
  declare public readonly rules: pulumi.Output<outputs.IpPolicyInlineRule[] | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing IpPolicy by its id (`ipp_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): IpPolicy {
    return new IpPolicy(name, undefined as unknown as IpPolicyArgs, { ...opts, id });
  }

  constructor(name: string, args: IpPolicyArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        description: undefined,
        metadata: undefined,
        rules: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("IpPolicy", name, props, opts);
  }
}
