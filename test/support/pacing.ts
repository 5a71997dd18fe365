/** Shared by the pacing tests: emulators limited to 20 requests per 5 s, and the window's floor. */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startEmulator, type Emulator, type EmulatorOptions } from "../../emulator";
import { call } from "./api";

export const rate = { limit: 20, windowMs: 5_000 };

/** Emulators and temporary directories of one test file, released by `cleanUp`. */
export class PacingFixture {
  readonly tmp = fs.mkdtempSync(path.join(os.tmpdir(), "pacing-test-"));
  private readonly emulators: Emulator[] = [];
  private readonly closers: (() => Promise<void>)[] = [];

  async emulator(options: EmulatorOptions = {}): Promise<Emulator> {
    const emu = await startEmulator({ rateLimit: rate, ...options });
    this.emulators.push(emu);
    return emu;
  }

  dir(name: string): string {
    return fs.mkdtempSync(path.join(this.tmp, `${name}-`));
  }

  onCleanUp(close: () => Promise<void>): void {
    this.closers.push(close);
  }

  async cleanUp(): Promise<void> {
    await Promise.all(this.closers.map((c) => c()));
    await Promise.all(this.emulators.map((e) => e.close()));
    fs.rmSync(this.tmp, { recursive: true, force: true });
  }
}

export const refused = (emu: Emulator): number => emu.requests.filter((r) => r.status === 429).length;
export const statuses = (emu: Emulator): number[] => [...new Set(emu.requests.map((r) => r.status))].sort();

/** The least time N requests can take under a limit: the last window's worth starts (N/limit - 1) windows after the first. */
export const floorMs = (n: number, r: { limit: number; windowMs: number }): number => (Math.ceil(n / r.limit) - 1) * r.windowMs;
export const ratio = (startedAt: number, floor: number): number => Number(((Date.now() - startedAt) / floor).toFixed(3));

/** Spends the whole window's budget with the API key, as another tool or CI job would. */
export async function spendBudget(emu: Emulator): Promise<void> {
  for (let i = 0; i < rate.limit; i++) expect((await call(emu, "GET", "/credentials")).status).toBe(200);
}
