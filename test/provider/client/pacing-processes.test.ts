/**
 * Pacing shared between processes, as CI runs commands: `up` then `destroy` back to back, and two
 * stacks at once, each a separate provider process (test/support/pacing-child.js: the built
 * provider from dist/, configured from the environment as the Pulumi host runs it) against one
 * emulator limited to 20 requests per 5 s. The cases run concurrently. They assert counts only;
 * `make bench` measures how long these runs take against the least the limit allows.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { Emulator } from "../../../emulator";
import { ledgerFileName } from "../../../provider/client/pacing-ledger";
import { PacingFixture, providerProcess, providerProcesses, refused, statuses } from "../../support/pacing";

jest.setTimeout(120_000);

const fixture = new PacingFixture();
afterAll(() => fixture.cleanUp());

/** One provider process against `emu`, keeping its pacing ledger in `pacingDir`. */
const rate = "20/5";
const provider = (emu: Emulator, pacingDir: string, args: string[]) => providerProcess(emu, pacingDir, rate, args);

describe("pacing shared between processes", () => {
  it.concurrent("a destroy right after an up, in two processes, sees no 429", async () => {
    const emu = await fixture.emulator();
    const dir = fixture.dir("back-to-back");
    const up = await provider(emu, dir, ["create", "30"]);
    const destroy = await provider(emu, dir, ["delete", ...up.ok]);
    expect({ upFailed: up.failed, destroyFailed: destroy.failed, created: up.ok.length }).toEqual({ upFailed: [], destroyFailed: [], created: 30 });
    expect({ refused: refused(emu), statuses: statuses(emu) }).toEqual({ refused: 0, statuses: [201, 204] });
    expect(emu.resources("credentials")).toEqual([]);
  });

  it.concurrent("the same two processes at once, without a shared ledger, burst into 429s (the control)", async () => {
    const emu = await fixture.emulator();
    const runs = ["unshared-a", "unshared-b"].map((name) => ({ pacingDir: fixture.dir(name), args: ["create", "30"] }));
    const [a, b] = await providerProcesses(emu, rate, runs);
    expect([...a!.failed, ...b!.failed]).toEqual([]);
    expect(refused(emu)).toBeGreaterThan(0);
  });

  it.concurrent("two processes at once see no 429", async () => {
    const emu = await fixture.emulator();
    const dir = fixture.dir("at-once");
    const [a, b] = await providerProcesses(emu, rate, [1, 2].map(() => ({ pacingDir: dir, args: ["create", "30"] })));
    expect({ failed: [...a!.failed, ...b!.failed], created: a!.ok.length + b!.ok.length }).toEqual({ failed: [], created: 60 });
    expect({ refused: refused(emu), statuses: statuses(emu) }).toEqual({ refused: 0, statuses: [201] });
  });

  it.concurrent("the shared ledger holds times (and opaque ids of requests in flight) only: neither the key nor the URL", async () => {
    const emu = await fixture.emulator({ apiKey: "emu_pacing_secret_key_0123456789" });
    const dir = fixture.dir("no-secret");
    expect((await provider(emu, dir, ["create", "3"])).failed).toEqual([]);
    const files = fs.readdirSync(dir);
    expect(files).toEqual([expect.stringMatching(/^[0-9a-f]{32}\.json$/)]);
    const text = fs.readFileSync(path.join(dir, files[0]!), "utf8");
    for (const secret of [emu.apiKey, "pacing_secret", emu.url, new URL(emu.url).port]) expect(text).not.toContain(secret);
    const ledger = JSON.parse(text) as { entries: unknown[] };
    expect(ledger.entries).toHaveLength(3);
    // Answered requests need no id (only in-flight ones are looked up): "".
    for (const e of ledger.entries) expect(e).toEqual(["", expect.any(Number)]);
    expect((fs.statSync(path.join(dir, files[0]!)).mode & 0o777).toString(8)).toBe("600");
  });

  it.concurrent.each([
    { left: "the lock of a process that died holding it", lock: `999999999 ${os.hostname()} dead`, ageMs: 0 },
    { left: "a lock held for a minute by a process that hangs", lock: `${process.pid} ${os.hostname()} hung`, ageMs: 60_000 },
    { left: "a damaged ledger", ledger: "{not json", ageMs: 0 },
  ])("recovers from $left", async ({ lock, ledger, ageMs }) => {
    const emu = await fixture.emulator();
    const dir = fixture.dir("recovery");
    const file = path.join(dir, ledgerFileName(emu.apiKey, emu.url));
    if (lock !== undefined) {
      fs.writeFileSync(`${file}.lock`, lock);
      const then = new Date(Date.now() - ageMs);
      fs.utimesSync(`${file}.lock`, then, then);
    }
    if (ledger !== undefined) fs.writeFileSync(file, ledger);
    const result = await provider(emu, dir, ["create", "3"]);
    expect(result.failed).toEqual([]);
    expect(fs.existsSync(`${file}.lock`)).toBe(false);
    expect((JSON.parse(fs.readFileSync(file, "utf8")) as { entries: unknown[] }).entries).toHaveLength(3);
  });
});
