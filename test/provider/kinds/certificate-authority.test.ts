/** The CertificateAuthority life cycle through the provider's operations, against the emulator over loopback. */
import type { Emulator } from "../../../emulator";
import type { Handler, Provider } from "../../../provider";
import { makeCertificate, type Issued } from "../../support/certs";
import { emulatorForProvider } from "../../support/provider";
import { runAdoption, runLifecycle } from "../../support/provider-lifecycle";
import { peculiarX509 } from "../../../emulator/shared/x509";

let certificateAuthority: Handler;
const { KeyUsageFlags } = peculiarX509();
let emu: Emulator;
let provider: Provider;
let ca: Issued;
let other: Issued;

beforeAll(async () => {
  ({ emu, provider } = await emulatorForProvider());
  certificateAuthority = provider.handler("CertificateAuthority");
  ca = await makeCertificate({
    name: "CN=Device Client CA, O=Example Corp",
    ca: true,
    keyUsages: KeyUsageFlags.keyCertSign | KeyUsageFlags.cRLSign,
    extendedKeyUsages: ["1.3.6.1.5.5.7.3.2"],
  });
  other = await makeCertificate({ name: "CN=Partner Client CA", ca: true });
});
afterAll(async () => {
  await provider.close();
  await emu.close();
});

describe("CertificateAuthority check", () => {
  it.each([
    ["text that is not PEM", "not a certificate", /caPem holds no PEM block/],
    ["a private key", () => ca.privateKeyPem, /caPem is a PRIVATE KEY, not a CERTIFICATE/],
    ["a damaged certificate", () => ca.certificatePem.replace(/^(-----BEGIN CERTIFICATE-----\n)..../, "$1AAAA"), /caPem is not a valid X.509 certificate/],
    ["a bundle with a key in it", () => ca.certificatePem + ca.privateKeyPem, /caPem block 2 of 2 is a PRIVATE KEY/],
  ])("refuses %s at preview", async (_what, pem, reason) => {
    const failures = (await certificateAuthority.check({}, { caPem: typeof pem === "function" ? pem() : pem })).failures;
    expect(failures.map((f) => f.message)).toEqual([expect.stringMatching(reason)]);
  });
});

describe("CertificateAuthority lifecycle", () => {
  it("creates, reads, updates in place, shows replaces, refreshes drift and deletes", async () => {
    // The service adds a trailing newline: never a diff.
    const caPem = ca.certificatePem.trimEnd();
    await runLifecycle(provider, emu, {
      kind: "CertificateAuthority",
      inputs: { caPem, description: "device client certificates", metadata: '{"team":"iot"}' },
      created: {
        caPem: `${caPem}\n`,
        description: "device client certificates",
        subjectCommonName: "Device Client CA",
        notBefore: "2026-01-01T00:00:00Z",
        notAfter: "2036-01-01T00:00:00Z",
        keyUsages: ["cert_sign", "crl_sign"],
        extendedKeyUsages: ["client_auth"],
      },
      updates: [
        { what: "description", inputs: { caPem, description: "all client certificates", metadata: '{"team":"iot"}' }, api: { description: "all client certificates" } },
        { what: "metadata", inputs: { caPem, description: "all client certificates", metadata: '{"team":"edge"}' }, api: { metadata: '{"team":"edge"}' } },
        { what: "description removed", inputs: { caPem, metadata: '{"team":"edge"}' }, api: { metadata: '{"team":"edge"}' } },
      ],
      replaces: [{ what: "caPem", change: { caPem: other.certificatePem }, replaces: ["caPem"] }],
      drift: { body: { metadata: "changed by hand" }, property: "metadata", value: "changed by hand" },
    });
  });

  it("adopts an existing certificate authority with importId, and reads one by id alone (CertificateAuthority.get)", async () => {
    const props = await runAdoption(provider, emu, "CertificateAuthority", { ca_pem: other.certificatePem }, { caPem: other.certificatePem, description: "adopted" });
    expect(props).toMatchObject({ caPem: `${other.certificatePem.trimEnd()}\n`, description: "adopted", subjectCommonName: "Partner Client CA" });
  });
});
