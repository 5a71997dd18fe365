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
  AgentIngress: { domain: "a.example.net", nsTargets: ["ns1.example.net"], uri: "/agent_ingresses/agin_1", createdAt: "t" },
  CertificateAuthority: { caPem: "PEM\n", subjectCommonName: "CA", keyUsages: ["cert_sign"], uri: "u", createdAt: "t" },
  // Read by id alone: the API never returns the private key.
  TlsCertificate: { certificatePem: "PEM\n", subjectAlternativeNames: { dnsNames: ["a.example.com"], ips: [] }, uri: "u", createdAt: "t" },
};

/** Inputs the mocks saw, by resource name. */
const registered = new Map<string, Record<string, unknown>>();

beforeAll(async () => {
  await pulumi.runtime.setMocks(
    {
      // `get` reads: the mock answers with the resource's state, as the provider's read would.
      newResource: (args) => {
        registered.set(args.name, args.inputs as Record<string, unknown>);
        return { id: args.id ?? `${args.name}-id`, state: { ...args.inputs, ...values[args.type.split(":").pop()!] } };
      },
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

it("registers a secret input given as a plain string as a secret, so that state stores it encrypted", async () => {
  const Class = sdk.TlsCertificate as new (name: string, args: unknown) => pulumi.Resource;
  const r = new Class("secret-input", { certificatePem: "PEM", privateKeyPem: "plain-key" });
  await output(r, "urn");
  const inputs = registered.get("secret-input")!;
  // The engine's wire form of a secret: the signature key, the secret signature, the value.
  expect(inputs.privateKeyPem).toEqual({ "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: "plain-key" });
  expect(inputs.certificatePem).toBe("PEM");
});
