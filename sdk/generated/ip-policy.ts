// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of an {@link IpPolicy}. */
export interface IpPolicyArgs {
  /** What the policy's addresses are, e.g. `office networks`. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** Adopt an existing IpPolicy (`ipp_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A named set of IP ranges, allowed or denied by its IpPolicyRules. It applies to no traffic until an IpRestriction (or an edge's IP restriction module) uses it. Deleting it deletes its rules.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const offices = new ngrok.IpPolicy("offices", { description: "office networks" });
 * new ngrok.IpPolicyRule("sf", { ipPolicyId: offices.id, cidr: "203.0.113.0/24", action: "allow" });
 * ```
 */
export class IpPolicy extends NgrokResource {
  /** What the policy's addresses are, e.g. `office networks`. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
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
        createdAt: undefined,
      },
      args,
    );
    super("IpPolicy", name, props, opts);
  }
}
