/**
 * An API newer than the provider: ngrok adds bindings beyond `public`, `internal` and `kubernetes`
 * (its Kubernetes operator plans a `private` binding under `.internal`) and new fields on endpoints
 * (the OpenAPI description's Endpoint grows: https://github.com/ngrok/ngrok-openapi). A read, a
 * refresh and a lookup of such an endpoint keep the binding as the API gives it and ignore what
 * they do not know; nothing the API answers is refused on the way in. A proxy in front of the
 * emulator answers as that newer API would.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as pulumi from "@pulumi/pulumi";
import { startEmulator, type Emulator } from "../../../emulator";
import { Provider, type Handler } from "../../../provider";
import { call } from "../../support/api";
import { settingsFor } from "../../support/provider";

const sdk = require("pulumi-ngrok") as typeof import("../../../sdk/generated");

/** What the newer API adds to each endpoint it answers. */
function newer(endpoint: Record<string, unknown>): Record<string, unknown> {
  const internal = String(endpoint["url"] ?? "").includes(".internal");
  return {
    ...endpoint,
    ...(internal ? { bindings: ["private"] } : {}),
    upstream: { url: "http://localhost:8080", protocol: "http1" },
    traffic_identity_settings: { enabled: true },
    observability: null,
  };
}

let emu: Emulator;
let proxy: Server;
let proxyUrl: string;
let provider: Provider;
let endpoint: Handler;

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  proxy = createServer((req, res) => {
    const out = request(`${emu.url}${req.url ?? "/"}`, { method: req.method, headers: { ...req.headers, host: new URL(emu.url).host } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (c: Buffer) => chunks.push(c));
      answer.on("end", () => {
        let body = Buffer.concat(chunks).toString("utf8");
        if (req.method !== "DELETE" && /^\/endpoints(\/|\?|$)/.test(req.url ?? "") && body !== "" && (answer.statusCode ?? 500) < 300) {
          const json = JSON.parse(body) as Record<string, unknown>;
          const changed = Array.isArray(json["endpoints"]) ? { ...json, endpoints: (json["endpoints"] as Record<string, unknown>[]).map(newer) } : newer(json);
          body = JSON.stringify(changed).replaceAll(emu.url, proxyUrl);
        }
        const headers = { ...answer.headers, "content-length": String(Buffer.byteLength(body)) };
        res.writeHead(answer.statusCode ?? 502, headers);
        res.end(body);
      });
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const settings = settingsFor({ ...emu, url: proxyUrl } as Emulator, { "ngrok:rateLimit": "off" }, { rateLimit: false });
  provider = new Provider({ settings });
  endpoint = provider.handler("CloudEndpoint");
  pulumi.runtime.setAllConfig({ "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": proxyUrl, "ngrok:rateLimit": "off" }, ["ngrok:apiKey"]);
});
afterAll(async () => {
  await provider.close();
  await new Promise((resolve) => proxy.close(resolve));
  await emu.close();
});

const policy = { onHttpRequest: [{ actions: [{ type: "custom-response", config: { statusCode: 200, body: "ok" } }] }] };

it("a create, read and refresh keep a binding the provider does not know, and no change is shown", async () => {
  const inputs = { url: "https://svc.internal", trafficPolicy: policy, description: "operator's" };
  const { id, outs } = await endpoint.create(inputs);
  expect(outs["bindings"]).toEqual(["private"]);
  const read = await endpoint.read(id, outs);
  expect(read.props).toMatchObject({ url: "https://svc.internal", bindings: ["private"], description: "operator's" });
  // A refresh keeps the state as read; the next preview checks and diffs the program against it.
  expect((await endpoint.check(read.props, inputs)).failures).toEqual([]);
  expect(await endpoint.diff(id, read.props, inputs)).toMatchObject({ changes: false });
  // Imported or adopted: read with no state at all.
  expect((await endpoint.read(id, {})).props).toMatchObject({ bindings: ["private"] });
  await endpoint.delete(id, read.props);
  expect((await call(emu, "GET", `/endpoints/${id}`)).status).toBe(404);
});

it("a lookup by id and by url answers the binding as the API gives it", async () => {
  const made = (await call(emu, "POST", "/endpoints", { url: "https://looked.internal", traffic_policy: JSON.stringify({ on_http_request: [{ actions: [{ type: "deny" }] }] }) })).json;
  expect((await sdk.getCloudEndpoint({ id: made.id as string })).bindings).toEqual(["private"]);
  expect((await sdk.getCloudEndpoint({ url: "https://looked.internal" })).bindings).toEqual(["private"]);
  await call(emu, "DELETE", `/endpoints/${made.id as string}`);
});
