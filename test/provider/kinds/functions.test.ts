/**
 * The lookups of live state (tunnel sessions, tunnels, endpoints), called as a program calls them:
 * from the built SDK, with the settings in the stack's config (or the environment), against the
 * emulator over loopback, agents simulated through its control path.
 */
import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { startEmulator, type Emulator } from "../../../emulator";
import { boundKinds } from "../../support/provider";
import { call } from "../../support/api";

const sdk = require("pulumi-ngrok") as typeof import("../../../sdk/generated");

let emu: Emulator;

function useStackConfig(extra: Record<string, string> = {}): void {
  pulumi.runtime.setAllConfig(
    { "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": emu.url, "ngrok:maxRetries": "4", ...extra },
    ["ngrok:apiKey"],
  );
}

beforeAll(async () => {
  emu = await startEmulator();
  useStackConfig();
});
afterAll(async () => {
  await emu.close();
});

async function credential(description: string): Promise<string> {
  return (await call(emu, "POST", "/credentials", { description })).json.id as string;
}

/** An agent connected through the emulator's control path, as the README tells users to. */
async function connectOverHttp(body: Record<string, unknown>): Promise<{ id: string }> {
  const answer = await call(emu, "POST", "/_emulator/agents", body);
  expect(answer.status).toBe(201);
  return answer.json as { id: string };
}

const listRequests = (path: string) => emu.requests.filter((r) => r.method === "GET" && r.path === path).length;

