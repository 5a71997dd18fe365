/**
 * What the provider's entry point loads. Every engine command starts a dynamic-provider host that
 * loads `pulumi-ngrok/provider` at its first call, so that call pays for every module loaded:
 * only what the call uses may load. A diff (most of a preview) needs neither the HTTP client
 * (undici) nor zod; a check needs zod only; nothing ever needs the emulator, the X.509 parser
 * or the generators; the rate ledger's libraries (rate-limiter-flexible, ioredis, pg) only when
 * `ngrok:rateLedger` is set, at the first API call. Each case runs in a fresh Node.js process,
 * loading the built package by name as the serialised stub does.
 */
import { execFile } from "child_process";
import * as path from "path";
import { startEmulator, type Emulator } from "../../../emulator";
import { call } from "../../support/api";

const repo = path.resolve(__dirname, "..", "..", "..");
const node = path.join(repo, "node_modules", ".bin", "node");

/** Module groups, by where their files live. */
const groups: Record<string, RegExp> = {
  undici: /\/node_modules\/undici\//,
  zod: /\/node_modules\/zod\//,
  emulator: /\/dist\/emulator\//,
  x509: /\/node_modules\/@peculiar\//,
  generators: /\/dist\/provider\/gen\//,
  ledger: /\/node_modules\/(rate-limiter-flexible|ioredis|pg|pg-pool)\//,
};

/** Runs `body` (async, with `p` the provider entry point) in a fresh process; returns the groups it loaded. */
function loadedBy(body: string, env: Record<string, string> = {}): Promise<string[]> {
  const script = `
    const p = require("pulumi-ngrok/provider");
    (async () => { ${body} })().then(
      () => process.stdout.write(JSON.stringify(Object.keys(require.cache))),
      (err) => { process.stderr.write(String(err && err.stack || err)); process.exit(1); },
    );`;
  return new Promise((resolve, reject) => {
    execFile(node, ["-e", script], { cwd: repo, env: { PATH: process.env.PATH ?? "", ...env } }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`${err.message}\n${stderr}`));
      const files = JSON.parse(stdout) as string[];
      resolve(Object.entries(groups).filter(([, re]) => files.some((f) => re.test(f))).map(([name]) => name));
    });
  });
}

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(async () => {
  await emu.close();
});

const configured = (extra = "") => `
  const config = { "ngrok:apiKey": process.env.KEY, "ngrok:apiBaseUrl": process.env.URL, "ngrok:rateLedger": process.env.LEDGER };
  p.configure((k) => config[k]);
  ${extra}`;

it("loads nothing heavy for a diff, of any resource kind", async () => {
  const diffs = `for (const kind of Object.keys(p.definitions)) await p.dispatch(kind).diff("x", { description: "a" }, { description: "b" });`;
  expect(await loadedBy(configured(diffs), { KEY: "k", URL: "http://127.0.0.1:9" })).toEqual([]);
});

it("loads zod, and only zod, for a check without a key; with one, the HTTP client too (preview checks the key once)", async () => {
  const checks = `for (const kind of Object.keys(p.definitions)) await p.dispatch(kind).check({}, { description: "a" });`;
  expect(await loadedBy(configured(checks), { URL: "http://127.0.0.1:9" })).toEqual(["zod"]);
  expect(await loadedBy(configured(checks), { KEY: "k", URL: "http://127.0.0.1:9" })).toEqual(["undici", "zod"]);
});

it("loads the HTTP client at the first API call, and never the emulator, the X.509 parser or the generators", async () => {
  const id = (await call(emu, "POST", "/credentials", { description: "read by a fresh process" })).json.id as string;
  const read = `
    const r = await p.dispatch("Credential").read(${JSON.stringify(id)}, {});
    if (r.id !== ${JSON.stringify(id)}) throw new Error("read did not find the credential");`;
  expect(await loadedBy(configured(read), { KEY: emu.apiKey, URL: emu.url })).toEqual(["undici"]);
});

it("loads the rate ledger's libraries only when one is set, at the first API call", async () => {
  const id = (await call(emu, "POST", "/credentials", { description: "read through a ledger" })).json.id as string;
  const read = `
    const r = await p.dispatch("Credential").read(${JSON.stringify(id)}, {});
    if (r.id !== ${JSON.stringify(id)}) throw new Error("read did not find the credential");`;
  // Nothing listens there: the read goes on without it (and says so on stderr).
  const ledger = { LEDGER: "redis://127.0.0.1:9" };
  const diffs = `for (const kind of Object.keys(p.definitions)) await p.dispatch(kind).diff("x", { description: "a" }, { description: "b" });`;
  expect(await loadedBy(configured(diffs), { KEY: "k", URL: "http://127.0.0.1:9", ...ledger })).toEqual([]);
  expect(await loadedBy(configured(read), { KEY: emu.apiKey, URL: emu.url, ...ledger })).toEqual(["undici", "ledger"]);
  expect(await loadedBy(configured(read), { KEY: emu.apiKey, URL: emu.url, LEDGER: "postgres://u:p@127.0.0.1:9/db" })).toEqual(["undici", "ledger"]);
});
