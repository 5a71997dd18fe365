/** Starts the bundled emulator and points the provider's configuration at it. */
import { startEmulator, type Emulator, type EmulatorOptions } from "../../emulator";
import { configure } from "../../provider";

export async function emulatorForProvider(options: EmulatorOptions = {}, extra: Record<string, string> = {}): Promise<Emulator> {
  const emu = await startEmulator(options);
  const config: Record<string, string> = {
    ...extra,
    "ngrok:apiKey": emu.apiKey,
    "ngrok:apiBaseUrl": emu.url,
    // Tests should not wait for long backoffs; the policy itself is tested in client.test.ts.
    "ngrok:maxRetries": "4",
  };
  // An emulator without a rate limit: the client need not pace itself either.
  if (options.rateLimit === false) config["ngrok:rateLimit"] = "off";
  configure((key) => config[key]);
  return emu;
}
