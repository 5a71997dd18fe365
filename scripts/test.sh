#!/usr/bin/env bash
# The README's test command (`make test`): every jest test, in two runs.
# 1. The pacing tests alone: they measure the client against the emulator's rolling window, and a
#    machine busy with the end-to-end tests would skew what they measure.
# 2. Everything else, several files at once (the end-to-end tests mostly wait on the Pulumi CLI).
# Ends with one plain "jest: N passed, N failed" line over both runs; exits non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
out=.pulumi-test
mkdir -p "$out"
timing='test/provider/pacing'

jest --ci --runInBand --json --outputFile="$out/jest-timing.json" "$timing"
first=$?
jest --ci --maxWorkers="${JEST_WORKERS:-4}" --json --outputFile="$out/jest-results.json" --testPathIgnorePatterns="$timing"
second=$?

node -e '
  const runs = process.argv.slice(1).map((f) => { try { return require(require("path").resolve(f)); } catch { return undefined; } });
  const sum = (k) => runs.reduce((n, r) => n + (r ? r[k] : 0), 0);
  const missing = runs.filter((r) => !r).length;
  console.log(`jest: ${sum("numPassedTests")} passed, ${sum("numFailedTests") + missing} failed` + (sum("numPendingTests") ? `, ${sum("numPendingTests")} skipped` : ""));
' "$out/jest-timing.json" "$out/jest-results.json"
[ "$first" -eq 0 ] && [ "$second" -eq 0 ]
