/**
 * The two doors of the one TypeScript API, as the engine sees them (Pulumi's mocks, no engine):
 * the same program registers dynamic resources through pulumi-ngrok and the plugin's resources
 * through pulumi-ngrok-plugin (built from dist/ as `make plugin` builds it), each with the other
 * door's type as an alias (so that a stack moves between them), the program's own options kept.
 */
import * as fs from "fs";
import * as path from "path";
import { inspect } from "util";
import * as pulumi from "@pulumi/pulumi";
import type * as resproto from "@pulumi/pulumi/proto/resource_pb";
import { pluginPackage } from "../../support/plugin-package";

type Sdk = typeof import("../../../sdk/generated");

interface Registration {
  type: string;
  name: string;
  parent: string;
  version: string;
  pluginDownloadURL: string;
  aliasTypes: string[];
  aliasNames: string[];
  inputs: Record<string, unknown>;
}

interface Invocation {
  token: string;
  version: string;
  pluginDownloadURL: string;
}

/** The registrations and invocations the program makes, as the resource monitor receives them. */
async function capture(program: (sdk: Sdk) => pulumi.Resource[], sdk: Sdk): Promise<{ registered: Registration[]; invoked: Invocation[] }> {
  const registered: Registration[] = [];
  const invoked: Invocation[] = [];
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({ id: `${args.name}-id`, state: { ...args.inputs, edgeId: "edghts_1" } }),
      call: () => ({ id: "rd_1", domain: "app.example.com" }),
    },
    "doors-test",
    "dev",
    false,
  );
  const monitor = (require("@pulumi/pulumi/runtime/settings") as { getMonitor(): Record<string, (...a: unknown[]) => unknown> }).getMonitor();
  const register = monitor.registerResource!.bind(monitor);
  monitor.registerResource = (req: unknown, callback: unknown) => {
    const r = req as resproto.RegisterResourceRequest;
    const specs = r.getAliasesList().map((a) => a.getSpec());
    registered.push({
      type: r.getType(),
      name: r.getName(),
      parent: r.getParent(),
      version: r.getVersion(),
      pluginDownloadURL: r.getPlugindownloadurl(),
      aliasTypes: specs.map((s) => s?.getType() ?? "").filter((t) => t !== ""),
      aliasNames: specs.map((s) => s?.getName() ?? "").filter((n) => n !== ""),
      inputs: r.getObject()?.toJavaScript() ?? {},
    });
    return register(req, callback);
  };
  const invoke = monitor.invoke!.bind(monitor);
  monitor.invoke = (req: unknown, callback: unknown) => {
    const r = req as resproto.ResourceInvokeRequest;
    invoked.push({ token: r.getTok(), version: r.getVersion(), pluginDownloadURL: r.getPlugindownloadurl() });
    return invoke(req, callback);
  };
  const made = program(sdk);
  await Promise.all(made.map((r) => new Promise<void>((resolve) => r.urn.apply(() => resolve()))));
  return { registered, invoked };
}

/** A domain, an endpoint under it, an edge, a route under the edge (`edge`) and a module under the route (`route`). */
function program(ngrok: Sdk): pulumi.Resource[] {
  const domain = new ngrok.ReservedDomain("app", { domain: "app.example.com" });
  const endpoint = new ngrok.CloudEndpoint(
    "app",
    { url: "https://app.example.com", trafficPolicy: { onHttpRequest: [{ actions: [{ type: "custom-response", config: { statusCode: 200 } }] }] } },
    { parent: domain, aliases: [{ name: "old-app" }] },
  );
  const edge = new ngrok.HttpsEdge("edge", { hostports: ["app.example.com:443"] });
  const route = new ngrok.HttpsEdgeRoute("web", { edge, matchType: "path_prefix", match: "/" });
  const breaker = new ngrok.HttpsEdgeRouteCircuitBreaker("breaker", { route, errorThresholdPercentage: 0.5 });
  return [domain, endpoint, edge, route, breaker];
}

const kinds = ["ReservedDomain", "CloudEndpoint", "HttpsEdge", "HttpsEdgeRoute", "HttpsEdgeRouteCircuitBreaker"];
const order = (r: Registration): number => kinds.indexOf(r.type.split(":").pop()!);
const version = (require("../../../package.json") as { version: string }).version;
/** Where Pulumi downloads the plugin: the repository's GitHub releases. */
const server = "github://api.github.com/pulumi-ngrok/pulumi-ngrok";

