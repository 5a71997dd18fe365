/**
 * `make bench`: the benchmarks, each a ratio measured in one run (interleaved where it can be),
 * printed as tables on stdout and written to bench/results.json. Parts and sizes come from the
 * environment (a part left out keeps its previous results in bench/results.json):
 * - BENCH_PARTS: any of client,pacing,state,start,engine,plugin,runners (default: all);
 * - BENCH_ROUNDS (default 5): start and plugin rounds; BENCH_CLIENT_ROUNDS (default 7) and BENCH_OPS (default
 *   2000): client rounds and operations per measurement (a measurement shorter than a few hundred
 *   milliseconds is mostly noise on a shared machine);
 * - BENCH_ENGINE_SIZES (default 100,400,1000): resources per program in the engine benchmark;
 * - BENCH_ENGINE_PLUGIN=off: the engine benchmark without the provider plugin (a shorter run);
 * - BENCH_ENGINE_COMMANDS (default preview,refresh,destroy): the commands timed after `up`;
 * - BENCH_START_BASELINE: a git commit whose build the start benchmark measures too;
 * - BENCH_RUNNERS_SEEDS (default 10) and BENCH_RUNNERS_SCALE (default 1): the runners simulation's
 *   seeds per row, and what its commands' sizes are multiplied by.
 * jest is only the runner (it compiles the TypeScript); nothing here asserts a time.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { benchClient } from "./client";
import { benchEngine } from "./engine";
import { benchPacing } from "./pacing";
import { benchPlugin } from "./plugin";
import { render, type Results } from "./report";
import { benchRunners } from "./runners";
import { benchStart } from "./start";
import { benchState } from "./state";

jest.setTimeout(6 * 60 * 60_000);

const resultsFile = path.join(__dirname, "results.json");
const allParts = ["client", "pacing", "state", "start", "engine", "plugin", "runners"] as const;
const parts = (process.env.BENCH_PARTS ?? allParts.join(",")).split(",").map((p) => p.trim()) as (typeof allParts)[number][];
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const clientRounds = Number(process.env.BENCH_CLIENT_ROUNDS ?? 7);
const ops = Number(process.env.BENCH_OPS ?? 2000);
const sizes = (process.env.BENCH_ENGINE_SIZES ?? "100,400,1000").split(",").map(Number);
const runnerSeeds = Number(process.env.BENCH_RUNNERS_SEEDS ?? 10);
const runnerScale = Number(process.env.BENCH_RUNNERS_SCALE ?? 1);

const log = (line: string) => process.stderr.write(`bench: ${line}\n`);

it(`measures ${parts.join(", ")}`, async () => {
  const unknown = parts.filter((p) => !(allParts as readonly string[]).includes(p));
  if (unknown.length > 0) throw new Error(`BENCH_PARTS: unknown part(s) ${unknown.join(", ")} (known: ${allParts.join(", ")})`);
  const previous: Partial<Results> = fs.existsSync(resultsFile) ? (JSON.parse(fs.readFileSync(resultsFile, "utf8")) as Results) : {};
  const results: Results = {
    ...previous,
    machine: {
      cpu: os.cpus()[0]?.model ?? "unknown",
      cores: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      os: `${os.type()} ${os.release()}`,
      load: { ...(previous.machine?.load ?? {}) },
      date: new Date().toISOString().slice(0, 10),
    },
  };
  for (const part of parts) {
    const before = os.loadavg()[0]!;
    if (part === "client") results.client = await benchClient({ rounds: clientRounds, ops }, log);
    if (part === "pacing") results.pacing = await benchPacing(log);
    if (part === "state") results.state = benchState(log);
    if (part === "start") results.start = await benchStart({ rounds, baseline: process.env.BENCH_START_BASELINE }, log);
    if (part === "engine") results.engine = await benchEngine(sizes, log);
    if (part === "plugin") results.plugin = await benchPlugin({ rounds }, log);
    if (part === "runners") results.runners = await benchRunners({ seeds: runnerSeeds, scale: runnerScale }, log);
    results.machine.load[part] = [before, os.loadavg()[0]!];
    fs.writeFileSync(resultsFile, JSON.stringify(results, null, 2) + "\n");
  }
  process.stdout.write(`\n${render(results)}`);
});
