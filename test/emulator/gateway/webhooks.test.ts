/**
 * verify-webhook (https://ngrok.com/docs/traffic-policy/actions/verify-webhook/) against each
 * provider's own signing scheme: the test signs as the provider's documentation says, the
 * gateway verifies. A tampered body, a wrong secret and a stale timestamp are refused with 403.
 */
import { createHash, createHmac } from "node:crypto";
import { FakeClock, PolicyRefusal, startEmulator, testPolicy, WEBHOOK_PROVIDERS, type PolicyRequest } from "../../../emulator";
import { call } from "../../support/api";

const URL_ = "https://hooks.example.com/events?src=1";
const SECRET = "whsec_" + Buffer.from("a provider's signing key").toString("base64");
const NOW = Math.floor(Date.UTC(2026, 0, 1) / 1000);
const hex = (alg: string, key: string | Buffer, data: string): string => createHmac(alg, key).update(data).digest("hex");
const b64 = (alg: string, key: string | Buffer, data: string): string => createHmac(alg, key).update(data).digest("base64");

interface Provider {
  /** Headers (and the request's content type) that sign `body` with `secret` at time `ts`. */
  sign(body: string, secret: string, ts: number): Record<string, string>;
  contentType?: string;
  /** Whether the scheme carries a timestamp that must be recent. */
  timed: boolean;
  /** GitLab sends the shared token itself, which signs nothing: a changed body goes unnoticed. */
  tokenOnly?: boolean;
}

const PROVIDERS: Record<string, Provider> = {
  github: { timed: false, sign: (body, s) => ({ "x-hub-signature-256": `sha256=${hex("sha256", s, body)}` }) },
  stripe: { timed: true, sign: (body, s, ts) => ({ "stripe-signature": `t=${ts},v1=${hex("sha256", s, `${ts}.${body}`)}` }) },
  slack: { timed: true, sign: (body, s, ts) => ({ "x-slack-request-timestamp": String(ts), "x-slack-signature": `v0=${hex("sha256", s, `v0:${ts}:${body}`)}` }) },
  twilio: {
    timed: false,
    contentType: "application/x-www-form-urlencoded",
    // Twilio signs the full URL followed by the POST parameters sorted by name, each name then value, HMAC-SHA1 in base64.
    sign: (body, s) => {
      const params = [...new URLSearchParams(body)].sort(([a], [b]) => a.localeCompare(b));
      return { "x-twilio-signature": b64("sha1", s, URL_ + params.map(([k, v]) => k + v).join("")) };
    },
  },
  svix: {
    timed: true,
    sign: (body, s, ts) => ({ "svix-id": "msg_1", "svix-timestamp": String(ts), "svix-signature": `v1,${b64("sha256", Buffer.from(s.slice(6), "base64"), `msg_1.${ts}.${body}`)}` }),
  },
  shopify: { timed: false, sign: (body, s) => ({ "x-shopify-hmac-sha256": b64("sha256", s, body) }) },
  gitlab: { timed: false, tokenOnly: true, sign: (_body, s) => ({ "x-gitlab-token": s }) },
  linear: { timed: false, sign: (body, s) => ({ "linear-signature": hex("sha256", s, body) }) },
  bitbucket: { timed: false, sign: (body, s) => ({ "x-hub-signature": `sha256=${hex("sha256", s, body)}` }) },
  intercom: { timed: false, sign: (body, s) => ({ "x-hub-signature": `sha1=${hex("sha1", s, body)}` }) },
  zendesk: { timed: false, sign: (body, s, ts) => ({ "x-zendesk-webhook-signature-timestamp": String(ts), "x-zendesk-webhook-signature": b64("sha256", s, `${ts}${body}`) }) },
  square: { timed: false, sign: (body, s) => ({ "x-square-hmacsha256-signature": b64("sha256", s, URL_ + body) }) },
};
PROVIDERS["clerk"] = PROVIDERS["svix"]!;

const policy = (provider: string, enforce?: boolean) => ({
  on_http_request: [
    { actions: [{ type: "verify-webhook", config: { provider, secret: SECRET, ...(enforce === undefined ? {} : { enforce }) } }] },
    { actions: [{ type: "custom-response", config: { body: "verified=${actions.ngrok.verify_webhook.verified}" } }] },
  ],
});