it("pulumi-ngrok-plugin's package.json has Pulumi download the plugin of its version; pulumi-ngrok names no plugin", () => {
  const manifest = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string; pulumi?: unknown };
  const plugin = manifest(pluginPackage().dir);
  expect({ version: plugin.version, pulumi: plugin.pulumi }).toEqual({ version, pulumi: { resource: true, name: "ngrok", version, server } });
  // The dynamic package's resources run in Pulumi's own dynamic-provider plugin: a `resource`
  // block would have Pulumi fetch a plugin the program never uses.
  expect(manifest(path.join(__dirname, "..", "..", "..")).pulumi).toBeUndefined();
});

it("pulumi-ngrok registers dynamic resources, each aliased to the plugin's type", async () => {
  const { registered } = await capture(program, require("pulumi-ngrok") as Sdk);
  // In the program's order (registrations reach the monitor in any order).
  const managed = registered.filter((r) => r.type !== "pulumi:pulumi:Stack").sort((a, b) => order(a) - order(b));
  expect(
    managed.map((r) => ({ type: r.type, version: r.version, pluginDownloadURL: r.pluginDownloadURL, aliasTypes: r.aliasTypes, stub: typeof r.inputs.__provider })),
  ).toEqual(kinds.map((k) => ({ type: `pulumi-nodejs:dynamic/ngrok:${k}`, version: "", pluginDownloadURL: "", aliasTypes: [`ngrok:index:${k}`], stub: "string" })));
  // The program's own aliases stay.
  expect(managed[1]!.aliasNames).toEqual(["old-app"]);
});

it("pulumi-ngrok-plugin registers the plugin's resources of its own version, each aliased to the dynamic type, and invokes the plugin's functions", async () => {
  const plugin = require(pluginPackage().dir) as Sdk;
  const { registered, invoked } = await capture((sdk) => {
    const made = program(sdk);
    void sdk.getReservedDomain({ domain: "app.example.com" });
    return made;
  }, plugin);
  // In the program's order (registrations reach the monitor in any order).
  const managed = registered.filter((r) => r.type !== "pulumi:pulumi:Stack").sort((a, b) => order(a) - order(b));
  expect(
    managed.map((r) => ({ type: r.type, version: r.version, pluginDownloadURL: r.pluginDownloadURL, aliasTypes: r.aliasTypes, stub: typeof r.inputs.__provider })),
  ).toEqual(kinds.map((k) => ({ type: `ngrok:index:${k}`, version, pluginDownloadURL: server, aliasTypes: [`pulumi-nodejs:dynamic/ngrok:${k}`], stub: "undefined" })));
  expect(managed[1]!.aliasNames).toEqual(["old-app"]);
  // The parent arguments work as on the other door: the route's parent is the edge, the module's the route.
  const urnOf = (name: string) => managed.find((r) => r.name === name)!;
  expect({ route: urnOf("web").parent, module: urnOf("breaker").parent }).toEqual({
    route: expect.stringMatching(/::ngrok:index:HttpsEdge::edge$/),
    module: expect.stringMatching(/::ngrok:index:HttpsEdge\$ngrok:index:HttpsEdgeRoute::web$/),
  });
  expect(urnOf("breaker").inputs).toMatchObject({ edgeId: "edghts_1", routeId: "web-id" });
  // The typed policy is split as on the other door: the class is the same.
  expect(managed[1]!.inputs).toHaveProperty("trafficPolicy.onHttpRequest");
  await new Promise((resolve) => setImmediate(resolve));
  expect(invoked).toEqual([{ token: "ngrok:index:getReservedDomain", version, pluginDownloadURL: server }]);
});

it("a function's failure on pulumi-ngrok-plugin, inspected as Pulumi's runtime inspects an uncaught error, is one line", async () => {
  const plugin = require(pluginPackage().dir) as Sdk;
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => ({ id: `${args.name}-id`, state: args.inputs }),
      call: () => {
        throw new Error('getReservedDomain: no ReservedDomain has domain "nobody.example.com"');
      },
    },
    "doors-test",
    "dev",
    false,
  );
  const failure = await plugin.getReservedDomain({ domain: "nobody.example.com" }).catch((e: unknown) => e);
  expect(failure).toBeInstanceOf(Error);
  const { name, message } = failure as Error;
  expect(inspect(failure, { colors: true })).toBe(`${name}: ${message}`);
});
