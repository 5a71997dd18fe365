// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getTunnels}. */
export interface GetTunnelsArgs {
  /** Only tunnels of this protocol. One of: `http`, `https`, `tcp`, `tls`. */
  proto?: "http" | "https" | "tcp" | "tls";
  /** Only backend tunnels that carry all of these labels (other labels allowed). */
  labels?: { [key: string]: string };
  /** Only the tunnels of this tunnel session (`ts_...`). */
  sessionId?: string;
  /** Only the tunnels of the agents that authenticated with this tunnel or SSH credential (`cr_...` or `sshcr_...`). */
  credentialId?: string;
}

/** The arguments of {@link getTunnelsOutput}: those of {@link getTunnels}, as inputs. */
export interface GetTunnelsOutputArgs {
  /** Only tunnels of this protocol. One of: `http`, `https`, `tcp`, `tls`. */
  proto?: pulumi.Input<"http" | "https" | "tcp" | "tls">;
  /** Only backend tunnels that carry all of these labels (other labels allowed). */
  labels?: pulumi.Input<{ [key: string]: pulumi.Input<string> }>;
  /** Only the tunnels of this tunnel session (`ts_...`). */
  sessionId?: pulumi.Input<string>;
  /** Only the tunnels of the agents that authenticated with this tunnel or SSH credential (`cr_...` or `sshcr_...`). */
  credentialId?: pulumi.Input<string>;
}

/** The result of {@link getTunnels}. */
export interface GetTunnelsResult {
  /** The tunnels, newest first. */
  readonly tunnels: outputs.Tunnel[];
  /** Their ids, in the same order. */
  readonly ids: string[];
}

/**
 * Lists the online tunnels of the account, every page, newest first. Arguments narrow the list (`proto`, `labels`, `sessionId`, `credentialId`); all must match.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * // The backend tunnels that a tunnel group with labels {app: "api"} would serve.
 * const api = ngrok.getTunnelsOutput({ labels: { app: "api" } });
 * export const upstreams = api.tunnels.apply((ts) => ts.map((t) => t.forwardsTo));
 * ```
 */
export function getTunnels(args?: GetTunnelsArgs, opts?: pulumi.InvokeOptions): Promise<GetTunnelsResult> {
  return invoke<GetTunnelsResult>("getTunnels", { ...args }, opts);
}

/** The Output form of {@link getTunnels}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getTunnelsOutput(args?: GetTunnelsOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetTunnelsResult> {
  return invokeOutput<GetTunnelsResult>("getTunnels", args, opts);
}
