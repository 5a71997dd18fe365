/**
 * The provider core as a host uses it, against the emulator over loopback: built from settings
 * and an event sink, every kind of the registry behind one interface, settings read by pure
 * functions and checked at the first API call, import ids, the SDK's preparation of inputs for
 * hosts with no SDK code, invokes; what it tells the user goes to its events, never to stderr.
 */
import { startEmulator, type Emulator } from "../../../emulator";
import {
  ArgumentError,
  ImportIdError,
  MissingApiKeyError,
  Provider,
  SettingsError,
  UnknownFunctionError,
  UnknownKindError,
  UnsupportedError,
  definitions,
  readSettings,
} from "../../../provider";
import { call, missingId } from "../../support/api";
import { isSecret } from "../../support/plugin";
import { providerFor, recordedEvents, settingsFor } from "../../support/provider";
import { captureRegistrations } from "../../support/serialised";

const sdk = require("pulumi-ngrok") as typeof import("../../../sdk/generated");

let emu: Emulator;
const providers: Provider[] = [];
/** A provider for the emulator, closed at the end. */
const made = (p: Provider): Provider => (providers.push(p), p);

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
});
afterAll(async () => {
  await Promise.all(providers.map((p) => p.close()));
  await emu.close();
});

describe("settings", () => {
  it("come from the stack's config first, then the environment; an empty value is unset", () => {
    const config: Record<string, string> = { "ngrok:apiKey": "from-config", "ngrok:rateLimit": "" };
    const env = { NGROK_API_KEY: "from-env", NGROK_RATE_LIMIT: "60/60", NGROK_API_BASE_URL: "http://127.0.0.1:9", NGROK_MAX_RETRIES: "" };
    expect(readSettings((key) => config[key], env)).toEqual({ apiKey: "from-config", rateLimit: "60/60", apiBaseUrl: "http://127.0.0.1:9" });
  });

  it.each([
    ["maxRetries", "-1", "ngrok:maxRetries must be a whole number, 0 or more"],
    ["maxRetries", "2.5", "ngrok:maxRetries must be a whole number, 0 or more"],
    ["requestTimeoutMs", "soon", "ngrok:requestTimeoutMs must be a positive number of milliseconds"],
    ["rateLimit", "fast", 'ngrok:rateLimit must be "<requests>/<seconds>", e.g. "120/60", or "off"'],
    ["readFromLists", "sometimes", 'ngrok:readFromLists must be "true" or "false"'],
  ])("a bad %s (%s) fails the first API call, in one line naming its key and not its value; check and diff go on", async (name, value, message) => {
    const provider = made(new Provider({ settings: { ...settingsFor(emu), [name]: value } }));
    expect((await provider.check("Credential", {}, { description: "x" })).failures).toEqual([]);
    expect((await provider.diff("Credential", "cr_x", { description: "a" }, { description: "a" })).changes).toBe(false);
    const err = (await provider.read("Credential", missingId("cr"), { description: "x" }).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(SettingsError);
    expect(err.message).toBe(message);
  });

  it("with no key, a provider is made, checks and diffs; its first API call fails naming both ways to set the key", async () => {
    const { apiKey: _key, ...noKey } = settingsFor(emu);
    const provider = new Provider({ settings: noKey });
    expect((await provider.check("Credential", {}, { acl: ["*"] })).failures).toEqual([]);
    emu.clearRequests();
    await expect(provider.create("Credential", {})).rejects.toThrow(MissingApiKeyError);
    await expect(provider.create("Credential", {})).rejects.toThrow(/ngrok:apiKey.*NGROK_API_KEY/);
    expect(emu.requests).toEqual([]);
  });
});

describe("the registry behind one interface", () => {
  it("serves every kind of the registry, one handler each, those with operations of their own like the others", () => {
    const provider = new Provider({ settings: {} });
    expect(provider.kinds()).toEqual(Object.keys(definitions));
    for (const kind of provider.kinds()) {
      expect(provider.handler(kind).def).toBe(definitions[kind]);
      expect(provider.handler(kind)).toBe(provider.handler(kind));
    }
    expect(provider.kinds().filter((k) => !definitions[k].binding)).toEqual(["AgentCommand", "SharedTrafficPolicy"]);
  });

  it("names a kind it does not know, in one line", () => {
    const provider = new Provider({ settings: {} });
    expect(() => provider.handler("Starship")).toThrow(UnknownKindError);
    expect(() => provider.handler("Starship")).toThrow(/^this version of pulumi-ngrok does not know the resource kind Starship; upgrade the package$/);
  });
});

describe("events", () => {
  it("a retry is a debug line naming the request and the answer; nothing is told as info", async () => {
    const events = recordedEvents();
    const provider = made(providerFor(emu, {}, { emulator: { rateLimit: false }, events }));
    const created = await provider.create("IpPolicy", { description: "retried" });
    emu.scriptFault({ method: "GET", path: /^\/ip_policies/, kind: "status-before", status: 503, retryAfterSeconds: 0 });
    await provider.read("IpPolicy", created.id, created.outs);
    expect(events.debugs).toEqual([expect.stringMatching(/^ngrok: GET \/ip_policies\S* answered 503; retrying in [0-9.]+ s$/)]);
    expect(events.infos).toEqual([]);
  });

  it("an adoption's effect, told at preview, is an info line; nothing is written to stderr", async () => {
    const events = recordedEvents();
    const provider = made(providerFor(emu, {}, { emulator: { rateLimit: false }, events }));
    const existing = (await call(emu, "POST", "/reserved_domains", { domain: "adopted.example.com", description: "by hand" })).json.id as string;
    const stderr = jest.spyOn(process.stderr, "write");
    try {
      const { failures } = await provider.check("ReservedDomain", {}, { domain: "adopted.example.com", description: "by the program", importId: existing });
      expect(failures).toEqual([]);
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
    }
    expect(events.infos).toEqual([`ReservedDomain importId adopts ${existing}: the first \`up\` changes description`]);
  });
});

describe("import", () => {
  it("finds a resource by its id: its outputs, and its inputs as a program would write them; nothing when it is gone", async () => {
    const provider = made(providerFor(emu, {}, { emulator: { rateLimit: false } }));
    const id = (await call(emu, "POST", "/credentials", { description: "imported", acl: ["bind:x.example.com"] })).json.id as string;
    const found = await provider.import("Credential", id);
    expect(found).toMatchObject({ id, props: { description: "imported", acl: ["bind:x.example.com"], createdAt: expect.any(String) } });
    expect(found!.inputs).toEqual({ description: "imported", acl: ["bind:x.example.com"], ownerId: found!.props.ownerId });
    expect(await provider.import("Credential", missingId("cr"))).toBeUndefined();
  });

  it("takes `<edgeId>/<id>` for a resource under a parent, and says so in one line when given something else", async () => {
    const provider = made(providerFor(emu, {}, { emulator: { rateLimit: false } }));
    const edgeId = (await call(emu, "POST", "/edges/https", {})).json.id as string;
    const routeId = (await call(emu, "POST", `/edges/https/${edgeId}/routes`, { match_type: "path_prefix", match: "/" })).json.id as string;
    expect(await provider.import("HttpsEdgeRoute", `${edgeId}/${routeId}`)).toMatchObject({ id: routeId, inputs: { edgeId, match: "/" } });
    await expect(provider.import("HttpsEdgeRoute", routeId)).rejects.toThrow(ImportIdError);
    await expect(provider.import("HttpsEdgeRoute", routeId)).rejects.toThrow(/^HttpsEdgeRoute is imported by <edgeId>\/<id>$/);
    await expect(provider.import("AgentCommand", "agentcmd_1")).rejects.toThrow(UnsupportedError);
  });
});

describe("what the SDK does for a host with no SDK code", () => {
  it("prepares a CloudEndpoint's inputs as its SDK class does", async () => {
    const args = {
      url: "https://prepared.example.com",
      trafficPolicy: { onHttpRequest: [{ actions: [{ type: "basic-auth", config: { credentials: ["ops:s3cret-password"] } }] }] },
    };
    const [registered] = await captureRegistrations(() => new sdk.CloudEndpoint("prepared", args as never));
    const { __provider: _stub, ...byTheClass } = revealed(registered!.inputs) as Record<string, unknown>;
    const prepared = new Provider({ settings: {} }).prepareInputs("CloudEndpoint", args);
    expect(prepared.inputs).toEqual(byTheClass);
    expect(prepared.set.length).toBeGreaterThan(0);
    expect(new Provider({ settings: {} }).prepareInputs("Credential", { description: "x" })).toEqual({ inputs: { description: "x" }, set: [] });
  });

  it("names the outputs its definitions keep secret", () => {
    const provider = new Provider({ settings: {} });
    expect(provider.secretOutputs("Credential")).toEqual(new Set(["token"]));
    expect(provider.secretOutputs("IpPolicy")).toEqual(new Set());
  });
});

describe("invoke", () => {
  it("checks the arguments first, in one line naming the function and each argument, never a value", async () => {
    const provider = new Provider({ settings: {} });
    const err = (await provider.invoke("getTunnel", { colour: "s3cret-blue" }).catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(ArgumentError);
    expect(err).toBeInstanceOf(TypeError);
    expect(err.message).toBe("getTunnel: there is no argument named colour (arguments: id); id is required");
    await expect(provider.invoke("getStarship", {})).rejects.toThrow(UnknownFunctionError);
  });

  it("runs lookups with the provider's client, and does not run a command during a preview", async () => {
    const provider = made(providerFor(emu, {}, { emulator: { rateLimit: false } }));
    const id = (await call(emu, "POST", "/ip_policies", { description: "looked up" })).json.id as string;
    expect(await provider.invoke("getIpPolicy", { id })).toMatchObject({ id, description: "looked up" });
    emu.clearRequests();
    expect(await provider.invoke("restartAgent", { sessionId: "ts_2abcdefghijklmnopqrstuvwxyz" }, { preview: true })).toEqual({
      sessionId: "ts_2abcdefghijklmnopqrstuvwxyz",
      performed: false,
    });
    expect(emu.requests).toEqual([]);
  });
});

/** A value with Pulumi's secret markers taken off (the class marks what it sets as secret). */
function revealed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revealed);
  if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (isSecret(o)) return revealed(o.value);
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, revealed(v)]));
  }
  return value;
}
