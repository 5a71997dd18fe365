/**
 * A vault secret used by a Traffic Policy end to end, with the real CLI: the program
 * (test/e2e/programs/secret-ref) deploys a vault, its secret and a cloud endpoint whose policy adds
 * `Authorization: Bearer ${secrets.get(...)}` (written with `ngrok.secretRef`) and forwards to an
 * internal endpoint answering a digest of that header. A request through the emulator's gateway
 * gets the digest of the secret's value; a rotation changes it with no change to the policy. The
 * value is in no policy, no state in clear and no CLI output.
 */
import { createHash } from "crypto";
import * as path from "path";
import { send } from "../emulator/gateway/support";
import { useEmulatorStacks } from "./fixture";

jest.setTimeout(20 * 60_000);

const fx = useEmulatorStacks({ emulator: { rateLimit: false, gateway: true } });
const digest = (token: string) => createHash("sha256").update(`Bearer ${token}`).digest("hex");
const policies = () => (fx.emu.resources("endpoints") as { traffic_policy: string }[]).map((e) => e.traffic_policy).join("\n");

it("answers through the gateway with the vault's secret, and with the new value after a rotation", async () => {
  const [first, rotated] = ["upstream-t0ken-first", "upstream-t0ken-rotated"];
  const s = await fx.create({ programDir: path.join(__dirname, "programs", "secret-ref"), secretConfig: { upstreamToken: first } });
  const get = async () => {
    const res = await send(fx.emu.gateway!.url, "secret-ref.ngrok.app", "/");
    return [res.status, res.body];
  };

  await s.up();
  expect(policies()).toContain("${secrets.get('app-secrets', 'upstream-token')}");
  expect(await get()).toEqual([200, digest(first)]);

  await s.setConfig("upstreamToken", rotated, { secret: true });
  // Only the secret changes: the endpoints' policies name it and stay as they are.
  const ops = Object.entries(await s.plannedOps("preview --json: upstreamToken")).map(([urn, op]) => `${urn.split("::").pop()} ${op}`);
  expect(ops.filter((o) => !o.endsWith(" same"))).toEqual(["token update"]);
  await s.up("up: rotation");
  expect(await get()).toEqual([200, digest(rotated)]);
  await s.previewExpectNoChanges();

  const state = JSON.stringify(await s.stackExport());
  for (const value of [first, rotated]) {
    expect(policies()).not.toContain(value);
    expect(state).not.toContain(value);
    expect(s.transcript).not.toContain(value);
  }
});
