/**
 * End to end with the real CLI, through the dynamic door: a secret's rotation shows in
 * `pulumi preview --diff` as the plugin shows it, the changed `value` marked and nothing else,
 * and `up` sends it in place. Fails, never skips, when the CLI cannot be built. The SDK is loaded
 * from dist/ (`make build` first).
 */
import * as path from "path";
import { useEmulatorStacks } from "./fixture";

jest.setTimeout(15 * 60_000);

const fx = useEmulatorStacks({ emulator: { rateLimit: false } });

it("a rotation's preview marks the changed value, `up` rotates it in place, and nothing is left to change", async () => {
  const s = await fx.create({ programDir: path.join(__dirname, "programs", "rotation"), secretConfig: { value: "first-t0ken-value" } });
  await s.up();
  const [made] = fx.emu.resources("vault_secrets") as { id: string }[];

  await s.setConfig("value", "rotated-t0ken-value", { secret: true });
  const preview = await s.preview();
  const lines = preview.stdout.split("\n").map((l) => l.trimEnd());
  expect(lines).toContainEqual(expect.stringMatching(/^\s+~ value\s*: \[secret\] => \[secret\]$/));
  // The unchanged inputs are not marked.
  expect(lines.filter((l) => /^\s+[~+-] (name|description|vaultId)\b/.test(l))).toEqual([]);
  expect(preview.stdout).not.toContain("t0ken-value");

  fx.emu.clearRequests();
  await s.up();
  expect(fx.emu.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`)).toEqual([`PATCH /vault_secrets/${made!.id}`]);
  expect((fx.emu.resources("vault_secrets") as { id: string }[]).map((r) => r.id)).toEqual([made!.id]);
  await s.previewExpectNoChanges();
});
