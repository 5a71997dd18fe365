// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getTcpAddress}. */
export interface GetTcpAddressArgs {
  /** The TcpAddress's id (`ra_...`). Give it, or its `addr`. */
  id?: string;
  /** The addr of the TcpAddress to find. */
  addr?: string;
}

/** The arguments of {@link getTcpAddressOutput}: those of {@link getTcpAddress}, as inputs. */
export interface GetTcpAddressOutputArgs {
  /** The TcpAddress's id (`ra_...`). Give it, or its `addr`. */
  id?: pulumi.Input<string>;
  /** The addr of the TcpAddress to find. */
  addr?: pulumi.Input<string>;
}

/** The result of {@link getTcpAddress}. */
export interface GetTcpAddressResult {
  /** The TcpAddress's id. */
  readonly id: string;
  /** What the address is for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The region the address is reserved in (default `us`). A change reserves another address: a replace. */
  readonly region?: "au" | "eu" | "ap" | "us" | "jp" | "in" | "sa";
  /** The reserved `hostname:port`, assigned at creation; serve it as `tcp://<addr>`. */
  readonly addr: string;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing TcpAddress by its id or by its `addr`, and answers its properties (never a secret). It fails when none matches, or when several do.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = await ngrok.getTcpAddress({ addr: "..." });
 * const same = ngrok.getTcpAddressOutput({ id: found.id });
 * ```
 */
export function getTcpAddress(args?: GetTcpAddressArgs, opts?: pulumi.InvokeOptions): Promise<GetTcpAddressResult> {
  return invoke<GetTcpAddressResult>("getTcpAddress", { ...args }, opts);
}

/** The Output form of {@link getTcpAddress}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getTcpAddressOutput(args?: GetTcpAddressOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetTcpAddressResult> {
  return invokeOutput<GetTcpAddressResult>("getTcpAddress", args, opts);
}
