// Generated from provider/functions and provider/agent by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { invoke, invokeOutput } from "./door";

/** The arguments of {@link getHttpResponseBackend}. */
export interface GetHttpResponseBackendArgs {
  /** The HttpResponseBackend's id (`bkdhr_...`). */
  id: string;
}

/** The arguments of {@link getHttpResponseBackendOutput}: those of {@link getHttpResponseBackend}, as inputs. */
export interface GetHttpResponseBackendOutputArgs {
  /** The HttpResponseBackend's id (`bkdhr_...`). */
  id: pulumi.Input<string>;
}

/** The result of {@link getHttpResponseBackend}. */
export interface GetHttpResponseBackendResult {
  /** The HttpResponseBackend's id. */
  readonly id: string;
  /** What the response is for. Optional, at most 255 bytes. */
  readonly description?: string;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  readonly metadata?: string;
  /** The response body. Absent means empty. */
  readonly body?: string;
  /** Response headers, name to value. The service stores the names lower-cased, so a name's case is never a change; two names that differ only in case are refused at preview. */
  readonly headers?: { [key: string]: string };
  /** The response's HTTP status, 100 to 599 (checked at preview). When absent, the service's default (200) is kept. */
  readonly statusCode?: number;
  /** The address of the resource in the API. */
  readonly uri: string;
  /** When the resource was created (RFC 3339). */
  readonly createdAt: string;
}

/**
 * Finds an existing HttpResponseBackend by its id, and answers its properties (never a secret). It fails when none matches.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const found = ngrok.getHttpResponseBackendOutput({ id: "bkdhr_..." });
 * ```
 */
export function getHttpResponseBackend(args: GetHttpResponseBackendArgs, opts?: pulumi.InvokeOptions): Promise<GetHttpResponseBackendResult> {
  return invoke<GetHttpResponseBackendResult>("getHttpResponseBackend", { ...args }, opts);
}

/** The Output form of {@link getHttpResponseBackend}: it runs once its arguments (and `opts.dependsOn`) are known, at every preview and update. An argument unknown during a preview (the id of a resource not created yet) makes the result unknown. */
export function getHttpResponseBackendOutput(args: GetHttpResponseBackendOutputArgs, opts?: pulumi.InvokeOutputOptions): pulumi.Output<GetHttpResponseBackendResult> {
  return invokeOutput<GetHttpResponseBackendResult>("getHttpResponseBackend", args, opts);
}
