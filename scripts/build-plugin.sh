#!/usr/bin/env bash
# Builds, from dist/ (`make build` first), the provider plugin `pulumi-resource-ngrok` into
#   dist/plugin/pulumi-resource-ngrok-v<version>/           a directory, and
#   dist/plugin/pulumi-resource-ngrok-v<version>.tar.gz     the same files as a tarball,
# either of which `pulumi plugin install resource ngrok <version> --file <path>` installs, offline;
# and the plugin's Node.js package `pulumi-ngrok-plugin` (provider/gen/plugin-package.ts: the SDK
# with the plugin door sdk/nodejs/door.ts) into
#   dist/plugin/pulumi-ngrok-plugin/                        a directory, and
#   dist/plugin/pulumi-ngrok-plugin-<version>.tgz           its `npm pack`, which `npm install` takes.
# The plugin is a launcher script and one bundled JavaScript file (esbuild): it needs Node.js
# 22.19 or later on PATH (or PULUMI_NGROK_NODE), and nothing from npm at run time.
#
#   scripts/build-plugin.sh [--plugin | --package] [dir]
#
# builds both, or only the plugin or only the package, into dir (default dist/plugin; tests build
# their own, so that test processes running at once never share one). Prints the plugin's
# directory (or with --package, the package's tarball) on stdout.
# The plugin's entry point is PLUGIN_ENTRY, by default the first of the compiled hosts that exists.
set -euo pipefail
cd "$(dirname "$0")/.."
parts=both
case "${1:-}" in
  --plugin) parts=plugin; shift ;;
  --package) parts=package; shift ;;
esac
version=$(node -p 'require("./package.json").version')
dest="${1:-dist/plugin}"
mkdir -p "$dest"

if [[ $parts != package ]]; then
  entry="${PLUGIN_ENTRY:-}"
  if [[ -z $entry ]]; then
    for candidate in dist/provider/hosts/plugin/main.js; do
      if [[ -f $candidate ]]; then entry=$candidate; break; fi
    done
  fi
  if [[ -z $entry || ! -f $entry ]]; then
    echo "build-plugin.sh: no compiled plugin entry point (${entry:-dist/provider/hosts/plugin/main.js}): run make build" >&2
    exit 1
  fi
  name="pulumi-resource-ngrok-v${version}"
  out="${dest}/${name}"
  rm -rf "$out" "${dest}/${name}.tar.gz"
  mkdir -p "$out"
  esbuild "$entry" --bundle --platform=node --target=node22 --format=cjs \
    --log-level=warning --legal-comments=none --outfile="${out}/pulumi-resource-ngrok.js" >&2
  cat >"${out}/pulumi-resource-ngrok" <<'LAUNCHER'
#!/bin/sh
# The ngrok provider plugin for Pulumi: its bundled JavaScript on Node.js 22.19 or later.
exec "${PULUMI_NGROK_NODE:-node}" "$(dirname "$0")/pulumi-resource-ngrok.js" "$@"
LAUNCHER
  chmod +x "${out}/pulumi-resource-ngrok"
  cp LICENSE "${out}/"
  tar -czf "${dest}/${name}.tar.gz" -C "$out" .
fi

if [[ $parts != plugin ]]; then
  package=$(node dist/provider/gen/plugin-package.js "$dest")
  rm -f "${dest}/pulumi-ngrok-plugin-${version}.tgz"
  # --ignore-scripts: packing runs nothing of the package's; the cache flag keeps npm offline.
  npm pack --silent --ignore-scripts --prefer-offline --pack-destination "$dest" "$package" >/dev/null
  [[ -f "${dest}/pulumi-ngrok-plugin-${version}.tgz" ]] || { echo "build-plugin.sh: npm pack wrote no pulumi-ngrok-plugin-${version}.tgz" >&2; exit 1; }
fi

if [[ $parts == package ]]; then
  echo "$(cd "$dest" && pwd)/pulumi-ngrok-plugin-${version}.tgz"
else
  echo "$(cd "$out" && pwd)"
fi
