// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getTunnelSessions}. */
export interface GetTunnelSessionsArgs {
  /** Only the sessions of this tunnel or SSH credential (`cr_...` or `sshcr_...`). */
  credentialId?: string;
}

/** The arguments of {@link getTunnelSessionsOutput}: those of {@link getTunnelSessions}, as inputs. */
export interface GetTunnelSessionsOutputArgs {
  /** Only the sessions of this tunnel or SSH credential (`cr_...` or `sshcr_...`). */
  credentialId?: pulumi.Input<string>;
}

/** The result of {@link getTunnelSessions}. */
export interface GetTunnelSessionsResult {
  /** The tunnel sessions, newest first. */
  readonly tunnelSessions: outputs.TunnelSession[];
  /** Their ids, in the same order. */
  readonly ids: string[];
}

/**
 * Lists the online tunnel sessions of the account, every page, newest first. Arguments narrow the list (`credentialId`); all must match.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const agents = new ngrok.Credential("agents", { description: "fleet" });
 * // Re-read at every preview and update; empty until agents connect with the credential's token.
 * const sessions = ngrok.getTunnelSessionsOutput({ credentialId: agents.id });
 * export const sessionIds = sessions.ids;
 * ```
 */
export function getTunnelSessions(args?: GetTunnelSessionsArgs, opts?: pulumi.InvokeOptions): Promise<GetTunnelSessionsResult> {
  return invoke<GetTunnelSessionsResult>("getTunnelSessions", { ...args }, opts);
}

/** The Output form of {@link getTunnelSessions}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getTunnelSessionsOutput(args?: GetTunnelSessionsOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetTunnelSessionsResult> {
  return invokeOutput<GetTunnelSessionsResult>("getTunnelSessions", args, opts);
}
