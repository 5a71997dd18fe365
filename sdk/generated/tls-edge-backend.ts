// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { TlsEdge } from "./tls-edge";
import type { outputs } from "./types";

/** The settings of a {@link TlsEdgeBackend}: every argument except where it applies. */
export interface TlsEdgeBackendSettings {
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  enabled?: pulumi.Input<boolean>;
  /** The backend (`bkdtg_...`, `bkdhr_...` or `bkdfo_...`) that serves the edge. */
  backendId: pulumi.Input<string>;
  /** Adopt an existing TlsEdgeBackend (`<edgeId>`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/** The arguments of a {@link TlsEdgeBackend}: its settings, and where it applies: `edge` (a TlsEdge of the program, which also becomes its default parent) or `edgeId`. */
export type TlsEdgeBackendArgs = TlsEdgeBackendSettings &
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
 * The backend of a TLS edge: where its connections go (a tunnel group, HTTP response or failover backend).
 *
 * A module of a TLS edge: one per edge, with no id of its own. Its id is the edge's id, `<edgeId>` (the module is implied by the type), for `get` and `importId`. Deleting the resource removes the module from the edge.
 *
 * Give `edge` (a TlsEdge of the program, which becomes its parent) or `edgeId`.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const backend = new ngrok.TlsEdgeBackend("db", {
 *     edge, // an ngrok.TlsEdge: fills edgeId and is the module's parent
 *     backendId: "bkdtg_...",
 * });
 * ```
 */
export class TlsEdgeBackend extends NgrokResource {
  /** The TLS edge (`edgtls_...`) the module applies to. Changing it replaces the resource. */
  declare public readonly edgeId: pulumi.Output<string>;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  declare public readonly enabled: pulumi.Output<boolean | undefined>;
  /** The backend (`bkdtg_...`, `bkdhr_...` or `bkdfo_...`) that serves the edge. */
  declare public readonly backendId: pulumi.Output<string>;
  /** A reference to the backend. */
  declare public readonly backend: pulumi.Output<outputs.Ref>;

  /** References an existing TlsEdgeBackend by its id (`<edgeId>`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): TlsEdgeBackend {
    return new TlsEdgeBackend(name, undefined as unknown as TlsEdgeBackendArgs, { ...opts, id });
  }

  constructor(name: string, args: TlsEdgeBackendArgs, opts?: pulumi.CustomResourceOptions) {
    // `edge` is not an input: it fills edgeId and is the default parent.
    const { edge, ...given } = args ?? ({} as Partial<TlsEdgeBackendArgs>);
    const props: pulumi.Inputs = Object.assign(
      {
        edgeId: undefined,
        enabled: undefined,
        backendId: undefined,
        backend: undefined,
        "__ngrokResourceName": name,
      },
      given,
      edge ? { edgeId: edge.id } : {},
    );
    super("TlsEdgeBackend", name, props, { ...opts, parent: opts?.parent ?? edge });
  }
}
