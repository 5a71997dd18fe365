/**
 * What the vault, secret and key kinds add to the table of account-resources.test.ts: a vault
 * that still holds secrets is not deleted, a secret's value and the tokens of API keys and AI
 * gateway API keys are kept across refresh and update although the API never answers them again,
 * and `secretRef` writes the expression a Traffic Policy reads a secret with.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { secretRef } from "../../../provider/secret-ref";
import { aiEndpoint } from "../../support/inputs";
import { emulatorForProvider } from "../../support/provider";

let emu: Emulator;
let provider: Provider;
beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider({ rateLimit: false }, { "ngrok:rateLimit": "off" }));
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

const resolve = <T>(o: pulumi.Output<T>): Promise<T> => new Promise((r) => o.apply(r));

it("refuses to delete a vault that holds secrets, in one line that says what to do, and deletes it once empty", async () => {
  const vault = await provider.handler("Vault").create({ name: "holds-secrets" });
  const secret = await provider.handler("VaultSecret").create({ vaultId: vault.id, name: "db", value: "do-not-print-me" });
  const refused = provider.handler("Vault").delete(vault.id, vault.outs);
  // ERR_NGROK_23003 (https://ngrok.com/docs/errors/err_ngrok_23003), and what to do.
  await expect(refused).rejects.toThrow(/ERR_NGROK_23003: A Vault must be empty before it can be deleted.*delete its VaultSecrets first/);
  const message = String(((await refused.catch((e: unknown) => e)) as Error).message);
  expect(message.split("\n")).toHaveLength(1);
  expect(message).not.toContain("do-not-print-me");
  await provider.handler("VaultSecret").delete(secret.id, secret.outs);
  await provider.handler("Vault").delete(vault.id, vault.outs);
  expect((await provider.handler("Vault").read(vault.id, vault.outs)).id).toBe("");
});

it("keeps a secret's value and an API key's token, which the API answers never or once, across refresh and update", async () => {
  const vault = await provider.handler("Vault").create({ name: "keeps-values" });
  const inputs = { vaultId: vault.id, name: "token", value: "first-value" };
  const secret = await provider.handler("VaultSecret").create(inputs);
  expect(secret.outs.value).toBe("first-value");
  const refreshed = await provider.handler("VaultSecret").read(secret.id, secret.outs);
  expect(refreshed.props.value).toBe("first-value");
  const rotated = await provider.handler("VaultSecret").update(secret.id, refreshed.props, { ...inputs, value: "second-value" });
  expect(rotated.outs.value).toBe("second-value");
  expect((await provider.handler("VaultSecret").read(secret.id, rotated.outs)).props.value).toBe("second-value");

  const key = await provider.handler("ApiKey").create({ description: "a" });
  expect(key.outs.token).toMatch(/^[0-9A-Za-z]{27}_[0-9A-Za-z]{21}$/);
  const keyRead = await provider.handler("ApiKey").read(key.id, key.outs);
  expect(keyRead.props.token).toBe(key.outs.token);
  const keyUpdated = await provider.handler("ApiKey").update(key.id, keyRead.props, { description: "b" });
  expect(keyUpdated.outs.token).toBe(key.outs.token);
});

it("keeps an AI gateway API key's token, which the API answers once, across refresh, update, adoption and lookups' reads of no program", async () => {
  const handler = provider.handler("AiGatewayApiKey");
  const [first, second] = [await aiEndpoint(emu, 1), await aiEndpoint(emu, 2)];
  const key = await handler.create({ endpointId: first, description: "a" });
  expect(key.outs.token).toMatch(/^ng-[0-9A-Za-z]+-g1-[0-9A-Za-z]+$/);
  // The redacted form the service keeps shows the token's ends and never the whole.
  const token = key.outs.token as string;
  expect(key.outs.displayName).toBe(`${token.slice(0, 6)}***${token.slice(-3)}`);
  const keyRead = await handler.read(key.id, key.outs);
  expect(keyRead.props.token).toBe(token);
  const moved = await handler.update(key.id, keyRead.props, { endpointId: second, description: "b" });
  expect({ token: moved.outs.token, endpointId: moved.outs.endpointId }).toEqual({ token, endpointId: second });
  expect((await handler.read(key.id, moved.outs)).props.token).toBe(token);
  // What no program made has no token: a read of the id alone (`get`, a lookup) and an adoption.
  expect((await handler.read(key.id, {})).props).not.toHaveProperty("token");
  const adopted = await handler.create({ endpointId: second, description: "c", importId: key.id });
  expect({ id: adopted.id, token: adopted.outs.token }).toEqual({ id: key.id, token: undefined });
  await handler.delete(key.id);
});

describe("secretRef", () => {
  it("writes ngrok's expression for a vault's secret, from names or from Outputs", async () => {
    expect(secretRef("app-secrets", "upstream-token")).toBe("${secrets.get('app-secrets', 'upstream-token')}");
    expect(await resolve(secretRef(pulumi.output("app-secrets"), pulumi.output("db")))).toBe("${secrets.get('app-secrets', 'db')}");
  });

  it("refuses a name the expression cannot hold, without quoting it", () => {
    expect(() => secretRef("it's", "x")).toThrow("secretRef: the vault name must be non-empty, without quotes, backslashes, braces or line breaks");
    expect(() => secretRef("v", "")).toThrow("secretRef: the secret name must be non-empty");
  });
});
