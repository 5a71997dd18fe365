# Sourced by the scripts that build a Go tool once into the tools' cache and print the directory
# holding it (scripts/pulumi-language-*.sh, scripts/pulumi-converter-terraform.sh). The script
# sets TOOL (the executable's name, also its log tag) and BIN (the directory, named by the
# version and hash it builds), defines `complete_in DIR` (whether DIR holds the whole tool) and
# `build` (which runs in the empty work directory $WORK with $GO and leaves the tool in
# $WORK/out), then calls:
#   go_tool_reuse "using ... in ${BIN}"      prints BIN and exits when it is already built;
#   go_tool_build "building ... into ${BIN}" builds it, one build at a time on the machine.
# Environment: PULUMI_NGROK_CACHE (as scripts/pulumi-cli.sh), GO. Progress goes to stderr.

CACHE=${PULUMI_NGROK_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/pulumi-ngrok}

log() { printf '[%s] %s\n' "$TOOL" "$*" >&2; }

go_tool_reuse() {
  if complete_in "$BIN"; then
    log "$1"
    echo "$BIN"
    exit 0
  fi
}

go_tool_build() {
  GO=${GO:-$(command -v go || echo /usr/local/go/bin/go)}
  [ -x "$GO" ] || { log "go not found (set GO=/path/to/go); it is needed to build ${TOOL}"; exit 1; }
  mkdir -p "$CACHE"
  # One build at a time (make and jest may both ask); the second waits, then finds the result.
  exec 9>"${CACHE}/.build-${TOOL}.lock"
  flock 9
  if complete_in "$BIN"; then echo "$BIN"; exit 0; fi
  WORK=$(mktemp -d "${CACHE}/build-${TOOL}.XXXXXX")
  trap 'rm -rf "$WORK"' EXIT
  export GOFLAGS=-mod=mod GOTOOLCHAIN=local CGO_ENABLED=0 GOWORK=off
  local start
  start=$(date +%s)
  log "$1"
  mkdir -p "$WORK/out"
  (cd "$WORK" && build)
  mkdir -p "$(dirname "$BIN")"
  rm -rf "$BIN"
  mv "$WORK/out" "$BIN"
  complete_in "$BIN" || { log "the build left no ${TOOL}"; exit 1; }
  log "built in $(($(date +%s) - start)) s"
  echo "$BIN"
}

# In the work directory: a throwaway module `pulumi-ngrok/<TOOL>-build` that requires MODULE@VERSION
# for PACKAGE and repeats that module's versioned replace directives (`go install pkg@version`
# refuses a module with replaces), tidied; then `go build` of PACKAGE with LDFLAGS into out/.
go_tool_wrapper_build() {
  local module=$1 version=$2 package=$3 ldflags=$4 gomod
  "$GO" mod init "pulumi-ngrok/${TOOL}-build" >/dev/null 2>&1
  printf '//go:build tools\n\npackage tools\n\nimport _ "%s"\n' "$package" >tools.go
  gomod=$("$GO" mod download -json "${module}@${version}" | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",*$/\1/p' || true)
  [ -n "$gomod" ] || { log "the Go module proxy does not serve ${module}@${version}"; exit 1; }
  "$GO" mod edit -require="${module}@${version}"
  while read -r old new; do
    "$GO" mod edit -replace="${old}=${new}"
  done < <(awk '/^replace /{ if ($4 != "" && $5 != "") print $2, $4 "@" $5 }' "$gomod")
  "$GO" mod tidy >&2
  "$GO" build -trimpath -ldflags "$ldflags" -o "out/${TOOL}" "$package"
}
