/**
 * The AgentCommand resource through its provider operations, against the emulator with simulated
 * agents: when it runs (create, command or trigger change, new sessions) and when it does not
 * (refresh, delete, its own restarts), the new session ids, the update-then-restart wait measured
 * on a fake clock, failures; then through Pulumi's real dynamic-provider host.
 */
import { startEmulator, type ConnectAgentInput, type Emulator } from "../../../emulator";
import { FakeClock } from "../../../clock";
import { AgentCommandError, Provider, type Settings } from "../../../provider";
import { unknownValue } from "../../../provider/engine/values";
import { call } from "../../support/api";
import { DynamicProviderHost } from "../../support/host";
import { recordedEvents, settingsFor } from "../../support/provider";
import { captureRegistrations } from "../../support/serialised";

const sdk = require("pulumi-ngrok") as typeof import("../../../sdk/generated");

let emu: Emulator;
let cred: string;
let settings: Settings;
/** The providers the tests made, closed at the end. */
const providers: Provider[] = [];

beforeAll(async () => {
  // Many commands in a row: pacing is tested with the client, not here.
  emu = await startEmulator({ rateLimit: false });
  settings = settingsFor(emu, { "ngrok:maxRetries": "2" }, { rateLimit: false });
  cred = (await call(emu, "POST", "/credentials", { description: "fleet" })).json.id as string;
});
afterAll(async () => {
  await Promise.all(providers.map((p) => p.close()));
  await emu.close();
});

/** Time that passes only when the code under test sleeps; `onSleep` runs once each sleep has passed. */
class AgentClock extends FakeClock {
  onSleep: (() => void) | undefined;
  constructor() {
    super({ skipSleeps: true });
  }
  override async sleep(ms: number): Promise<void> {
    await super.sleep(ms);
    this.onSleep?.();
  }
}

/** A provider on its own clock, the lines it tells the user, and its AgentCommand operations. */
function setup() {
  const clock = new AgentClock();
  const events = recordedEvents();
  const provider = new Provider({ settings, clock, events });
  providers.push(provider);
  return { provider, h: provider.handler("AgentCommand"), clock, lines: events.infos };
}

function agent(extra: Partial<ConnectAgentInput> = {}): string {
  return emu.connectAgent({ credentialId: cred, os: "linux", agentVersion: "3.18.4", tunnels: [], ...extra }).id;
}

const onlineIds = () => new Set((emu.resources("tunnel_sessions") as { id: string }[]).map((s) => s.id));
const apiCalls = () => emu.requests.length;

describe("check, at preview", () => {
  const valid = { sessionIds: ["ts_2abcdefghijklmnopqrstuvwxyz"], command: "restart" };
  it.each([
    ["nothing", {}, ["command", "sessionIds"]],
    ["a session id that is not one", { ...valid, sessionIds: ["cr_2abcdefghijklmnopqrstuvwxyz"] }, ["sessionIds"]],
    ["an unknown command", { ...valid, command: "reboot" }, ["command"]],
    ["a wait under the API's 10 s", { ...valid, command: "update-restart", updateWaitSeconds: 5 }, ["updateWaitSeconds"]],
    ["a trigger that is not a string", { ...valid, triggers: { acl: 3 } }, ["triggers"]],
    ["importId", { ...valid, importId: "agentcmd_x" }, ["importId"]],
    ["a misspelt input", { ...valid, sessionId: "ts_2abcdefghijklmnopqrstuvwxyz" }, ["sessionId"]],
  ] as const)("fails on %s, naming the property", async (_name, inputs, properties) => {
    const { failures } = await setup().h.check({}, inputs);
    for (const f of failures) expect(f.message.startsWith(f.path)).toBe(true);
    expect(failures.map((f) => /^[A-Za-z]+/.exec(f.path)?.[0]).sort()).toEqual([...properties].sort());
  });

  it("passes valid inputs, and values unknown during a preview", async () => {
    const { h } = setup();
    expect((await h.check({}, { ...valid, triggers: { acl: "[]" }, updateWaitSeconds: 10 })).failures).toEqual([]);
    expect((await h.check({}, { sessionIds: unknownValue, command: "restart", triggers: { acl: unknownValue } })).failures).toEqual([]);
    const { failures } = await h.check({}, { ...valid, sessionIds: ["cr_1"] });
    expect(failures).toEqual([{ path: "sessionIds[0]", message: "sessionIds[0] must be a tunnel session id (ts_...)" }]);
  });
});

