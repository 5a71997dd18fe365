/**
 * EventSource: a keyed resource (no id of its own; its id is `<subscriptionId>/<type>`) under its
 * subscription, through the provider's operations against the emulator over loopback.
 */
import type { Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { call } from "../../support/api";
import { emulatorForProvider } from "../../support/provider";

let source: Handler;
let emu: Emulator;
let provider: Provider;
let subscriptionId: string;

beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider());
  source = provider.handler("EventSource");
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});
beforeEach(async () => {
  subscriptionId = (await call(emu, "POST", "/event_subscriptions", { description: "audit" })).json.id;
});

const typesOf = async (id: string): Promise<string[]> =>
  ((await call(emu, "GET", `/event_subscriptions/${id}`)).json.sources as { type: string }[]).map((s) => s.type);

describe("EventSource", () => {
  it("checks the event type at preview, naming the property", async () => {
    expect((await source.check({}, { subscriptionId: "esb_x", type: "ip_policy_created.v0" })).failures).toEqual([]);
    for (const type of ["tunnel_started", "TUNNEL_STARTED.v0", "started.v0", "tunnel started.v0"]) {
      const { failures } = await source.check({}, { subscriptionId: "esb_x", type });
      expect(failures).toHaveLength(1);
      expect(failures[0]!.message).toMatch(/^type is not an event type/);
      expect(failures[0]!.message).not.toContain(type);
    }
    const missing = await source.check({}, {});
    expect(missing.failures.map((f) => f.message).sort()).toEqual(["subscriptionId is required", "type is required"]);
  });

  it("creates under its subscription with the id <subscriptionId>/<type>, reads, replaces and deletes", async () => {
    const inputs = { subscriptionId, type: "ip_policy_created.v0" };
    const created = await source.create(inputs);
    expect(created.id).toBe(`${subscriptionId}/ip_policy_created.v0`);
    expect(created.outs).toEqual(inputs);
    expect(await typesOf(subscriptionId)).toEqual(["ip_policy_created.v0"]);

    // Read from the id alone (Resource.get passes no inputs): the keys come from the id.
    const read = await source.read(created.id, {});
    expect(read).toEqual({ id: created.id, props: created.outs });
    expect(await source.diff(created.id, read.props, inputs)).toEqual({ changes: false, changed: [], replaces: [], deleteBeforeReplace: false });

    // Both keys are immutable: a new type or subscription is a replacement.
    expect((await source.diff(created.id, read.props, { ...inputs, type: "ip_policy_updated.v0" })).replaces).toEqual(["type"]);
    expect((await source.diff(created.id, read.props, { ...inputs, subscriptionId: "esb_other" })).replaces).toEqual(["subscriptionId"]);

    // Removed outside the program: gone on refresh; deleting it again is not an error.
    expect((await call(emu, "DELETE", `/event_subscriptions/${subscriptionId}/sources/ip_policy_created.v0`)).status).toBe(204);
    expect(await source.read(created.id, created.outs)).toEqual({ id: "", props: {} });
    await source.delete(created.id, created.outs);

    const again = await source.create(inputs);
    await source.delete(again.id, {});
    expect(await typesOf(subscriptionId)).toEqual([]);
  });

  it("adopts an existing source whose id matches the program's keys, and refuses one that does not", async () => {
    await call(emu, "POST", `/event_subscriptions/${subscriptionId}/sources`, { type: "ip_policy_deleted.v0" });
    const id = `${subscriptionId}/ip_policy_deleted.v0`;
    const inputs = { subscriptionId, type: "ip_policy_deleted.v0", importId: id };
    expect((await source.check({}, inputs)).failures).toEqual([]);
    emu.clearRequests();
    const adopted = await source.create(inputs);
    expect(adopted.id).toBe(id);
    expect(emu.requests.filter((r) => r.method === "POST")).toEqual([]);

    const { failures } = await source.check({}, { ...inputs, importId: "ip_policy_deleted.v0" });
    expect(failures.map((f) => f.message)).toEqual(["importId must be the id of an existing EventSource (<subscriptionId>/<type>)"]);
    await expect(source.create({ ...inputs, type: "ip_policy_created.v0" })).rejects.toThrow(/importId of a keyed EventSource must be its own <subscriptionId>\/<type>/);
    await expect(source.create({ subscriptionId, type: "ip_policy_updated.v0", importId: `${subscriptionId}/ip_policy_updated.v0` })).rejects.toThrow(
      /importId names no existing EventSource/,
    );
  });

  it("fails on a subscription that does not exist with the API's answer", async () => {
    await expect(source.create({ subscriptionId: "esb_000000000000000000000000000", type: "ip_policy_created.v0" })).rejects.toThrow(/HTTP 404/);
  });
});
