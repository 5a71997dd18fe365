#!/usr/bin/env bash
# Builds (once) scripts/pulumi-language-codegen and prints a directory holding it as
# pulumi-language-nodejs, pulumi-language-go, pulumi-language-python and pulumi-language-yaml: put
# first on PATH, before the language host it stands in front of, it lets `pulumi import` and
# `pulumi convert` write a program in that language (the hosts scripts/pulumi-cli.sh,
# scripts/pulumi-language-go.sh and scripts/pulumi-language-python.sh build predate
# GenerateProgram and GenerateProject, and those and the YAML host predate Link; see main.go).
#
# Built with the flags of the CLI's build and at its pkg/v3 version, so that a machine that built
# the CLI compiles little more than this one package.
#
# Environment: PULUMI_NGROK_CACHE (as scripts/pulumi-cli.sh), GO.
# Progress goes to stderr; stdout is the bin dir.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/pulumi-language-codegen" && pwd)
TOOL=pulumi-language-codegen
source "$(dirname "$0")/lib/go-tool.sh"
VERSION=$(awk '$1 == "github.com/pulumi/pulumi/pkg/v3" { print $2; exit }' "$SRC/go.mod")
HASH=$(cat "$SRC/go.mod" "$SRC/go.sum" "$SRC/main.go" | sha256sum | cut -c1-12)
BIN="${CACHE}/pulumi-language-codegen-${VERSION}-${HASH}/bin"

complete_in() { [ -x "$1/pulumi-language-codegen" ]; }
build() {
  cp "$SRC/go.mod" "$SRC/go.sum" "$SRC/main.go" .
  "$GO" build -trimpath -ldflags "-s -w" -o out/pulumi-language-codegen .
  for language in nodejs go python yaml; do ln -sf pulumi-language-codegen "out/pulumi-language-${language}"; done
}

go_tool_reuse "using the program generators (pkg ${VERSION}) in ${BIN}"
go_tool_build "building the program generators of github.com/pulumi/pulumi/pkg/v3@${VERSION} into ${BIN}"
