/** Vaults and secrets, service users, API keys and reserved TCP addresses: fields, defaults and rules. */
import { startEmulator, type Emulator } from "../../../emulator";
import { call, expectError } from "../../support/api";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
});
afterAll(() => emu.close());

const vault = async (name: string) => (await call(emu, "POST", "/vaults", { name })).json;

describe("vaults and vault_secrets", () => {
  it("answers a vault's fields; its name is required, unique and changes in place", async () => {
    const created = await call(emu, "POST", "/vaults", { name: "team-a", description: "team A", metadata: "{}" });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^vault_[0-9A-Za-z]{27}$/),
      uri: `${emu.url}/vaults/${created.json.id}`,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      name: "team-a",
      description: "team A",
      metadata: "{}",
      created_by: expect.stringMatching(/^usr_/),
      last_updated_by: expect.stringMatching(/^usr_/),
    });
    expectError(await call(emu, "POST", "/vaults", {}), 400, "ERR_NGROK_23001");
    expectError(await call(emu, "POST", "/vaults", { name: "team-a" }), 400, "ERR_NGROK_23004");
    const renamed = await call(emu, "PATCH", `/vaults/${created.json.id}`, { name: "team-a2" });
    expect(renamed.json.name).toBe("team-a2");
  });

  it("never answers a secret's value, in any response", async () => {
    const v = await vault("never-answers");
    const value = "sup3r-secret-value-xyz";
    const created = await call(emu, "POST", "/vault_secrets", { vault_id: v.id, name: "db-password", value, description: "db" });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.stringMatching(/^secret_[0-9A-Za-z]{27}$/),
      uri: `${emu.url}/vault_secrets/${created.json.id}`,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      name: "db-password",
      description: "db",
      created_by: { id: expect.stringMatching(/^usr_/), uri: expect.any(String) },
      last_updated_by: { id: expect.stringMatching(/^usr_/), uri: expect.any(String) },
      vault: { id: v.id, uri: `${emu.url}/vaults/${v.id}` },
      vault_name: "never-answers",
    });
    const rotated = await call(emu, "PATCH", `/vault_secrets/${created.json.id}`, { value: "r0tated-value-abc" });
    expect(rotated.status).toBe(200);
    const texts = [
      created.text,
      rotated.text,
      (await call(emu, "GET", `/vault_secrets/${created.json.id}`)).text,
      (await call(emu, "GET", "/vault_secrets")).text,
      (await call(emu, "GET", `/vaults/${v.id}/secrets`)).text,
    ];
    for (const text of texts) expect({ text, leaks: text.includes(value) || text.includes("r0tated-value-abc") }).toEqual({ text, leaks: false });
  });

  it("names the vault by id or by name; the vault is fixed, names are unique within a vault", async () => {
    const a = await vault("by-name-a");
    const b = await vault("by-name-b");
    const byName = await call(emu, "POST", "/vault_secrets", { vault_name: "by-name-a", name: "k", value: "1" });
    expect(byName.json.vault).toEqual({ id: a.id, uri: expect.any(String) });
    expectError(await call(emu, "POST", "/vault_secrets", { vault_id: a.id, name: "k", value: "2" }), 400, "ERR_NGROK_24005");
    expect((await call(emu, "POST", "/vault_secrets", { vault_id: b.id, name: "k", value: "2" })).status).toBe(201);
    expectError(await call(emu, "POST", "/vault_secrets", { vault_id: "vault_2abcdefghijklmnopqrstuvwxyz", name: "k", value: "3" }), 400, "ERR_NGROK_24006");
    expectError(await call(emu, "POST", "/vault_secrets", { name: "k", value: "3" }), 400, "ERR_NGROK_24008");
    expectError(await call(emu, "POST", "/vault_secrets", { vault_id: a.id, name: "empty", value: "" }), 400, "ERR_NGROK_24003");
    expectError(await call(emu, "PATCH", `/vault_secrets/${byName.json.id}`, { vault_id: b.id }), 400, "ERR_NGROK_214");
    const listed = await call(emu, "GET", `/vaults/${a.id}/secrets`);
    expect(listed.json.secrets.map((s: { id: string }) => s.id)).toEqual([byName.json.id]);
  });

  it("refuses to delete a vault that still holds secrets, and deletes it once empty", async () => {
    const v = await vault("holds-one");
    const s = await call(emu, "POST", "/vault_secrets", { vault_id: v.id, name: "k", value: "1" });
    const refused = await call(emu, "DELETE", `/vaults/${v.id}`);
    expectError(refused, 400, "ERR_NGROK_23003");
    expect((await call(emu, "GET", `/vaults/${v.id}`)).status).toBe(200);
    expect((await call(emu, "DELETE", `/vault_secrets/${s.json.id}`)).status).toBe(204);
    expect((await call(emu, "DELETE", `/vaults/${v.id}`)).status).toBe(204);
  });
});

