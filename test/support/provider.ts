/** Starts the bundled emulator and a provider core whose settings point at it. */
import { startEmulator, type Emulator, type EmulatorOptions } from "../../emulator";
import { Provider, isBoundKind, definitions, readSettings, type BoundKind, type EventSink, type ResourceKind, type Settings } from "../../provider";
import type { Clock } from "../../clock";

/** The settings of a provider for `emu`, as a stack's `ngrok:*` config would give them (`extra` first). */
export function settingsFor(emu: Emulator, extra: Record<string, string> = {}, options: EmulatorOptions = {}): Settings {
  const config: Record<string, string> = {
    // The AI Gateway API's settings, which a test may change (a wrong key).
    "ngrok:aiGatewayApiKey": emu.aiGatewayApi.apiKey,
    "ngrok:aiGatewayApiBaseUrl": emu.aiGatewayApi.url,
    ...extra,
    "ngrok:apiKey": emu.apiKey,
    "ngrok:apiBaseUrl": emu.url,
    // Tests should not wait for long backoffs; the policy itself is tested in client.test.ts.
    "ngrok:maxRetries": extra["ngrok:maxRetries"] ?? "4",
  };
  // An emulator without a rate limit: the client need not pace itself either.
  if (options.rateLimit === false) {
    config["ngrok:rateLimit"] = "off";
    config["ngrok:aiGatewayRateLimit"] = "off";
  }
  return readSettings((key) => config[key], {});
}

/** A provider for `emu`: a fresh one is a fresh provider process. */
export function providerFor(emu: Emulator, extra: Record<string, string> = {}, options: { emulator?: EmulatorOptions; events?: EventSink; clock?: Clock } = {}): Provider {
  return new Provider({ settings: settingsFor(emu, extra, options.emulator), ...(options.events ? { events: options.events } : {}), ...(options.clock ? { clock: options.clock } : {}) });
}

/** An emulator, and a provider pointed at it. */
export async function emulatorForProvider(options: EmulatorOptions = {}, extra: Record<string, string> = {}): Promise<{ emu: Emulator; provider: Provider }> {
  const emu = await startEmulator(options);
  return { emu, provider: providerFor(emu, extra, { emulator: options }) };
}

/** The kinds that are objects of the API (they have a binding), in the registry's order. */
export const boundKinds: BoundKind[] = (Object.keys(definitions) as ResourceKind[]).filter(isBoundKind);

/** Events a test reads: the lines of each level, in order. */
export function recordedEvents(): EventSink & { infos: string[]; debugs: string[] } {
  const infos: string[] = [];
  const debugs: string[] = [];
  return { info: (m) => void infos.push(m), debug: (m) => void debugs.push(m), infos, debugs };
}
