/**
 * A throwaway Redis server for tests of the rate ledger: `redis-server` (Debian's package; .ci/run
 * installs it) on a free loopback port, keeping nothing on disk, stopped by `stop()`; `kill()`
 * ends it as a crash would (SIGKILL), `start()` starts it again on the same port. Without the
 * binary it fails saying how to install it.
 */
import { spawn, type ChildProcess } from "child_process";
import * as fs from "fs";
import { Redis } from "ioredis";
import * as net from "net";
import * as path from "path";

export interface RedisServer {
  /** redis://127.0.0.1:<port> (with the password, when one is required). */
  url: string;
  port: number;
  /** Starts it (again) on its port. */
  start(): Promise<void>;
  /** Ends it at once, as a crash would. */
  kill(): Promise<void>;
  stop(): Promise<void>;
  /** Commands it has processed since it started (INFO stats): a script's commands count too. */
  commandsProcessed(): Promise<number>;
  /**
   * Round trips of the rate ledger since it started (INFO commandstats): scripts (EVAL, EVALSHA:
   * rate-limiter-flexible's consume), transactions (EXEC: its set, one MULTI ... EXEC written at
   * once) and DEL.
   */
  ledgerRoundTrips(): Promise<number>;
  /** Its keys. */
  keys(): Promise<string[]>;
}

function binary(): string {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const file = path.join(dir, "redis-server");
    if (dir !== "" && fs.existsSync(file)) return file;
  }
  throw new Error("redis-server was not found on PATH: install Redis (Debian: apt-get install redis-server)");
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startRedis(options: { password?: string } = {}): Promise<RedisServer> {
  const file = binary();
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", ...(options.password ? ["--requirepass", options.password] : [])];
      const c = spawn(file, args, { stdio: ["ignore", "pipe", "pipe"] });
      child = c;
      let out = "";
      const onData = (d: Buffer) => {
        out += d.toString();
        if (/Ready to accept connections/.test(out)) {
          c.stdout!.off("data", onData);
          c.stdout!.resume();
          resolve();
        }
      };
      c.stdout!.on("data", onData);
      c.stderr!.resume();
      c.on("exit", (code) => reject(new Error(`redis-server exited ${code} before it was ready: ${out.trim().split("\n").slice(-3).join(" / ")}`)));
    });
  const end = (signal: NodeJS.Signals) => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return Promise.resolve();
    return new Promise<void>((resolve) => {
      c.on("exit", () => resolve());
      c.kill(signal);
    });
  };
  await start();
  const auth = options.password === undefined ? "" : `:${encodeURIComponent(options.password)}@`;
  /** The test's own questions, on a connection of their own. */
  const ask = async <T>(question: (client: Redis) => Promise<T>): Promise<T> => {
    const client = new Redis({ port, host: "127.0.0.1", ...(options.password ? { password: options.password } : {}), lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await client.connect();
      return await question(client);
    } finally {
      client.disconnect();
    }
  };
  return {
    url: `redis://${auth}127.0.0.1:${port}`,
    port,
    start,
    kill: () => end("SIGKILL"),
    stop: () => end("SIGTERM"),
    commandsProcessed: async () => Number(/total_commands_processed:(\d+)/.exec(await ask((c) => c.info("stats")))?.[1] ?? NaN),
    ledgerRoundTrips: async () => {
      const stats = await ask((c) => c.info("commandstats"));
      return ["evalsha", "eval", "exec", "del"].reduce((n, name) => n + Number(new RegExp(`^cmdstat_${name}:calls=(\\d+)`, "m").exec(stats)?.[1] ?? 0), 0);
    },
    keys: () => ask((c) => c.keys("*")),
  };
}
