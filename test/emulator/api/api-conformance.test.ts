// Conformance to ngrok's API documentation where a lenient emulator would let a client's bug
// pass: each test names the page it is written from (the API overview, https://ngrok.com/docs/api;
// the error reference, https://ngrok.com/docs/errors; the API filtering guide,
// https://ngrok.com/docs/api/api-filtering; the API reference's operations). Requests are built
// by hand as the documentation describes them, or sent with ngrok's official TypeScript client.
import { Ngrok } from "@ngrok/ngrok-api";
import { request } from "undici";
import { FakeClock, startEmulator, type Emulator } from "../../../emulator";
import { call, expectError, type Answer } from "../../support/api";
import { DOCUMENTED_PATHS } from "../../../emulator/api/collections/unsupported";

let emu: Emulator;
let ngrok: Ngrok;

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  ngrok = new Ngrok({ apiToken: emu.apiKey, baseUrl: emu.url });
});
afterAll(() => emu.close());

/** A request with exactly these headers and body (the default auth and version headers added). */
async function send(method: string, path: string, headers: Record<string, string>, body?: string, target: Emulator = emu): Promise<Answer> {
  const res = await request(target.url + path, {
    method: method as "GET",
    headers: { authorization: `Bearer ${target.apiKey}`, "ngrok-version": "2", ...headers },
    body,
  });
  const text = await res.body.text();
  return { status: res.statusCode, headers: res.headers, text, json: text === "" ? undefined : JSON.parse(text) };
}

/** The official client's error object. */
async function clientError(p: Promise<unknown>): Promise<{ statusCode: number; errorCode?: string; msg: string }> {
  try {
    await p;
  } catch (e) {
    return e as { statusCode: number; errorCode?: string; msg: string };
  }
  throw new Error("expected the call to fail");
}

describe("request bodies (ngrok API overview: content types)", () => {
  const body = JSON.stringify({ description: "x" });

  it("ERR_NGROK_216 (ngrok API errors reference): a body without a Content-Type is refused", async () => {
    const a = await send("POST", "/credentials", {}, body);
    expect(expectError(a, 400, "ERR_NGROK_216").msg).toMatch(/Content-Type/);
    expect(emu.resources("credentials")).toHaveLength(0);
  });

  it("ERR_NGROK_210 (ngrok API errors reference): a text/plain or form body is refused, naming the type", async () => {
    expect(expectError(await send("POST", "/credentials", { "content-type": "text/plain" }, body), 400, "ERR_NGROK_210").msg).toContain("text/plain");
    const form = await send("PATCH", "/ip_policies/ipp_000000000000000000000000000", { "content-type": "application/x-www-form-urlencoded" }, "description=x");
    expectError(form, 400, "ERR_NGROK_210");
    expect(emu.resources("credentials")).toHaveLength(0);
  });

  it("ERR_NGROK_211 (ngrok API errors reference): a GET or DELETE with a body is refused", async () => {
    const cred = await call(emu, "POST", "/credentials", {});
    expect(expectError(await send("GET", "/credentials", { "content-type": "application/json" }, "{}"), 400, "ERR_NGROK_211").msg).toContain("GET");
    expectError(await send("DELETE", `/credentials/${cred.json.id}`, { "content-type": "application/json" }, "{}"), 400, "ERR_NGROK_211");
    expect((await call(emu, "GET", `/credentials/${cred.json.id}`)).status).toBe(200);
    await call(emu, "DELETE", `/credentials/${cred.json.id}`);
  });

  it("takes application/json with parameters, a Content-Type on a GET without a body (as the official client sends), and an empty POST", async () => {
    const a = await send("POST", "/credentials", { "content-type": "application/json; charset=utf-8" }, body);
    expect(a.status).toBe(201);
    expect((await send("GET", `/credentials/${a.json.id}`, { "content-type": "application/json" })).status).toBe(200);
    expect((await ngrok.credentials.get(a.json.id)).id).toBe(a.json.id);
    const empty = await send("POST", "/ip_policies", {});
    expect(empty.status).toBe(201);
    await call(emu, "DELETE", `/credentials/${a.json.id}`);
    await call(emu, "DELETE", `/ip_policies/${empty.json.id}`);
  });
});

