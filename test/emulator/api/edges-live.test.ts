/** Edges, routes and their modules; live state (sessions, tunnels, endpoints) and agent commands. */
import { startEmulator, type Emulator } from "../../../emulator";
import { call, expectError, missingId } from "../../support/api";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false, foreignDomains: ["taken.example.com"] });
  for (const domain of ["app.example.com", "tls.example.com", "*.wild.example.com"]) {
    expect((await call(emu, "POST", "/reserved_domains", { domain })).status).toBe(201);
  }
});
afterAll(() => emu.close());

describe("HTTPS edges, routes and route modules", () => {
  it("creates an edge and a route; the edge lists its routes; deleting the edge deletes them", async () => {
    const edge = await call(emu, "POST", "/edges/https", { hostports: ["App.example.com:443"] });
    expect(edge.json).toMatchObject({ id: expect.stringMatching(/^edghts_/), hostports: ["app.example.com:443"], routes: [], mutual_tls: null, tls_termination: null });
    const route = await call(emu, "POST", `/edges/https/${edge.json.id}/routes`, { match_type: "path_prefix", match: "/api" });
    expect(route.status).toBe(201);
    expect(route.json).toMatchObject({
      edge_id: edge.json.id,
      id: expect.stringMatching(/^edghtsrt_/),
      uri: `${emu.url}/edges/https/${edge.json.id}/routes/${route.json.id}`,
      match_type: "path_prefix",
      match: "/api",
      oidc: null,
      circuit_breaker: null,
    });
    expect((await call(emu, "GET", `/edges/https/${edge.json.id}`)).json.routes).toEqual([route.json]);
    expectError(await call(emu, "POST", `/edges/https/${edge.json.id}/routes`, { match_type: "regex", match: "/" }), 400, "ERR_NGROK_215");
    expectError(await call(emu, "POST", `/edges/https/${missingId("edghts")}/routes`, { match_type: "exact_path", match: "/" }), 404, undefined);
    expectError(await call(emu, "POST", "/edges/https", { hostports: ["no-port"] }), 400, "ERR_NGROK_215");

    expect((await call(emu, "DELETE", `/edges/https/${edge.json.id}`)).status).toBe(204);
    expect(emu.resources("https_edge_routes").some((r) => (r as { id: string }).id === route.json.id)).toBe(false);
  });

  it("takes only hostports of domains the account reserved, each on one edge at a time", async () => {
    const unreserved = expectError(await call(emu, "POST", "/edges/https", { hostports: ["app.example.com:443", "other.example.com:443"] }), 400, "ERR_NGROK_7117");
    expect(unreserved.msg).toBe("The domain 'other.example.com:443' is not reserved.");
    const foreign = expectError(await call(emu, "POST", "/edges/tls", { hostports: ["taken.example.com:443"] }), 400, "ERR_NGROK_7118");
    expect(foreign.msg).toBe("The domain 'taken.example.com:443' is not reserved by your account.");
    // A wildcard reservation covers its subdomains, not the wildcard's parent.
    const wild = await call(emu, "POST", "/edges/https", { hostports: ["a.wild.example.com:443", "b.c.wild.example.com:443"] });
    expect(wild.status).toBe(201);
    expectError(await call(emu, "POST", "/edges/https", { hostports: ["wild.example.com:443"] }), 400, "ERR_NGROK_7117");

    // One edge per hostport, whatever the kind; an edge may keep its own on update.
    const edge = (await call(emu, "POST", "/edges/https", { hostports: ["app.example.com:443"] })).json;
    expectError(await call(emu, "POST", "/edges/tls", { hostports: ["APP.example.com:443"] }), 400, "ERR_NGROK_381");
    expect((await call(emu, "PATCH", `/edges/https/${edge.id}`, { hostports: ["app.example.com:443"], description: "kept" })).status).toBe(200);
    expectError(await call(emu, "PATCH", `/edges/https/${wild.json.id}`, { hostports: ["app.example.com:443"] }), 400, "ERR_NGROK_381");
    // A refused update leaves the edge as it was.
    expectError(await call(emu, "PATCH", `/edges/https/${edge.id}`, { hostports: ["nope.example.com:443"] }), 400, "ERR_NGROK_7117");
    expect((await call(emu, "GET", `/edges/https/${edge.id}`)).json).toMatchObject({ hostports: ["app.example.com:443"], description: "kept" });

    // Once the edge is gone (or no longer lists it) the hostport is free again.
    expect((await call(emu, "DELETE", `/edges/https/${edge.id}`)).status).toBe(204);
    const tls = await call(emu, "POST", "/edges/tls", { hostports: ["app.example.com:443"] });
    expect(tls.status).toBe(201);
    expect((await call(emu, "PATCH", `/edges/tls/${tls.json.id}`, { hostports: [] })).json.hostports).toEqual([]);
    expect((await call(emu, "DELETE", `/edges/https/${wild.json.id}`)).status).toBe(204);
  });

  it("PUT/GET/DELETE a module; a module never set is 404; the route shows it", async () => {
    const edge = (await call(emu, "POST", "/edges/https", {})).json;
    const route = (await call(emu, "POST", `/edges/https/${edge.id}/routes`, { match_type: "exact_path", match: "/" })).json;
    const base = `/edges/https/${edge.id}/routes/${route.id}`;
    expectError(await call(emu, "GET", `${base}/circuit_breaker`), 404, undefined);

    const put = await call(emu, "PUT", `${base}/circuit_breaker`, { error_threshold_percentage: 0.5, num_buckets: 10 });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ enabled: true, error_threshold_percentage: 0.5, num_buckets: 10 });
    expect((await call(emu, "GET", `${base}/circuit_breaker`)).json).toEqual(put.json);
    expect((await call(emu, "GET", base)).json.circuit_breaker).toEqual(put.json);

    const del = await call(emu, "DELETE", `${base}/circuit_breaker`);
    expect(del.status).toBe(204);
    expect((await call(emu, "GET", `${base}/circuit_breaker`)).status).toBe(404);
    expect((await call(emu, "GET", base)).json.circuit_breaker).toBeNull();
  });

  it("wires the module validators and their error codes", async () => {
    const edge = (await call(emu, "POST", "/edges/https", {})).json;
    const route = (await call(emu, "POST", `/edges/https/${edge.id}/routes`, { match_type: "exact_path", match: "/" })).json;
    const base = `/edges/https/${edge.id}/routes/${route.id}`;
    expectError(await call(emu, "PUT", `${base}/circuit_breaker`, { error_threshold_percentage: 50 }), 400, "ERR_NGROK_361");
    expectError(await call(emu, "PUT", `${base}/webhook_verification`, { secret: "s" }), 400, "ERR_NGROK_363");
    expectError(await call(emu, "PUT", `${base}/webhook_verification`, { provider: "nope", secret: "s" }), 400, "ERR_NGROK_364");
    expectError(await call(emu, "PUT", `${base}/oidc`, { client_secret: "s", issuer: "https://id.example.com" }), 400, "ERR_NGROK_385");
    expectError(await call(emu, "PUT", `${base}/oidc`, { bogus: 1 }), 400, "ERR_NGROK_214");
    expectError(await call(emu, "PUT", `${base}/ip_restriction`, { ip_policy_ids: [missingId("ipp")] }), 400, "ERR_NGROK_380");
    const oidc = await call(emu, "PUT", `${base}/oidc`, { client_id: "c", client_secret: "s3cret", issuer: "https://id.example.com" });
    expect(oidc.json).toMatchObject({ enabled: true, client_secret: "s3cret" });
    // ngrok's public API reference answers a GET with the same EndpointOIDC and
    // EndpointWebhookValidation objects a PUT takes, `client_secret` and `secret` included (no
    // field of theirs is write-only; ngrok-api-go's types carry them too), and so does the emulator.
    expect((await call(emu, "GET", `${base}/oidc`)).json).toMatchObject({ client_secret: "s3cret" });
    expect((await call(emu, "PUT", `${base}/webhook_verification`, { provider: "github", secret: "whsec" })).status).toBe(200);
    expect((await call(emu, "GET", `${base}/webhook_verification`)).json).toEqual({ enabled: true, provider: "github", secret: "whsec" });
    expect((await call(emu, "GET", base)).json).toMatchObject({ oidc: { client_secret: "s3cret" }, webhook_verification: { secret: "whsec" } });

    const policy = (await call(emu, "POST", "/ip_policies", {})).json;
    const ipr = await call(emu, "PUT", `${base}/ip_restriction`, { ip_policy_ids: [policy.id] });
    expect(ipr.json).toEqual({ enabled: true, ip_policies: [{ id: policy.id, uri: `${emu.url}/ip_policies/${policy.id}` }] });
    // Modules of the other edge kind are not served here.
    expect((await call(emu, "PUT", `${base}/tls_termination`, {})).status).toBe(404);
  });

  it("keeps routes of one edge out of another edge's paths", async () => {
    const a = (await call(emu, "POST", "/edges/https", {})).json;
    const b = (await call(emu, "POST", "/edges/https", {})).json;
    const route = (await call(emu, "POST", `/edges/https/${a.id}/routes`, { match_type: "exact_path", match: "/" })).json;
    expect((await call(emu, "GET", `/edges/https/${b.id}/routes/${route.id}`)).status).toBe(404);
    expectError(await call(emu, "GET", `/edges/https/${a.id}/routes/${missingId("edgtls")}`), 400, "ERR_NGROK_227");
  });
});

