#!/usr/bin/env bash
# Builds (once) the Python language host `pulumi-language-python`, which runs Pulumi programs written
# in Python (`runtime: python`), beside the CLI that scripts/pulumi-cli.sh builds, and prints the
# directory holding it and its `pulumi-language-python-exec`.
#
# Like the Go and Node.js hosts, it is not served as a module of its own (the module
# github.com/pulumi/pulumi/sdk/python/cmd/pulumi-language-python/v3 answers 403 at every version):
# it comes from the last github.com/pulumi/pulumi/sdk/v3 release that contained it (v3.79.0,
# `python/cmd/pulumi-language-python`), built through the Go module proxy from a throwaway wrapper
# module that requires the SDK and repeats its go.mod's replace directives. The host runs
# `python -u pulumi-language-python-exec <program>` with the virtual environment's python (the
# `virtualenv` runtime option of Pulumi.yaml, or `python3` on PATH); the exec script is the one of
# the pinned CLI's release (sdk/v3@<CLI version>), which matches the `pulumi` package of that version
# from PyPI and accepts every flag the older host passes. The host lists the environment's packages
# with `pip list` and reads each one's `pulumi-plugin.json` to tell the engine which plugins to
# install, as current hosts do.
#
# Environment: PULUMI_NGROK_CACHE (as scripts/pulumi-cli.sh), PULUMI_PYTHON_LANGHOST_SDK_VERSION,
# PULUMI_CLI_VERSION (the exec script's release), GO. Progress goes to stderr; stdout is the bin dir.
set -euo pipefail

SDK_VERSION=${PULUMI_PYTHON_LANGHOST_SDK_VERSION:-v3.79.0}
EXEC_VERSION=${PULUMI_CLI_VERSION:-v3.259.0}
CACHE=${PULUMI_NGROK_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/pulumi-ngrok}
BIN="${CACHE}/pulumi-language-python-${SDK_VERSION}-exec-${EXEC_VERSION}/bin"
MODULE=github.com/pulumi/pulumi/sdk/v3

log() { printf '[pulumi-language-python] %s\n' "$*" >&2; }

complete_in() { [ -x "$1/pulumi-language-python" ] && [ -x "$1/pulumi-language-python-exec" ]; }

if complete_in "$BIN"; then
  log "using the Python language host (sdk ${SDK_VERSION}) in ${BIN}"
  echo "$BIN"; exit 0
fi

GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
[ -x "$GO" ] || { log "go not found (set GO=/path/to/go); it is needed to build the Python language host"; exit 1; }
mkdir -p "$CACHE"
# One build at a time (make and jest may both ask); the second waits, then finds the result.
exec 9>"${CACHE}/.build-language-python.lock"
flock 9
if complete_in "$BIN"; then echo "$BIN"; exit 0; fi

WORK=$(mktemp -d "${CACHE}/build-python.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0 GOWORK=off
start=$(date +%s)
log "building the Python language host from ${MODULE}@${SDK_VERSION} into ${BIN}"
cd "$WORK"
"$GO" mod init pulumi-ngrok/language-python-build >/dev/null 2>&1
printf '//go:build tools\n\npackage tools\n\nimport _ "%s/python/cmd/pulumi-language-python"\n' "$MODULE" >tools.go
gomod=$("$GO" mod download -json "${MODULE}@${SDK_VERSION}" | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",*$/\1/p')
"$GO" mod edit -require="${MODULE}@${SDK_VERSION}"
# The SDK's own replace directives (versioned ones: it has no local ones at this tag).
while read -r old new; do
  "$GO" mod edit -replace="${old}=${new}"
done < <(awk '/^replace /{ if ($4 != "" && $5 != "") print $2, $4 "@" $5 }' "$gomod")
"$GO" mod tidy >&2
mkdir -p "$WORK/out"
"$GO" build -trimpath -ldflags "-s -w -X ${MODULE}/go/common/version.Version=${SDK_VERSION}" \
  -o "$WORK/out/pulumi-language-python" "${MODULE}/python/cmd/pulumi-language-python"
# The exec script of the pinned release, from that release's module zip.
zip=$("$GO" mod download -json "${MODULE}@${EXEC_VERSION}" | sed -n 's/^[[:space:]]*"Zip": "\(.*\)",*$/\1/p')
unzip -p "$zip" "${MODULE}@${EXEC_VERSION}/python/cmd/pulumi-language-python-exec" >"$WORK/out/pulumi-language-python-exec"
[ -s "$WORK/out/pulumi-language-python-exec" ] || { log "${MODULE}@${EXEC_VERSION} has no python/cmd/pulumi-language-python-exec"; exit 1; }
chmod +x "$WORK/out/pulumi-language-python-exec"
mkdir -p "$(dirname "$BIN")"
rm -rf "$BIN"
mv "$WORK/out" "$BIN"
complete_in "$BIN" || { log "the build left no pulumi-language-python"; exit 1; }
log "built in $(($(date +%s) - start)) s"
echo "$BIN"
