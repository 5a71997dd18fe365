/**
 * restartAgent, stopAgent and updateAgent as a program calls them (the built SDK, settings from
 * the stack's config), against the emulator with simulated agents: the new session after a
 * restart, the session gone after a stop, and every refusal as a typed error.
 */
import * as pulumi from "@pulumi/pulumi";
import { startEmulator, type ConnectAgentInput, type Emulator } from "../../../emulator";
import { call } from "../../support/api";

const sdk = require("pulumi-ngrok") as typeof import("../../../sdk/generated");

let emu: Emulator;
let cred: string;

beforeAll(async () => {
  emu = await startEmulator();
  pulumi.runtime.setAllConfig({ "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": emu.url, "ngrok:maxRetries": "4" }, ["ngrok:apiKey"]);
  cred = (await call(emu, "POST", "/credentials", { description: "agents" })).json.id as string;
});
afterAll(async () => {
  await emu.close();
});

function agent(extra: Partial<ConnectAgentInput> = {}): string {
  return emu.connectAgent({ credentialId: cred, os: "linux", agentVersion: "3.18.4", tunnels: [{ proto: "https", forwardsTo: "localhost:80" }], ...extra }).id;
}

const online = async (id: string): Promise<boolean> => (await sdk.getTunnelSessions()).ids.includes(id);

describe("restartAgent", () => {
  it("gives the session the agent reconnects with, and the old one is gone", async () => {
    const neighbour = agent({ metadata: "db-host", ip: "10.0.0.2" });
    const target = agent({ metadata: "web-host", ip: "10.0.0.1" });
    const result = await sdk.restartAgent(target);
    expect(result).toEqual({ sessionId: target, performed: true, newSessionId: expect.stringMatching(/^ts_/), agentVersion: "3.18.4" });
    expect(result.newSessionId).not.toBe(target);
    // The same agent (same credential, host and configuration), under its new id.
    expect(await sdk.getTunnelSession({ id: result.newSessionId! })).toMatchObject({ credential: { id: cred }, ip: "10.0.0.1", metadata: "web-host" });
    expect(await online(target)).toBe(false);
    // Its tunnels came back on the new session.
    expect((await sdk.getTunnels({ sessionId: result.newSessionId! })).ids).toHaveLength(1);
    expect(await online(neighbour)).toBe(true);
  });
});

describe("stopAgent", () => {
  it("takes the session, its tunnels and endpoints offline", async () => {
    const id = agent();
    const tunnels = (await sdk.getTunnels({ sessionId: id })).tunnels;
    expect(await sdk.stopAgent(id)).toEqual({ sessionId: id, performed: true, offline: true });
    expect(await online(id)).toBe(false);
    await expect(sdk.getTunnelSession({ id })).rejects.toMatchObject({ status: 404 });
    expect((await sdk.getTunnels({ sessionId: id })).ids).toEqual([]);
    expect((await sdk.getEndpoints()).ids).not.toContain(tunnels[0]!.endpoint!.id);
  });
});

describe("updateAgent", () => {
  it("starts the update; the restart that follows runs the new version", async () => {
    const id = agent();
    const result = await sdk.updateAgent(id);
    expect(result).toEqual({ sessionId: id, performed: true, restartNotBefore: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) });
    emu.completeAgentUpdates(); // what 10 seconds would do
    const restarted = await sdk.restartAgent(id);
    expect(restarted.agentVersion).toBe("3.19.0");
  });
});

describe("refusals are typed errors a program can switch on", () => {
  type Case = [string, () => Promise<unknown>, string, number, string | undefined];
  const gone = "ts_" + "0".repeat(27);
  const cases: Case[] = [
    ["restart on Windows", async () => sdk.restartAgent(agent({ os: "windows" })), "restart-unsupported", 400, "ERR_NGROK_804"],
    ["update with none available", async () => sdk.updateAgent(agent({ agentVersion: "3.19.0" })), "no-update-available", 400, "ERR_NGROK_805"],
    ["update of a new major version", async () => sdk.updateAgent(agent({ agentVersion: "4.0.0" })), "no-update-available", 400, "ERR_NGROK_805"],
    ["update with update checks disabled", async () => sdk.updateAgent(agent({ updateChecksDisabled: true })), "updates-disabled", 400, "ERR_NGROK_806"],
    [
      "update while updating",
      async () => {
        const id = agent();
        await sdk.updateAgent(id);
        return sdk.updateAgent(id);
      },
      "already-updating",
      400,
      "ERR_NGROK_807",
    ],
    [
      "update when updated but not restarted",
      async () => {
        const id = agent();
        await sdk.updateAgent(id);
        emu.completeAgentUpdates();
        return sdk.updateAgent(id);
      },
      "updated-awaiting-restart",
      400,
      "ERR_NGROK_808",
    ],
    ["restart of a session that is gone", async () => sdk.restartAgent(gone), "session-not-found", 404, undefined],
    ["stop of a session that is gone", async () => sdk.stopAgent(gone), "session-not-found", 404, undefined],
    ["update of a session that is gone", async () => sdk.updateAgent(gone), "session-not-found", 404, undefined],
  ];

  it.each(cases)("%s", async (_name, run, reason, status, errorCode) => {
    const err = await run().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(sdk.AgentCommandError);
    // Still the API's error: status, error code and operation id where every ApiError has them.
    expect(err).toBeInstanceOf(sdk.ApiError);
    const e = err as InstanceType<typeof sdk.AgentCommandError>;
    expect({ reason: e.reason, status: e.status, errorCode: e.errorCode }).toEqual({ reason, status, errorCode });
    expect(e.operationId).toMatch(/^op_[0-9A-Za-z]{27}$/);
    expect(e.name).toBe("AgentCommandError");
    // The message names the command and the session.
    expect(e.message).toMatch(new RegExp(`^${e.command} of tunnel session ${e.sessionId} refused: `));
    if (reason === "session-not-found") expect(e.message).toContain(`${gone} refused: the session is not online (not found)`);
  });

  it("checks the session id before calling the API", async () => {
    const before = emu.requests.length;
    await expect(sdk.restartAgent("cr_123")).rejects.toThrow("restartAgent: sessionId must be a tunnel session id (ts_...)");
    await expect(sdk.stopAgent(agent(), { offlineTimeoutSeconds: -1 })).rejects.toThrow(/^stopAgent: offlineTimeoutSeconds /);
    expect(emu.requests.length).toBe(before);
  });
});

describe("during a preview", () => {
  beforeAll(async () => {
    // A preview's runtime: the program runs, but nothing may change.
    await pulumi.runtime.setMocks({ newResource: (a) => ({ id: a.name, state: a.inputs }), call: () => ({}) }, "project", "stack", true);
    pulumi.runtime.setAllConfig({ "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": emu.url }, ["ngrok:apiKey"]);
  });

  it("commands send nothing, and say so; lookups still read", async () => {
    const id = agent();
    const before = emu.requests.length;
    expect(await sdk.restartAgent(id)).toEqual({ sessionId: id, performed: false });
    expect(await sdk.stopAgent(id)).toEqual({ sessionId: id, performed: false, offline: false });
    expect(await sdk.updateAgent(id)).toEqual({ sessionId: id, performed: false });
    expect(emu.requests.slice(before)).toEqual([]);
    expect(await online(id)).toBe(true);
  });
});
