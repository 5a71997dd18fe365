/**
 * The TlsCertificate life cycle through the provider's operations, against the emulator over
 * loopback: the write-only private key survives every read, and never shows in a check failure.
 */
import { createPrivateKey } from "crypto";
import type { Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { unknownValue } from "../../../provider/engine/values";
import { makeCertificate, type Issued } from "../../support/certs";
import { emulatorForProvider } from "../../support/provider";
import { runAdoption, runLifecycle } from "../../support/provider-lifecycle";
import { call } from "../../support/api";
import { peculiarX509 } from "../../../emulator/shared/x509";

let tlsCertificate: Handler;
const { KeyUsageFlags } = peculiarX509();
let emu: Emulator;
let provider: Provider;
let ca: Issued;
let leaf: Issued;
let other: Issued;
let rsa: Issued;

beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider());
  tlsCertificate = provider.handler("TlsCertificate");
  ca = await makeCertificate({ name: "CN=Example Issuing CA", ca: true });
  leaf = await makeCertificate({
    name: "CN=shop.example.com, O=Example Corp, C=AU",
    issuer: ca,
    serialNumber: "2a",
    dnsNames: ["shop.example.com", "www.shop.example.com"],
    ips: ["192.0.2.44"],
    keyUsages: KeyUsageFlags.digitalSignature,
    extendedKeyUsages: ["1.3.6.1.5.5.7.3.1"],
  });
  other = await makeCertificate({ name: "CN=cart.example.com", dnsNames: ["cart.example.com"] });
  rsa = await makeCertificate({ name: "CN=rsa.example.com", rsa: true });
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

/** A line of the key's base64 body: present in any text that quotes the key. */
const keyLine = (pem: string) => pem.split("\n")[2]!;

