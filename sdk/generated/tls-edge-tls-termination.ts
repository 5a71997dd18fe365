// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { TlsEdge } from "./tls-edge";

/** The settings of a {@link TlsEdgeTlsTermination}: every argument except where it applies. */
export interface TlsEdgeTlsTerminationSettings {
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  enabled?: pulumi.Input<boolean>;
  /** `edge`: the service terminates TLS; `upstream`: TLS passes through to the agent or application server (most other modules then cannot apply). Default `edge`. */
  terminateAt?: pulumi.Input<"edge" | "upstream">;
  /** The minimum TLS version the edge accepts when it terminates TLS; the service chooses a safe default when unset. Must be unset when `terminateAt` is `upstream`. */
  minVersion?: pulumi.Input<"1.0" | "1.1" | "1.2" | "1.3">;
  /** Adopt an existing TlsEdgeTlsTermination (`<edgeId>`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/** The arguments of a {@link TlsEdgeTlsTermination}: its settings, and where it applies: `edge` (a TlsEdge of the program, which also becomes its default parent) or `edgeId`. */
export type TlsEdgeTlsTerminationArgs = TlsEdgeTlsTerminationSettings &
  (
    | {
        /** The TlsEdge it belongs to: fills `edgeId` from it, and is the resource's `parent` unless `opts` names one. */
        edge: TlsEdge;
        edgeId?: never;
      }
    | {
        edge?: never;
        /** The TLS edge (`edgtls_...`) the module applies to. Changing it replaces the resource. */
        edgeId: pulumi.Input<string>;
      }
  );

/**
 * Where TLS is terminated for a TLS edge: at the edge by the service, or at the upstream (passed through).
 *
 * A module of a TLS edge: one per edge, with no id of its own. Its id is the edge's id, `<edgeId>` (the module is implied by the type), for `get` and `importId`. Deleting the resource removes the module from the edge.
 *
 * Give `edge` (a TlsEdge of the program, which becomes its parent) or `edgeId`.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const tls = new ngrok.TlsEdgeTlsTermination("tls", {
 *     edge,
 *     terminateAt: "edge",
 *     minVersion: "1.2",
 * });
 * ```
 */
export class TlsEdgeTlsTermination extends NgrokResource {
  /** The TLS edge (`edgtls_...`) the module applies to. Changing it replaces the resource. */
  declare public readonly edgeId: pulumi.Output<string>;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  declare public readonly enabled: pulumi.Output<boolean | undefined>;
  /** `edge`: the service terminates TLS; `upstream`: TLS passes through to the agent or application server (most other modules then cannot apply). Default `edge`. */
  declare public readonly terminateAt: pulumi.Output<"edge" | "upstream" | undefined>;
  /** The minimum TLS version the edge accepts when it terminates TLS; the service chooses a safe default when unset. Must be unset when `terminateAt` is `upstream`. */
  declare public readonly minVersion: pulumi.Output<"1.0" | "1.1" | "1.2" | "1.3" | undefined>;

  /** References an existing TlsEdgeTlsTermination by its id (`<edgeId>`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): TlsEdgeTlsTermination {
    return new TlsEdgeTlsTermination(name, undefined as unknown as TlsEdgeTlsTerminationArgs, { ...opts, id });
  }

  constructor(name: string, args: TlsEdgeTlsTerminationArgs, opts?: pulumi.CustomResourceOptions) {
    // `edge` is not an input: it fills edgeId and is the default parent.
    const { edge, ...given } = args ?? ({} as Partial<TlsEdgeTlsTerminationArgs>);
    const props: pulumi.Inputs = Object.assign(
      {
        edgeId: undefined,
        enabled: undefined,
        terminateAt: undefined,
        minVersion: undefined,
        "__ngrokResourceName": name,
      },
      given,
      edge ? { edgeId: edge.id } : {},
    );
    super("TlsEdgeTlsTermination", name, props, { ...opts, parent: opts?.parent ?? edge });
  }
}
