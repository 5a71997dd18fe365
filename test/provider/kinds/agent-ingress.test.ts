/** The AgentIngress life cycle through the provider's operations, against the emulator over loopback. */
import type { Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { unknownValue } from "../../../provider/engine/values";
import { emulatorForProvider } from "../../support/provider";
import { runAdoption, runLifecycle } from "../../support/provider-lifecycle";

let agentIngress: Handler;
let emu: Emulator;
let provider: Provider;

beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider());
  agentIngress = provider.handler("AgentIngress");
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

const reasons = async (news: Record<string, unknown>) => (await agentIngress.check({}, news)).failures.map((f) => f.message);

describe("AgentIngress check", () => {
  it.each([
    ["a wildcard domain", { domain: "*.example.net" }, "domain"],
    ["a domain that is not a hostname", { domain: "not a domain" }, "domain"],
    ["an unknown authority", { domain: "a.example.net", certificateManagementPolicy: { authority: "zerossl" } }, "certificateManagementPolicy.authority"],
    ["an unknown key type", { domain: "a.example.net", certificateManagementPolicy: { privateKeyType: "dsa" } }, "certificateManagementPolicy.privateKeyType"],
    ["an unknown policy field", { domain: "a.example.net", certificateManagementPolicy: { renew: true } }, "certificateManagementPolicy"],
    ["no domain", {}, "domain"],
    ["an output as input", { domain: "a.example.net", nsTargets: ["ns1.example.net"] }, "nsTargets"],
  ])("refuses %s at preview (%j), naming %s", async (_what, news, property) => {
    const found = await reasons(news);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(property);
  });

  it("skips a domain unknown during preview", async () => {
    expect(await reasons({ domain: unknownValue, certificateManagementPolicy: { privateKeyType: "ecdsa" } })).toEqual([]);
  });
});

describe("AgentIngress lifecycle", () => {
  const base = { domain: "Agents.Example.NET.", description: "edge agents", metadata: '{"team":"net"}' };
  const kept = { domain: base.domain, description: "all agents" };
  const policy = { authority: "letsencrypt" };

  it("creates, reads, updates in place, shows replaces, refreshes drift and deletes", async () => {
    await runLifecycle(provider, emu, {
      kind: "AgentIngress",
      // The service lower-cases the domain and drops the trailing dot: never a diff.
      inputs: { ...base, certificateManagementPolicy: policy },
      created: {
        domain: "agents.example.net",
        description: "edge agents",
        certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "rsa" },
        certificateManagementStatus: { renewsAt: expect.any(String) },
        nsTargets: expect.arrayContaining([expect.stringMatching(/^ns1-/)]),
        regionDomains: expect.arrayContaining(["eu.agents.example.net"]),
      },
      updates: [
        { what: "description", inputs: { ...base, description: "all agents", certificateManagementPolicy: policy }, api: { description: "all agents" } },
        { what: "metadata removed", inputs: { ...kept, certificateManagementPolicy: policy }, api: { description: "all agents" } },
        {
          what: "key type changed",
          inputs: { ...kept, certificateManagementPolicy: { privateKeyType: "ecdsa" } },
          api: { certificate_management_policy: { authority: "letsencrypt", private_key_type: "ecdsa" } },
        },
        {
          // The default is rsa: leaving the key type out goes back to it.
          what: "key type back to the default",
          inputs: { ...kept, certificateManagementPolicy: policy },
          api: { certificate_management_policy: { authority: "letsencrypt", private_key_type: "rsa" } },
        },
        { what: "policy removed", inputs: kept, api: { certificate_management_policy: null, certificate_management_status: null } },
        {
          what: "policy added with its defaults",
          inputs: { ...kept, certificateManagementPolicy: {} },
          api: { certificate_management_policy: { authority: "letsencrypt", private_key_type: "rsa" } },
        },
      ],
      replaces: [{ what: "domain", change: { domain: "relay.example.net" }, replaces: ["domain"] }],
      drift: { body: { description: "changed by hand" }, property: "description", value: "changed by hand" },
    });
  });

  it("never diffs on what the service changes by itself: status, NS targets, region domains", async () => {
    const inputs = { domain: "status.example.net", certificateManagementPolicy: { privateKeyType: "ecdsa" } };
    const created = await agentIngress.create(inputs);
    const moved = {
      ...created.outs,
      certificateManagementStatus: { renewsAt: "2031-01-01T00:00:00Z", provisioningJob: { msg: "renewing", startedAt: "2030-12-01T00:00:00Z" } },
      nsTargets: ["ns9.example.org"],
      regionDomains: [...(created.outs.regionDomains as string[]), "mx.status.example.net"],
    };
    expect(await agentIngress.diff(created.id, moved, inputs)).toEqual({ changes: false, changed: [], replaces: [], deleteBeforeReplace: false });
    await agentIngress.delete(created.id);
  });

  it("adopts an existing agent ingress with importId, and reads one by id alone (AgentIngress.get)", async () => {
    const props = await runAdoption(
      provider,
      emu,
      "AgentIngress",
      { domain: "adopted.example.net", certificate_management_policy: { private_key_type: "ecdsa" } },
      { domain: "adopted.example.net", description: "adopted", certificateManagementPolicy: { privateKeyType: "ecdsa" } },
    );
    expect(props).toMatchObject({ domain: "adopted.example.net", description: "adopted", certificateManagementPolicy: { privateKeyType: "ecdsa" } });
  });

  it("refuses to adopt one whose domain differs from the program's", async () => {
    const made = await agentIngress.create({ domain: "mine.example.net" });
    const failures = (await agentIngress.check({}, { domain: "yours.example.net", importId: made.id })).failures;
    expect(failures.map((f) => f.message).join()).toMatch(/domain/);
    await agentIngress.delete(made.id);
  });
});
