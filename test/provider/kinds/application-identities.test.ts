/**
 * Traffic Identities: people who sign in to a cloud endpoint through its oauth or openid-connect
 * action become the account's application users, with a session per endpoint; the API reads and
 * deletes them, and the lookups read them as a program calls them (the built SDK, the stack's
 * config), against the emulator and its gateway over loopback.
 */
import * as pulumi from "@pulumi/pulumi";
import { FakeClock, startEmulator, type Emulator } from "../../../emulator";
import { send } from "../../emulator/gateway/support";
import { call, expectError } from "../../support/api";

const sdk = require("pulumi-ngrok") as typeof import("../../../sdk/generated");

const clock = new FakeClock({ start: Date.parse("2026-06-01T12:00:00Z") });
let emu: Emulator;
let shop: string;
let docs: string;

// The policy answers the identity variables, so the test sees what the upstream would.
const policy = (signIn: string, kind: "oauth" | "oidc") => `on_http_request:
  - actions:
      - ${signIn}
      - type: custom-response
        config:
          status_code: 200
          body: "\${actions.ngrok.${kind}.identity.id} \${actions.ngrok.${kind}.identity.current_provider_session_id}"
`;

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false, gateway: true, clock });
  pulumi.runtime.setAllConfig({ "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": emu.url, "ngrok:rateLimit": "off" }, ["ngrok:apiKey"]);
  for (const domain of ["shop.example.com", "docs.example.com"]) expect((await call(emu, "POST", "/reserved_domains", { domain })).status).toBe(201);
  const endpoint = async (url: string, signIn: string, kind: "oauth" | "oidc") => {
    const r = await call(emu, "POST", "/endpoints", { type: "cloud", url, traffic_policy: policy(signIn, kind) });
    expect(r.status).toBe(201);
    return r.json.id as string;
  };
  shop = await endpoint("https://shop.example.com", "{ type: oauth, config: { provider: google, max_session_duration: 1h } }", "oauth");
  docs = await endpoint("https://docs.example.com", "{ type: openid-connect, config: { issuer_url: 'https://id.example.com', client_id: docs, client_secret: s3cret } }", "oidc");
});
afterAll(async () => {
  await emu.close();
});

/** A request of a signed-in person through the gateway: the user's and the session's ids, as the policy's variables carry them. */
async function visit(host: string, email: string, extra: Record<string, string> = {}): Promise<{ user: string; session: string }> {
  const res = await send(emu.gateway!.url, host, "/", { headers: { "ngrok-emulator-identity": email, ...extra } });
  expect(res.status).toBe(200);
  const [user, session] = res.body.split(" ");
  return { user: user!, session: session! };
}

describe("application users and sessions in the emulator", () => {
  it("records a sign-in as a user and a session, one user per person and provider, one session per endpoint, and the API only reads and deletes them", async () => {
    const ua = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
    const from = {
      "user-agent": ua,
      "ngrok-emulator-client-ip": "203.0.113.7",
      "ngrok-emulator-connection": JSON.stringify({ geo: { country_code: "DE", latitude: "52.52", longitude: "13.40", radius: "10" } }),
    };
    const first = await visit("shop.example.com", "alice@example.com", from);
    const again = await visit("shop.example.com", "alice@example.com");
    const elsewhere = await visit("docs.example.com", "alice@example.com");
    expect(again).toEqual(first);
    // Another provider is another identity; the same person on another endpoint signs in again there.
    expect(elsewhere.user).not.toBe(first.user);
    expect(elsewhere.session).not.toBe(first.session);

    const user = await call(emu, "GET", `/app/users/${first.user}`);
    expect(user.json).toEqual({
      id: first.user,
      uri: `${emu.url}/app/users/${first.user}`,
      identity_provider: { name: "google", url: "https://accounts.google.com" },
      provider_user_id: "alice@example.com",
      email: "alice@example.com",
      created_at: "2026-06-01T12:00:00Z",
      last_active: "2026-06-01T12:00:00Z",
      last_login: "2026-06-01T12:00:00Z",
    });
    expect((await call(emu, "GET", `/app/users/${elsewhere.user}`)).json).toMatchObject({ identity_provider: { name: "id.example.com", url: "https://id.example.com" } });
    const session = await call(emu, "GET", `/app/sessions/${first.session}`);
    expect(session.json).toEqual({
      id: first.session,
      uri: `${emu.url}/app/sessions/${first.session}`,
      public_url: "https://shop.example.com",
      // The last request's browser: the second visit sent no User-Agent and came from loopback.
      browser_session: { user_agent: {}, ip_address: "127.0.0.1" },
      application_user: { id: first.user, uri: `${emu.url}/app/users/${first.user}` },
      created_at: "2026-06-01T12:00:00Z",
      last_active: "2026-06-01T12:00:00Z",
      expires_at: "2026-06-01T13:00:00Z",
      endpoint: { id: shop, uri: `${emu.url}/endpoints/${shop}` },
      edge: null,
      route: null,
    });
    await visit("shop.example.com", "alice@example.com", from);
    expect((await call(emu, "GET", `/app/sessions/${first.session}`)).json).toMatchObject({
      browser_session: { user_agent: { raw: ua }, ip_address: "203.0.113.7", location: { country_code: "DE", latitude: 52.52, longitude: 13.4, lat_long_radius_km: 10 } },
    });
    expect((await call(emu, "POST", "/app/users", {})).status).toBe(405);
    expect((await call(emu, "PATCH", `/app/sessions/${first.session}`, {})).status).toBe(405);
    expect((await call(emu, "GET", "/app/users")).json).toMatchObject({ application_users: [{ id: elsewhere.user }, { id: first.user }], next_page_uri: null });
  });

  it("a session ends at its max_session_duration, and deleting a user ends its sessions: the next request signs in again", async () => {
    const before = await visit("shop.example.com", "bob@example.com");
    clock.advance(30 * 60_000);
    expect(await visit("shop.example.com", "bob@example.com")).toEqual(before);
    clock.advance(31 * 60_000);
    const later = await visit("shop.example.com", "bob@example.com");
    expect(later.user).toBe(before.user);
    expect(later.session).not.toBe(before.session);

    expect((await call(emu, "DELETE", `/app/users/${before.user}`)).status).toBe(204);
    expect((await call(emu, "GET", `/app/sessions/${later.session}`)).status).toBe(404);
    expectError(await call(emu, "GET", `/app/users/${before.user}`), 404, undefined);
    const back = await visit("shop.example.com", "bob@example.com");
    expect(back.user).not.toBe(before.user);
    expect((await call(emu, "DELETE", `/app/sessions/${back.session}`)).status).toBe(204);
    expect((await visit("shop.example.com", "bob@example.com")).session).not.toBe(back.session);
  });
});

