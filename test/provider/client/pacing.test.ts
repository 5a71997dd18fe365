/**
 * Pacing to the API's rolling-window limit.
 * - On a fake clock (the same schedule on any machine): the client's pacer in front of the API's
 *   rolling window, with a network of seeded delays between them. Counts and order: no window
 *   holds more than the limit, no request is refused or sent twice, and each request goes as soon
 *   as the window has room for it.
 * - Against an emulator limited to 20 requests per 5 s: pacing turned off, and a budget someone
 *   else spends (test/provider/client/pacing-processes.test.ts has the cases with several processes).
 * Wall-clock ratios (time over the least the limit allows) are measured by `make bench`.
 */
import * as fs from "node:fs";
import { ApiError, Provider, type Handler, type Settings } from "../../../provider";
import { FakeClock, type Clock } from "../../../clock";
import { FileLedger, MemoryLedger, ledgerFileName } from "../../../provider/client/pacing-ledger";
import { Pacer, type RateLimit } from "../../../provider/client/rate-limit";
import { mulberry32 } from "../../../emulator/shared/ids";
import { PacingFixture, RollingWindow, mostInAnyWindow, rate, refused, sendAtOnce, spendBudget, waitsPastRoom, type Attempt } from "../../support/pacing";

jest.setTimeout(180_000);

const fixture = new PacingFixture();
// Clients made here keep their ledgers under a temporary directory, not in the user's cache
// (jest gives each test file its own copy of the environment).
process.env.PULUMI_NGROK_PACING_DIR = fixture.dir("default");
afterAll(() => fixture.cleanUp());

/** The client's attempt timeout: an in-flight request holds its slot at most this long. */
const attemptTimeoutMs = 30_000;

/**
 * What a schedule shows, for one comparison with what it should be: counts only, and how many of
 * the longest round trips (`roundTripMs`) the first window's worth took to go out.
 */
function schedule(attempts: readonly Attempt[], service: RollingWindow, limit: RateLimit, startedAt: number, latestMs: number, roundTripMs: number) {
  const requests = attempts.map((a) => a.request);
  const waits = waitsPastRoom(attempts, limit);
  const grants = attempts.map((a) => a.grantedAt).sort((a, b) => a - b);
  return {
    requests: new Set(requests).size,
    refused: service.refused,
    grantedAtStart: attempts.filter((a) => a.grantedAt === startedAt).length,
    firstWindowWithinFiveRoundTrips: grants[limit.limit - 1]! - startedAt <= 5 * roundTripMs,
    mostInAWindow: mostInAnyWindow(service.arrivals, limit.windowMs),
    attemptsPerRequest: Math.max(...[...new Set(requests)].map((r) => requests.filter((x) => x === r).length)),
    grantedBeforeRoom: waits.filter((w) => w < 0).length,
    [`grantedOver${latestMs}msAfterRoom`]: waits.filter((w) => w > latestMs).length,
  };
}

/** How long a request went on being refused: from its first refusal to the answer that counted it (0 if never refused). */
function refusedFor(attempts: readonly Attempt[]): number {
  const first = attempts.find((a) => a.refused);
  return first ? Math.max(...attempts.map((a) => a.answeredAt)) - first.answeredAt : 0;
}

