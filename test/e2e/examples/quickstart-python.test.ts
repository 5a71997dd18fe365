/**
 * examples/quickstart-python end to end: the quickstart in Python, run by the Python language host
 * (scripts/pulumi-language-python.sh) in a virtual environment holding `pulumi` from PyPI and the
 * SDK's wheel built from sdk/python, through the provider plugin installed from its tarball: the
 * program type-checks under `mypy --strict`; up, no-change preview and refresh, destroy; the token
 * stays an encrypted secret. (Updates, replacements and `preview --diff` in Python are
 * cloud-endpoint-python's; the quickstart's updates and replacement are the TypeScript and Go tests'.)
 */
import * as path from "path";
import { useEmulatorStacks } from "../fixture";
import { isEncryptedSecret, repoRoot } from "../pulumi";
import { pythonExampleReady, pythonExampleStack, pythonProgramVenv, typeCheck } from "../python";

jest.setTimeout(30 * 60_000);

const fx = useEmulatorStacks({ emulator: { rateLimit: false }, ready: pythonExampleReady });
// mypy runs while the program deploys (it reads only the program and the installed SDK).
let typeChecked: Promise<{ ok: boolean; report: string }> | undefined;
beforeAll(async () => {
  const venv = await pythonProgramVenv();
  typeChecked = typeCheck(path.join(repoRoot, "examples", "quickstart-python"), venv);
});

it("deploys, previews and refreshes with no change, and destroys the Python quickstart through the plugin", async () => {
  const s = await pythonExampleStack(fx, "quickstart-python");

  await s.up();
  expect(fx.emu.resources("reserved_domains")).toMatchObject([{ domain: "quickstart.ngrok.app", description: "Quickstart: the app's public hostname" }]);
  expect(fx.emu.resources("credentials")).toMatchObject([{ description: "Agent serving quickstart.ngrok.app", acl: ["bind:quickstart.ngrok.app"] }]);
  const web = (fx.emu.resources("endpoints") as { url: string; traffic_policy: string }[]).find((e) => e.url === "https://quickstart.ngrok.app")!;
  // The policy as the program writes it, ngrok's documented form, is what the API holds.
  expect(JSON.parse(web.traffic_policy)).toMatchObject({
    on_http_request: [
      { name: "rate limit per client", actions: [{ type: "rate-limit", config: { capacity: 5, bucket_key: ["conn.client_ip"] } }] },
      { name: "the API", actions: [{ type: "forward-internal", config: { url: "https://api.internal" } }] },
      { name: "everything else", actions: [{ type: "custom-response", config: { status_code: 200 } }] },
    ],
  });
  const state = await s.stackExport();
  const agent = state.deployment.resources!.find((r) => r.urn.endsWith("::agent"))!;
  expect(agent.type).toBe("ngrok:index:Credential");
  expect(isEncryptedSecret(agent.outputs!.token)).toBe(true);
  expect((await s.outputs()).authtoken).toBe("[secret]");
  await s.previewExpectNoChanges();
  await s.refreshExpectNoChanges();

  await s.destroy();
  for (const kind of ["endpoints", "reserved_domains", "credentials"]) expect({ kind, rows: fx.emu.resources(kind) }).toEqual({ kind, rows: [] });
  expect(s.transcript).not.toContain(fx.emu.apiKey);
});

it("type-checks under mypy --strict against the installed SDK", async () => {
  expect(await typeChecked).toEqual({ ok: true, report: "Success: no issues found in 1 source file" });
});
