// Certificate PEM handling for the emulator: the real service derives subject_common_name,
// not_before, not_after, key_usages and extended_key_usages from an uploaded `ca_pem` (and, for
// TLS certificates, the fields listed in TlsCertificateInfo from the leaf of `certificate_pem`),
// so the emulator parses them with a real X.509 parser (@peculiar/x509). Private keys are
// checked with Node's crypto, which reads every common key format.

import { X509Certificate as NodeX509Certificate, createPrivateKey, type KeyObject } from "crypto";
import { ApiFailure } from "./errors";

type X509Module = typeof import("@peculiar/x509");

/** Fields the service derives from `ca_pem`. */
export interface CaPemInfo {
  subject_common_name: string;
  not_before: string;
  not_after: string;
  key_usages: string[];
  extended_key_usages: string[];
}

let x509Module: X509Module | undefined;

/**
 * The @peculiar/x509 module (tests use it too), loaded on first use. It registers its algorithms
 * with tsyringe, which needs the Reflect metadata API: `reflect-metadata` is the polyfill the
 * library documents.
 */
export function peculiarX509(): X509Module {
  if (!x509Module) {
    require("reflect-metadata");
    x509Module = require("@peculiar/x509") as X509Module;
  }
  return x509Module;
}

// Key usage bits in RFC 5280 order, named as Go's crypto/x509 names them (the real service
// is written in Go), in snake_case.
const KEY_USAGE_NAMES: ReadonlyArray<readonly [number, string]> = [
  [1, "digital_signature"],
  [2, "content_commitment"],
  [4, "key_encipherment"],
  [8, "data_encipherment"],
  [16, "key_agreement"],
  [32, "cert_sign"],
  [64, "crl_sign"],
  [128, "encipher_only"],
  [256, "decipher_only"],
];

const EXTENDED_KEY_USAGE_NAMES: Readonly<Record<string, string>> = {
  "2.5.29.37.0": "any",
  "1.3.6.1.5.5.7.3.1": "server_auth",
  "1.3.6.1.5.5.7.3.2": "client_auth",
  "1.3.6.1.5.5.7.3.3": "code_signing",
  "1.3.6.1.5.5.7.3.4": "email_protection",
  "1.3.6.1.5.5.7.3.5": "ipsec_end_system",
  "1.3.6.1.5.5.7.3.6": "ipsec_tunnel",
  "1.3.6.1.5.5.7.3.7": "ipsec_user",
  "1.3.6.1.5.5.7.3.8": "time_stamping",
  "1.3.6.1.5.5.7.3.9": "ocsp_signing",
  "1.3.6.1.4.1.311.10.3.3": "microsoft_server_gated_crypto",
  "2.16.840.1.113730.4.1": "netscape_server_gated_crypto",
  "1.3.6.1.4.1.311.2.1.22": "microsoft_commercial_code_signing",
  "1.3.6.1.4.1.311.61.1.1": "microsoft_kernel_code_signing",
};

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END ([A-Z0-9 ]+)-----/g;

const badPem = (why: string): ApiFailure =>
  new ApiFailure(400, "ERR_NGROK_215", `Invalid ca_pem: ${why}. Supply one PEM-encoded X.509 certificate.`);

