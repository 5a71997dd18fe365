#!/usr/bin/env bash
# Builds (once) the Java language host `pulumi-language-java`, which runs Pulumi programs written in
# Java (`runtime: java`: a Maven project, built and run with `mvn compile exec:java`), beside the CLI
# that scripts/pulumi-cli.sh builds, and prints the directory holding it.
#
# It is not downloaded as a release binary (these machines cannot): it is built from its Go module,
# github.com/pulumi/pulumi-java/pkg, through the Go module proxy, at the release whose Java SDK
# (com.pulumi:pulumi) Maven Central serves too: v1.17.0 (the proxy refuses most later releases,
# v1.36.2 included; Maven Central has no com.pulumi:pulumi 1.22.0, the one later release the proxy
# serves). The build is a throwaway wrapper module that requires it and repeats its go.mod's
# replace directives (`go install pkg@version` refuses modules with replaces). The host talks to
# the engine over the language host protocol, which is feature-negotiated, so it works with the
# pinned CLI.
#
# Environment: PULUMI_NGROK_CACHE (as scripts/pulumi-cli.sh), PULUMI_JAVA_VERSION, GO.
# Progress goes to stderr; stdout is the bin dir.
set -euo pipefail

VERSION=${PULUMI_JAVA_VERSION:-v1.17.0}
CACHE=${PULUMI_NGROK_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/pulumi-ngrok}
BIN="${CACHE}/pulumi-language-java-${VERSION}/bin"
MODULE=github.com/pulumi/pulumi-java/pkg

log() { printf '[pulumi-language-java] %s\n' "$*" >&2; }

if [ -x "$BIN/pulumi-language-java" ]; then
  log "using the Java language host ${VERSION} in ${BIN}"
  echo "$BIN"; exit 0
fi

GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
[ -x "$GO" ] || { log "go not found (set GO=/path/to/go); it is needed to build the Java language host"; exit 1; }
mkdir -p "$CACHE"
# One build at a time (make and jest may both ask); the second waits, then finds the result.
exec 9>"${CACHE}/.build-language-java.lock"
flock 9
if [ -x "$BIN/pulumi-language-java" ]; then echo "$BIN"; exit 0; fi

WORK=$(mktemp -d "${CACHE}/build-java.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0 GOWORK=off
start=$(date +%s)
log "building the Java language host from ${MODULE}@${VERSION} into ${BIN}"
log "(a cold build downloads the modules and compiles for a few minutes; later runs reuse ${BIN})"
cd "$WORK"
"$GO" mod init pulumi-ngrok/language-java-build >/dev/null 2>&1
printf '//go:build tools\n\npackage tools\n\nimport _ "%s/cmd/pulumi-language-java"\n' "$MODULE" >tools.go
gomod=$("$GO" mod download -json "${MODULE}@${VERSION}" | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",*$/\1/p')
[ -n "$gomod" ] || { log "the Go module proxy does not serve ${MODULE}@${VERSION}"; exit 1; }
"$GO" mod edit -require="${MODULE}@${VERSION}"
# Its own replace directives (versioned ones: it has no local ones at this tag).
while read -r old new; do
  "$GO" mod edit -replace="${old}=${new}"
done < <(awk '/^replace /{ if ($4 != "" && $5 != "") print $2, $4 "@" $5 }' "$gomod")
"$GO" mod tidy >&2
mkdir -p "$WORK/out"
"$GO" build -trimpath -ldflags "-s -w -X ${MODULE}/version.Version=${VERSION}" \
  -o "$WORK/out/pulumi-language-java" "${MODULE}/cmd/pulumi-language-java"
mkdir -p "$(dirname "$BIN")"
rm -rf "$BIN"
mv "$WORK/out" "$BIN"
log "built in $(($(date +%s) - start)) s"
echo "$BIN"
