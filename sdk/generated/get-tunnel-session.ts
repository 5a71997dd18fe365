// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getTunnelSession}. */
export interface GetTunnelSessionArgs {
  /** The tunnel session's id (`ts_...`). */
  id: string;
}

/** The arguments of {@link getTunnelSessionOutput}: those of {@link getTunnelSession}, as inputs. */
export interface GetTunnelSessionOutputArgs {
  /** The tunnel session's id (`ts_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getTunnelSession}. */
export interface GetTunnelSessionResult {
  /** The tunnel session's id (`ts_...`). */
  readonly id: string;
  /** The tunnel session's address in the API. */
  readonly uri: string;
  /** The version of the agent that started the session. */
  readonly agentVersion: string;
  /** The tunnel credential or SSH credential the agent authenticated with. */
  readonly credential: outputs.Ref;
  /** The source IP address of the session. */
  readonly ip: string;
  /** User-defined data from the agent's configuration file. */
  readonly metadata?: string;
  /** The operating system of the agent's host. */
  readonly os: string;
  /** The region in which the session started. */
  readonly region: string;
  /** When the session first connected (RFC 3339). */
  readonly startedAt: string;
  /** The transport protocol: `ngrok/2` or `ssh`. */
  readonly transport: string;
}

/**
 * Reads one online tunnel session by id. Fails when it is not online (the API answers 404), with an error that names the id.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const session = await ngrok.getTunnelSession({ id: "ts_..." });
 * pulumi.log.info(`agent ${session.agentVersion} on ${session.os}`);
 * ```
 */
export function getTunnelSession(args: GetTunnelSessionArgs, opts?: pulumi.InvokeOptions): Promise<GetTunnelSessionResult> {
  return invoke<GetTunnelSessionResult>("getTunnelSession", { ...args }, opts);
}

/** The Output form of {@link getTunnelSession}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getTunnelSessionOutput(args: GetTunnelSessionOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetTunnelSessionResult> {
  return invokeOutput<GetTunnelSessionResult>("getTunnelSession", args, opts);
}
