// Live state: agent sessions, tunnels, endpoints and the agent commands.
import fc from "fast-check";
import { AGENT_COMMAND_ERRORS, compareVersions, ConnectAgentInput, LiveState, UPDATE_DURATION_MS } from "../../../emulator/api/live";
import { expectFailure, onlyBadRequest } from "../shared/helpers";

const BASE = "http://127.0.0.1:7777";

/** A LiveState with a counting id generator and a hand-driven clock. */
function setup(options: { latest?: string | string[]; credentials?: string[] } = {}) {
  let clock = Date.parse("2026-01-02T03:04:05.678Z");
  let n = 0;
  const live = new LiveState({
    baseUrl: `${BASE}/`,
    newId: (prefix) => `${prefix}_${String(++n).padStart(27, "0")}`,
    now: () => new Date(clock),
    latestAgentVersion: options.latest ?? "3.19.0",
    credentialExists: options.credentials ? (id) => options.credentials!.includes(id) : undefined,
  });
  return { live, advance: (ms: number) => (clock += ms) };
}

const agent = (over: Partial<ConnectAgentInput> = {}): ConnectAgentInput => ({
  credentialId: "cr_abc",
  os: "linux",
  agentVersion: "3.18.4",
  ip: "203.0.113.7",
  region: "eu",
  metadata: "{\"host\":\"ci-1\"}",
  tunnels: [
    { proto: "https", hostname: "app.example.com", forwardsTo: "http://localhost:8080", metadata: "web" },
    { proto: "tcp", forwardsTo: "localhost:22" },
    { proto: "http", forwardsTo: "http://localhost:3000", labels: { env: "prod", team: "web" } },
  ],
  ...over,
});

