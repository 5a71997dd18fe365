// The official ngrok TypeScript client (@ngrok/ngrok-api 0.11.0) drives the emulator over
// loopback: evidence that the emulator speaks the real API's wire format (Ngrok-Version
// header, snake_case bodies, list envelopes and paging, error bodies), independent of our
// own provider's client.
//
// Four defects of that client are pinned down here because they also hit the real service:
// - every delete() parses the empty 204 body as JSON and rejects with a SyntaxError although
//   the resource was deleted;
// - tunnelSessions.restart()/stop() send the bare session id as the request body, which is
//   not JSON (the real service answers ERR_NGROK_213, ngrok/ngrok-api-typescript#23);
// - list() pages with a `beforeId` query parameter instead of `before_id`, so with more
//   entries than its page size it requests the first page forever;
// - route create() and module replace() put `edge_id`/`id` (and `module`) in the body, where
//   the Go client sends only the fields (for modules, the bare module object). Routes are
//   therefore created and modules PUT with plain fetch, in the Go client's shape.
import { Ngrok } from "@ngrok/ngrok-api";
import { startEmulator, type Emulator } from "../../../emulator";
import { call } from "../../support/api";
import { makeCertificate } from "../../support/certs";
import { peculiarX509 } from "../../../emulator/shared/x509";

const { KeyUsageFlags } = peculiarX509();

let emu: Emulator;
let ngrok: Ngrok;

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  ngrok = new Ngrok({ apiToken: emu.apiKey, baseUrl: emu.url });
});
afterAll(() => emu.close());

/** A request in the shape ngrok's Go client sends. */
const raw = (method: string, path: string, body?: unknown) => call(emu, method, path, body);

/** The client's error object (its onRejected turns the API error body into camelCase). */
interface ClientError {
  statusCode: number;
  errorCode?: string;
  msg: string;
  details: Map<string, string>;
}

async function clientError(p: Promise<unknown>): Promise<ClientError> {
  try {
    await p;
  } catch (e) {
    return e as ClientError;
  }
  throw new Error("expected the call to fail");
}

/**
 * Runs one of the client's delete() calls. The server must answer 204; the client then
 * rejects only because it parses the empty body as JSON, and nothing else is accepted.
 */
async function clientDelete(call: () => Promise<void>): Promise<void> {
  const before = emu.requests.length;
  await call().catch((e: unknown) => {
    if (!(e instanceof SyntaxError)) throw e;
  });
  const sent = emu.requests.slice(before).filter((r) => r.method === "DELETE");
  expect(sent.map((r) => r.status)).toEqual([204]);
}

async function expectNotFound(p: Promise<unknown>): Promise<void> {
  const e = await clientError(p);
  expect(e.statusCode).toBe(404);
  expect(e.msg).toBe("Resource not found");
  expect(e.errorCode).toBeUndefined();
  expect(e.details.get("operationId")).toMatch(/^op_/);
}

