/**
 * The EventSubscription life cycle through the provider's operations against the emulator over
 * loopback, and who owns a subscription's event types: its `sources` or EventSource resources.
 */
import type { Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import type { Props } from "../../../provider/contract";
import { call } from "../../support/api";
import { emulatorForProvider } from "../../support/provider";

let subscription: Handler;
let source: Handler;
let emu: Emulator;
let provider: Provider;
let ed1: string;
let ed2: string;

beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider());
  subscription = provider.handler("EventSubscription");
  source = provider.handler("EventSource");
  ed1 = (await call(emu, "POST", "/event_destinations", { target: { debug: { log: true } } })).json.id;
  ed2 = (await call(emu, "POST", "/event_destinations", { target: { debug: { log: false } } })).json.id;
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

const unknown = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
const noChange = { changes: false, changed: [], replaces: [], deleteBeforeReplace: false };
const inPlace = { changes: true, changed: expect.any(Array), replaces: [], deleteBeforeReplace: false };
const created = (type: string) => ({ type });
const typesOf = async (id: string): Promise<string[]> =>
  ((await call(emu, "GET", `/event_subscriptions/${id}`)).json.sources as { type: string }[]).map((s) => s.type).sort();

describe("EventSubscription", () => {
  it("checks limits in characters, event types, destination ids and repeated types at preview, never echoing a value", async () => {
    expect((await subscription.check({}, { description: "é".repeat(255), metadata: "é".repeat(4096) })).failures).toEqual([]);
    const cases: [Props, string, RegExp][] = [
      [{ description: "x".repeat(256) }, "description", /^description is too long: at most 255 characters$/],
      [{ metadata: "x".repeat(4097) }, "metadata", /^metadata is too long: at most 4096 characters$/],
      [{ sources: [created("ip_policy_created.v0"), created("Policy Created")] }, "sources", /^sources\[1\]\.type is not an event type/],
      [{ sources: [{ type: "ip_policy_created.v0", uri: "u" }] }, "sources", /^sources\[0\] has unknown field\(s\): uri$/],
      [{ sources: [created("ip_policy_created.v0"), created("ip_policy_created.v0")] }, "sources", /^sources lists an event type more than once$/],
      [{ destinationIds: ["ed_2abcdefghijklmnopqrstuvwxyz", "esb_notadestination"] }, "destinationIds", /^destinationIds\[1\] must be an id beginning with "ed_"$/],
      [{ destinationIds: ["not-an-id"] }, "destinationIds", /^destinationIds\[0\] must be an id beginning with "ed_"$/],
    ];
    for (const [inputs, property, reason] of cases) {
      const { failures } = await subscription.check({}, inputs);
      // No property for the engine (it would print the value next to it); the reason begins with it.
      expect({ inputs, failures }).toEqual({ inputs, failures: [{ path: expect.any(String), message: expect.stringMatching(reason) }] });
      expect(failures[0]!.message.startsWith(property)).toBe(true);
      for (const v of ["Policy Created", "esb_notadestination", "not-an-id"]) expect(failures[0]!.message).not.toContain(v);
    }
    // Ids of destinations created in the same preview are unknown: checked at `up`.
    expect((await subscription.check({}, { destinationIds: [unknown, "ed_2abcdefghijklmnopqrstuvwxyz"] })).failures).toEqual([]);
  });

  it("creates, reads, updates every mutable input in place, ignores order, refreshes drift, deletes and deletes again", async () => {
    const inputs: Props = {
      description: "policy changes",
      metadata: '{"team":"sec"}',
      sources: [created("ip_policy_updated.v0"), created("ip_policy_created.v0")],
      destinationIds: [ed1],
    };
    const made = await subscription.create(inputs);
    expect(made.id).toMatch(/^esb_[0-9A-Za-z]{27}$/);
    expect(made.outs).toEqual({
      ...inputs,
      destinations: [{ id: ed1, uri: `${emu.url}/event_destinations/${ed1}` }],
      createdAt: expect.any(String),
    });
    const read = await subscription.read(made.id, made.outs);
    expect(read).toEqual({ id: made.id, props: made.outs });
    expect(await subscription.diff(made.id, read.props, inputs)).toEqual(noChange);
    let state = read.props;

    // [what changes, the program's new inputs, same-as-before]: order alone never shows as a change.
    const steps: [string, Props, boolean][] = [
      ["sources in another order", { ...inputs, sources: [created("ip_policy_created.v0"), created("ip_policy_updated.v0")] }, true],
      ["destinationIds repeated", { ...inputs, destinationIds: [ed1, ed1] }, true],
      ["description", { ...inputs, description: "IP policy changes" }, false],
      ["metadata cleared", { ...inputs, description: "IP policy changes", metadata: undefined }, false],
      ["a source added", { description: "IP policy changes", sources: [created("ip_policy_deleted.v0"), ...(inputs.sources as Props[])], destinationIds: [ed1] }, false],
      ["destinations replaced, in another order", { description: "IP policy changes", sources: [created("ip_policy_deleted.v0")], destinationIds: [ed2, ed1] }, false],
      ["destinations in another order", { description: "IP policy changes", sources: [created("ip_policy_deleted.v0")], destinationIds: [ed1, ed2] }, true],
      ["sources emptied, destinations cleared", { description: "IP policy changes", sources: [] }, false],
    ];
    for (const [what, news, same] of steps) {
      expect({ what, diff: await subscription.diff(made.id, state, news) }).toEqual({ what, diff: same ? noChange : inPlace });
      if (same) continue;
      const updated = await subscription.update(made.id, state, news);
      expect({ what, diff: await subscription.diff(made.id, updated.outs, news) }).toEqual({ what, diff: noChange });
      state = updated.outs;
    }
    const stored = (await call(emu, "GET", `/event_subscriptions/${made.id}`)).json;
    expect(stored).toMatchObject({ description: "IP policy changes", sources: [], destinations: [] });
    expect(stored.metadata ?? "").toBe("");

    // Refresh after an out-of-band change: the drift shows and is changed back in place.
    const last = steps.at(-1)![1];
    expect((await call(emu, "PATCH", `/event_subscriptions/${made.id}`, { sources: [created("ip_policy_created.v0")], destination_ids: [ed2] })).status).toBe(200);
    const refreshed = await subscription.read(made.id, state);
    expect(refreshed.props).toMatchObject({ sources: [created("ip_policy_created.v0")], destinationIds: [ed2] });
    expect(await subscription.diff(made.id, refreshed.props, last)).toEqual(inPlace);

    await subscription.delete(made.id, refreshed.props);
    expect((await call(emu, "GET", `/event_subscriptions/${made.id}`)).status).toBe(404);
    await expect(subscription.delete(made.id, refreshed.props)).resolves.toBeUndefined();
    expect(await subscription.read(made.id, refreshed.props)).toEqual({ id: "", props: {} });
  });

  it("adopts an existing subscription with importId, and reads one by id alone (EventSubscription.get)", async () => {
    const made = (await call(emu, "POST", "/event_subscriptions", { description: "by hand", sources: [created("ip_policy_created.v0")], destination_ids: [ed1] })).json;
    const got = await subscription.read(made.id, {});
    expect(got.props).toMatchObject({ description: "by hand", sources: [created("ip_policy_created.v0")], destinationIds: [ed1] });

    const inputs = { description: "adopted", destinationIds: [ed1, ed2], importId: made.id };
    expect((await subscription.check({}, inputs)).failures).toEqual([]);
    const adopted = await subscription.create(inputs);
    expect(adopted.id).toBe(made.id);
    // `sources` left out of the program: the service's list is kept.
    expect(adopted.outs).toMatchObject({ description: "adopted", sources: [created("ip_policy_created.v0")], destinationIds: [ed1, ed2] });
    await subscription.delete(made.id, adopted.outs);
  });
});

