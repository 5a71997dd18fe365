/**
 * A throwaway PostgreSQL server for tests that keep Pulumi state in it, with Pulumi's `postgres://`
 * backend: `initdb` in a temporary directory, a password login, started with `pg_ctl` on a free
 * loopback port, stopped and removed by `stop()`. PostgreSQL refuses to run as root, so under root
 * the server runs as `nobody` (`runuser`). The binaries come from PATH, else `pg_config
 * --bindir`, else Debian's /usr/lib/postgresql/<version>/bin; without them it fails saying so.
 */
import { execFile } from "child_process";
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as net from "net";
import * as os from "os";
import * as path from "path";

export interface Postgres {
  /** The backend URL, without the password (`PGPASSWORD` in `env` carries it, as Pulumi's docs advise). */
  url: string;
  /** What a Pulumi command needs besides the URL. */
  env: Record<string, string>;
  /** Runs SQL through psql (in `database`, default the backend's); the rows as text, one line each, fields separated by "|". */
  query(sql: string, database?: string): Promise<string[]>;
  /** Ends the server at once, as a crash would (its data stays); `start` starts it again on its port. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(file, args, { env }, (err, stdout, stderr) =>
      err ? reject(new Error(`${path.basename(file)} ${args[0] ?? ""} failed: ${(stderr || stdout || err.message).trim().split("\n").slice(-5).join(" / ")}`)) : resolve(stdout),
    ),
  );
}

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const file = path.join(dir, name);
    if (dir !== "" && fs.existsSync(file)) return path.dirname(fs.realpathSync(file));
  }
  return undefined;
}

/** The directory holding initdb, pg_ctl and psql. */
async function binDir(): Promise<string> {
  const has = (dir: string | undefined): dir is string => dir !== undefined && ["initdb", "pg_ctl", "psql"].every((b) => fs.existsSync(path.join(dir, b)));
  const fromPath = onPath("initdb");
  if (has(fromPath)) return fromPath;
  const pgConfig = onPath("pg_config");
  if (pgConfig) {
    const dir = (await run(path.join(pgConfig, "pg_config"), ["--bindir"]).catch(() => "")).trim();
    if (has(dir)) return dir;
  }
  const debian = "/usr/lib/postgresql";
  const versions = fs.existsSync(debian) ? fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(debian, v, "bin")).find(has);
  if (found) return found;
  throw new Error("PostgreSQL's initdb, pg_ctl and psql were found neither on PATH, by pg_config, nor under /usr/lib/postgresql: install PostgreSQL (Debian: apt-get install postgresql)");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function startPostgres(): Promise<Postgres> {
  const bin = await binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pulumi-ngrok-postgres-"));
  // As root, the server's files and process belong to `nobody`; otherwise to the caller.
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? { uid: Number(await run("id", ["-u", "nobody"])), gid: Number(await run("id", ["-g", "nobody"])) } : undefined;
  const server = (tool: string, args: string[]): Promise<string> =>
    asRoot ? run("runuser", ["-u", "nobody", "--", path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  if (owner !== undefined) fs.chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, "data");
  const password = randomBytes(12).toString("hex");
  const pwfile = path.join(dir, "password");
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (owner !== undefined) fs.chownSync(pwfile, owner.uid, owner.gid);
  const user = "pulumi";
  const port = await freePort();
  let started = false;
  const stop = async (): Promise<void> => {
    if (started) await server("pg_ctl", ["stop", "-D", data, "-m", "fast", "-w"]).catch(() => undefined);
    started = false;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    await server("initdb", ["-D", data, "-U", user, "--auth=scram-sha-256", `--pwfile=${pwfile}`, "-E", "UTF8", "--locale=C.UTF-8"]);
    fs.rmSync(pwfile);
    // Loopback TCP only, its socket in the temporary directory; the data is thrown away after the
    // test, so it need not survive a crash of the machine (fsync off).
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`;
    const start = async (): Promise<void> => {
      await server("pg_ctl", ["start", "-D", data, "-l", path.join(dir, "server.log"), "-w", "-o", options]);
      started = true;
    };
    await start();
    const env = { PGPASSWORD: password };
    const psql = (database: string, sql: string) =>
      run(path.join(bin, "psql"), [`postgres://${user}@127.0.0.1:${port}/${database}?sslmode=disable`, "-v", "ON_ERROR_STOP=1", "-A", "-t", "-c", sql], { ...process.env, ...env });
    await psql("postgres", "CREATE DATABASE pulumi");
    return {
      url: `postgres://${user}@127.0.0.1:${port}/pulumi?sslmode=disable`,
      env,
      query: async (sql, database = "pulumi") => (await psql(database, sql)).split("\n").filter((l) => l !== ""),
      kill: async () => {
        await server("pg_ctl", ["stop", "-D", data, "-m", "immediate", "-w"]);
        started = false;
      },
      start,
      stop,
    };
  } catch (err) {
    const log = path.join(dir, "server.log");
    const tail = fs.existsSync(log) ? ` (server log: ${fs.readFileSync(log, "utf8").trim().split("\n").slice(-3).join(" / ")})` : "";
    await stop();
    throw new Error(`${err instanceof Error ? err.message : String(err)}${tail}`);
  }
}
