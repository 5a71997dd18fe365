/**
 * End to end, with the real Pulumi CLI and engine: a subscription's event types are owned either
 * by its `sources` or by EventSource resources. An EventSource naming a subscription whose
 * program sets `sources` fails at `up` before it is created when the subscription is new, and at
 * preview once the subscription exists; leaving `sources` to EventSources works and stays
 * without changes. The program is test/e2e/programs/event-ownership (stack config `mode`).
 *
 * These tests fail, never skip, when the CLI cannot be built. The SDK is loaded from dist/.
 */
import * as path from "path";
import type { RunResult } from "./pulumi";
import { useEmulatorStacks } from "./fixture";

jest.setTimeout(15 * 60_000);

const programDir = path.join(__dirname, "programs", "event-ownership");
const reason =
  /error: pulumi-nodejs:dynamic\/ngrok:EventSource resource 'extra' has a problem: subscriptionId names an EventSubscription whose program sets sources: .*manage each type as an EventSource\./;

const fx = useEmulatorStacks();

const output = (r: RunResult) => `${r.stdout}\n${r.stderr}`;
const types = () =>
  (fx.emu.resources("event_subscriptions") as { sources: { type: string }[] }[]).map((s) => s.sources.map((x) => x.type).sort());
const sourceWrites = () => fx.emu.requests.filter((r) => r.method !== "GET" && r.path.includes("/sources"));

it("refuses an EventSource beside a subscription that sets sources, at up and then at preview; accepts it once sources are left out", async () => {
  const s = await fx.create({
    programDir,
    config: { mode: "both" },
  });

  // New subscription: its id is unknown at preview, so `up` creates it, then refuses the EventSource.
  const up = await s.run("up (both)", ["up", "--yes", "--skip-preview", "--config-file", s.configFile], { allowFailure: true });
  expect(up.code).not.toBe(0);
  expect(output(up)).toMatch(reason);
  expect(types()).toEqual([["ip_policy_created.v0"]]);
  expect(sourceWrites()).toEqual([]);

  // The subscription exists now: the conflict fails the preview itself.
  fx.emu.clearRequests();
  const preview = await s.run("preview (both)", ["preview", "--config-file", s.configFile], { allowFailure: true });
  expect(preview.code).not.toBe(0);
  expect(output(preview)).toMatch(reason);
  expect(fx.emu.requests.filter((r) => r.method !== "GET")).toEqual([]);

  // Leaving `sources` out hands the types to EventSources: the service's list is kept, the EventSource adds its type.
  await s.setConfig("mode", "separate");
  await s.up("up (separate)");
  expect(types()).toEqual([["ip_policy_created.v0", "ip_policy_updated.v0"]]);
  await s.previewExpectNoChanges();
  await s.refreshExpectNoChanges();

  await s.destroy();
  expect(fx.emu.resources("event_subscriptions")).toEqual([]);
  s.dispose();
});
