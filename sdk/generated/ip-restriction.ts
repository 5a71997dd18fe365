// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { outputs } from "./types";

/** The arguments of an {@link IpRestriction}. */
export interface IpRestrictionArgs {
  /** What the restriction is for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** `true` enforces the restriction; `false` (the default, also when absent) only issues warnings. */
  enforced?: pulumi.Input<boolean>;
  /** The traffic restricted: `dashboard`, `api`, `agent` or `endpoints`. Changing it replaces the resource. */
  type: pulumi.Input<"dashboard" | "api" | "agent" | "endpoints">;
  /** The IpPolicies that decide which addresses are allowed. A set: their order is no change. */
  ipPolicyIds?: pulumi.Input<pulumi.Input<string>[]>;
  /** Adopt an existing IpRestriction (`ipx_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * Restricts one kind of traffic to the account (the dashboard, the API, agents or endpoints) to the addresses its IP policies allow.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const office = new ngrok.IpPolicy("office", { description: "office network" });
 * new ngrok.IpPolicyRule("office-v4", { ipPolicyId: office.id, cidr: "203.0.113.0/24", action: "allow" });
 * new ngrok.IpRestriction("dashboard", { type: "dashboard", ipPolicyIds: [office.id], enforced: true });
 * ```
 */
export class IpRestriction extends NgrokResource {
  /** What the restriction is for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** `true` enforces the restriction; `false` (the default, also when absent) only issues warnings. */
  declare public readonly enforced: pulumi.Output<boolean | undefined>;
  /** The traffic restricted: `dashboard`, `api`, `agent` or `endpoints`. Changing it replaces the resource. */
  declare public readonly type: pulumi.Output<"dashboard" | "api" | "agent" | "endpoints">;
  /** The IpPolicies that decide which addresses are allowed. A set: their order is no change. */
  declare public readonly ipPolicyIds: pulumi.Output<string[] | undefined>;
  /** The IP policies used, as references. */
  declare public readonly ipPolicies: pulumi.Output<outputs.Ref[] | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing IpRestriction by its id (`ipx_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): IpRestriction {
    return new IpRestriction(name, undefined as unknown as IpRestrictionArgs, { ...opts, id });
  }

  constructor(name: string, args: IpRestrictionArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        description: undefined,
        metadata: undefined,
        enforced: undefined,
        type: undefined,
        ipPolicyIds: undefined,
        ipPolicies: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("IpRestriction", name, props, opts);
  }
}
