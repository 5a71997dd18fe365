#!/usr/bin/env bash
# Installs (once) the npm registry Verdaccio that the end-to-end install test publishes to, into a
# cache outside the tree (like scripts/pulumi-cli.sh), and prints the path of its `verdaccio`
# executable. Verdaccio is a tool of the test, not a dependency of the project.
#
# Pinned at 6.8.0, which starts on the project's Node 22; its install needs `node-fetch`
# overridden to 2.7.0 (npm `overrides` in the throwaway package.json below). Packages come from the
# registry npm is configured with, through npm's own client.
#
# Environment: PULUMI_NGROK_CACHE (as scripts/pulumi-cli.sh), VERDACCIO_VERSION.
# Progress goes to stderr; stdout is the executable's path.
set -euo pipefail

VERSION=${VERDACCIO_VERSION:-6.8.0}
CACHE=${PULUMI_NGROK_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/pulumi-ngrok}
DIR="${CACHE}/verdaccio-${VERSION}"
BIN="${DIR}/node_modules/.bin/verdaccio"

log() { printf '[verdaccio] %s\n' "$*" >&2; }

if [ -x "$BIN" ] && [ -f "${DIR}/.complete" ]; then
  log "using Verdaccio ${VERSION} in ${DIR}"
  echo "$BIN"; exit 0
fi

command -v npm >/dev/null || { log "npm not found on PATH"; exit 1; }
mkdir -p "$CACHE"
# One install at a time (several test processes may ask); the second waits, then finds the result.
exec 9>"${CACHE}/.install-verdaccio.lock"
flock 9
if [ -x "$BIN" ] && [ -f "${DIR}/.complete" ]; then echo "$BIN"; exit 0; fi

WORK=$(mktemp -d "${CACHE}/install-verdaccio.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
start=$(date +%s)
log "installing Verdaccio ${VERSION} into ${DIR}"
cat >"${WORK}/package.json" <<JSON
{
  "name": "pulumi-ngrok-test-registry",
  "private": true,
  "dependencies": { "verdaccio": "${VERSION}" },
  "overrides": { "node-fetch": "2.7.0" }
}
JSON
(cd "$WORK" && npm install --no-audit --no-fund --loglevel=error >&2)
touch "${WORK}/.complete"
rm -rf "$DIR"
mv "$WORK" "$DIR"
trap - EXIT
[ -x "$BIN" ] || { log "the install left no ${BIN}"; exit 1; }
log "installed in $(($(date +%s) - start)) s"
echo "$BIN"
