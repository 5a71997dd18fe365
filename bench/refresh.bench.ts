/**
 * Benchmark: `pulumi refresh` of a stack of 500 resources (250 credentials, 250 reserved domains;
 * test/e2e/programs/many) with the real CLI, under the API's default rate limit (120 requests per
 * rolling 60 s, enforced by the emulator and paced by the client), with reads served from list
 * pages (the default) and with one GET per resource (`ngrok:readFromLists false`), in one run.
 * Prints the requests each sent, the wall times and their ratio, and writes them to
 * .pulumi-test/bench-refresh.json. Asserts no time: both refreshes must find no change, the
 * list reads take at most 12 requests, the others one GET per resource.
 *
 * The stack is deployed with the limit off, then each refresh runs against a fresh emulator
 * (the same state file and port, so a fresh rate-limit window) with the default pacing.
 * Run it with `make bench-refresh`: about 12 minutes, deploying and destroying 500 resources and
 * the 500 GETs waiting for the limit.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { performance } from "perf_hooks";
import { startEmulator, type Emulator } from "../emulator";
import { PulumiStack, cleanUpStack, repoRoot } from "../test/e2e/pulumi";

const EACH = 250;
const programDir = path.join(repoRoot, "test", "e2e", "programs", "many");

interface Run {
  readFromLists: boolean;
  requests: number;
  listPages: number;
  itemGets: number;
  rateLimited: number;
  wallSeconds: number;
}

let dir: string;
let emu: Emulator | undefined;
let stack: PulumiStack | undefined;
const apiKey = "bench-refresh-key";

/** An emulator on `port` (0: any) over the benchmark's state file. */
async function emulator(port: number, limited: boolean): Promise<Emulator> {
  await emu?.close();
  emu = await startEmulator({ port, apiKey, statePath: path.join(dir, "emulator.json"), ...(limited ? {} : { rateLimit: false }) });
  return emu;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-refresh-"));
});

afterAll(async () => {
  if (stack) {
    // Tear down fast: no limit, no pacing.
    await emulator(Number(new URL(emu!.url).port), false);
    await stack.setConfig("ngrok:rateLimit", "off").catch(() => undefined);
  }
  await cleanUpStack(stack);
  await emu?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it(`refresh of ${2 * EACH} resources under 120 requests per 60 s: list pages against one GET each`, async () => {
  const first = await emulator(0, false);
  const port = Number(new URL(first.url).port);
  stack = await PulumiStack.create({
    programDir,
    config: { "ngrok:apiBaseUrl": first.url, "ngrok:rateLimit": "off", credentials: String(EACH), domains: String(EACH) },
    secretConfig: { "ngrok:apiKey": apiKey },
  });
  const s = stack;
  await s.up();
  expect(first.resources("credentials")).toHaveLength(EACH);
  expect(first.resources("reserved_domains")).toHaveLength(EACH);
  // From here on, the client's default pacing (120/60).
  await s.pulumi("config rm ngrok:rateLimit", "config", "rm", "ngrok:rateLimit");

  const runs: Run[] = [];
  for (const readFromLists of [true, false]) {
    const e = await emulator(port, true);
    await s.setConfig("ngrok:readFromLists", String(readFromLists));
    // Refresh runs with the provider configuration of the last deployment: an `up` (no change,
    // no request) stores the new one.
    await s.up(`up (readFromLists ${readFromLists})`);
    e.clearRequests();
    const start = performance.now();
    await s.refreshExpectNoChanges(`refresh --expect-no-changes (readFromLists ${readFromLists})`);
    const wallSeconds = (performance.now() - start) / 1000;
    const lines = e.requests.map((r) => `${r.method} ${r.path}`);
    runs.push({
      readFromLists,
      requests: lines.length,
      listPages: lines.filter((l) => /^GET \/(credentials|reserved_domains)$/.test(l)).length,
      itemGets: lines.filter((l) => /^GET \/(credentials|reserved_domains)\/./.test(l)).length,
      rateLimited: e.requests.filter((r) => r.status === 429).length,
      wallSeconds: Math.round(wallSeconds * 10) / 10,
    });
  }

  const [lists, gets] = runs as [Run, Run];
  const result = {
    resources: 2 * EACH,
    rateLimit: "120/60",
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    runs,
    wallTimeRatio: Math.round((gets.wallSeconds / lists.wallSeconds) * 10) / 10,
    requestRatio: Math.round((gets.requests / lists.requests) * 10) / 10,
  };
  fs.mkdirSync(path.join(repoRoot, ".pulumi-test"), { recursive: true });
  fs.writeFileSync(path.join(repoRoot, ".pulumi-test", "bench-refresh.json"), JSON.stringify(result, null, 2) + "\n");
  process.stdout.write(
    `\nrefresh of ${result.resources} resources, rate limit ${result.rateLimit}, ${result.machine}\n` +
      `| reads | requests | list pages | item GETs | 429s | wall time |\n|---|---|---|---|---|---|\n` +
      runs
        .map((r) => `| ${r.readFromLists ? "from list pages" : "one GET each"} | ${r.requests} | ${r.listPages} | ${r.itemGets} | ${r.rateLimited} | ${r.wallSeconds} s |`)
        .join("\n") +
      `\nwall time ratio (one GET each / list pages): ${result.wallTimeRatio}; requests ratio: ${result.requestRatio}\n\n`,
  );

  expect(lists.requests).toBeLessThanOrEqual(12);
  expect(gets.itemGets).toBe(2 * EACH);
});
