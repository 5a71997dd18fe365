/**
 * examples/shared-policy end to end, on both doors at once, side by side on one emulator: the
 * example on pulumi-ngrok (the dynamic door), and test/e2e/programs/shared-policy-yaml, the example
 * in Pulumi YAML on the provider plugin, whose endpoints give `trafficPolicy: ${edge.policy}` and
 * `trafficPolicySecrets: ${edge.policySecrets}`. The example on pulumi-ngrok-plugin would add a
 * third run of the CLI and nothing of its own: its SDK's handling of the policy is pulumi-ngrok's
 * (sdk/policy.ts), and the plugin it talks to is the YAML program's.
 *
 * On each: a change to the shared policy is previewed as an in-place update of the policy and of
 * each of its three endpoints, `up` applies it to all three (their login with it), the login is
 * never shown nor kept in clear, and refresh and preview after it show no change.
 *
 * Fails, never skips, when the CLI cannot be built. The SDK is loaded from dist/ (`make build` first).
 */
import * as path from "path";
import type { PulumiStack, RunResult } from "../pulumi";
import { pulumiBinDir, repoRoot } from "../pulumi";
import { useEmulatorStacks } from "../fixture";
import { installPlugin, pluginTarball, yamlLanguageHostDir } from "../plugin-install";
import { call } from "../../support/api";

jest.setTimeout(20 * 60_000);

const yamlProgramDir = path.join(__dirname, "..", "programs", "shared-policy-yaml");
const login = "admin:correct-horse";
const output = (r: RunResult) => `${r.stdout}\n${r.stderr}`;
const fx = useEmulatorStacks({ emulator: { rateLimit: false }, ready: () => Promise.all([pluginTarball(), yamlLanguageHostDir()]) });

interface StoredPolicy {
  on_http_request: { actions: { config: { capacity?: number; credentials?: string[] } }[] }[];
}

/** Each endpoint on `https://<prefix>-*`, by URL: the capacity its stored policy limits clients to, and its login. */
async function stored(prefix: string): Promise<[number, string][]> {
  const list = (await call(fx.emu, "GET", "/endpoints")).json as { endpoints: { url: string; traffic_policy: string }[] };
  return list.endpoints
    .filter((e) => e.url.startsWith(`https://${prefix}-`))
    .sort((a, b) => a.url.localeCompare(b.url))
    .map((e) => JSON.parse(e.traffic_policy) as StoredPolicy)
    .map((p) => [p.on_http_request[0]!.actions[0]!.config.capacity!, p.on_http_request[1]!.actions[0]!.config.credentials![0]!]);
}

/**
 * Up at capacity 100, then 50: the preview lists the policy's update and each endpoint's, each
 * type as the door names it; up applies it; nothing shows the login; then nothing changes.
 */
async function sharedPolicyChange(stack: PulumiStack, prefix: string, type: (kind: string) => string): Promise<void> {
  await stack.up();
  expect({ prefix, stored: await stored(prefix) }).toEqual({ prefix, stored: [[100, login], [100, login], [100, login]] });

  await stack.setConfig("capacity", "50");
  const preview = output(await stack.run("preview", ["preview", "--config-file", stack.configFile]));
  const updates = preview.split("\n").filter((l) => /^\s*~\s+\S+:\S+\s/.test(l)).map((l) => l.trim().replace(/\s+/g, " ")).sort();
  expect({ prefix, updates }).toEqual({
    prefix,
    updates: [
      `~ ${type("CloudEndpoint")} api update [diff: ~trafficPolicy]`,
      `~ ${type("CloudEndpoint")} docs update [diff: ~trafficPolicy]`,
      `~ ${type("CloudEndpoint")} shop update [diff: ~trafficPolicy]`,
      `~ ${type("SharedTrafficPolicy")} edge update [diff: ~policy]`,
    ],
  });
  expect(preview).toMatch(/4 to update/);

  await stack.up();
  expect({ prefix, stored: await stored(prefix) }).toEqual({ prefix, stored: [[50, login], [50, login], [50, login]] });
  await stack.refreshExpectNoChanges();
  await stack.previewExpectNoChanges();
  expect(JSON.stringify(await stack.stackExport())).not.toContain("correct-horse");
  expect(stack.transcript).not.toContain("correct-horse");
}

it("a change to the shared policy is previewed as an in-place update of each of its endpoints and applied to them, on both doors", async () => {
  const yamlPath = [await yamlLanguageHostDir(), await pulumiBinDir(), path.join(repoRoot, "node_modules", ".bin"), "/usr/local/bin", "/usr/bin", "/bin"].join(path.delimiter);
  // Client pacing off: the stacks share the emulator, whose own limit is off too.
  const config = (more: Record<string, string>) => ({ capacity: "100", "ngrok:rateLimit": "off", ...more });
  const [dynamic, yaml] = await Promise.all([
    fx.create({ example: "shared-policy", config: config({ prefix: "dynamic" }), secretConfig: { adminLogin: login } }),
    fx.create({ programDir: yamlProgramDir, env: { PATH: yamlPath }, config: config({}), secretConfig: { adminLogin: login } }),
  ]);
  await installPlugin(yaml);
  // Each door runs to its end, and a failure names its door.
  const doors = await Promise.allSettled([
    sharedPolicyChange(dynamic, "dynamic", (kind) => `pulumi-nodejs:dynamic/ngrok:${kind}`),
    sharedPolicyChange(yaml, "yaml", (kind) => `ngrok:index:${kind}`),
  ]);
  const failures = doors.map((d, i) => (d.status === "rejected" ? `${["dynamic", "yaml"][i]}: ${String((d.reason as Error).message ?? d.reason).replace(/\u001b\[[0-9;]*m/g, "")}` : undefined));
  expect(failures.filter((f) => f !== undefined).join("\n\n")).toBe("");
});
