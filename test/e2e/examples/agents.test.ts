/**
 * examples/agents end to end with the real Pulumi CLI against an in-process emulator. Its
 * behaviour depends on agents, which the test connects through the emulator's control path after
 * the first `up` has created their credential, so it has its own steps rather than the shared life
 * cycle of ../lifecycle.ts; it keeps that life cycle's checks: no-change preview and refresh after
 * every `up`, the emulator holding exactly what is expected, secrets encrypted, nothing left by
 * destroy. It runs on the dynamic SDK and through the provider plugin on its Node.js SDK
 * (`pluginProgram` in ../lifecycle.ts).
 */
import { startEmulator, type Emulator } from "../../../emulator";
import { call } from "../../support/api";
import { pluginProgram, type Path } from "../lifecycle";
import { installPlugin, pluginTarball } from "../plugin-install";
import { PulumiStack, cleanUpStack, isEncryptedSecret, pulumiBinDir, revealedSecret } from "../pulumi";

jest.setTimeout(20 * 60_000);

interface SessionRow {
  id: string;
  agent_version: string;
  metadata?: string;
  credential: { id: string };
}

let emu: Emulator | undefined;
let stack: PulumiStack | undefined;

beforeAll(async () => {
  // Fails the test (rather than skipping it) when the CLI cannot be had.
  await pulumiBinDir();
}, 60 * 60_000);

afterAll(async () => {
  await cleanUpStack(stack);
  await emu?.close();
});

const sessions = (): SessionRow[] => emu!.resources("tunnel_sessions") as SessionRow[];
const sessionIds = (): string[] => sessions().map((s) => s.id).sort();

/** The program's own resources in `preview --json`'s plan, by name: what is not "same". */
function changed(ops: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(ops)
      .filter(([urn, op]) => op !== "same" && !urn.includes("::pulumi:pulumi:Stack::") && !urn.includes("::pulumi:providers:"))
      .map(([urn, op]) => [urn.slice(urn.lastIndexOf("::") + 2), op]),
  );
}

/** State: no API key anywhere, the token an encrypted secret, each `__provider` a small stub (none through the plugin). */
async function checkState(s: PulumiStack, at: string, via: Path): Promise<void> {
  const state = await s.stackExport();
  const text = JSON.stringify(state);
  expect({ at, apiKeyInState: text.includes(emu!.apiKey), apiKeyInOutput: s.transcript.includes(emu!.apiKey) }).toEqual({
    at,
    apiKeyInState: false,
    apiKeyInOutput: false,
  });
  const prefix = via === "plugin" ? "ngrok:index:" : "pulumi-nodejs:dynamic/ngrok:";
  const resources = (state.deployment.resources ?? []).filter((r) => r.custom && !r.type.startsWith("pulumi:providers:"));
  expect({ at, types: resources.map((r) => r.type).sort() }).toEqual({ at, types: [`${prefix}AgentCommand`, `${prefix}Credential`] });
  if (via === "plugin") expect({ at, providerCode: text.includes("__provider") }).toEqual({ at, providerCode: false });
  else for (const r of resources) {
    const size = Buffer.byteLength(String(r.outputs?.__provider ?? ""));
    expect({ at, urn: r.urn, stub: size > 0 && size < 4096 }).toEqual({ at, urn: r.urn, stub: true });
  }
  const fleet = resources.find((r) => r.urn.endsWith("::fleet"))!;
  expect({ at, tokenEncrypted: isEncryptedSecret(fleet.outputs?.token) }).toEqual({ at, tokenEncrypted: true });
  const revealed = (await s.stackExportWithSecrets()).deployment.resources?.find((r) => r.urn === fleet.urn);
  const token = revealedSecret(revealed?.outputs?.token);
  expect({ at, token: typeof token === "string" && token.length > 0, leaked: text.includes(String(token)) || s.transcript.includes(String(token)) }).toEqual({
    at,
    token: true,
    leaked: false,
  });
}

/** After an `up`: preview and refresh find nothing to do, and refresh acts on no agent. */
async function settled(s: PulumiStack, at: string, via: Path): Promise<void> {
  const before = sessionIds();
  await s.previewExpectNoChanges(`preview --expect-no-changes after ${at}`);
  await s.refreshExpectNoChanges(`refresh --expect-no-changes after ${at}`);
  expect({ at, sessions: sessionIds() }).toEqual({ at, sessions: before });
  await checkState(s, at, via);
}

