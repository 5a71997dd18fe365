/**
 * What every SDK resource writes into the stack's state as `__provider`: the small stub, with
 * no API key, no local paths, and the same text every time (so state does not churn).
 */
import * as pulumi from "@pulumi/pulumi";
import { definitions } from "../../provider";
import { captureRegistrations } from "../support/serialised";

// The built SDK, as a program imports it.
const sdk = require("pulumi-ngrok") as typeof import("../../sdk");

const apiKey = "ngrok-secret-api-key-for-serialisation-test";

it("every SDK resource serialises a small stub with no key, no paths, identical each time", async () => {
  process.env.NGROK_API_KEY = apiKey;
  const args: Record<string, Record<string, unknown>> = {
    Credential: { description: "d", acl: ["*"] },
    ReservedDomain: { domain: "s.example.com" },
    AgentIngress: { domain: "s.example.net" },
    CertificateAuthority: { caPem: "-----BEGIN CERTIFICATE-----" },
    TlsCertificate: { certificatePem: "-----BEGIN CERTIFICATE-----", privateKeyPem: "-----BEGIN PRIVATE KEY-----" },
  };
  const kinds = Object.keys(definitions);
  expect(Object.keys(args).sort()).toEqual([...kinds].sort()); // a new resource must be added here

  const run = () =>
    captureRegistrations(() => {
      for (const kind of kinds) {
        const Resource = (sdk as unknown as Record<string, new (n: string, a: unknown) => pulumi.Resource>)[kind]!;
        new Resource(`r-${kind}`, args[kind]);
      }
    });
  const first = await run();
  const second = await run();

  for (const kind of kinds) {
    const type = `pulumi-nodejs:dynamic/ngrok:${kind}`;
    const a = first.find((c) => c.type === type);
    const b = second.find((c) => c.type === type);
    expect(a).toBeDefined();
    const text = a!.inputs.__provider as string;
    expect(typeof text).toBe("string");
    expect(Buffer.byteLength(text)).toBeLessThan(4096);
    expect(text).not.toContain(apiKey);
    expect(text).not.toContain("node_modules");
    expect(text).not.toContain("/work/");
    expect(text).toContain('require("pulumi-ngrok/provider")');
    expect(text).toContain(JSON.stringify(kind));
    expect(b!.inputs.__provider).toBe(text);
  }
  delete process.env.NGROK_API_KEY;
});
