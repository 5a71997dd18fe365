/**
 * The set-up most end-to-end test files share: the CLI is had before any test (failing every test,
 * never skipping, when it cannot be built), each test gets its own emulator, and the stack a test
 * creates is destroyed and its temporary files removed after it (unless the test disposed of it
 * itself), even when a step failed midway.
 */
import { startEmulator, type Emulator, type EmulatorOptions } from "../../emulator";
import { PulumiStack, cleanUpStack, pulumiBinDir, type StackOptions } from "./pulumi";

export interface EmulatorStacks {
  /** The running test's emulator. */
  readonly emu: Emulator;
  /**
   * The running test's stack: `options` with the emulator's URL (`ngrok:apiBaseUrl`) and API key
   * (secret `ngrok:apiKey`) added to its config. One per test.
   */
  create(options: StackOptions): Promise<PulumiStack>;
}

/**
 * Registers the hooks of a file whose tests each run one stack against an emulator of their own.
 * `ready` is whatever else the tests need built first (e.g. the plugin's tarball).
 */
export function useEmulatorStacks(setup: { emulator?: EmulatorOptions; ready?: () => Promise<unknown> } = {}): EmulatorStacks {
  let emu: Emulator | undefined;
  let stacks: PulumiStack[] = [];

  beforeAll(async () => {
    await Promise.all([pulumiBinDir(), setup.ready?.()]);
  }, 60 * 60_000);
  beforeEach(async () => {
    emu = await startEmulator(setup.emulator);
  });
  afterEach(async () => {
    for (const s of stacks) await cleanUpStack(s);
    stacks = [];
    await emu?.close();
    emu = undefined;
  });

  const running = (): Emulator => {
    if (!emu) throw new Error("the emulator runs only inside a test");
    return emu;
  };
  return {
    get emu() {
      return running();
    },
    async create(options) {
      const e = running();
      const stack = await PulumiStack.create({
        ...options,
        config: { "ngrok:apiBaseUrl": e.url, ...options.config },
        secretConfig: { "ngrok:apiKey": e.apiKey, ...options.secretConfig },
      });
      stacks.push(stack);
      return stack;
    },
  };
}
