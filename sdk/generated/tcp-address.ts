// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of a {@link TcpAddress}. */
export interface TcpAddressArgs {
  /** What the address is for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** The region the address is reserved in (default `us`). A change reserves another address: a replace. Changing it replaces the resource. */
  region?: pulumi.Input<"au" | "eu" | "ap" | "us" | "jp" | "in" | "sa">;
  /** Adopt an existing TcpAddress (`ra_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A reserved TCP address (`hostname:port`) that stays the same across agent restarts: an agent or a cloud endpoint serves it as `tcp://<addr>`.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const db = new ngrok.TcpAddress("db", { description: "postgres", region: "eu" });
 * export const url = pulumi.interpolate`tcp://${db.addr}`;
 * ```
 */
export class TcpAddress extends NgrokResource {
  /** What the address is for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The region the address is reserved in (default `us`). A change reserves another address: a replace. Changing it replaces the resource. */
  declare public readonly region: pulumi.Output<"au" | "eu" | "ap" | "us" | "jp" | "in" | "sa" | undefined>;
  /** The reserved `hostname:port`, assigned at creation; serve it as `tcp://<addr>`. */
  declare public readonly addr: pulumi.Output<string>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing TcpAddress by its id (`ra_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): TcpAddress {
    return new TcpAddress(name, undefined as unknown as TcpAddressArgs, { ...opts, id });
  }

  constructor(name: string, args: TcpAddressArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        description: undefined,
        metadata: undefined,
        region: undefined,
        addr: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("TcpAddress", name, props, opts);
  }
}
