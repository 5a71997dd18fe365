// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of an {@link ApiKey}. */
export interface ApiKeyArgs {
  /** What uses the key. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** The user or service user (`service_...`; a bot user, `bot_...`, too) that owns the key: one of the account's, else the API refuses it. Defaults to the caller. Only admins may name another owner. A replacement key gets a new token. Changing it replaces the resource. */
  ownerId?: pulumi.Input<string>;
  /** Adopt an existing ApiKey (`ak_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A key for the ngrok API. Its token is returned only when the key is created; the provider keeps it, as a secret, in the stack's state.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const key = new ngrok.ApiKey("automation", { description: "nightly cleanup job" });
 * export const apiToken = key.token; // a secret
 * ```
 */
export class ApiKey extends NgrokResource {
  /** What uses the key. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The user or service user (`service_...`; a bot user, `bot_...`, too) that owns the key: one of the account's, else the API refuses it. Defaults to the caller. Only admins may name another owner. A replacement key gets a new token. Changing it replaces the resource. */
  declare public readonly ownerId: pulumi.Output<string | undefined>;
  /** The bearer token for the API's `Authorization` header. The API returns it only at creation; the provider keeps it in state, encrypted, across refreshes and updates. Secret. */
  declare public readonly token: pulumi.Output<string | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing ApiKey by its id (`ak_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): ApiKey {
    return new ApiKey(name, undefined as unknown as ApiKeyArgs, { ...opts, id });
  }

  constructor(name: string, args: ApiKeyArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        description: undefined,
        metadata: undefined,
        ownerId: undefined,
        token: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("ApiKey", name, props, pulumi.mergeOptions(opts, { additionalSecretOutputs: ["token"] }));
  }
}
