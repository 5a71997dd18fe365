/**
 * Pacing against the service's clock: arrivals delayed by the network, pacing turned off, and a
 * budget someone else spends. Each case has its own emulator limited to a short window, and the
 * cases run concurrently (test/provider/pacing-processes.test.ts has the multi-process cases).
 */
import { ApiClient, ApiError, ResourceHandler, definitions } from "../../provider";
import { createClient } from "../../provider/config";
import { PacingFixture, floorMs, rate, ratio, refused, spendBudget } from "../support/pacing";

jest.setTimeout(180_000);

const fixture = new PacingFixture();
// Clients made here keep their ledgers under a temporary directory, not in the user's cache
// (jest gives each test file its own copy of the environment).
process.env.PULUMI_NGROK_PACING_DIR = fixture.dir("default");
/** Measured numbers, printed at the end for the record (tests assert counts and ratios, never times). */
const measured: Record<string, unknown> = {};
afterAll(async () => {
  console.log(`pacing measurements: ${JSON.stringify(measured)}`);
  await fixture.cleanUp();
});

function client(c: ApiClient): ResourceHandler {
  fixture.onCleanUp(() => c.close());
  return new ResourceHandler(definitions.Credential, () => c);
}

// One describe block: jest starts a block's concurrent tests together (at most five at a time),
// so the file takes about as long as its longest case, which comes first.
describe("pacing", () => {
  it.concurrent("120 creates with 0-300 ms of arrival jitter see no 429 and finish within 1.05x of the window's floor", async () => {
    // 20 per 10 s: the floor (50 s) is long enough that 0-300 ms of jitter per window is within 5 %.
    const jittery = { limit: 20, windowMs: 10_000 };
    const emu = await fixture.emulator({ rateLimit: jittery, faults: { seed: 7, latencyMs: 300 } });
    const credential = client(new ApiClient({ apiKey: emu.apiKey, baseUrl: emu.url, rateLimit: jittery, pacingDir: fixture.dir("jitter") }));
    const started = Date.now();
    const results = await Promise.allSettled(Array.from({ length: 120 }, (_, i) => credential.create({ description: `jitter ${i}` })));
    const r = ratio(started, floorMs(120, jittery));
    measured.jitter = { refused: refused(emu), ratioToFloor: r };
    expect(results.filter((x) => x.status === "rejected")).toEqual([]);
    expect(refused(emu)).toBe(0);
    expect(r).toBeGreaterThanOrEqual(1);
    expect(r).toBeLessThanOrEqual(1.05);
  });

  it.concurrent("with pacing off, none of 150 creates fails: a refusal waits for the window instead of giving up", async () => {
    const emu = await fixture.emulator();
    const credential = client(createClient({ apiKey: emu.apiKey, apiBaseUrl: emu.url, rateLimit: "off" }));
    const started = Date.now();
    const results = await Promise.allSettled(Array.from({ length: 150 }, (_, i) => credential.create({ description: `unpaced ${i}` })));
    measured.pacingOff = { refused: refused(emu), ratioToFloor: ratio(started, floorMs(150, rate)) };
    expect(results.filter((x) => x.status === "rejected")).toEqual([]);
    expect(emu.resources("credentials")).toHaveLength(150);
    // The first burst is refused (pacing is off); after that, no request is refused twice.
    expect(refused(emu)).toBeGreaterThan(0);
    expect(refused(emu)).toBeLessThanOrEqual(150 - rate.limit);
  });

  it.concurrent.each([
    {
      name: "pacing off, its own burst",
      settings: { rateLimit: "off", maxRetries: "0" },
      creates: 25,
      otherClient: false,
      says: [
        /^HTTP 429 ERR_NGROK_226: Your account is rate limited to 20 API requests per 5 seconds\./,
        /Still refused after 0 retries \(1 attempt over [0-9.]+ s\): pacing is off/,
        /Set ngrok:rateLimit \(or NGROK_RATE_LIMIT\) to the account's limit, "20\/5"/,
        /ngrok:maxRetries/,
      ],
    },
    {
      name: "pacing off, another client spends the budget",
      settings: { rateLimit: "off", maxRetries: "2" },
      creates: 1,
      otherClient: true,
      says: [/ERR_NGROK_226/, /Still refused after 2 retries \(3 attempts over [0-9.]+ s\): pacing is off .* and another client spends the same API key's budget/, /Set ngrok:rateLimit/, /ngrok:maxRetries/],
    },
    {
      name: "paced, another client spends the budget",
      settings: { rateLimit: "20/5", maxRetries: "2" },
      creates: 1,
      otherClient: true,
      says: [/ERR_NGROK_226/, /Still refused after 2 retries \(3 attempts over [0-9.]+ s\), although this client paces to "20\/5": another client/, /below the account's "20\/5"/, /ngrok:maxRetries/],
    },
  ])("when the retries run out on 429s, the error says how many were spent and what to set: $name", async ({ settings, creates, otherClient, says }) => {
    const emu = await fixture.emulator();
    const credential = client(createClient({ apiKey: emu.apiKey, apiBaseUrl: emu.url, ...settings }));
    if (otherClient) await spendBudget(emu);
    const results = await Promise.allSettled(Array.from({ length: creates }, (_, i) => credential.create({ description: `limited ${i}` })));
    const errors = results.flatMap((x) => (x.status === "rejected" ? [x.reason as ApiError] : []));
    expect(errors.length).toBe(otherClient ? creates : creates - rate.limit);
    for (const e of errors) {
      expect(e).toBeInstanceOf(ApiError);
      expect(e.status).toBe(429);
      for (const pattern of says) expect(e.message).toMatch(pattern);
      expect(e.message).not.toContain(emu.apiKey);
    }
  });
});
