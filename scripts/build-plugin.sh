#!/usr/bin/env bash
# Builds the provider plugin `pulumi-resource-ngrok` from dist/ (`make build` first) into
#   dist/plugin/pulumi-resource-ngrok-v<version>/           a directory, and
#   dist/plugin/pulumi-resource-ngrok-v<version>.tar.gz     the same files as a tarball,
# either of which `pulumi plugin install resource ngrok <version> --file <path>` installs, offline.
# The plugin is a launcher script and one bundled JavaScript file (esbuild): it needs Node.js
# 22.19 or later on PATH (or PULUMI_NGROK_NODE), and nothing from npm at run time.
# Prints the directory's path on stdout. An argument names another directory than dist/plugin for
# both (tests build their own, so that test processes running at once never share one).
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(node -p 'require("./package.json").version')
name="pulumi-resource-ngrok-v${version}"
dest="${1:-dist/plugin}"
out="${dest}/${name}"
rm -rf "$out" "${dest}/${name}.tar.gz"
mkdir -p "$out"
esbuild dist/provider/hosts/plugin/main.js --bundle --platform=node --target=node22 --format=cjs \
  --log-level=warning --legal-comments=none --outfile="${out}/pulumi-resource-ngrok.js" >&2
cat >"${out}/pulumi-resource-ngrok" <<'LAUNCHER'
#!/bin/sh
# The ngrok provider plugin for Pulumi: its bundled JavaScript on Node.js 22.19 or later.
exec "${PULUMI_NGROK_NODE:-node}" "$(dirname "$0")/pulumi-resource-ngrok.js" "$@"
LAUNCHER
chmod +x "${out}/pulumi-resource-ngrok"
cp LICENSE "${out}/"
tar -czf "${dest}/${name}.tar.gz" -C "$out" .
echo "$(cd "$out" && pwd)"
