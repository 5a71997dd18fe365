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
MODULE=github.com/pulumi/pulumi/sdk/v3
TOOL=pulumi-language-python
source "$(dirname "$0")/lib/go-tool.sh"
BIN="${CACHE}/pulumi-language-python-${SDK_VERSION}-exec-${EXEC_VERSION}/bin"

complete_in() { [ -x "$1/pulumi-language-python" ] && [ -x "$1/pulumi-language-python-exec" ]; }
build() {
  go_tool_wrapper_build "$MODULE" "$SDK_VERSION" "${MODULE}/python/cmd/pulumi-language-python" "-s -w -X ${MODULE}/go/common/version.Version=${SDK_VERSION}"
  # The exec script of the pinned release, from that release's module zip.
  local zip
  zip=$("$GO" mod download -json "${MODULE}@${EXEC_VERSION}" | sed -n 's/^[[:space:]]*"Zip": "\(.*\)",*$/\1/p' || true)
  [ -n "$zip" ] || { log "the Go module proxy does not serve ${MODULE}@${EXEC_VERSION}"; exit 1; }
  unzip -p "$zip" "${MODULE}@${EXEC_VERSION}/python/cmd/pulumi-language-python-exec" >out/pulumi-language-python-exec
  [ -s out/pulumi-language-python-exec ] || { log "${MODULE}@${EXEC_VERSION} has no python/cmd/pulumi-language-python-exec"; exit 1; }
  chmod +x out/pulumi-language-python-exec
}

go_tool_reuse "using the Python language host (sdk ${SDK_VERSION}) in ${BIN}"
go_tool_build "building the Python language host from ${MODULE}@${SDK_VERSION} into ${BIN}"
