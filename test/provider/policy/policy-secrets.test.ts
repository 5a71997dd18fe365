/**
 * A policy that reads a vault secret (`secrets.get('<vault>', '<secret>')`) the account does not
 * have is told at preview, with its place as the program wrote it, as a note and not a failure:
 * the same program may create the vault and the secret in the same `up`.
 */
import { startEmulator, type Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { call } from "../../support/api";
import { providerFor, recordedEvents } from "../../support/provider";

let emu: Emulator;
let provider: Provider;
let endpoint: Handler;
const events = recordedEvents();

beforeAll(async () => {
  emu = await startEmulator();
  provider = providerFor(emu, {}, { events });
  endpoint = provider.handler("CloudEndpoint");
  await call(emu, "POST", "/reserved_domains", { domain: "app.example.com" });
  const vault = await call(emu, "POST", "/vaults", { name: "app-secrets" });
  await call(emu, "POST", "/vault_secrets", { vault_id: vault.json.id, name: "upstream-token", value: "t0ken-value" });
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

const policy = (vault: string, secret: string) => `
on_http_request:
  - actions:
      - type: add-headers
        config:
          headers:
            authorization: "Bearer \${secrets.get('${vault}', '${secret}')}"
      - type: forward-internal
        config:
          url: https://app.internal
`;

async function notes(trafficPolicy: unknown): Promise<{ failures: string[]; notes: string[] }> {
  const before = events.infos.length;
  const result = await endpoint.check({}, { url: "https://app.example.com", trafficPolicy });
  return { failures: result.failures.map((f) => f.message), notes: events.infos.slice(before) };
}

it("says nothing of a secret the account holds", async () => {
  expect(await notes(policy("app-secrets", "upstream-token"))).toEqual({ failures: [], notes: [] });
});

it("tells of a vault the account does not have, where the policy reads it, as written", async () => {
  expect(await notes(policy("other-vault", "upstream-token"))).toEqual({
    failures: [],
    notes: [
      "trafficPolicy.on_http_request[0].actions[0].config.headers.authorization reads vault 'other-vault', which this account does not have: " +
        "unless this program creates it, requests reaching it will be answered 500 (ERR_NGROK_2253)",
    ],
  });
});

it("tells of a secret the vault does not hold, in the typed form's places for a typed policy", async () => {
  const typed = {
    onHttpRequest: [
      { expressions: ["getReqHeader('x-key')[0] == secrets.get('app-secrets', 'api-key')"], actions: [{ type: "deny" }] },
      { actions: [{ type: "forward-internal", config: { url: "https://app.internal" } }] },
    ],
  };
  expect(await notes(typed)).toEqual({
    failures: [],
    notes: [
      "trafficPolicy.onHttpRequest[0].expressions[0] reads secret 'api-key' of vault 'app-secrets', which the vault does not hold: " +
        "unless this program creates it, requests reaching it will be answered 500 (ERR_NGROK_2253)",
    ],
  });
});
