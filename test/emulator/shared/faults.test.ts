/** Scripted and seeded random faults, and the rolling-window rate limit. */
import { request } from "undici";
import { FakeClock, startEmulator, type Emulator } from "../../../emulator";
import { call, expectError } from "../../support/api";

/** A request whose connection may be reset: resolves to the status or "reset". */
async function attempt(emu: Emulator, method: string, path: string, body?: unknown): Promise<number | "reset"> {
  try {
    const res = await request(emu.url + path, {
      method: method as "GET",
      headers: { authorization: `Bearer ${emu.apiKey}`, "ngrok-version": "2", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await res.body.text();
    return res.statusCode;
  } catch {
    return "reset";
  }
}

describe("scripted faults", () => {
  let emu: Emulator;
  beforeEach(async () => {
    emu = await startEmulator({ rateLimit: false });
  });
  afterEach(() => emu.close());

  it("status-before answers the status without processing", async () => {
    emu.scriptFault({ method: "POST", path: "/credentials", kind: "status-before", status: 503 });
    const a = await call(emu, "POST", "/credentials", { description: "x" });
    expectError(a, 503, undefined);
    expect(emu.resources("credentials")).toHaveLength(0);
    expect(emu.requests[0]).toMatchObject({ method: "POST", path: "/credentials", status: 503, processed: false });
    // The fault is used up: the retry goes through.
    expect((await call(emu, "POST", "/credentials", { description: "x" })).status).toBe(201);
    expect(emu.resources("credentials")).toHaveLength(1);
  });

  it("status-after processes the request and loses the answer", async () => {
    emu.scriptFault({ method: "POST", path: "/credentials", kind: "status-after", status: 502 });
    const a = await call(emu, "POST", "/credentials", { description: "lost" });
    expect(a.status).toBe(502);
    expect(emu.resources("credentials")).toEqual([expect.objectContaining({ description: "lost", token: null })]);
    expect(emu.requests[0]).toMatchObject({ status: 502, processed: true });
  });

  it("429 uses the rate-limit body and Retry-After when asked", async () => {
    emu.scriptFault({ method: "GET", path: "/credentials", kind: "status-before", status: 429, retryAfterSeconds: 1 });
    const a = await call(emu, "GET", "/credentials");
    expect(expectError(a, 429, "ERR_NGROK_226").msg).toBe("Your account is rate limited to 120 API requests per 60 seconds.");
    expect(a.headers["retry-after"]).toBe("1");
  });

  it("reset-before drops the connection without processing", async () => {
    emu.scriptFault({ method: "POST", path: "/credentials", kind: "reset-before" });
    expect(await attempt(emu, "POST", "/credentials", {})).toBe("reset");
    expect(emu.resources("credentials")).toHaveLength(0);
    expect(emu.requests[0]).toMatchObject({ status: 0, processed: false });
  });

  it("reset-after processes, then drops the connection", async () => {
    emu.scriptFault({ method: "POST", path: "/credentials", kind: "reset-after" });
    expect(await attempt(emu, "POST", "/credentials", {})).toBe("reset");
    expect(emu.resources("credentials")).toHaveLength(1);
    expect(emu.requests[0]).toMatchObject({ status: 0, processed: true });
    // The server keeps serving new connections.
    expect(await attempt(emu, "GET", "/credentials")).toBe(200);
  });

  it("latency holds the request for its delay on the emulator's clock, then processes it normally", async () => {
    const clock = new FakeClock();
    const held = await startEmulator({ rateLimit: false, clock });
    try {
      held.scriptFault({ kind: "latency", delayMs: 150 });
      const answer = call(held, "POST", "/credentials", {});
      expect(await Promise.race([clock.untilSleeping().then(() => "held"), answer.then(() => "answered")])).toBe("held");
      clock.advance(149);
      expect(clock.sleeping).toBe(1);
      expect(held.resources("credentials")).toHaveLength(0);
      clock.advance(1);
      expect((await answer).status).toBe(201);
      expect(held.resources("credentials")).toHaveLength(1);
    } finally {
      await held.close();
    }
  });

  it("matches method and path (string exact, RegExp), in order, `times` times", async () => {
    emu.scriptFault({ method: "GET", path: /^\/credentials\/cr_/, kind: "status-before", status: 500, times: 2 });
    emu.scriptFault({ path: "/credentials", kind: "status-before", status: 504 });
    const created = await call(emu, "POST", "/credentials", {}); // matches the 2nd fault (any method)
    expect(created.status).toBe(504);
    const ok = await call(emu, "POST", "/credentials", {});
    expect(ok.status).toBe(201);
    expect((await call(emu, "GET", "/credentials")).status).toBe(200); // neither fault matches
    expect((await call(emu, "GET", `/credentials/${ok.json.id}`)).status).toBe(500);
    expect((await call(emu, "GET", `/credentials/${ok.json.id}`)).status).toBe(500);
    expect((await call(emu, "GET", `/credentials/${ok.json.id}`)).status).toBe(200);
  });

  it("takes precedence over authentication", async () => {
    emu.scriptFault({ kind: "status-before", status: 503 });
    const a = await call(emu, "GET", "/credentials", undefined, { headers: { authorization: "Bearer wrong" } });
    expect(a.status).toBe(503);
  });

  it("rejects nonsensical scripts", () => {
    expect(() => emu.scriptFault({ kind: "status-before", status: 42 })).toThrow(RangeError);
    expect(() => emu.scriptFault({ kind: "reset-before", times: 0 })).toThrow(RangeError);
  });
});

describe("random faults", () => {
  async function run(seed: number, options: { stray429s?: boolean; count?: number } = {}): Promise<Array<number | "reset">> {
    const emu = await startEmulator({ rateLimit: false, faults: { seed, errorBeforeRate: 0.2, errorAfterRate: 0.2, resetRate: 0.1, ...options } });
    try {
      const out: Array<number | "reset"> = [];
      for (let i = 0; i < (options.count ?? 40); i++) out.push(await attempt(emu, "GET", "/credentials"));
      return out;
    } finally {
      await emu.close();
    }
  }

  it("are reproducible from the seed, and mix successes with each kind", async () => {
    const a = await run(7);
    expect(await run(7)).toEqual(a);
    expect(await run(8)).not.toEqual(a);
    expect(a).toContain(200);
    expect(a).toContain("reset");
    expect(a.some((s) => typeof s === "number" && s >= 429)).toBe(true);
  });

  it("without stray 429s: the same faults where they fell, and 200 where a 429 was", async () => {
    const withThem = await run(11, { count: 80 });
    const without = await run(11, { count: 80, stray429s: false });
    expect(withThem).toContain(429);
    expect(without).toEqual(withThem.map((s) => (s === 429 ? 200 : s)));
  });

  it("are off by default", async () => {
    const emu = await startEmulator({ rateLimit: false });
    try {
      for (let i = 0; i < 30; i++) expect(await attempt(emu, "GET", "/credentials")).toBe(200);
    } finally {
      await emu.close();
    }
  });
});

describe("rate limit", () => {
  it("allows `limit` requests per rolling window per key, then 429 ERR_NGROK_226 with the configured numbers", async () => {
    const clock = new FakeClock();
    const emu = await startEmulator({ rateLimit: { limit: 5, windowMs: 400 }, clock });
    try {
      for (let i = 0; i < 5; i++) expect((await call(emu, "GET", "/credentials")).status).toBe(200);
      const limited = await call(emu, "GET", "/credentials");
      expect(expectError(limited, 429, "ERR_NGROK_226").msg).toBe("Your account is rate limited to 5 API requests per 0.4 seconds.");
      // Refused requests at the end of the window are not counted: once it has passed, requests flow again.
      clock.advance(399);
      for (let i = 0; i < 5; i++) expect((await call(emu, "GET", "/credentials")).status).toBe(429);
      clock.advance(1);
      expect((await call(emu, "GET", "/credentials")).status).toBe(200);
    } finally {
      await emu.close();
    }
  });

  it("states the window in the message and defaults to 120 per 60 s", async () => {
    const small = await startEmulator({ rateLimit: { limit: 1, windowMs: 30_000 } });
    const dflt = await startEmulator();
    try {
      await call(small, "GET", "/credentials");
      expect((await call(small, "GET", "/credentials")).json.msg).toBe("Your account is rate limited to 1 API requests per 30 seconds.");
      for (let i = 0; i < 120; i++) expect((await call(dflt, "GET", "/credentials")).status).toBe(200);
      expect((await call(dflt, "GET", "/credentials")).status).toBe(429);
    } finally {
      await small.close();
      await dflt.close();
    }
  });

  // The same requests under both rules: the account's two keys (the emulator's, and one made on
  // /api_keys), 2 requests per second allowed.
  it.each([
    // A window per key, refused requests free: the second key has its own window, and once the
    // served requests leave the window the refused ones leave nothing behind.
    [false, { full: 429, otherKey: 200, afterServedLeft: 200, afterRefusedLeft: 200 }],
    // One window for the account, refused requests counted: the second key meets the first's
    // window, and the refusals hold the window shut until they leave it too.
    [true, { full: 429, otherKey: 429, afterServedLeft: 429, afterRefusedLeft: 200 }],
  ] as const)("strictRateLimit %s: what counts against the window", async (strictRateLimit, expected) => {
    const clock = new FakeClock();
    const emu = await startEmulator({ rateLimit: { limit: 2, windowMs: 1000 }, strictRateLimit, clock });
    try {
      const other = (await call(emu, "POST", "/api_keys", { description: "second key" })).json.token as string;
      clock.advance(1000); // the key's creation leaves the window
      const asOther = { headers: { authorization: `Bearer ${other}` } };
      for (let i = 0; i < 2; i++) expect((await call(emu, "GET", "/credentials")).status).toBe(200);
      clock.advance(500);
      const full = (await call(emu, "GET", "/credentials")).status;
      const otherKey = (await call(emu, "GET", "/credentials", undefined, asOther)).status;
      clock.advance(500); // the served requests leave the window; the refused ones are 500 ms old
      const afterServedLeft = (await call(emu, "GET", "/credentials")).status;
      clock.advance(500); // and now the requests refused at 500 ms have left it too
      const afterRefusedLeft = (await call(emu, "GET", "/credentials")).status;
      expect({ full, otherKey, afterServedLeft, afterRefusedLeft }).toEqual(expected);
    } finally {
      await emu.close();
    }
  });

  it("does not count requests with an invalid key", async () => {
    const emu = await startEmulator({ rateLimit: { limit: 2, windowMs: 60_000 } });
    try {
      for (let i = 0; i < 5; i++) {
        expect((await call(emu, "GET", "/credentials", undefined, { headers: { authorization: "Bearer x" } })).status).toBe(403);
      }
      expect((await call(emu, "GET", "/credentials")).status).toBe(200);
    } finally {
      await emu.close();
    }
  });
});
