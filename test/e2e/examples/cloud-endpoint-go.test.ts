/**
 * examples/cloud-endpoint-go end to end: a cloud endpoint and its Traffic Policy in Go, run by the
 * Go language host (scripts/pulumi-language-go.sh) through the provider plugin installed from its
 * tarball and the Go SDK generated in sdk/go: up, no-change preview and refresh, an in-place
 * policy change, a replacement, destroy. The OIDC client secret, nested in the policy as a secret
 * config value, is split into `trafficPolicySecrets` by the plugin and stays an encrypted secret.
 */
import { goExampleStack, useGoExampleStacks } from "../plugin-install";
import { isEncryptedSecret, revealedSecret, type StackExport } from "../pulumi";

jest.setTimeout(30 * 60_000);

const clientSecret = "e2e-go-oidc-client-s3cret";
const fx = useGoExampleStacks();

const urn = (type: string, name: string) => `urn:pulumi:e2e::ngrok-cloud-endpoint-go::${type}::${name}`;
const appUrn = urn("ngrok:index:ReservedDomain$ngrok:index:CloudEndpoint", "app");

function byName(state: StackExport, name: string) {
  return state.deployment.resources!.find((r) => r.urn.endsWith(`::${name}`))!;
}

/** The endpoint's policy as the API holds it (ngrok's JSON form). */
function policy(): { on_http_request: { actions: { type: string; config: Record<string, unknown> }[] }[] } {
  const [endpoint] = fx.emu.resources("endpoints") as { traffic_policy: string }[];
  return JSON.parse(endpoint!.traffic_policy);
}

it("deploys, changes the policy in place, replaces and destroys the Go cloud endpoint through the plugin", async () => {
  const s = await goExampleStack(fx, "cloud-endpoint-go", { oidcClientSecret: clientSecret });

  await s.up();
  expect(fx.emu.resources("endpoints")).toMatchObject([{ url: "https://cloud-app.ngrok.app", type: "cloud", description: "The app: web UI, signed in" }]);
  expect(policy().on_http_request.map((r) => r.actions[0]!.type)).toEqual(["rate-limit", "openid-connect", "forward-internal"]);
  expect(policy().on_http_request[0]!.actions[0]!.config).toMatchObject({ capacity: 100 });
  expect(policy().on_http_request[1]!.actions[0]!.config).toMatchObject({ client_id: "web-app", client_secret: clientSecret });

  const state = await s.stackExport();
  const app = byName(state, "app");
  expect(app.type).toBe("ngrok:index:CloudEndpoint");
  // The client secret split out of the policy, an encrypted secret in state; the rest of the
  // policy readable there: the program gave only the client secret as a secret.
  const stored = (where: "inputs" | "outputs") => ({
    where,
    trafficPolicySecrets: isEncryptedSecret(app[where]!.trafficPolicySecrets) ? "encrypted" : app[where]!.trafficPolicySecrets === undefined ? "absent" : "readable",
    trafficPolicy: isEncryptedSecret(app[where]!.trafficPolicy) ? "encrypted" : "readable",
  });
  expect([stored("inputs"), stored("outputs")]).toEqual([
    { where: "inputs", trafficPolicySecrets: "encrypted", trafficPolicy: "readable" },
    { where: "outputs", trafficPolicySecrets: "encrypted", trafficPolicy: "readable" },
  ]);
  const revealed = byName(await s.stackExportWithSecrets(), "app");
  expect(revealedSecret(revealed.inputs!.trafficPolicySecrets)).toEqual({ "onHttpRequest[1].actions[0].config.clientSecret": clientSecret });
  expect(isEncryptedSecret(byName(state, "app-agents").outputs!.token)).toBe(true);
  expect((await s.outputs()).agentAuthtoken).toBe("[secret]");
  await s.previewExpectNoChanges();
  await s.refreshExpectNoChanges();

  const first = app.id;
  await s.setConfig("rateLimit", "50");
  await s.setConfig("oidcClientId", "web-app-v2");
  expect(await s.plannedOps("preview --json: rateLimit, oidcClientId")).toMatchObject({ [appUrn]: "update" });
  await s.up("up: policy");
  expect(byName(await s.stackExport(), "app").id).toBe(first);
  expect(policy().on_http_request[0]!.actions[0]!.config).toMatchObject({ capacity: 50 });
  expect(policy().on_http_request[1]!.actions[0]!.config).toMatchObject({ client_id: "web-app-v2", client_secret: clientSecret });
  await s.previewExpectNoChanges("preview after the policy change");

  await s.setConfig("domain", "cloud-go.ngrok.app");
  expect(await s.plannedOps("preview --json: domain")).toMatchObject({ [urn("ngrok:index:ReservedDomain", "app-domain")]: "replace", [appUrn]: "replace" });
  await s.up("up: domain");
  expect(byName(await s.stackExport(), "app").id).not.toBe(first);
  expect(fx.emu.resources("endpoints")).toMatchObject([{ url: "https://cloud-go.ngrok.app" }]);
  expect(fx.emu.resources("reserved_domains")).toMatchObject([{ domain: "cloud-go.ngrok.app" }]);
  await s.previewExpectNoChanges("preview after the replacement");

  await s.destroy();
  for (const kind of ["endpoints", "reserved_domains", "credentials"]) expect({ kind, rows: fx.emu.resources(kind) }).toEqual({ kind, rows: [] });
  expect(JSON.stringify(await s.stackExport())).not.toContain(clientSecret);
  expect(s.transcript).not.toContain(clientSecret);
  expect(s.transcript).not.toContain(fx.emu.apiKey);
});
