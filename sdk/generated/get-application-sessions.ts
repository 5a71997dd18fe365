// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getApplicationSessions}. */
export interface GetApplicationSessionsArgs {
  /** Only the sessions of this application user. */
  applicationUserId?: string;
  /** Only the sessions on this endpoint (`ep_...`). */
  endpointId?: string;
}

/** The arguments of {@link getApplicationSessionsOutput}: those of {@link getApplicationSessions}, as inputs. */
export interface GetApplicationSessionsOutputArgs {
  /** Only the sessions of this application user. */
  applicationUserId?: pulumi.Input<string>;
  /** Only the sessions on this endpoint (`ep_...`). */
  endpointId?: pulumi.Input<string>;
}

/** The result of {@link getApplicationSessions}. */
export interface GetApplicationSessionsResult {
  /** The application sessions, newest first. */
  readonly applicationSessions: outputs.ApplicationSession[];
  /** Their ids, in the same order. */
  readonly ids: string[];
}

/**
 * Lists the active application sessions of the account, every page, newest first. Arguments narrow the list (`applicationUserId`, `endpointId`); all must match.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const app = new ngrok.CloudEndpoint("app", { url: "https://app.example.com", trafficPolicy });
 * // Who is signed in to the app now.
 * const sessions = ngrok.getApplicationSessionsOutput({ endpointId: app.id });
 * export const signedInFrom = sessions.applicationSessions.apply((ss) => ss.map((s) => s.browserSession?.ipAddress));
 * ```
 */
export function getApplicationSessions(args?: GetApplicationSessionsArgs, opts?: pulumi.InvokeOptions): Promise<GetApplicationSessionsResult> {
  return invoke<GetApplicationSessionsResult>("getApplicationSessions", { ...args }, opts);
}

/** The Output form of {@link getApplicationSessions}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getApplicationSessionsOutput(args?: GetApplicationSessionsOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetApplicationSessionsResult> {
  return invokeOutput<GetApplicationSessionsResult>("getApplicationSessions", args, opts);
}
