/**
 * Client throughput against the emulator (no rate limit, loopback): get, list (100 items) and
 * create, at concurrency 1 and 16, by a bare `undici.request` loop (the floor), our client and
 * the official `@ngrok/ngrok-api`, interleaved in rounds in one process (each round runs every
 * client once, in a rotating order), so that load on the machine hits them alike. Reported as
 * requests per second and as each round's ratio to the floor.
 */
import { Ngrok } from "@ngrok/ngrok-api";
import { request } from "undici";
import { startEmulator } from "../emulator";
import { ApiClient } from "../provider";
import { summary, throughput, type Summary } from "./stats";

export interface ClientRow {
  op: "get" | "list" | "create";
  concurrency: number;
  client: "undici (floor)" | "pulumi-ngrok" | "@ngrok/ngrok-api";
  rps: Summary;
  /** Per round, this client's rate over the floor's. */
  ratio: Summary;
}

export interface ClientOptions {
  rounds: number;
  /** Operations per measurement, scaled per op (a list moves 100 items). */
  ops: number;
}

const clientNames = ["undici (floor)", "pulumi-ngrok", "@ngrok/ngrok-api"] as const;
const ops = ["get", "list", "create"] as const;
const concurrencies = [1, 16];

export async function benchClient(o: ClientOptions, log: (line: string) => void): Promise<ClientRow[]> {
  const emu = await startEmulator({ rateLimit: false });
  const headers = { authorization: `Bearer ${emu.apiKey}`, "ngrok-version": "2" };
  const ours = new ApiClient({ apiKey: emu.apiKey, baseUrl: emu.url, rateLimit: false });
  const official = new Ngrok({ apiToken: emu.apiKey, baseUrl: emu.url });
  try {
    // Fixtures: one credential to get, 100 reserved domains to list (creates go to credentials).
    const { id } = await ours.post<{ id: string }>("/credentials", { description: "read by the benchmark" });
    for (let i = 0; i < 100; i++) await ours.post("/reserved_domains", { domain: `bench-${i}.example.com` });

    const floorCall = async (method: "GET" | "POST", path: string, body?: unknown): Promise<unknown> => {
      const res = await request(emu.url + path, {
        method,
        headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const parsed: unknown = await res.body.json();
      if (res.statusCode >= 300) throw new Error(`HTTP ${res.statusCode}`);
      return parsed;
    };
    const calls: Record<(typeof clientNames)[number], Record<(typeof ops)[number], (i: number) => Promise<unknown>>> = {
      "undici (floor)": {
        get: () => floorCall("GET", `/credentials/${id}`),
        list: async () => {
          const page = (await floorCall("GET", "/reserved_domains")) as { reserved_domains: unknown[] };
          if (page.reserved_domains.length !== 100) throw new Error("list: not 100 items");
        },
        create: (i) => floorCall("POST", "/credentials", { description: `floor ${i}`, acl: [] }),
      },
      "pulumi-ngrok": {
        get: () => ours.get(`/credentials/${id}`),
        list: async () => {
          let n = 0;
          for await (const _ of ours.list("/reserved_domains", "reserved_domains")) n++;
          if (n !== 100) throw new Error("list: not 100 items");
        },
        create: (i) => ours.post("/credentials", { description: `ours ${i}`, acl: [] }),
      },
      "@ngrok/ngrok-api": {
        get: () => official.credentials.get(id),
        list: async () => {
          const items = await official.reservedDomains.list();
          if (items.length !== 100) throw new Error("list: not 100 items");
        },
        create: (i) => official.credentials.create({ description: `official ${i}`, acl: [] }),
      },
    };
    const count = { get: o.ops, list: Math.max(10, Math.round(o.ops / 4)), create: o.ops };

    const rps = new Map<string, number[]>();
    const ratios = new Map<string, number[]>();
    // Round 0 warms up (JIT, connection pools) and is not recorded.
    for (let round = 0; round <= o.rounds; round++) {
      for (const op of ops) {
        for (const c of concurrencies) {
          const order = clientNames.map((_, k) => clientNames[(k + round) % clientNames.length]!);
          const measured: Partial<Record<(typeof clientNames)[number], number>> = {};
          for (const client of order) measured[client] = await throughput(count[op], c, calls[client][op]);
          if (round === 0) continue;
          for (const client of clientNames) {
            const key = `${op}/${c}/${client}`;
            rps.set(key, [...(rps.get(key) ?? []), measured[client]!]);
            ratios.set(key, [...(ratios.get(key) ?? []), measured[client]! / measured["undici (floor)"]!]);
          }
        }
      }
      log(`client: round ${round} of ${o.rounds} done`);
    }
    return ops.flatMap((op) =>
      concurrencies.flatMap((concurrency) =>
        clientNames.map((client) => ({
          op,
          concurrency,
          client,
          rps: summary(rps.get(`${op}/${concurrency}/${client}`)!),
          ratio: summary(ratios.get(`${op}/${concurrency}/${client}`)!),
        })),
      ),
    );
  } finally {
    await ours.close();
    await emu.close();
  }
}
