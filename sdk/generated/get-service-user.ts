// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getServiceUser}. */
export interface GetServiceUserArgs {
  /** The ServiceUser's id (`service_...`). Give it, or its `name`. */
  id?: string;
  /** The name of the ServiceUser to find. Not empty. */
  name?: string;
}

/** The arguments of {@link getServiceUserOutput}: those of {@link getServiceUser}, as inputs. */
export interface GetServiceUserOutputArgs {
  /** The ServiceUser's id (`service_...`). Give it, or its `name`. */
  id?: pulumi.Input<string>;
  /** The name of the ServiceUser to find. Not empty. */
  name?: pulumi.Input<string>;
}

/** The result of {@link getServiceUser}. */
export interface GetServiceUserResult {
  /** The ServiceUser's id. */
  readonly id: string;
  /** A human-readable name that identifies the service. Changed in place. */
  readonly name: string;
  /** Whether the service user is active (default `true`): an inactive one's API keys and credentials stop working. */
  readonly active?: boolean;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing ServiceUser by its id or by its `name`, and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getServiceUser({ name: "..." });
 * const same = ngrok.getServiceUserOutput({ id: found.id });
 * ```
 */
export function getServiceUser(args?: GetServiceUserArgs, opts?: pulumi.InvokeOptions): Promise<GetServiceUserResult> {
  return invoke<GetServiceUserResult>("getServiceUser", { ...args }, opts);
}

/** The Output form of {@link getServiceUser}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getServiceUserOutput(args?: GetServiceUserOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetServiceUserResult> {
  return invokeOutput<GetServiceUserResult>("getServiceUser", args, opts);
}
