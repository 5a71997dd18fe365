// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of an {@link HttpsEdge}. */
export interface HttpsEdgeArgs {
  /** What the edge is for. Optional, at most 255 bytes. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  metadata?: pulumi.Input<string>;
  /** The `<domain>:<port>` addresses the edge serves, such as `app.example.com:443`. Each domain must be reserved by the account (a ReservedDomain), and a hostport serves one edge at a time. Stored lower-cased. */
  hostports?: pulumi.Input<pulumi.Input<string>[]>;
  /** Adopt an existing HttpsEdge (`edghts_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * An HTTPS edge: the hostports on which the service accepts HTTPS traffic. Its routes (HttpsEdgeRoute) and their modules say what happens to requests. Routes and modules are separate resources, so the edge's own outputs do not list them.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const domain = new ngrok.ReservedDomain("app", { domain: "app.example.com" });
 * const edge = new ngrok.HttpsEdge("app", {
 *     description: "app.example.com",
 *     hostports: [pulumi.interpolate`${domain.domain}:443`],
 * });
 * ```
 */
export class HttpsEdge extends NgrokResource {
  /** What the edge is for. Optional, at most 255 bytes. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 bytes. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The `<domain>:<port>` addresses the edge serves, such as `app.example.com:443`. Each domain must be reserved by the account (a ReservedDomain), and a hostport serves one edge at a time. Stored lower-cased. */
  declare public readonly hostports: pulumi.Output<string[] | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing HttpsEdge by its id (`edghts_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): HttpsEdge {
    return new HttpsEdge(name, undefined as unknown as HttpsEdgeArgs, { ...opts, id });
  }

  constructor(name: string, args: HttpsEdgeArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        description: undefined,
        metadata: undefined,
        hostports: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("HttpsEdge", name, props, opts);
  }
}
