/**
 * A stack an earlier release wrote, served by this one through the real CLI: its resources keep
 * the `__provider` text (and the outputs) that release stored until their next update, so
 * `preview` must show no change, and `refresh` and `destroy` must run that text's stub.
 *
 * Fails, never skips, when the CLI cannot be built. The SDK is loaded from dist/ (`make build` first).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { credentialStub010 } from "../support/stub-texts";
import { useEmulatorStacks } from "./fixture";

jest.setTimeout(20 * 60_000);

const programDir = path.join(__dirname, "programs", "many");

const fx = useEmulatorStacks();

it("previews no change for a state with 0.1.0's stubs, refreshes and destroys through them", async () => {
  const stack = await fx.create({
    programDir,
    config: { credentials: "2", domains: "0" },
  });
  await stack.up();

  // The state as 0.1.0 wrote it: its stub text in inputs and outputs, and the self link it kept.
  const exported = await stack.stackExport();
  const credentials = (exported.deployment.resources ?? []).filter((r) => r.type.endsWith(":Credential"));
  expect(credentials).toHaveLength(2);
  expect(credentials[0]!.inputs!.__provider).not.toBe(credentialStub010);
  for (const r of credentials) {
    r.inputs!.__provider = credentialStub010;
    r.outputs = { ...r.outputs!, __provider: credentialStub010, uri: `${fx.emu.url}/credentials/${r.id}` };
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-upgrade-")), "state.json");
  fs.writeFileSync(file, JSON.stringify(exported));
  await stack.run("stack import", ["stack", "import", "--file", file]);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });

  // The program's new stub text is no change: the provider's diff compares the inputs only.
  await stack.previewExpectNoChanges();

  fx.emu.clearRequests();
  await stack.run("refresh", ["refresh", "--yes", "--skip-preview", "--config-file", stack.configFile]);
  expect(fx.emu.requests.filter((r) => r.method === "GET").length).toBeGreaterThan(0);
  const refreshed = (await stack.stackExport()).deployment.resources!.filter((r) => r.type.endsWith(":Credential"));
  for (const r of refreshed) {
    expect({ stub: r.outputs!.__provider === credentialStub010, uri: "uri" in r.outputs! }).toEqual({ stub: true, uri: false });
  }
  await stack.previewExpectNoChanges("preview after refresh");

  await stack.destroy();
  expect(fx.emu.resources("credentials")).toHaveLength(0);
});