it("reaches the emulator at a loopback http base URL", async () => {
  expect(emu.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const list = await ngrok.credentials.list();
  expect(Array.isArray(list)).toBe(true);
});

describe("credentials", () => {
  it("create, get, list, update, delete", async () => {
    const created = await ngrok.credentials.create({ description: "ci runner", metadata: "{\"team\":\"infra\"}", acl: ["bind:*.example.com"] });
    expect(created.id).toMatch(/^cr_[0-9A-Za-z]{27}$/);
    expect(created.uri).toBe(`${emu.url}/credentials/${created.id}`);
    expect(typeof created.token).toBe("string");
    expect(created.acl).toEqual(["bind:*.example.com"]);

    const got = await ngrok.credentials.get(created.id);
    expect(got.token).toBeNull(); // only the create response carries the token
    expect(got.description).toBe("ci runner");

    const updated = await ngrok.credentials.update({ id: created.id, description: "renamed", acl: ["bind:app.example.com", "bind:env=prod"] });
    expect(updated).toMatchObject({ id: created.id, description: "renamed", metadata: "{\"team\":\"infra\"}", acl: ["bind:app.example.com", "bind:env=prod"] });

    expect((await ngrok.credentials.list()).map((c) => c.id)).toContain(created.id);

    await clientDelete(() => ngrok.credentials.delete(created.id));
    await expectNotFound(ngrok.credentials.get(created.id));
  });

  it("lists newest first; next_page_uri pages with before_id", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await ngrok.credentials.create({ description: `page ${i}`, acl: [] })).id);
    // One page (the client's default limit is 100): the client's own paging cannot be used
    // with a smaller limit, because it sends `beforeId` instead of `before_id`, so it asks
    // for the first page again and again (an endless loop against any server that, like the
    // emulator, ignores unknown query parameters).
    const listed = await ngrok.credentials.list();
    expect(listed.map((c) => c.id).filter((id) => ids.includes(id))).toEqual([...ids].reverse());

    const seen: string[] = [];
    let next: string | null = `${emu.url}/credentials?limit=2`;
    for (let pages = 0; next !== null; pages++) {
      expect(pages).toBeLessThan(50);
      const page = await raw("GET", next.slice(emu.url.length));
      const body = page.json as { credentials: { id: string }[]; next_page_uri: string | null };
      seen.push(...body.credentials.map((c) => c.id));
      if (body.next_page_uri !== null) expect(body.next_page_uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/credentials\?.*before_id=cr_/);
      next = body.next_page_uri;
    }
    expect(seen).toEqual(listed.map((c) => c.id));
  });

  it("reports a bad ACL rule with the service's error body", async () => {
    const e = await clientError(ngrok.credentials.create({ acl: ["allow:everything"] }));
    expect(e).toMatchObject({ statusCode: 400, errorCode: "ERR_NGROK_600" });
    expect(e.msg).toContain("allow:everything");
  });
});

describe("reserved domains", () => {
  it("create, get, list, update, delete", async () => {
    const created = await ngrok.reservedDomains.create({ domain: "Shop.Example.COM", region: "", description: "shop" });
    expect(created.id).toMatch(/^rd_/);
    expect(created.domain).toBe("shop.example.com"); // lower-cased by the service
    expect(created.certificate).toBeNull();

    expect((await ngrok.reservedDomains.get(created.id)).domain).toBe("shop.example.com");
    expect((await ngrok.reservedDomains.list()).map((d) => d.id)).toContain(created.id);

    const updated = await ngrok.reservedDomains.update({ id: created.id, description: "storefront" });
    expect(updated).toMatchObject({ id: created.id, description: "storefront", domain: "shop.example.com" });

    await clientDelete(() => ngrok.reservedDomains.delete(created.id));
    await expectNotFound(ngrok.reservedDomains.get(created.id));
  });
});

describe("TLS certificates", () => {
  it("create answers every derived field of the client's TLSCertificate, never the private key; get, list, update, delete", async () => {
    const ca = await makeCertificate({ name: "CN=Example Issuing CA", ca: true, rsa: true });
    const leaf = await makeCertificate({
      name: "CN=api.example.com, O=Example Corp, OU=Platform, L=Perth, ST=WA, C=AU",
      issuer: ca,
      rsa: true,
      serialNumber: "0badcafe",
      dnsNames: ["api.example.com", "*.api.example.com"],
      ips: ["198.51.100.7"],
      keyUsages: KeyUsageFlags.digitalSignature | KeyUsageFlags.keyEncipherment,
      extendedKeyUsages: ["1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2"],
    });
    const created = await ngrok.tlsCertificates.create({
      certificatePem: leaf.certificatePem + ca.certificatePem,
      privateKeyPem: leaf.privateKeyPem,
      description: "api",
    });
    expect(created.id).toMatch(/^cert_[0-9A-Za-z]{27}$/);
    expect(created).toMatchObject({
      uri: `${emu.url}/tls_certificates/${created.id}`,
      description: "api",
      subjectCommonName: "api.example.com",
      subjectAlternativeNames: { dnsNames: ["api.example.com", "*.api.example.com"], ips: ["198.51.100.7"] },
      issuedAt: null,
      notBefore: "2026-01-01T00:00:00Z",
      notAfter: "2036-01-01T00:00:00Z",
      keyUsages: ["digital_signature", "key_encipherment"],
      extendedKeyUsages: ["server_auth", "client_auth"],
      privateKeyType: "rsa",
      issuerCommonName: "Example Issuing CA",
      serialNumber: "badcafe",
      subjectOrganization: "Example Corp",
      subjectOrganizationalUnit: "Platform",
      subjectLocality: "Perth",
      subjectProvince: "WA",
      subjectCountry: "AU",
    });
    expect("privateKeyPem" in created).toBe(false);

    expect(await ngrok.tlsCertificates.get(created.id)).toEqual(created);
    expect((await ngrok.tlsCertificates.list()).map((c) => c.id)).toContain(created.id);
    const updated = await ngrok.tlsCertificates.update({ id: created.id, metadata: "{\"rotate\":\"2035\"}" });
    expect(updated).toEqual({ ...created, metadata: "{\"rotate\":\"2035\"}" });

    await clientDelete(() => ngrok.tlsCertificates.delete(created.id));
    await expectNotFound(ngrok.tlsCertificates.get(created.id));
  });
});