describe("TlsCertificate check", () => {
  const encrypted = () =>
    createPrivateKey(leaf.privateKeyPem).export({ type: "pkcs8", format: "pem", cipher: "aes-256-cbc", passphrase: "pw" }) as string;
  it.each([
    ["a key that belongs to another certificate", () => ({ certificatePem: leaf.certificatePem, privateKeyPem: other.privateKeyPem }), /privateKeyPem is not the private key of certificatePem's leaf/, 1],
    ["a key of another algorithm", () => ({ certificatePem: leaf.certificatePem, privateKeyPem: rsa.privateKeyPem }), /privateKeyPem is not the private key/, 1],
    ["the CA's key for a chain", () => ({ certificatePem: leaf.certificatePem + ca.certificatePem, privateKeyPem: ca.privateKeyPem }), /leaf \(first\) certificate/, 1],
    ["an encrypted key", () => ({ certificatePem: leaf.certificatePem, privateKeyPem: encrypted() }), /privateKeyPem is encrypted/, 1],
    ["a certificate as the key", () => ({ certificatePem: leaf.certificatePem, privateKeyPem: leaf.certificatePem }), /privateKeyPem is not a PEM-encoded private key/, 1],
    ["a key as the certificate", () => ({ certificatePem: leaf.privateKeyPem, privateKeyPem: leaf.privateKeyPem }), /certificatePem is a PRIVATE KEY/, 1],
    ["a key as a number", () => ({ certificatePem: leaf.certificatePem, privateKeyPem: 42 }), /privateKeyPem must be string/, 1],
  ])("refuses %s at preview, naming the property and never quoting the key", async (_what, news, reason, count) => {
    const inputs = news();
    const failures = (await tlsCertificate.check({}, inputs)).failures;
    expect(failures).toHaveLength(count);
    expect(failures[0]!.message).toMatch(reason);
    const text = JSON.stringify(failures);
    for (const pem of [leaf, other, rsa, ca].map((c) => c.privateKeyPem)) expect(text.includes(keyLine(pem))).toBe(false);
  });

  it("accepts a matching RSA key, a chain with its leaf's key, and keys unknown during preview", async () => {
    expect((await tlsCertificate.check({}, { certificatePem: rsa.certificatePem, privateKeyPem: rsa.privateKeyPem })).failures).toEqual([]);
    const chain = { certificatePem: leaf.certificatePem + ca.certificatePem, privateKeyPem: leaf.privateKeyPem };
    expect((await tlsCertificate.check({}, chain)).failures).toEqual([]);
    expect((await tlsCertificate.check({}, { certificatePem: leaf.certificatePem, privateKeyPem: unknownValue })).failures).toEqual([]);
  });
});

describe("TlsCertificate lifecycle", () => {
  it("creates, reads (keeping the private key), updates in place, shows replaces, refreshes drift and deletes", async () => {
    const certificatePem = leaf.certificatePem + "\n" + ca.certificatePem;
    const privateKeyPem = leaf.privateKeyPem;
    const base = { certificatePem, privateKeyPem };
    await runLifecycle(provider, emu, {
      kind: "TlsCertificate",
      inputs: { ...base, description: "storefront" },
      created: {
        certificatePem,
        // Write-only in the API: the provider keeps the program's value.
        privateKeyPem,
        description: "storefront",
        subjectCommonName: "shop.example.com",
        subjectAlternativeNames: { dnsNames: ["shop.example.com", "www.shop.example.com"], ips: ["192.0.2.44"] },
        notBefore: "2026-01-01T00:00:00Z",
        notAfter: "2036-01-01T00:00:00Z",
        keyUsages: ["digital_signature"],
        extendedKeyUsages: ["server_auth"],
        privateKeyType: "ecdsa",
        issuerCommonName: "Example Issuing CA",
        serialNumber: "2a",
        subjectOrganization: "Example Corp",
        subjectCountry: "AU",
      },
      updates: [
        { what: "description", inputs: { ...base, description: "storefront (EU)" }, api: { description: "storefront (EU)" } },
        { what: "metadata added", inputs: { ...base, description: "storefront (EU)", metadata: "m" }, api: { metadata: "m" } },
        { what: "description removed", inputs: { ...base, metadata: "m" }, api: { metadata: "m" } },
      ],
      replaces: [
        { what: "certificatePem", change: { certificatePem: other.certificatePem }, replaces: ["certificatePem"] },
        { what: "privateKeyPem", change: { privateKeyPem: other.privateKeyPem }, replaces: ["privateKeyPem"] },
        { what: "both", change: { certificatePem: other.certificatePem, privateKeyPem: other.privateKeyPem }, replaces: ["certificatePem", "privateKeyPem"] },
      ],
      drift: { body: { description: "changed by hand" }, property: "description", value: "changed by hand" },
    });
  });

  it("keeps the private key through an update, and omits absent leaf fields", async () => {
    const inputs = { certificatePem: other.certificatePem, privateKeyPem: other.privateKeyPem };
    const created = await tlsCertificate.create(inputs);
    expect((await call(emu, "GET", `/tls_certificates/${created.id}`)).json.private_key_pem).toBeUndefined();
    const updated = await tlsCertificate.update(created.id, created.outs, { ...inputs, description: "cart" });
    expect(updated.outs).toMatchObject({ privateKeyPem: other.privateKeyPem, description: "cart" });
    // The leaf has no organization, issued time or IP SANs: absent, not empty strings.
    expect(updated.outs.subjectOrganization).toBeUndefined();
    expect(updated.outs.issuedAt).toBeUndefined();
    expect(updated.outs.subjectAlternativeNames).toEqual({ dnsNames: ["cart.example.com"], ips: [] });
    // A trailing newline more or less is the same PEM.
    expect((await tlsCertificate.diff(created.id, updated.outs, { certificatePem: other.certificatePem.trimEnd(), privateKeyPem: other.privateKeyPem.trimEnd(), description: "cart" })).changes).toBe(false);
    await tlsCertificate.delete(created.id);
  });

  it("compares private keys by key material: the same key re-encoded is no change, another key replaces", async () => {
    const inputs = { certificatePem: rsa.certificatePem, privateKeyPem: rsa.privateKeyPem };
    const created = await tlsCertificate.create(inputs);
    const pkcs1 = createPrivateKey(rsa.privateKeyPem).export({ format: "pem", type: "pkcs1" }).toString();
    expect(rsa.privateKeyPem).toContain("BEGIN PRIVATE KEY");
    expect(pkcs1).toContain("BEGIN RSA PRIVATE KEY");
    expect(await tlsCertificate.diff(created.id, created.outs, { ...inputs, privateKeyPem: pkcs1 })).toEqual({ changes: false, changed: [], replaces: [], deleteBeforeReplace: false });
    const another = createPrivateKey(other.privateKeyPem).export({ format: "pem", type: "pkcs8" }).toString();
    expect(await tlsCertificate.diff(created.id, created.outs, { ...inputs, privateKeyPem: another })).toMatchObject({ changes: true, replaces: ["privateKeyPem"] });
    await tlsCertificate.delete(created.id);
  });

  it("adopts an existing certificate with importId; read by id alone (TlsCertificate.get) has no private key", async () => {
    const props = await runAdoption(
      provider,
      emu,
      "TlsCertificate",
      { certificate_pem: rsa.certificatePem, private_key_pem: rsa.privateKeyPem },
      { certificatePem: rsa.certificatePem, privateKeyPem: rsa.privateKeyPem, description: "adopted" },
    );
    expect(props).toMatchObject({ certificatePem: rsa.certificatePem, description: "adopted", privateKeyType: "rsa" });
    expect(props.privateKeyPem).toBeUndefined();
  });
});
