/**
 * testPolicy refuses what ngrok's API refuses, before any request runs, with the same error code
 * (ngrok's error list: https://ngrok.com/docs/errors/) and place: each kind of broken policy goes
 * through testPolicy, policyTester and the emulator's `POST /endpoints` over loopback.
 */
import { PolicyRefusal, policyTester, startEmulator, testPolicy, type Emulator, type WirePolicy } from "../../../emulator";
import { call } from "../../support/api";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  expect((await call(emu, "POST", "/reserved_domains", { domain: "app.example.com" })).status).toBe(201);
});
afterAll(() => emu.close());

const respond = (config: Record<string, unknown>): WirePolicy => ({ on_http_request: [{ actions: [{ type: "custom-response", config }] }] });
/** A policy whose first action is `action`, then an answer (a cloud endpoint's policy must always answer). */
const first = (action: { type: string; config?: Record<string, unknown> }): WirePolicy => ({
  on_http_request: [{ actions: [action] }, { actions: [{ type: "custom-response", config: { status_code: 200 } }] }],
});
const breaker = { error_threshold: 0.5 };

const cases: [kind: string, page: string, policy: WirePolicy, code: string, place: string][] = [
  ["an unknown action type", "https://ngrok.com/docs/traffic-policy/actions/", first({ type: "teleport" }), "ERR_NGROK_2201", "on_http_request[0].actions[0].type"],
  [
    "an unknown config field",
    "https://ngrok.com/docs/traffic-policy/actions/custom-response/",
    respond({ status_code: 200, colour: "red" }),
    "ERR_NGROK_2203",
    "on_http_request[0].actions[0].config.colour",
  ],
  ["a field of the wrong type", "https://ngrok.com/docs/traffic-policy/actions/custom-response/", respond({ status_code: "200" }), "ERR_NGROK_2204", "on_http_request[0].actions[0].config.status_code"],
  ["custom-response status_code 1000", "https://ngrok.com/docs/traffic-policy/actions/custom-response/", respond({ status_code: 1000 }), "ERR_NGROK_2215", "on_http_request[0].actions[0].config.status_code"],
  [
    "circuit-breaker num_buckets 200",
    "https://ngrok.com/docs/traffic-policy/actions/circuit-breaker/",
    first({ type: "circuit-breaker", config: { ...breaker, num_buckets: 200 } }),
    "ERR_NGROK_2215",
    "on_http_request[0].actions[0].config.num_buckets",
  ],
];

describe.each(cases)("%s (%s)", (_kind, _page, policy, code, place) => {
  it("testPolicy rejects it with ngrok's code and the place, and no upstream is called", async () => {
    const seen: string[] = [];
    const upstream = (req: { url: string }) => {
      seen.push(req.url);
      return { status: 200, body: "ok" };
    };
    const refused = testPolicy(policy, "https://app.example.com/", { upstream });
    await expect(refused).rejects.toBeInstanceOf(PolicyRefusal);
    await expect(refused).rejects.toMatchObject({ code, place });
    expect(() => policyTester(JSON.stringify(policy))).toThrow(expect.objectContaining({ code, place }));
    expect(seen).toEqual([]);
  });

  it("the emulator's API refuses it with the same code and place", async () => {
    const answer = await call(emu, "POST", "/endpoints", { type: "cloud", url: "https://app.example.com", traffic_policy: JSON.stringify(policy) });
    expect([answer.status, answer.json?.error_code, answer.json?.details?.path]).toEqual([400, code, place]);
  });
});

it("the same policies, mended, run in testPolicy and are accepted by the API", async () => {
  const mended: WirePolicy[] = [respond({ status_code: 200 }), first({ type: "circuit-breaker", config: { ...breaker, num_buckets: 10 } })];
  for (const policy of mended) {
    expect((await testPolicy(policy, "https://app.example.com/")).status).toBe(200);
    const answer = await call(emu, "POST", "/endpoints", { type: "cloud", url: "https://app.example.com", traffic_policy: JSON.stringify(policy), pooling_enabled: true });
    expect(answer.status).toBe(201);
  }
});

it("'not emulated' is only for a valid policy that cannot run offline: ai-gateway", async () => {
  const policy: WirePolicy = { on_http_request: [{ actions: [{ type: "ai-gateway", config: {} }] }] };
  const r = await testPolicy(policy, "https://app.example.com/");
  expect([r.status, r.failure?.code]).toEqual([501, "not-emulated"]);
});

// https://ngrok.com/docs/traffic-policy/actions/rate-limit/: `rate` is a duration; one the checks accept runs, read as they read it.
it("a duration the checks accept runs as they read it: rate 1m30s", async () => {
  const policy = first({ type: "rate-limit", config: { name: "r", algorithm: "sliding_window", capacity: 1, rate: "1m30s", bucket_key: ["conn.client_ip"] } });
  const tester = policyTester(policy);
  expect([(await tester.run("https://app.example.com/")).status, (await tester.run("https://app.example.com/")).status]).toEqual([200, 429]);
  const answer = await call(emu, "POST", "/endpoints", { type: "cloud", url: "https://app.example.com", traffic_policy: JSON.stringify(policy), pooling_enabled: true });
  expect(answer.status).toBe(201);
});
