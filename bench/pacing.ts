/**
 * Pacing: 120 creates at concurrency 16 against an emulator limited to 20 requests per rolling
 * 5 s, by our client paced to that limit, our client unpaced (it only retries the 429s), and the
 * official client (which neither paces nor retries). Each runs against its own emulator.
 */
import { Ngrok } from "@ngrok/ngrok-api";
import { startEmulator } from "../emulator";
import { ApiClient } from "../provider";
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

export async function benchPacing(log: (line: string) => void): Promise<PacingRow[]> {
  const variants: [string, (url: string, key: string) => { create: (i: number) => Promise<unknown>; close: () => Promise<void> }][] = [
    [
      "pulumi-ngrok, paced",
      (url, key) => {
        const c = new ApiClient({ apiKey: key, baseUrl: url, rateLimit: pacingLimit });
        return { create: (i) => c.post("/credentials", { description: `paced ${i}`, acl: [] }), close: () => c.close() };
      },
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
  for (const [name, make] of variants) {
    const emu = await startEmulator({ rateLimit: pacingLimit });
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
      const allowed = pacingLimit.limit / (pacingLimit.windowMs / 1000);
      rows.push({
        client: name,
        seconds,
        rateOverAllowed: ok / seconds / allowed,
        // The first window's worth goes at once; the rest at the allowed rate.
        overFloor: seconds / ((creates - pacingLimit.limit) / allowed),
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
  return rows;
}
