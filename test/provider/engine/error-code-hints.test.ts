/**
 * The codes of ngrok's error pages (https://ngrok.com/docs/errors/) that the service answers for
 * what a preview cannot know (the account's names, references, reserved addresses): `up` fails
 * with the code, and the hint the provider gives for it.
 */
import { type ApiError } from "../../../provider";
import { call, missingId, type Answer } from "../../support/api";
import { emulatorForProvider } from "../../support/provider";
import type { Emulator } from "../../../emulator";
import type { Provider } from "../../../provider";

let emu: Emulator;
let provider: Provider;
beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider({ rateLimit: false }));
});
afterAll(() => emu.close());

const made = async (path: string, body: Record<string, unknown>): Promise<string> => ((await call(emu, "POST", path, body)) as Answer).json.id as string;
const respond = JSON.stringify({ on_http_request: [{ actions: [{ type: "custom-response", config: { status_code: 200 } }] }] });
const forward = JSON.stringify({ on_tcp_connect: [{ actions: [{ type: "forward-internal", config: { url: "tcp://db.internal:5432" } }] }] });

interface HintCase {
  page: string;
  kind: string;
  /** The operation that fails, given the provider's handler. */
  fail: (h: ReturnType<Provider["handler"]>) => Promise<unknown>;
  hint: string;
}

const cases: HintCase[] = [
  {
    page: "err_ngrok_23004",
    kind: "Vault",
    fail: async (h) => {
      await made("/vaults", { name: "taken" });
      return h.create({ name: "taken" });
    },
    hint: "vault names are unique in the account",
  },
  {
    page: "err_ngrok_23003",
    kind: "Vault",
    fail: async (h) => {
      const vault = await made("/vaults", { name: "holding" });
      await made("/vault_secrets", { vault_id: vault, name: "held", value: "v" });
      return h.delete(vault);
    },
    hint: "the vault still holds secrets: delete its VaultSecrets first",
  },
  {
    page: "err_ngrok_24005",
    kind: "VaultSecret",
    fail: async (h) => {
      const vault = await made("/vaults", { name: "dup-secrets" });
      await made("/vault_secrets", { vault_id: vault, name: "token", value: "v" });
      return h.create({ vaultId: vault, name: "token", value: "w" });
    },
    hint: "secret names are unique in their vault",
  },
  {
    page: "err_ngrok_24006",
    kind: "VaultSecret",
    fail: (h) => h.create({ vaultId: missingId("vault"), name: "token", value: "w" }),
    hint: "vaultId refers to a resource that does not exist",
  },
  {
    page: "err_ngrok_1414",
    kind: "IpPolicyRule",
    fail: (h) => h.create({ ipPolicyId: missingId("ipp"), cidr: "10.0.0.0/8", action: "allow" }),
    hint: "ipPolicyId refers to a resource that does not exist",
  },
  {
    page: "err_ngrok_18006",
    kind: "CloudEndpoint",
    fail: (h) => h.create({ url: "tcp://1.tcp.ngrok.io:20000", trafficPolicy: forward }),
    hint: "a TcpAddress for a tcp url",
  },
  {
    page: "err_ngrok_27002",
    kind: "AiGatewayApiKey",
    fail: (h) => h.create({ endpointId: missingId("ep") }),
    hint: "endpointId names no endpoint of this account",
  },
  {
    page: "err_ngrok_27003",
    kind: "AiGatewayApiKey",
    fail: async (h) => h.create({ endpointId: await made("/endpoints", { url: "https://no-ai.internal", traffic_policy: respond }) }),
    hint: "has no `ai-gateway` action in its Traffic Policy",
  },
  {
    page: "err_ngrok_380",
    kind: "ApiKey",
    fail: (h) => h.create({ ownerId: missingId("service") }),
    hint: "ownerId refers to a resource that does not exist",
  },
];

describe("the hint follows the documented code", () => {
  it.each(cases.map((c) => [`${c.kind}: https://ngrok.com/docs/errors/${c.page}`, c] as const))("%s", async (_name, c) => {
    const err = (await c.fail(provider.handler(c.kind)).then(
      () => undefined,
      (e: unknown) => e,
    )) as ApiError | undefined;
    expect({ code: err?.errorCode, hinted: err?.message.includes(c.hint) }).toEqual({ code: c.page.toUpperCase(), hinted: true });
  });
});
