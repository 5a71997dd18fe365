// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { outputs } from "./types";

/** The arguments of a {@link TunnelGroupBackend}. */
export interface TunnelGroupBackendArgs {
  /** What the tunnel group serves. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** The labels a tunnel must carry (all of them) to serve this backend, e.g. `{ app: "web", env: "prod" }`. */
  labels: pulumi.Input<{ [key: string]: pulumi.Input<string> }>;
  /** Adopt an existing TunnelGroupBackend (`bkdtg_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A backend that balances traffic over the online agent tunnels whose labels include all of its labels.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const web = new ngrok.TunnelGroupBackend("web", {
 *     description: "web servers",
 *     labels: { app: "web", env: "prod" },
 * });
 * ```
 */
export class TunnelGroupBackend extends NgrokResource {
  /** What the tunnel group serves. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The labels a tunnel must carry (all of them) to serve this backend, e.g. `{ app: "web", env: "prod" }`. */
  declare public readonly labels: pulumi.Output<{ [key: string]: string }>;
  /** The online tunnels that match the labels now. It changes as agents connect and disconnect; that is never a change to the resource. */
  declare public readonly tunnels: pulumi.Output<outputs.Ref[] | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing TunnelGroupBackend by its id (`bkdtg_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): TunnelGroupBackend {
    return new TunnelGroupBackend(name, undefined as unknown as TunnelGroupBackendArgs, { ...opts, id });
  }

  constructor(name: string, args: TunnelGroupBackendArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        description: undefined,
        metadata: undefined,
        labels: undefined,
        tunnels: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("TunnelGroupBackend", name, props, opts);
  }
}
