#!/usr/bin/env bash
# Builds (once) scripts/pulumi-converter-terraform, the converter plugin `pulumi convert --from
# terraform` runs, and prints the directory holding it: put on PATH, the CLI uses it (Pulumi's own
# converter cannot be built from what the Go module proxy serves; see main.go). Its programs come
# out in a language through the language host, which scripts/pulumi-language-codegen stands in
# front of.
#
# Environment: PULUMI_NGROK_CACHE (as scripts/pulumi-cli.sh), GO.
# Progress goes to stderr; stdout is the bin dir.
set -euo pipefail

SRC=$(cd "$(dirname "$0")/pulumi-converter-terraform" && pwd)
TOOL=pulumi-converter-terraform
source "$(dirname "$0")/lib/go-tool.sh"
VERSION=$(awk '$1 == "github.com/pulumi/pulumi-terraform-bridge/v3" { print $2; exit }' "$SRC/go.mod")
HASH=$(cat "$SRC/go.mod" "$SRC/go.sum" "$SRC/main.go" | sha256sum | cut -c1-12)
BIN="${CACHE}/pulumi-converter-terraform-${VERSION}-${HASH}/bin"

complete_in() { [ -x "$1/pulumi-converter-terraform" ]; }
build() {
  cp "$SRC/go.mod" "$SRC/go.sum" "$SRC/main.go" .
  "$GO" build -trimpath -ldflags "-s -w" -o out/pulumi-converter-terraform .
}

go_tool_reuse "using the Terraform converter (bridge ${VERSION}) in ${BIN}"
go_tool_build "building the Terraform converter of github.com/pulumi/pulumi-terraform-bridge/v3@${VERSION} into ${BIN}"