describe("service_users", () => {
  it("are active by default, and change name and active in place", async () => {
    const created = await call(emu, "POST", "/service_users", { name: "ci" });
    expect(created.json).toEqual({ id: expect.stringMatching(/^service_[0-9A-Za-z]{27}$/), uri: `${emu.url}/service_users/${created.json.id}`, name: "ci", active: true, created_at: expect.any(String) });
    const patched = await call(emu, "PATCH", `/service_users/${created.json.id}`, { active: false, name: "ci-2" });
    expect(patched.json).toMatchObject({ name: "ci-2", active: false });
    expectError(await call(emu, "POST", "/service_users", {}), 400, "ERR_NGROK_215");
  });
});

describe("api_keys", () => {
  it("answer the token once, then null; the owner is fixed", async () => {
    const created = await call(emu, "POST", "/api_keys", { description: "automation" });
    expect(created.json).toEqual({
      id: expect.stringMatching(/^ak_[0-9A-Za-z]{27}$/),
      uri: `${emu.url}/api_keys/${created.json.id}`,
      created_at: expect.any(String),
      description: "automation",
      token: expect.stringMatching(/^[0-9A-Za-z]{27}_[0-9A-Za-z]{21}$/),
      owner_id: expect.stringMatching(/^usr_/),
    });
    expect((await call(emu, "GET", `/api_keys/${created.json.id}`)).json.token).toBeNull();
    expect((await call(emu, "GET", "/api_keys")).json.keys.find((k: { id: string }) => k.id === created.json.id).token).toBeNull();
    const bot = (await call(emu, "POST", "/service_users", { name: "key-owner" })).json.id as string;
    expectError(await call(emu, "PATCH", `/api_keys/${created.json.id}`, { owner_id: bot }), 400, "ERR_NGROK_214");
    const owned = await call(emu, "POST", "/api_keys", { owner_id: bot });
    expect(owned.json.owner_id).toBe(bot);
  });
});

describe("reserved_addrs", () => {
  it("assign a hostname:port in the region (default us); the region is fixed", async () => {
    const us = await call(emu, "POST", "/reserved_addrs", { description: "db" });
    expect(us.json).toEqual({
      id: expect.stringMatching(/^ra_[0-9A-Za-z]{27}$/),
      uri: `${emu.url}/reserved_addrs/${us.json.id}`,
      created_at: expect.any(String),
      description: "db",
      region: "us",
      addr: expect.stringMatching(/^[0-9]\.tcp\.ngrok\.io:[0-9]{5}$/),
    });
    const eu = await call(emu, "POST", "/reserved_addrs", { region: "eu" });
    expect(eu.json.addr).toMatch(/^[0-9]\.tcp\.eu\.ngrok\.io:[0-9]{5}$/);
    expectError(await call(emu, "POST", "/reserved_addrs", { region: "mars" }), 400, "ERR_NGROK_215");
    expectError(await call(emu, "PATCH", `/reserved_addrs/${eu.json.id}`, { region: "us" }), 400, "ERR_NGROK_214");
  });
});
