/**
 * Writes test/e2e/fixtures/upgrade/ (see ./upgrade-fixtures.ts): per front door, deploys the
 * every-kind program to an emulator that persists its account, checks that preview and refresh
 * find no change, and saves the stack's export, its config and the emulator's state. Not part of
 * `make test`: the fixtures are what one release wrote, kept as they are. Run only to add the
 * states of a release, from that release's tree (`make build` first):
 *   jest --ci --runInBand --testMatch '<rootDir>/test/e2e/*.capture.ts'
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startEmulator } from "../../emulator";
import { installPlugin, pluginTarball } from "./plugin-install";
import { PulumiStack, cleanUpStack, pulumiBinDir } from "./pulumi";
import { doorProgram, doors, fixtureApiKey, fixtureEmulatorOptions, fixtureEnv, fixtureFiles, fixtureStack } from "./upgrade-fixtures";

jest.setTimeout(20 * 60_000);

beforeAll(async () => {
  await Promise.all([pulumiBinDir(), pluginTarball()]);
}, 60 * 60_000);

it.each(doors)("captures the every-kind stack's state through the %s door", async (door) => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "ngrok-upgrade-capture-"));
  const emulatorState = path.join(work, "emulator.json");
  const emu = await startEmulator({ ...fixtureEmulatorOptions, apiKey: fixtureApiKey, statePath: emulatorState });
  let stack: PulumiStack | undefined;
  try {
    stack = await PulumiStack.create({
      programDir: doorProgram(door),
      stack: fixtureStack,
      env: fixtureEnv,
      config: { "ngrok:apiBaseUrl": emu.url },
      secretConfig: { "ngrok:apiKey": emu.apiKey },
    });
    if (door === "plugin") await installPlugin(stack);
    await stack.up();
    await stack.previewExpectNoChanges();
    await stack.refreshExpectNoChanges();
    await stack.previewExpectNoChanges("preview --expect-no-changes after refresh");

    const files = fixtureFiles(door);
    fs.mkdirSync(files.dir, { recursive: true });
    const exported = await stack.run("stack export", ["stack", "export"]);
    fs.writeFileSync(files.state, `${JSON.stringify(JSON.parse(exported.stdout), null, 2)}\n`);
    fs.copyFileSync(stack.configFile, files.config);
    fs.writeFileSync(files.emulator, `${JSON.stringify(JSON.parse(fs.readFileSync(emulatorState, "utf8")), null, 2)}\n`);
  } finally {
    await cleanUpStack(stack);
    await emu.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
});
