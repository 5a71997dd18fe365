/**
 * The service holds a CIDR range once per IP policy (ERR_NGROK_1408, ngrok API errors
 * reference): replacing a rule while keeping its range (a new `action`) must delete the old rule
 * before creating the new one, or the create is refused. Against the emulator over loopback.
 */
import type { Emulator } from "../../../emulator";
import type { Provider } from "../../../provider";
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

it("IpPolicyRule: a replace that keeps the CIDR deletes first, since creating first is refused with ERR_NGROK_1408", async () => {
  const rules = provider.handler("IpPolicyRule");
  const policy = (await call(emu, "POST", "/ip_policies", {})).json.id as string;
  const inputs = { ipPolicyId: policy, cidr: "203.0.113.0/24", action: "allow" };
  const created = await rules.create(inputs);
  const news = { ...inputs, action: "deny" };

  expect(await rules.diff(created.id, created.outs, news)).toEqual({ changes: true, changed: ["action"], replaces: ["action"], deleteBeforeReplace: true });
  // What the engine would do otherwise: create the replacement first.
  await expect(rules.create(news)).rejects.toThrow(/ERR_NGROK_1408/);
  // What it does: delete, then create.
  await rules.delete(created.id, created.outs);
  expect((await rules.create(news)).outs).toMatchObject({ cidr: "203.0.113.0/24", action: "deny" });

  // A new range is an ordinary replace.
  expect((await rules.diff(created.id, created.outs, { ...news, cidr: "198.51.100.0/24" })).deleteBeforeReplace).toBe(false);
});
