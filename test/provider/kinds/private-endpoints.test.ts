/**
 * getPrivateEndpoint and getPrivateEndpoints, called as a program calls them (the built SDK, the
 * stack's config) against the emulator over loopback: the account's endpoints on `.internal` and
 * `.ngrok.direct` hosts, started by agents through the emulator's control path and by cloud
 * endpoints, grouped by URL (a pool's endpoints together), the others left out.
 */
import * as pulumi from "@pulumi/pulumi";
import { startEmulator, type Emulator } from "../../../emulator";
import { call } from "../../support/api";

const sdk = require("pulumi-ngrok") as typeof import("../../../sdk/generated");

let emu: Emulator;
let fleet: string;
let other: string;
let pool: { id: string }[];
let shop: string;
const respond = JSON.stringify({ on_http_request: [{ actions: [{ type: "custom-response", config: { status_code: 200 } }] }] });

const endpointLists = () => emu.requests.filter((r) => r.method === "GET" && r.path === "/endpoints").length;

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  pulumi.runtime.setAllConfig({ "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": emu.url, "ngrok:rateLimit": "off" }, ["ngrok:apiKey"]);
  fleet = (await call(emu, "POST", "/credentials", { description: "fleet" })).json.id as string;
  other = (await call(emu, "POST", "/credentials", { description: "other" })).json.id as string;
  const agent = (credentialId: string, tunnels: Parameters<Emulator["connectAgent"]>[0]["tunnels"]) =>
    emu.connectAgent({ credentialId, os: "linux", agentVersion: "3.19.0", tunnels });
  // The app's pool: two agents on one URL, each with --pooling-enabled.
  const pooled = { proto: "https" as const, publicUrl: "https://app.internal", forwardsTo: "http://localhost:8080", poolingEnabled: true };
  agent(fleet, [pooled]);
  agent(fleet, [pooled, { proto: "tls", publicUrl: "tls://db.internal", forwardsTo: "localhost:5432" }]);
  agent(other, [
    { proto: "tcp", publicUrl: "tcp://redis.internal:6379", forwardsTo: "localhost:6379" },
    { proto: "https", publicUrl: "https://web.ngrok.direct", forwardsTo: "http://localhost:3000" },
    { proto: "https", publicUrl: "https://shop.example.com", forwardsTo: "http://localhost:3000" },
  ]);
  // A cloud endpoint on an internal URL is private too; one bound to Kubernetes is not.
  expect((await call(emu, "POST", "/endpoints", { url: "https://api.internal", traffic_policy: respond })).status).toBe(201);
  expect((await call(emu, "POST", "/endpoints", { url: "https://k8s.internal", bindings: ["kubernetes"], traffic_policy: respond })).status).toBe(201);
  const listed = (await call(emu, "GET", "/endpoints")).json.endpoints as { id: string; url: string }[];
  pool = listed.filter((e) => e.url === "https://app.internal");
  shop = listed.find((e) => e.url === "https://shop.example.com")!.id;
});
afterAll(async () => {
  await emu.close();
});

describe("getPrivateEndpoints", () => {
  it("lists each private URL once, newest first, with the endpoints on it; public and Kubernetes-bound endpoints are left out", async () => {
    const all = await sdk.getPrivateEndpoints();
    expect(all.urls).toEqual(["https://api.internal", "https://web.ngrok.direct", "tcp://redis.internal:6379", "tls://db.internal:443", "https://app.internal"]);
    expect(all.privateEndpoints.map((p) => p.url)).toEqual(all.urls);
    const app = all.privateEndpoints.find((p) => p.url === "https://app.internal")!;
    expect(app).toEqual({
      url: "https://app.internal",
      scheme: "https",
      hostname: "app.internal",
      port: 443,
      endpoints: pool.map((e) => ({
        id: e.id,
        uri: `${emu.url}/endpoints/${e.id}`,
        type: "ephemeral",
        poolingEnabled: true,
        upstreamUrl: "http://localhost:8080",
        tunnelSession: { id: expect.stringMatching(/^ts_/), uri: expect.stringContaining("/tunnel_sessions/ts_") },
        createdAt: expect.any(String),
      })),
    });
    expect(app.endpoints).toHaveLength(2);
    expect(all.privateEndpoints.find((p) => p.hostname === "db.internal")).toMatchObject({ scheme: "tls", port: 443 });
    expect(all.privateEndpoints.find((p) => p.hostname === "api.internal")!.endpoints).toEqual([expect.objectContaining({ type: "cloud" })]);
  });

  it.each([
    ["scheme", { scheme: "tcp" }, ["tcp://redis.internal:6379"]],
    ["type", { type: "cloud" }, ["https://api.internal"]],
    ["credential", { credentialId: "fleet" }, ["tls://db.internal:443", "https://app.internal"]],
    ["credential and scheme", { credentialId: "other", scheme: "https" }, ["https://web.ngrok.direct"]],
    ["a credential with no agent", { credentialId: "cr_nobody" }, []],
  ] as const)("narrows by %s", async (_name, filter, urls) => {
    const args: Record<string, string> = { ...filter };
    if (args.credentialId === "fleet") args.credentialId = fleet;
    if (args.credentialId === "other") args.credentialId = other;
    expect((await sdk.getPrivateEndpoints(args)).urls).toEqual(urls);
  });
});

