// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of an {@link IpPolicyRule}. */
export interface IpPolicyRuleArgs {
  /** Whose addresses these are, e.g. `sf office`. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** The range, in CIDR notation with its mask: `203.0.113.0/24`, `2001:db8::/32`; a single address is `/32` (IPv4) or `/128` (IPv6). Checked at preview. */
  cidr: pulumi.Input<string>;
  /** Whether traffic from the range is allowed or denied. Changing it replaces the resource. */
  action: pulumi.Input<"allow" | "deny">;
  /** The IpPolicy the rule belongs to. Changing it replaces the resource. */
  ipPolicyId: pulumi.Input<string>;
  /** Adopt an existing IpPolicyRule (`ipr_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * One IPv4 or IPv6 range of an IpPolicy, allowed or denied.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const vpn = new ngrok.IpPolicy("vpn", { description: "VPN egress" });
 * new ngrok.IpPolicyRule("vpn-v4", { ipPolicyId: vpn.id, cidr: "198.51.100.0/24", action: "allow", description: "VPN (IPv4)" });
 * new ngrok.IpPolicyRule("vpn-v6", { ipPolicyId: vpn.id, cidr: "2001:db8:1234::/48", action: "allow", description: "VPN (IPv6)" });
 * ```
 */
export class IpPolicyRule extends NgrokResource {
  /** Whose addresses these are, e.g. `sf office`. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The range, in CIDR notation with its mask: `203.0.113.0/24`, `2001:db8::/32`; a single address is `/32` (IPv4) or `/128` (IPv6). Checked at preview. */
  declare public readonly cidr: pulumi.Output<string>;
  /** Whether traffic from the range is allowed or denied. Changing it replaces the resource. */
  declare public readonly action: pulumi.Output<"allow" | "deny">;
  /** The IpPolicy the rule belongs to. Changing it replaces the resource. */
  declare public readonly ipPolicyId: pulumi.Output<string>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing IpPolicyRule by its id (`ipr_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): IpPolicyRule {
    return new IpPolicyRule(name, undefined as unknown as IpPolicyRuleArgs, { ...opts, id });
  }

  constructor(name: string, args: IpPolicyRuleArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        description: undefined,
        metadata: undefined,
        cidr: undefined,
        action: undefined,
        ipPolicyId: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("IpPolicyRule", name, props, opts);
  }
}