describe("connecting agents", () => {
  it("creates a session, its tunnels and their ephemeral endpoints in API shapes", () => {
    const { live } = setup();
    const s = live.connectAgent(agent());
    expect(s).toEqual({
      id: "ts_000000000000000000000000001",
      uri: `${BASE}/tunnel_sessions/ts_000000000000000000000000001`,
      agent_version: "3.18.4",
      credential: { id: "cr_abc", uri: `${BASE}/credentials/cr_abc` },
      ip: "203.0.113.7",
      metadata: "{\"host\":\"ci-1\"}",
      os: "linux",
      region: "eu",
      started_at: "2026-01-02T03:04:05Z",
      transport: "ngrok/2",
    });
    expect(live.getSession(s.id)).toEqual(s);
    expect(live.listSessions()).toEqual([s]);

    const tunnels = live.listTunnels();
    expect(tunnels).toHaveLength(3);
    const https = tunnels.find((t) => t.proto === "https")!;
    expect(https).toEqual({
      id: expect.stringMatching(/^tn_/),
      public_url: "https://app.example.com",
      started_at: "2026-01-02T03:04:05Z",
      metadata: "web",
      proto: "https",
      region: "eu",
      tunnel_session: { id: s.id, uri: s.uri },
      endpoint: { id: expect.stringMatching(/^ep_/), uri: `${BASE}/endpoints/${https.endpoint!.id}` },
      forwards_to: "http://localhost:8080",
    });
    const tcp = tunnels.find((t) => t.proto === "tcp")!;
    expect(tcp.public_url).toMatch(/^tcp:\/\/0\.tcp\.ngrok\.io:\d+$/);
    expect(tcp).not.toHaveProperty("metadata"); // omitted when empty
    const labeled = tunnels.find((t) => t.proto === "http")!;
    expect(labeled.labels).toEqual({ env: "prod", team: "web" });
    expect(labeled).not.toHaveProperty("public_url");
    expect(labeled).not.toHaveProperty("endpoint");

    const endpoints = live.listEndpoints();
    expect(endpoints).toHaveLength(2);
    expect(live.getEndpoint(https.endpoint!.id)).toEqual({
      id: https.endpoint!.id,
      uri: `${BASE}/endpoints/${https.endpoint!.id}`,
      region: "eu",
      created_at: "2026-01-02T03:04:05Z",
      updated_at: "2026-01-02T03:04:05Z",
      public_url: "https://app.example.com",
      url: "https://app.example.com",
      proto: "https",
      hostport: "app.example.com:443",
      type: "ephemeral",
      metadata: "web",
      tunnel: { id: https.id, uri: `${BASE}/tunnels/${https.id}` },
      tunnel_session: { id: s.id, uri: s.uri },
      bindings: ["public"],
      pooling_enabled: false,
      upstream_url: "http://localhost:8080",
    });
    const tcpEndpoint = live.getEndpoint(tcp.endpoint!.id);
    expect(tcpEndpoint.hostport).toBe(tcp.public_url!.slice("tcp://".length));
    expect(live.getTunnel(tcp.id)).toEqual(tcp);
  });

  it("defaults ip, region and transport, uses ssh for SSH credentials, and omits empty metadata", () => {
    const { live } = setup();
    const s = live.connectAgent({ credentialId: "sshcr_k", os: "darwin", agentVersion: "3.1.0", tunnels: [] });
    expect(s).toMatchObject({ ip: "127.0.0.1", region: "us", transport: "ssh", credential: { uri: `${BASE}/ssh_credentials/sshcr_k` } });
    expect(s).not.toHaveProperty("metadata");
  });

  it("lists newest first and generates public URLs for unnamed HTTP tunnels", () => {
    const { live } = setup();
    const a = live.connectAgent(agent({ tunnels: [{ proto: "http", forwardsTo: "80" }] }));
    const b = live.connectAgent(agent({ tunnels: [{ proto: "tls", forwardsTo: "443" }] }));
    expect(live.listSessions().map((s) => s.id)).toEqual([b.id, a.id]);
    expect(live.listTunnels().map((t) => t.tunnel_session.id)).toEqual([b.id, a.id]);
    const [tls, http] = live.listEndpoints();
    expect(http!.public_url).toMatch(/^http:\/\/[a-z0-9]+\.ngrok-free\.app$/);
    expect(http!.hostport).toMatch(/:80$/);
    expect(tls!.public_url).toMatch(/^tls:\/\//);
    expect(tls!.hostport).toMatch(/:443$/);
  });

  it("rejects bad connections with 400", () => {
    const { live } = setup({ credentials: ["cr_known"] });
    expectFailure(() => live.connectAgent(agent()), 400, "ERR_NGROK_380", /cr_abc/);
    expect(live.connectAgent(agent({ credentialId: "cr_known" })).credential.id).toBe("cr_known");
    expectFailure(() => live.connectAgent(agent({ tunnels: [{ proto: "udp" as "tcp", forwardsTo: "x" }] })), 400, "ERR_NGROK_215", /proto/);
    expectFailure(() => live.connectAgent({ ...agent(), color: "red" } as ConnectAgentInput), 400, "ERR_NGROK_214", /color/);
    fc.assert(fc.property(fc.jsonValue(), (v) => onlyBadRequest(() => live.connectAgent(v as ConnectAgentInput))), { numRuns: 300 });
  });

  it("answers 404 Resource not found for unknown ids", () => {
    const { live } = setup();
    for (const call of [
      () => live.getSession("ts_nope"),
      () => live.getTunnel("tn_nope"),
      () => live.getEndpoint("ep_nope"),
      () => live.restart("ts_nope"),
      () => live.stop("ts_nope"),
      () => live.update("ts_nope"),
    ]) {
      expectFailure(call, 404, undefined, /^Resource not found$/);
    }
  });
});

describe("agent commands", () => {
  it("stop removes the session, its tunnels and its endpoints", () => {
    const { live } = setup();
    const keep = live.connectAgent(agent());
    const s = live.connectAgent(agent());
    const tunnels = live.listTunnels().filter((t) => t.tunnel_session.id === s.id);
    live.stop(s.id);
    expect(live.listSessions().map((x) => x.id)).toEqual([keep.id]);
    expect(live.listTunnels().every((t) => t.tunnel_session.id === keep.id)).toBe(true);
    expect(live.listTunnels()).toHaveLength(3);
    expect(live.listEndpoints()).toHaveLength(2);
    for (const t of tunnels) {
      expectFailure(() => live.getTunnel(t.id), 404, undefined);
      if (t.endpoint) expectFailure(() => live.getEndpoint(t.endpoint!.id), 404, undefined);
    }
    expectFailure(() => live.getSession(s.id), 404, undefined);
  });

  it("restart replaces the session with a new id; tunnels and endpoints move with new ids", () => {
    const { live, advance } = setup();
    const s = live.connectAgent(agent());
    const oldTunnels = live.listTunnels();
    const oldEndpoints = live.listEndpoints();
    advance(5_000);
    const r = live.restart(s.id);
    expect(r.id).not.toBe(s.id);
    expect(r).toMatchObject({ agent_version: "3.18.4", os: "linux", ip: s.ip, credential: s.credential, started_at: "2026-01-02T03:04:10Z" });
    expectFailure(() => live.getSession(s.id), 404, undefined);
    expect(live.listSessions().map((x) => x.id)).toEqual([r.id]);

    const tunnels = live.listTunnels();
    expect(tunnels).toHaveLength(oldTunnels.length);
    expect(tunnels.every((t) => t.tunnel_session.id === r.id)).toBe(true);
    expect(tunnels.map((t) => t.id).filter((id) => oldTunnels.some((o) => o.id === id))).toEqual([]);
    expect(tunnels.map((t) => t.public_url).sort()).toEqual(oldTunnels.map((t) => t.public_url).sort());
    const endpoints = live.listEndpoints();
    expect(endpoints).toHaveLength(oldEndpoints.length);
    expect(endpoints.map((e) => e.id).filter((id) => oldEndpoints.some((o) => o.id === id))).toEqual([]);
    for (const e of endpoints) expect(live.getTunnel(e.tunnel.id).endpoint!.id).toBe(e.id);
  });

  it("restart is refused on Windows with a clear 400", () => {
    const { live } = setup();
    const s = live.connectAgent(agent({ os: "windows" }));
    expectFailure(() => live.restart(s.id), 400, AGENT_COMMAND_ERRORS.restartUnsupported, /Windows/, s.id);
    expect(live.getSession(s.id).id).toBe(s.id); // still online, unchanged
  });

  describe("update", () => {
    it("updates within the major version; the new version runs after a restart", () => {
      const { live, advance } = setup({ latest: ["2.9.0", "3.19.0", "4.0.0"] });
      const s = live.connectAgent(agent());
      live.update(s.id);
      expect(live.updateStatus(s.id)).toBe("updating");
      advance(UPDATE_DURATION_MS - 1);
      expect(live.updateStatus(s.id)).toBe("updating");
      advance(1);
      expect(live.updateStatus(s.id)).toBe("updated");
      expect(live.getSession(s.id).agent_version).toBe("3.18.4"); // still the old process
      const r = live.restart(s.id);
      expect(r.agent_version).toBe("3.19.0"); // never 4.0.0: a new major is installed manually
      expect(live.updateStatus(r.id)).toBe("idle");
      expectFailure(() => live.update(r.id), 400, AGENT_COMMAND_ERRORS.noUpdateAvailable, /no update is available/, /major/);
    });

    it("fails when no update is available", () => {
      const { live } = setup({ latest: "3.18.4" });
      const s = live.connectAgent(agent());
      expectFailure(() => live.update(s.id), 400, AGENT_COMMAND_ERRORS.noUpdateAvailable, /no update is available/, s.id);
      const newer = live.connectAgent(agent({ agentVersion: "3.20.0" }));
      expectFailure(() => live.update(newer.id), 400, AGENT_COMMAND_ERRORS.noUpdateAvailable);
    });

    it("fails when the agent configuration disabled update checks", () => {
      const { live } = setup();
      const s = live.connectAgent(agent({ updateChecksDisabled: true }));
      expectFailure(() => live.update(s.id), 400, AGENT_COMMAND_ERRORS.updateChecksDisabled, /disables update checks/);
    });

    it("fails when the agent is already updating", () => {
      const { live, advance } = setup();
      const s = live.connectAgent(agent());
      live.update(s.id);
      advance(3_000);
      expectFailure(() => live.update(s.id), 400, AGENT_COMMAND_ERRORS.alreadyUpdating, /already updating/, /3\.19\.0/);
    });

    it("fails when the agent updated but has not restarted (by time or by completeUpdates)", () => {
      const { live, advance } = setup();
      const a = live.connectAgent(agent());
      const b = live.connectAgent(agent());
      live.update(a.id);
      live.update(b.id);
      advance(UPDATE_DURATION_MS);
      expectFailure(() => live.update(a.id), 400, AGENT_COMMAND_ERRORS.awaitingRestart, /restart/);
      const c = live.connectAgent(agent());
      live.update(c.id);
      live.completeUpdates();
      expectFailure(() => live.update(c.id), 400, AGENT_COMMAND_ERRORS.awaitingRestart);
    });

    it("a restart before the update finished keeps the old version and abandons the update", () => {
      const { live, advance } = setup();
      const s = live.connectAgent(agent());
      live.update(s.id);
      advance(2_000);
      const r = live.restart(s.id);
      expect(r.agent_version).toBe("3.18.4");
      live.update(r.id); // can be started again
      expect(live.updateStatus(r.id)).toBe("updating");
    });
  });
});

describe("private endpoints", () => {
  it("an agent's endpoint on a .internal or .ngrok.direct host is listed with the internal binding, a TLS URL with its port", () => {
    const { live } = setup();
    live.connectAgent(agent({
      tunnels: [
        { proto: "http", publicUrl: "http://web.internal", forwardsTo: "localhost:8080" },
        { proto: "https", publicUrl: "https://web.ngrok.direct", forwardsTo: "localhost:8080", poolingEnabled: true },
        { proto: "tls", publicUrl: "tls://db.internal", forwardsTo: "localhost:5432" },
        { proto: "tcp", publicUrl: "tcp://redis.internal:6379", forwardsTo: "localhost:6379" },
        { proto: "https", publicUrl: "https://app.example.com", forwardsTo: "localhost:8080" },
      ],
    }));
    const seen = live.listEndpoints().map((e) => [e.url, e.bindings, e.pooling_enabled]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
    expect(seen).toEqual([
      ["http://web.internal", ["internal"], false],
      ["https://app.example.com", ["public"], false],
      ["https://web.ngrok.direct", ["internal"], true],
      ["tcp://redis.internal:6379", ["internal"], false],
      ["tls://db.internal:443", ["internal"], false],
    ]);
  });

  it("agents on one URL are each listed, as a pool is", () => {
    const { live } = setup();
    const pooled = { proto: "https" as const, publicUrl: "https://api.internal", forwardsTo: "localhost:8080", poolingEnabled: true };
    const a = live.connectAgent(agent({ tunnels: [pooled] }));
    const b = live.connectAgent(agent({ tunnels: [pooled] }));
    expect(live.listEndpoints().map((e) => [e.url, e.tunnel_session.id])).toEqual([
      ["https://api.internal", b.id],
      ["https://api.internal", a.id],
    ]);
  });
});

describe("snapshot and restore", () => {
  it("round-trips through JSON, update state included", () => {
    const { live, advance } = setup();
    const s = live.connectAgent(agent());
    live.connectAgent(agent({ os: "windows", tunnels: [] }));
    live.update(s.id);
    const json = JSON.stringify(live.snapshot());

    const { live: copy } = setup();
    copy.restore(JSON.parse(json));
    expect(copy.listSessions()).toEqual(live.listSessions());
    expect(copy.listTunnels()).toEqual(live.listTunnels());
    expect(copy.listEndpoints()).toEqual(live.listEndpoints());
    expect(copy.updateStatus(s.id)).toBe("updating");
    expectFailure(() => copy.update(s.id), 400, AGENT_COMMAND_ERRORS.alreadyUpdating);
  });

  it("the snapshot is a copy, and a malformed snapshot is refused", () => {
    const { live } = setup();
    const s = live.connectAgent(agent());
    const snap = live.snapshot();
    snap.sessions[0]!.os = "changed";
    expect(live.getSession(s.id).os).toBe("linux");
    expect(() => live.restore({ version: 2, sessions: [] })).toThrow(/snapshot/);
    expect(live.getSession(s.id).os).toBe("linux"); // unchanged after a refused restore
  });
});

describe("compareVersions", () => {
  it("compares dotted versions numerically", () => {
    expect(compareVersions("3.10.0", "3.9.9")).toBe(1);
    expect(compareVersions("3.9", "3.9.0")).toBe(0);
    expect(compareVersions("v2.0.1", "2.0.2")).toBe(-1);
  });
});
