/**
 * Pacing: 120 creates at concurrency 16 against an emulator limited to 20 requests per rolling
 * 5 s, by our client paced to that limit (also with 0-300 ms of arrival latency), our client
 * unpaced (it only retries the 429s), and the official client (which neither paces nor retries).
 * Then 120 requests from two provider processes sharing the budget's ledger, as CI runs
 * commands: an `up` of 60 creates then a `destroy` of them, and two `up`s of 60 creates at once.
 * Each runs against its own emulator. The tests (test/provider/client/pacing*.test.ts) assert the counts;
 * these are the wall-clock times.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { Ngrok } from "@ngrok/ngrok-api";
import { startEmulator, type Emulator, type EmulatorOptions } from "../emulator";
import { ApiClient } from "../provider";
import { providerProcess } from "../test/support/pacing";
import { msSince } from "./stats";

export interface PacingRow {
  client: string;
  seconds: number;
  /** Successful creates per second over the allowed rate (20 / 5 s). */
  rateOverAllowed: number;
  /** The run's time over the least the limit allows for all the creates. */
  overFloor: number;
  /** 429 answers the emulator gave. */
  rejected429: number;
  /** Creates that failed. */
  failed: number;
  /** Resources the service holds beyond those the creates returned. */
  duplicates: number;
}

export const pacingLimit = { limit: 20, windowMs: 5_000 };
const creates = 120;
const concurrency = 16;

const allowed = pacingLimit.limit / (pacingLimit.windowMs / 1000);
/** The least time `n` requests take under the limit: the first window's worth goes at once, the rest at the allowed rate. */
const floorSeconds = (n: number) => (n - pacingLimit.limit) / allowed;

export async function benchPacing(log: (line: string) => void): Promise<PacingRow[]> {
  const variants: [string, (url: string, key: string) => { create: (i: number) => Promise<unknown>; close: () => Promise<void> }, EmulatorOptions?][] = [
    [
      "pulumi-ngrok, paced",
      (url, key) => {
        const c = new ApiClient({ apiKey: key, baseUrl: url, rateLimit: pacingLimit });
        return { create: (i) => c.post("/credentials", { description: `paced ${i}`, acl: [] }), close: () => c.close() };
      },
    ],
    [
      "pulumi-ngrok, paced, 0-300 ms arrival latency",
      (url, key) => {
        const c = new ApiClient({ apiKey: key, baseUrl: url, rateLimit: pacingLimit });
        return { create: (i) => c.post("/credentials", { description: `latency ${i}`, acl: [] }), close: () => c.close() };
      },
      { faults: { seed: 7, latencyMs: 300 } },
    ],
    [
      "pulumi-ngrok, unpaced",
      (url, key) => {
        const c = new ApiClient({ apiKey: key, baseUrl: url, rateLimit: false });
        return { create: (i) => c.post("/credentials", { description: `unpaced ${i}`, acl: [] }), close: () => c.close() };
      },
    ],
    [
      "@ngrok/ngrok-api",
      (url, key) => {
        const c = new Ngrok({ apiToken: key, baseUrl: url });
        return { create: (i) => c.credentials.create({ description: `official ${i}`, acl: [] }), close: async () => undefined };
      },
    ],
  ];
  const rows: PacingRow[] = [];
  for (const [name, make, options] of variants) {
    const emu = await startEmulator({ rateLimit: pacingLimit, ...options });
    const client = make(emu.url, emu.apiKey);
    try {
      let next = 0;
      let ok = 0;
      let failed = 0;
      const start = process.hrtime.bigint();
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < creates) {
            const i = next++;
            await client.create(i).then(
              () => ok++,
              () => failed++,
            );
          }
        }),
      );
      const seconds = msSince(start) / 1000;
      rows.push({
        client: name,
        seconds,
        rateOverAllowed: ok / seconds / allowed,
        overFloor: seconds / floorSeconds(creates),
        rejected429: emu.requests.filter((r) => r.status === 429).length,
        failed,
        duplicates: emu.resources("credentials").length - ok,
      });
      log(`pacing: ${name} done in ${seconds.toFixed(1)} s`);
    } finally {
      await client.close();
      await emu.close();
    }
  }
  return [...rows, ...(await benchPacingProcesses(log))];
}

/** One provider process against `emu`, sharing the ledger in `pacingDir`. */
const provider = (emu: Emulator, pacingDir: string, args: string[]) =>
  providerProcess(emu, pacingDir, `${pacingLimit.limit}/${pacingLimit.windowMs / 1000}`, args);

/** 120 requests from two provider processes that share the budget's ledger. */
async function benchPacingProcesses(log: (line: string) => void): Promise<PacingRow[]> {
  const half = creates / 2;
  const variants: [string, (emu: Emulator, dir: string) => Promise<{ ok: number; failed: number; extra: (emu: Emulator) => number }>][] = [
    [
      `2 processes back to back: ${half} creates, then their deletes`,
      async (emu, dir) => {
        const up = await provider(emu, dir, ["create", String(half)]);
        const destroy = await provider(emu, dir, ["delete", ...up.ok]);
        // The destroy leaves nothing behind.
        return { ok: up.ok.length + destroy.ok.length, failed: up.failed.length + destroy.failed.length, extra: (e) => e.resources("credentials").length };
      },
    ],
    [
      `2 processes at once: ${half} creates each`,
      async (emu, dir) => {
        const [a, b] = await Promise.all([provider(emu, dir, ["create", String(half)]), provider(emu, dir, ["create", String(half)])]);
        const ok = a.ok.length + b.ok.length;
        return { ok, failed: a.failed.length + b.failed.length, extra: (e) => e.resources("credentials").length - ok };
      },
    ],
  ];
  const rows: PacingRow[] = [];
  for (const [name, run] of variants) {
    const emu = await startEmulator({ rateLimit: pacingLimit });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-pacing-"));
    try {
      const start = process.hrtime.bigint();
      const { ok, failed, extra } = await run(emu, dir);
      const seconds = msSince(start) / 1000;
      rows.push({
        client: `pulumi-ngrok, ${name}`,
        seconds,
        rateOverAllowed: ok / seconds / allowed,
        overFloor: seconds / floorSeconds(creates),
        rejected429: emu.requests.filter((r) => r.status === 429).length,
        failed,
        duplicates: extra(emu),
      });
      log(`pacing: ${name} done in ${seconds.toFixed(1)} s`);
    } finally {
      await emu.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}
