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
MODULE=github.com/pulumi/pulumi-yaml
TOOL=pulumi-language-yaml
source "$(dirname "$0")/lib/go-tool.sh"
BIN="${CACHE}/pulumi-language-yaml-${VERSION}/bin"

complete_in() { [ -x "$1/pulumi-language-yaml" ]; }
build() {
  log "(a cold build downloads the modules and compiles for a few minutes; later runs reuse ${BIN})"
  GOBIN="${WORK}/out" "$GO" install -trimpath -ldflags "-s -w -X ${MODULE}/pkg/version.Version=${VERSION}" \
    "${MODULE}/cmd/pulumi-language-yaml@${VERSION}"
}

go_tool_reuse "using the YAML language host ${VERSION} in ${BIN}"
go_tool_build "building the YAML language host from ${MODULE}@${VERSION} into ${BIN}"
