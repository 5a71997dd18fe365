// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { TlsEdge } from "./tls-edge";
import type { outputs } from "./types";

/** The settings of a {@link TlsEdgeIpRestriction}: every argument except where it applies. */
export interface TlsEdgeIpRestrictionSettings {
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  enabled?: pulumi.Input<boolean>;
  /** The IP policies (`ipp_...`) that decide whether a source IP may connect. At least one. */
  ipPolicyIds: pulumi.Input<pulumi.Input<string>[]>;
  /** Adopt an existing TlsEdgeIpRestriction (`<edgeId>`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/** The arguments of a {@link TlsEdgeIpRestriction}: its settings, and where it applies: `edge` (a TlsEdge of the program, which also becomes its default parent) or `edgeId`. */
export type TlsEdgeIpRestrictionArgs = TlsEdgeIpRestrictionSettings &
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
 * IP restriction of a TLS edge: only source IPs allowed by its IP policies may connect.
 *
 * A module of a TLS edge: one per edge, with no id of its own. Its id is the edge's id, `<edgeId>` (the module is implied by the type), for `get` and `importId`. Deleting the resource removes the module from the edge.
 *
 * Give `edge` (a TlsEdge of the program, which becomes its parent) or `edgeId`.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const office = new ngrok.TlsEdgeIpRestriction("office-only", {
 *     edge,
 *     ipPolicyIds: ["ipp_..."],
 * });
 * ```
 */
export class TlsEdgeIpRestriction extends NgrokResource {
  /** The TLS edge (`edgtls_...`) the module applies to. Changing it replaces the resource. */
  declare public readonly edgeId: pulumi.Output<string>;
  /** Whether the module applies to traffic (`false` keeps the configuration but disables it). Default `true`. */
  declare public readonly enabled: pulumi.Output<boolean | undefined>;
  /** The IP policies (`ipp_...`) that decide whether a source IP may connect. At least one. */
  declare public readonly ipPolicyIds: pulumi.Output<string[]>;
  /** References to the IP policies applied. */
  declare public readonly ipPolicies: pulumi.Output<outputs.Ref[]>;

  /** References an existing TlsEdgeIpRestriction by its id (`<edgeId>`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): TlsEdgeIpRestriction {
    return new TlsEdgeIpRestriction(name, undefined as unknown as TlsEdgeIpRestrictionArgs, { ...opts, id });
  }

  constructor(name: string, args: TlsEdgeIpRestrictionArgs, opts?: pulumi.CustomResourceOptions) {
    // `edge` is not an input: it fills edgeId and is the default parent.
    const { edge, ...given } = args ?? ({} as Partial<TlsEdgeIpRestrictionArgs>);
    const props: pulumi.Inputs = Object.assign(
      {
        edgeId: undefined,
        enabled: undefined,
        ipPolicyIds: undefined,
        ipPolicies: undefined,
        "__ngrokResourceName": name,
      },
      given,
      edge ? { edgeId: edge.id } : {},
    );
    super("TlsEdgeIpRestriction", name, props, { ...opts, parent: opts?.parent ?? edge });
  }
}
