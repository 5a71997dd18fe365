#!/usr/bin/env bash
# Builds (once) the Go language host `pulumi-language-go`, which runs Pulumi programs written in Go,
# beside the CLI that scripts/pulumi-cli.sh builds, and prints the directory holding it.
#
# Like the Node.js host, it is not served as a module of its own: it comes from the last
# github.com/pulumi/pulumi/sdk/v3 release that contained it (v3.66.0, `go/pulumi-language-go`),
# built through the Go module proxy from a throwaway wrapper module that requires the SDK and
# repeats its go.mod's replace directives (`go install pkg@version` refuses modules with replaces).
# The host builds each program with the `go` on PATH; programs use a current SDK (the protocol
# is feature-negotiated).
#
# Environment: PULUMI_NGROK_CACHE (as scripts/pulumi-cli.sh), PULUMI_GO_LANGHOST_SDK_VERSION, GO.
# Progress goes to stderr; stdout is the bin dir.
set -euo pipefail

SDK_VERSION=${PULUMI_GO_LANGHOST_SDK_VERSION:-v3.66.0}
CACHE=${PULUMI_NGROK_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/pulumi-ngrok}
BIN="${CACHE}/pulumi-language-go-${SDK_VERSION}/bin"
MODULE=github.com/pulumi/pulumi/sdk/v3

log() { printf '[pulumi-language-go] %s\n' "$*" >&2; }

if [ -x "$BIN/pulumi-language-go" ]; then
  log "using the Go language host (sdk ${SDK_VERSION}) in ${BIN}"
  echo "$BIN"; exit 0
fi

GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
[ -x "$GO" ] || { log "go not found (set GO=/path/to/go)"; exit 1; }
mkdir -p "$CACHE"
exec 9>"${CACHE}/.build-language-go.lock"
flock 9
if [ -x "$BIN/pulumi-language-go" ]; then echo "$BIN"; exit 0; fi

WORK=$(mktemp -d "${CACHE}/build-go.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0 GOWORK=off
start=$(date +%s)
log "building the Go language host from ${MODULE}@${SDK_VERSION} into ${BIN}"
cd "$WORK"
"$GO" mod init pulumi-ngrok/language-go-build >/dev/null 2>&1
printf '//go:build tools\n\npackage tools\n\nimport _ "%s/go/pulumi-language-go"\n' "$MODULE" >tools.go
gomod=$("$GO" mod download -json "${MODULE}@${SDK_VERSION}" | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",*$/\1/p')
"$GO" mod edit -require="${MODULE}@${SDK_VERSION}"
# The SDK's own replace directives (versioned ones: it has no local ones at this tag).
while read -r old new; do
  "$GO" mod edit -replace="${old}=${new}"
done < <(awk '/^replace /{ if ($4 != "" && $5 != "") print $2, $4 "@" $5 }' "$gomod")
"$GO" mod tidy >&2
mkdir -p "$WORK/out"
"$GO" build -trimpath -ldflags "-s -w -X ${MODULE}/go/common/version.Version=${SDK_VERSION}" \
  -o "$WORK/out/pulumi-language-go" "${MODULE}/go/pulumi-language-go"
mkdir -p "$BIN"
mv "$WORK/out/pulumi-language-go" "$BIN/"
log "built in $(($(date +%s) - start)) s"
echo "$BIN"