describe("IP policy rules (ngrok API errors reference)", () => {
  let policy: string;
  beforeAll(async () => {
    policy = (await call(emu, "POST", "/ip_policies", {})).json.id;
  });
  const rule = (cidr: string, ipPolicyId = policy) => call(emu, "POST", "/ip_policy_rules", { cidr, ip_policy_id: ipPolicyId, action: "allow" });

  it.each([
    ["10.1.2.3/8", "10.0.0.0/8"],
    ["192.168.1.77/24", "192.168.1.0/24"],
    ["2001:db8::1/32", "2001:db8::/32"],
    ["2001:db8:0:0:0:0:1:0/64", "2001:db8::/64"],
  ])("ERR_NGROK_1409: %s is not written from its lowest address, and the error suggests %s", async (cidr, suggestion) => {
    const msg = expectError(await rule(cidr), 400, "ERR_NGROK_1409").msg;
    expect(msg).toContain(`'${cidr}'`);
    expect(msg).toContain(`'${suggestion}'`);
  });

  it("ERR_NGROK_1409 through the official client", async () => {
    const e = await clientError(ngrok.ipPolicyRules.create({ cidr: "10.1.2.3/8", ipPolicyId: policy, action: "allow" }));
    expect(e).toMatchObject({ statusCode: 400, errorCode: "ERR_NGROK_1409" });
  });

  it("ERR_NGROK_1406: an unparsable CIDR is an invalid CIDR, not a generic bad value", async () => {
    for (const cidr of ["10.0.0.0/33", "10.0.0/8", "example.com", "2001:db8::/129", "fe80::1%eth0/64"]) {
      expect(expectError(await rule(cidr), 400, "ERR_NGROK_1406").msg).toContain(`'${cidr}'`);
    }
  });

  it("ERR_NGROK_1408: a policy holds a range once, however it is written; another policy may hold it too", async () => {
    const first = await rule("198.51.100.0/24");
    expect(first.status).toBe(201);
    expect(expectError(await rule("198.51.100.0/24"), 400, "ERR_NGROK_1408").msg).toContain("198.51.100.0/24");
    expect((await rule("2001:db8::/48")).status).toBe(201);
    expectError(await rule("2001:0db8:0000::/48"), 400, "ERR_NGROK_1408");
    const other = (await call(emu, "POST", "/ip_policies", {})).json.id;
    expect((await rule("198.51.100.0/24", other)).status).toBe(201);
    // A PATCH onto another rule's range of the same policy too.
    const second = await rule("203.0.113.0/24");
    expectError(await call(emu, "PATCH", `/ip_policy_rules/${second.json.id}`, { cidr: "198.51.100.0/24" }), 400, "ERR_NGROK_1408");
    expect((await call(emu, "PATCH", `/ip_policy_rules/${first.json.id}`, { cidr: "198.51.100.0/24", description: "same" })).status).toBe(200);
  });
});

