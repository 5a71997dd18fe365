/**
 * Bad input gets the same one-line, value-free failures through both doors: the same inputs,
 * checked by Pulumi's dynamic-provider host (through the serialised stub) and by the plugin, both
 * in their own processes and driven over gRPC as the engine drives them. Each failure goes out with
 * no property (the engine prints "property P value V has a problem" with V in clear when a failure
 * names one) and a reason that begins with the path, as the program writes it.
 */
import type * as pulumi from "@pulumi/pulumi";
import { DynamicProviderHost } from "../../support/host";
import { ProviderPlugin, urnOf } from "../../support/plugin";
import { captureRegistrations } from "../../support/serialised";

const sdk = require("pulumi-ngrok") as typeof import("../../../sdk/generated");

jest.setTimeout(120_000);

/** What a leaked value would contain. */
const MARK = "SeCrEt-MaRk";

interface Case {
  kind: string;
  /** Any resource of the kind, for its serialised stub. */
  resource: (name: string) => pulumi.Resource;
  inputs: Record<string, unknown>;
  /** The path each failure begins with, in the order the checks answer them. */
  paths: string[];
}

const cases: Case[] = [
  {
    kind: "Credential",
    resource: (name) => new sdk.Credential(name, {}),
    inputs: { acl: ["bind:ok.example.com", `allow:${MARK}`], metadata: MARK.repeat(500), descripton: MARK },
    paths: ["descripton", "metadata", "acl[1]"],
  },
  {
    kind: "ReservedDomain",
    resource: (name) => new sdk.ReservedDomain(name, { domain: "stub.example.com" }),
    inputs: { domain: `${MARK} !.example.com`, region: MARK },
    paths: ["domain", "region"],
  },
  {
    kind: "IpPolicyRule",
    resource: (name) => new sdk.IpPolicyRule(name, { ipPolicyId: "ipp_stub", cidr: "10.0.0.0/8", action: "allow" }),
    inputs: { ipPolicyId: "ipp_2abcdefghijklmnopqrstuvwxyz", cidr: `${MARK}/33`, action: "allow" },
    paths: ["cidr"],
  },
  {
    kind: "AgentCommand",
    resource: (name) => new sdk.AgentCommand(name, { sessionIds: [], command: "restart" }),
    inputs: { sessionIds: [`cr_${MARK}`], command: MARK, importId: MARK },
    paths: ["sessionIds[0]", "command", "importId"],
  },
];

let host: DynamicProviderHost;
let plugin: ProviderPlugin;
const stubs = new Map<string, string>();

beforeAll(async () => {
  const captured = await captureRegistrations(() => cases.map((c) => c.resource(`stub-${c.kind}`)));
  for (const c of cases) stubs.set(c.kind, captured.find((r) => r.type === `pulumi-nodejs:dynamic/ngrok:${c.kind}`)!.inputs.__provider as string);
  [host, plugin] = await Promise.all([DynamicProviderHost.start(), ProviderPlugin.start()]);
  // No key through either door: a preview's check of the program's inputs alone.
  await host.configure({});
  await plugin.configure({});
});
afterAll(async () => {
  await host?.stop();
  await plugin?.stop();
});

describe.each(cases)("$kind", (c) => {
  it("fails the same way through the dynamic-provider host and the plugin: one line per failure, no property, no value", async () => {
    const dynamic = await host.check(`urn:pulumi:dev::doors::pulumi-nodejs:dynamic/ngrok:${c.kind}::bad`, {}, { __provider: stubs.get(c.kind), ...c.inputs });
    const native = await plugin.check(urnOf(c.kind, "bad"), {}, c.inputs);
    expect(native.failures).toEqual(dynamic.failures);
    expect(dynamic.failures.map((f) => f.property)).toEqual(c.paths.map(() => ""));
    expect(dynamic.failures.map((f) => c.paths.find((p) => f.reason.startsWith(`${p} `)))).toEqual(c.paths);
    for (const f of dynamic.failures) {
      expect(f.reason).not.toContain(MARK);
      expect(f.reason).not.toContain("\n");
    }
  });
});
