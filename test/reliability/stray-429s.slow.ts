/**
 * A lone runner under stray 429s: the seeded fault run (harness.ts) of 100 resources with about
 * 20% of requests faulted, at ngrok's own limit of 120 requests per rolling 60 s, `up` then
 * `destroy` (each rerun until it succeeds, as a user would), through both doors; once with the
 * faults as they come, stray 429s among them (a 429 while the window has room, as a busy service
 * answers now and then), and once with the same seed but no 429 (the draws that would answer 429
 * are served). The four runs go at once, so that the machine's load weighs on each alike. A runner
 * alone must tell a stray 429 from a crowded key: with the 429s, each door takes at most 1.3 times
 * its time without them. The figures go to .pulumi-test/stray-429s-<count>.json and stderr.
 * Minutes by design: only `make reliability` runs it. STRAY_COUNT changes the 100,
 * STRAY_FAULT_RATE the 20%.
 */
import * as fs from "fs";
import * as path from "path";
import { pulumiBinDir, repoRoot } from "../e2e/pulumi";
import { pluginTarball } from "../e2e/plugin-install";
import { pluginPackage } from "../support/plugin-package";
import { runReliability, type Host, type ReliabilityReport } from "./harness";

jest.setTimeout(120 * 60_000);

const count = Number(process.env.STRAY_COUNT ?? 100);
const faultRate = Number(process.env.STRAY_FAULT_RATE ?? 0.2);
const seed = Number(process.env.RELIABILITY_SEED ?? 20240607);
/** With stray 429s, a run may take this much longer than without. */
const allowed = 1.3;

beforeAll(async () => {
  await Promise.all([pulumiBinDir(), pluginTarball()]);
  pluginPackage();
}, 60 * 60_000);

it(`alone under stray 429s, a runner keeps its pace: ${count} resources, ${Math.round(faultRate * 100)}% of requests faulted, at 120 requests per 60 s, both doors, with and without 429s among the faults`, async () => {
  const runs = (["dynamic", "plugin"] as Host[]).flatMap((host) => [true, false].map((stray429s) => ({ host, stray429s })));
  const reports = await Promise.all(
    runs.map(({ host, stray429s }) =>
      runReliability(
        { host, count, seed, faultRate, stray429s, rateLimit: { limit: 120, windowMs: 60_000 }, attempts: 8, steps: "up-destroy" },
        (line) => process.stderr.write(`stray 429s (${host}, ${stray429s ? "with" : "without"}): ${line}\n`),
      ),
    ),
  );
  const seconds = (r: ReliabilityReport) => Object.values(r.seconds).reduce((a, b) => a + b, 0);
  const figures = runs.map(({ host, stray429s }, i) => {
    const r = reports[i]!;
    return { host, stray429s, seconds: r.seconds, runs: r.runs, requests: r.requests, faulted: r.faulted, refused429: r.refused429, shareAtEnd: r.shareAtEnd, failures: r.failures.length };
  });
  const ratios = Object.fromEntries(
    (["dynamic", "plugin"] as Host[]).map((host) => {
      const withThem = reports[runs.findIndex((r) => r.host === host && r.stray429s)]!;
      const without = reports[runs.findIndex((r) => r.host === host && !r.stray429s)]!;
      return [host, Math.round((seconds(withThem) / seconds(without)) * 1000) / 1000];
    }),
  );
  process.stderr.write(`stray 429s: ${JSON.stringify({ count, faultRate, seed, figures, withOverWithout: ratios }, null, 2)}\n`);
  const out = path.join(repoRoot, ".pulumi-test", `stray-429s-${count}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ count, faultRate, seed, figures, withOverWithout: ratios }, null, 2));

  // The runs met stray 429s (and the control none), and each door kept its pace through them.
  expect(figures.map((f) => ({ host: f.host, stray429s: f.stray429s, met429s: f.refused429 > 0 }))).toEqual(runs.map((r) => ({ ...r, met429s: r.stray429s })));
  expect(Object.entries(ratios).filter(([, ratio]) => ratio > allowed)).toEqual([]);
});
