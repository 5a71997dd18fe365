/**
 * examples/quickstart-go end to end: the quickstart in Go, run by the Go language host
 * (scripts/pulumi-language-go.sh) through the provider plugin installed from its tarball and the
 * Go SDK generated in sdk/go: up, no-change preview and refresh, an in-place update, a
 * replacement, destroy; the token stays an encrypted secret. The host builds the program with the
 * machine's Go and its module and build caches (a cold build of the SDK takes minutes).
 */
import { goExampleStack, useGoExampleStacks } from "../plugin-install";
import { isEncryptedSecret, type StackExport } from "../pulumi";

jest.setTimeout(30 * 60_000);

const fx = useGoExampleStacks();

function ids(state: StackExport): Record<string, string | undefined> {
  return Object.fromEntries((state.deployment.resources ?? []).filter((r) => r.type.startsWith("ngrok:index:")).map((r) => [r.urn.split("::").pop()!, r.id]));
}

it("deploys, updates in place, replaces and destroys the Go quickstart through the plugin", async () => {
  const s = await goExampleStack(fx, "quickstart-go");

  await s.up();
  expect(fx.emu.resources("reserved_domains")).toMatchObject([{ domain: "quickstart.ngrok.app", description: "Quickstart: the app's public hostname" }]);
  expect(fx.emu.resources("credentials")).toMatchObject([{ description: "Agent serving quickstart.ngrok.app", acl: ["bind:quickstart.ngrok.app"] }]);
  const state = await s.stackExport();
  const agent = state.deployment.resources!.find((r) => r.urn.endsWith("::agent"))!;
  expect(agent.type).toBe("ngrok:index:Credential");
  expect(isEncryptedSecret(agent.outputs!.token)).toBe(true);
  expect((await s.outputs()).authtoken).toBe("[secret]");
  await s.previewExpectNoChanges();
  await s.refreshExpectNoChanges();

  const first = ids(state);
  await s.setConfig("description", "Updated by the e2e test");
  expect(await s.plannedOps("preview --json: description")).toMatchObject({ [`urn:pulumi:e2e::ngrok-quickstart-go::ngrok:index:ReservedDomain::app`]: "update" });
  await s.up("up: description");
  expect(ids(await s.stackExport())).toEqual(first);
  expect(fx.emu.resources("reserved_domains")).toMatchObject([{ description: "Updated by the e2e test" }]);

  await s.setConfig("domain", "e2e-go.ngrok.app");
  const ops = await s.plannedOps("preview --json: domain");
  expect(ops).toMatchObject({
    "urn:pulumi:e2e::ngrok-quickstart-go::ngrok:index:ReservedDomain::app": "replace",
    "urn:pulumi:e2e::ngrok-quickstart-go::ngrok:index:Credential::agent": "update",
  });
  await s.up("up: domain");
  const replaced = ids(await s.stackExport());
  expect(replaced.app).not.toBe(first.app);
  expect(replaced.agent).toBe(first.agent);
  expect(fx.emu.resources("reserved_domains")).toMatchObject([{ domain: "e2e-go.ngrok.app" }]);
  expect(fx.emu.resources("credentials")).toMatchObject([{ acl: ["bind:e2e-go.ngrok.app"] }]);
  await s.previewExpectNoChanges("preview after the replacement");

  await s.destroy();
  expect(fx.emu.resources("reserved_domains")).toEqual([]);
  expect(fx.emu.resources("credentials")).toEqual([]);
  expect(s.transcript).not.toContain(fx.emu.apiKey);
});
