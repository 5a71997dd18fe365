/**
 * The nine edge modules, one table: each is a singleton slot of a route (or TLS edge) with no id
 * of its own, managed through the provider's operations against the emulator over loopback:
 * create (one PUT, the slot checked free by the check's read of its parent), read (also from the id alone, as `get` does),
 * no-change diff, update (PUT), replace on a new route, delete, and a read after an out-of-band
 * DELETE that reports it gone.
 */
import type { Emulator } from "../../../emulator";
import type { Handler, Provider, ResourceKind } from "../../../provider";
import { call } from "../../support/api";
import { emulatorForProvider, providerFor } from "../../support/provider";

type Props = Record<string, unknown>;
let emu: Emulator;
let provider: Provider;
const ids: Record<string, string> = {};

beforeAll(async () => {
  // Many requests in one file: no rate limit (pacing is tested in client.test.ts).
  ({ emu, provider } = await emulatorForProvider({ rateLimit: false }));
  ids.policyA = (await call(emu, "POST", "/ip_policies", { description: "office" })).json.id;
  ids.policyB = (await call(emu, "POST", "/ip_policies", { description: "vpn" })).json.id;
  ids.tunnelGroup = (await call(emu, "POST", "/backends/tunnel_group", { labels: { app: "db" } })).json.id;
  ids.httpResponse = (await call(emu, "POST", "/backends/http_response", { body: "down for maintenance", status_code: 503 })).json.id;
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

type Place = "route" | "tls";

/** A fresh provider process's provider. */
const freshProvider = (): Provider => providerFor(emu, {}, { emulator: { rateLimit: false } });

/** A fresh HTTPS edge and route (or TLS edge) made through the API; `edge` adds a route to an existing edge. */
async function place(on: Place, edge?: string): Promise<Props> {
  if (on === "tls") return { edgeId: (await call(emu, "POST", "/edges/tls", {})).json.id };
  const edgeId = edge ?? (await call(emu, "POST", "/edges/https", {})).json.id;
  const route = await call(emu, "POST", `/edges/https/${edgeId}/routes`, { match_type: "path_prefix", match: "/" });
  return { edgeId, routeId: route.json.id };
}

function slotPath(on: Place, keys: Props, slot: string): string {
  return on === "tls" ? `/edges/tls/${keys.edgeId}/${slot}` : `/edges/https/${keys.edgeId}/routes/${keys.routeId}/${slot}`;
}

interface ModuleCase {
  kind: ResourceKind;
  on: Place;
  slot: string;
  /** The module's settings at creation, and what the API then holds (a subset). */
  inputs: () => Props;
  stored: () => Props;
  /** A change applied in place, and what the API then holds. */
  update: () => Props;
  updated: () => Props;
}

const cases: ModuleCase[] = [
  {
    kind: "HttpsEdgeRouteOidc",
    on: "route",
    slot: "oidc",
    inputs: () => ({ issuer: "https://id.example.com", clientId: "app", clientSecret: "oidc-client-s3cret", scopes: ["openid"] }),
    stored: () => ({ enabled: true, issuer: "https://id.example.com", client_id: "app", client_secret: "oidc-client-s3cret", scopes: ["openid"] }),
    update: () => ({
      issuer: "https://id.example.com",
      clientId: "app",
      clientSecret: "rotated-s3cret",
      scopes: ["openid", "email"],
      enabled: false,
      optionsPassthrough: true,
      inactivityTimeout: 600,
    }),
    updated: () => ({ enabled: false, options_passthrough: true, inactivity_timeout: 600, client_secret: "rotated-s3cret", scopes: ["openid", "email"] }),
  },
  {
    kind: "HttpsEdgeRouteWebhookVerification",
    on: "route",
    slot: "webhook_verification",
    inputs: () => ({ provider: "github", secret: "whsec-s3cret" }),
    stored: () => ({ enabled: true, provider: "github", secret: "whsec-s3cret" }),
    // AWS SNS needs no secret: removing it from the program clears it.
    update: () => ({ provider: "sns" }),
    updated: () => ({ enabled: true, provider: "sns", secret: "" }),
  },
  {
    kind: "HttpsEdgeRouteCircuitBreaker",
    on: "route",
    slot: "circuit_breaker",
    inputs: () => ({ errorThresholdPercentage: 0.5, numBuckets: 10, rollingWindow: 60 }),
    stored: () => ({ enabled: true, error_threshold_percentage: 0.5, num_buckets: 10, rolling_window: 60 }),
    update: () => ({ errorThresholdPercentage: 0.25, numBuckets: 128, rollingWindow: 60, volumeThreshold: 20, trippedDuration: 30 }),
    updated: () => ({ error_threshold_percentage: 0.25, num_buckets: 128, volume_threshold: 20, tripped_duration: 30 }),
  },
  {
    kind: "HttpsEdgeRouteJwtValidation",
    on: "route",
    slot: "jwt_validation",
    inputs: () => ({
      issuer: { allowList: [{ value: "https://issuer.example.com" }] },
      http: { tokens: [{ type: "jwt", method: "header", name: "Authorization", prefix: "Bearer " }] },
    }),
    stored: () => ({
      enabled: true,
      issuer: { allow_list: [{ value: "https://issuer.example.com" }] },
      http: { tokens: [{ type: "jwt", method: "header", name: "Authorization", prefix: "Bearer " }] },
    }),
    update: () => ({
      issuer: { allowList: [{ value: "https://issuer.example.com" }] },
      audience: { allowList: [{ value: "api" }] },
      http: { tokens: [{ type: "at+jwt", method: "body", name: "token" }] },
      jws: { allowedAlgorithms: ["RS256"], keys: { sources: { additionalJkus: ["https://issuer.example.com/jwks.json"] } } },
    }),
    updated: () => ({
      audience: { allow_list: [{ value: "api" }] },
      http: { tokens: [{ type: "at+jwt", method: "body", name: "token", prefix: "" }] },
      jws: { allowed_algorithms: ["RS256"], keys: { sources: { additional_jkus: ["https://issuer.example.com/jwks.json"] } } },
    }),
  },
  {
    kind: "HttpsEdgeRouteIpRestriction",
    on: "route",
    slot: "ip_restriction",
    inputs: () => ({ ipPolicyIds: [ids.policyA] }),
    stored: () => ({ enabled: true, ip_policies: [{ id: ids.policyA, uri: `${emu.url}/ip_policies/${ids.policyA}` }] }),
    update: () => ({ ipPolicyIds: [ids.policyA, ids.policyB] }),
    updated: () => ({ ip_policies: [expect.objectContaining({ id: ids.policyA }), expect.objectContaining({ id: ids.policyB })] }),
  },
  {
    kind: "HttpsEdgeRouteUserAgentFilter",
    on: "route",
    slot: "user_agent_filter",
    inputs: () => ({ deny: ["(?i)bot", "curl/.*"] }),
    stored: () => ({ enabled: true, allow: [], deny: ["(?i)bot", "curl/.*"] }),
    update: () => ({ allow: ["^Mozilla/"] }),
    updated: () => ({ allow: ["^Mozilla/"], deny: [] }),
  },
  {
    kind: "TlsEdgeBackend",
    on: "tls",
    slot: "backend",
    inputs: () => ({ backendId: ids.tunnelGroup }),
    stored: () => ({ enabled: true, backend: { id: ids.tunnelGroup, uri: `${emu.url}/backends/tunnel_group/${ids.tunnelGroup}` } }),
    update: () => ({ backendId: ids.httpResponse }),
    updated: () => ({ backend: { id: ids.httpResponse, uri: `${emu.url}/backends/http_response/${ids.httpResponse}` } }),
  },
  {
    kind: "TlsEdgeIpRestriction",
    on: "tls",
    slot: "ip_restriction",
    inputs: () => ({ ipPolicyIds: [ids.policyB] }),
    stored: () => ({ enabled: true, ip_policies: [expect.objectContaining({ id: ids.policyB })] }),
    update: () => ({ ipPolicyIds: [ids.policyA], enabled: false }),
    updated: () => ({ enabled: false, ip_policies: [expect.objectContaining({ id: ids.policyA })] }),
  },
  {
    kind: "TlsEdgeTlsTermination",
    on: "tls",
    slot: "tls_termination",
    inputs: () => ({ terminateAt: "edge", minVersion: "1.2" }),
    stored: () => ({ enabled: true, terminate_at: "edge", min_version: "1.2" }),
    update: () => ({ terminateAt: "upstream" }),
    updated: () => ({ terminate_at: "upstream", min_version: null }),
  },
];

const noChange = { changes: false, changed: [], replaces: [], deleteBeforeReplace: false };

describe.each(cases)("$kind", (c) => {
  let handler: Handler;
  beforeAll(() => {
    handler = provider.handler(c.kind);
  });
  const key = c.on === "tls" ? "edgeId" : "routeId";
  const idOf = (keys: Props) => (c.on === "tls" ? String(keys.edgeId) : `${keys.edgeId}/${keys.routeId}`);
  const slot = async (keys: Props) => call(emu, "GET", slotPath(c.on, keys, c.slot));

  it("creates (PUT), reads, diffs, updates (PUT), replaces on a new route, deletes, and reports an out-of-band DELETE as gone", async () => {
    const keys = await place(c.on);
    const inputs = { ...keys, ...c.inputs() };
    const path = slotPath(c.on, keys, c.slot);
    const parent = path.slice(0, path.lastIndexOf("/"));
    emu.clearRequests();
    expect((await handler.check({}, inputs)).failures).toEqual([]);
    // The slot is checked to be free in the parent's GET, which carries its modules...
    // (The process's first check with a key also checks the key, once: GET /tunnel_sessions; and
    // the first reference to a kind reads that kind's first list page: reference-checks.test.ts.)
    const slotReads = emu.requests.filter((r) => r.path !== "/tunnel_sessions" && !/^\/(ip_policies|backends\/\w+)$/.test(r.path));
    expect(slotReads.map((r) => [r.method, r.path, r.status])).toEqual([["GET", parent, 200]]);

    emu.clearRequests();
    const created = await handler.create(inputs);
    // ...so the create is one request: the slot written whole.
    expect(emu.requests.map((r) => [r.method, r.path, r.status])).toEqual([["PUT", path, 200]]);
    expect(created.id).toBe(idOf(keys));
    expect(created.outs).toMatchObject(inputs);
    // The service's default of an input the program leaves unset is no output: the engine shows a
    // replace as old outputs against new inputs, and would list it as removed (`- enabled: true`).
    if (inputs.enabled === undefined) expect(created.outs).not.toHaveProperty("enabled");
    expect((await slot(keys)).json).toMatchObject(c.stored());

    // Read from the id alone (what Resource.get passes), and from state.
    // (Read from the id alone, the service's defaults are outputs too: there is no program to tell.)
    expect(await handler.read(created.id, {})).toEqual({ id: created.id, props: expect.objectContaining(created.outs) });
    const read = await handler.read(created.id, created.outs);
    expect(read).toEqual({ id: created.id, props: created.outs });
    expect(await handler.diff(created.id, read.props, inputs)).toEqual(noChange);
    // `enabled` defaults to true: saying so changes nothing.
    expect(await handler.diff(created.id, read.props, { ...inputs, enabled: true })).toEqual(noChange);

    // An in-place update is one whole-slot PUT.
    const changed = { ...keys, ...c.update() };
    expect(await handler.diff(created.id, read.props, changed)).toMatchObject({ changes: true, replaces: [], deleteBeforeReplace: false });
    emu.clearRequests();
    const updated = await handler.update(created.id, read.props, changed);
    expect(emu.requests.map((r) => [r.method, r.path, r.status])).toEqual([["PUT", path, 200]]);
    expect((await slot(keys)).json).toMatchObject(c.updated());
    expect(await handler.diff(created.id, updated.outs, changed)).toEqual(noChange);
    expect((await handler.read(created.id, updated.outs)).props).toEqual(updated.outs);
    if (changed.enabled === false) {
      // Removing `enabled: false` from the program means the default again: enabled.
      const { enabled: _dropped, ...withoutEnabled } = changed;
      expect(await handler.diff(created.id, updated.outs, withoutEnabled)).toMatchObject({ changes: true, replaces: [] });
    }

    // Another route (or edge) is another slot: a replacement, created before the old one is deleted.
    const other = c.on === "tls" ? await place("tls") : await place("route", String(keys.edgeId));
    const moved = { ...changed, ...other };
    expect(await handler.diff(created.id, updated.outs, moved)).toEqual({ changes: true, changed: [key], replaces: [key], deleteBeforeReplace: false });
    const replacement = await handler.create(moved);
    expect(replacement.id).toBe(idOf(other));
    await handler.delete(created.id, updated.outs);
    expect((await slot(keys)).status).toBe(404);
    expect((await slot(other)).json).toMatchObject(c.updated());

    // Deleted out of band: gone on refresh, deleting it again is not an error, and the next up recreates it.
    expect((await call(emu, "DELETE", slotPath(c.on, other, c.slot))).status).toBe(204);
    expect(await handler.read(replacement.id, replacement.outs)).toEqual({ id: "", props: {} });
    await expect(handler.delete(replacement.id, replacement.outs)).resolves.toBeUndefined();
    expect((await handler.check({}, moved)).failures).toEqual([]);
    const again = await handler.create(moved);
    expect((await slot(other)).json).toMatchObject(c.updated());
    await handler.delete(again.id, again.outs);
    expect((await slot(other)).status).toBe(404);
  });

  it("refuses a slot configured outside the program (at preview and at up) unless adopted with importId, and a slot claimed twice", async () => {
    const keys = await place(c.on);
    const inputs = { ...keys, ...c.inputs() };
    const id = idOf(keys);

    // Configured out of band: reported, never silently taken over.
    expect((await call(emu, "PUT", slotPath(c.on, keys, c.slot), bodyOf(c, "update"))).status).toBe(200);
    const outside = (await slot(keys)).json;
    const { failures } = await handler.check({}, inputs);
    expect(failures).toEqual([{ path: "edgeId", message: expect.stringMatching(new RegExp(`^${c.on === "tls" ? "edgeId names" : "edgeId and routeId name"} an? ${c.kind} \\(${id}\\) that is already configured`)) }]);
    expect(failures[0]!.message).toContain(`importId: "${id}"`);
    await expect(handler.create(inputs)).rejects.toThrow(/is already configured in the account\. .*if it was configured outside this program, add `importId/);
    expect((await slot(keys)).json).toEqual(outside);
    // An existing resource's check never looks at the slot (it is its own), and holds it for the
    // run: a new resource of the program for the same slot is refused at preview.
    emu.clearRequests();
    expect((await handler.check(inputs, inputs)).failures).toEqual([]);
    expect(emu.requests).toEqual([]);
    expect((await handler.check({}, inputs)).failures).toEqual([
      // The same message as `up` gives below.
      { path: "", message: `two resources of this program configure the same ${c.kind} (${id}): keep one of them` },
    ]);

    // Adopted: the program's configuration replaces the one found.
    const adopting = { ...inputs, importId: id };
    expect((await handler.check({}, adopting)).failures).toEqual([]);
    const adopted = await handler.create(adopting);
    expect(adopted.id).toBe(id);
    expect((await slot(keys)).json).toMatchObject(c.stored());
    await handler.delete(adopted.id, adopted.outs);

    // Two resources of one program for one slot: the second fails, whichever comes first.
    const both = await Promise.allSettled([handler.create(inputs), handler.create(inputs)]);
    expect(both.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = both.find((r): r is PromiseRejectedResult => r.status === "rejected")!;
    expect(String(refused.reason)).toBe(`Error: two resources of this program configure the same ${c.kind} (${id}): keep one of them`);
    const kept = both.find((r): r is PromiseFulfilledResult<{ id: string; outs: Props }> => r.status === "fulfilled")!.value;
    await handler.delete(kept.id, kept.outs);
    // Released by the delete: the slot can be claimed again.
    const later = await handler.create(inputs);
    await handler.delete(later.id, later.outs);
  });
});

describe("the six modules of one route", () => {
  it("are checked with one read of the route, at preview and at up, and each created with one PUT", async () => {
    const keys = await place("route");
    const route = `/edges/https/${keys.edgeId}/routes/${keys.routeId}`;
    const modules = cases.filter((c) => c.on === "route");
    expect(modules).toHaveLength(6);
    const program = modules.map((c) => ({ kind: c.kind, inputs: { ...keys, ...c.inputs() } }));
    // The requests to the edges (a fresh process also checks its key once, and looks up the IP policies a module names).
    const requests = () => emu.requests.filter((r) => r.path.startsWith("/edges/")).map((r) => `${r.method} ${r.path}`);

    // Preview: a provider process checks every module.
    const preview = freshProvider();
    emu.clearRequests();
    for (const m of program) expect((await preview.check(m.kind, {}, m.inputs)).failures).toEqual([]);
    expect(requests()).toEqual([`GET ${route}`]);

    // Up: another process checks each module again and creates it.
    const up = freshProvider();
    emu.clearRequests();
    await Promise.all(
      program.map(async (m) => {
        expect((await up.check(m.kind, {}, m.inputs)).failures).toEqual([]);
        await up.create(m.kind, m.inputs);
      }),
    );
    expect(requests().sort()).toEqual([`GET ${route}`, ...modules.map((c) => `PUT ${route}/${c.slot}`)].sort());
    const configured = (await call(emu, "GET", route)).json;
    for (const c of modules) expect(configured[c.slot]).not.toBeNull();

    // The next process reads the route afresh: a new resource for a slot configured since is refused.
    const next = freshProvider();
    expect((await next.check(program[0]!.kind, {}, program[0]!.inputs)).failures).toEqual([
      { path: "edgeId", message: expect.stringContaining("that is already configured in the account") },
    ]);
  });
});

/** The API body of a case's `inputs` or `update` settings, as another client would PUT it. */
function bodyOf(c: ModuleCase, which: "inputs" | "update"): Props {
  const snake = (k: string) => k.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);
  const convert = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(convert) : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [snake(k), convert(x)])) : v;
  const settings = c[which]();
  return Object.fromEntries(Object.entries(settings).map(([k, v]) => [snake(k), convert(v)]));
}

describe("two resources of the program for one slot", () => {
  it("are named in the one message, at preview and at up, and the names stay out of the inputs kept in state", async () => {
    const keys = await place("route");
    const id = `${keys.edgeId}/${keys.routeId}`;
    const inputs = { ...keys, numBuckets: 10 };
    // What the SDK classes send: the resource's name in the program with its inputs.
    const named = (name: string) => ({ ...inputs, __ngrokResourceName: name });
    const message = `the resources "root-breaker" and "root-breaker-again" of this program configure the same HttpsEdgeRouteCircuitBreaker (${id}): keep one of them`;

    // Preview: one is in the stack already (it holds the slot), the other is new.
    const preview = freshProvider().handler("HttpsEdgeRouteCircuitBreaker");
    const existing = await preview.check(inputs, named("root-breaker"));
    expect(existing).toEqual({ inputs, failures: [] });
    expect((await preview.check({}, named("root-breaker-again"))).failures).toEqual([{ path: "", message }]);

    // Up: both new, checked, then created at once: the second create fails, whichever it is.
    const up = freshProvider().handler("HttpsEdgeRouteCircuitBreaker");
    for (const name of ["root-breaker-again", "root-breaker"]) expect((await up.check({}, named(name))).inputs).toEqual(inputs);
    const both = await Promise.allSettled([up.create(inputs), up.create(inputs)]);
    expect(both.map((r) => (r.status === "rejected" ? String(r.reason) : "created")).sort()).toEqual([`Error: ${message}`, "created"]);
    const kept = both.find((r): r is PromiseFulfilledResult<{ id: string; outs: Props }> => r.status === "fulfilled")!.value;
    expect(kept.outs).not.toHaveProperty("__ngrokResourceName");
    await up.delete(kept.id, kept.outs);
  });
});