describe("IP restrictions", () => {
  it("create, get, list, update, delete, with IP policy refs", async () => {
    const policy = await ngrok.ipPolicies.create({ description: "office" });
    const other = await ngrok.ipPolicies.create({ description: "vpn" });
    const created = await ngrok.ipRestrictions.create({ type: "dashboard", enforced: false, ipPolicyIds: [policy.id] });
    expect(created.id).toMatch(/^ipx_/);
    expect(created.ipPolicies).toEqual([{ id: policy.id, uri: policy.uri }]);
    expect(created.enforced).toBe(false);

    const updated = await ngrok.ipRestrictions.update({ id: created.id, enforced: true, ipPolicyIds: [policy.id, other.id] });
    expect(updated.enforced).toBe(true);
    expect(updated.ipPolicies.map((r) => r.id)).toEqual([policy.id, other.id]);
    expect((await ngrok.ipRestrictions.get(created.id)).type).toBe("dashboard");
    expect((await ngrok.ipRestrictions.list()).map((r) => r.id)).toContain(created.id);

    const missing = await clientError(ngrok.ipRestrictions.create({ type: "api", enforced: true, ipPolicyIds: ["ipp_0000000000000000000000000000"] }));
    expect(missing).toMatchObject({ statusCode: 400, errorCode: "ERR_NGROK_380" });

    await clientDelete(() => ngrok.ipRestrictions.delete(created.id));
    await expectNotFound(ngrok.ipRestrictions.get(created.id));
  });
});

describe("IP policy rules", () => {
  it("create, get, list, update, delete", async () => {
    const policy = await ngrok.ipPolicies.create({ description: "offices" });
    const created = await ngrok.ipPolicyRules.create({ ipPolicyId: policy.id, cidr: "203.0.113.0/24", action: "allow", description: "sf office" });
    expect(created.id).toMatch(/^ipr_[0-9A-Za-z]{27}$/);
    expect(created.uri).toBe(`${emu.url}/ip_policy_rules/${created.id}`);
    expect(created).toMatchObject({ cidr: "203.0.113.0/24", action: "allow", description: "sf office", ipPolicy: { id: policy.id, uri: policy.uri } });

    expect(await ngrok.ipPolicyRules.get(created.id)).toEqual(created);
    expect((await ngrok.ipPolicyRules.list()).map((r) => r.id)).toContain(created.id);

    const updated = await ngrok.ipPolicyRules.update({ id: created.id, cidr: "2001:db8::/32", metadata: "{\"site\":\"sf\"}" });
    expect(updated).toMatchObject({ id: created.id, cidr: "2001:db8::/32", metadata: "{\"site\":\"sf\"}", description: "sf office", action: "allow" });

    const missing = await clientError(ngrok.ipPolicyRules.create({ ipPolicyId: "ipp_000000000000000000000000000", cidr: "10.0.0.0/8", action: "deny" }));
    expect(missing).toMatchObject({ statusCode: 400, errorCode: "ERR_NGROK_1414" });

    await clientDelete(() => ngrok.ipPolicyRules.delete(created.id));
    await expectNotFound(ngrok.ipPolicyRules.get(created.id));
  });
});