describe("on a fake clock, a paced client in front of the API's rolling window", () => {
  it.each([
    { network: "0-300 ms each way", toService: [0, 300], toClient: [0, 300] },
    { network: "answers up to 4 s late", toService: [0, 50], toClient: [0, 4_000] },
    { network: "requests up to 4 s on the way", toService: [0, 4_000], toClient: [0, 50] },
  ] as { network: string; toService: [number, number]; toClient: [number, number] }[])(
    "sends 120 requests with $network: at most the limit in any window, none refused or repeated, each as soon as there is room",
    async ({ toService, toClient }) => {
      const limit = { limit: 20, windowMs: 10_000 };
      const clock = new FakeClock();
      const started = clock.now();
      const service = new RollingWindow(limit);
      const pacer = new Pacer(limit, { attemptTimeoutMs, clock });
      const done = sendAtOnce({ pacer, clock, service, network: { toService, toClient, seed: 7 }, count: 120, name: "r" });
      await clock.run(10 * 60_000);
      const attempts = await done;

      // One request at once, the first window's worth within a few round trips (one more with
      // each answer); each later one within 50 ms (the pacer's margin for rounding) of the moment
      // the window has room for it.
      expect(schedule(attempts, service, limit, started, 50, toService[1] + toClient[1])).toEqual({
        requests: 120,
        refused: 0,
        grantedAtStart: 1,
        firstWindowWithinFiveRoundTrips: true,
        mostInAWindow: limit.limit,
        attemptsPerRequest: 1,
        grantedBeforeRoom: 0,
        grantedOver50msAfterRoom: 0,
      });
    },
  );

  it("shares the window between two clients (two processes) through one ledger: together at most the limit in any window, none refused", async () => {
    const clock = new FakeClock();
    const started = clock.now();
    const service = new RollingWindow(rate);
    const dir = fixture.dir("fake-clock-shared");
    const ledger = () => new FileLedger(dir, ledgerFileName("key", "https://api.example"), rate.windowMs, clock);
    const network = { toService: [0, 300] as [number, number], toClient: [0, 300] as [number, number] };
    const both = Promise.all([
      sendAtOnce({ pacer: new Pacer(rate, { attemptTimeoutMs, clock, ledger: ledger() }), clock, service, network: { ...network, seed: 1 }, count: 30, name: "a" }),
      sendAtOnce({ pacer: new Pacer(rate, { attemptTimeoutMs, clock, ledger: ledger() }), clock, service, network: { ...network, seed: 2 }, count: 30, name: "b" }),
    ]);
    await clock.run(10 * 60_000);
    const attempts = (await both).flat();

    // Each client re-reads the shared ledger every 200 ms while it waits.
    expect(schedule(attempts, service, rate, started, 250, 600)).toEqual({
      requests: 60,
      refused: 0,
      grantedAtStart: 1,
      firstWindowWithinFiveRoundTrips: true,
      mostInAWindow: rate.limit,
      attemptsPerRequest: 1,
      grantedBeforeRoom: 0,
      grantedOver250msAfterRoom: 0,
    });
  });

  /**
   * Runners on machines of their own (each client its own ledger), each sending its requests
   * eight at a time with a little time between them (the CLI's engine on two cores), started
   * within three seconds of each other, against the API's window under each counting rule.
   */
  async function runners(n: number, strict: boolean, each: number) {
    const limit = { limit: 20, windowMs: 10_000 };
    const clock = new FakeClock();
    const started = clock.now();
    const service = new RollingWindow(limit, strict);
    let end = started;
    const runner = async (r: number): Promise<void> => {
      const random = mulberry32(1_000 + r);
      const pacer = new Pacer(limit, { attemptTimeoutMs, clock, random });
      await clock.sleep(Math.round(random() * 3_000));
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < each) {
          next++;
          for (let retry = false; ; retry = true) {
            const slot = await pacer.acquire(retry);
            await clock.sleep(5 + Math.round(random() * 40));
            const served = service.receive(clock.now());
            await clock.sleep(5 + Math.round(random() * 40));
            if (served) {
              await slot.answered(clock.now());
              break;
            }
            await slot.refused();
            await pacer.refusal(clock.now(), limit, slot.grantedAt);
          }
          await clock.sleep(50 + Math.round(random() * 200));
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      end = Math.max(end, clock.now());
    };
    const all = Promise.all(Array.from({ length: n }, (_, r) => runner(r)));
    // Fails ("a timer is still pending") if the runners starve each other.
    await clock.run(60 * 60_000);
    await all;
    const floor = (Math.ceil(service.counted.length / limit.limit) - 1) * limit.windowMs;
    return { served: service.counted.length, refused: service.refused, mostInAWindow: mostInAnyWindow(service.counted, limit.windowMs), overFloor: (end - started) / floor };
  }

  it.each([
    { n: 3, rule: "default", strict: false },
    { n: 3, rule: "strict", strict: true },
    { n: 5, rule: "default", strict: false },
    { n: 5, rule: "strict", strict: true },
  ])("$n runners on machines of their own learn the others' part from the refusals ($rule counting): every request served once, at most one refusal per four served", async ({ n, strict }) => {
    const each = 136;
    const run = await runners(n, strict, each);
    process.stderr.write(`pacing: ${n} runners, ${strict ? "strict" : "default"} counting: ${JSON.stringify(run)}\n`);
    expect({ served: run.served, mostInAWindow: run.mostInAWindow, atMostOneRefusalPerFourServed: run.refused <= run.served / 4 }).toEqual({
      served: n * each,
      mostInAWindow: 20,
      atMostOneRefusalPerFourServed: true,
    });
  });

  it("without a shared ledger, the same two clients are refused (the control), and retry until every request is counted once", async () => {
    const clock = new FakeClock();
    const service = new RollingWindow(rate);
    const network = { toService: [0, 300] as [number, number], toClient: [0, 300] as [number, number] };
    const both = Promise.all([
      sendAtOnce({ pacer: new Pacer(rate, { attemptTimeoutMs, clock }), clock, service, network: { ...network, seed: 1 }, count: 30, name: "a" }),
      sendAtOnce({ pacer: new Pacer(rate, { attemptTimeoutMs, clock }), clock, service, network: { ...network, seed: 2 }, count: 30, name: "b" }),
    ]);
    await clock.run(10 * 60_000);
    const attempts = (await both).flat();

    expect(service.refused).toBeGreaterThan(0);
    expect(service.counted).toHaveLength(60);
    expect(new Set(attempts.filter((a) => !a.refused).map((a) => a.request)).size).toBe(60);
    expect(mostInAnyWindow(service.counted, rate.windowMs)).toBeLessThanOrEqual(rate.limit);
  });
});

