/**
 * examples/quickstart-python end to end: the quickstart in Python, run by the Python language host
 * (scripts/pulumi-language-python.sh) in a virtual environment holding `pulumi` from PyPI and the
 * SDK's wheel built from sdk/python, through the provider plugin installed from its tarball: the
 * program type-checks under `mypy --strict`; up, no-change preview and refresh, an in-place update,
 * a replacement, destroy; the token stays an encrypted secret.
 */
import * as path from "path";
import { useEmulatorStacks } from "../fixture";
import { isEncryptedSecret, repoRoot, type StackExport } from "../pulumi";
import { pythonExampleReady, pythonExampleStack, pythonProgramVenv, typeCheck } from "../python";

jest.setTimeout(30 * 60_000);

const fx = useEmulatorStacks({ emulator: { rateLimit: false }, ready: pythonExampleReady });
const urn = (type: string, name: string) => `urn:pulumi:e2e::ngrok-quickstart-python::${type}::${name}`;

function ids(state: StackExport): Record<string, string | undefined> {
  return Object.fromEntries((state.deployment.resources ?? []).filter((r) => r.type.startsWith("ngrok:index:")).map((r) => [r.urn.split("::").pop()!, r.id]));
}

it("type-checks under mypy --strict against the installed SDK", async () => {
  expect(await typeCheck(path.join(repoRoot, "examples", "quickstart-python"), await pythonProgramVenv())).toEqual({ ok: true, report: "Success: no issues found in 1 source file" });
});

it("deploys, updates in place, replaces and destroys the Python quickstart through the plugin", async () => {
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

  const first = ids(state);
  await s.setConfig("description", "Updated by the e2e test");
  await s.setConfig("rateLimit", "7");
  expect(await s.plannedOps("preview --json: description, rateLimit")).toMatchObject({
    [urn("ngrok:index:ReservedDomain", "app")]: "update",
    [urn("ngrok:index:CloudEndpoint", "web")]: "update",
  });
  // A property-level diff: the policy's changed field, by its place as the program writes it.
  const diff = await s.preview("preview --diff: rateLimit");
  expect(diff.stdout).toMatch(/~ ngrok:index:CloudEndpoint: \(update\)[\s\S]*\[urn=urn:pulumi:e2e::ngrok-quickstart-python::ngrok:index:CloudEndpoint::web\][\s\S]*~ trafficPolicy/);
  await s.up("up: description, rateLimit");
  expect(ids(await s.stackExport())).toEqual(first);
  expect(fx.emu.resources("reserved_domains")).toMatchObject([{ description: "Updated by the e2e test" }]);
  await s.previewExpectNoChanges("preview after the update");

  await s.setConfig("domain", "e2e-python.ngrok.app");
  expect(await s.plannedOps("preview --json: domain")).toMatchObject({
    [urn("ngrok:index:ReservedDomain", "app")]: "replace",
    [urn("ngrok:index:CloudEndpoint", "web")]: "replace",
    [urn("ngrok:index:Credential", "agent")]: "update",
  });
  await s.up("up: domain");
  const replaced = ids(await s.stackExport());
  expect(replaced.app).not.toBe(first.app);
  expect(replaced.agent).toBe(first.agent);
  expect(fx.emu.resources("reserved_domains")).toMatchObject([{ domain: "e2e-python.ngrok.app" }]);
  await s.previewExpectNoChanges("preview after the replacement");

  await s.destroy();
  for (const kind of ["endpoints", "reserved_domains", "credentials"]) expect({ kind, rows: fx.emu.resources(kind) }).toEqual({ kind, rows: [] });
  expect(s.transcript).not.toContain(fx.emu.apiKey);
});
