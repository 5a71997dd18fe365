/**
 * The emulator's gateway over loopback: a cloud endpoint stored in the emulator's state (the
 * `endpoints` collection, `type: "cloud"`, its `url` and `traffic_policy`) serves HTTP requests
 * whose Host names it, through its policy, to an upstream on loopback.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FakeClock, startEmulator, type Emulator } from "../../../emulator";
import { parseCli } from "../../../emulator/cli";
import { rsaKey, send, signJwt } from "./support";

const POLICY = `
on_http_request:
  - name: office only
    actions:
      - type: restrict-ips
        config: { enforce: true, allow: ["203.0.113.0/24"] }
  - name: limit
    actions:
      - type: rate-limit
        config: { name: per-ip, algorithm: sliding_window, capacity: 5, rate: 60s, bucket_key: [conn.client_ip] }
  - name: audit
    actions:
      - type: log
        config: { metadata: { path: "\${req.url.path}" } }
  - name: api
    expressions: ["req.url.path.startsWith('/api')"]
    actions:
      - type: jwt-validation
        config:
          issuer: { allow_list: [{ value: "https://auth.example.com/" }] }
          http: { tokens: [{ type: jwt, method: header, name: Authorization, prefix: "Bearer " }] }
          jws: { allowed_algorithms: [RS256], keys: { sources: { additional_jkus: ["JWKS_URL"] } } }
      - type: forward-internal
        config: { url: https://api.internal }
  - name: web
    expressions: ["req.url.path.startsWith('/web/')"]
    actions:
      - type: forward-internal
        config: { url: https://web.internal }
  - name: else
    actions:
      - type: custom-response
        config: { status_code: 404, body: "no page here" }
on_http_response:
  - actions:
      - type: add-headers
        config: { headers: { x-served-by: "\${endpoint.url}" } }
`;

let dir: string;
let upstream: Server;
let upstreamUrl: string;
let emu: Emulator;
const clock = new FakeClock();
const key = rsaKey("k1");
const OFFICE = { "ngrok-emulator-client-ip": "203.0.113.5" };

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "ngrok-gateway-"));
  // The service behind https://api.internal, and the identity provider's JWKS, on loopback.
  upstream = createServer((req, res) => {
    if (req.url === "/.well-known/jwks.json") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(key.jwks));
      return;
    }
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ url: req.url, headers: req.headers }));
  });
  upstreamUrl = await listen(upstream);
  const state = {
    version: 1,
    account: { user_id: "usr_2fWJxM4yZ0BkKfGJ8fWJxM4yZ0B" },
    collections: {
      endpoints: [
        {
          id: "ep_2fWJxM4yZ0BkKfGJ8fWJxM4yZ0B",
          created_at: "2026-01-01T00:00:00Z",
          data: { type: "cloud", url: "https://app.example.com", traffic_policy: POLICY.replace("JWKS_URL", `${upstreamUrl}/.well-known/jwks.json`) },
          modules: {},
        },
      ],
    },
  };
  writeFileSync(join(dir, "state.json"), JSON.stringify(state));
  emu = await startEmulator({ statePath: join(dir, "state.json"), gateway: true, clock });
  emu.gateway!.registerUpstream("https://api.internal", upstreamUrl);
});

afterAll(async () => {
  await emu.close();
  await new Promise((resolve) => upstream.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const token = () => signJwt(key, { iss: "https://auth.example.com/", sub: "alice", exp: clock.now() / 1000 + 600 });

it("forwards an allowed, authenticated request to the upstream, through both phases", async () => {
  const res = await send(emu.gateway!.url, "app.example.com", "/api/items?x=1", { headers: { ...OFFICE, authorization: `Bearer ${token()}` } });
  expect(res.status).toBe(200);
  expect(res.headers["x-served-by"]).toBe("https://app.example.com");
  const seen = JSON.parse(res.body) as { url: string; headers: Record<string, string> };
  expect([seen.url, seen.headers["host"], seen.headers["x-forwarded-for"], seen.headers["ngrok-emulator-client-ip"]]).toEqual(["/api/items?x=1", "app.example.com", "203.0.113.5", undefined]);
});

it("answers from the policy itself, and records log actions", async () => {
  const res = await send(emu.gateway!.url, "app.example.com", "/about", { headers: OFFICE });
  expect([res.status, res.body]).toEqual([404, "no page here"]);
  expect(emu.gateway!.logs.at(-1)).toEqual({ endpoint: "https://app.example.com", phase: "on_http_request", rule: "audit", metadata: { path: "/about" } });
});

it("refuses an address outside the allowed range, and a request without a token", async () => {
  const outside = await send(emu.gateway!.url, "app.example.com", "/api/items", { headers: { "ngrok-emulator-client-ip": "198.51.100.1", authorization: `Bearer ${token()}` } });
  const noToken = await send(emu.gateway!.url, "app.example.com", "/api/items", { headers: OFFICE });
  expect([outside.status, noToken.status]).toEqual([403, 401]);
});

it("counts requests per client on the emulator's clock: 429 after the capacity, and again allowed once the window has passed", async () => {
  clock.advance(120_000);
  const ip = { "ngrok-emulator-client-ip": "203.0.113.77" };
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await send(emu.gateway!.url, "app.example.com", "/", { headers: ip })).status);
  expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
  clock.advance(60_000);
  expect((await send(emu.gateway!.url, "app.example.com", "/", { headers: ip })).status).toBe(404);
});

it("an online agent's endpoint stands for its local service: forward-internal reaches the address the agent forwards to", async () => {
  const headers = { authorization: `Bearer ${emu.apiKey}`, "ngrok-version": "2", "content-type": "application/json" };
  const credential = (await (await fetch(`${emu.url}/credentials`, { method: "POST", headers, body: "{}" })).json()) as { id: string };
  const before = await send(emu.gateway!.url, "app.example.com", "/web/page", { headers: OFFICE });
  emu.connectAgent({ credentialId: credential.id, os: "linux", agentVersion: "3.20.0", tunnels: [{ proto: "https", publicUrl: "https://web.internal", forwardsTo: upstreamUrl }] });
  const after = await send(emu.gateway!.url, "app.example.com", "/web/page", { headers: OFFICE });
  expect([before.status, before.body]).toEqual([404, "ERR_NGROK_3200: The endpoint https://web.internal is offline.\n"]);
  expect([after.status, (JSON.parse(after.body) as { url: string }).url]).toEqual([200, "/web/page"]);
});

it("a cloud endpoint created, changed and deleted through the API is served, then serves its new policy, then is gone", async () => {
  const headers = { authorization: `Bearer ${emu.apiKey}`, "ngrok-version": "2", "content-type": "application/json" };
  const api = async (method: string, path: string, body?: object) => {
    const res = await fetch(`${emu.url}${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) });
    expect(res.status).toBeLessThan(300);
    return res.status === 204 ? {} : ((await res.json()) as { id: string });
  };
  const answer = (body: string) => `on_http_request:\n  - actions:\n      - type: custom-response\n        config: { status_code: 200, body: "${body}" }\n`;
  await api("POST", "/reserved_domains", { domain: "shop.example.com" });
  const ep = (await api("POST", "/endpoints", { type: "cloud", url: "https://shop.example.com", traffic_policy: answer("first") })) as { id: string };
  const first = await send(emu.gateway!.url, "shop.example.com", "/");
  await api("PATCH", `/endpoints/${ep.id}`, { traffic_policy: answer("second") });
  const second = await send(emu.gateway!.url, "shop.example.com", "/");
  await api("DELETE", `/endpoints/${ep.id}`);
  const gone = await send(emu.gateway!.url, "shop.example.com", "/");
  expect([first.body, second.body, gone.status]).toEqual(["first", "second", 404]);
});

it("a Host that names no endpoint is answered 404 ERR_NGROK_3200", async () => {
  const res = await send(emu.gateway!.url, "other.example.com", "/");
  expect([res.status, res.body]).toEqual([404, "ERR_NGROK_3200: The endpoint other.example.com is offline.\n"]);
});

it("--gateway-port N asks for the gateway on port N", () => {
  expect(parseCli(["--gateway-port", "4041"])).toEqual({ gateway: { port: 4041 } });
  expect(() => parseCli(["--gateway-port", "x"])).toThrow("--gateway-port must be a number between 0 and 65535");
});
