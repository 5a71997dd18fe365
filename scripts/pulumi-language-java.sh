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
MODULE=github.com/pulumi/pulumi-java/pkg
TOOL=pulumi-language-java
source "$(dirname "$0")/lib/go-tool.sh"
BIN="${CACHE}/pulumi-language-java-${VERSION}/bin"

complete_in() { [ -x "$1/pulumi-language-java" ]; }
build() {
  log "(a cold build downloads the modules and compiles for a few minutes; later runs reuse ${BIN})"
  go_tool_wrapper_build "$MODULE" "$VERSION" "${MODULE}/cmd/pulumi-language-java" "-s -w -X ${MODULE}/version.Version=${VERSION}"
}

go_tool_reuse "using the Java language host ${VERSION} in ${BIN}"
go_tool_build "building the Java language host from ${MODULE}@${VERSION} into ${BIN}"