describe("on a fake clock, telling stray 429s from a crowded key", () => {
  const network = { toService: [5, 45] as [number, number], toClient: [5, 45] as [number, number] };

  it("a runner alone whose requests the service refuses now and then at random keeps the whole limit", async () => {
    const limit = { limit: 120, windowMs: 60_000 };
    const clock = new FakeClock();
    const service = new RollingWindow(limit, false, { rate: 0.03, seed: 5 });
    const pacer = new Pacer(limit, { attemptTimeoutMs, clock, random: mulberry32(5) });
    const done = sendAtOnce({ pacer, clock, service, network: { ...network, seed: 5 }, count: 360, name: "alone" });
    await clock.run(60 * 60_000);
    await done;
    expect({ strays: service.strays > 5, served: service.counted.length, share: await pacer.share() }).toEqual({ strays: true, served: 360, share: limit.limit });
  });

  it("three refusals in a row, nothing served between them: other machines share the key, and the runner takes about a quarter of the limit; alone again, the whole limit within ten windows", async () => {
    const limit = { limit: 20, windowMs: 10_000 };
    const clock = new FakeClock();
    const pacer = new Pacer(limit, { attemptTimeoutMs, clock, random: mulberry32(7) });
    // A request refused (another machine filled the window), retried, refused again, and again.
    const shares: (number | undefined)[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const slot = await pacer.acquire(attempt > 0);
      clock.advance(50);
      await slot.refused();
      await pacer.refusal(clock.now(), limit, slot.grantedAt);
      shares.push(await pacer.share());
    }
    // Two doubts, then about a quarter of the limit (4 of 20), whatever it held.
    expect(shares).toEqual([20, 20, 4]);
    // Then alone, with more to send than its share allows: nothing refused, and its share is the
    // whole limit again within ten windows of the cut.
    const service = new RollingWindow(limit);
    const cut = clock.now();
    let whole: number | undefined;
    const look = (): void => {
      void pacer.share().then((share) => {
        if (share === limit.limit) whole ??= clock.now();
        else if (clock.now() - cut < 20 * limit.windowMs) clock.setTimer(look, 100);
      });
    };
    look();
    const done = sendAtOnce({ pacer, clock, service, network: { ...network, seed: 8 }, count: 12 * limit.limit, name: "alone again" });
    await clock.run(60 * 60_000);
    await done;
    expect({ refused: service.refused, windowsUntilWhole: whole === undefined ? undefined : Math.ceil((whole - cut) / limit.windowMs) }).toEqual({ refused: 0, windowsUntilWhole: expect.any(Number) });
    expect(Math.ceil((whole! - cut) / limit.windowMs)).toBeLessThanOrEqual(10);
  });
});

