// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getTlsEdgeTlsTermination}. */
export interface GetTlsEdgeTlsTerminationArgs {
  /** The TlsEdgeTlsTermination's id (`<edgeId>`). */
  id: string;
}

/** The arguments of {@link getTlsEdgeTlsTerminationOutput}: those of {@link getTlsEdgeTlsTermination}, as inputs. */
export interface GetTlsEdgeTlsTerminationOutputArgs {
  /** The TlsEdgeTlsTermination's id (`<edgeId>`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getTlsEdgeTlsTermination}. */
export interface GetTlsEdgeTlsTerminationResult {
  /** The TlsEdgeTlsTermination's id. */
  readonly id: string;
  /** The TLS edge (`edgtls_...`) the module applies to. */
  readonly edgeId: string;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  readonly enabled?: boolean;
  /** `edge`: the service terminates TLS; `upstream`: TLS passes through to the agent or application server (most other modules then cannot apply). Default `edge`. */
  readonly terminateAt?: "edge" | "upstream";
  /** The minimum TLS version the edge accepts when it terminates TLS; the service chooses a safe default when unset. Must be unset when `terminateAt` is `upstream`. */
  readonly minVersion?: "1.0" | "1.1" | "1.2" | "1.3";
}

/**
 * Finds an existing TlsEdgeTlsTermination by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getTlsEdgeTlsTerminationOutput({ id: "<edgeId>" });
 * ```
 */
export function getTlsEdgeTlsTermination(args: GetTlsEdgeTlsTerminationArgs, opts?: pulumi.InvokeOptions): Promise<GetTlsEdgeTlsTerminationResult> {
  return invoke<GetTlsEdgeTlsTerminationResult>("getTlsEdgeTlsTermination", { ...args }, opts);
}

/** The Output form of {@link getTlsEdgeTlsTermination}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getTlsEdgeTlsTerminationOutput(args: GetTlsEdgeTlsTerminationOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetTlsEdgeTlsTerminationResult> {
  return invokeOutput<GetTlsEdgeTlsTerminationResult>("getTlsEdgeTlsTermination", args, opts);
}
