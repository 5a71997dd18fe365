#!/usr/bin/env bash
# Builds (once) or locates the Pulumi CLI that the end-to-end tests and `make up` run, and prints
# the directory holding `pulumi`, `pulumi-language-nodejs` and `pulumi-resource-pulumi-nodejs`.
#
#   scripts/pulumi-cli.sh                   the pinned version (the tests: reproducible)
#   scripts/pulumi-cli.sh --any-installed   a `pulumi` on PATH from the oldest tested version on
#                                           (PULUMI_CLI_MIN_VERSION, default the pinned one), else
#                                           the pinned one (`make up`: no build for Pulumi users)
# Either way it says on stderr which CLI it chose.
#
# The CLI is not on npm or Debian, and its npm wrapper downloads release binaries, which these
# machines cannot. It is built here from its Go modules instead, through the Go module proxy:
# - `pulumi` from github.com/pulumi/pulumi/pkg/v3. The proxy here serves the source of no pkg/v3
#   release newer than v3.259.0 (v3.260.0 to v3.270.0 answer 403), so that is the pin; the
#   Node.js SDK 3.270 in node_modules works with it (the engine/SDK protocol is feature-negotiated).
# - `pulumi-language-nodejs`: the standalone module github.com/pulumi/pulumi/sdk/nodejs/cmd/
#   pulumi-language-nodejs/v3 is not served at any version, so the host comes from the last
#   github.com/pulumi/pulumi/sdk/v3 release that still contained it (v3.68.0). It only spawns
#   `node @pulumi/pulumi/cmd/run` (resolved from the program's directory) and proxies the resource
#   monitor, so the program runs on the SDK in node_modules.
# Both modules carry `replace` directives, which `go install pkg@version` refuses, so each is built
# from a throwaway wrapper module that requires it and repeats its replaces (read from the
# module's own go.mod in the module cache).
#
# Environment: PULUMI_NGROK_CACHE (default $XDG_CACHE_HOME/pulumi-ngrok or ~/.cache/pulumi-ngrok),
# PULUMI_CLI_VERSION, PULUMI_CLI_MIN_VERSION, PULUMI_LANGHOST_SDK_VERSION, GO (the go binary).
# Progress goes to stderr; stdout is the bin dir.
set -euo pipefail

ANY_INSTALLED=false
case "${1:-}" in
  --any-installed) ANY_INSTALLED=true ;;
  "") ;;
  *) echo "usage: $0 [--any-installed]" >&2; exit 2 ;;
esac

CLI_VERSION=${PULUMI_CLI_VERSION:-v3.259.0}
# The oldest CLI the end-to-end tests have run this provider with: the pinned one.
MIN_VERSION=${PULUMI_CLI_MIN_VERSION:-$CLI_VERSION}
LANGHOST_SDK_VERSION=${PULUMI_LANGHOST_SDK_VERSION:-v3.68.0}
CACHE=${PULUMI_NGROK_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/pulumi-ngrok}
PREFIX="${CACHE}/pulumi-${CLI_VERSION}-nodejs-${LANGHOST_SDK_VERSION}"
BIN="${PREFIX}/bin"
VERSION_PKG=github.com/pulumi/pulumi/sdk/v3/go/common/version.Version

log() { printf '[pulumi-cli] %s\n' "$*" >&2; }

complete_in() { # dir: has all three executables and the pinned CLI version
  local d=$1
  [ -x "$d/pulumi" ] && [ -x "$d/pulumi-language-nodejs" ] && [ -x "$d/pulumi-resource-pulumi-nodejs" ] &&
    [ "$("$d/pulumi" version 2>/dev/null)" = "$CLI_VERSION" ]
}