describe("the pacer's bookkeeping", () => {
  /**
   * The ledger entries the pacer touches per request (each operation counts the elements it
   * visits), for `count` requests at concurrency 16 that all stay in one window: 1 ms apart, a
   * few answered out of order, every 50th refused.
   */
  async function touchedPerRequest(rate: RateLimit | undefined, count: number): Promise<number> {
    let time = 1_000_000;
    const clock: Clock = {
      now: () => time,
      setTimer: () => {
        throw new Error("the pacer waited: the window was meant never to fill");
      },
      sleep: () => {
        throw new Error("the pacer slept: the window was meant never to fill");
      },
    };
    const ledger = new MemoryLedger();
    // All at once from the start: this counts the bookkeeping, not the pacing.
    const pacer = new Pacer(rate, { attemptTimeoutMs, clock, ledger, inFlightAtStart: Infinity });
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < count) {
        const i = next++;
        const slot = await pacer.acquire();
        time++;
        await (i % 50 === 49 ? slot.refused() : slot.answered(time - (i % 3)));
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    expect(ledger.entries.size).toBe(count - Math.floor(count / 50));
    return ledger.entries.touched / count;
  }

  it.each([
    { pacing: "off", limit: undefined },
    { pacing: "on, at a limit never reached", limit: { limit: 1_000_000, windowMs: 60_000 } },
  ])("costs the same per request whether the window holds 1,000 requests or 10,000 (pacing $pacing)", async ({ limit }) => {
    const few = await touchedPerRequest(limit, 1_000);
    const many = await touchedPerRequest(limit, 10_000);
    // O(1) amortised: a handful of entries per request, however many the window holds (a scan
    // of the window per request would touch thousands).
    expect(few).toBeLessThanOrEqual(12);
    expect(many).toBeLessThanOrEqual(12);
    expect(many).toBeLessThanOrEqual(few * 1.25);
  });

  it("with the shared ledger, a process's concurrent requests take the lock, read and write the file together, and the file holds every one", async () => {
    let time = 1_000_000;
    const clock: Clock = {
      now: () => time,
      setTimer: () => {
        throw new Error("waited: for the window, or polling a lock this process held itself");
      },
      sleep: () => {
        throw new Error("slept: nothing here should");
      },
    };
    const dir = fixture.dir("group-commit");
    const ledger = new FileLedger(dir, ledgerFileName("key", "https://api.example"), 60_000, clock);
    const pacer = new Pacer({ limit: 1_000_000, windowMs: 60_000 }, { attemptTimeoutMs, clock, ledger, inFlightAtStart: Infinity });
    const writes = jest.spyOn(JSON, "stringify");
    const parses = jest.spyOn(JSON, "parse");
    const count = 160;
    try {
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < count) {
          next++;
          const slot = await pacer.acquire();
          time++;
          await slot.answered(time);
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      // Each request is granted and settled: two changes of the ledger, fewer writes.
      const ledgerWrites = writes.mock.calls.filter(([body]) => typeof body === "object" && body !== null && "entries" in body);
      expect(ledgerWrites.length).toBeGreaterThan(0);
      expect(ledgerWrites.length).toBeLessThanOrEqual(count / 2);
      // What this process wrote last is what it reads next: the file is not parsed again.
      expect(parses).not.toHaveBeenCalled();
    } finally {
      writes.mockRestore();
      parses.mockRestore();
    }
    const file = JSON.parse(fs.readFileSync(ledger.file, "utf8")) as { entries: unknown[] };
    expect(file.entries).toHaveLength(count);
  });
});

/** The Credential operations of a provider with `settings`, whose client is closed at clean-up. */
function credentials(settings: Settings): Handler {
  const provider = new Provider({ settings });
  fixture.onCleanUp(() => provider.close());
  return provider.handler("Credential");
}

// One describe block: jest starts a block's concurrent tests together (at most five at a time),
// so the block takes about as long as its longest case, which comes first.
describe("against an emulator limited to 20 requests per 5 s", () => {
  it.concurrent("with pacing off, none of 150 creates fails: a refusal waits for the window instead of giving up", async () => {
    const emu = await fixture.emulator();
    const credential = credentials({ apiKey: emu.apiKey, apiBaseUrl: emu.url, rateLimit: "off" });
    const results = await Promise.allSettled(Array.from({ length: 150 }, (_, i) => credential.create({ description: `unpaced ${i}` })));
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
      settings: { rateLimit: "off", maxRetries: "0" },
      creates: 1,
      otherClient: true,
      says: [/ERR_NGROK_226/, /Still refused after 0 retries \(1 attempt over [0-9.]+ s\): pacing is off .* and another client spends the same API key's budget/, /Set ngrok:rateLimit/, /ngrok:maxRetries/],
    },
    {
      name: "paced, another client spends the budget",
      settings: { rateLimit: "20/5", maxRetries: "0" },
      creates: 1,
      otherClient: true,
      says: [/ERR_NGROK_226/, /Still refused after 0 retries \(1 attempt over [0-9.]+ s\), although this client paces to "20\/5": another client/, /below the account's "20\/5"/, /ngrok:maxRetries/],
    },
  ])("when the retries run out on 429s, the error says how many were spent and what to set: $name", async ({ settings, creates, otherClient, says }) => {
    const emu = await fixture.emulator();
    const credential = credentials({ apiKey: emu.apiKey, apiBaseUrl: emu.url, ...settings });
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
