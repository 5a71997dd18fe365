// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of an {@link EventSource}. */
export interface EventSourceArgs {
  /** The event subscription (`esb_...`) that the type triggers. Its program must leave the subscription's `sources` unset. Changing it replaces the resource. */
  subscriptionId: pulumi.Input<string>;
  /** The event type, `<resource>_<action>.v0`, such as `ip_policy_created.v0`. Changing it replaces the resource. */
  type: pulumi.Input<string>;
  /** Adopt an existing EventSource (`<subscriptionId>/<type>`) instead of creating one: the provider reads it, applies this program's inputs to it and manages it from then on (`destroy` deletes it). Immutable inputs must match the existing resource. Used only at creation; remove it after the first `up`. */
  importId?: pulumi.Input<string>;
}

/**
 * One event type of an event subscription, managed as a resource of its own. It has no id of its own: its id is `<subscriptionId>/<type>`. A subscription whose program sets `sources` owns its whole list of event types; one that leaves `sources` out keeps the service's list, which EventSource resources then manage, one type each. Use one way or the other for a subscription, never both: check fails when an EventSource names a subscription whose program sets `sources`.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const subscription = new ngrok.EventSubscription("audit", { description: "audit trail" });
 * const created = new ngrok.EventSource("ip-policy-created", {
 *     subscriptionId: subscription.id,
 *     type: "ip_policy_created.v0",
 * });
 * ```
 */
export class EventSource extends NgrokResource {
  /** The event subscription (`esb_...`) that the type triggers. Its program must leave the subscription's `sources` unset. Changing it replaces the resource. */
  declare public readonly subscriptionId: pulumi.Output<string>;
  /** The event type, `<resource>_<action>.v0`, such as `ip_policy_created.v0`. Changing it replaces the resource. */
  declare public readonly type: pulumi.Output<string>;

  /** References an existing EventSource by its id (`<subscriptionId>/<type>`), read-only: its state is read from the API, and the program never updates or deletes it. */
  static get(name: string, id: pulumi.Input<pulumi.ID>, opts?: pulumi.CustomResourceOptions): EventSource {
    return new EventSource(name, undefined as unknown as EventSourceArgs, { ...opts, id });
  }

  constructor(name: string, args: EventSourceArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        subscriptionId: undefined,
        type: undefined,
      },
      args,
    );
    super("EventSource", name, props, opts);
  }
}
