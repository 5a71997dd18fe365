import { eventType } from "./event-type";
import { uri } from "./common";
import { eventSourcesOwnership } from "./event-subscription";
import type { BoundDefinition } from "../contract";

export const eventSource: BoundDefinition = {
  name: "EventSource",
  description:
    "One event type of an event subscription, managed as a resource of its own. It has no id of its own: " +
    "its id is `<subscriptionId>/<type>`. " +
    eventSourcesOwnership,
  binding: {
    kind: "sub-collection",
    path: "/event_subscriptions/{subscriptionId}/sources",
    parent: { path: "/event_subscriptions/{subscriptionId}", key: "sources" },
    item: { key: "type" },
  },
  conflictsWith: [
    {
      input: "subscriptionId",
      resource: "EventSubscription",
      property: "sources",
      advice: "List the type in the subscription's sources instead, or remove sources from the subscription and manage each type as an EventSource.",
    },
  ],
  properties: {
    subscriptionId: {
      type: { kind: "string", idPrefix: "esb" },
      description: "The event subscription (`esb_...`) that the type triggers. Its program must leave the subscription's `sources` unset.",
      input: { api: "subscription_id", required: true, onChange: "replace", unset: "clear" },
    },
    type: {
      type: { kind: "string", refine: eventType },
      description: "The event type, `<resource>_<action>.v0`, such as `ip_policy_created.v0`.",
      input: { api: "type", required: true, onChange: "replace", unset: "clear" },
    },
    uri,
  },
  example: `const subscription = new ngrok.EventSubscription("audit", { description: "audit trail" });
const created = new ngrok.EventSource("ip-policy-created", {
    subscriptionId: subscription.id,
    type: "ip_policy_created.v0",
});`,
};
