/** examples/events end to end: see ../lifecycle.ts. */
import { describeExample, type Row } from "../lifecycle";

jest.setTimeout(15 * 60_000);

/** Matches an array holding exactly these members, in any order (the service keeps event types as a set). */
function sameMembers(items: unknown[]): unknown {
  return {
    asymmetricMatch: (actual: unknown) => Array.isArray(actual) && actual.length === items.length && expect.arrayContaining(items).asymmetricMatch(actual),
    toAsymmetricMatcher: () => `sameMembers(${JSON.stringify(items)})`,
  };
}
const types = (...names: string[]) => sameMembers(names.map((type) => expect.objectContaining({ type })));
const toDestination = [expect.objectContaining({ id: expect.stringMatching(/^ed_/) })];

// The target as the API answers it: the Datadog API key is never returned.
const destination = (ddsite: string): Row => ({ description: "Account events to Datadog", format: "json", target: { datadog: { ddsite, service: "ngrok" } } });
const policies: Row = { description: "IP policy changes", sources: types("ip_policy_created.v0", "ip_policy_updated.v0"), destinations: toDestination };
const audit = (...sources: string[]): Row => ({ description: "Audit trail", sources: types(...sources), destinations: toDestination });

// examples/events/index.ts reads config `datadogSite` (the destination's target, updated in place)
// and `auditType` (the type of the EventSource `audit-extra`, replaced when it changes).
describeExample("events", {
  kinds: ["event_destinations", "event_subscriptions"],
  config: {},
  expect: {
    event_destinations: [destination("datadoghq.com")],
    event_subscriptions: [policies, audit("ip_policy_created.v0", "ip_policy_deleted.v0")],
  },
  secretOutputs: { datadog: ["target.datadog.apiKey"] },
  drift: { kind: "event_destinations", path: "/event_destinations", body: { description: "changed by hand" }, field: "description" },
  steps: [
    {
      name: "in-place update (the destination's target)",
      config: { datadogSite: "datadoghq.eu" },
      expect: {
        event_destinations: [destination("datadoghq.eu")],
        event_subscriptions: [policies, audit("ip_policy_created.v0", "ip_policy_deleted.v0")],
      },
      ids: { event_destinations: "same", event_subscriptions: "same" },
      ops: { datadog: "update" },
    },
    {
      name: "replacement (an EventSource's type)",
      config: { auditType: "ip_policy_updated.v0" },
      expect: {
        event_destinations: [destination("datadoghq.eu")],
        event_subscriptions: [policies, audit("ip_policy_created.v0", "ip_policy_updated.v0")],
      },
      ids: { event_destinations: "same", event_subscriptions: "same" },
      ops: { "audit-extra": "replace" },
    },
  ],
});
