// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getApplicationUsers}. */
export interface GetApplicationUsersArgs {
  /** Only the users with this email address. */
  email?: string;
  /** Only the users who signed in with this identity provider (its name: `google`, or an OpenID Connect issuer's host). */
  identityProvider?: string;
}

/** The arguments of {@link getApplicationUsersOutput}: those of {@link getApplicationUsers}, as inputs. */
export interface GetApplicationUsersOutputArgs {
  /** Only the users with this email address. */
  email?: pulumi.Input<string>;
  /** Only the users who signed in with this identity provider (its name: `google`, or an OpenID Connect issuer's host). */
  identityProvider?: pulumi.Input<string>;
}

/** The result of {@link getApplicationUsers}. */
export interface GetApplicationUsersResult {
  /** The application users, newest first. */
  readonly applicationUsers: outputs.ApplicationUser[];
  /** Their ids, in the same order. */
  readonly ids: string[];
}

/**
 * Lists the known application users of the account, every page, newest first. Arguments narrow the list (`email`, `identityProvider`); all must match.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const viaGoogle = ngrok.getApplicationUsersOutput({ identityProvider: "google" });
 * export const signedInEmails = viaGoogle.applicationUsers.apply((us) => us.map((u) => u.email));
 * ```
 */
export function getApplicationUsers(args?: GetApplicationUsersArgs, opts?: pulumi.InvokeOptions): Promise<GetApplicationUsersResult> {
  return invoke<GetApplicationUsersResult>("getApplicationUsers", { ...args }, opts);
}

/** The Output form of {@link getApplicationUsers}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getApplicationUsersOutput(args?: GetApplicationUsersOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetApplicationUsersResult> {
  return invokeOutput<GetApplicationUsersResult>("getApplicationUsers", args, opts);
}