describe("TLS edges and their modules", () => {
  it("backend and tls_termination modules with refs and ERR_NGROK_224", async () => {
    const edge = await call(emu, "POST", "/edges/tls", { hostports: ["tls.example.com:443"] });
    expect(edge.json).toMatchObject({ id: expect.stringMatching(/^edgtls_/), backend: null, ip_restriction: null, tls_termination: null, mutual_tls: null });
    const base = `/edges/tls/${edge.json.id}`;
    const tg = (await call(emu, "POST", "/backends/tunnel_group", { labels: { app: "db" } })).json;
    const backend = await call(emu, "PUT", `${base}/backend`, { backend_id: tg.id });
    expect(backend.json).toEqual({ enabled: true, backend: { id: tg.id, uri: `${emu.url}/backends/tunnel_group/${tg.id}` } });
    expectError(await call(emu, "PUT", `${base}/backend`, { backend_id: missingId("bkdhr") }), 400, "ERR_NGROK_380");
    expectError(await call(emu, "PUT", `${base}/tls_termination`, { terminate_at: "middle" }), 400, "ERR_NGROK_224");
    expectError(await call(emu, "PUT", `${base}/tls_termination`, { terminate_at: "upstream", min_version: "1.2" }), 400, "ERR_NGROK_215");
    const tls = await call(emu, "PUT", `${base}/tls_termination`, { terminate_at: "edge", min_version: "1.2" });
    expect((await call(emu, "GET", base)).json).toMatchObject({ backend: backend.json, tls_termination: tls.json });
    expect((await call(emu, "GET", "/edges/tls")).json.tls_edges.map((e: { id: string }) => e.id)).toContain(edge.json.id);
  });
});

