/** Starts the bundled emulator and points the provider's configuration at it. */
import { startEmulator, type Emulator, type EmulatorOptions } from "../../emulator";
import { configure } from "../../provider";

export async function emulatorForProvider(options: EmulatorOptions = {}): Promise<Emulator> {
  const emu = await startEmulator(options);
  const config: Record<string, string> = {
    "ngrok:apiKey": emu.apiKey,
    "ngrok:apiBaseUrl": emu.url,
    // Tests should not wait for long backoffs; the policy itself is tested in client.test.ts.
    "ngrok:maxRetries": "4",
  };
  configure((key) => config[key]);
  return emu;
}

/** A raw API call, as an operator would make it out of band (not through the provider). */
export async function api(
  emu: Emulator,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> | undefined }> {
  const res = await fetch(emu.url + path, {
    method,
    headers: {
      authorization: `Bearer ${emu.apiKey}`,
      "ngrok-version": "2",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined };
}
