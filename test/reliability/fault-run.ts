/**
 * The seeded fault run (see harness.ts) as a test of one host, small enough for the test command:
 * by default 30 resources and 15% of requests faulted. `make reliability` runs it with 200
 * resources and 20% (RELIABILITY_COUNT, RELIABILITY_FAULT_RATE, RELIABILITY_SEED), on both hosts
 * with the same seed, so that their figures (in .pulumi-test/reliability-<host>-<count>.json) compare.
 */
import * as fs from "fs";
import * as path from "path";
import { pulumiBinDir, repoRoot } from "../e2e/pulumi";
import { pluginTarball } from "../e2e/plugin-install";
import { pluginPackage } from "../support/plugin-package";
import { runReliability, type Host } from "./harness";

export function describeFaultRun(host: Host): void {
  jest.setTimeout(120 * 60_000);

  const count = Number(process.env.RELIABILITY_COUNT ?? 30);
  const faultRate = Number(process.env.RELIABILITY_FAULT_RATE ?? 0.15);
  const seed = Number(process.env.RELIABILITY_SEED ?? 20240607);

  beforeAll(async () => {
    // Fails the test (rather than skipping it) when the CLI or the plugin cannot be had.
    await pulumiBinDir();
    if (host === "plugin") {
      await pluginTarball();
      pluginPackage();
    }
  }, 60 * 60_000);

  it(`${host === "plugin" ? "through the provider plugin" : "on the dynamic SDK"}: keeps exactly what the program declares through up, update, refresh and destroy: ${count} resources, ${Math.round(faultRate * 100)}% of requests faulted, seed ${seed}`, async () => {
    const report = await runReliability(
      // A scaled rate limit, the provider paced to it: the faults are what this run is about.
      { host, count, seed, faultRate, rateLimit: { limit: 1200, windowMs: 60_000 }, attempts: 8, steps: "full" },
      (line) => process.stderr.write(`reliability (${host}): ${line}\n`),
    );
    const out = path.join(repoRoot, ".pulumi-test", `reliability-${host}-${count}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, JSON.stringify({ host, count, faultRate, seed, ...report }, null, 2));
    // The faults happened, lost answers to creates among them: the run proves something.
    expect(report.faulted).toBeGreaterThan(count / 5);
    expect(report.lostCreateAnswers).toBeGreaterThanOrEqual(count / 5);
  });
}
