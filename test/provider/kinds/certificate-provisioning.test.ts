/**
 * A certificate issued by the service's own provisioning (API reference: reserved domain and
 * agent ingress `certificate_management_status`, `certificate`) changes what the API answers
 * without any change to the program: refresh records it and the next preview shows no diff.
 * The emulator provisions on its clock, which the test moves.
 */
import { FakeClock, type Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { emulatorForProvider } from "../../support/provider";

let emu: Emulator;
let provider: Provider;
const clock = new FakeClock({ start: Date.parse("2026-06-01T09:00:00Z") });

beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider({ rateLimit: false, clock }));
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

type Props = Record<string, unknown>;

it.each<[string, Props]>([
  ["ReservedDomain", { domain: "shop.example.com", certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "ecdsa" } }],
  ["AgentIngress", { domain: "agents.example.com", certificateManagementPolicy: { authority: "letsencrypt" } }],
])("%s: no diff while its certificate is provisioned, and none once it is issued", async (kind, inputs) => {
  const handler = provider.handler(kind);
  const created = await handler.create(inputs);
  const status = (outs: Props) => outs["certificateManagementStatus"] as { provisioningJob?: unknown } | undefined;
  expect(status(created.outs)?.provisioningJob).toMatchObject({ startedAt: new Date(clock.now()).toISOString().replace(".000Z", "Z") });

  const running = await handler.read(created.id, created.outs);
  expect(await handler.diff(created.id, running.props, inputs)).toMatchObject({ changes: false, replaces: [] });

  clock.advance(60_000);
  const issued = await handler.read(created.id, running.props);
  // The status changed by itself: the job is gone (and a reserved domain has its certificate)...
  expect(status(issued.props)?.provisioningJob).toBeUndefined();
  if (kind === "ReservedDomain") {
    expect(issued.props["certificate"]).toMatchObject({ id: expect.stringMatching(/^cert_/) });
    expect(issued.props["certificateId"]).toBeUndefined();
  }
  expect(issued.props).not.toEqual(running.props);
  // ...and the program, unchanged, shows no diff.
  expect(await handler.diff(created.id, issued.props, inputs)).toMatchObject({ changes: false, replaces: [] });
});
