// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { inputs, outputs } from "./types";

/** The arguments of an {@link AgentIngress}. */
export interface AgentIngressArgs {
  /** The domain the account owns, used as the base of the regional agent ingress domains; stored lower-cased, without a trailing dot. Changing it replaces the resource. */
  domain: pulumi.Input<string>;
  /** What the agent ingress is for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** Automatic certificate management for the regional domains. Absent means none: removing it from the program turns it off. */
  certificateManagementPolicy?: pulumi.Input<inputs.AgentIngressCertificateManagementPolicy>;
  /** Adopt an existing AgentIngress (`agin_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A custom agent ingress: a domain the account owns, delegated to the service with NS records, whose regional subdomains the account's agents connect to instead of the service's default addresses.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const ingress = new ngrok.AgentIngress("agents", {
 *     domain: "connect.example.com",
 *     certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "ecdsa" },
 * });
 * // Delegate the domain: one NS record per target.
 * export const nsTargets = ingress.nsTargets;
 * ```
 */
export class AgentIngress extends NgrokResource {
  /** The domain the account owns, used as the base of the regional agent ingress domains; stored lower-cased, without a trailing dot. Changing it replaces the resource. */
  declare public readonly domain: pulumi.Output<string>;
  /** What the agent ingress is for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** Automatic certificate management for the regional domains. Absent means none: removing it from the program turns it off. */
  declare public readonly certificateManagementPolicy: pulumi.Output<outputs.AgentIngressCertificateManagementPolicy | undefined>;
  /** The values of the NS records that delegate `domain` to the service. */
  declare public readonly nsTargets: pulumi.Output<string[]>;
  /** The regional agent ingress domains, subdomains of `domain`; the service adds more as it opens regions. */
  declare public readonly regionDomains: pulumi.Output<string[]>;
  /** The state of automatic certificate management; absent when it is off. Changes by the service never show as a diff. */
  declare public readonly certificateManagementStatus: pulumi.Output<outputs.CertificateManagementStatus | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing AgentIngress by its id (`agin_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): AgentIngress {
    return new AgentIngress(name, undefined as unknown as AgentIngressArgs, { ...opts, id });
  }

  constructor(name: string, args: AgentIngressArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        domain: undefined,
        description: undefined,
        metadata: undefined,
        certificateManagementPolicy: undefined,
        nsTargets: undefined,
        regionDomains: undefined,
        certificateManagementStatus: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("AgentIngress", name, props, opts);
  }
}
