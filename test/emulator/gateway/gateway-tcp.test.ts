/**
 * TCP and TLS endpoints (https://ngrok.com/docs/universal-gateway/tcp/, /tls/): a connection runs
 * the endpoint's on_tcp_connect (https://ngrok.com/docs/traffic-policy/), in testPolicy as a
 * `tcp://` or `tls://` request and in the gateway over a real TCP connection: deny
 * (https://ngrok.com/docs/traffic-policy/actions/deny/) and restrict-ips
 * (https://ngrok.com/docs/traffic-policy/actions/restrict-ips/) close it, forward-internal hands it
 * to an internal TCP endpoint, and the connection's variables are set.
 */
import { connect, createServer, type Server } from "node:net";
import { startEmulator, testPolicy, type Emulator, type WirePolicy } from "../../../emulator";
import { call } from "../../support/api";

const TCP = "tcp://1.tcp.ngrok.io:12345";
const guarded: WirePolicy = {
  on_tcp_connect: [
    { expressions: ["conn.client_ip == '198.51.100.9'"], actions: [{ type: "deny" }] },
    { actions: [{ type: "restrict-ips", config: { allow: ["203.0.113.0/24", "2001:db8::/32"] } }] },
  ],
};

describe("testPolicy: a connection to a TCP endpoint", () => {
  it.each([
    ["denied by deny", "198.51.100.9", "closed", "deny"],
    ["let through by restrict-ips", "203.0.113.7", "accepted", "restrict-ips"],
    ["let through by restrict-ips (IPv6)", "2001:db8::7", "accepted", "restrict-ips"],
    ["closed by restrict-ips", "192.0.2.1", "closed", "restrict-ips"],
  ])("%s: %s", async (_name, clientIp, connection, last) => {
    const r = await testPolicy(guarded, { url: TCP, clientIp });
    expect([r.connection, r.status, r.actions.at(-1)?.type]).toEqual([connection, connection === "closed" ? 0 : 200, last]);
  });

  it("sets the connection's variables: conn.*, endpoint.*, and conn.tls.* on a TLS endpoint", async () => {
    const vars = (e: string) => ({ on_tcp_connect: [{ actions: [{ type: "set-vars", config: { vars: [{ v: `\${${e}}` }] } }] }] });
    const value = async (e: string, url = TCP) => (await testPolicy(vars(e), { url, clientIp: "203.0.113.7", clientPort: 40001, sni: "db.example.com" })).vars.on_tcp_connect?.["v"];
    expect(await value("conn.client_ip + ':' + string(conn.client_port)")).toBe("203.0.113.7:40001");
    expect(await value("endpoint.protocol + ' ' + endpoint.host + ' ' + string(endpoint.port)")).toBe("tcp 1.tcp.ngrok.io 12345");
    expect(await value("conn.tls.sni", "tls://db.example.com")).toBe("db.example.com");
  });

  it("forward-internal hands the connection to an internal TCP endpoint, whose own on_tcp_connect runs", async () => {
    const policy: WirePolicy = { on_tcp_connect: [{ actions: [{ type: "forward-internal", config: { url: "tcp://db.internal:5432" } }] }] };
    const internal = { trafficPolicy: { on_tcp_connect: [{ expressions: ["conn.client_ip == '192.0.2.1'"], actions: [{ type: "deny" }] }] } };
    const options = { endpoints: { "tcp://db.internal:5432": internal } };
    const through = await testPolicy(policy, { url: TCP, clientIp: "203.0.113.7" }, options);
    expect([through.connection, through.forwardedTo]).toEqual(["forwarded", "tcp://db.internal:5432"]);
    const refused = await testPolicy(policy, { url: TCP, clientIp: "192.0.2.1" }, options);
    expect([refused.connection, refused.forwardedTo]).toEqual(["closed", undefined]);
    const offline = await testPolicy(policy, { url: TCP, clientIp: "203.0.113.7" });
    expect(offline.connection).toBe("closed");
  });

  it("terminate-tls runs on a tls:// endpoint", async () => {
    const r = await testPolicy({ on_tcp_connect: [{ actions: [{ type: "terminate-tls", config: { min_version: "1.3" } }] }] }, { url: "tls://app.example.com", tls: { version: "1.3" } });
    expect([r.connection, r.actions.map((a) => a.type)]).toEqual(["accepted", ["terminate-tls"]]);
  });
});

describe("the gateway: a real TCP connection to a TCP endpoint", () => {
  let emu: Emulator;
  let echo: Server;
  let endpointId = "";
  let listener = "";
  beforeAll(async () => {
    echo = createServer((s) => s.pipe(s));
    await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
    emu = await startEmulator({ rateLimit: false, gateway: true });
    const addr = await call(emu, "POST", "/reserved_addrs", { region: "us" });
    const url = `tcp://${String(addr.json.addr)}`;
    listener = await emu.gateway!.listenTcp(url);
    emu.gateway!.registerUpstream("tcp://echo.internal:7", `tcp://127.0.0.1:${(echo.address() as { port: number }).port}`);
    const created = await call(emu, "POST", "/endpoints", { type: "cloud", url, traffic_policy: JSON.stringify(policyAllowing("127.0.0.1/32")) });
    expect(created.status).toBe(201);
    endpointId = String(created.json.id);
    expect(emu.gateway!.tcpUrls[url]).toBe(listener);
  });
  afterAll(async () => {
    await emu.close();
    await new Promise<void>((resolve) => echo.close(() => resolve()));
  });

  function policyAllowing(cidr: string): WirePolicy {
    return {
      on_tcp_connect: [
        { actions: [{ type: "restrict-ips", config: { allow: [cidr] } }] },
        { actions: [{ type: "forward-internal", config: { url: "tcp://echo.internal:7" } }] },
      ],
    };
  }

  /** Connects, sends `ping`, and answers what came back before the connection closed ("" when nothing did). */
  function exchange(): Promise<string> {
    const { port, hostname } = new URL(listener.replace(/^tcp:/, "http:"));
    return new Promise((resolve) => {
      const socket = connect(Number(port), hostname);
      let got = "";
      socket.on("data", (d) => {
        got += d.toString("utf8");
        if (got === "ping") socket.end();
      });
      socket.on("error", () => undefined);
      socket.on("close", () => resolve(got));
      socket.write("ping");
    });
  }

  async function setPolicy(policy: WirePolicy): Promise<void> {
    expect((await call(emu, "PATCH", `/endpoints/${endpointId}`, { traffic_policy: JSON.stringify(policy) })).status).toBe(200);
  }

  it("restrict-ips allowing the client: the connection reaches the internal endpoint's service, which echoes", async () => {
    await setPolicy(policyAllowing("127.0.0.1/32"));
    expect(await exchange()).toBe("ping");
  });

  it("restrict-ips not allowing the client: the connection is closed, nothing reaches the service", async () => {
    await setPolicy(policyAllowing("203.0.113.0/24"));
    expect(await exchange()).toBe("");
  });

  it("deny for the client's address: the connection is closed before forward-internal could take it", async () => {
    const forward = policyAllowing("127.0.0.1/32").on_tcp_connect!.slice(1);
    await setPolicy({ on_tcp_connect: [{ expressions: ["conn.client_ip == '127.0.0.1'"], actions: [{ type: "deny" }] }, ...forward] });
    expect(await exchange()).toBe("");
    await setPolicy({ on_tcp_connect: [{ expressions: ["conn.client_ip == '192.0.2.1'"], actions: [{ type: "deny" }] }, ...forward] });
    expect(await exchange()).toBe("ping");
  });
});
