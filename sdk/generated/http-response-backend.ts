// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of an {@link HttpResponseBackend}. */
export interface HttpResponseBackendArgs {
  /** What the response is for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** The response body. Absent means empty. */
  body?: pulumi.Input<string>;
  /** Response headers, name to value. The service stores the names lower-cased, so a name's case is never a change; two names that differ only in case are refused at preview. */
  headers?: pulumi.Input<{ [key: string]: pulumi.Input<string> }>;
  /** The response's HTTP status, 100 to 599 (checked at preview). When absent, the service's default (200) is kept. */
  statusCode?: pulumi.Input<number>;
  /** Adopt an existing HttpResponseBackend (`bkdhr_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * A backend that answers every request with a fixed HTTP response: a maintenance page, a redirect, a health check.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const maintenance = new ngrok.HttpResponseBackend("maintenance", {
 *     statusCode: 503,
 *     body: "Down for maintenance",
 *     headers: { "Content-Type": "text/plain", "Retry-After": "600" },
 * });
 * ```
 */
export class HttpResponseBackend extends NgrokResource {
  /** What the response is for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The response body. Absent means empty. */
  declare public readonly body: pulumi.Output<string | undefined>;
  /** Response headers, name to value. The service stores the names lower-cased, so a name's case is never a change; two names that differ only in case are refused at preview. */
  declare public readonly headers: pulumi.Output<{ [key: string]: string } | undefined>;
  /** The response's HTTP status, 100 to 599 (checked at preview). When absent, the service's default (200) is kept. */
  declare public readonly statusCode: pulumi.Output<number | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing HttpResponseBackend by its id (`bkdhr_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): HttpResponseBackend {
    return new HttpResponseBackend(name, undefined as unknown as HttpResponseBackendArgs, { ...opts, id });
  }

  constructor(name: string, args: HttpResponseBackendArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        description: undefined,
        metadata: undefined,
        body: undefined,
        headers: undefined,
        statusCode: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("HttpResponseBackend", name, props, opts);
  }
}
