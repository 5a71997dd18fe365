/**
 * The lookups of Kubernetes operators and the endpoints bound to their clusters, called as a
 * program calls them (the built SDK, the stack's config), against the emulator over loopback; and
 * the emulator's rules for what an operator registers.
 */
import * as pulumi from "@pulumi/pulumi";
import { startEmulator, type Emulator } from "../../../emulator";
import { call, expectError } from "../../support/api";

const sdk = require("pulumi-ngrok") as typeof import("../../../sdk/generated");

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  pulumi.runtime.setAllConfig({ "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": emu.url, "ngrok:rateLimit": "off" }, ["ngrok:apiKey"]);
});
afterAll(async () => {
  await emu.close();
});

const register = async (body: Record<string, unknown>): Promise<string> => {
  const r = await call(emu, "POST", "/kubernetes_operators", body);
  expect(r.status).toBe(201);
  return r.json.id as string;
};

describe("Kubernetes operators in the emulator", () => {
  it("registers, changes and deletes an operator with the API's shape, and refuses what the API refuses", async () => {
    const made = await call(emu, "POST", "/kubernetes_operators", { description: "prod", enabled_features: ["ingress"], deployment: { name: "ngrok-operator", namespace: "ngrok-operator" } });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({
      id: expect.stringMatching(/^k8sop_/),
      description: "prod",
      enabled_features: ["ingress"],
      region: "global",
      deployment: { name: "ngrok-operator", namespace: "ngrok-operator", version: "", cluster_name: "" },
      principal: { id: expect.stringMatching(/^usr_/) },
      binding: null,
    });
    const id = made.json.id as string;
    const patched = await call(emu, "PATCH", `/kubernetes_operators/${id}`, { enabled_features: ["ingress", "bindings"], deployment: { version: "0.19.0" } });
    expect(patched.json).toMatchObject({ enabled_features: ["ingress", "bindings"], deployment: { name: "ngrok-operator", version: "0.19.0" }, binding: { endpoint_selectors: ["true"] } });
    expectError(await call(emu, "POST", "/kubernetes_operators", { enabled_features: ["mesh"] }), 400, "ERR_NGROK_215");
    expectError(await call(emu, "POST", "/kubernetes_operators", { binding: { endpoint_selectors: ["true"] } }), 400, "ERR_NGROK_215");
    expectError(await call(emu, "POST", "/kubernetes_operators", { description: "d".repeat(256) }), 400, "ERR_NGROK_215");
    expect((await call(emu, "DELETE", `/kubernetes_operators/${id}`)).status).toBe(204);
    expect((await call(emu, "GET", `/kubernetes_operators/${id}`)).status).toBe(404);
  });
});

describe("getKubernetesOperator, getKubernetesOperators and getKubernetesOperatorBoundEndpoints", () => {
  it("read what operators registered, narrow the list, and list the endpoints bound to a cluster", async () => {
    const bindings = await register({ description: "east", enabled_features: ["bindings"], deployment: { cluster_name: "east" }, binding: { endpoint_selectors: ["true"] } });
    const ingress = await register({ description: "west", enabled_features: ["ingress"], deployment: { cluster_name: "west" } });
    await call(emu, "POST", "/reserved_domains", { domain: "bound.example.com" });
    const policy = '{"on_http_request":[{"actions":[{"type":"deny"}]}]}';
    const bound = (await call(emu, "POST", "/endpoints", { type: "cloud", url: "https://bound.example.com", bindings: ["kubernetes"], traffic_policy: policy })).json.id as string;
    await call(emu, "POST", "/endpoints", { type: "cloud", url: "https://public.internal", traffic_policy: policy });

    expect(await sdk.getKubernetesOperator({ id: bindings })).toMatchObject({
      id: bindings,
      description: "east",
      enabledFeatures: ["bindings"],
      region: "global",
      deployment: { clusterName: "east" },
      binding: { endpointSelectors: ["true"] },
    });
    expect((await sdk.getKubernetesOperators({})).ids).toEqual([ingress, bindings]);
    expect((await sdk.getKubernetesOperators({ feature: "bindings" })).ids).toEqual([bindings]);
    expect((await sdk.getKubernetesOperators({ clusterName: "west" })).ids).toEqual([ingress]);

    const projected = await sdk.getKubernetesOperatorBoundEndpoints({ id: bindings });
    expect(projected.ids).toEqual([bound]);
    expect(projected.endpoints[0]).toMatchObject({ url: "https://bound.example.com", type: "cloud", bindings: ["kubernetes"] });
    // Without the Bindings feature, nothing is projected.
    expect((await sdk.getKubernetesOperatorBoundEndpoints({ id: ingress })).ids).toEqual([]);

    const gone = "k8sop_2abcdefghijklmnopqrstuvwxyz";
    await expect(sdk.getKubernetesOperator({ id: gone })).rejects.toThrow(new RegExp(`a Kubernetes operator ${gone} is not registered \\(not found\\)`));
    await expect(sdk.getKubernetesOperatorBoundEndpoints({ id: gone })).rejects.toThrow(/is not registered \(not found\)/);
    await expect(sdk.getKubernetesOperator({ id: "ep_x" })).rejects.toThrow("getKubernetesOperator: id must be a Kubernetes operator id (k8sop_...)");
  });
});
