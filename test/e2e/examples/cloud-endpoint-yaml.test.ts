/**
 * examples/cloud-endpoint-yaml end to end: a Pulumi YAML program, run by the YAML language host
 * (scripts/pulumi-language-yaml.sh) through the provider plugin installed from its tarball, its
 * policy written inline in ngrok's spelling: up, no-change preview and refresh, an in-place policy
 * change, a replacement, destroy. Requests sent through the emulator's gateway are answered by
 * the deployed policy.
 */
import { send } from "../../emulator/gateway/support";
import { useYamlExampleStacks, yamlExampleStack } from "../plugin-install";
import type { StackExport } from "../pulumi";

jest.setTimeout(30 * 60_000);

const fx = useYamlExampleStacks();

const urn = (type: string, name: string) => `urn:pulumi:e2e::ngrok-cloud-endpoint-yaml::${type}::${name}`;

function byName(state: StackExport, name: string) {
  return state.deployment.resources!.find((r) => r.urn.endsWith(`::${name}`))!;
}

/** The public endpoint's policy as the API holds it (ngrok's JSON form). */
function policy(host: string): { on_http_request: { name?: string; actions: { type: string; config: Record<string, unknown> }[] }[] } {
  const endpoint = (fx.emu.resources("endpoints") as { url: string; traffic_policy: string }[]).find((e) => e.url === `https://${host}`);
  if (endpoint === undefined) throw new Error(`no endpoint has the url https://${host}`);
  return JSON.parse(endpoint.traffic_policy);
}

it("deploys, changes the policy in place, replaces and destroys the YAML cloud endpoint through the plugin", async () => {
  const s = await yamlExampleStack(fx, "cloud-endpoint-yaml");

  await s.up();
  expect(fx.emu.resources("reserved_domains")).toMatchObject([{ domain: "yaml-app.ngrok.app" }]);
  expect(fx.emu.resources("endpoints")).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ url: "https://api.internal", description: "The app's API" }),
      expect.objectContaining({ url: "https://yaml-app.ngrok.app", description: "The app" }),
    ]),
  );
  expect(policy("yaml-app.ngrok.app").on_http_request.map((r) => r.actions[0]!.type)).toEqual(["rate-limit", "forward-internal", "custom-response"]);
  expect(policy("yaml-app.ngrok.app").on_http_request[0]!.actions[0]!.config).toMatchObject({ capacity: 100, bucket_key: ["conn.client_ip"] });
  expect(policy("yaml-app.ngrok.app").on_http_request[1]!.actions[0]!.config).toEqual({ url: "https://api.internal" });
  // Through the gateway, as a client would reach https://yaml-app.ngrok.app.
  const get = async (host: string, path: string, clientIp = "198.51.100.1") => {
    const res = await send(fx.emu.gateway!.url, host, path, { headers: { "ngrok-emulator-client-ip": clientIp } });
    return [res.status, res.body];
  };
  expect(await get("yaml-app.ngrok.app", "/")).toEqual([200, "Hello from Pulumi YAML at yaml-app.ngrok.app\n"]);
  expect(await get("yaml-app.ngrok.app", "/api/orders")).toEqual([200, '{"service":"api","path":"/api/orders"}']);
  const state = await s.stackExport();
  expect(byName(state, "app").type).toBe("ngrok:index:CloudEndpoint");
  expect((await s.outputs()).url).toBe("https://yaml-app.ngrok.app");
  await s.previewExpectNoChanges();
  await s.refreshExpectNoChanges();

  const first = byName(state, "app").id;
  await s.setConfig("rateLimit", "50");
  await s.setConfig("greeting", "Hello again");
  expect(await s.plannedOps("preview --json: rateLimit, greeting")).toMatchObject({ [urn("ngrok:index:CloudEndpoint", "app")]: "update" });
  await s.up("up: policy");
  expect(byName(await s.stackExport(), "app").id).toBe(first);
  expect(policy("yaml-app.ngrok.app").on_http_request[0]!.actions[0]!.config).toMatchObject({ capacity: 50 });
  expect(policy("yaml-app.ngrok.app").on_http_request[2]!.actions[0]!.config).toMatchObject({ body: "Hello again at ${req.host}\n" });
  // The new capacity, counted for a client of its own.
  const statuses: unknown[] = [];
  for (let i = 0; i < 51; i++) statuses.push((await get("yaml-app.ngrok.app", "/", "203.0.113.9"))[0]);
  expect(statuses.filter((st) => st === 200).length).toBe(50);
  expect(statuses.at(-1)).toBe(429);
  await s.previewExpectNoChanges("preview after the policy change");
  await s.refreshExpectNoChanges("refresh after the policy change");

  await s.setConfig("domain", "yaml-moved.ngrok.app");
  expect(await s.plannedOps("preview --json: domain")).toMatchObject({
    [urn("ngrok:index:ReservedDomain", "app-domain")]: "replace",
    [urn("ngrok:index:CloudEndpoint", "app")]: "replace",
  });
  await s.up("up: domain");
  expect(byName(await s.stackExport(), "app").id).not.toBe(first);
  expect(fx.emu.resources("reserved_domains")).toMatchObject([{ domain: "yaml-moved.ngrok.app" }]);
  expect(policy("yaml-moved.ngrok.app").on_http_request[0]!.actions[0]!.config).toMatchObject({ capacity: 50 });
  await s.previewExpectNoChanges("preview after the replacement");

  await s.destroy();
  for (const kind of ["endpoints", "reserved_domains"]) expect({ kind, rows: fx.emu.resources(kind) }).toEqual({ kind, rows: [] });
  expect(s.transcript).not.toContain(fx.emu.apiKey);
});