it.each<[string, Path]>([
  ["on the dynamic SDK", "dynamic"],
  ["through the provider plugin, on its Node.js SDK", "plugin"],
])("examples/agents: looks up the credential's agents and restarts them when its ACL changes, %s", async (_, via) => {
  // Each case has an emulator of its own: the last one is closed by afterAll, the others here.
  await emu?.close();
  emu = await startEmulator();
  const config = { "ngrok:apiBaseUrl": emu.url };
  const secretConfig = { "ngrok:apiKey": emu.apiKey };
  stack = via === "plugin"
    ? await PulumiStack.create({ programDir: pluginProgram("agents"), config, secretConfig })
    : await PulumiStack.create({ example: "agents", config, secretConfig });
  const s = stack;
  if (via === "plugin") await installPlugin(s);

  // 1. The credential, and an AgentCommand with no agent to act on yet.
  await s.up("up");
  const [credential, ...more] = emu.resources("credentials") as { id: string; acl: string[]; description: string }[];
  expect({ credential, more }).toEqual({
    credential: expect.objectContaining({ description: "Agents of the example fleet", acl: ["bind:*.agents.example.com"] }),
    more: [],
  });
  expect(sessions()).toEqual([]);
  let outputs = await s.outputs();
  expect(outputs).toMatchObject({ credentialId: credential!.id, restartedSessionIds: [], authtoken: "[secret]" });
  await settled(s, "the first up", via);

  // 2. Two agents connect with the credential. New sessions alone change nothing.
  for (const [i, metadata] of ["web", "worker"].entries()) {
    const connected = await call(emu, "POST", "/_emulator/agents", {
      credentialId: credential!.id,
      os: "linux",
      agentVersion: "3.18.4",
      ip: `10.0.0.${i + 1}`,
      metadata,
      tunnels: [{ proto: "https", forwardsTo: `localhost:${8080 + i}` }],
    });
    expect(connected.status).toBe(201);
  }
  const first = sessionIds();
  expect(first).toHaveLength(2);
  await settled(s, "two agents connected", via);

  // 3. The ACL changes: preview plans the credential's update and the command's; up restarts both agents.
  const acl = ["bind:*.agents.example.com", "bind:*.api.example.com"];
  await s.setConfig("acl", JSON.stringify(acl));
  expect(changed(await s.plannedOps("preview --json: ACL change"))).toEqual({ fleet: "update", "restart-on-acl-change": "update" });
  await s.up("up: ACL change");
  expect(emu.resources("credentials")).toEqual([expect.objectContaining({ id: credential!.id, acl })]);
  const second = sessionIds();
  expect({ count: second.length, reused: second.filter((id) => first.includes(id)) }).toEqual({ count: 2, reused: [] });
  expect(sessions().map((s) => s.metadata).sort()).toEqual(["web", "worker"]);
  outputs = await s.outputs();
  expect([...(outputs.restartedSessionIds as string[])].sort()).toEqual(second);
  expect(outputs.lastRunLog).toEqual(
    expect.arrayContaining(first.map((id) => expect.stringMatching(new RegExp(`^restart ${id}: the agent reconnected as ts_`)))),
  );
  await settled(s, "the ACL change", via);

  // 4. Update then restart: the agents run the new release; the wait shows in up's output.
  await s.setConfig("command", "update-restart");
  expect(changed(await s.plannedOps("preview --json: update-restart"))).toEqual({ "restart-on-acl-change": "update" });
  const updated = await s.up("up: update-restart");
  expect(updated.stdout + updated.stderr).toContain("ngrok AgentCommand: waiting 10 s for the update to finish before restarting");
  const third = sessionIds();
  expect({ count: third.length, reused: third.filter((id) => second.includes(id)) }).toEqual({ count: 2, reused: [] });
  expect(sessions().map((s) => s.agent_version)).toEqual(["3.19.0", "3.19.0"]);
  outputs = await s.outputs();
  expect([...(outputs.restartedSessionIds as string[])].sort()).toEqual(third);
  expect(outputs.lastRunLog).toEqual(expect.arrayContaining([expect.stringMatching(/^waiting 10 s /)]));
  await settled(s, "update-restart", via);

  // 5. Destroy removes the credential and leaves the agents alone (an AgentCommand's delete never acts).
  await s.destroy();
  expect(emu.resources("credentials")).toEqual([]);
  expect(sessionIds()).toEqual(third);
  const after = await s.stackExport();
  expect((after.deployment.resources ?? []).filter((r) => r.custom && !r.type.startsWith("pulumi:providers:"))).toEqual([]);
  stack = undefined;
  s.dispose();
});
