/** The state file: loaded on start, rewritten atomically after each change, kept across restarts. */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmulator } from "../../../emulator";
import { call } from "../../support/api";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "ngrok-emulator-state-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("keeps resources, modules, live sessions and the account across a restart", async () => {
  const statePath = join(dir, "nested", "state.json");
  const first = await startEmulator({ statePath, apiKey: "k1" });
  const cred = (await call(first, "POST", "/credentials", { description: "persisted", acl: ["*"] })).json;
  const rd = (await call(first, "POST", "/reserved_domains", { domain: "keep.example.com", certificate_management_policy: {} })).json;
  const edge = (await call(first, "POST", "/edges/https", {})).json;
  const route = (await call(first, "POST", `/edges/https/${edge.id}/routes`, { match_type: "exact_path", match: "/" })).json;
  await call(first, "PUT", `/edges/https/${edge.id}/routes/${route.id}/user_agent_filter`, { deny: ["curl"] });
  first.connectAgent({ credentialId: cred.id, os: "linux", agentVersion: "3.0.0", tunnels: [{ proto: "http", forwardsTo: "localhost:80" }] });
  // Written after each change, before any shutdown.
  expect(readFileSync(statePath, "utf8")).toContain(cred.id);
  const before = {
    credentials: first.resources("credentials"),
    reserved_domains: first.resources("reserved_domains"),
    https_edges: first.resources("https_edges"),
    tunnel_sessions: first.resources("tunnel_sessions"),
  };
  await first.close();

  const second = await startEmulator({ statePath, apiKey: "k2", port: 0 });
  try {
    const rebase = (v: unknown) => JSON.parse(JSON.stringify(v).split(first.url).join(second.url)) as unknown;
    expect(second.resources("credentials")).toEqual(rebase(before.credentials));
    expect(second.resources("reserved_domains")).toEqual(rebase(before.reserved_domains));
    expect(second.resources("https_edges")).toEqual(rebase(before.https_edges));
    expect(second.resources("tunnel_sessions")).toEqual(rebase(before.tunnel_sessions));
    // uris follow the new base URL; the token stays unrecoverable.
    const got = await call(second, "GET", `/credentials/${cred.id}`);
    expect(got.json).toMatchObject({ uri: `${second.url}/credentials/${cred.id}`, token: null, owner_id: cred.owner_id });
    expect((await call(second, "GET", `/reserved_domains/${rd.id}`)).json.certificate_management_status).toEqual(rd.certificate_management_status);
    // New ids still sort after the loaded ones; deletions persist too.
    const next = (await call(second, "POST", "/credentials", {})).json;
    expect(next.id > cred.id).toBe(true);
    expect((await call(second, "DELETE", `/credentials/${cred.id}`)).status).toBe(204);
  } finally {
    await second.close();
  }
  const third = await startEmulator({ statePath });
  try {
    expect(third.resources("credentials").map((c) => (c as { id: string }).id)).not.toContain(cred.id);
    expect(third.resources("credentials")).toHaveLength(1);
  } finally {
    await third.close();
  }
  // Atomic writes leave no temporary files behind.
  expect(readdirSync(join(dir, "nested"))).toEqual(["state.json"]);
});

it("does not write anything without a state path, and refuses a corrupt state file", async () => {
  const emu = await startEmulator();
  await call(emu, "POST", "/credentials", {});
  await emu.close();
  expect(readdirSync(dir)).toEqual([]);

  const bad = join(dir, "bad.json");
  writeFileSync(bad, "{not json");
  await expect(startEmulator({ statePath: bad })).rejects.toThrow(/bad\.json: not a readable emulator state file/);
  writeFileSync(bad, JSON.stringify({ version: 9 }));
  await expect(startEmulator({ statePath: bad })).rejects.toThrow(/not an emulator state file/);
});

it("serves an AI gateway provider key a state file holds under the AI Gateway API's provider keys' prefix, `aigpk_`", async () => {
  const statePath = join(dir, "state.json");
  const id = "aigpk_0VcoS6V60000r5BbtICKLpcvfNm";
  const data = { ai_gateway_api_key_id: "aigwak_0VcoS6V60000r5BbtICKLpcvfNm", provider_id: "openai", display_name: "sk-abc***xyz", description: "kept", metadata: "" };
  writeFileSync(statePath, JSON.stringify({ version: 1, account: { user_id: "usr_0VcoS6V60000r5BbtICKLpcvfNm" }, collections: { ai_gateway_provider_keys: [{ id, created_at: "2026-01-01T00:00:00Z", data, modules: {} }] } }));
  const emu = await startEmulator({ statePath });
  try {
    expect((await call(emu, "GET", `/ai_gateway_provider_keys/${id}`)).json).toMatchObject({ id, description: "kept" });
    expect((await call(emu, "DELETE", `/ai_gateway_provider_keys/${id}`)).status).toBe(204);
  } finally {
    await emu.close();
  }
});

it("serves an AI gateway API key a state file holds under the access keys' prefix, `aigk_`", async () => {
  const statePath = join(dir, "state.json");
  const id = "aigk_0VcoS6V60000r5BbtICKLpcvfNm";
  const data = { description: "kept", metadata: "", endpoint_id: "ep_0VcoS6V60000r5BbtICKLpcvfNm", token_sha256: "0", display_name: "ng-abc***xyz" };
  writeFileSync(statePath, JSON.stringify({ version: 1, account: { user_id: "usr_0VcoS6V60000r5BbtICKLpcvfNm" }, collections: { ai_gateway_api_keys: [{ id, created_at: "2026-01-01T00:00:00Z", data, modules: {} }] } }));
  const emu = await startEmulator({ statePath });
  try {
    expect((await call(emu, "GET", `/ai_gateway_api_keys/${id}`)).json).toMatchObject({ id, description: "kept" });
    expect((await call(emu, "PATCH", `/ai_gateway_api_keys/${id}`, { description: "changed" })).json).toMatchObject({ id, description: "changed" });
    expect((await call(emu, "DELETE", `/ai_gateway_api_keys/${id}`)).status).toBe(204);
  } finally {
    await emu.close();
  }
});
