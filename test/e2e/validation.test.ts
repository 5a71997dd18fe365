/**
 * End to end: invalid inputs fail at preview, with the real Pulumi CLI and engine, naming the
 * property and the limit but printing no value (a secret, a 4 KB metadata), before the provider
 * sends a single request to the API; `up` fails the same way and creates nothing. Through the
 * provider plugin, the same program's preview fails with the same lines. The program is
 * test/e2e/programs/invalid (stack config `case` picks the invalid resource). Each case has its own
 * emulator and stack, so that every request it records came from that case.
 *
 * These tests fail, never skip, when the CLI cannot be built. The SDK is loaded from dist/
 * (`make build` first), as a user's program would load the published package.
 */
import { randomBytes } from "crypto";
import * as path from "path";
import { startEmulator, type Emulator } from "../../emulator";
import { pluginProgram } from "./lifecycle";
import { installPlugin, pluginTarball } from "./plugin-install";
import { PulumiStack, pulumiBinDir, type RunResult, cleanUpStack } from "./pulumi";

jest.setTimeout(15 * 60_000);

const programDir = path.join(__dirname, "programs", "invalid");

interface Case {
  /** Stack config `case` of the program. */
  name: string;
  /** The resource type in the URN the engine names. */
  type: string;
  /** The provider's reasons, each on its own error line, beginning with the property's name. */
  reasons: RegExp[];
  /** More stack config for the program, plain and secret. */
  config?: Record<string, string>;
  secretConfig?: Record<string, string>;
  /** Text of the program's values that must appear nowhere in any command's output. */
  hidden: string[];
}

/** A secret one byte over the 255-byte limit, different in every run: 18 characters, then 119 two-byte ones. */
const secretPrefix = `SECRET${randomBytes(6).toString("hex")}`;
const secretDescription = secretPrefix + "é".repeat((256 - secretPrefix.length) / 2);
/** 4,097 bytes, one over the limit: a 64-character piece of it would show a dump. */
const metadata = "METADATA:" + "0123456789abcdef".repeat(256).slice(0, 4097 - 9);

const CASES: Case[] = [
  {
    name: "description",
    type: "ReservedDomain",
    reasons: [/^description is too long: at most 255 bytes \(UTF-8\)$/],
    secretConfig: { secretDescription },
    hidden: [secretDescription, secretPrefix, "é".repeat(8)],
  },
  {
    name: "metadata",
    type: "ReservedDomain",
    reasons: [/^metadata is too long: at most 4096 bytes \(UTF-8\)$/],
    config: { metadata },
    hidden: ["METADATA:", metadata.slice(100, 164)],
  },
  {
    name: "certificate",
    type: "ReservedDomain",
    // One reason naming both properties.
    reasons: [/^certificateId and certificateManagementPolicy are mutually exclusive: set one or the other$/],
    hidden: ["cert_2abcdefghijklmnopqrstuvwxyz"],
  },
  {
    name: "acl",
    type: "Credential",
    reasons: [/^acl\[0\] is not an ACL rule: the only rule kind is "bind:<target>"/],
    hidden: ["allow:everything"],
  },
  {
    name: "policy",
    type: "CloudEndpoint",
    reasons: [
      /^trafficPolicy\.onHttpRequest is an HTTP phase, and the endpoint's url is tcp: only onTcpConnect applies \(ERR_NGROK_2230\)$/,
      /^trafficPolicy\.onHttpRequest\[0\]\.expressions\[0\] is not a valid CEL expression: at column \d+, /,
      /^trafficPolicy\.onHttpRequest\[1\]\.actions\[0\]\.config\.capacity is required$/,
      /^trafficPolicy\.onHttpRequest\[2\]\.expressions\[0\] is not a well-typed CEL expression: at column 14, found no matching overload for '_>_' applied to '\(string, int\)' \(ERR_NGROK_2200\)$/,
      /^trafficPolicy\.onHttpRequest\[2\]\.actions\[0\]\.config\.allow\[0\] must be an IP address or a CIDR such as 10\.0\.0\.0\/8 \(ERR_NGROK_2217\)$/,
    ],
    secretConfig: { adminLogin: `admin:${secretPrefix}` },
    hidden: [secretPrefix, "10.0.0.0/33"],
  },
];

