/**
 * The seeded fault run (see harness.ts), small enough for the test command: by default 30
 * resources and 15% of requests faulted. `make reliability` runs it with 200 resources and 20%
 * (RELIABILITY_COUNT, RELIABILITY_FAULT_RATE, RELIABILITY_SEED).
 */
import * as fs from "fs";
import * as path from "path";
import { pulumiBinDir, repoRoot } from "../e2e/pulumi";
import { runReliability } from "./harness";

jest.setTimeout(120 * 60_000);

const count = Number(process.env.RELIABILITY_COUNT ?? 30);
const faultRate = Number(process.env.RELIABILITY_FAULT_RATE ?? 0.15);
const seed = Number(process.env.RELIABILITY_SEED ?? 20240607);

beforeAll(async () => {
  // Fails the test (rather than skipping it) when the CLI cannot be had.
  await pulumiBinDir();
}, 60 * 60_000);

it(`keeps exactly what the program declares through up, update, refresh and destroy: ${count} resources, ${Math.round(faultRate * 100)}% of requests faulted, seed ${seed}`, async () => {
  const report = await runReliability(
    // A scaled rate limit, the provider paced to it: the faults are what this run is about.
    { count, seed, faultRate, rateLimit: { limit: 1200, windowMs: 60_000 }, attempts: 8, steps: "full" },
    (line) => process.stderr.write(`reliability: ${line}\n`),
  );
  const out = path.join(repoRoot, ".pulumi-test", `reliability-${count}.json`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify({ count, faultRate, seed, ...report }, null, 2));
  // The faults happened, lost answers to creates among them: the run proves something.
  expect(report.faulted).toBeGreaterThan(count / 5);
  expect(report.lostCreateAnswers).toBeGreaterThanOrEqual(count / 5);
});
