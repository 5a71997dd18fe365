/**
 * A program that makes a service user and its API key for CI, then CI works with that key
 * (https://ngrok.com/docs/api-reference/apikeys/create): against the emulator, offline, the key
 * authenticates as its owner until it is deleted.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator, type Emulator } from "../../../emulator";
import { Provider, readSettings, type ApiError } from "../../../provider";
import { providerFor } from "../../support/provider";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
});
afterAll(() => emu.close());

/** A provider as a CI job configures it: only its own key and the API's address. */
function providerWithKey(token: string): Provider {
  const config: Record<string, string> = { "ngrok:apiKey": token, "ngrok:apiBaseUrl": emu.url, "ngrok:rateLimit": "off", "ngrok:maxRetries": "0" };
  return new Provider({ settings: readSettings((key) => config[key], {}) });
}

describe("API Keys (https://ngrok.com/docs/api-reference/apikeys/create): a key made for a service user", () => {
  it("works as its owner: what CI makes with it is the service user's, until the key is deleted", async () => {
    const admin = providerFor(emu, {}, { emulator: { rateLimit: false } });
    const deployer = await admin.handler("ServiceUser").create({ name: "ci-deployer" });
    expect(deployer.id).toMatch(/^service_/);
    const key = await admin.handler("ApiKey").create({ description: "CI deployments", ownerId: deployer.id });
    const token = key.outs["token"];
    expect(typeof token).toBe("string");

    const ci = providerWithKey(token as string);
    const vault = await ci.handler("Vault").create({ name: "deployed-by-ci" });
    expect({ createdBy: vault.outs["createdBy"], lastUpdatedBy: vault.outs["lastUpdatedBy"] }).toEqual({ createdBy: deployer.id, lastUpdatedBy: deployer.id });
    // A key CI makes for itself is its owner's, as a key made by a person is that person's.
    const own = await ci.handler("ApiKey").create({ description: "made by CI" });
    expect(own.outs["ownerId"]).toBe(deployer.id);
    const credential = await ci.handler("Credential").create({ description: "agent of CI" });
    expect(credential.outs["ownerId"]).toBe(deployer.id);

    await admin.handler("ApiKey").delete(key.id);
    const refused = (await ci.handler("Vault").create({ name: "after-revoke" }).catch((e: unknown) => e)) as ApiError;
    expect({ status: refused.status, code: refused.errorCode }).toEqual({ status: 403, code: "ERR_NGROK_203" });
    expect(emu.resources("vaults").map((v) => (v as { name: string }).name)).toEqual(["deployed-by-ci"]);
  });
});

describe("Service Users (https://ngrok.com/docs/api-reference/serviceusers/get): one made before service_ ids", () => {
  it("is still read at /service_users/bot_..., and still owns keys", async () => {
    // An emulator's state saved by an earlier release: its service user is `bot_...`.
    const dir = mkdtempSync(join(tmpdir(), "service-users-"));
    const statePath = join(dir, "emulator.json");
    copyFileSync(join(__dirname, "..", "..", "e2e", "fixtures", "upgrade", "dynamic", "emulator.json"), statePath);
    const old = await startEmulator({ rateLimit: false, statePath });
    try {
      const id = "bot_0Vc266Tn0000eIaGiWwTQP210en";
      const provider = providerFor(old, {}, { emulator: { rateLimit: false } });
      const read = await provider.handler("ServiceUser").read(id, { name: "every-kind-deployer" });
      expect({ id: read.id, name: read.props["name"] }).toEqual({ id, name: "every-kind-deployer" });
      expect((await provider.handler("ApiKey").create({ ownerId: id })).outs["ownerId"]).toBe(id);
    } finally {
      await old.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