function request(provider: Provider, body: string, headers: Record<string, string>): PolicyRequest {
  return { method: "POST", url: URL_, body, headers: { ...headers, "content-type": provider.contentType ?? "application/json" } };
}

const bodyFor = (p: Provider): string => (p.contentType === undefined ? '{"event":"ping","id":1}' : "Body=hello&From=%2B15550001111&To=%2B15550002222");

it("every provider the gateway verifies has a row here", () => {
  expect([...WEBHOOK_PROVIDERS].sort()).toEqual(Object.keys(PROVIDERS).sort());
});

describe.each(Object.entries(PROVIDERS))("%s", (name, provider) => {
  const run = (req: PolicyRequest, enforce?: boolean) => testPolicy(policy(name, enforce), req, { clock: new FakeClock() });
  const body = bodyFor(provider);
  const cases: Array<[string, () => PolicyRequest, number]> = [
    ["a request signed with the secret passes", () => request(provider, body, provider.sign(body, SECRET, NOW)), 200],
    ["a tampered body is refused", () => request(provider, body.replace("1", "2"), provider.sign(body, SECRET, NOW)), provider.tokenOnly ? 200 : 403],
    ["another secret's signature is refused", () => request(provider, body, provider.sign(body, "whsec_" + Buffer.from("another key").toString("base64"), NOW)), 403],
    ["an unsigned request is refused", () => request(provider, body, {}), 403],
  ];
  if (provider.timed) cases.push(["a signature older than five minutes is refused", () => request(provider, body, provider.sign(body, SECRET, NOW - 301)), 403]);
  it.each(cases)("%s", async (_case, make, status) => {
    expect((await run(make())).status).toBe(status);
  });
  it("enforce: false lets an unverified request through, verified = false", async () => {
    const r = await run(request(provider, body, {}), false);
    expect([r.status, r.body]).toEqual([200, "verified=false"]);
  });
});

it("Twilio: a JSON body is signed through the URL's bodySHA256 parameter", async () => {
  const body = '{"a":1}';
  const url = `https://hooks.example.com/events?bodySHA256=${createHash("sha256").update(body).digest("hex")}`;
  const sig = b64("sha1", SECRET, url);
  const ok = await testPolicy(policy("twilio"), { method: "POST", url, body, headers: { "content-type": "application/json", "x-twilio-signature": sig } });
  const tampered = await testPolicy(policy("twilio"), { method: "POST", url, body: '{"a":2}', headers: { "content-type": "application/json", "x-twilio-signature": sig } });
  expect([ok.status, tampered.status]).toEqual([200, 403]);
});

// https://ngrok.com/docs/traffic-policy/actions/verify-webhook/#supported-providers lists the providers by identifier.
it("a provider the page does not list is refused before any request, as the API refuses it (ERR_NGROK_2204)", async () => {
  const refused = testPolicy(policy("no-such-provider"), { method: "POST", url: URL_, body: "{}" });
  await expect(refused).rejects.toBeInstanceOf(PolicyRefusal);
  await expect(refused).rejects.toMatchObject({ code: "ERR_NGROK_2204", place: "on_http_request[0].actions[0].config.provider" });
  const emu = await startEmulator({ rateLimit: false });
  try {
    expect((await call(emu, "POST", "/reserved_domains", { domain: new URL(URL_).hostname })).status).toBe(201);
    const answering = { on_http_request: [...policy("no-such-provider").on_http_request, { actions: [{ type: "custom-response", config: { status_code: 200 } }] }] };
    const answer = await call(emu, "POST", "/endpoints", { type: "cloud", url: new URL(URL_).origin, traffic_policy: JSON.stringify(answering) });
    expect([answer.status, answer.json?.error_code, answer.json?.details?.path]).toEqual([400, "ERR_NGROK_2204", "on_http_request[0].actions[0].config.provider"]);
  } finally {
    await emu.close();
  }
});

it("a documented provider whose signatures the emulator does not check is answered 'not emulated', never a pass", async () => {
  const r = await testPolicy(policy("zoom"), { method: "POST", url: URL_, body: "{}" });
  expect([r.status, r.failure?.code, r.failure?.action]).toEqual([501, "not-emulated", "verify-webhook"]);
});