describe("event subscriptions", () => {
  it("create, get, list, update, delete, and sources", async () => {
    const destination = await ngrok.eventDestinations.create({
      format: "json",
      target: { datadog: { apiKey: "dd-key", ddsite: "datadoghq.com" } },
    });
    const created = await ngrok.eventSubscriptions.create({
      description: "policy changes",
      sources: [{ type: "ip_policy_created.v0" }],
      destinationIds: [destination.id],
    });
    expect(created.id).toMatch(/^esb_/);
    expect(created.sources).toEqual([{ type: "ip_policy_created.v0", uri: `${created.uri}/sources/ip_policy_created.v0` }]);
    expect(created.destinations).toEqual([{ id: destination.id, uri: destination.uri }]);

    const updated = await ngrok.eventSubscriptions.update({
      id: created.id,
      sources: [{ type: "ip_policy_created.v0" }, { type: "ip_policy_updated.v0" }],
    });
    expect(updated.sources.map((s) => s.type)).toEqual(["ip_policy_created.v0", "ip_policy_updated.v0"]);
    expect((await ngrok.eventSubscriptions.get(created.id)).description).toBe("policy changes");
    expect((await ngrok.eventSubscriptions.list()).map((s) => s.id)).toContain(created.id);

    const sources = await ngrok.eventSources.list({ subscriptionId: created.id });
    expect(sources.sources.map((s) => s.type)).toEqual(["ip_policy_created.v0", "ip_policy_updated.v0"]);

    await clientDelete(() => ngrok.eventSubscriptions.delete(created.id));
    await expectNotFound(ngrok.eventSubscriptions.get(created.id));
  });
});

describe("event destinations", () => {
  it("create, then update format and target in place, get, list, delete", async () => {
    const created = await ngrok.eventDestinations.create({
      description: "audit",
      format: "json",
      target: { kinesis: { auth: { role: { roleArn: "arn:aws:iam::123456789012:role/ngrok" } }, streamArn: "arn:aws:kinesis:us-east-1:123456789012:stream/a" } },
    });
    expect(created.id).toMatch(/^ed_/);
    expect(created.target.kinesis?.streamArn).toBe("arn:aws:kinesis:us-east-1:123456789012:stream/a");

    // The client's update sends the id, format and the whole target: the service takes them.
    const updated = await ngrok.eventDestinations.update({
      id: created.id,
      format: "json",
      target: { datadog: { apiKey: "dd-key", ddsite: "datadoghq.eu", service: "ngrok" } },
    });
    expect(updated).toMatchObject({ id: created.id, description: "audit", format: "json" });
    // The API key is kept by the service and never answered.
    expect(updated.target).toEqual({ datadog: { ddsite: "datadoghq.eu", service: "ngrok" } });
    expect((await ngrok.eventDestinations.get(created.id)).target).toEqual(updated.target);
    expect((await ngrok.eventDestinations.list()).map((d) => d.id)).toContain(created.id);

    const twoKinds = await clientError(
      ngrok.eventDestinations.update({ id: created.id, target: { datadog: {}, kinesis: { auth: {}, streamArn: "s" } } }),
    );
    expect(twoKinds).toMatchObject({ statusCode: 400, errorCode: "ERR_NGROK_215" });

    await clientDelete(() => ngrok.eventDestinations.delete(created.id));
    await expectNotFound(ngrok.eventDestinations.get(created.id));
  });
});