describe("getTunnelSessions / getTunnelSession", () => {
  let fleet: string;
  let other: string;

  beforeAll(async () => {
    fleet = await credential("fleet");
    other = await credential("other");
    // More than the API's page size of 100, from two credentials, interleaved.
    for (let i = 0; i < 120; i++) {
      emu.connectAgent({ credentialId: i % 12 === 0 ? other : fleet, os: "linux", agentVersion: "3.18.4", metadata: `agent-${i}`, tunnels: [] });
    }
    await connectOverHttp({ credentialId: fleet, os: "darwin", agentVersion: "3.19.0", ip: "203.0.113.7", region: "eu", tunnels: [] });
  });

  it("reads every page, newest first, as typed camelCase objects", async () => {
    const before = listRequests("/tunnel_sessions");
    const all = await sdk.getTunnelSessions();
    expect(listRequests("/tunnel_sessions") - before).toBe(2); // 121 sessions: two pages
    const stored = (emu.resources("tunnel_sessions") as { id: string }[]).map((s) => s.id);
    expect(all.ids).toEqual([...stored].reverse());
    expect(all.tunnelSessions.map((s) => s.id)).toEqual(all.ids);

    const newest = all.tunnelSessions[0]!;
    expect(newest).toEqual({
      id: expect.stringMatching(/^ts_/),
      uri: `${emu.url}/tunnel_sessions/${newest.id}`,
      agentVersion: "3.19.0",
      credential: { id: fleet, uri: `${emu.url}/credentials/${fleet}` },
      ip: "203.0.113.7",
      os: "darwin",
      region: "eu",
      startedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      transport: "ngrok/2",
    });
    // The API's metadata is kept; absent values stay absent.
    expect(all.tunnelSessions.find((s) => s.metadata === "agent-5")).toBeDefined();
    expect("metadata" in newest).toBe(false);
  });

  it("filters by credential across pages", async () => {
    const mine = await sdk.getTunnelSessions({ credentialId: fleet });
    const theirs = await sdk.getTunnelSessions({ credentialId: other });
    expect([mine.ids.length, theirs.ids.length]).toEqual([111, 10]);
    expect(new Set(mine.tunnelSessions.map((s) => s.credential.id))).toEqual(new Set([fleet]));
    expect(await sdk.getTunnelSessions({ credentialId: "cr_nobody" })).toEqual({ tunnelSessions: [], ids: [] });
  });

  it("reads one session by id, and names a session that is not online", async () => {
    const [id] = (await sdk.getTunnelSessions({ credentialId: other })).ids;
    const one = await sdk.getTunnelSession({ id: id! });
    expect(one).toMatchObject({ id, credential: { id: other }, os: "linux", agentVersion: "3.18.4" });

    const gone = "ts_" + "0".repeat(27);
    const err = await sdk.getTunnelSession({ id: gone }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(sdk.ApiError);
    expect(err).toMatchObject({ status: 404, notFound: true, operationId: expect.stringMatching(/^op_/) });
    expect((err as Error).message).toContain(`tunnel session ${gone} is not online (not found)`);
  });
});

describe("getTunnels / getTunnel", () => {
  let sessionA: string;
  let sessionB: string;
  let cred: string;
  let otherCred: string;

  beforeAll(async () => {
    cred = await credential("tunnels");
    sessionA = emu.connectAgent({
      credentialId: cred,
      os: "linux",
      agentVersion: "3.18.4",
      tunnels: [
        { proto: "https", forwardsTo: "http://localhost:8080", hostname: "web.example.com", metadata: "web" },
        { proto: "tcp", forwardsTo: "localhost:22" },
        { proto: "tls", forwardsTo: "localhost:5432", labels: { app: "api", env: "prod" } },
      ],
    }).id;
    sessionB = (await connectOverHttp({ credentialId: cred, os: "linux", agentVersion: "3.18.4", tunnels: [{ proto: "http", forwardsTo: "localhost:3000", labels: { app: "api" } }] })).id;
    otherCred = await credential("other tunnels");
    emu.connectAgent({ credentialId: otherCred, os: "linux", agentVersion: "3.18.4", tunnels: [{ proto: "tcp", forwardsTo: "localhost:23" }] });
  });

  it.each([
    ["no filter", {}, 5],
    ["proto", { proto: "tcp" }, 2],
    ["one label", { labels: { app: "api" } }, 2],
    ["all labels must match", { labels: { app: "api", env: "prod" } }, 1],
    ["a label value that no tunnel has", { labels: { app: "web" } }, 0],
    ["session", { sessionId: "A" }, 3],
    ["session and proto", { sessionId: "B", proto: "http" }, 1],
    ["credential", { credentialId: "tunnels" }, 4],
    ["credential and proto", { credentialId: "tunnels", proto: "tls" }, 1],
    ["another credential", { credentialId: "other" }, 1],
    ["a credential with no agent", { credentialId: "cr_nobody" }, 0],
  ] as const)("filters: %s", async (_name, filter, count) => {
    const args: Record<string, unknown> = { ...filter };
    if (args.sessionId === "A") args.sessionId = sessionA;
    if (args.sessionId === "B") args.sessionId = sessionB;
    if (args.credentialId === "tunnels") args.credentialId = cred;
    if (args.credentialId === "other") args.credentialId = otherCred;
    const { tunnels, ids } = await sdk.getTunnels(args as never);
    expect(ids).toHaveLength(count);
    expect(tunnels.map((t) => t.id)).toEqual(ids);
  });

  it("returns typed tunnels, and one by id", async () => {
    const [https] = (await sdk.getTunnels({ proto: "https" })).tunnels;
    expect(https).toEqual({
      id: expect.stringMatching(/^tn_/),
      publicUrl: "https://web.example.com",
      startedAt: expect.any(String),
      metadata: "web",
      proto: "https",
      region: "us",
      tunnelSession: { id: sessionA, uri: `${emu.url}/tunnel_sessions/${sessionA}` },
      endpoint: { id: expect.stringMatching(/^ep_/), uri: expect.stringContaining("/endpoints/ep_") },
      forwardsTo: "http://localhost:8080",
    });
    expect(await sdk.getTunnel({ id: https!.id })).toEqual(https);
    const [labelled] = (await sdk.getTunnels({ labels: { env: "prod" } })).tunnels;
    expect(labelled).toMatchObject({ labels: { app: "api", env: "prod" }, forwardsTo: "localhost:5432" });
    expect(labelled!.publicUrl).toBeUndefined();
  });

  it("checks arguments before calling the API, naming them", async () => {
    const before = emu.requests.length;
    await expect(sdk.getTunnels({ proto: "udp" as never })).rejects.toThrow(/^getTunnels: proto must be one of "http", "https", "tcp", "tls"$/);
    await expect(sdk.getTunnels({ protocol: "tcp" } as never)).rejects.toThrow(/getTunnels: there is no argument named protocol \(arguments: proto, labels, sessionId, credentialId\)/);
    await expect(sdk.getTunnel({} as never)).rejects.toThrow("getTunnel: id is required");
    await expect(sdk.getTunnel({ id: "ep_123" })).rejects.toThrow("getTunnel: id must be a tunnel id (tn_...)");
    expect(emu.requests.length).toBe(before);
  });
});

describe("getEndpoints / getEndpoint", () => {
  it("lists endpoints by type and proto, each with its uri", async () => {
    const cred = await credential("endpoints");
    emu.connectAgent({
      credentialId: cred,
      os: "linux",
      agentVersion: "3.18.4",
      tunnels: [
        { proto: "https", forwardsTo: "localhost:8080", hostname: "shop.example.com" },
        { proto: "tcp", forwardsTo: "localhost:22", hostname: "1.tcp.example.com" },
      ],
    });
    const https = await sdk.getEndpoints({ proto: "https" });
    const shop = https.endpoints.find((e) => e.hostport === "shop.example.com:443")!;
    expect(shop).toEqual({
      id: expect.stringMatching(/^ep_/),
      uri: `${emu.url}/endpoints/${shop.id}`,
      region: "us",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      publicUrl: "https://shop.example.com",
      proto: "https",
      hostport: "shop.example.com:443",
      type: "ephemeral",
      tunnel: { id: expect.stringMatching(/^tn_/), uri: expect.stringContaining("/tunnels/tn_") },
    });
    expect(await sdk.getEndpoint({ id: shop.id })).toEqual(shop);
    const all = await sdk.getEndpoints();
    expect((await sdk.getEndpoints({ type: "ephemeral" })).ids).toEqual(all.ids);
    expect(await sdk.getEndpoints({ type: "edge" })).toEqual({ endpoints: [], ids: [] });
    expect((await sdk.getEndpoints({ proto: "tcp" })).endpoints.map((e) => e.hostport)).toContain(
      all.endpoints.find((e) => e.publicUrl.startsWith("tcp://1.tcp.example.com"))!.hostport,
    );
  });

  it("filters endpoints by the credential of the agents serving them", async () => {
    const mine = await credential("endpoints by credential");
    emu.connectAgent({ credentialId: mine, os: "linux", agentVersion: "3.18.4", tunnels: [{ proto: "https", forwardsTo: "localhost:8081", hostname: "mine.example.com" }] });
    emu.connectAgent({ credentialId: mine, os: "linux", agentVersion: "3.18.4", tunnels: [{ proto: "tcp", forwardsTo: "localhost:2222", hostname: "2.tcp.example.com" }] });
    const found = await sdk.getEndpoints({ credentialId: mine });
    expect(found.endpoints.map((e) => e.hostport).sort()).toEqual([expect.stringMatching(/^2\.tcp\.example\.com:\d+$/), "mine.example.com:443"]);
    expect((await sdk.getEndpoints({ credentialId: mine, proto: "tcp" })).ids).toHaveLength(1);
    expect(await sdk.getEndpoints({ credentialId: "cr_nobody" })).toEqual({ endpoints: [], ids: [] });
  });
});

describe("Output forms", () => {
  const resolve = <T>(o: pulumi.Output<T>): Promise<T> => new Promise((r) => o.apply(r));
  const isKnown = (o: pulumi.Output<unknown>): Promise<boolean> => (o as unknown as { isKnown: Promise<boolean> }).isKnown;

  it("run once their inputs are known", async () => {
    const cred = await credential("output form");
    const session = emu.connectAgent({ credentialId: cred, os: "linux", agentVersion: "3.18.4", tunnels: [] });
    const sessions = sdk.getTunnelSessionsOutput({ credentialId: pulumi.output(Promise.resolve(cred)) });
    expect(await resolve(sessions.ids)).toEqual([session.id]);
    const one = sdk.getTunnelSessionOutput({ id: sessions.ids.apply((ids) => ids[0]!) });
    expect(await resolve(one.agentVersion)).toBe("3.18.4");
  });

  it("stay unknown, without calling the API, while an input is unknown", async () => {
    const before = emu.requests.length;
    const sessions = sdk.getTunnelSessionsOutput({ credentialId: pulumi.output(pulumi.unknown) as pulumi.Output<string> });
    expect(await isKnown(sessions)).toBe(false);
    expect(emu.requests.length).toBe(before);
  });

  it("wait for the resources in opts.dependsOn", async () => {
    // "dependency" is created only when the test says so; "ready" at once.
    let finishCreation: () => void = () => undefined;
    const created = new Promise<void>((r) => (finishCreation = r));
    await pulumi.runtime.setMocks(
      {
        newResource: async (a) => {
          if (a.name === "dependency") await created;
          return { id: `${a.name}-id`, state: a.inputs };
        },
        call: () => ({}),
      },
      "project",
      "stack",
      false,
    );
    useStackConfig();
    const dependency = new sdk.Credential("dependency", { description: "d" });
    const ready = new sdk.Credential("ready", { description: "r" });
    const before = listRequests("/endpoints");
    const endpoints = sdk.getEndpointsOutput({}, { dependsOn: [dependency] });
    // The same lookup, made after it on a resource that exists, has run to its end: a lookup
    // that did not wait for its dependency would have sent its request by then.
    await resolve(sdk.getEndpointsOutput({}, { dependsOn: [ready] }).ids);
    expect(listRequests("/endpoints")).toBe(before + 1);
    finishCreation();
    expect(Array.isArray(await resolve(endpoints.ids))).toBe(true);
    expect(listRequests("/endpoints")).toBe(before + 2);
  });

  it("keep a secret input's result secret", async () => {
    const cred = await credential("secret lookup");
    const sessions = sdk.getTunnelSessionsOutput({ credentialId: pulumi.secret(cred) });
    expect(await pulumi.isSecret(sessions)).toBe(true);
  });
});

describe("settings", () => {
  afterEach(() => {
    delete process.env.NGROK_API_KEY;
    delete process.env.NGROK_API_BASE_URL;
    useStackConfig();
  });

  it("come from the stack's config before the environment", async () => {
    process.env.NGROK_API_KEY = "wrong-key";
    process.env.NGROK_API_BASE_URL = "http://127.0.0.1:1";
    await expect(sdk.getEndpoints()).resolves.toHaveProperty("ids");
  });

  it("fall back to the environment, as the resources do", async () => {
    pulumi.runtime.setAllConfig({});
    process.env.NGROK_API_KEY = emu.apiKey;
    process.env.NGROK_API_BASE_URL = emu.url;
    await expect(sdk.getEndpoints()).resolves.toHaveProperty("ids");
  });

  it("without a key, fail saying how to set one", async () => {
    pulumi.runtime.setAllConfig({ "ngrok:apiBaseUrl": emu.url });
    const err = await sdk.getTunnelSessions().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(sdk.MissingApiKeyError);
    expect((err as Error).message).toContain("pulumi config set ngrok:apiKey");
  });

  it("use the resources' client: a transient failure is retried", async () => {
    emu.scriptFault({ method: "GET", path: "/endpoints", kind: "status-before", status: 503 });
    const before = listRequests("/endpoints");
    await expect(sdk.getEndpoints()).resolves.toHaveProperty("ids");
    expect(listRequests("/endpoints") - before).toBe(2);
  });
});

describe("the AI Gateway's reads: getAiUsage, getAiUsageOverview, getAiCreditBalance", () => {
  const aiConfig = () => ({ "ngrok:aiGatewayApiKey": emu.aiGatewayApi.apiKey, "ngrok:aiGatewayApiBaseUrl": emu.aiGatewayApi.url });
  afterEach(() => useStackConfig());

  it("read the AI Gateway API with its own key, and what its gateway recorded", async () => {
    useStackConfig(aiConfig());
    const dir = emu.aiGatewayApi.directory;
    const base = { requestId: "req_f", accessKeyId: "aigk_functions", model: "gpt-4o", keySource: "user" as const };
    dir.recordUsage({ ...base, provider: "openai", attemptNumber: 1, isFinalAttempt: false, statusCode: 429 });
    dir.recordUsage({ ...base, provider: "anthropic", attemptNumber: 2, isFinalAttempt: true, statusCode: 200, totalCost: "0.00200" });
    emu.aiGatewayApi.setCreditBalance(1234);
    const usage = await sdk.getAiUsage({ startTime: "2000-01-01T00:00:00Z", accessKeyId: "aigk_functions", includeRetries: true });
    expect(usage.events.map((e) => [e.provider, e.attemptNumber, e.isFinalAttempt])).toEqual([["anthropic", 2, true], ["openai", 1, false]]);
    const overview = await sdk.getAiUsageOverview({ startTime: "2000-01-01T00:00:00Z" });
    expect(overview.totals).toEqual({ cost: "0.00200", requests: 1, errors: 0 });
    expect(overview.buckets.map((b) => b.groupKey).sort()).toEqual(["anthropic", "openai"]);
    expect(await sdk.getAiCreditBalance()).toEqual({ balanceCents: 1234 });
    // ngrok's API key is not the AI Gateway API's: neither serves the other.
    expect(emu.aiGatewayApi.requests.some((r) => r.path === "/credits/balance" && r.status === 200)).toBe(true);
  });

  it("without an ngrok.ai API key, fail saying how to set one", async () => {
    useStackConfig({ "ngrok:aiGatewayApiBaseUrl": emu.aiGatewayApi.url });
    const err = await sdk.getAiCreditBalance().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(sdk.MissingApiKeyError);
    expect((err as Error).message).toContain("pulumi config set ngrok:aiGatewayApiKey");
  });

  it("with ngrok's API key in its place, fail saying the AI Gateway API takes an ngrok.ai API key", async () => {
    useStackConfig({ "ngrok:aiGatewayApiKey": emu.apiKey, "ngrok:aiGatewayApiBaseUrl": emu.aiGatewayApi.url });
    await expect(sdk.getAiCreditBalance()).rejects.toThrow(/HTTP 401 .*ngrok\.ai API key was refused/);
  });

  it("check their arguments, naming them", async () => {
    useStackConfig(aiConfig());
    await expect(sdk.getAiUsageOverview({ startTime: "2000-01-01T00:00:00Z", groupBy: "model" as "provider" })).rejects.toThrow(/^getAiUsageOverview: groupBy /);
  });
});

describe("schema.json and the docs", () => {
  const read = (f: string): string => fs.readFileSync(path.join(__dirname, "..", "..", "..", f), "utf8");

  it("describe every function with its inputs and outputs, and AgentCommand as a resource", () => {
    const schema = JSON.parse(read("schema.json"));
    const names = Object.keys(schema.functions).sort();
    expect(names).toEqual(
      ["getEndpoint", "getEndpoints", "getTunnel", "getTunnels", "getTunnelSession", "getTunnelSessions", "restartAgent", "stopAgent", "updateAgent"]
        .concat(["getPrivateEndpoint", "getPrivateEndpoints"])
        .concat(["getKubernetesOperator", "getKubernetesOperators", "getKubernetesOperatorBoundEndpoints"])
        .concat(["getApplicationUser", "getApplicationUsers", "getApplicationSession", "getApplicationSessions"])
        .concat(["getAiUsage", "getAiUsageOverview", "getAiCreditBalance"])
        // And a lookup of every resource kind (lookups.test.ts).
        .concat(boundKinds.map((kind) => `get${kind}`))
        .map((n) => `ngrok:index:${n}`)
        .sort(),
    );
    expect(schema.functions["ngrok:index:getTunnelSessions"]).toMatchObject({
      inputs: { type: "object", properties: { credentialId: { type: "string" } } },
      outputs: { required: ["tunnelSessions", "ids"], properties: { tunnelSessions: { type: "array", items: { $ref: "#/types/ngrok:index:TunnelSession" } } } },
    });
    expect(schema.functions["ngrok:index:restartAgent"].inputs.required).toEqual(["sessionId"]);
    expect(schema.types["ngrok:index:Endpoint"].properties.uri.type).toBe("string");
    expect(schema.resources["ngrok:index:AgentCommand"]).toMatchObject({
      requiredInputs: ["sessionIds", "command"],
      inputProperties: { triggers: { type: "object", additionalProperties: { type: "string" } } },
    });
    const docs = read("docs/reference.md");
    for (const n of names) expect(docs).toContain(`### ${n.split(":")[2]}\n`);
    expect(docs).toContain("## AgentCommand\n");
    // Every function is exported by the SDK in its forms.
    for (const n of names.map((x) => x.split(":")[2]!)) {
      expect(typeof (sdk as unknown as Record<string, unknown>)[n]).toBe("function");
      if (n.startsWith("get")) expect(typeof (sdk as unknown as Record<string, unknown>)[`${n}Output`]).toBe("function");
    }
  });
});
