// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getTlsEdgeBackend}. */
export interface GetTlsEdgeBackendArgs {
  /** The TlsEdgeBackend's id (`<edgeId>`). */
  id: string;
}

/** The arguments of {@link getTlsEdgeBackendOutput}: those of {@link getTlsEdgeBackend}, as inputs. */
export interface GetTlsEdgeBackendOutputArgs {
  /** The TlsEdgeBackend's id (`<edgeId>`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getTlsEdgeBackend}. */
export interface GetTlsEdgeBackendResult {
  /** The TlsEdgeBackend's id. */
  readonly id: string;
  /** The TLS edge (`edgtls_...`) the module applies to. */
  readonly edgeId: string;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  readonly enabled?: boolean;
  /** The backend (`bkdtg_...`, `bkdhr_...` or `bkdfo_...`) that serves the edge. */
  readonly backendId: string;
  /** A reference to the backend. */
  readonly backend: outputs.Ref;
}

/**
 * Finds an existing TlsEdgeBackend by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getTlsEdgeBackendOutput({ id: "<edgeId>" });
 * ```
 */
export function getTlsEdgeBackend(args: GetTlsEdgeBackendArgs, opts?: pulumi.InvokeOptions): Promise<GetTlsEdgeBackendResult> {
  return invoke<GetTlsEdgeBackendResult>("getTlsEdgeBackend", { ...args }, opts);
}

/** The Output form of {@link getTlsEdgeBackend}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getTlsEdgeBackendOutput(args: GetTlsEdgeBackendOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetTlsEdgeBackendResult> {
  return invokeOutput<GetTlsEdgeBackendResult>("getTlsEdgeBackend", args, opts);
}
