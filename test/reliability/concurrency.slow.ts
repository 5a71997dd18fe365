/**
 * Concurrency under the API's real limit: `pulumi up --parallel 64` of 200 resources against an
 * emulator enforcing the default 120 requests per rolling 60 s, the provider pacing itself to it,
 * completes at the first run without an error, and so does the destroy (see harness.ts for what
 * is checked after each). It takes minutes by design, so only `make reliability` runs it.
 */
import { pulumiBinDir } from "../e2e/pulumi";
import { runReliability } from "./harness";

jest.setTimeout(120 * 60_000);

beforeAll(async () => {
  await pulumiBinDir();
}, 60 * 60_000);

it("pulumi up --parallel 64 of 200 resources, and the destroy, complete under the default rate limit", async () => {
  const report = await runReliability(
    { host: "dynamic", count: 200, seed: 7, faultRate: 0, rateLimit: { limit: 120, windowMs: 60_000 }, parallel: 64, attempts: 1, steps: "up-destroy" },
    (line) => process.stderr.write(`concurrency: ${line}\n`),
  );
  expect(report.failures).toEqual([]);
  expect(report.runs).toEqual({ up: 1, destroy: 1 });
  // Enough requests to need the pacing: more than one window's worth.
  expect(report.requests).toBeGreaterThan(120);
});
