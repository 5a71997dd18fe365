// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of a {@link ServiceUser}. */
export interface ServiceUserArgs {
  /** A human-readable name that identifies the service. Changed in place. */
  name: pulumi.Input<string>;
  /** Whether the service user is active (default `true`): an inactive one's API keys and credentials stop working. */
  active?: pulumi.Input<boolean>;
  /** Adopt an existing ServiceUser (`service_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A service user (ids `service_...`; it replaces bot users): an identity for automation that owns API keys and credentials (`ownerId`), separate from any person's account.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const deployer = new ngrok.ServiceUser("deployer", { name: "ci-deployer" });
 * const key = new ngrok.ApiKey("deployer", { description: "CI deployments", ownerId: deployer.id });
 * ```
 */
export class ServiceUser extends NgrokResource {
  /** A human-readable name that identifies the service. Changed in place. */
  declare public readonly name: pulumi.Output<string>;
  /** Whether the service user is active (default `true`): an inactive one's API keys and credentials stop working. */
  declare public readonly active: pulumi.Output<boolean | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing ServiceUser by its id (`service_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): ServiceUser {
    return new ServiceUser(name, undefined as unknown as ServiceUserArgs, { ...opts, id });
  }

  constructor(name: string, args: ServiceUserArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        name: undefined,
        active: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("ServiceUser", name, props, opts);
  }
}
