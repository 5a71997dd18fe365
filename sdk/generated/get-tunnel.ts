// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getTunnel}. */
export interface GetTunnelArgs {
  /** The tunnel's id (`tn_...`). */
  id: string;
}

/** The arguments of {@link getTunnelOutput}: those of {@link getTunnel}, as inputs. */
export interface GetTunnelOutputArgs {
  /** The tunnel's id (`tn_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getTunnel}. */
export interface GetTunnelResult {
  /** The tunnel's id (`tn_...`). */
  readonly id: string;
  /** The public URL of an ephemeral tunnel. */
  readonly publicUrl?: string;
  /** When the tunnel started (RFC 3339). */
  readonly startedAt: string;
  /** The tunnel's metadata from the agent's configuration file. */
  readonly metadata?: string;
  /** The protocol of an ephemeral tunnel. */
  readonly proto?: "http" | "https" | "tcp" | "tls";
  /** The region where the tunnel runs. */
  readonly region: string;
  /** The tunnel session on which the tunnel started. */
  readonly tunnelSession: outputs.Ref;
  /** The ephemeral endpoint of an agent-initiated tunnel. */
  readonly endpoint?: outputs.Ref;
  /** The labels tunnel group backends match, for a backend tunnel. */
  readonly labels?: { [key: string]: string };
  /** The tunnel group backends this backend tunnel serves. */
  readonly backends?: outputs.Ref[];
  /** The upstream address the agent forwards to: a URL or a network address. */
  readonly forwardsTo: string;
}

/**
 * Reads one online tunnel by id. Fails when it is not online (the API answers 404), with an error that names the id.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const tunnel = await ngrok.getTunnel({ id: "tn_..." });
 * ```
 */
export function getTunnel(args: GetTunnelArgs, opts?: pulumi.InvokeOptions): Promise<GetTunnelResult> {
  return invoke<GetTunnelResult>("getTunnel", { ...args }, opts);
}

/** The Output form of {@link getTunnel}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getTunnelOutput(args: GetTunnelOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetTunnelResult> {
  return invokeOutput<GetTunnelResult>("getTunnel", args, opts);
}
