// The emulator derives a certificate authority's fields from its PEM with a real X.509
// parser. These tests generate their own certificates, so the expected values are known.
import fc from "fast-check";
import { normalizeCaPem, parseCaPem, peculiarX509 } from "../../../emulator/shared/x509";
import { expectFailure, onlyBadRequest } from "./helpers";

const x509 = peculiarX509();
const { webcrypto } = require("node:crypto") as typeof import("node:crypto");
// The library's WebCrypto types are DOM types, which this Node-only project does not load.
type SelfSignedParams = Parameters<typeof x509.X509CertificateGenerator.createSelfSigned>;
type KeyPair = SelfSignedParams[0]["keys"];
type WebCrypto = NonNullable<SelfSignedParams[1]>;

interface CertOptions {
  name?: string;
  notBefore: Date;
  notAfter: Date;
  keyUsages?: number;
  ekus?: string[];
  rsa?: boolean;
}

async function makeCert(o: CertOptions): Promise<string> {
  const alg = o.rsa
    ? { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 }
    : { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
  const keys = (await webcrypto.subtle.generateKey(alg, true, ["sign", "verify"])) as unknown as KeyPair;
  const extensions: InstanceType<typeof x509.Extension>[] = [new x509.BasicConstraintsExtension(true, 0, true)];
  if (o.keyUsages !== undefined) extensions.push(new x509.KeyUsagesExtension(o.keyUsages, true));
  if (o.ekus) extensions.push(new x509.ExtendedKeyUsageExtension(o.ekus));
  const cert = await x509.X509CertificateGenerator.createSelfSigned(
    { name: o.name, notBefore: o.notBefore, notAfter: o.notAfter, signingAlgorithm: alg, keys, extensions },
    webcrypto as unknown as WebCrypto,
  );
  return cert.toString("pem");
}

const F = x509.KeyUsageFlags;
let caPem = "";

beforeAll(async () => {
  caPem = await makeCert({
    name: "CN=Intranet Services Authority, O=Example Corp, C=AU",
    notBefore: new Date("2024-05-01T16:27:59.456Z"),
    notAfter: new Date("2034-05-01T16:27:59Z"),
    keyUsages: F.keyCertSign | F.cRLSign | F.digitalSignature,
    ekus: [x509.ExtendedKeyUsage.serverAuth, x509.ExtendedKeyUsage.clientAuth],
  });
});

describe("parseCaPem", () => {
  it("derives the common name, validity and usages of a CA certificate", () => {
    expect(parseCaPem(caPem)).toEqual({
      subject_common_name: "Intranet Services Authority",
      not_before: "2024-05-01T16:27:59Z", // RFC 3339, whole seconds (X.509 has no fractions)
      not_after: "2034-05-01T16:27:59Z",
      key_usages: ["digital_signature", "cert_sign", "crl_sign"],
      extended_key_usages: ["server_auth", "client_auth"],
    });
  });

  it("reads RSA certificates and names every key usage bit", async () => {
    const all = Object.values(F).filter((v): v is number => typeof v === "number").reduce((a, b) => a | b, 0);
    const pem = await makeCert({
      rsa: true,
      name: "CN=rsa.example.com",
      notBefore: new Date("2025-01-01T00:00:00Z"),
      notAfter: new Date("2026-01-01T00:00:00Z"),
      keyUsages: all,
      ekus: ["2.5.29.37.0", x509.ExtendedKeyUsage.codeSigning, x509.ExtendedKeyUsage.ocspSigning, "1.2.3.4.5"],
    });
    const info = parseCaPem(pem);
    expect(info.subject_common_name).toBe("rsa.example.com");
    expect(info.key_usages).toEqual([
      "digital_signature",
      "content_commitment",
      "key_encipherment",
      "data_encipherment",
      "key_agreement",
      "cert_sign",
      "crl_sign",
      "encipher_only",
      "decipher_only",
    ]);
    // An extended key usage without a well-known name is reported by its OID.
    expect(info.extended_key_usages).toEqual(["any", "code_signing", "ocsp_signing", "1.2.3.4.5"]);
  });

  it("gives empty lists and an empty common name when the certificate has none", async () => {
    const pem = await makeCert({ name: "O=No Common Name", notBefore: new Date("2025-01-01T00:00:00Z"), notAfter: new Date("2025-06-01T00:00:00Z") });
    expect(parseCaPem(pem)).toMatchObject({ subject_common_name: "", key_usages: [], extended_key_usages: [] });
  });

  it("accepts CRLF line endings and surrounding whitespace", () => {
    const crlf = `\r\n  ${caPem.replace(/\n/g, "\r\n")}\r\n\r\n`;
    expect(parseCaPem(crlf).subject_common_name).toBe("Intranet Services Authority");
  });

  const bad: Array<[string, () => string, RegExp]> = [
    ["plain text", () => "hello world", /no PEM block/],
    ["an empty string", () => "", /no PEM block/],
    ["garbage base64", () => "-----BEGIN CERTIFICATE-----\n@@@not base64!!\n-----END CERTIFICATE-----\n", /base64/],
    ["an empty block", () => "-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n", /base64/],
    ["base64 that is not a certificate", () => `-----BEGIN CERTIFICATE-----\n${Buffer.from("definitely not DER").toString("base64")}\n-----END CERTIFICATE-----\n`, /not hold a valid X.509/],
    ["a private key block", () => "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n", /CERTIFICATE PEM block/],
    ["mismatched BEGIN and END", () => caPem.replace("END CERTIFICATE", "END X509 CRL"), /ends with/],
    ["two certificates", () => caPem + caPem, /exactly one certificate/],
    ["text outside the block", () => `subject=CN=foo\n${caPem}`, /outside the PEM block/],
    ["a truncated certificate", () => {
      const lines = caPem.trim().split("\n");
      return [lines[0], ...lines.slice(1, 4), lines[lines.length - 1]].join("\n");
    }, /not hold a valid X.509|base64/],
  ];
  it.each(bad)("rejects %s with 400 ERR_NGROK_215 naming ca_pem", (_name, pem, why) => {
    expectFailure(() => parseCaPem(pem()), 400, "ERR_NGROK_215", /ca_pem/, why);
  });

  it("rejects a value that is not a string", () => {
    expectFailure(() => parseCaPem(42 as unknown as string), 400, "ERR_NGROK_215", /ca_pem/);
  });

  it("never throws anything but a 400 ApiFailure for random text or corrupted PEM", () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => onlyBadRequest(() => parseCaPem(s))), { numRuns: 300 });
    const body = caPem.split("\n").slice(1, -2).join("");
    fc.assert(
      fc.property(fc.nat(body.length - 1), fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"), (i, ch) => {
        const mutated = `-----BEGIN CERTIFICATE-----\n${body.slice(0, i)}${ch}${body.slice(i + 1)}\n-----END CERTIFICATE-----\n`;
        onlyBadRequest(() => parseCaPem(mutated));
      }),
      { numRuns: 300 },
    );
  });
});

describe("normalizeCaPem", () => {
  it("adds the trailing newline the service adds, once", () => {
    const trimmed = caPem.trimEnd();
    expect(normalizeCaPem(trimmed)).toBe(`${trimmed}\n`);
    expect(normalizeCaPem(normalizeCaPem(trimmed))).toBe(`${trimmed}\n`);
  });
});