describe("getPrivateEndpoint", () => {
  it("lookups share one walk of the endpoints list; a URL it does not hold is looked for in a new walk", async () => {
    const before = endpointLists();
    const found = await Promise.all(["https://app.internal", "tcp://redis.internal:6379", "https://api.internal"].map((url) => sdk.getPrivateEndpoint({ url })));
    expect(found.map((p) => p.hostname)).toEqual(["app.internal", "redis.internal", "api.internal"]);
    expect(endpointLists() - before).toBe(1);
    // An agent connects after the walk: the next lookup of its URL walks the list again.
    emu.connectAgent({ credentialId: fleet, os: "linux", agentVersion: "3.19.0", tunnels: [{ proto: "http", publicUrl: "http://late.internal", forwardsTo: "localhost:80" }] });
    expect(await sdk.getPrivateEndpoint({ url: "http://late.internal" })).toMatchObject({ url: "http://late.internal", port: 80 });
    expect(endpointLists() - before).toBe(2);
  });

  it("finds a private endpoint by its URL in any spelling, or by the id of an endpoint on it", async () => {
    const byUrl = await sdk.getPrivateEndpoint({ url: "https://APP.internal:443" });
    expect(byUrl.url).toBe("https://app.internal");
    expect(byUrl.endpoints.map((e) => e.id)).toEqual(pool.map((e) => e.id));
    expect(await sdk.getPrivateEndpoint({ id: pool[1]!.id })).toEqual(byUrl);
    expect(await sdk.getPrivateEndpoint({ url: "tls://db.internal" })).toMatchObject({ url: "tls://db.internal:443", port: 443 });
    expect(await sdk.getPrivateEndpoint({ url: "https://web.ngrok.direct" })).toMatchObject({ hostname: "web.ngrok.direct", endpoints: [{ type: "ephemeral" }] });
  });

  it("fails in one line naming what is missing: no endpoint online on the URL, an endpoint that is not private, none by that id", async () => {
    await expect(sdk.getPrivateEndpoint({ url: "https://gone.internal" })).rejects.toThrow(
      /^getPrivateEndpoint: no endpoint of the account is online on https:\/\/gone\.internal: start one there \(ngrok http 8080 --url https:\/\/gone\.internal\)/,
    );
    await expect(sdk.getPrivateEndpoint({ id: shop })).rejects.toThrow(`getPrivateEndpoint: endpoint ${shop} is not a private endpoint's: its URL is not on a .internal or .ngrok.direct host`);
    await expect(sdk.getPrivateEndpoint({ id: "ep_" + "0".repeat(27) })).rejects.toThrow(/^getPrivateEndpoint: no endpoint ep_0+ is online$/);
  });

  it("checks its arguments before any request, naming them", async () => {
    const before = emu.requests.length;
    await expect(sdk.getPrivateEndpoint({})).rejects.toThrow("getPrivateEndpoint: give url or id (not both)");
    await expect(sdk.getPrivateEndpoint({ url: "https://app.internal", id: pool[0]!.id })).rejects.toThrow("getPrivateEndpoint: give url or id (not both)");
    await expect(sdk.getPrivateEndpoint({ url: "https://shop.example.com" })).rejects.toThrow(/^getPrivateEndpoint: url must be an http, https, tcp or tls URL on a \.internal or \.ngrok\.direct host/);
    await expect(sdk.getPrivateEndpoint({ url: "tcp://redis.internal" })).rejects.toThrow(/url must be/);
    await expect(sdk.getPrivateEndpoint({ id: "tn_123" })).rejects.toThrow("getPrivateEndpoint: id must be an endpoint id (ep_...)");
    await expect(sdk.getPrivateEndpoints({ scheme: "udp" as never })).rejects.toThrow(/^getPrivateEndpoints: scheme must be one of "http", "https", "tcp", "tls"$/);
    expect(emu.requests.length).toBe(before);
  });
});
