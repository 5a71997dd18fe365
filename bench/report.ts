/** The benchmark's results as markdown tables (stdout of `make bench`, and the README). */
import type { ClientRow } from "./client";
import type { EngineSize } from "./engine";
import type { PacingRow } from "./pacing";
import type { PluginRow } from "./plugin";
import { runnersLabel, type MeanWorst, type RunnersBench } from "./runners";
import type { StartRow } from "./start";
import type { StateRow } from "./state";
import { round, show } from "./stats";

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  /** 1-minute load average when each part started and ended. */
  load: Record<string, [number, number]>;
  date: string;
}

export interface Results {
  machine: Machine;
  client?: ClientRow[];
  pacing?: PacingRow[];
  state?: StateRow[];
  start?: StartRow[];
  engine?: EngineSize[];
  plugin?: PluginRow[];
  runners?: RunnersBench;
}

function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
  return [line(head), line(head.map(() => "---")), ...rows.map(line)].join("\n");
}

export function render(r: Results): string {
  const m = r.machine;
  const load = Object.entries(m.load)
    .map(([part, [a, b]]) => `${part} ${round(a, 2)}→${round(b, 2)}`)
    .join(", ");
  const out: string[] = [
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}, Node ${m.node}, ${m.date}. ` +
      `1-minute load average at the start and end of each part: ${load}.`,
  ];
  if (r.client) {
    out.push(
      "**Client** (requests/s against the emulator on loopback, and this process's CPU time per request, median (min-max) of the rounds; ratios: per round, over the bare undici loop; paced: at a limit never reached)",
      table(
        ["op", "concurrency", "client", "requests/s", "ratio to floor", "CPU µs / request", "CPU / floor's"],
        r.client.map((c) => [c.op, c.concurrency, c.client, show(c.rps), show(c.ratio), c.cpuUs ? show(c.cpuUs) : "", c.cpuRatio ? show(c.cpuRatio) : ""]),
      ),
    );
  }
  if (r.pacing) {
    out.push(
      "**Pacing** (120 creates at concurrency 16, emulator limited to 20 requests per rolling 5 s)",
      table(
        ["client", "seconds", "rate / allowed", "time / floor", "429s", "failed", "duplicates"],
        r.pacing.map((p) => [p.client, round(p.seconds), round(p.rateOverAllowed), round(p.overFloor), p.rejected429, p.failed, p.duplicates]),
      ),
    );
  }
  if (r.state) {
    out.push(
      "**State** (`__provider` per resource kind; stored twice per resource, in inputs and outputs)",
      table(
        ["kind", "bytes", "bytes per resource", "sha256 (16)", "identical across builds"],
        r.state.map((s) => [s.kind, s.providerBytes, s.bytesPerResource, `\`${s.sha256}\``, s.identicalAcrossBuilds ? "yes" : "**no**"]),
      ),
    );
  }
  if (r.start) {
    out.push(
      "**Start** (first call in a fresh dynamic-provider host, ms, median (min-max); over trivial: per round, minus the trivial provider's)",
      table(
        ["provider", "first call", "ms", "over trivial, ms"],
        r.start.map((s) => [s.provider, s.call, show(s.ms), show(s.overTrivialMs)]),
      ),
    );
  }
  if (r.engine) {
    out.push(
      "**Engine** (real CLI, `--parallel` 8: credentials against as many trivial dynamic resources with a secret output each (and, for `up`, without one); emulator limit 1,200 per 60 s, provider paced to it; seconds of one run each)",
      table(
        ["resources", "command", "pulumi-ngrok s", "trivial s", "ours / trivial", "trivial without secret s", "plugin s", "plugin / trivial", "requests"],
        r.engine.flatMap((e) =>
          e.rows.map((row) => [
            row.resources,
            row.command,
            round(row.oursSeconds),
            round(row.trivialSeconds),
            round(row.oursOverTrivial),
            row.trivialPlainSeconds === undefined ? "" : round(row.trivialPlainSeconds),
            Number.isFinite(row.pluginSeconds) ? round(row.pluginSeconds) : "",
            Number.isFinite(row.pluginOverTrivial) ? round(row.pluginOverTrivial) : "",
            row.requests,
          ]),
        ),
      ),
      table(
        ["resources", "up s per resource", "up / rate-limit floor", "state bytes per resource (ours)", "(trivial)", "(plugin)"],
        r.engine.map((e) => {
          const up = e.rows.find((row) => row.command === "up")!;
          return [
            e.resources,
            round(up.oursSeconds / e.resources),
            round(e.upOverRateFloor),
            Math.round(e.stateBytesPerResource.ours),
            Math.round(e.stateBytesPerResource.trivial),
            Number.isFinite(e.stateBytesPerResource.plugin) ? Math.round(e.stateBytesPerResource.plugin) : "",
          ];
        }),
      ),
    );
    const skipping = r.engine.filter((e) => e.upSkippingCheckpoints !== undefined);
    if (skipping.length > 0) {
      out.push(
        "`up` with `PULUMI_SKIP_CHECKPOINTS=true` (the state saved once, at the end), seconds of one run each",
        table(
          ["resources", "pulumi-ngrok s", "trivial s", "ours / trivial", "trivial without secret s", "ours / trivial without secret", "ours s per resource", "trivial s per resource"],
          skipping.map((e) => {
            const u = e.upSkippingCheckpoints!;
            return [e.resources, round(u.ours), round(u.trivial), round(u.ours / u.trivial), round(u.trivialPlain), round(u.ours / u.trivialPlain), round(u.ours / e.resources), round(u.trivial / e.resources)];
          }),
        ),
      );
    }
  }
  if (r.plugin) {
    const mb = (bytes: number) => round(bytes / 1e6);
    const bundle = r.plugin.find((p) => p.plugin === "bundle");
    out.push(
      "**Plugin** (the executable that needs no Node.js, with and without V8's code cache, against the bundle run by `node` on PATH, whose Node.js is not counted; cold start: a fresh process each sample, ms, median (min-max); ratios of medians, to the bundle's)",
      table(
        ["plugin", "files MB", "archive MB", "archive / bundle's", "start to port, ms", "/ bundle's", "`pulumi preview` of one resource, ms", "/ bundle's"],
        r.plugin.map((p) => [
          p.plugin,
          mb(p.fileBytes),
          mb(p.archiveBytes),
          bundle ? round(p.archiveBytes / bundle.archiveBytes) : "",
          show(p.portMs),
          bundle ? round(p.portMs.median / bundle.portMs.median) : "",
          show(p.previewMs),
          bundle ? round(p.previewMs.median / bundle.previewMs.median) : "",
        ]),
      ),
    );
  }
  if (r.runners) {
    const { limit, up, destroy, seeds, rows } = r.runners;
    const meanWorst = (x: MeanWorst) => `${round(x.mean)} (${round(x.worst)})`;
    out.push(
      `**Runners** (simulated on a fake clock with the real pacer: runners on separate machines sharing one key, each an \`up\` of ${up} requests then a \`destroy\` of ${destroy}, ` +
        `against a service at ${limit.limit} requests per rolling ${limit.windowMs / 1000} s; mean (worst) over ${seeds} seeds; one ledger: three runners as on one machine; N per window each: each runner configured to its own part of the limit; stray 429s: one runner at 120 requests per 60 s, an \`up\` and a \`destroy\` of 120 requests each, some refused at random during its \`up\`, against the same without)`,
      table(
        ["runners", "counting", "served", "refusals per served", "time / floor", "worst minute: retries / requests", "slowest runner / fastest", "with stray 429s / without"],
        rows.map((row) => [
          runnersLabel(row),
          row.rule,
          Math.round(row.served),
          meanWorst(row.refusedPerServed),
          meanWorst(row.overFloor),
          round(row.worstMinute),
          meanWorst(row.spread),
          row.stray ? meanWorst(row.stray.overWithout) : "",
        ]),
      ),
    );
  }
  return out.join("\n\n") + "\n";
}
