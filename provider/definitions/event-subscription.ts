import { createdAt, refType, uri } from "./common";
import { eventType } from "./event-type";
import type { BoundDefinition } from "../contract";

/** The service keeps event types as a set: order never matters. */
export function normalizeSources(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const typeOf = (s: unknown): string => (typeof s === "object" && s !== null ? String((s as { type?: unknown }).type ?? "") : "");
  return [...value].sort((a, b) => typeOf(a).localeCompare(typeOf(b)));
}

/** The service keeps destinations as a set: order never matters, and a repeated id counts once. */
export function normalizeIdSet(value: unknown): unknown {
  return Array.isArray(value) ? [...new Set(value)].sort() : value;
}

export const eventSourcesOwnership =
  "A subscription whose program sets `sources` owns its whole list of event types; one that leaves `sources` out keeps the service's list, " +
  "which EventSource resources then manage, one type each. Use one way or the other for a subscription, never both: " +
  "check fails when an EventSource names a subscription whose program sets `sources`.";

export const eventSubscription: BoundDefinition = {
  name: "EventSubscription",
  description:
    "An event subscription: which event types (its sources) go to which event destinations. " +
    eventSourcesOwnership +
    " Removing `sources` from a program leaves the types the list had in the service: set `sources: []` first to clear them, " +
    "or adopt each as an EventSource with `importId`.",
  binding: { kind: "collection", path: "/event_subscriptions", idPrefix: "esb", listKey: "event_subscriptions" },
  properties: {
    description: {
      type: { kind: "string", maxChars: 255 },
      description: "What the subscription is for. Optional, at most 255 characters.",
      input: { api: "description", onChange: "update", unset: "clear" },
    },
    metadata: {
      type: { kind: "string", maxChars: 4096 },
      description: "Arbitrary user-defined machine-readable data. Optional, at most 4096 characters.",
      input: { api: "metadata", onChange: "update", unset: "clear" },
    },
    sources: {
      type: {
        kind: "array",
        items: {
          kind: "object",
          name: "EventSubscriptionSource",
          description: "An event type that triggers the subscription.",
          properties: {
            type: {
              api: "type",
              type: { kind: "string", refine: eventType },
              required: true,
              description: "The event type, `<resource>_<action>.v0`, such as `ip_policy_created.v0`.",
            },
          },
        },
      },
      description:
        "The event types that trigger the subscription, in any order. When set, the program owns the whole list; when absent, " +
        "the service's list is kept (and EventSource resources may manage it).",
      input: { api: "sources", onChange: "update", unset: "computed", createDefault: [] },
      normalize: normalizeSources,
    },
    destinationIds: {
      type: { kind: "array", items: { kind: "string", idPrefix: "ed" } },
      description: "The ids of the event destinations (`ed_...`) receiving the events, in any order.",
      input: { api: "destination_ids", onChange: "update", unset: "clear", createDefault: [] },
      fromApi: (api) => (Array.isArray(api.destinations) ? api.destinations.map((d: { id?: unknown }) => d?.id).filter((id) => typeof id === "string") : undefined),
      normalize: normalizeIdSet,
    },
    destinations: {
      type: { kind: "array", items: refType },
      api: "destinations",
      description: "The event destinations receiving the events.",
    },
    uri,
    createdAt,
  },
  rules: [
    {
      properties: ["sources"],
      summary: "`sources` lists each event type once.",
      violated: (inputs) => {
        if (!Array.isArray(inputs.sources)) return undefined;
        const types = inputs.sources.map((s: unknown) => (typeof s === "object" && s !== null ? (s as { type?: unknown }).type : undefined));
        return new Set(types).size === types.length ? undefined : "sources lists an event type more than once";
      },
    },
  ],
  example: `const destination = new ngrok.EventDestination("audit-log", { target: { debug: { log: true } } });
const subscription = new ngrok.EventSubscription("ip-policies", {
    description: "IP policy changes",
    sources: [{ type: "ip_policy_created.v0" }, { type: "ip_policy_updated.v0" }],
    destinationIds: [destination.id],
});`,
};
