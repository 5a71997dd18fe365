#!/usr/bin/env bash
# Builds (once) scripts/pulumi-converter-terraform, the converter plugin `pulumi convert --from
# terraform` runs, and prints the directory holding it: put on PATH, the CLI uses it (Pulumi's own
# converter cannot be built from what the Go module proxy serves; see main.go). Its programs come
# out in a language through the language host, which scripts/pulumi-language-codegen stands in
# front of.
#
# Environment: PULUMI_NGROK_CACHE (as scripts/pulumi-cli.sh), GO.
# Progress goes to stderr; stdout is the bin dir.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/pulumi-converter-terraform" && pwd)
CACHE=${PULUMI_NGROK_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/pulumi-ngrok}
VERSION=$(awk '$1 == "github.com/pulumi/pulumi-terraform-bridge/v3" { print $2; exit }' "$SRC/go.mod")
HASH=$(cat "$SRC/go.mod" "$SRC/go.sum" "$SRC/main.go" | sha256sum | cut -c1-12)
BIN="${CACHE}/pulumi-converter-terraform-${VERSION}-${HASH}/bin"

log() { printf '[pulumi-converter-terraform] %s\n' "$*" >&2; }

if [ -x "$BIN/pulumi-converter-terraform" ]; then
  log "using the Terraform converter (bridge ${VERSION}) in ${BIN}"
  echo "$BIN"; exit 0
fi

GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
[ -x "$GO" ] || { log "go not found (set GO=/path/to/go)"; exit 1; }
mkdir -p "$CACHE"
exec 9>"${CACHE}/.build-converter-terraform.lock"
flock 9
if [ -x "$BIN/pulumi-converter-terraform" ]; then echo "$BIN"; exit 0; fi

WORK=$(mktemp -d "${CACHE}/build-converter.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0 GOWORK=off
start=$(date +%s)
log "building the Terraform converter of github.com/pulumi/pulumi-terraform-bridge/v3@${VERSION} into ${BIN}"
cp "$SRC/go.mod" "$SRC/go.sum" "$SRC/main.go" "$WORK/"
(cd "$WORK" && "$GO" build -trimpath -ldflags "-s -w" -o "$WORK/out/pulumi-converter-terraform" .)
mkdir -p "$BIN"
mv "$WORK/out/pulumi-converter-terraform" "$BIN/"
log "built in $(($(date +%s) - start)) s"
echo "$BIN"
