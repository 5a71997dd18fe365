/**
 * examples/cloud-endpoint-python end to end, in Python through the plugin: a cloud endpoint with a
 * typed Traffic Policy, its login a secret config value; a vault secret the policy reads with
 * `ngrok.secret_ref`; a lookup of the vault by name; then `pulumi import` of a reserved domain made
 * out of band. `preview --diff` shows property-level diffs (the rotated secret as
 * `[secret] => [secret]`), and no secret appears in state, output or the API's policy.
 */
import * as path from "path";
import { useEmulatorStacks } from "../fixture";
import { isEncryptedSecret, repoRoot, revealedSecret, type StackExport } from "../pulumi";
import { pythonExampleReady, pythonExampleStack, pythonProgramVenv, typeCheck } from "../python";

jest.setTimeout(30 * 60_000);

const login = "admin:e2e-python-l0gin";
const token = "e2e-python-upstream-t0ken";
const rotated = "e2e-python-upstream-r0tated";
const fx = useEmulatorStacks({ emulator: { rateLimit: false }, ready: pythonExampleReady });
const urn = (type: string, name: string) => `urn:pulumi:e2e::ngrok-cloud-endpoint-python::${type}::${name}`;

function byName(state: StackExport, name: string) {
  return state.deployment.resources!.find((r) => r.urn.endsWith(`::${name}`))!;
}

// mypy runs while the program deploys (it reads only the program and the installed SDK).
let typeChecked: Promise<{ ok: boolean; report: string }> | undefined;
beforeAll(async () => {
  const venv = await pythonProgramVenv();
  typeChecked = typeCheck(path.join(repoRoot, "examples", "cloud-endpoint-python"), venv);
});

it("deploys a typed policy, a vault secret read by secret_ref and a lookup; diffs by property; imports; keeps secrets secret", async () => {
  const s = await pythonExampleStack(fx, "cloud-endpoint-python", { adminLogin: login, upstreamToken: token });

  await s.up();
  const [endpoint] = fx.emu.resources("endpoints") as { url: string; traffic_policy: string }[];
  expect(endpoint!.url).toBe("https://cloud-app.ngrok.app");
  const policy = JSON.parse(endpoint!.traffic_policy) as { on_http_request: { name: string; actions: { type: string; config: Record<string, unknown> }[] }[] };
  expect(policy.on_http_request.map((r) => r.actions[0]!.type)).toEqual(["rate-limit", "basic-auth", "add-headers", "forward-internal", "custom-response"]);
  // The token stays in the vault: the policy holds only its reference.
  expect(policy.on_http_request[2]!.actions[0]!.config).toEqual({ headers: { authorization: "Bearer ${secrets.get('app-secrets', 'upstream-token')}" } });
  expect(fx.emu.resources("vaults")).toMatchObject([{ name: "app-secrets" }]);
  const outputs = await s.outputs();
  const [vault] = fx.emu.resources("vaults") as { id: string }[];
  expect(outputs).toMatchObject({ url: "https://cloud-app.ngrok.app", vaultId: vault!.id, agentAuthtoken: "[secret]" });

  const state = await s.stackExport();
  const app = byName(state, "app");
  expect(isEncryptedSecret(app.inputs!.trafficPolicySecrets)).toBe(true);
  expect(revealedSecret(byName(await s.stackExportWithSecrets(), "app").inputs!.trafficPolicySecrets)).toEqual({ "onHttpRequest[1].actions[0].config.credentials[0]": login });
  expect(isEncryptedSecret(byName(state, "upstream-token").inputs!.value)).toBe(true);
  await s.previewExpectNoChanges();
  await s.refreshExpectNoChanges();

  // A rotation in place, shown by property and never by value; a policy change by the field's place.
  await s.setConfig("upstreamToken", rotated, { secret: true });
  await s.setConfig("rateLimit", "50");
  const diff = await s.preview("preview --diff: upstreamToken, rateLimit");
  expect(diff.stdout).toContain("~ value: [secret] => [secret]");
  // The policy's diff in its typed form, as state keeps it: the changed field by its place.
  expect(diff.stdout).toMatch(/~ trafficPolicy: \{\s*~ onHttpRequest: \[\s*~ \[0\]: \{\s*~ actions: \[\s*~ \[0\]: \{\s*~ config: \{[^}]*~ capacity : 100 => 50/);
  expect(await s.plannedOps("preview --json")).toMatchObject({ [urn("ngrok:index:VaultSecret", "upstream-token")]: "update", [urn("ngrok:index:CloudEndpoint", "app")]: "update" });
  await s.up("up: rotation, rateLimit");
  await s.previewExpectNoChanges("preview after the rotation");

  // A reserved domain made out of band, adopted with `pulumi import`.
  const made = await fetch(`${fx.emu.url}/reserved_domains`, {
    method: "POST",
    headers: { authorization: `Bearer ${fx.emu.apiKey}`, "ngrok-version": "2", "content-type": "application/json" },
    body: JSON.stringify({ domain: "imported-python.ngrok.app", description: "made elsewhere" }),
  });
  const { id } = (await made.json()) as { id: string };
  await s.pulumi("import", "import", "ngrok:index:ReservedDomain", "imported", id, "--generate-code=false", "--protect=false", "--yes");
  expect(byName(await s.stackExport(), "imported")).toMatchObject({ id, type: "ngrok:index:ReservedDomain", outputs: { domain: "imported-python.ngrok.app" } });

  await s.destroy();
  for (const kind of ["endpoints", "reserved_domains", "credentials", "vaults"]) expect({ kind, rows: fx.emu.resources(kind) }).toEqual({ kind, rows: [] });
  for (const secret of [login, token, rotated]) {
    expect({ secret, inTranscript: s.transcript.includes(secret) }).toEqual({ secret, inTranscript: false });
  }
  expect(s.transcript).not.toContain(fx.emu.apiKey);
});

it("type-checks under mypy --strict against the installed SDK", async () => {
  expect(await typeChecked).toEqual({ ok: true, report: "Success: no issues found in 1 source file" });
});
