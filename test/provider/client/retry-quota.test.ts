/**
 * The retry quota (a token bucket, as AWS's standard retry mode keeps one): against the emulator
 * over loopback, the client on a fake clock that moves to each wait at once, so that backoffs and
 * Retry-After cost no real time. What a user sees: which failures are retried, how long the
 * client says it waits, and the one-line message of a failure the quota did not retry.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { FakeClock } from "../../../clock";
import { startEmulator, type Emulator } from "../../../emulator";
import { ApiClient, ApiError, TransportError } from "../../../provider";
import { retryQuota } from "../../../provider/client/rate-limit";

const emulators: Emulator[] = [];
const clients: ApiClient[] = [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "retry-quota-"));
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await Promise.all(emulators.map((e) => e.close()));
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function emulator(): Promise<Emulator> {
  const emu = await startEmulator({ rateLimit: false });
  emulators.push(emu);
  return emu;
}

/** A client as a process on a machine whose pacing directory is `pacingDir`, on its own fake clock. */
function client(emu: Emulator, pacingDir: string): { client: ApiClient; clock: FakeClock; retries: number[] } {
  const clock = new FakeClock({ start: Date.now(), skipSleeps: true, autoAdvance: true });
  const c = new ApiClient({ apiKey: emu.apiKey, baseUrl: emu.url, pacingDir, clock, backoff: { maxRetries: 100 } });
  const retries: number[] = [];
  c.onRetry = (e) => retries.push(e.retryInMs);
  clients.push(c);
  return { client: c, clock, retries };
}

const dir = (name: string) => fs.mkdtempSync(path.join(tmp, `${name}-`));

describe("the retry quota", () => {
  it("retries a failing read until the quota is spent, then fails it in one line saying why it was not retried", async () => {
    const emu = await emulator();
    const { client: c, retries } = client(emu, dir("spent"));
    emu.scriptFault({ method: "GET", path: "/credentials", kind: "status-before", status: 503, times: 1000 });
    const err = await c.get("/credentials").catch((e: unknown) => e);
    const allowed = retryQuota.capacity / retryQuota.transient;
    expect(retries).toHaveLength(allowed);
    expect(emu.requests).toHaveLength(allowed + 1);
    expect(err).toBeInstanceOf(ApiError);
    const message = (err as Error).message;
    expect(message).toMatch(/^HTTP 503: The service is temporarily unavailable\. \(operation \w+\)\. Not retried: this machine's retry quota is spent: retries after failures are kept under a tenth of the requests the service served/);
    expect(message.split("\n")).toHaveLength(1);
  });

  it("served requests refill it: one more retry for every ten served", async () => {
    const emu = await emulator();
    const { client: c, retries } = client(emu, dir("refill"));
    emu.scriptFault({ method: "GET", path: "/credentials", kind: "status-before", status: 503, times: 1000 });
    await c.get("/credentials").catch(() => undefined);
    emu.clearRequests();
    for (let i = 0; i < retryQuota.transient; i++) await c.get("/api_keys");
    const before = retries.length;
    emu.scriptFault({ method: "GET", path: "/credentials", kind: "status-before", status: 503, times: 2 });
    const err = await c.get("/credentials").catch((e: unknown) => e);
    expect(retries.length - before).toBe(1);
    expect(err).toBeInstanceOf(ApiError);
  });

  it("is shared by the processes of one machine (one pacing directory), not by other machines", async () => {
    const emu = await emulator();
    const machine = dir("machine");
    const first = client(emu, machine);
    emu.scriptFault({ method: "GET", path: "/credentials", kind: "status-before", status: 503, times: 1000 });
    await first.client.get("/credentials").catch(() => undefined);
    emu.clearRequests();
    // Another process on the same machine finds the quota spent.
    const second = client(emu, machine);
    const dropped = await second.client.get("/credentials").catch((e: unknown) => e);
    expect(second.retries).toEqual([]);
    expect(dropped).toBeInstanceOf(ApiError);
    // A process on another machine has its own.
    const elsewhere = client(emu, dir("other-machine"));
    await elsewhere.client.get("/credentials").catch(() => undefined);
    expect(elsewhere.retries).toHaveLength(retryQuota.capacity / retryQuota.transient);
  });

  it("a dropped connection not retried for want of quota says so in words", async () => {
    const emu = await emulator();
    const { client: c } = client(emu, dir("dropped"));
    emu.scriptFault({ method: "GET", path: "/credentials", kind: "reset-before", times: 1000 });
    const err = await c.get("/credentials").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    const message = (err as Error).message;
    expect(message).toMatch(/^GET \/credentials failed: the connection to 127\.0\.0\.1:\d+ was dropped before an answer came; the request was sent \d+ times and the service may have processed it; repeating it is harmless, and the next `pulumi up` sends it again; not retried: this machine's retry quota is spent/);
    expect(message).not.toMatch(/UND_ERR|ECONN/);
  });

  it("a 429 is retried even with the quota spent (after a backoff), is cheaper than a failure, and waits for the service's Retry-After", async () => {
    const emu = await emulator();
    const { client: c, clock, retries } = client(emu, dir("throttled"));
    emu.scriptFault({ method: "GET", path: "/credentials", kind: "status-before", status: 429, retryAfterSeconds: 7, times: 1 });
    await c.get("/credentials");
    expect(retries).toEqual([7_000]);
    expect(clock.sleeps).toContain(7_000);
    // A throttled retry took half what a failure's does: five more failures are retried before the quota is short.
    emu.scriptFault({ method: "GET", path: "/credentials", kind: "status-before", status: 503, times: 1000 });
    const before = retries.length;
    await c.get("/credentials").catch(() => undefined);
    expect(retries.length - before).toBe(Math.floor((retryQuota.capacity - retryQuota.throttled + 1) / retryQuota.transient));
    // Spent: a 429 still gets its retry, after a backoff, and the request succeeds.
    emu.scriptFault({ method: "POST", path: "/credentials", kind: "status-before", status: 429, times: 3 });
    const created = await c.post<{ id: string }>("/credentials", { description: "after refusals" });
    expect(created.id).toMatch(/^cr_/);
    expect(emu.resources("credentials")).toHaveLength(1);
  });
});
