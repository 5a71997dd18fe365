#!/usr/bin/env bash
# The README's test command (`make test`): every jest test in one run, several files at once (the
# end-to-end tests mostly wait on the Pulumi CLI). Ends with one plain "jest: N passed, N failed"
# line; exits non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
out=.pulumi-test
mkdir -p "$out"
rm -f "$out/jest-results.json"

# On a busy machine, a worker with nothing left to run (its exit event fires within milliseconds of
# jest's request, no handle open) was seen taking more than jest's default 0.5 s to end (its
# process holds hundreds of MB of heap); jest then reports it as leaking. 5 s leaves room for
# that; a worker kept alive by a leaked handle is still reported.
jest --ci --maxWorkers="${JEST_WORKERS:-4}" --workerGracefulExitTimeout=5000 --json --outputFile="$out/jest-results.json"
status=$?

node -e '
  let r;
  try { r = require(require("path").resolve(process.argv[1])); } catch { r = undefined; }
  const failed = r ? r.numFailedTests : 1;
  console.log(`jest: ${r ? r.numPassedTests : 0} passed, ${failed} failed` + (r && r.numPendingTests ? `, ${r.numPendingTests} skipped` : ""));
' "$out/jest-results.json"
exit "$status"
