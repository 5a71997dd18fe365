#!/usr/bin/env bash
# `make walk`: one CloudEndpoint create, stepped through from each host's entry point (dist/, so
# `make build` first). For each host it prints the files the create's code runs in ("rooms"), the
# walk itself (+ a call into a room, < a return to one or an await resumed) and the calls back
# into a room already left, once per pair of rooms.
set -euo pipefail
cd "$(dirname "$0")"
for host in dynamic plugin; do
  node "${host}.js" | node -e '
    const r = JSON.parse(require("fs").readFileSync(0, "utf8"));
    console.log(`${r.host}: ${r.files.length} files, ${r.returns.length} returns to a room already left (${r.reEntries} calls back in all), ${r.steps} steps`);
    console.log(`  walk: ${r.walk.join(" ").replace(/provider\//g, "").replace(/\.ts/g, "")}`);
    for (const p of r.returns) console.log(`  return: ${p}`);'
done
