/**
 * A preview with a key tells what `up` would refuse of a resource's references: an id that names
 * nothing in the account (an id of a resource the program creates is unknown at preview, so it is
 * never looked up). A hostport's domain is not checked: the same program may reserve it, and a
 * preview checks resources in no order it can rely on. The failure names the property
 * path and quotes the value (the program's own reference, never a secret); a list page serves
 * many references; unchanged references and a preview with no key ask nothing.
 */
import type { Emulator } from "../../../emulator";
import { Provider } from "../../../provider";
import { call, missingId } from "../../support/api";
import { emulatorForProvider, providerFor, settingsFor } from "../../support/provider";

let emu: Emulator;
let provider: Provider;
let policy: string;
beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider({ rateLimit: false }));
  policy = (await call(emu, "POST", "/ip_policies", { description: "office" })).json.id;
  await call(emu, "POST", "/reserved_domains", { domain: "app.example.com" });
  await call(emu, "POST", "/reserved_domains", { domain: "*.apps.example.com" });
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

const reasons = async (kind: string, news: Record<string, unknown>, olds: Record<string, unknown> = {}, p: Provider = provider) =>
  (await p.check(kind, olds, news)).failures.map((f) => f.message);
/** The requests of the checks, the key's own check (one per process and key) left out. */
const requests = () => emu.requests.filter((r) => r.path !== "/tunnel_sessions").map((r) => `${r.method} ${r.path}`);

it("an id that names nothing fails with its path and value; ids that exist pass", async () => {
  const gone = missingId("ipp");
  expect(await reasons("IpPolicyRule", { ipPolicyId: gone, cidr: "10.0.0.0/8", action: "allow" })).toEqual([
    `ipPolicyId names ${gone}, which does not exist in this account: check the id, or create that IpPolicy first`,
  ]);
  expect(await reasons("IpRestriction", { type: "api", ipPolicyIds: [policy, gone] })).toEqual([
    `ipPolicyIds[1] names ${gone}, which does not exist in this account: check the id, or create that IpPolicy first`,
  ]);
  expect(await reasons("IpPolicyRule", { ipPolicyId: policy, cidr: "10.0.0.0/8", action: "allow" })).toEqual([]);
  const backend = missingId("bkdhr");
  expect(await reasons("FailoverBackend", { backends: [backend] })).toEqual([
    `backends[0] names ${backend}, which does not exist in this account: check the id, or create that HttpResponseBackend first`,
  ]);
});

it("a hostport whose domain is not reserved yet passes: the program may reserve it in the same run, which a preview cannot see", async () => {
  expect(await reasons("HttpsEdge", { hostports: ["app.example.com:443", "other.example.com:443"] })).toEqual([]);
});

it("one list page serves many references; unchanged ones ask nothing", async () => {
  // A fresh provider process: nothing of the account known yet.
  const fresh = providerFor(emu, { "ngrok:maxRetries": "1" }, { emulator: { rateLimit: false } });
  emu.clearRequests();
  for (const cidr of ["10.0.0.0/8", "192.168.0.0/16", "172.16.0.0/12"]) {
    expect(await reasons("IpPolicyRule", { ipPolicyId: policy, cidr, action: "allow" }, {}, fresh)).toEqual([]);
  }
  expect(await reasons("IpRestriction", { type: "api", ipPolicyIds: [policy] }, {}, fresh)).toEqual([]);
  expect(requests()).toEqual(["GET /ip_policies"]);
  emu.clearRequests();
  const olds = { ipPolicyId: missingId("ipp"), cidr: "10.0.0.0/8", action: "allow" };
  expect(await reasons("IpPolicyRule", { ...olds, description: "changed" }, olds, fresh)).toEqual([]);
  expect(requests()).toEqual([]);
  await fresh.close();
});

it("with no key, nothing is asked", async () => {
  const { apiKey: _key, ...noKey } = settingsFor(emu);
  const keyless = new Provider({ settings: noKey });
  emu.clearRequests();
  expect(await reasons("IpPolicyRule", { ipPolicyId: missingId("ipp"), cidr: "10.0.0.0/8", action: "allow" }, {}, keyless)).toEqual([]);
  expect(await reasons("HttpsEdge", { hostports: ["other.example.com:443"] }, {}, keyless)).toEqual([]);
  expect(emu.requests).toEqual([]);
});
