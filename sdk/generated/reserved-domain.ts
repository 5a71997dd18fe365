// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { inputs, outputs } from "./types";

/** The arguments of a {@link ReservedDomain}. */
export interface ReservedDomainArgs {
  /** The hostname to reserve; stored lower-cased, without a trailing dot. Changing it replaces the resource. */
  domain: pulumi.Input<string>;
  /**
   * Deprecated and ignored: ngrok handles domain traffic globally (https://ngrok.com/docs/api/resources/reserved-domains/). Accepted so that programs that set it keep working: never sent, never a change, never a replace; the output keeps the program's value.
   *
   * @deprecated region selection for reserved domains is deprecated in the ngrok API, which handles domain traffic globally: remove it (removing it changes nothing).
   */
  region?: pulumi.Input<"au" | "eu" | "ap" | "us" | "jp" | "in" | "sa">;
  /** What the domain is for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** The points of presence (or regions) that alone serve the domain's HTTP endpoints, and its dedicated IPs ([region pinning](https://ngrok.com/docs/domains/region-pinning/)). Changed in place; absent or empty: every point of presence. */
  resolvesTo?: pulumi.Input<pulumi.Input<inputs.ReservedDomainResolvesTo>[]>;
  /** The id of a user-uploaded TLS certificate to serve. Mutually exclusive with `certificateManagementPolicy`. */
  certificateId?: pulumi.Input<string>;
  /** Automatic certificate management. When absent, the service's choice is kept. Mutually exclusive with `certificateId`. */
  certificateManagementPolicy?: pulumi.Input<inputs.CertificateManagementPolicy>;
  /** Adopt an existing ReservedDomain (`rd_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A reserved domain: a hostname on which the account's endpoints can be served, either a subdomain of a domain the service owns or a custom domain with a CNAME to the service.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const domain = new ngrok.ReservedDomain("app", {
 *     domain: "app.example.com",
 *     certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "ecdsa" },
 * });
 * export const cname = domain.cnameTarget;
 * ```
 */
export class ReservedDomain extends NgrokResource {
  /** The hostname to reserve; stored lower-cased, without a trailing dot. Changing it replaces the resource. */
  declare public readonly domain: pulumi.Output<string>;
  /**
   * Deprecated and ignored: ngrok handles domain traffic globally (https://ngrok.com/docs/api/resources/reserved-domains/). Accepted so that programs that set it keep working: never sent, never a change, never a replace; the output keeps the program's value.
   *
   * @deprecated region selection for reserved domains is deprecated in the ngrok API, which handles domain traffic globally: remove it (removing it changes nothing).
   */
  declare public readonly region: pulumi.Output<"au" | "eu" | "ap" | "us" | "jp" | "in" | "sa" | undefined>;
  /** What the domain is for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The points of presence (or regions) that alone serve the domain's HTTP endpoints, and its dedicated IPs ([region pinning](https://ngrok.com/docs/domains/region-pinning/)). Changed in place; absent or empty: every point of presence. */
  declare public readonly resolvesTo: pulumi.Output<outputs.ReservedDomainResolvesTo[] | undefined>;
  /** The id of a user-uploaded TLS certificate to serve. Mutually exclusive with `certificateManagementPolicy`. */
  declare public readonly certificateId: pulumi.Output<string | undefined>;
  /** Automatic certificate management. When absent, the service's choice is kept. Mutually exclusive with `certificateId`. */
  declare public readonly certificateManagementPolicy: pulumi.Output<outputs.CertificateManagementPolicy | undefined>;
  /** The DNS CNAME target for a custom hostname; absent for subdomains of the service's own domains. */
  declare public readonly cnameTarget: pulumi.Output<string | undefined>;
  /** The TLS certificate served: the user-uploaded one or the latest automatic one. */
  declare public readonly certificate: pulumi.Output<outputs.Ref | undefined>;
  /** The state of automatic certificate management; absent when it is disabled. */
  declare public readonly certificateManagementStatus: pulumi.Output<outputs.CertificateManagementStatus | undefined>;
  /** The CNAME target for `_acme-challenge.<domain>`, needed to issue certificates for wildcard custom domains. */
  declare public readonly acmeChallengeCnameTarget: pulumi.Output<string | undefined>;
  /** The endpoint configuration for HTTP traffic, if any. */
  declare public readonly httpEndpointConfiguration: pulumi.Output<outputs.Ref | undefined>;
  /** The endpoint configuration for HTTPS traffic, if any. */
  declare public readonly httpsEndpointConfiguration: pulumi.Output<outputs.Ref | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing ReservedDomain by its id (`rd_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): ReservedDomain {
    return new ReservedDomain(name, undefined as unknown as ReservedDomainArgs, { ...opts, id });
  }

  constructor(name: string, args: ReservedDomainArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        domain: undefined,
        region: undefined,
        description: undefined,
        metadata: undefined,
        resolvesTo: undefined,
        certificateId: undefined,
        certificateManagementPolicy: undefined,
        cnameTarget: undefined,
        certificate: undefined,
        certificateManagementStatus: undefined,
        acmeChallengeCnameTarget: undefined,
        httpEndpointConfiguration: undefined,
        httpsEndpointConfiguration: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("ReservedDomain", name, props, opts);
  }
}
