// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getAgentIngress}. */
export interface GetAgentIngressArgs {
  /** The AgentIngress's id (`agin_...`). Give it, or its `domain`. */
  id?: string;
  /** The domain of the AgentIngress to find. */
  domain?: string;
}

/** The arguments of {@link getAgentIngressOutput}: those of {@link getAgentIngress}, as inputs. */
export interface GetAgentIngressOutputArgs {
  /** The AgentIngress's id (`agin_...`). Give it, or its `domain`. */
  id?: pulumi.Input<string>;
  /** The domain of the AgentIngress to find. */
  domain?: pulumi.Input<string>;
}

/** The result of {@link getAgentIngress}. */
export interface GetAgentIngressResult {
  /** The AgentIngress's id. */
  readonly id: string;
  /** The domain the account owns, used as the base of the regional agent ingress domains; stored lower-cased, without a trailing dot. */
  readonly domain: string;
  /** What the agent ingress is for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** Automatic certificate management for the regional domains. Absent means none: removing it from the program turns it off. */
  readonly certificateManagementPolicy?: outputs.AgentIngressCertificateManagementPolicy;
  /** The values of the NS records that delegate `domain` to the service. */
  readonly nsTargets: string[];
  /** The regional agent ingress domains, subdomains of `domain`; the service adds more as it opens regions. */
  readonly regionDomains: string[];
  /** The state of automatic certificate management; absent when it is off. Changes by the service never show as a diff. */
  readonly certificateManagementStatus?: outputs.CertificateManagementStatus;
  /** The address of the agent ingress in the API, as a path relative to the API's base URL (`/agent_ingresses/agin_...`). */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing AgentIngress by its id or by its `domain`, and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getAgentIngress({ domain: "..." });
 * const same = ngrok.getAgentIngressOutput({ id: found.id });
 * ```
 */
export function getAgentIngress(args?: GetAgentIngressArgs, opts?: pulumi.InvokeOptions): Promise<GetAgentIngressResult> {
  return invoke<GetAgentIngressResult>("getAgentIngress", { ...args }, opts);
}

/** The Output form of {@link getAgentIngress}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getAgentIngressOutput(args?: GetAgentIngressOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetAgentIngressResult> {
  return invokeOutput<GetAgentIngressResult>("getAgentIngress", args, opts);
}
