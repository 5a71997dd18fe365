/** The `ngrok-emulator` command, run as a real process with Node. */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import * as ts from "typescript";
import { request } from "undici";
import { parseCli } from "../../emulator/cli";
import { send } from "./gateway/support";

const ROOT = join(__dirname, "..", "..");
let out: string;

/** Transpiles emulator/ (and provider/, which it shares modules with) to JavaScript (no type check: tsc --noEmit covers that) so the test needs no prior build. */
function transpileEmulator(): string {
  const dir = mkdtempSync(join(tmpdir(), "ngrok-emulator-cli-"));
  const walk = (src: string): void => {
    for (const name of readdirSync(src)) {
      const path = join(src, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".ts") && !name.endsWith(".d.ts")) {
        const js = ts.transpileModule(readFileSync(path, "utf8"), {
          compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
        }).outputText;
        const target = join(dir, relative(ROOT, path)).replace(/\.ts$/, ".js");
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, js);
      }
    }
  };
  // The emulator shares a few modules with the provider (IP ranges, the Traffic Policy model).
  walk(join(ROOT, "emulator"));
  walk(join(ROOT, "provider"));
  // The clock every reading of the time goes through.
  walk(join(ROOT, "clock"));
  // The CEL type checker, which the emulator's policy checks read.
  walk(join(ROOT, "cel"));
  return dir;
}

beforeAll(() => {
  out = transpileEmulator();
});
afterAll(() => rmSync(out, { recursive: true, force: true }));

function run(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, [join(out, "emulator", "cli.js"), ...args], {
    env: { ...process.env, NODE_PATH: join(ROOT, "node_modules") },
  });
}

/** Reads the NAME=value lines the CLI prints on start. */
function startupLines(child: ChildProcessWithoutNullStreams): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let text = "";
    let errText = "";
    child.stderr.on("data", (d: Buffer) => (errText += d.toString()));
    child.stdout.on("data", (d: Buffer) => {
      text += d.toString();
      const vars = Object.fromEntries(
        text
          .split("\n")
          .filter((l) => l.includes("="))
          .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
      );
      if (vars["NGROK_API_BASE_URL"] && vars["NGROK_API_KEY"]) resolve(vars);
    });
    child.on("exit", (code) => reject(new Error(`exited with ${code} before printing its address: ${errText}`)));
  });
}