describe("edge modules", () => {
  it("an HTTPS route's OIDC module: PUT (Go client shape), then get and delete with the official client", async () => {
    const edge = await ngrok.edges.edgesHttps.create({ description: "web" });
    const route = await raw("POST", `/edges/https/${edge.id}/routes`, { match_type: "path_prefix", match: "/" });
    expect(route.status).toBe(201);
    const routeId = (route.json as { id: string }).id;
    const item = { edgeId: edge.id, id: routeId };

    const put = await raw("PUT", `/edges/https/${edge.id}/routes/${routeId}/oidc`, {
      issuer: "https://accounts.example.com",
      client_id: "client-1",
      client_secret: "s3cr3t",
      scopes: ["openid", "email"],
    });
    expect(put.status).toBe(200);

    const oidc = await ngrok.edgeModules.edgeRouteOidcModule.get(item);
    expect(oidc).toMatchObject({ enabled: true, issuer: "https://accounts.example.com", clientId: "client-1", clientSecret: "s3cr3t", scopes: ["openid", "email"] });

    // The official client's replace() wraps the module as {edge_id, id, module}; the body
    // must be the bare module, so the emulator rejects the extra fields as unknown (214).
    const wrapped = await clientError(
      ngrok.edgeModules.edgeRouteOidcModule.replace({ ...item, module: { ...oidc, clientSecret: "other" } }),
    );
    expect(wrapped).toMatchObject({ statusCode: 400, errorCode: "ERR_NGROK_214" });

    await clientDelete(() => ngrok.edgeModules.edgeRouteOidcModule.delete(item));
    await expectNotFound(ngrok.edgeModules.edgeRouteOidcModule.get(item));
  });

  it("a TLS edge's tls_termination module, and a bad terminate_at", async () => {
    const edge = await ngrok.edges.edgesTls.create({ description: "tls" });
    const bad = await raw("PUT", `/edges/tls/${edge.id}/tls_termination`, { terminate_at: "agent" });
    expect(bad).toMatchObject({ status: 400, json: { error_code: "ERR_NGROK_224", status_code: 400 } });
    expect((await raw("PUT", `/edges/tls/${edge.id}/tls_termination`, { terminate_at: "edge", min_version: "1.2" })).status).toBe(200);
    expect(await ngrok.edgeModules.tlsEdgeTlsTerminationModule.get(edge.id)).toMatchObject({ enabled: true, terminateAt: "edge", minVersion: "1.2" });
    expect((await ngrok.edges.edgesTls.get(edge.id)).tlsTermination).toMatchObject({ terminateAt: "edge" });
    await clientDelete(() => ngrok.edgeModules.tlsEdgeTlsTerminationModule.delete(edge.id));
    await expectNotFound(ngrok.edgeModules.tlsEdgeTlsTerminationModule.get(edge.id));
  });
});

describe("live state", () => {
  it("lists and gets tunnel sessions, tunnels and endpoints", async () => {
    const credential = await ngrok.credentials.create({ acl: [] });
    const session = emu.connectAgent({
      credentialId: credential.id,
      os: "linux",
      agentVersion: "3.18.4",
      tunnels: [{ proto: "https", hostname: "live.example.com", forwardsTo: "http://localhost:8080" }],
    });
    const got = await ngrok.tunnelSessions.get(session.id);
    expect(got).toMatchObject({ id: session.id, agentVersion: "3.18.4", credential: { id: credential.id }, transport: "ngrok/2" });
    expect((await ngrok.tunnelSessions.list()).map((s) => s.id)).toContain(session.id);

    const tunnel = (await ngrok.tunnels.list()).find((t) => t.tunnelSession.id === session.id)!;
    expect(tunnel).toMatchObject({ publicUrl: "https://live.example.com", proto: "https", forwardsTo: "http://localhost:8080" });
    const endpoint = await ngrok.endpoints.get(tunnel.endpoint!.id);
    expect(endpoint).toMatchObject({ type: "ephemeral", hostport: "live.example.com:443", tunnel: { id: tunnel.id } });

    // restart()/stop() send the session id as a non-JSON body: refused, session untouched.
    for (const call of [() => ngrok.tunnelSessions.stop(session.id), () => ngrok.tunnelSessions.restart(session.id)]) {
      expect((await clientError(call())).statusCode).toBe(400);
    }
    expect((await ngrok.tunnelSessions.get(session.id)).id).toBe(session.id);
    // The Go client's shape works.
    expect((await raw("POST", `/tunnel_sessions/${session.id}/stop`, {})).status).toBe(204);
    await expectNotFound(ngrok.tunnelSessions.get(session.id));
  });
});

describe("Bot Users and API Keys (https://ngrok.com/docs/api-reference/botusers/create, https://ngrok.com/docs/api-reference/apikeys/create)", () => {
  it("a key the client makes for a bot user authenticates the client as that bot", async () => {
    const bot = await ngrok.botUsers.create({ name: "deployer" });
    expect(bot).toMatchObject({ id: expect.stringMatching(/^bot_/), name: "deployer", active: true });
    const key = await ngrok.apiKeys.create({ description: "CI", ownerId: bot.id });
    expect(key.ownerId).toBe(bot.id);
    expect(typeof key.token).toBe("string");
    const asBot = new Ngrok({ apiToken: key.token as string, baseUrl: emu.url });
    const credential = await asBot.credentials.create({ description: "agent of CI", acl: [] });
    expect(credential.ownerId).toBe(bot.id);
    expect((await asBot.botUsers.get(bot.id)).name).toBe("deployer");
  });
});
