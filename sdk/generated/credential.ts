// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of a {@link Credential}. */
export interface CredentialArgs {
  /** Who or what uses the credential. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** ACL rules: `bind:<domain>`, `bind:*.<domain>` (leading wildcard), `bind:<key>=<value>` (label; `*` as key or value), or `*`. Empty or absent means no restriction. */
  acl?: pulumi.Input<pulumi.Input<string>[]>;
  /** The user, service user (`service_...`) or bot user that owns the credential; defaults to the caller. Only admins may name another owner. A replacement credential gets a new token. Changing it replaces the resource. */
  ownerId?: pulumi.Input<string>;
  /** Adopt an existing Credential (`cr_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A tunnel credential (authtoken) that an ngrok agent uses to open tunnel sessions. The token is returned only when the credential is created; the provider keeps it, as a secret, in the stack's state.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const cred = new ngrok.Credential("ci-agent", {
 *     description: "CI agents",
 *     acl: ["bind:*.example.com"],
 * });
 * export const authtoken = cred.token; // a secret
 * ```
 */
export class Credential extends NgrokResource {
  /** Who or what uses the credential. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** ACL rules: `bind:<domain>`, `bind:*.<domain>` (leading wildcard), `bind:<key>=<value>` (label; `*` as key or value), or `*`. Empty or absent means no restriction. */
  declare public readonly acl: pulumi.Output<string[] | undefined>;
  /** The user, service user (`service_...`) or bot user that owns the credential; defaults to the caller. Only admins may name another owner. A replacement credential gets a new token. Changing it replaces the resource. */
  declare public readonly ownerId: pulumi.Output<string | undefined>;
  /** The authtoken. The API returns it only at creation; the provider keeps it in state, encrypted, across refreshes and updates. Secret. */
  declare public readonly token: pulumi.Output<string | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing Credential by its id (`cr_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): Credential {
    return new Credential(name, undefined as unknown as CredentialArgs, { ...opts, id });
  }

  constructor(name: string, args: CredentialArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        description: undefined,
        metadata: undefined,
        acl: undefined,
        ownerId: undefined,
        token: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("Credential", name, props, pulumi.mergeOptions(opts, { additionalSecretOutputs: ["token"] }));
  }
}
