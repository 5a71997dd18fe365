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
MODULE=github.com/pulumi/pulumi/sdk/v3
TOOL=pulumi-language-go
source "$(dirname "$0")/lib/go-tool.sh"
BIN="${CACHE}/pulumi-language-go-${SDK_VERSION}/bin"

complete_in() { [ -x "$1/pulumi-language-go" ]; }
build() {
  go_tool_wrapper_build "$MODULE" "$SDK_VERSION" "${MODULE}/go/pulumi-language-go" "-s -w -X ${MODULE}/go/common/version.Version=${SDK_VERSION}"
}

go_tool_reuse "using the Go language host (sdk ${SDK_VERSION}) in ${BIN}"
go_tool_build "building the Go language host from ${MODULE}@${SDK_VERSION} into ${BIN}"
