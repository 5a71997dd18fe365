/**
 * A CloudEndpoint's life cycle with the real CLI and engine (test/e2e/programs/cloud-endpoint):
 * its policy written as a typed object, as YAML and as JSON is the same policy (no diff, no
 * request); a policy change is an update in place whose preview shows the place that changed; a
 * URL change is a replacement; refresh and preview find nothing to do; destroy leaves nothing.
 * The webhook secret, a plain string in the policy, is ciphertext in state and shows nowhere.
 *
 * Fails, never skips, when the CLI cannot be built. The SDK is loaded from dist/ (`make build` first).
 */
import * as path from "path";
import { PulumiStack, isEncryptedSecret, type StackResource } from "./pulumi";
import { useEmulatorStacks } from "./fixture";

jest.setTimeout(20 * 60_000);

const programDir = path.join(__dirname, "programs", "cloud-endpoint");
const webhookSecret = "e2e-webhook-plain-s3cret";
const secretPlace = "onHttpRequest[0].actions[0].config.secret";

const fx = useEmulatorStacks();

interface Endpoint {
  id: string;
  url: string;
  type: string;
  traffic_policy: string;
}
const endpoints = () => fx.emu.resources("endpoints") as unknown as Endpoint[];
const writes = () => fx.emu.requests.filter((q) => q.method !== "GET").map((q) => `${q.method} ${q.path}`);

async function endpointState(s: PulumiStack): Promise<StackResource> {
  const resources = (await s.stackExport()).deployment.resources ?? [];
  return resources.find((r) => r.urn.endsWith("::app") && r.custom)!;
}

it("is one policy as an object, YAML or JSON; changes it in place, replaces on a new URL, keeps its secret", async () => {
  const s = await fx.create({ programDir });
  await s.up();
  const [created] = endpoints();
  expect(endpoints()).toHaveLength(1);
  expect(created).toMatchObject({ url: "https://tp-one.ngrok.app", type: "cloud" });
  // The API holds the policy with its secret in place, in ngrok's JSON form.
  const sent = JSON.parse(created!.traffic_policy) as { on_http_request: { actions: { type: string; config: Record<string, unknown> }[] }[] };
  expect(sent.on_http_request[0]!.actions[0]).toEqual({ type: "verify-webhook", config: { provider: "github", secret: webhookSecret } });
  expect(sent.on_http_request[1]!.actions[0]!.config).toMatchObject({ capacity: 30, bucket_key: ["conn.client_ip"] });

  // The secret: ciphertext in state (its own in the inputs, the whole map in the outputs), nowhere in clear.
  const app = await endpointState(s);
  expect(isEncryptedSecret((app.inputs?.trafficPolicySecrets as Record<string, unknown>)[secretPlace])).toBe(true);
  expect(isEncryptedSecret(app.outputs?.trafficPolicySecrets)).toBe(true);
  expect(JSON.stringify(app.inputs?.trafficPolicy)).toContain("verify-webhook");
  expect(JSON.stringify(await s.stackExport())).not.toContain(webhookSecret);

  await s.previewExpectNoChanges();
  await s.refreshExpectNoChanges();

  // The other spellings of the same policy: nothing to change, nothing sent.
  for (const spelling of ["yaml", "json", "object"]) {
    await s.setConfig("spelling", spelling);
    await s.previewExpectNoChanges(`preview --expect-no-changes (${spelling})`);
    fx.emu.clearRequests();
    await s.up(`up (${spelling})`);
    expect({ spelling, writes: writes() }).toEqual({ spelling, writes: [] });
  }

  // A policy change: an update in place, whose preview names the rule and action that changed.
  await s.setConfig("spelling", "yaml");
  await s.setConfig("capacity", "10");
  const planned = await s.plannedOps("preview --json (capacity)");
  expect(Object.entries(planned).filter(([urn]) => urn.endsWith("::app"))).toEqual([[expect.any(String), "update"]]);
  const shown = await s.preview("preview --diff (capacity)");
  expect(shown.stdout).toMatch(/onHttpRequest[\s\S]*\[1\][\s\S]*actions[\s\S]*capacity\s*:\s*30\s*=>\s*10/);
  fx.emu.clearRequests();
  await s.up("up (capacity)");
  expect(writes()).toEqual([`PATCH /endpoints/${created!.id}`]);
  const changed = endpoints();
  expect(changed.map((e) => e.id)).toEqual([created!.id]);
  expect(JSON.parse(changed[0]!.traffic_policy).on_http_request[1].actions[0].config.capacity).toBe(10);
  await s.previewExpectNoChanges("preview --expect-no-changes after the policy change");
  await s.refreshExpectNoChanges("refresh --expect-no-changes after the policy change");

  // A new URL: a replacement.
  await s.setConfig("host", "tp-two.ngrok.app");
  const replan = await s.plannedOps("preview --json (url)");
  expect(Object.entries(replan).filter(([urn]) => urn.endsWith("::app"))).toEqual([[expect.any(String), "replace"]]);
  await s.up("up (url)");
  const moved = endpoints();
  expect(moved).toHaveLength(1);
  expect(moved[0]).toMatchObject({ url: "https://tp-two.ngrok.app" });
  expect(moved[0]!.id).not.toBe(created!.id);
  await s.previewExpectNoChanges("preview --expect-no-changes after the replacement");

  expect(s.transcript).not.toContain(webhookSecret);
  await s.destroy();
  expect(endpoints()).toEqual([]);
  expect(fx.emu.resources("reserved_domains")).toEqual([]);
  s.dispose();
});