# at_least VERSION MIN: VERSION (vX.Y.Z) is MIN or newer.
at_least() {
  [ "$(printf '%s\n%s\n' "${2#v}" "${1#v}" | sort -V | head -1)" = "${2#v}" ]
}

# An installed pulumi (an official release ships the language host and the dynamic-provider
# plugin next to it) from the oldest tested version on.
if $ANY_INSTALLED && existing=$(command -v pulumi 2>/dev/null); then
  dir=$(dirname "$existing")
  version=$("$existing" version 2>/dev/null || echo unknown)
  if [ ! -x "$dir/pulumi-language-nodejs" ] || [ ! -x "$dir/pulumi-resource-pulumi-nodejs" ]; then
    log "the installed pulumi ${version} (${existing}) has no pulumi-language-nodejs or pulumi-resource-pulumi-nodejs next to it: using the pinned ${CLI_VERSION}"
  elif ! at_least "$version" "$MIN_VERSION"; then
    log "the installed pulumi ${version} (${existing}) is older than ${MIN_VERSION}, the oldest tested: using the pinned ${CLI_VERSION}"
  else
    log "using the installed Pulumi CLI ${version} (${existing})"
    echo "$dir"; exit 0
  fi
fi

if complete_in "$BIN"; then
  log "using the Pulumi CLI ${CLI_VERSION} built from Go modules (${BIN})"
  echo "$BIN"; exit 0
fi

# A pulumi already installed at exactly the pinned version (an official release ships all three).
if existing=$(command -v pulumi 2>/dev/null) && complete_in "$(dirname "$existing")"; then
  log "using the installed Pulumi CLI ${CLI_VERSION} (${existing})"
  dirname "$existing"; exit 0
fi

GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
[ -x "$GO" ] || { log "go not found (set GO=/path/to/go); it is needed to build the Pulumi CLI"; exit 1; }
NODE=$(command -v node) || { log "node not found on PATH"; exit 1; }

mkdir -p "$CACHE"
# One build at a time (make and jest may both ask); the second waits, then finds the result.
exec 9>"${CACHE}/.build.lock"
flock 9
if complete_in "$BIN"; then echo "$BIN"; exit 0; fi

WORK=$(mktemp -d "${CACHE}/build.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0 GOWORK=off
start=$(date +%s)

# wrapper_module DIR MAIN_PKG MODULE@VERSION... : a module in DIR that requires each MODULE at
# VERSION, pins it there, and repeats the replace directives of each one's go.mod.
wrapper_module() {
  local dir=$1 main=$2; shift 2
  mkdir -p "$dir"
  (
    cd "$dir"
    "$GO" mod init pulumi-ngrok/cli-build >/dev/null 2>&1
    printf '//go:build tools\n\npackage tools\n\nimport _ "%s"\n' "$main" >tools.go
    local spec mod ver gomod
    for spec in "$@"; do
      mod=${spec%@*} ver=${spec#*@}
      gomod=$("$GO" mod download -json "$spec" | "$NODE" -e \
        'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);if(j.Error){console.error(j.Error);process.exit(1)}console.log(j.GoMod)})')
      "$GO" mod edit -require="$spec" -replace="$mod=$mod@$ver"
      # Replaces with a version are repeated as they are; a local path (the monorepo's `../sdk`)
      # becomes the same monorepo module at the same tag.
      "$GO" mod edit -json "$gomod" | "$NODE" -e '
        const [ver] = process.argv.slice(1); let s = "";
        process.stdin.on("data", d => s += d).on("end", () => {
          const j = JSON.parse(s);
          for (const r of j.Replace || []) {
            const old = r.Old.Version ? `${r.Old.Path}@${r.Old.Version}` : r.Old.Path;
            if (r.New.Version) console.log(`${old}=${r.New.Path}@${r.New.Version}`);
            else if (r.Old.Path.startsWith("github.com/pulumi/pulumi/")) console.log(`${old}=${r.Old.Path}@${ver}`);
            else { console.error(`cannot repeat local replace ${old} => ${r.New.Path}`); process.exit(1); }
          }
        });' "$ver" >replaces.txt
      while read -r r; do
        case "$r" in github.com/pulumi/pulumi/*) [ "${r%%=*}" = "$mod" ] && continue ;; esac
        "$GO" mod edit -replace="$r"
      done <replaces.txt
    done
    "$GO" mod tidy >&2
  )
}

log "building the Pulumi CLI ${CLI_VERSION} and the Node.js language host (sdk ${LANGHOST_SDK_VERSION}) into ${BIN}"
log "(a cold build downloads the modules and compiles for a few minutes; later runs reuse ${BIN})"
OUT="${WORK}/bin"
mkdir -p "$OUT"

wrapper_module "${WORK}/cli" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi \
  "github.com/pulumi/pulumi/pkg/v3@${CLI_VERSION}" "github.com/pulumi/pulumi/sdk/v3@${CLI_VERSION}"
(cd "${WORK}/cli" && "$GO" build -trimpath -ldflags "-s -w -X ${VERSION_PKG}=${CLI_VERSION}" \
  -o "${OUT}/pulumi" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi)
log "pulumi built ($(($(date +%s) - start)) s so far)"

wrapper_module "${WORK}/langhost" github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs \
  "github.com/pulumi/pulumi/sdk/v3@${LANGHOST_SDK_VERSION}"
(cd "${WORK}/langhost" && "$GO" build -trimpath -ldflags "-s -w -X ${VERSION_PKG}=${LANGHOST_SDK_VERSION}" \
  -o "${OUT}/pulumi-language-nodejs" github.com/pulumi/pulumi/sdk/v3/nodejs/cmd/pulumi-language-nodejs)

# The engine runs dynamic providers as the plugin `pulumi-resource-pulumi-nodejs` found on PATH.
# Like the one @pulumi/pulumi ships, it resolves the SDK from the working directory (the program's)
# and runs it with the node on PATH.
cat >"${OUT}/pulumi-resource-pulumi-nodejs" <<'EOF'
#!/bin/sh
script=$(node -e "process.stdout.write(require.resolve('@pulumi/pulumi/cmd/dynamic-provider'))") || exit 1
exec node "$script" "$@"
EOF
chmod +x "${OUT}/pulumi-resource-pulumi-nodejs"

rm -rf "$BIN"
mkdir -p "$PREFIX"
mv "$OUT" "$BIN"
complete_in "$BIN" || { log "the built CLI does not report ${CLI_VERSION}"; exit 1; }
log "done in $(($(date +%s) - start)) s"
echo "$BIN"
