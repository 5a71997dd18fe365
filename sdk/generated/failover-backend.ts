// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of a {@link FailoverBackend}. */
export interface FailoverBackendArgs {
  /** What the failover chain is for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** The child backends' ids, in failover order (reordering them is a change, made in place). Each must exist; a failover backend may not contain itself. */
  backends: pulumi.Input<pulumi.Input<string>[]>;
  /** Adopt an existing FailoverBackend (`bkdfo_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A backend that sends traffic to the first of its child backends that is available, in order.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const primary = new ngrok.TunnelGroupBackend("primary", { labels: { app: "web" } });
 * const sorry = new ngrok.HttpResponseBackend("sorry", { statusCode: 503, body: "Try again soon" });
 * const web = new ngrok.FailoverBackend("web", { backends: [primary.id, sorry.id] });
 * ```
 */
export class FailoverBackend extends NgrokResource {
  /** What the failover chain is for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The child backends' ids, in failover order (reordering them is a change, made in place). Each must exist; a failover backend may not contain itself. */
  declare public readonly backends: pulumi.Output<string[]>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing FailoverBackend by its id (`bkdfo_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): FailoverBackend {
    return new FailoverBackend(name, undefined as unknown as FailoverBackendArgs, { ...opts, id });
  }

  constructor(name: string, args: FailoverBackendArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        description: undefined,
        metadata: undefined,
        backends: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("FailoverBackend", name, props, opts);
  }
}
