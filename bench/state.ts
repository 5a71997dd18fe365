/**
 * State: the `__provider` text each resource kind writes into a stack's state (twice per
 * resource: in its inputs and its outputs), from this build and from a second build of the same
 * sources made elsewhere (another directory, another process): identical text means state does
 * not churn across builds and holds no build-specific path.
 */
import { execFileSync } from "child_process";
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { definitions } from "../provider";
import type { ResourceDefinition } from "../provider/contract";
import { sampleArgs } from "../test/support/samples";

const repo = path.resolve(__dirname, "..");
const node = path.join(repo, "node_modules", ".bin", "node");

export interface StateRow {
  kind: string;
  /** Bytes of the `__provider` text. */
  providerBytes: number;
  /** What it adds to the state per resource (inputs and outputs). */
  bytesPerResource: number;
  sha256: string;
  /** The second build wrote the same text. */
  identicalAcrossBuilds: boolean;
}

/**
 * The `__provider` text of every kind, as the package in `packageDir` writes it: a fresh Node.js
 * process registers one resource of each kind under Pulumi's mocks.
 */
function capture(packageDir: string, args: Record<string, unknown>): Record<string, string> {
  const program = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-state-"));
  try {
    fs.mkdirSync(path.join(program, "node_modules"));
    fs.symlinkSync(path.join(repo, "node_modules", "@pulumi"), path.join(program, "node_modules", "@pulumi"), "dir");
    fs.symlinkSync(packageDir, path.join(program, "node_modules", "pulumi-ngrok"), "dir");
    const script = `
      const pulumi = require("@pulumi/pulumi");
      const seen = {};
      pulumi.runtime.setMocks({
        newResource: (a) => { seen[a.type] = a.inputs.__provider; return { id: a.name + "-id", state: a.inputs }; },
        call: () => ({}),
      }, "state-bench", "dev", false).then(() => {
        const sdk = require("pulumi-ngrok");
        const args = ${JSON.stringify(args)};
        for (const kind of Object.keys(args)) new sdk[kind]("r-" + kind, args[kind]);
        const wait = () => Object.keys(seen).length < Object.keys(args).length ? setTimeout(wait, 25) : process.stdout.write(JSON.stringify(seen));
        wait();
      });`;
    const out = execFileSync(node, ["-e", script], { cwd: program, env: { PATH: process.env.PATH ?? "" } }).toString();
    const byType = JSON.parse(out) as Record<string, string>;
    return Object.fromEntries(Object.keys(args).map((k) => [k, byType[`pulumi-nodejs:dynamic/ngrok:${k}`]!]));
  } finally {
    fs.rmSync(program, { recursive: true, force: true });
  }
}

export function benchState(log: (line: string) => void): StateRow[] {
  const args = Object.fromEntries(Object.entries(definitions as Record<string, ResourceDefinition>).map(([k, d]) => [k, sampleArgs(d)]));
  const here = capture(repo, args);

  // A second build of the same sources, in another directory.
  const other = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-build-"));
  try {
    for (const entry of ["package.json", "tsconfig.json", "clock", "provider", "sdk", "emulator"]) fs.cpSync(path.join(repo, entry), path.join(other, entry), { recursive: true });
    fs.symlinkSync(path.join(repo, "node_modules"), path.join(other, "node_modules"), "dir");
    execFileSync("npm", ["run", "--silent", "build"], { cwd: other });
    const there = capture(other, args);
    log("state: captured from two builds");
    return Object.keys(args).map((kind) => {
      const text = here[kind]!;
      return {
        kind,
        providerBytes: Buffer.byteLength(text),
        bytesPerResource: 2 * Buffer.byteLength(text),
        sha256: createHash("sha256").update(text).digest("hex").slice(0, 16),
        identicalAcrossBuilds: text === there[kind],
      };
    });
  } finally {
    fs.rmSync(other, { recursive: true, force: true });
  }
}
