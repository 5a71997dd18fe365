#!/usr/bin/env bash
# Builds (once) the YAML language host `pulumi-language-yaml`, which runs Pulumi YAML programs
# (`runtime: yaml`), beside the CLI that scripts/pulumi-cli.sh builds, and prints the directory
# holding it.
#
# Like the CLI, it is not downloaded as a release binary (these machines cannot): it is built from
# its Go module github.com/pulumi/pulumi-yaml through the Go module proxy, at a pinned version
# (`go install module/cmd/...@version`: its go.mod has no replace directives). It talks to the
# engine over the language host protocol, which is feature-negotiated, so it works with the pinned
# CLI and with a newer installed one.
#
# Environment: PULUMI_NGROK_CACHE (as scripts/pulumi-cli.sh), PULUMI_YAML_VERSION, GO.
# Progress goes to stderr; stdout is the bin dir.
set -euo pipefail

VERSION=${PULUMI_YAML_VERSION:-v1.25.0}
CACHE=${PULUMI_NGROK_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/pulumi-ngrok}
BIN="${CACHE}/pulumi-language-yaml-${VERSION}/bin"
MODULE=github.com/pulumi/pulumi-yaml

log() { printf '[pulumi-language-yaml] %s\n' "$*" >&2; }

complete_in() { [ -x "$1/pulumi-language-yaml" ]; }

if complete_in "$BIN"; then
  log "using the YAML language host ${VERSION} in ${BIN}"
  echo "$BIN"; exit 0
fi

GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
[ -x "$GO" ] || { log "go not found (set GO=/path/to/go); it is needed to build the YAML language host"; exit 1; }
mkdir -p "$CACHE"
# One build at a time (make and jest may both ask); the second waits, then finds the result.
exec 9>"${CACHE}/.build-language-yaml.lock"
flock 9
if complete_in "$BIN"; then echo "$BIN"; exit 0; fi

WORK=$(mktemp -d "${CACHE}/build-yaml.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0 GOWORK=off
start=$(date +%s)
log "building the YAML language host from ${MODULE}@${VERSION} into ${BIN}"
log "(a cold build downloads the modules and compiles for a few minutes; later runs reuse ${BIN})"
GOBIN="${WORK}/bin" "$GO" install -trimpath -ldflags "-s -w -X ${MODULE}/pkg/version.Version=${VERSION}" \
  "${MODULE}/cmd/pulumi-language-yaml@${VERSION}"
mkdir -p "$(dirname "$BIN")"
rm -rf "$BIN"
mv "${WORK}/bin" "$BIN"
complete_in "$BIN" || { log "the build left no pulumi-language-yaml"; exit 1; }
log "built in $(($(date +%s) - start)) s"
echo "$BIN"
