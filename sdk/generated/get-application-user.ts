// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import type { outputs } from "./types";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getApplicationUser}. */
export interface GetApplicationUserArgs {
  /** The application user's id. Give it, or `email`. */
  id?: string;
  /** The user's email address. */
  email?: string;
}

/** The arguments of {@link getApplicationUserOutput}: those of {@link getApplicationUser}, as inputs. */
export interface GetApplicationUserOutputArgs {
  /** The application user's id. Give it, or `email`. */
  id?: pulumi.Input<string>;
  /** The user's email address. */
  email?: pulumi.Input<string>;
}

/** The result of {@link getApplicationUser}. */
export interface GetApplicationUserResult {
  /** The application user's id: `actions.ngrok.oauth.identity.id` (or `oidc`) in a Traffic Policy. */
  readonly id: string;
  /** The user's address in the API. */
  readonly uri: string;
  /** The identity provider the user signed in with. */
  readonly identityProvider?: outputs.IdentityProvider;
  /** The user's id at the identity provider. */
  readonly providerUserId?: string;
  /** The user's username. */
  readonly username?: string;
  /** The user's email address. */
  readonly email?: string;
  /** The user's name. */
  readonly name?: string;
  /** When the user first signed in (RFC 3339). */
  readonly createdAt?: string;
  /** When the user was last active (RFC 3339). */
  readonly lastActive?: string;
  /** When the user last signed in (RFC 3339). */
  readonly lastLogin?: string;
}

/**
 * Reads one known application user by id or by `email`. Fails when it is not known (the API answers 404), with an error that names the id, and when no application user or several have the keys given.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const alice = await ngrok.getApplicationUser({ email: "alice@example.com" });
 * pulumi.log.info(`last signed in ${alice.lastLogin}`);
 * ```
 */
export function getApplicationUser(args?: GetApplicationUserArgs, opts?: pulumi.InvokeOptions): Promise<GetApplicationUserResult> {
  return invoke<GetApplicationUserResult>("getApplicationUser", { ...args }, opts);
}

/** The Output form of {@link getApplicationUser}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getApplicationUserOutput(args?: GetApplicationUserOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetApplicationUserResult> {
  return invokeOutput<GetApplicationUserResult>("getApplicationUser", args, opts);
}