/** RFC 3339, UTC, whole seconds, as every timestamp of the API. */
function rfc3339(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Extracts the single CERTIFICATE block's DER bytes, or explains why it cannot. */
function certificateDer(pem: string): Uint8Array {
  const blocks = [...pem.matchAll(PEM_BLOCK)];
  if (blocks.length === 0) throw badPem("no PEM block found");
  const outside = pem.replace(PEM_BLOCK, "");
  if (outside.trim() !== "") throw badPem("unexpected text outside the PEM block");
  if (blocks.length > 1) throw badPem(`expected exactly one certificate, found ${blocks.length} PEM blocks`);
  const [, begin, body, end] = blocks[0]!;
  if (begin !== end) throw badPem(`PEM block begins with '${begin}' but ends with '${end}'`);
  if (begin !== "CERTIFICATE") throw badPem(`expected a CERTIFICATE PEM block, got '${begin}'`);
  const b64 = body!.replace(/\s+/g, "");
  if (b64 === "" || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0) {
    throw badPem("the PEM body is not valid base64");
  }
  return new Uint8Array(Buffer.from(b64, "base64"));
}

type PeculiarCertificate = InstanceType<X509Module["X509Certificate"]>;

/** Parses DER bytes; `bad` words the failure for the field at hand. */
function decodeCertificate(der: Uint8Array, bad: (why: string) => ApiFailure): PeculiarCertificate {
  try {
    return new (peculiarX509().X509Certificate)(der);
  } catch {
    throw bad("the PEM block does not hold a valid X.509 certificate");
  }
}

/** The fields the service derives from any uploaded certificate. */
function commonInfo(cert: PeculiarCertificate, bad: (why: string) => ApiFailure): CaPemInfo {
  const x509 = peculiarX509();
  try {
    const notBefore = cert.notBefore;
    const notAfter = cert.notAfter;
    if (Number.isNaN(notBefore.getTime()) || Number.isNaN(notAfter.getTime())) {
      throw bad("the certificate's validity period is not readable");
    }
    const ku = cert.getExtension(x509.KeyUsagesExtension);
    const eku = cert.getExtension(x509.ExtendedKeyUsageExtension);
    const bits = ku ? ku.usages : 0;
    return {
      subject_common_name: cert.subjectName.getField("CN")[0] ?? "",
      not_before: rfc3339(notBefore),
      not_after: rfc3339(notAfter),
      key_usages: KEY_USAGE_NAMES.filter(([bit]) => (bits & bit) !== 0).map(([, name]) => name),
      // An extended key usage the service has no name for is reported by its OID.
      extended_key_usages: (eku ? eku.usages : []).map((oid) => EXTENDED_KEY_USAGE_NAMES[String(oid)] ?? String(oid)),
    };
  } catch (e) {
    if (e instanceof ApiFailure) throw e;
    throw bad("the certificate's fields or extensions cannot be decoded");
  }
}

/** Parses an uploaded certificate authority; a bad PEM is 400 ERR_NGROK_215 naming ca_pem. */
export function parseCaPem(pem: string): CaPemInfo {
  if (typeof pem !== "string") throw badPem("must be a string");
  return commonInfo(decodeCertificate(certificateDer(pem), badPem), badPem);
}

/** Fields the service derives from a TLS certificate's leaf (as @ngrok/ngrok-api's TLSCertificate shows them). */
export interface TlsCertificateInfo extends CaPemInfo {
  subject_alternative_names: { dns_names: string[]; ips: string[] };
  /** Set only for certificates the service issued itself; uploads have null. */
  issued_at: null;
  private_key_type: string;
  issuer_common_name: string;
  serial_number: string;
  subject_organization: string;
  subject_organizational_unit: string;
  subject_locality: string;
  subject_province: string;
  subject_country: string;
}

const badField = (field: string, why: string): ApiFailure => new ApiFailure(400, "ERR_NGROK_215", `Invalid value for '${field}': ${why}.`);

/** The DER bytes of every block of a certificate chain (leaf first). */
function chainDers(pem: string): Uint8Array[] {
  const bad = (why: string) => badField("certificate_pem", why);
  const blocks = [...pem.matchAll(PEM_BLOCK)];
  if (blocks.length === 0) throw bad("expected a PEM-encoded X.509 certificate chain, found no PEM block");
  return blocks.map(([, begin, body, end]) => {
    if (begin !== end || begin !== "CERTIFICATE") throw bad(`expected CERTIFICATE PEM blocks only, got '${begin}'`);
    const b64 = body!.replace(/\s+/g, "");
    if (b64 === "" || !/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw bad("a PEM body is not valid base64");
    return new Uint8Array(Buffer.from(b64, "base64"));
  });
}

/** The service's name for a key algorithm (Node's `asymmetricKeyType`). */
const KEY_TYPES: Readonly<Record<string, string>> = { rsa: "rsa", "rsa-pss": "rsa", ec: "ecdsa", ed25519: "ed25519" };

/**
 * Parses an uploaded TLS certificate and its private key: the chain must parse, the key must be
 * an unencrypted private key of a supported type, and it must belong to the leaf (first)
 * certificate. Failures are 400 ERR_NGROK_215 naming the field, never quoting the key.
 */
export function parseTlsCertificate(certificatePem: string, privateKeyPem: string): TlsCertificateInfo {
  const bad = (why: string) => badField("certificate_pem", why);
  const ders = chainDers(certificatePem);
  const chain = ders.map((der) => decodeCertificate(der, bad));
  const leaf = chain[0]!;
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: privateKeyPem, format: "pem" });
  } catch {
    throw badField("private_key_pem", "expected an unencrypted PEM-encoded private key");
  }
  const leafNode = new NodeX509Certificate(ders[0]!);
  const keyType = KEY_TYPES[key.asymmetricKeyType ?? ""];
  if (keyType === undefined) throw badField("private_key_pem", `unsupported key type '${key.asymmetricKeyType ?? "unknown"}'`);
  let matches = false;
  try {
    matches = leafNode.checkPrivateKey(key);
  } catch {
    // Keys of another algorithm than the certificate's: no match.
  }
  if (!matches) {
    throw badField("private_key_pem", "the private key does not match the public key of the leaf certificate");
  }
  const x509 = peculiarX509();
  const san = leaf.getExtension(x509.SubjectAlternativeNameExtension);
  const names = san ? san.names.items : [];
  // Go's pkix.Name holds lists; the service reports the first value of each (unverified).
  const subject = (type: string) => leaf.subjectName.getField(type)[0] ?? "";
  return {
    ...commonInfo(leaf, bad),
    subject_alternative_names: {
      dns_names: names.filter((n) => n.type === "dns").map((n) => n.value),
      ips: names.filter((n) => n.type === "ip").map((n) => n.value),
    },
    issued_at: null,
    private_key_type: keyType,
    issuer_common_name: leaf.issuerName.getField("CN")[0] ?? "",
    // Hexadecimal, lower case, without leading zeros (Go's big.Int Text(16); unverified).
    serial_number: BigInt(`0x${leaf.serialNumber || "0"}`).toString(16),
    subject_organization: subject("O"),
    subject_organizational_unit: subject("OU"),
    subject_locality: subject("L"),
    subject_province: subject("ST"),
    subject_country: subject("C"),
  };
}

/** The service stores `ca_pem` with a trailing newline; the emulator does the same. */
export function normalizeCaPem(pem: string): string {
  return pem.endsWith("\n") ? pem : `${pem}\n`;
}