describe("CORS (ngrok API overview: browser clients)", () => {
  const origin = "https://dashboard.example.com";

  it("answers a preflight without credentials, allowing the methods and headers a client sends", async () => {
    const res = await request(`${emu.url}/credentials`, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type, ngrok-version" },
    });
    await res.body.text();
    expect(res.statusCode).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe(origin);
    expect(String(res.headers["access-control-allow-methods"])).toMatch(/\bPOST\b/);
    expect(String(res.headers["access-control-allow-headers"]).toLowerCase()).toEqual(expect.stringContaining("ngrok-version"));
  });

  it("lets a browser read answers and errors, the operation id included", async () => {
    const ok = await send("GET", "/credentials", { origin });
    expect(ok.status).toBe(200);
    expect(ok.headers["access-control-allow-origin"]).toBe(origin);
    expect(String(ok.headers["access-control-expose-headers"]).toLowerCase()).toContain("ngrok-operation-id");
    const refused = await call(emu, "GET", "/credentials", undefined, { bareHeaders: true, headers: { origin } });
    expectError(refused, 403, "ERR_NGROK_200");
    expect(refused.headers["access-control-allow-origin"]).toBe(origin);
    // Without an Origin (not a browser), no CORS headers.
    expect((await call(emu, "GET", "/credentials")).headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("filter (ngrok API filtering guide)", () => {
  let clock: FakeClock;
  let timed: Emulator;
  const ids: Record<string, string> = {};
  const list = async (path: string, filter: string, extra = ""): Promise<Answer> =>
    call(timed, "GET", `${path}?filter=${encodeURIComponent(filter)}${extra}`);

  beforeAll(async () => {
    clock = new FakeClock({ start: Date.parse("2026-03-01T00:00:00Z") });
    timed = await startEmulator({ rateLimit: false, clock });
    for (const [name, description, acl] of [
      ["old", "ci", ["bind:a.example.com"]],
      ["mid", "ci", []],
      ["new", "laptop", ["bind:b.example.com"]],
    ] as const) {
      ids[name] = (await call(timed, "POST", "/credentials", { description, metadata: `{"n":"${name}"}`, acl })).json.id;
      clock.advance(5 * 24 * 3600 * 1000);
    }
  });
  afterAll(() => timed.close());

  const idsOf = (a: Answer): string[] => (a.json.credentials as { id: string }[]).map((c) => c.id);

  it("selects by a field's value, newest first, over the fields the guide lists", async () => {
    expect(idsOf(await list("/credentials", 'obj.description == "ci"'))).toEqual([ids["mid"], ids["old"]]);
    expect(idsOf(await list("/credentials", '!(obj.description == "ci") || obj.metadata == "{\\"n\\":\\"old\\"}"'))).toEqual([ids["new"], ids["old"]]);
    expect(idsOf(await list("/credentials", '"bind:b.example.com" in obj.acl'))).toEqual([ids["new"]]);
    expect(idsOf(await list("/credentials", "size(obj.acl) == 0"))).toEqual([ids["mid"]]);
    expect(idsOf(await list("/credentials", `obj.id == "${ids["mid"]}"`))).toEqual([ids["mid"]]);
  });

  it("compares created_at as a timestamp, with timestamp(time.now).subtract(<duration>)", async () => {
    // The clock stands 15 days after the first credential: the last 7 days hold the newest only.
    expect(idsOf(await list("/credentials", 'obj.created_at > timestamp(time.now).subtract("7d")'))).toEqual([ids["new"]]);
    expect(idsOf(await list("/credentials", 'obj.created_at < timestamp("2026-03-03T00:00:00Z")'))).toEqual([ids["old"]]);
  });

  it("pages within the filtered list: next_page_uri keeps the filter", async () => {
    const first = await list("/credentials", 'obj.description == "ci"', "&limit=1");
    expect(idsOf(first)).toEqual([ids["mid"]]);
    const next = new URL(first.json.next_page_uri as string);
    expect(next.searchParams.get("filter")).toBe('obj.description == "ci"');
    const second = await call(timed, "GET", `${next.pathname}${next.search}`);
    expect(idsOf(second)).toEqual([ids["old"]]);
    expect(second.json.next_page_uri).toBeNull();
  });

  it("ERR_NGROK_250 (ngrok API errors reference): an invalid CEL query, or a field the objects do not have", async () => {
    expect(expectError(await list("/credentials", "obj.description =="), 400, "ERR_NGROK_250").msg).toMatch(/^Invalid CEL query/);
    expectError(await list("/credentials", 'obj.nonexistent == "x"'), 400, "ERR_NGROK_250");
    expectError(await list("/credentials", "obj.description"), 400, "ERR_NGROK_250");
  });
});

describe("inline modules (API reference: create HTTPS edge route, create TLS edge)", () => {
  it("a route is created with its modules in the same request, each checked as its own PUT is", async () => {
    const policy = (await call(emu, "POST", "/ip_policies", {})).json.id;
    const edge = (await call(emu, "POST", "/edges/https", {})).json.id;
    const route = await call(emu, "POST", `/edges/https/${edge}/routes`, {
      match_type: "path_prefix",
      match: "/api",
      circuit_breaker: { error_threshold_percentage: 0.5, volume_threshold: 10 },
      ip_restriction: { ip_policy_ids: [policy] },
      user_agent_filter: { deny: ["curl/.*"] },
    });
    expect(route.status).toBe(201);
    expect(route.json.circuit_breaker).toMatchObject({ enabled: true, error_threshold_percentage: 0.5, volume_threshold: 10 });
    expect(route.json.ip_restriction).toMatchObject({ enabled: true, ip_policies: [{ id: policy }] });
    const mod = await call(emu, "GET", `/edges/https/${edge}/routes/${route.json.id}/circuit_breaker`);
    expect(mod.json).toEqual(route.json.circuit_breaker);
    expect(route.json.oidc).toBeNull();

    // A bad module refuses the whole create with that module's code: nothing is made.
    const before = emu.resources("edges/https").length;
    const bad = await call(emu, "POST", `/edges/https/${edge}/routes`, { match_type: "exact_path", match: "/x", circuit_breaker: { error_threshold_percentage: 2 } });
    expectError(bad, 400, "ERR_NGROK_361");
    expect(emu.resources("edges/https")).toHaveLength(before);
    const routes = (await call(emu, "GET", `/edges/https/${edge}`)).json.routes as unknown[];
    expect(routes).toHaveLength(1);
  });

  it("a TLS edge is created with tls_termination inline through the official client", async () => {
    const edge = await ngrok.edges.edgesTls.create({ description: "inline", tlsTermination: { terminateAt: "edge", minVersion: "1.2" } });
    expect(edge.tlsTermination).toMatchObject({ enabled: true, terminateAt: "edge", minVersion: "1.2" });
    expect(await ngrok.edgeModules.tlsEdgeTlsTerminationModule.get(edge.id)).toMatchObject({ terminateAt: "edge" });
  });

  it("a module the emulator does not serve is refused naming it (501), never ignored", async () => {
    const edge = (await call(emu, "POST", "/edges/https", {})).json.id;
    const a = await call(emu, "POST", `/edges/https/${edge}/routes`, { match_type: "path_prefix", match: "/", compression: { enabled: true } });
    expectError(a, 501, undefined);
    expect(a.json.msg).toMatch(/'compression'.*not supported by this emulator/);
    const tls = await call(emu, "POST", "/edges/tls", { mutual_tls: { certificate_authority_ids: [] } });
    expect(tls.status).toBe(501);
    expect(tls.json.msg).toContain("'mutual_tls'");
  });
});

describe("certificate provisioning (API reference: reserved domain and agent ingress certificate_management_status)", () => {
  it("a policy starts a provisioning job; the certificate is issued after a delay on the emulator's clock", async () => {
    const clock = new FakeClock({ start: Date.parse("2026-05-01T08:00:00Z") });
    const timed = await startEmulator({ rateLimit: false, clock });
    try {
      const rd = await call(timed, "POST", "/reserved_domains", { domain: "shop.example.com", certificate_management_policy: { authority: "letsencrypt" } });
      expect(rd.json.certificate).toBeNull();
      expect(rd.json.certificate_management_status.provisioning_job).toEqual({ msg: expect.any(String), started_at: "2026-05-01T08:00:00Z" });
      clock.advance(29_000);
      const running = (await call(timed, "GET", `/reserved_domains/${rd.json.id}`)).json;
      expect(running.certificate).toBeNull();
      expect(running.certificate_management_status.provisioning_job).not.toBeNull();
      clock.advance(1_000);
      const done = (await call(timed, "GET", `/reserved_domains/${rd.json.id}`)).json;
      expect(done.certificate).toEqual({ id: expect.stringMatching(/^cert_[0-9A-Za-z]{27}$/), uri: expect.stringContaining(`/tls_certificates/cert_`) });
      expect(done.certificate_management_status).toEqual({ renews_at: rd.json.certificate_management_status.renews_at, provisioning_job: null });
      // The same certificate on every later read; a domain without a policy never gets one.
      clock.advance(3_600_000);
      expect((await call(timed, "GET", `/reserved_domains/${rd.json.id}`)).json).toEqual(done);
      const plain = await call(timed, "POST", "/reserved_domains", { domain: "plain.example.com" });
      clock.advance(60_000);
      expect((await call(timed, "GET", `/reserved_domains/${plain.json.id}`)).json).toMatchObject({ certificate: null, certificate_management_status: null });

      const ingress = await call(timed, "POST", "/agent_ingresses", { domain: "agents.example.com", certificate_management_policy: {} });
      expect(ingress.json.certificate_management_status.provisioning_job).not.toBeNull();
      clock.advance(30_000);
      expect((await call(timed, "GET", `/agent_ingresses/${ingress.json.id}`)).json.certificate_management_status.provisioning_job).toBeNull();
    } finally {
      await timed.close();
    }
  });

  it("takes as long as the emulator's certificateProvisioningMs says", async () => {
    const clock = new FakeClock();
    const slow = await startEmulator({ rateLimit: false, clock, certificateProvisioningMs: 600_000 });
    try {
      const rd = await call(slow, "POST", "/reserved_domains", { domain: "slow.example.com", certificate_management_policy: {} });
      clock.advance(599_000);
      expect((await call(slow, "GET", `/reserved_domains/${rd.json.id}`)).json.certificate).toBeNull();
      clock.advance(1_000);
      expect((await call(slow, "GET", `/reserved_domains/${rd.json.id}`)).json.certificate).not.toBeNull();
    } finally {
      await slow.close();
    }
  });
});

describe("documented paths the emulator does not serve (ngrok's OpenAPI description)", () => {
  it("answer 501 naming the documented path, not 404 'Resource not found'", async () => {
    const edge = (await call(emu, "POST", "/edges/https", {})).json.id;
    const route = (await call(emu, "POST", `/edges/https/${edge}/routes`, { match_type: "path_prefix", match: "/" })).json.id;
    const a = await call(emu, "GET", `/edges/https/${edge}/routes/${route}/compression`);
    expectError(a, 501, undefined);
    expect(a.json.msg).toBe("'GET /edges/https/{edge_id}/routes/{id}/compression' is part of the ngrok API but not supported by this emulator.");
    for (const [method, path] of [
      ["PUT", `/edges/https/${edge}/mutual_tls`],
      ["GET", "/backends/static"],
      ["POST", "/edges/tcp"],
      ["DELETE", "/reserved_domains/rd_000000000000000000000000000/certificate_management_policy"],
    ] as const) {
      const r = await call(emu, method, path, method === "PUT" || method === "POST" ? {} : undefined);
      expect({ path, status: r.status, msg: r.json.msg }).toEqual({ path, status: 501, msg: expect.stringContaining("not supported by this emulator") });
    }
    // Every path listed as unserved is answered so: none is shadowed by a collection that serves it.
    for (const template of DOCUMENTED_PATHS) {
      const r = await call(emu, "GET", template.replace(/\{[a-z_]+\}/g, "x_000000000000000000000000000"));
      expect({ template, status: r.status }).toEqual({ template, status: 501 });
    }
    // A path no documentation lists is still 404.
    expectError(await call(emu, "GET", "/no_such_collection"), 404, undefined);
  });

  it("through the official client too", async () => {
    const edge = await ngrok.edges.edgesHttps.create({});
    const route = (await call(emu, "POST", `/edges/https/${edge.id}/routes`, { match_type: "path_prefix", match: "/" })).json.id;
    const e = await clientError(ngrok.edgeModules.edgeRouteCompressionModule.get({ edgeId: edge.id, id: route }));
    expect(e.statusCode).toBe(501);
    expect(e.msg).toContain("not supported by this emulator");
  });
});

describe("links behind a proxy (ngrok API overview: pagination)", () => {
  let proxied: Emulator;
  beforeAll(async () => {
    proxied = await startEmulator({ rateLimit: false });
    for (let i = 0; i < 3; i++) await call(proxied, "POST", "/credentials", {});
  });
  afterAll(() => proxied.close());

  it.each([
    ["the Host the client used", { host: "api.example.test:8443" }, "http://api.example.test:8443"],
    ["X-Forwarded-Host and X-Forwarded-Proto", { "x-forwarded-host": "gw.example.com", "x-forwarded-proto": "https" }, "https://gw.example.com"],
    ["Forwarded", { forwarded: 'for=192.0.2.1;host="edge.example.com:9000";proto=https' }, "https://edge.example.com:9000"],
  ])("next_page_uri and uri start with %s", async (_what, headers, base) => {
    const a = await send("GET", "/credentials?limit=1", headers as Record<string, string>, undefined, proxied);
    expect(a.json.uri).toBe(`${base}/credentials`);
    expect(a.json.next_page_uri).toMatch(new RegExp(`^${base.replace(/[.]/g, "\\.")}/credentials\\?before_id=cr_[0-9A-Za-z]{27}&limit=1$`));
    expect(a.json.credentials[0].uri).toMatch(new RegExp(`^${base.replace(/[.]/g, "\\.")}/credentials/cr_`));
  });
});