describe("who owns a subscription's event types", () => {
  it("a subscription that leaves sources out never diffs on them, so EventSources can add types", async () => {
    const inputs = { description: "managed by EventSources" };
    const made = await subscription.create(inputs);
    expect(await typesOf(made.id)).toEqual([]);
    for (const type of ["ip_policy_created.v0", "ip_policy_updated.v0"]) {
      expect((await source.check({}, { subscriptionId: made.id, type })).failures).toEqual([]);
      await source.create({ subscriptionId: made.id, type });
    }
    const refreshed = await subscription.read(made.id, made.outs);
    expect(refreshed.props.sources).toEqual([created("ip_policy_created.v0"), created("ip_policy_updated.v0")]);
    expect(await subscription.diff(made.id, refreshed.props, inputs)).toEqual(noChange);
    // An update of another input leaves the EventSources' types alone.
    const updated = await subscription.update(made.id, refreshed.props, { description: "still managed by EventSources" });
    expect(updated.outs.sources).toHaveLength(2);
    expect(await typesOf(made.id)).toEqual(["ip_policy_created.v0", "ip_policy_updated.v0"]);
    await subscription.delete(made.id, updated.outs);
  });

  it("an EventSource naming a subscription whose program sets sources fails check, once this process has seen that subscription", async () => {
    const withSources = { sources: [created("ip_policy_created.v0")] };
    const reason =
      /^subscriptionId names an EventSubscription whose program sets sources: that EventSubscription then owns what this EventSource manages, and its next update would undo it\. List the type in the subscription's sources instead, or remove sources from the subscription and manage each type as an EventSource\.$/;

    // At `up` for a new subscription: its create records what the program sets.
    const made = await subscription.create(withSources);
    const { failures } = await source.check({}, { subscriptionId: made.id, type: "ip_policy_updated.v0" });
    expect(failures).toEqual([{ path: expect.any(String), message: expect.stringMatching(reason) }]);
    expect(failures[0]!.message).not.toContain(made.id);

    // At preview of an existing one, its diff records the same; a program that drops `sources` clears it.
    const other = (await call(emu, "POST", "/event_subscriptions", {})).json.id as string;
    const existing = (await subscription.read(other, {})).props;
    expect((await source.check({}, { subscriptionId: other, type: "ip_policy_updated.v0" })).failures).toEqual([]);
    await subscription.diff(other, existing, withSources);
    expect((await source.check({}, { subscriptionId: other, type: "ip_policy_updated.v0" })).failures).toEqual([
      { path: expect.any(String), message: expect.stringMatching(reason) },
    ]);
    await subscription.diff(other, existing, { description: "types managed by EventSources" });
    expect((await source.check({}, { subscriptionId: other, type: "ip_policy_updated.v0" })).failures).toEqual([]);

    // Updating to set `sources` records it too; an unknown subscription id cannot be told at preview.
    await subscription.update(other, existing, withSources);
    expect((await source.check({}, { subscriptionId: other, type: "ip_policy_updated.v0" })).failures).toHaveLength(1);
    expect((await source.check({}, { subscriptionId: unknown, type: "ip_policy_updated.v0" })).failures).toEqual([]);

    await subscription.delete(made.id, {});
    await subscription.delete(other, {});
  });
});
