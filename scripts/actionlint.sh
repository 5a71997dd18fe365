#!/usr/bin/env bash
# Builds (once) or locates actionlint, the linter of GitHub Actions workflows, and prints the path
# of its executable. It is a Go module (github.com/rhysd/actionlint); `go install` builds it
# through the Go module proxy into the same cache as the Pulumi CLI (scripts/pulumi-cli.sh).
#
# Environment: PULUMI_NGROK_CACHE (default $XDG_CACHE_HOME/pulumi-ngrok or ~/.cache/pulumi-ngrok),
# ACTIONLINT_VERSION, GO (the go binary). Progress goes to stderr; stdout is the executable's path.
set -euo pipefail

VERSION=${ACTIONLINT_VERSION:-v1.7.12}
CACHE=${PULUMI_NGROK_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/pulumi-ngrok}
BIN="${CACHE}/actionlint-${VERSION}/bin"
GO=${GO:-go}

if [ -x "$BIN/actionlint" ] && [ "$("$BIN/actionlint" -version 2>/dev/null | head -1)" = "$VERSION" ]; then
  echo "$BIN/actionlint"; exit 0
fi
command -v "$GO" >/dev/null || { echo "[actionlint] go is required to build actionlint ${VERSION}" >&2; exit 1; }
echo "[actionlint] building actionlint ${VERSION} from its Go module into ${BIN}" >&2
mkdir -p "$BIN"
# -trimpath and no debug information: a smaller binary, built faster.
GOBIN="$BIN" CGO_ENABLED=0 "$GO" install -trimpath -ldflags "-s -w" "github.com/rhysd/actionlint/cmd/actionlint@${VERSION}" >&2
echo "$BIN/actionlint"