describe("live state", () => {
  it("connects an agent through the control path and shows its session, tunnels and endpoints", async () => {
    const cred = (await call(emu, "POST", "/credentials", {})).json;
    const connect = await call(emu, "POST", "/_emulator/agents", {
      credentialId: cred.id,
      os: "linux",
      agentVersion: "3.18.0",
      metadata: "from-test",
      tunnels: [
        { proto: "https", forwardsTo: "http://localhost:8080", hostname: "web.example.com" },
        { proto: "tls", forwardsTo: "localhost:5432", labels: { app: "db" } },
      ],
    });
    expect(connect.status).toBe(201);
    const session = connect.json;
    expect(session).toMatchObject({ id: expect.stringMatching(/^ts_/), credential: { id: cred.id }, metadata: "from-test", transport: "ngrok/2" });
    expect(emu.requests.some((r) => r.path.startsWith("/_emulator"))).toBe(false);

    const sessions = await call(emu, "GET", "/tunnel_sessions");
    expect(sessions.json).toEqual({ tunnel_sessions: [session], uri: `${emu.url}/tunnel_sessions`, next_page_uri: null });
    expect((await call(emu, "GET", `/tunnel_sessions/${session.id}`)).json).toEqual(session);

    const tunnels = (await call(emu, "GET", "/tunnels?limit=1")).json;
    expect(tunnels.tunnels).toHaveLength(1);
    expect(tunnels.next_page_uri).toMatch(/\/tunnels\?before_id=tn_.*&limit=1$/);
    const endpoints = (await call(emu, "GET", "/endpoints")).json.endpoints;
    expect(endpoints).toEqual([expect.objectContaining({ public_url: "https://web.example.com", type: "ephemeral", proto: "https" })]);
    expect((await call(emu, "GET", `/endpoints/${endpoints[0].id}`)).json).toEqual(endpoints[0]);

    // A labelled tunnel serves the tunnel group backends whose labels it has.
    const tg = (await call(emu, "POST", "/backends/tunnel_group", { labels: { app: "db" } })).json;
    expect(tg.tunnels).toHaveLength(1);
    expect(emu.resources("tunnel_sessions")).toEqual([session]);
  });

  it("runs agent commands: update, restart (new session id), stop; errors as 400", async () => {
    const cred = (await call(emu, "POST", "/credentials", {})).json;
    const session = emu.connectAgent({ credentialId: cred.id, os: "linux", agentVersion: "3.1.0", tunnels: [] });
    const cmd = (name: string, id = session.id) => call(emu, "POST", `/tunnel_sessions/${id}/${name}`, {});
    expect((await cmd("update")).status).toBe(204);
    expect((await cmd("update")).status).toBe(400); // already updating
    emu.completeAgentUpdates();
    const restarted = await cmd("restart");
    expect(restarted.status).toBe(204);
    expect(restarted.text).toBe("");
    expect((await call(emu, "GET", `/tunnel_sessions/${session.id}`)).status).toBe(404);
    const fresh = (emu.resources("tunnel_sessions") as Array<{ id: string; credential: { id: string }; agent_version: string }>).find(
      (s) => s.credential.id === cred.id,
    )!;
    expect(fresh.agent_version).toBe("3.19.0");
    expect((await cmd("stop", fresh.id)).status).toBe(204);
    expect((await call(emu, "GET", `/tunnel_sessions/${fresh.id}`)).status).toBe(404);
    expectError(await cmd("stop", missingId("cr")), 400, "ERR_NGROK_227");
    expectError(await call(emu, "POST", `/tunnel_sessions/${missingId("ts")}/stop`, { force: true }), 400, "ERR_NGROK_214");
  });

  it("refuses agents with an unknown credential and malformed control bodies", async () => {
    expectError(await call(emu, "POST", "/_emulator/agents", { credentialId: missingId("cr"), os: "linux", agentVersion: "3.0.0", tunnels: [] }), 400, "ERR_NGROK_380");
    expect((await call(emu, "POST", "/_emulator/agents", { os: "linux" })).status).toBe(400);
    expect((await call(emu, "POST", "/_emulator/agents", {}, { headers: { authorization: "Bearer wrong" } })).status).toBe(403);
  });
});
