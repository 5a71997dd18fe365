/**
 * The client benchmark's measurements (see client.ts), run by plain Node in a process of its own,
 * as a program runs the client: not inside jest's module sandbox, and with no other work in the
 * process, so that its CPU time is the clients' alone. Reads its options as JSON from argv[2],
 * writes progress lines to stderr and the rows as JSON to stdout.
 */
import { Ngrok } from "@ngrok/ngrok-api";
import { spawn, type ChildProcess } from "child_process";
import { request } from "undici";
import { ApiClient } from "../provider/client/http";
import { summary, throughput, type Summary } from "./stats";

export interface ClientRow {
  op: "get" | "list" | "create";
  concurrency: number;
  client: (typeof clientNames)[number];
  rps: Summary;
  /** Per round, this client's rate over the floor's. */
  ratio: Summary;
  /** CPU time (user and system) of this process per request, in µs. */
  cpuUs?: Summary;
  /** Per round, this client's CPU time per request over the floor's. */
  cpuRatio?: Summary;
}

export interface ClientOptions {
  rounds: number;
  /** Operations per measurement, scaled per op (a list moves 100 items). */
  ops: number;
}

const clientNames = ["undici (floor)", "pulumi-ngrok", "pulumi-ngrok, paced", "@ngrok/ngrok-api"] as const;

/** A limit no run of the benchmark reaches: the pacer's bookkeeping runs, it never waits. */
const neverReached = { limit: 10_000_000, windowMs: 60_000 };

/** The emulator in a child process (rate limit off); resolves with its URL and key. */
function emulatorProcess(cli: string): Promise<{ url: string; apiKey: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [cli, "--rate-limit", "off"], { stdio: ["ignore", "pipe", "inherit"] });
  return new Promise((resolve, reject) => {
    let out = "";
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`the emulator exited (${code}) before it printed its URL`)));
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const url = /NGROK_API_BASE_URL=(\S+)/.exec(out)?.[1];
      const apiKey = /NGROK_API_KEY=(\S+)/.exec(out)?.[1];
      if (url && apiKey) resolve({ url, apiKey, child });
    });
  });
}

/** Requests per second and CPU µs per request of `ops` calls of `op` at `concurrency`. */
async function measure(ops: number, concurrency: number, op: (i: number) => Promise<unknown>): Promise<{ rps: number; cpuUs: number }> {
  const cpu = process.cpuUsage();
  const rps = await throughput(ops, concurrency, op);
  const used = process.cpuUsage(cpu);
  return { rps, cpuUs: (used.user + used.system) / ops };
}
const ops = ["get", "list", "create"] as const;
const concurrencies = [1, 16];

async function benchClient(o: ClientOptions & { emulatorCli: string }, log: (line: string) => void): Promise<ClientRow[]> {
  const emu = await emulatorProcess(o.emulatorCli);
  const headers = { authorization: `Bearer ${emu.apiKey}`, "ngrok-version": "2" };
  const ours = new ApiClient({ apiKey: emu.apiKey, baseUrl: emu.url, rateLimit: false });
  // Paced, this process alone (pacingDir false): the shared ledger's file is measured by the pacing part.
  const paced = new ApiClient({ apiKey: emu.apiKey, baseUrl: emu.url, rateLimit: neverReached, pacingDir: false });
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
          for await (const page of ours.pages("/reserved_domains", "reserved_domains")) n += page.length;
          if (n !== 100) throw new Error("list: not 100 items");
        },
        create: (i) => ours.post("/credentials", { description: `ours ${i}`, acl: [] }),
      },
      "pulumi-ngrok, paced": {
        get: () => paced.get(`/credentials/${id}`),
        list: async () => {
          let n = 0;
          for await (const page of paced.pages("/reserved_domains", "reserved_domains")) n += page.length;
          if (n !== 100) throw new Error("list: not 100 items");
        },
        create: (i) => paced.post("/credentials", { description: `paced ${i}`, acl: [] }),
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

    const samples = new Map<string, { rps: number[]; ratio: number[]; cpuUs: number[]; cpuRatio: number[] }>();
    // Round 0 warms up (JIT, connection pools) and is not recorded.
    for (let round = 0; round <= o.rounds; round++) {
      for (const op of ops) {
        for (const c of concurrencies) {
          const order = clientNames.map((_, k) => clientNames[(k + round) % clientNames.length]!);
          const measured: Partial<Record<(typeof clientNames)[number], { rps: number; cpuUs: number }>> = {};
          for (const client of order) measured[client] = await measure(count[op], c, calls[client][op]);
          if (round === 0) continue;
          const floor = measured["undici (floor)"]!;
          for (const client of clientNames) {
            const key = `${op}/${c}/${client}`;
            const m = measured[client]!;
            const s = samples.get(key) ?? { rps: [], ratio: [], cpuUs: [], cpuRatio: [] };
            s.rps.push(m.rps);
            s.ratio.push(m.rps / floor.rps);
            s.cpuUs.push(m.cpuUs);
            s.cpuRatio.push(m.cpuUs / floor.cpuUs);
            samples.set(key, s);
          }
        }
      }
      log(`client: round ${round} of ${o.rounds} done`);
    }
    return ops.flatMap((op) =>
      concurrencies.flatMap((concurrency) =>
        clientNames.map((client) => {
          const s = samples.get(`${op}/${concurrency}/${client}`)!;
          return { op, concurrency, client, rps: summary(s.rps), ratio: summary(s.ratio), cpuUs: summary(s.cpuUs), cpuRatio: summary(s.cpuRatio) };
        }),
      ),
    );
  } finally {
    await ours.close();
    await paced.close();
    emu.child.removeAllListeners("exit");
    emu.child.kill();
  }
}

benchClient(JSON.parse(process.argv[2]!) as ClientOptions & { emulatorCli: string }, (line) => process.stderr.write(`${line}\n`)).then(
  (rows) => process.stdout.write(JSON.stringify(rows)),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  },
);
