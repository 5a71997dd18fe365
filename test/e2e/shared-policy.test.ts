/**
 * One SharedTrafficPolicy on three cloud endpoints through the real CLI
 * (test/e2e/programs/shared-policy): a change to the policy is previewed as an in-place update of
 * the policy and of each endpoint that takes it, `up` applies it to all three, its login stays a
 * secret, and a preview after it shows no change.
 *
 * Fails, never skips, when the CLI cannot be built. The SDK is loaded from dist/ (`make build` first).
 */
import * as path from "path";
import type { RunResult } from "./pulumi";
import { useEmulatorStacks } from "./fixture";
import { call } from "../support/api";

jest.setTimeout(20 * 60_000);

const programDir = path.join(__dirname, "programs", "shared-policy");
const output = (r: RunResult) => `${r.stdout}\n${r.stderr}`;
const fx = useEmulatorStacks();

/** The capacity each endpoint's stored policy limits clients to. */
async function capacities(): Promise<number[]> {
  const list = (await call(fx.emu, "GET", "/endpoints")).json as { endpoints: { url: string; traffic_policy: string }[] };
  return list.endpoints
    .filter((e) => e.url.startsWith("https://shared-"))
    .sort((a, b) => a.url.localeCompare(b.url))
    .map((e) => (JSON.parse(e.traffic_policy) as { on_http_request: { actions: { config: { capacity: number } }[] }[] }).on_http_request[0]!.actions[0]!.config.capacity);
}

it("a change to a shared policy is previewed as an in-place update of each endpoint that takes it, and applied to them", async () => {
  const stack = await fx.create({ programDir, config: { capacity: "100" }, secretConfig: { login: "admin:correct-horse" } });
  await stack.up();
  expect(await capacities()).toEqual([100, 100, 100]);

  await stack.setConfig("capacity", "50");
  const preview = output(await stack.run("preview", ["preview", "--config-file", stack.configFile]));
  const updates = preview.split("\n").filter((l) => /^\s*~\s+pulumi/.test(l)).map((l) => l.trim().replace(/\s+/g, " ")).sort();
  expect(updates).toEqual([
    "~ pulumi-nodejs:dynamic/ngrok:CloudEndpoint a update [diff: ~trafficPolicy]",
    "~ pulumi-nodejs:dynamic/ngrok:CloudEndpoint b update [diff: ~trafficPolicy]",
    "~ pulumi-nodejs:dynamic/ngrok:CloudEndpoint c update [diff: ~trafficPolicy]",
    "~ pulumi-nodejs:dynamic/ngrok:SharedTrafficPolicy edge update [diff: ~policy]",
  ]);
  expect(preview).toMatch(/4 to update/);
  expect(preview).not.toContain("correct-horse");

  const up = output(await stack.up());
  expect(up).not.toContain("correct-horse");
  expect(await capacities()).toEqual([50, 50, 50]);
  await stack.refreshExpectNoChanges();
  await stack.previewExpectNoChanges();
  expect(JSON.stringify(await stack.stackExport())).not.toContain("correct-horse");
});