describe("restart", () => {
  it("runs at creation, when new sessions appear and when triggers change; never on refresh or delete", async () => {
    const { h, lines } = setup();
    const a = agent({ metadata: "a" });
    const b = agent({ metadata: "b" });
    const inputs = { sessionIds: [a, b], command: "restart", triggers: { acl: '["bind:a.example.com"]' } };

    const created = await h.create(inputs);
    expect(created.id).toMatch(/^agentcmd_[0-9a-f]{32}$/);
    const results = created.outs.resultSessionIds as string[];
    expect(results).toHaveLength(2);
    expect(results.filter((id) => id === a || id === b)).toEqual([]);
    for (const id of results) expect(onlineIds().has(id)).toBe(true);
    for (const id of [a, b]) expect(onlineIds().has(id)).toBe(false);
    expect(created.outs).toMatchObject({ ...inputs, lastRunAt: expect.stringMatching(/Z$/) });
    expect(created.outs.lastRunLog).toEqual([
      `restart ${a}: the agent reconnected as ${results[0]} (version 3.18.4)`,
      `restart ${b}: the agent reconnected as ${results[1]} (version 3.18.4)`,
    ]);
    expect(lines).toEqual((created.outs.lastRunLog as string[]).map((l) => `ngrok AgentCommand: ${l}`));

    // Refresh: the stored state, nothing asked of the API.
    let calls = apiCalls();
    expect(await h.read(created.id, created.outs)).toEqual({ id: created.id, props: created.outs });
    expect(apiCalls()).toBe(calls);

    // The next lookup finds the sessions the restart left: no change, so no second restart.
    const again = { ...inputs, sessionIds: [...results].reverse() };
    expect(await h.diff(created.id, created.outs, again)).toEqual({ changes: false, changed: [], replaces: [], deleteBeforeReplace: false });

    // An agent that connected since gets the command; the others are left alone.
    const c = agent({ metadata: "c" });
    const grown = { ...inputs, sessionIds: [c, ...results] };
    expect((await h.diff(created.id, created.outs, grown)).changes).toBe(true);
    const updated = await h.update(created.id, created.outs, grown);
    const afterGrowth = updated.outs.resultSessionIds as string[];
    expect(afterGrowth.slice(0, 2)).toEqual(results);
    expect(afterGrowth).toHaveLength(3);
    expect(onlineIds().has(c)).toBe(false);
    for (const id of afterGrowth) expect(onlineIds().has(id)).toBe(true);
    expect(updated.outs.lastRunLog).toEqual([`restart ${c}: the agent reconnected as ${afterGrowth[2]} (version 3.18.4)`]);

    // A trigger change restarts every session.
    const acl = { ...inputs, sessionIds: afterGrowth, triggers: { acl: '["bind:b.example.com"]' } };
    expect((await h.diff(created.id, updated.outs, acl)).changes).toBe(true);
    const rerun = await h.update(created.id, updated.outs, acl);
    const final = rerun.outs.resultSessionIds as string[];
    expect(final).toHaveLength(3);
    expect(final.filter((id) => afterGrowth.includes(id))).toEqual([]);
    expect(await h.diff(created.id, rerun.outs, { ...acl, sessionIds: final })).toMatchObject({ changes: false });

    // Delete only forgets: no request, every agent still online.
    calls = apiCalls();
    await h.delete(created.id);
    expect(apiCalls()).toBe(calls);
    for (const id of final) expect(onlineIds().has(id)).toBe(true);
  });

  it("with runOnNewSessions false, runs only when the command or triggers change", async () => {
    const { h } = setup();
    const a = agent();
    const inputs = { sessionIds: [a], command: "restart", triggers: { v: "1" }, runOnNewSessions: false };
    const created = await h.create(inputs);
    const [a2] = created.outs.resultSessionIds as string[];
    const b = agent();
    expect((await h.diff(created.id, created.outs, { ...inputs, sessionIds: [b, a2] })).changes).toBe(false);
    expect((await h.diff(created.id, created.outs, { ...inputs, sessionIds: [b, a2], command: "stop" })).changes).toBe(true);
    const stopped = await h.update(created.id, created.outs, { ...inputs, sessionIds: [b, a2], command: "stop" });
    expect(stopped.outs.resultSessionIds).toEqual([]);
    expect(stopped.outs.lastRunLog).toEqual([`stop ${b}: the agent stopped`, `stop ${a2}: the agent stopped`]);
    expect([onlineIds().has(b), onlineIds().has(a2!)]).toEqual([false, false]);
  });

  it("on a session that is gone, fails naming it, before acting on any agent", async () => {
    const { h } = setup();
    const gone = agent();
    await call(emu, "POST", `/tunnel_sessions/${gone}/stop`, {});
    const alive = agent();
    const err = await h.create({ sessionIds: [alive, gone], command: "restart" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AgentCommandError);
    expect(err).toMatchObject({ reason: "session-not-found", sessionId: gone, status: 404 });
    expect((err as Error).message).toContain(`restart of tunnel session ${gone} refused: the session is not online (not found)`);
    expect(onlineIds().has(alive)).toBe(true);
  });

  it("on Windows, fails with the API's refusal", async () => {
    const { h } = setup();
    const err = await h.create({ sessionIds: [agent({ os: "windows" })], command: "restart" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: "restart-unsupported", errorCode: "ERR_NGROK_804", status: 400 });
  });

  it("with no session, runs nothing and records no run", async () => {
    const { h } = setup();
    const calls = apiCalls();
    const created = await h.create({ sessionIds: [], command: "restart" });
    expect(created.outs).toEqual({ sessionIds: [], command: "restart", resultSessionIds: [] });
    expect(apiCalls()).toBe(calls);
  });
});

describe("update and update-restart", () => {
  it("update-restart waits the API's 10 seconds between the update and the restart, says so, and runs the new version", async () => {
    const { provider, h, clock, lines } = setup();
    const a = agent({ metadata: "a" });
    const b = agent({ metadata: "b" });
    // Every request, stamped with the fake clock; updates finish when 10 fake seconds have passed.
    const timeline: { t: number; what: string }[] = [];
    const client = provider.client();
    client.onAttempt = (e) => timeline.push({ t: clock.now(), what: `${e.method} ${e.path}` });
    let lastUpdate = 0;
    clock.onSleep = () => {
      lastUpdate = Math.max(0, ...timeline.filter((x) => x.what.endsWith("/update")).map((x) => x.t));
      if (clock.now() - lastUpdate >= 10_000) emu.completeAgentUpdates();
    };
    try {
      const created = await h.create({ sessionIds: [a, b], command: "update-restart" });
      const commands = timeline.filter((x) => x.what.startsWith("POST"));
      expect(commands.map((x) => x.what)).toEqual([
        `POST /tunnel_sessions/${a}/update`,
        `POST /tunnel_sessions/${b}/update`,
        `POST /tunnel_sessions/${a}/restart`,
        `POST /tunnel_sessions/${b}/restart`,
      ]);
      const lastUpdateAt = Math.max(...commands.slice(0, 2).map((x) => x.t));
      const firstRestartAt = Math.min(...commands.slice(2).map((x) => x.t));
      expect(firstRestartAt - lastUpdateAt).toBeGreaterThanOrEqual(10_000);
      expect(clock.sleeps).toEqual([10_000]);

      const waiting = "ngrok AgentCommand: waiting 10 s for the update to finish before restarting (the API asks for at least 10 s between an update and a restart)";
      expect(lines.indexOf(waiting)).toBeGreaterThan(lines.findIndex((l) => l.includes(`update ${b}: started`)));
      expect(lines.indexOf(waiting)).toBeLessThan(lines.findIndex((l) => l.includes(`restart ${a}:`)));
      expect(created.outs.lastRunLog).toEqual(lines.map((l) => l.replace("ngrok AgentCommand: ", "")));
      // The restarted agents run the update.
      expect(created.outs.lastRunLog).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^restart ${a}: .*\\(version 3\\.19\\.0\\)$`))]));
      const versions = (created.outs.resultSessionIds as string[]).map(
        (id) => (emu.resources("tunnel_sessions") as { id: string; agent_version: string }[]).find((s) => s.id === id)?.agent_version,
      );
      expect(versions).toEqual(["3.19.0", "3.19.0"]);
    } finally {
      client.onAttempt = undefined;
    }
  });

  it("waits updateWaitSeconds when it is longer", async () => {
    const { h, clock } = setup();
    await h.create({ sessionIds: [agent()], command: "update-restart", updateWaitSeconds: 45 });
    expect(clock.sleeps).toEqual([45_000]);
  });

  it("records an update with nothing to do, restarts without waiting; fails when updates are disabled", async () => {
    const { h, clock } = setup();
    const current = agent({ agentVersion: "3.19.0" });
    const done = await h.create({ sessionIds: [current], command: "update-restart" });
    expect(clock.sleeps).toEqual([]);
    expect((done.outs.lastRunLog as string[])[0]).toBe(`update ${current}: nothing to do (no-update-available)`);
    expect(done.outs.resultSessionIds).toHaveLength(1);

    const updated = await h.create({ sessionIds: [agent()], command: "update" });
    expect(updated.outs.lastRunLog).toEqual([expect.stringMatching(/: started$/)]);
    expect(updated.outs.resultSessionIds).toEqual(updated.outs.sessionIds);

    const err = await h.create({ sessionIds: [agent({ updateChecksDisabled: true })], command: "update" }).catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: "updates-disabled", errorCode: "ERR_NGROK_806" });
  });
});

describe("through Pulumi's dynamic-provider host", () => {
  let host: DynamicProviderHost;
  beforeAll(async () => {
    host = await DynamicProviderHost.start();
  });
  afterAll(async () => {
    await host?.stop();
  });

  it("serialises a small stub, and runs, reads and forgets through it; progress reaches stderr", async () => {
    const captured = await captureRegistrations(() => new sdk.AgentCommand("restart", { sessionIds: [], command: "restart" }));
    const providerText = captured.find((c) => c.type === "pulumi-nodejs:dynamic/ngrok:AgentCommand")!.inputs.__provider as string;
    expect(Buffer.byteLength(providerText)).toBeLessThan(4096);
    expect(providerText).toContain('require("pulumi-ngrok/provider")');
    expect(providerText).toContain('"AgentCommand"');
    expect(providerText).not.toContain(emu.apiKey);

    await host.configure({ "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": emu.url });
    const urn = "urn:pulumi:dev::host-test::pulumi-nodejs:dynamic/ngrok:AgentCommand::restart";
    const p = { __provider: providerText };
    const id = agent();
    const checked = await host.check(urn, {}, { ...p, sessionIds: [id], command: "restart" });
    expect(checked.failures).toEqual([]);
    const created = await host.create(urn, checked.inputs);
    const [next] = created.props.resultSessionIds as string[];
    expect(next).toMatch(/^ts_/);
    expect(host.stderr.join("")).toContain(`ngrok AgentCommand: restart ${id}: the agent reconnected as ${next}`);
    expect((await host.read(urn, created.id, created.props)).props).toEqual(created.props);
    expect((await host.diff(urn, created.id, created.props, { ...checked.inputs, sessionIds: [next] })).changes).toBe(1); // DIFF_NONE
    await host.delete(urn, created.id, created.props);
    expect(onlineIds().has(next!)).toBe(true);
  });
});
