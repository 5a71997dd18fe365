#!/usr/bin/env bash
# Builds (once) scripts/pulumi-language-codegen and prints a directory holding it as
# pulumi-language-nodejs, pulumi-language-go, pulumi-language-python and pulumi-language-yaml: put
# first on PATH, before the language host it stands in front of, it lets `pulumi import` and
# `pulumi convert` write a program in that language (the hosts scripts/pulumi-cli.sh,
# scripts/pulumi-language-go.sh and scripts/pulumi-language-python.sh build predate
# GenerateProgram and GenerateProject, and those and the YAML host predate Link; see main.go).
#
# Built with the flags of the CLI's build and at its pkg/v3 version, so that a machine that built
# the CLI compiles little more than this one package.
#
# Environment: PULUMI_NGROK_CACHE (as scripts/pulumi-cli.sh), GO.
# Progress goes to stderr; stdout is the bin dir.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/pulumi-language-codegen" && pwd)
CACHE=${PULUMI_NGROK_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/pulumi-ngrok}
VERSION=$(awk '$1 == "github.com/pulumi/pulumi/pkg/v3" { print $2; exit }' "$SRC/go.mod")
HASH=$(cat "$SRC/go.mod" "$SRC/go.sum" "$SRC/main.go" | sha256sum | cut -c1-12)
BIN="${CACHE}/pulumi-language-codegen-${VERSION}-${HASH}/bin"

log() { printf '[pulumi-language-codegen] %s\n' "$*" >&2; }

if [ -x "$BIN/pulumi-language-codegen" ]; then
  log "using the program generators (pkg ${VERSION}) in ${BIN}"
  echo "$BIN"; exit 0
fi

GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
[ -x "$GO" ] || { log "go not found (set GO=/path/to/go)"; exit 1; }
mkdir -p "$CACHE"
exec 9>"${CACHE}/.build-language-codegen.lock"
flock 9
if [ -x "$BIN/pulumi-language-codegen" ]; then echo "$BIN"; exit 0; fi

WORK=$(mktemp -d "${CACHE}/build-codegen.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0 GOWORK=off
start=$(date +%s)
log "building the program generators of github.com/pulumi/pulumi/pkg/v3@${VERSION} into ${BIN}"
cp "$SRC/go.mod" "$SRC/go.sum" "$SRC/main.go" "$WORK/"
(cd "$WORK" && "$GO" build -trimpath -ldflags "-s -w" -o "$WORK/out/pulumi-language-codegen" .)
mkdir -p "$BIN"
mv "$WORK/out/pulumi-language-codegen" "$BIN/"
for language in nodejs go python yaml; do ln -sf pulumi-language-codegen "$BIN/pulumi-language-${language}"; done
log "built in $(($(date +%s) - start)) s"
echo "$BIN"
