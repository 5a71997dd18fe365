/**
 * A refresh with a key the API refuses: the first read of the process fails with the one-line
 * explanation, the others keep their state without a message of their own; any other failure is
 * still reported for each resource.
 */
import type { Emulator } from "../../../emulator";
import { Provider, readSettings } from "../../../provider";
import { call } from "../../support/api";
import { emulatorForProvider } from "../../support/provider";

let emu: Emulator;
let provider: Provider;
beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider({ rateLimit: false }));
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

/** A provider process with the stack config `config`. */
const providerWith = (config: Record<string, string>): Provider => new Provider({ settings: readSettings((key) => config[key], {}) });

it("tells a refused key once, and other failures every time", async () => {
  const ids = await Promise.all([0, 1, 2].map(async (i) => (await call(emu, "POST", "/ip_policies", { description: `p${i}` })).json.id as string));
  const handler = provider.handler("IpPolicy");
  const states = await Promise.all(ids.map(async (id) => (await handler.read(id, { description: "old" })).props));

  const refused = providerWith({ "ngrok:apiKey": "not-the-key", "ngrok:apiBaseUrl": emu.url, "ngrok:rateLimit": "off", "ngrok:maxRetries": "0" }).handler("IpPolicy");
  const reads = await Promise.allSettled(ids.map((id, i) => refused.read(id, states[i])));
  const failed = reads.filter((r): r is PromiseRejectedResult => r.status === "rejected");
  expect(failed.map((r) => String(r.reason).split("\n").length)).toEqual([1]);
  expect(String(failed[0]!.reason)).toContain("The ngrok API key was refused");
  // The others are left as they were.
  reads.forEach((r, i) => {
    if (r.status === "fulfilled") expect(r.value).toEqual({ id: ids[i], props: states[i] });
  });

  // Another failure (the API down) is reported for each resource.
  const unreachable = providerWith({ "ngrok:apiKey": emu.apiKey, "ngrok:apiBaseUrl": "http://127.0.0.1:9", "ngrok:rateLimit": "off", "ngrok:maxRetries": "0" }).handler("IpPolicy");
  const down = await Promise.allSettled(ids.map((id, i) => unreachable.read(id, states[i])));
  expect(down.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected"]);
});
