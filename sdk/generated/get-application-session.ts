// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getApplicationSession}. */
export interface GetApplicationSessionArgs {
  /** The application session's id. */
  id: string;
}

/** The arguments of {@link getApplicationSessionOutput}: those of {@link getApplicationSession}, as inputs. */
export interface GetApplicationSessionOutputArgs {
  /** The application session's id. */
  id: pulumi.Input<string>;
}

/** The result of {@link getApplicationSession}. */
export interface GetApplicationSessionResult {
  /** The session's id: `actions.ngrok.oauth.identity.current_provider_session_id` (or `oidc`) in a Traffic Policy. */
  readonly id: string;
  /** The session's address in the API. */
  readonly uri: string;
  /** The URL of the endpoint signed in to. */
  readonly publicUrl?: string;
  /** The browser, address and location it came from. */
  readonly browserSession?: outputs.BrowserSession;
  /** The application user it belongs to. */
  readonly applicationUser?: outputs.Ref;
  /** When the session began (RFC 3339). */
  readonly createdAt?: string;
  /** When it was last active (RFC 3339). */
  readonly lastActive?: string;
  /** When it ends (RFC 3339). */
  readonly expiresAt?: string;
  /** The endpoint signed in to. */
  readonly endpoint?: outputs.Ref;
}

/**
 * Reads one active application session by id. Fails when it is not active (the API answers 404), with an error that names the id.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const session = await ngrok.getApplicationSession({ id: sessionId });
 * ```
 */
export function getApplicationSession(args: GetApplicationSessionArgs, opts?: pulumi.InvokeOptions): Promise<GetApplicationSessionResult> {
  return invoke<GetApplicationSessionResult>("getApplicationSession", { ...args }, opts);
}

/** The Output form of {@link getApplicationSession}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getApplicationSessionOutput(args: GetApplicationSessionOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetApplicationSessionResult> {
  return invokeOutput<GetApplicationSessionResult>("getApplicationSession", args, opts);
}