describe("getApplicationUser, getApplicationUsers, getApplicationSession and getApplicationSessions", () => {
  it("read who signed in, by id or email, and narrow the lists by provider, user and endpoint", async () => {
    const carol = await visit("shop.example.com", "carol@example.com", { "user-agent": "curl/8.5.0" });
    const erin = await visit("docs.example.com", "erin@example.com");

    expect(await sdk.getApplicationUser({ id: carol.user })).toMatchObject({
      id: carol.user,
      email: "carol@example.com",
      providerUserId: "carol@example.com",
      identityProvider: { name: "google", url: "https://accounts.google.com" },
      lastLogin: expect.stringMatching(/Z$/),
    });
    // Lookups by email share one walk of the list; one the walk does not answer reads it again.
    const listReads = () => emu.requests.filter((r) => r.method === "GET" && r.path === "/app/users").length;
    const reads = listReads();
    const [byEmail, again] = await Promise.all([sdk.getApplicationUser({ email: "carol@example.com" }), sdk.getApplicationUser({ email: "carol@example.com" })]);
    expect([byEmail.id, again.id, listReads() - reads]).toEqual([carol.user, carol.user, 1]);
    const frank = await visit("shop.example.com", "frank@example.com");
    expect((await sdk.getApplicationUser({ email: "frank@example.com" })).id).toBe(frank.user);
    expect(listReads() - reads).toBe(2);
    const google = await sdk.getApplicationUsers({ identityProvider: "google", email: "carol@example.com" });
    expect(google.ids).toEqual([carol.user]);
    const viaIssuer = (await sdk.getApplicationUsers({ identityProvider: "id.example.com" })).applicationUsers.map((u) => u.email);
    expect([viaIssuer.includes("erin@example.com"), viaIssuer.includes("carol@example.com")]).toEqual([true, false]);

    expect(await sdk.getApplicationSession({ id: carol.session })).toMatchObject({
      id: carol.session,
      publicUrl: "https://shop.example.com",
      applicationUser: { id: carol.user },
      endpoint: { id: shop },
      browserSession: { userAgent: { raw: "curl/8.5.0" }, ipAddress: "127.0.0.1" },
    });
    expect((await sdk.getApplicationSessions({ applicationUserId: carol.user })).ids).toEqual([carol.session]);
    const onDocs = (await sdk.getApplicationSessions({ endpointId: docs })).ids;
    expect([onDocs.includes(erin.session), onDocs.includes(carol.session)]).toEqual([true, false]);
  });

  it("fail in one line that says what to give instead", async () => {
    await visit("shop.example.com", "dave@example.com");
    await visit("docs.example.com", "dave@example.com");
    await expect(sdk.getApplicationUser({ email: "nobody@example.com" })).rejects.toThrow(
      'getApplicationUser: no application user has email "nobody@example.com": give the id of an application user the account has',
    );
    await expect(sdk.getApplicationUser({ email: "dave@example.com" })).rejects.toThrow(
      /^getApplicationUser: 2 application users have email "dave@example.com" \(appusr_\w+, appusr_\w+\): give the id of the one you mean$/,
    );
    await expect(sdk.getApplicationUser({} as never)).rejects.toThrow("getApplicationUser: give id or email to say which application user to find");
    await expect(sdk.getApplicationSession({ id: "appsess_2abcdefghijklmnopqrstuvwxyz" })).rejects.toThrow(/an application session appsess_2abcdefghijklmnopqrstuvwxyz is not active \(not found\)/);
  });
});
