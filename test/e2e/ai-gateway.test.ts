/**
 * The AI Gateway API's kinds end to end, with the real CLI against the emulator's AI Gateway API
 * (its own base URL and ngrok.ai API key), through both doors: one stack per door holds every kind
 * (test/e2e/programs/ai-gateway). Create; no-change preview and refresh; in-place updates; a
 * provider key's rotation in place (`POST /provider-keys/{id}/rotate`, the same id, no replace);
 * the replace the API requires (a custom provider's `providerId`); lookups by id and by name and the
 * functions; no provider key value or token in the state file, the outputs or the CLI's output;
 * delete, which puts the gateway configuration's defaults back.
 */
import * as fs from "fs";
import * as path from "path";
import { pluginPackage } from "../support/plugin-package";
import { aiCall } from "../support/api";
import { useEmulatorStacks } from "./fixture";
import { installPlugin, pluginTarball } from "./plugin-install";
import { repoRoot, type PulumiStack } from "./pulumi";

jest.setTimeout(20 * 60_000);

const fx = useEmulatorStacks({ emulator: { rateLimit: false }, ready: () => Promise.all([pluginTarball(), Promise.resolve(pluginPackage())]) });

type Door = "dynamic" | "plugin";

/** A copy of the program under .pulumi-test/ on the door: the plugin's package installed as pulumi-ngrok, or none (the repository's dynamic package). */
function programOn(door: Door): string {
  const dir = path.join(repoRoot, ".pulumi-test", "ai-gateway", `${door}-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(path.join(__dirname, "programs", "ai-gateway"), dir, { recursive: true });
  if (door === "plugin") fs.cpSync(pluginPackage().dir, path.join(dir, "node_modules", "pulumi-ngrok"), { recursive: true });
  return dir;
}

const secrets = { first: "sk-primary-F1RST-s3cret-value", rotated: "sk-primary-ROTATED-s3cret-value", backup: "sk-backup-s3cret-value" };

/** The AI Gateway API's writes since `clearRequests`, as `METHOD path`. */
const writes = () => fx.emu.aiGatewayApi.requests.filter((r) => r.method !== "GET").map((r) => `${r.method} ${r.path}`);
const ai = (kind: string) => fx.emu.resources(kind) as Record<string, unknown>[];
const urnOf = (ops: Record<string, string>, name: string) => Object.keys(ops).find((u) => u.endsWith(`::${name}`))!;

it.each<Door>(["dynamic", "plugin"])("every AI Gateway kind's life cycle through the %s door", async (door) => {
  const emu = fx.emu;
  const stack: PulumiStack = await fx.create({
    programDir: programOn(door),
    config: {
      "ngrok:rateLimit": "off",
      "ngrok:aiGatewayApiBaseUrl": emu.aiGatewayApi.url,
      "ngrok:aiGatewayRateLimit": "off",
      label: "first",
      customProviderId: "lab-vllm",
      totalTimeout: "90s",
    },
    secretConfig: { "ngrok:aiGatewayApiKey": emu.aiGatewayApi.apiKey, primaryKey: secrets.first, backupKey: secrets.backup },
  });
  if (door === "plugin") await installPlugin(stack);
  emu.aiGatewayApi.setCreditBalance(4200);

  // Create.
  await stack.up();
  const outs = await stack.outputs();
  const ids = outs.ids as Record<string, string>;
  expect(ai("providers").map((p) => p.id)).toEqual([ids.vllm]);
  expect(ai("provider-keys").map((k) => k.id).sort()).toEqual([ids.primary, ids.backup].sort());
  expect(ai("access-keys")).toMatchObject([{ id: ids.app, accessKeyConfiguration: { id: ids.routing } }]);
  expect(emu.aiGatewayApi.directory.providerKey(ids.primary!)?.value).toBe(secrets.first);
  expect((await aiCall(emu, "GET", "/gateway-config")).json).toMatchObject({ totalTimeout: "90s", perRequestTimeout: "30s", maxOutputTokens: 4096 });
  // Lookups by id and by name, and the functions.
  expect(outs.found).toEqual({
    providerById: "lab-vllm",
    providerByProviderId: ids.vllm,
    keyByName: ids.primary,
    configurationByName: ids.routing,
    accessKeyByName: ai("access-keys")[0]!.keyRedacted,
    apiKeyById: "automation",
    gatewayConfig: expect.stringMatching(/^usr_/),
  });
  expect(outs.creditBalance).toBe(4200);
  expect(outs.accessKeyToken).toBe("[secret]");

  // Nothing to change.
  await stack.previewExpectNoChanges();
  await stack.refreshExpectNoChanges();

  // In place: labels, the configuration's description, the gateway's timeout.
  await stack.setConfig("label", "second");
  await stack.setConfig("totalTimeout", "100s");
  emu.aiGatewayApi.clearRequests();
  await stack.up();
  expect(writes().every((w) => w.startsWith("PATCH "))).toBe(true);
  expect(writes()).toEqual(expect.arrayContaining([`PATCH /providers/${ids.vllm}`, `PATCH /access-keys/${ids.app}`, "PATCH /gateway-config"]));
  expect((await stack.outputs()).ids).toEqual(ids);

  // A provider key's new value: an update, sent to /rotate; the key keeps its id.
  await stack.setConfig("primaryKey", secrets.rotated, { secret: true });
  const rotation = await stack.plannedOps();
  expect(rotation[urnOf(rotation, "primary")]).toBe("update");
  emu.aiGatewayApi.clearRequests();
  await stack.up();
  expect(writes()).toEqual([`POST /provider-keys/${ids.primary}/rotate`]);
  expect(emu.aiGatewayApi.directory.providerKey(ids.primary!)?.value).toBe(secrets.rotated);
  await stack.previewExpectNoChanges();

  // The API cannot change a custom provider's providerId: a replacement, and of the key made for it.
  await stack.setConfig("customProviderId", "lab-vllm-2");
  emu.aiGatewayApi.clearRequests();
  await stack.up();
  const replaced = (await stack.outputs()).ids as Record<string, string>;
  expect({ vllm: replaced.vllm === ids.vllm, backup: replaced.backup === ids.backup, primary: replaced.primary === ids.primary }).toEqual({ vllm: false, backup: false, primary: true });
  expect(ai("providers")).toMatchObject([{ id: replaced.vllm, providerId: "lab-vllm-2" }]);
  expect(writes()).toEqual(expect.arrayContaining([`DELETE /providers/${ids.vllm}`, `DELETE /provider-keys/${ids.backup}`]));
  await stack.previewExpectNoChanges();
  await stack.refreshExpectNoChanges();

  // No provider key value or token in the state, the outputs or the CLI's output.
  const revealed = await stack.stackExportWithSecrets();
  const tokens = (revealed.deployment.resources ?? []).flatMap((r) => {
    const token = (r.outputs as Record<string, unknown> | undefined)?.token as { plaintext?: string } | undefined;
    return typeof token?.plaintext === "string" ? [JSON.parse(token.plaintext) as string] : [];
  });
  expect(tokens.length).toBeGreaterThanOrEqual(2);
  const state = JSON.stringify(await stack.stackExport());
  const shown = JSON.stringify(await stack.outputs());
  for (const secret of [...Object.values(secrets), ...tokens]) {
    expect({ secret: secret.slice(0, 6), inState: state.includes(secret), inOutputs: shown.includes(secret), inCliOutput: stack.transcript.includes(secret) }).toEqual({
      secret: secret.slice(0, 6),
      inState: false,
      inOutputs: false,
      inCliOutput: false,
    });
  }

  // Delete: every object gone, the gateway configuration back to ngrok's defaults.
  await stack.destroy();
  for (const kind of ["providers", "provider-keys", "access-key-configurations", "access-keys", "api-keys"]) expect({ kind, left: ai(kind) }).toEqual({ kind, left: [] });
  expect((await aiCall(emu, "GET", "/gateway-config")).json).toMatchObject({ totalTimeout: "120s", perRequestTimeout: "60s", maxInputTokens: null, maxOutputTokens: null });
});
