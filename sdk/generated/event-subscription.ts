// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";
import type { inputs, outputs } from "./types";

/** The arguments of an {@link EventSubscription}. */
export interface EventSubscriptionArgs {
  /** What the subscription is for. Optional, at most 255 characters. */
  description?: pulumi.Input<string>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 characters. */
  metadata?: pulumi.Input<string>;
  /** The event types that trigger the subscription, in any order. When set, the program owns the whole list; when absent, the service's list is kept (and EventSource resources may manage it). */
  sources?: pulumi.Input<pulumi.Input<inputs.EventSubscriptionSource>[]>;
  /** The ids of the event destinations (`ed_...`) receiving the events, in any order. */
  destinationIds?: pulumi.Input<pulumi.Input<string>[]>;
  /** Adopt an existing EventSubscription (`esb_...`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * An event subscription: which event types (its sources) go to which event destinations. A subscription whose program sets `sources` owns its whole list of event types; one that leaves `sources` out keeps the service's list, which EventSource resources then manage, one type each. Use one way or the other for a subscription, never both: check fails when an EventSource names a subscription whose program sets `sources`. Removing `sources` from a program leaves the types the list had in the service: set `sources: []` first to clear them, or adopt each as an EventSource with `importId`.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const destination = new ngrok.EventDestination("audit-log", { target: { debug: { log: true } } });
 * const subscription = new ngrok.EventSubscription("ip-policies", {
 *     description: "IP policy changes",
 *     sources: [{ type: "ip_policy_created.v0" }, { type: "ip_policy_updated.v0" }],
 *     destinationIds: [destination.id],
 * });
 * ```
 */
export class EventSubscription extends NgrokResource {
  /** What the subscription is for. Optional, at most 255 characters. */
  declare public readonly description: pulumi.Output<string | undefined>;
  /** Arbitrary user-defined machine-readable data. Optional, at most 4096 characters. */
  declare public readonly metadata: pulumi.Output<string | undefined>;
  /** The event types that trigger the subscription, in any order. When set, the program owns the whole list; when absent, the service's list is kept (and EventSource resources may manage it). */
  declare public readonly sources: pulumi.Output<outputs.EventSubscriptionSource[] | undefined>;
  /** The ids of the event destinations (`ed_...`) receiving the events, in any order. */
  declare public readonly destinationIds: pulumi.Output<string[] | undefined>;
  /** The event destinations receiving the events. */
  declare public readonly destinations: pulumi.Output<outputs.Ref[] | undefined>;
  /** When the resource was created (RFC 3339). */
  declare public readonly createdAt: pulumi.Output<string>;

  /** References an existing EventSubscription by its id (`esb_...`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): EventSubscription {
    return new EventSubscription(name, undefined as unknown as EventSubscriptionArgs, { ...opts, id });
  }

  constructor(name: string, args: EventSubscriptionArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        description: undefined,
        metadata: undefined,
        sources: undefined,
        destinationIds: undefined,
        destinations: undefined,
        createdAt: undefined,
      },
      args,
    );
    super("EventSubscription", name, props, opts);
  }
}
