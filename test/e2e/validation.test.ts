/**
 * End to end: invalid inputs fail at preview, with the real Pulumi CLI and engine, naming the
 * property, before the provider sends a single request to the API; `up` fails the same way and
 * creates nothing. The program is test/e2e/programs/invalid (stack config `case` picks the invalid
 * resource). Each case has its own emulator and stack, so that every request it records came from
 * that case.
 *
 * These tests fail, never skip, when the CLI cannot be built. The SDK is loaded from dist/
 * (`make build` first), as a user's program would load the published package.
 */
import * as path from "path";
import { startEmulator, type Emulator } from "../../emulator";
import { PulumiStack, pulumiBinDir, type RunResult, cleanUpStack } from "./pulumi";

jest.setTimeout(15 * 60_000);

const programDir = path.join(__dirname, "programs", "invalid");

interface Case {
  /** Stack config `case` of the program. */
  name: string;
  /** The resource type in the URN the engine names. */
  type: string;
  /** Properties the failure must name, each on its own error line. */
  properties: string[];
  /** The provider's reason on each property's line (what a user reads in the CLI). */
  reasons: RegExp[];
}

const CASES: Case[] = [
  {
    name: "description",
    type: "ReservedDomain",
    properties: ["description"],
    reasons: [/has a problem: description is too long: at most 255 bytes/],
  },
  {
    name: "certificate",
    type: "ReservedDomain",
    properties: ["certificateId", "certificateManagementPolicy"],
    // Both properties carry the same reason, which names both.
    reasons: [
      /has a problem: certificateId and certificateManagementPolicy are mutually exclusive/,
      /has a problem: certificateId and certificateManagementPolicy are mutually exclusive/,
    ],
  },
  {
    name: "acl",
    type: "Credential",
    properties: ["acl"],
    reasons: [/has a problem: acl\[0\] "allow:everything" is not an ACL rule/],
  },
];

beforeAll(async () => {
  // Fails every test below (rather than skipping them) when the CLI cannot be had.
  await pulumiBinDir();
}, 60 * 60_000);

describe.each(CASES)("invalid input: $name", (c) => {
  let emu: Emulator;
  let stack: PulumiStack | undefined;

  beforeEach(async () => {
    emu = await startEmulator();
    stack = await PulumiStack.create({
      programDir,
      config: { "ngrok:apiBaseUrl": emu.url, case: c.name },
      secretConfig: { "ngrok:apiKey": emu.apiKey },
    });
  });

  afterEach(async () => {
    await cleanUpStack(stack);
    stack = undefined;
    await emu?.close();
  });

  /**
   * Asserts a failed command reported a failed check of the invalid resource for every invalid
   * property, in the engine's words: `error: pulumi-nodejs:dynamic/ngrok:<Type> resource 'bad':
   * property <name> value {...} has a problem: <the provider's reason>`.
   */
  function expectCheckFailure(r: RunResult): void {
    const out = `${r.stdout}\n${r.stderr}`;
    expect(r.code).not.toBe(0);
    c.properties.forEach((p, i) => {
      const line = out.split("\n").find((l) => l.includes(`ngrok:${c.type} resource 'bad': property ${p} value `));
      expect({ property: p, line }).toEqual({ property: p, line: expect.stringMatching(/^error: .* has a problem: /) });
      expect(line).toMatch(c.reasons[i]!);
    });
    // The program itself ran fine: no TypeScript or runtime error of ours.
    expect(out).not.toMatch(/TSError|unknown case|Unhandled exception/);
  }

  it("preview fails naming the property, and nothing reaches the API", async () => {
    const s = stack!;
    const r = await s.run("preview", ["preview", "--diff", "--config-file", s.configFile], { allowFailure: true });
    expectCheckFailure(r);
    // The provider validates at check time only: not even a GET reached the emulator.
    expect(emu.requests).toEqual([]);
  });

  it("up fails the same way and creates nothing", async () => {
    const s = stack!;
    const r = await s.run("up", ["up", "--yes", "--skip-preview", "--diff", "--config-file", s.configFile], { allowFailure: true });
    expectCheckFailure(r);
    expect(emu.requests).toEqual([]);
    expect(emu.resources("reserved_domains")).toEqual([]);
    expect(emu.resources("credentials")).toEqual([]);
    // Nothing of the invalid resource made it into the state either.
    const resources = (await s.stackExport()).deployment.resources ?? [];
    expect(resources.filter((res) => res.type.includes("ngrok"))).toEqual([]);
  });
});
