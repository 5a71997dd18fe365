/**
 * IpPolicy.rules, inline: a policy of 50 rules is one resource, written one request per rule plus
 * the policy's own (the API's floor: it has no bulk write), read back by walking the rules' list;
 * the rules are a set; a changed rule is one request; a policy's rules are written one way or the
 * other (IpPolicyRule resources beside `rules` fail at preview); adoption works either way.
 * Against the emulator over loopback, counting the requests it received.
 */
import type { Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { call } from "../../support/api";
import { emulatorForProvider } from "../../support/provider";

let emu: Emulator;
let provider: Provider;
let policy: Handler;
let rule: Handler;

beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider({ rateLimit: false }));
  policy = provider.handler("IpPolicy");
  rule = provider.handler("IpPolicyRule");
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

/** The requests the emulator receives while `run` runs, as "METHOD /path". */
async function requestsOf(run: () => Promise<unknown>): Promise<string[]> {
  const before = emu.requests.length;
  await run();
  return emu.requests.slice(before).map((r) => `${r.method} ${r.path.replace(/(ipp|ipr)_[0-9A-Za-z]+/, "$1_x")}`);
}

const fifty = Array.from({ length: 50 }, (_, i) => ({ cidr: `10.${i}.0.0/16`, action: i % 5 === 0 ? "deny" : "allow", description: `site ${i}` }));
const rulesOf = async (id: string) =>
  ((await call(emu, "GET", "/ip_policy_rules")).json as { ip_policy_rules: { cidr: string; action: string; description: string; ip_policy: { id: string } }[] }).ip_policy_rules
    .filter((r) => r.ip_policy.id === id)
    .map((r) => `${r.cidr} ${r.action} ${r.description ?? ""}`)
    .sort();

it("a policy of 50 inline rules is one resource: 51 requests to create, a list walk to refresh, one request per changed rule", async () => {
  const inputs = { description: "fifty sites", rules: fifty };
  expect((await policy.check({}, inputs)).failures).toEqual([]);
  let created!: Awaited<ReturnType<Handler["create"]>>;
  const creating = await requestsOf(async () => (created = await policy.create(inputs)));
  expect(creating).toEqual(["POST /ip_policies", ...fifty.map(() => "POST /ip_policy_rules")]);
  expect(await rulesOf(created.id)).toEqual(fifty.map((r) => `${r.cidr} ${r.action} ${r.description}`).sort());

  // Refresh: the policy, and the rules from their list (a page holds them all).
  let read!: Awaited<ReturnType<Handler["read"]>>;
  const reading = await requestsOf(async () => (read = await policy.read(created.id, created.outs)));
  expect(reading.filter((r) => r.includes("ip_policy_rules"))).toEqual(["GET /ip_policy_rules"]);
  expect(reading.length).toBeLessThanOrEqual(2);
  expect(await policy.diff(created.id, read.props, inputs)).toMatchObject({ changes: false });
  // A set: another order is no change.
  expect(await policy.diff(created.id, read.props, { ...inputs, rules: [...fifty].reverse() })).toMatchObject({ changes: false });

  // One rule's description, then one rule's CIDR: one PATCH each, nothing else.
  const described = fifty.map((r, i) => (i === 7 ? { ...r, description: "site 7 (moved)" } : r));
  expect(await policy.diff(created.id, read.props, { ...inputs, rules: described })).toMatchObject({ changes: true, changed: ["rules"], replaces: [] });
  let updated!: Awaited<ReturnType<Handler["update"]>>;
  expect(await requestsOf(async () => (updated = await policy.update(created.id, read.props, { ...inputs, rules: described })))).toEqual(["PATCH /ip_policy_rules/ipr_x"]);
  const moved = described.map((r, i) => (i === 8 ? { ...r, cidr: "192.0.2.0/24" } : r));
  expect(await requestsOf(async () => (updated = await policy.update(created.id, updated.outs, { ...inputs, rules: moved })))).toEqual(["PATCH /ip_policy_rules/ipr_x"]);
  // A new action is a delete and a create (the API cannot change it).
  const denied = moved.map((r, i) => (i === 9 ? { ...r, action: "deny" } : r));
  expect(await requestsOf(async () => (updated = await policy.update(created.id, updated.outs, { ...inputs, rules: denied })))).toEqual(["DELETE /ip_policy_rules/ipr_x", "POST /ip_policy_rules"]);
  expect(await rulesOf(created.id)).toEqual(denied.map((r) => `${r.cidr} ${r.action} ${r.description}`).sort());
  const again = await policy.read(created.id, updated.outs);
  expect(await policy.diff(created.id, again.props, { ...inputs, rules: denied })).toMatchObject({ changes: false });
});

it("checks each rule at preview, naming it, and a CIDR listed twice", async () => {
  const failures = async (rules: unknown[]) => (await policy.check({}, { rules })).failures.map((f) => f.message);
  expect(await failures([{ cidr: "10.0.0.0/8", action: "allow" }, { cidr: "10.0.0.1/8", action: "allow" }, { cidr: "10.1.0.0/16", action: "maybe" }])).toEqual([
    "rules[1].cidr must start at the lowest address of its range (10.0.0.0/8)",
    'rules[2].action must be one of "allow", "deny"',
  ]);
  expect(await failures([{ cidr: "10.0.0.0/8", action: "allow" }, { cidr: "10.0.0.0/8", action: "deny" }])).toEqual([
    "rules lists a CIDR more than once: a policy holds each range once",
  ]);
});

it("an IpPolicyRule of a policy whose program sets rules fails at preview, in one line", async () => {
  const created = await policy.create({ description: "inline", rules: [{ cidr: "198.51.100.0/24", action: "allow" }] });
  await policy.diff(created.id, created.outs, { description: "inline", rules: [{ cidr: "198.51.100.0/24", action: "allow" }] });
  const { failures } = await rule.check({}, { ipPolicyId: created.id, cidr: "203.0.113.0/24", action: "allow" });
  expect(failures).toHaveLength(1);
  expect(failures[0]!.message).toMatch(/^ipPolicyId .*IpPolicy.*rules/);
});

it("adopts an existing policy with rules either way: with rules (made these), or without (its rules left to IpPolicyRule resources)", async () => {
  const existing = (await call(emu, "POST", "/ip_policies", { description: "made by hand" })).json as { id: string };
  for (const cidr of ["192.0.2.0/25", "192.0.2.128/25"]) expect((await call(emu, "POST", "/ip_policy_rules", { ip_policy_id: existing.id, cidr, action: "allow" })).status).toBe(201);
  const wanted = [{ cidr: "192.0.2.0/25", action: "allow" }, { cidr: "203.0.113.0/24", action: "deny" }];
  const adopted = await policy.create({ importId: existing.id, description: "made by hand", rules: wanted });
  expect(adopted.id).toBe(existing.id);
  expect(await rulesOf(existing.id)).toEqual(["192.0.2.0/25 allow ", "203.0.113.0/24 deny "]);
  expect(await policy.diff(existing.id, (await policy.read(existing.id, adopted.outs)).props, { description: "made by hand", rules: wanted })).toMatchObject({ changes: false });

  const other = (await call(emu, "POST", "/ip_policies", { description: "rules apart" })).json as { id: string };
  expect((await call(emu, "POST", "/ip_policy_rules", { ip_policy_id: other.id, cidr: "198.18.0.0/15", action: "allow" })).status).toBe(201);
  const apart = await policy.create({ importId: other.id, description: "rules apart" });
  expect(apart.outs["rules"]).toBeUndefined();
  expect(await rulesOf(other.id)).toEqual(["198.18.0.0/15 allow "]);
});
