// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getReservedDomain}. */
export interface GetReservedDomainArgs {
  /** The ReservedDomain's id (`rd_...`). Give it, or its `domain`. */
  id?: string;
  /** The domain of the ReservedDomain to find. */
  domain?: string;
}

/** The arguments of {@link getReservedDomainOutput}: those of {@link getReservedDomain}, as inputs. */
export interface GetReservedDomainOutputArgs {
  /** The ReservedDomain's id (`rd_...`). Give it, or its `domain`. */
  id?: pulumi.Input<string>;
  /** The domain of the ReservedDomain to find. */
  domain?: pulumi.Input<string>;
}

/** The result of {@link getReservedDomain}. */
export interface GetReservedDomainResult {
  /** The ReservedDomain's id. */
  readonly id: string;
  /** The hostname to reserve; stored lower-cased, without a trailing dot. */
  readonly domain: string;
  /** Deprecated and ignored: ngrok handles domain traffic globally (https://ngrok.com/docs/api/resources/reserved-domains/). Accepted so that programs that set it keep working: never sent, never a change, never a replace; the output keeps the program's value. */
  readonly region?: "au" | "eu" | "ap" | "us" | "jp" | "in" | "sa";
  /** What the domain is for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The points of presence (or regions) that alone serve the domain's HTTP endpoints, and its dedicated IPs ([region pinning](https://ngrok.com/docs/domains/region-pinning/)). Changed in place; absent or empty: every point of presence. */
  readonly resolvesTo?: outputs.ReservedDomainResolvesTo[];
  /** The id of a user-uploaded TLS certificate to serve. Mutually exclusive with `certificateManagementPolicy`. */
  readonly certificateId?: string;
  /** Automatic certificate management. When absent, the service's choice is kept. Mutually exclusive with `certificateId`. */
  readonly certificateManagementPolicy?: outputs.CertificateManagementPolicy;
  /** The DNS CNAME target for a custom hostname; absent for subdomains of the service's own domains. */
  readonly cnameTarget?: string;
  /** The TLS certificate served: the user-uploaded one or the latest automatic one. */
  readonly certificate?: outputs.Ref;
  /** The state of automatic certificate management; absent when it is disabled. */
  readonly certificateManagementStatus?: outputs.CertificateManagementStatus;
  /** The CNAME target for `_acme-challenge.<domain>`, needed to issue certificates for wildcard custom domains. */
  readonly acmeChallengeCnameTarget?: string;
  /** The endpoint configuration for HTTP traffic, if any. */
  readonly httpEndpointConfiguration?: outputs.Ref;
  /** The endpoint configuration for HTTPS traffic, if any. */
  readonly httpsEndpointConfiguration?: outputs.Ref;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing ReservedDomain by its id or by its `domain`, and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getReservedDomain({ domain: "..." });
 * const same = ngrok.getReservedDomainOutput({ id: found.id });
 * ```
 */
export function getReservedDomain(args?: GetReservedDomainArgs, opts?: pulumi.InvokeOptions): Promise<GetReservedDomainResult> {
  return invoke<GetReservedDomainResult>("getReservedDomain", { ...args }, opts);
}

/** The Output form of {@link getReservedDomain}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getReservedDomainOutput(args?: GetReservedDomainOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetReservedDomainResult> {
  return invokeOutput<GetReservedDomainResult>("getReservedDomain", args, opts);
}
