/** The SDK classes expose every property of their definition as an output, for new and adopted resources. */
import * as pulumi from "@pulumi/pulumi";
import { definitions } from "../../provider";

const sdk = require("pulumi-ngrok") as Record<string, unknown>;

type ResourceClass = (new (name: string, args: unknown) => pulumi.Resource) & {
  get(name: string, id: string): pulumi.Resource;
};

const values: Record<string, Record<string, unknown>> = {
  Credential: { description: "d", token: "tok", uri: "u", createdAt: "t" },
  ReservedDomain: { domain: "a.example.com", description: "d", uri: "u", createdAt: "t" },
  SshCredential: { publicKey: "ssh-ed25519 AAAA", acl: ["*"], ownerId: "usr_1", uri: "u", createdAt: "t" },
  IpPolicy: { description: "d", uri: "u", createdAt: "t" },
  IpPolicyRule: { cidr: "10.0.0.0/8", action: "deny", ipPolicyId: "ipp_1", uri: "u", createdAt: "t" },
  IpRestriction: { type: "api", enforced: false, ipPolicyIds: ["ipp_1"], ipPolicies: [{ id: "ipp_1", uri: "u" }], uri: "u", createdAt: "t" },
  HttpResponseBackend: { body: "b", headers: { "content-type": "text/plain" }, statusCode: 503, uri: "u", createdAt: "t" },
  FailoverBackend: { backends: ["bkdhr_1"], uri: "u", createdAt: "t" },
  TunnelGroupBackend: { labels: { app: "web" }, tunnels: [{ id: "tn_1", uri: "u" }], uri: "u", createdAt: "t" },
};

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      // `get` reads: the mock answers with the resource's state, as the provider's read would.
      newResource: (args) => ({ id: args.id ?? `${args.name}-id`, state: { ...args.inputs, ...values[args.type.split(":").pop()!] } }),
      call: () => ({}),
    },
    "sdk-test",
    "dev",
    false,
  );
});

function output(r: pulumi.Resource, key: string): Promise<unknown> {
  const o = (r as unknown as Record<string, unknown>)[key];
  if (!pulumi.Output.isInstance(o)) return Promise.resolve(`<${key} is not an output>`);
  return new Promise((resolve) => o.apply(resolve));
}

describe.each(Object.keys(definitions))("%s", (kind) => {
  const Class = sdk[kind] as ResourceClass;
  const def = definitions[kind as keyof typeof definitions];

  it("declares every property as an output", () => {
    const r = new Class(`new-${kind}`, kind === "ReservedDomain" ? { domain: "a.example.com" } : {});
    for (const name of Object.keys(def.properties)) {
      expect({ name, isOutput: pulumi.Output.isInstance((r as unknown as Record<string, unknown>)[name]) }).toEqual({ name, isOutput: true });
    }
  });

  it("get() resolves every property, required inputs included", async () => {
    const r = Class.get(`got-${kind}`, `${def.idPrefix}_2abcdefghijklmnopqrstuvwxyz`);
    for (const [name, value] of Object.entries(values[kind]!)) {
      expect({ name, value: await output(r, name) }).toEqual({ name, value });
    }
  });
});