function exitCode(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

it("prints sourceable env lines, serves the API, applies options and exits 0 on SIGTERM", async () => {
  const stateDir = mkdtempSync(join(tmpdir(), "ngrok-emulator-cli-state-"));
  const state = join(stateDir, "state.json");
  const child = run(["--api-key", "cli-key", "--rate-limit", "3/60", "--state", state]);
  const done = exitCode(child);
  try {
    const env = await startupLines(child);
    expect(env["NGROK_API_BASE_URL"]).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(env["NGROK_API_KEY"]).toBe("cli-key");
    const headers = { authorization: "Bearer cli-key", "ngrok-version": "2", "content-type": "application/json" };
    const created = await request(`${env["NGROK_API_BASE_URL"]}/credentials`, { method: "POST", headers, body: "{}" });
    expect(created.statusCode).toBe(201);
    const id = ((await created.body.json()) as { id: string }).id;
    for (let i = 0; i < 2; i++) await (await request(`${env["NGROK_API_BASE_URL"]}/credentials`, { headers })).body.text();
    const limited = await request(`${env["NGROK_API_BASE_URL"]}/credentials`, { headers });
    expect(limited.statusCode).toBe(429);
    expect(((await limited.body.json()) as { msg: string }).msg).toBe("Your account is rate limited to 3 API requests per 60 seconds.");
    child.kill("SIGTERM");
    expect(await done).toBe(0);
    expect(readFileSync(state, "utf8")).toContain(id);
  } finally {
    child.kill("SIGKILL");
    rmSync(stateDir, { recursive: true, force: true });
  }
});

it("exits 0 on SIGINT too", async () => {
  const child = run(["--rate-limit", "off", "--fault-seed", "3", "--fault-latency-ms", "5"]);
  const done = exitCode(child);
  await startupLines(child);
  child.kill("SIGINT");
  expect(await done).toBe(0);
});

it("prints help and rejects bad options with exit code 2", async () => {
  const help = run(["--help"]);
  let text = "";
  help.stdout.on("data", (d: Buffer) => (text += d.toString()));
  expect(await exitCode(help)).toBe(0);
  expect(text).toContain("--rate-limit N/SECONDS");
  for (const args of [["--rate-limit", "fast"], ["--port", "99999"], ["--fault-reset", "2"], ["--bogus"], ["extra"]]) {
    expect(await exitCode(run(args))).toBe(2);
  }
});

it("the help's shell commands, run as written, export the variables and return while the emulator serves", async () => {
  const help = run(["--help"]);
  let text = "";
  help.stdout.on("data", (d: Buffer) => (text += d.toString()));
  await exitCode(help);
  const suggested = /To use them from a shell[^\n]*\n((?: {2}.*\n?)+)/.exec(text)?.[1];
  expect(suggested).toBeDefined();
  const dir = mkdtempSync(join(tmpdir(), "ngrok-emulator-cli-shell-"));
  // `ngrok-emulator` as the installed bin runs it; the script ends by printing what it exported.
  const script = [
    `ngrok-emulator() { NODE_PATH=${JSON.stringify(join(ROOT, "node_modules"))} exec ${JSON.stringify(process.execPath)} ${JSON.stringify(join(out, "emulator", "cli.js"))} "$@"; }`,
    suggested!.replace(/^ {2}/gm, ""),
    `echo "url=$NGROK_API_BASE_URL key=$NGROK_API_KEY"`,
    `kill %1`,
  ].join("\n");
  const shell = spawn("bash", ["-c", script], { cwd: dir, detached: true });
  let printed = "";
  shell.stdout.on("data", (d: Buffer) => (printed += d.toString()));
  // A guard, not a measurement: a suggestion that never returns fails here instead of hanging the run.
  const guard = setTimeout(() => shell.kill("SIGKILL"), 30_000);
  try {
    expect(await exitCode(shell)).toBe(0);
    expect(printed).toMatch(/^url=http:\/\/127\.0\.0\.1:\d+ key=emu_\S+$/m);
  } finally {
    clearTimeout(guard);
    try {
      process.kill(-shell.pid!, "SIGKILL");
    } catch {
      // the group has ended
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

it("is the package's ngrok-emulator bin, with a shebang", () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { bin: Record<string, string> };
  expect(pkg.bin["ngrok-emulator"]).toBe("dist/emulator/cli.js");
  expect(readFileSync(join(ROOT, "emulator", "cli.ts"), "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
});

it("parses --foreign-domains as a comma-separated list", () => {
  expect(parseCli(["--foreign-domains", "taken.example.com, other.example.com,"])).toEqual({
    foreignDomains: ["taken.example.com", "other.example.com"],
  });
});

it("parses --strict-rate-limit, and leaves the rule as it is without it", () => {
  expect(parseCli(["--rate-limit", "20/10", "--strict-rate-limit"])).toEqual({ rateLimit: { limit: 20, windowMs: 10_000 }, strictRateLimit: true });
  expect(parseCli(["--rate-limit", "20/10"])).toEqual({ rateLimit: { limit: 20, windowMs: 10_000 } });
});

it("--gateway-port serves the cloud endpoints' gateway and prints its URL", async () => {
  const child = run(["--gateway-port", "0"]);
  const done = exitCode(child);
  try {
    const gatewayUrl = await new Promise<string>((resolve, reject) => {
      let text = "";
      child.stdout.on("data", (d: Buffer) => {
        text += d.toString();
        const m = /^NGROK_EMULATOR_GATEWAY_URL=(\S+)$/m.exec(text);
        if (m !== null) resolve(m[1]!);
        // The CLI prints its lines in one write: the API's without the gateway's means there is none.
        else if (/^NGROK_API_KEY=\S+$/m.test(text)) reject(new Error(`no gateway URL in: ${text}`));
      });
      child.on("exit", (code) => reject(new Error(`exited with ${code} before printing the gateway's URL`)));
    });
    expect(gatewayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await send(gatewayUrl, "nothing.example.com", "/");
    expect([res.status, res.body]).toEqual([404, "ERR_NGROK_3200: The endpoint nothing.example.com is offline.\n"]);
    child.kill("SIGTERM");
    expect(await done).toBe(0);
  } finally {
    child.kill("SIGKILL");
  }
});

it("--tls-name serves the API over https at that name, with the CA a client trusts printed beside the base URL", async () => {
  const caDir = mkdtempSync(join(tmpdir(), "ngrok-emulator-ca-"));
  const child = run(["--tls-name", "api.ngrok.com", "--tls-dir", caDir]);
  const done = exitCode(child);
  try {
    const vars = await new Promise<Record<string, string>>((resolve, reject) => {
      let text = "";
      child.stdout.on("data", (d: Buffer) => {
        text += d.toString();
        if (/^NGROK_API_KEY=\S+$/m.test(text)) resolve(Object.fromEntries(text.trim().split("\n").map((l) => l.split("=", 2) as [string, string])));
      });
      child.on("exit", (code) => reject(new Error(`exited with ${code} before printing its variables`)));
    });
    expect(vars["NGROK_API_BASE_URL"]).toMatch(/^https:\/\/api\.ngrok\.com:\d+$/);
    expect(vars["NGROK_EMULATOR_ADDRESS"]).toBe(`127.0.0.1:${new URL(vars["NGROK_API_BASE_URL"]!).port}`);
    expect([vars["NODE_EXTRA_CA_CERTS"], vars["SSL_CERT_FILE"]]).toEqual([join(caDir, "ca.pem"), join(caDir, "ca.pem")]);
    const { Agent } = await import("undici");
    const dispatcher = new Agent({
      connect: {
        ca: readFileSync(join(caDir, "ca.pem"), "utf8"),
        lookup: ((_h: string, o: { all?: boolean }, cb: (e: null, a: unknown, f?: number) => void) =>
          o.all ? cb(null, [{ address: "127.0.0.1", family: 4 }]) : cb(null, "127.0.0.1", 4)) as never,
      },
    });
    const res = await request(`${vars["NGROK_API_BASE_URL"]}/vaults`, { dispatcher, headers: { authorization: `Bearer ${vars["NGROK_API_KEY"]}`, "ngrok-version": "2" } });
    expect([res.statusCode, (JSON.parse(await res.body.text()) as { uri: string }).uri]).toEqual([200, `${vars["NGROK_API_BASE_URL"]}/vaults`]);
    // The AI Gateway API: its own listener, https at api.ngrok.ai with the same CA.
    const ai = vars["NGROK_AI_GATEWAY_API_BASE_URL"]!;
    expect(ai).toMatch(/^https:\/\/api\.ngrok\.ai:\d+$/);
    expect(new URL(ai).port).not.toBe(new URL(vars["NGROK_API_BASE_URL"]!).port);
    const aiRes = await request(`${ai}/providers`, { dispatcher, headers: { authorization: `Bearer ${vars["NGROK_AI_GATEWAY_API_KEY"]}` } });
    expect([aiRes.statusCode, (JSON.parse(await aiRes.body.text()) as { uri: string }).uri]).toEqual([200, `${ai}/providers`]);
    child.kill("SIGTERM");
    expect(await done).toBe(0);
  } finally {
    child.kill("SIGKILL");
    rmSync(caDir, { recursive: true, force: true });
  }
});

it("rejects --tls-cert without --tls-key, and --tls-dir without --tls-name", () => {
  expect(() => parseCli(["--tls-cert", "c.pem"])).toThrow("--tls-cert and --tls-key go together");
  expect(() => parseCli(["--tls-dir", "ca"])).toThrow("--tls-dir goes with --tls-name");
  expect(parseCli(["--tls-name", "api.ngrok.com"])).toEqual({ tlsChoice: { names: ["api.ngrok.com"], dir: ".emulator-ca", aiName: "api.ngrok.ai" } });
  expect(parseCli(["--tls-name", "api.ngrok.com", "--ai-gateway-tls-name", "ai.example.test"])).toEqual({ tlsChoice: { names: ["api.ngrok.com"], dir: ".emulator-ca", aiName: "ai.example.test" } });
  expect(() => parseCli(["--ai-gateway-tls-name", "api.ngrok.ai"])).toThrow("--ai-gateway-tls-name goes with --tls-name");
});