beforeAll(async () => {
  // Fails every test below (rather than skipping them) when the CLI or the plugin cannot be had.
  await Promise.all([pulumiBinDir(), pluginTarball()]);
}, 60 * 60_000);

/**
 * Asserts a failed command reported the invalid resource's problems in the engine's words,
 * `error: <type token> resource 'bad' has a problem: <the provider's reason>`, and printed none of
 * its values: no "property <name> value <value>" line, none of the case's hidden text anywhere in
 * this command's output or any earlier one's (stack init, config set).
 */
function expectCheckFailure(c: Case, token: string, r: RunResult, s: PulumiStack): void {
  const out = `${r.stdout}\n${r.stderr}`;
  expect(r.code).not.toBe(0);
  const prefix = `error: ${token} resource 'bad' has a problem: `;
  const problems = [...new Set(out.split("\n").filter((l) => l.startsWith(prefix)).map((l) => l.slice(prefix.length).trimEnd()))];
  expect(problems).toEqual(c.reasons.map((re) => expect.stringMatching(re)));
  expect(out).not.toMatch(/property \S+ value /);
  for (const text of c.hidden) {
    expect({ hidden: text, found: out.includes(text) || s.transcript.includes(text) }).toEqual({ hidden: text, found: false });
  }
  // The program itself ran fine: no TypeScript or runtime error of ours.
  expect(out).not.toMatch(/TSError|unknown case|Unhandled exception/);
}

describe.each(CASES)("invalid input: $name", (c) => {
  let emu: Emulator;
  let stack: PulumiStack | undefined;

  beforeEach(async () => {
    emu = await startEmulator();
    stack = await PulumiStack.create({
      programDir,
      config: { "ngrok:apiBaseUrl": emu.url, case: c.name, ...c.config },
      secretConfig: { "ngrok:apiKey": emu.apiKey, ...c.secretConfig },
    });
  });

  afterEach(async () => {
    await cleanUpStack(stack);
    stack = undefined;
    await emu?.close();
  });

  it("preview fails naming the property, and nothing reaches the API", async () => {
    const s = stack!;
    const r = await s.run("preview", ["preview", "--diff", "--config-file", s.configFile], { allowFailure: true });
    expectCheckFailure(c, `pulumi-nodejs:dynamic/ngrok:${c.type}`, r, s);
    // The provider validates at check time only: not even a GET reached the emulator.
    expect(emu.requests).toEqual([]);
  });

  it("up fails the same way and creates nothing", async () => {
    const s = stack!;
    const r = await s.run("up", ["up", "--yes", "--skip-preview", "--diff", "--config-file", s.configFile], { allowFailure: true });
    expectCheckFailure(c, `pulumi-nodejs:dynamic/ngrok:${c.type}`, r, s);
    expect(emu.requests).toEqual([]);
    expect(emu.resources("reserved_domains")).toEqual([]);
    expect(emu.resources("credentials")).toEqual([]);
    expect(emu.resources("endpoints")).toEqual([]);
    // Nothing of the invalid resource made it into the state either.
    const resources = (await s.stackExport()).deployment.resources ?? [];
    expect(resources.filter((res) => res.type.includes("ngrok"))).toEqual([]);
  });
});

describe.each(CASES)("invalid input through the provider plugin: $name", (c) => {
  let emu: Emulator;
  let stack: PulumiStack | undefined;

  afterEach(async () => {
    await cleanUpStack(stack);
    stack = undefined;
    await emu?.close();
  });

  it("preview fails with the same lines, and nothing reaches the API", async () => {
    emu = await startEmulator();
    stack = await PulumiStack.create({
      programDir: pluginProgram("invalid", programDir),
      config: { "ngrok:apiBaseUrl": emu.url, case: c.name, ...c.config },
      secretConfig: { "ngrok:apiKey": emu.apiKey, ...c.secretConfig },
    });
    const s = stack;
    await installPlugin(s);
    const r = await s.run("preview", ["preview", "--diff", "--config-file", s.configFile], { allowFailure: true });
    expectCheckFailure(c, `ngrok:index:${c.type}`, r, s);
    expect(emu.requests).toEqual([]);
  });
});
