/**
 * examples/cloud-endpoint-java end to end: a reserved domain and a cloud endpoint with its typed
 * Traffic Policy in Java, run by the Java language host (scripts/pulumi-language-java.sh), which
 * builds the program with Maven against com.pulumi:pulumi from Maven Central and the Java SDK of
 * sdk/java (built with Maven and published to a Maven repository of the test's own), through the
 * provider plugin installed from its tarball: up, no-change preview and refresh, destroy. (Each
 * command builds the program with Maven: the in-place changes are the other languages' tests'.)
 */
import { useEmulatorStacks } from "../fixture";
import { javaExampleReady, javaExampleStack } from "../java";

jest.setTimeout(30 * 60_000);

const fx = useEmulatorStacks({ emulator: { rateLimit: false }, ready: javaExampleReady });

function policy(): { on_http_request: { name: string; actions: { type: string; config: Record<string, unknown> }[] }[] } {
  const [endpoint] = fx.emu.resources("endpoints") as { traffic_policy: string }[];
  return JSON.parse(endpoint!.traffic_policy);
}

it("deploys, previews and refreshes with no change, and destroys the Java cloud endpoint through the plugin", async () => {
  const s = await javaExampleStack(fx, "cloud-endpoint-java");

  await s.up();
  expect(fx.emu.resources("reserved_domains")).toMatchObject([{ domain: "java-app.ngrok.app", description: "The Java app's public hostname" }]);
  expect(fx.emu.resources("endpoints")).toMatchObject([{ url: "https://java-app.ngrok.app", type: "cloud", description: "The Java app" }]);
  expect(policy().on_http_request.map((r) => [r.name, r.actions[0]!.type])).toEqual([
    ["rate limit per client", "rate-limit"],
    ["the API", "forward-internal"],
    ["everything else", "custom-response"],
  ]);
  expect(policy().on_http_request[0]!.actions[0]!.config).toMatchObject({ capacity: 30, bucket_key: ["conn.client_ip"] });
  expect(await s.outputs()).toMatchObject({ url: "https://java-app.ngrok.app" });
  await s.previewExpectNoChanges();
  await s.refreshExpectNoChanges();

  await s.destroy();
  for (const kind of ["endpoints", "reserved_domains"]) expect({ kind, rows: fx.emu.resources(kind) }).toEqual({ kind, rows: [] });
  expect(s.transcript).not.toContain(fx.emu.apiKey);
});
