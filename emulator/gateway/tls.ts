// TLS on the gateway: what a handshake established (the facts `conn.tls.*` and
// `actions.ngrok.terminate_tls.*` read, https://ngrok.com/docs/traffic-policy/variables/connection/),
// the certificates the gateway serves when a policy brings none (issued by a CA the emulator makes
// at start, which clients trust through `Gateway.caPem`), and the ClientHello's SNI, read before
// the handshake to choose the endpoint whose on_tcp_connect configures it.
import { randomBytes, webcrypto, X509Certificate } from "node:crypto";
import { peculiarX509 } from "../shared/x509";

/**
 * What a TLS handshake established, as the gateway saw it. testPolicy takes what a test gives
 * (every field optional); the gateway's TLS listener gives them all from the real handshake.
 */
export interface TlsFacts {
  /** As ngrok writes it: "1.2" or "1.3". */
  version?: string;
  /** The IANA name, e.g. "TLS_AES_128_GCM_SHA256". */
  cipherSuite?: string;
  /** The ClientHello's server name. */
  sni?: string;
  /** "" when none was negotiated. */
  negotiatedAlpn?: string;
  /** The emulator does not compute JA4: "" unless a test gives one. */
  ja4Fingerprint?: string;
  /** Always false on ngrok, which does not resume sessions. */
  sessionResumed?: boolean;
  /** The certificate the client presented (mutual TLS), PEM: `conn.tls.client.*`. */
  clientCertificate?: string;
  /** The certificate the gateway presented, PEM: `conn.tls.server.*`. */
  serverCertificate?: string;
}

export interface DistinguishedName {
  /** Go's `pkix.Name.String()`: RDNs most specific first, e.g. "CN=E1,O=Let's Encrypt,C=US". */
  dn: string;
  common_name: string;
  country: string[];
  locality: string[];
  organization: string[];
  organizational_unit: string[];
  postal_code: string[];
  province: string[];
  street_address: string[];
}

/** A certificate as the docs' `conn.tls.client.*` / `conn.tls.server.*` describe it. */
export interface CertificateFacts {
  pem: string;
  issuer: DistinguishedName;
  subject: DistinguishedName;
  san: { text: string; dns_names: string[]; email_addresses: string[]; ip_addresses: string[]; uris: string[] };
  /** Lower-case hex without leading zeros, as Go prints a big.Int. */
  serial_number: string;
  /** Go's name, e.g. "SHA256-RSA", "ECDSA-SHA256". */
  signature_algorithm: string;
  validity: { not_before: Date; not_after: Date };
  extensions: Array<{ id: string; critical: boolean; value: Uint8Array }>;
}

const DN_KEYS: Readonly<Record<string, keyof Omit<DistinguishedName, "dn" | "common_name">>> = {
  C: "country",
  L: "locality",
  O: "organization",
  OU: "organizational_unit",
  postalCode: "postal_code",
  ST: "province",
  street: "street_address",
};

function distinguishedName(lines: string): DistinguishedName {
  const out: DistinguishedName = { dn: "", common_name: "", country: [], locality: [], organization: [], organizational_unit: [], postal_code: [], province: [], street_address: [] };
  const pairs = lines
    .split("\n")
    .filter((l) => l.includes("="))
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)] as const);
  for (const [k, v] of pairs) {
    if (k === "CN") out.common_name = v;
    else if (DN_KEYS[k] !== undefined) out[DN_KEYS[k]].push(v);
  }
  const GO_KEYS: Readonly<Record<string, string>> = { CN: "CN", C: "C", L: "L", O: "O", OU: "OU", ST: "ST", street: "STREET", postalCode: "POSTALCODE", serialNumber: "SERIALNUMBER" };
  out.dn = [...pairs]
    .reverse()
    .map(([k, v]) => `${GO_KEYS[k] ?? k}=${v}`)
    .join(",");
  return out;
}

const GO_SIGNATURE: Readonly<Record<string, string>> = {
  "RSASSA-PKCS1-v1_5/SHA-1": "SHA1-RSA",
  "RSASSA-PKCS1-v1_5/SHA-256": "SHA256-RSA",
  "RSASSA-PKCS1-v1_5/SHA-384": "SHA384-RSA",
  "RSASSA-PKCS1-v1_5/SHA-512": "SHA512-RSA",
  "RSA-PSS/SHA-256": "SHA256-RSAPSS",
  "RSA-PSS/SHA-384": "SHA384-RSAPSS",
  "RSA-PSS/SHA-512": "SHA512-RSAPSS",
  "ECDSA/SHA-256": "ECDSA-SHA256",
  "ECDSA/SHA-384": "ECDSA-SHA384",
  "ECDSA/SHA-512": "ECDSA-SHA512",
  "Ed25519/": "Ed25519",
};

/** A certificate's facts, read with Node's X.509 parser and @peculiar/x509 (for the signature algorithm and extensions). */
export function certificateFacts(pem: string): CertificateFacts {
  const cert = new X509Certificate(pem);
  const lib = peculiarX509();
  const parsed = new lib.X509Certificate(pem);
  const alg = parsed.signatureAlgorithm as { name: string; hash?: { name: string } };
  const sans = (cert.subjectAltName ?? "").split(", ").filter((s) => s !== "");
  const of = (prefix: string): string[] => sans.filter((s) => s.startsWith(prefix)).map((s) => s.slice(prefix.length));
  return {
    pem: cert.toString(),
    issuer: distinguishedName(cert.issuer),
    subject: distinguishedName(cert.subject),
    san: { text: cert.subjectAltName ?? "", dns_names: of("DNS:"), email_addresses: of("email:"), ip_addresses: of("IP Address:"), uris: of("URI:") },
    serial_number: cert.serialNumber.toLowerCase().replace(/^0+(?=.)/, ""),
    signature_algorithm: GO_SIGNATURE[`${alg.name}/${alg.hash?.name ?? ""}`] ?? alg.name,
    validity: { not_before: new Date(cert.validFrom), not_after: new Date(cert.validTo) },
    extensions: parsed.extensions.map((e) => ({ id: e.type, critical: e.critical, value: new Uint8Array(e.value) })),
  };
}

function certificateVariables(c: CertificateFacts): Record<string, unknown> {
  const { dn: _issuerDn, ...issuer } = c.issuer;
  const { dn: _subjectDn, ...subject } = c.subject;
  const { text: _san, ...san } = c.san;
  return { pem: c.pem, issuer, subject, san, serial_number: c.serial_number, signature_algorithm: c.signature_algorithm, validity: c.validity, extensions: c.extensions };
}

/**
 * The documented `conn.tls` map of a handshake's facts (also `actions.ngrok.terminate_tls`).
 * `issuer`, `subject` and `san` are both a string and a map in ngrok's docs; here they are the
 * map, their string forms in CertificateFacts (`dn`, `san.text`) for the CEL variables to offer.
 */
export function tlsVariables(facts: TlsFacts): Record<string, unknown> {
  const out: Record<string, unknown> = {
    cipher_suite: facts.cipherSuite ?? "",
    ja4_fingerprint: facts.ja4Fingerprint ?? "",
    negotiated_alpn: facts.negotiatedAlpn ?? "",
    session_resumed: facts.sessionResumed ?? false,
    sni: facts.sni ?? "",
    version: facts.version ?? "",
  };
  if (facts.clientCertificate !== undefined) out["client"] = certificateVariables(certificateFacts(facts.clientCertificate));
  if (facts.serverCertificate !== undefined) out["server"] = certificateVariables(certificateFacts(facts.serverCertificate));
  return out;
}

/** "TLSv1.3" -> "1.3". */
export function versionName(protocol: string | null): string {
  return (protocol ?? "").replace(/^TLSv/, "");
}

/** Whether `pem` was signed by one of `cas` (each PEM, possibly a bundle) and is valid at `now`. */
export function issuedByOneOf(pem: string, cas: readonly string[], now: number): boolean {
  const cert = new X509Certificate(pem);
  if (Date.parse(cert.validFrom) > now || Date.parse(cert.validTo) < now) return false;
  return cas.flatMap(splitPem).some((caPem) => {
    const ca = new X509Certificate(caPem);
    return cert.checkIssued(ca) && cert.verify(ca.publicKey);
  });
}

export function splitPem(bundle: string): string[] {
  return bundle.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
}

/**
 * The server name of a TLS ClientHello (RFC 8446 4.1.2, RFC 6066 3) in `data`: undefined when
 * `data` is not a complete ClientHello record yet, "" when it has no SNI, null when it is not TLS.
 */
export function clientHelloSni(data: Buffer): string | undefined | null {
  if (data.length < 5) return undefined;
  if (data[0] !== 0x16) return null;
  const recordLength = data.readUInt16BE(3);
  if (data.length < 5 + recordLength) return undefined;
  let p = 5;
  if (data[p] !== 0x01) return null;
  p += 4 + 2 + 32; // handshake header, legacy_version, random
  p += 1 + data[p]!; // session id
  p += 2 + data.readUInt16BE(p); // cipher suites
  p += 1 + data[p]!; // compression methods
  if (p + 2 > 5 + recordLength) return "";
  const end = p + 2 + data.readUInt16BE(p);
  p += 2;
  while (p + 4 <= end) {
    const type = data.readUInt16BE(p);
    const length = data.readUInt16BE(p + 2);
    if (type === 0) {
      // server_name_list: a list length, then (name_type, name length, name).
      const nameLength = data.readUInt16BE(p + 7);
      return data.subarray(p + 9, p + 9 + nameLength).toString("ascii").toLowerCase();
    }
    p += 4 + length;
  }
  return "";
}

type X509 = ReturnType<typeof peculiarX509>;
type Keys = Parameters<X509["X509CertificateGenerator"]["createSelfSigned"]>[0]["keys"];
const ECDSA = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };

function x509(): X509 {
  const lib = peculiarX509();
  lib.cryptoProvider.set(webcrypto as unknown as Parameters<typeof lib.cryptoProvider.set>[0]);
  return lib;
}

async function pkcs8Pem(key: Keys["privateKey"]): Promise<string> {
  const der = await webcrypto.subtle.exportKey("pkcs8", key as unknown as Parameters<typeof webcrypto.subtle.exportKey>[1]);
  return `-----BEGIN PRIVATE KEY-----\n${Buffer.from(der).toString("base64").replace(/(.{64})/g, "$1\n").trimEnd()}\n-----END PRIVATE KEY-----\n`;
}

/** The emulator's own CA, made at start, and the certificates it issues for endpoints' hosts (cached). */
export class GatewayCertificates {
  private readonly issued = new Map<string, Promise<{ key: string; cert: string }>>();

  private constructor(
    readonly caPem: string,
    private readonly caKeys: Keys,
    private readonly caName: string,
    private readonly now: () => number,
  ) {}

  static async create(now: () => number): Promise<GatewayCertificates> {
    const lib = x509();
    const keys = (await webcrypto.subtle.generateKey(ECDSA, true, ["sign", "verify"])) as unknown as Keys;
    const name = "CN=ngrok-emulator gateway CA";
    const at = now();
    const ca = await lib.X509CertificateGenerator.createSelfSigned({
      serialNumber: "01",
      name,
      notBefore: new Date(at - 86_400_000),
      notAfter: new Date(at + 10 * 365 * 86_400_000),
      keys,
      signingAlgorithm: ECDSA,
      extensions: [new lib.BasicConstraintsExtension(true, undefined, true), new lib.KeyUsagesExtension(lib.KeyUsageFlags.keyCertSign | lib.KeyUsageFlags.cRLSign, true)],
    });
    return new GatewayCertificates(ca.toString("pem"), keys, name, now);
  }

  /** A certificate for `host` signed by the emulator's CA. */
  forHost(host: string): Promise<{ key: string; cert: string }> {
    let p = this.issued.get(host);
    if (p === undefined) {
      p = this.issue(host);
      this.issued.set(host, p);
    }
    return p;
  }

  private async issue(host: string): Promise<{ key: string; cert: string }> {
    const lib = x509();
    const keys = (await webcrypto.subtle.generateKey(ECDSA, true, ["sign", "verify"])) as unknown as Keys;
    const at = this.now();
    const cert = await lib.X509CertificateGenerator.create({
      serialNumber: `1${randomBytes(8).toString("hex")}`,
      subject: `CN=${host}`,
      issuer: this.caName,
      notBefore: new Date(at - 86_400_000),
      notAfter: new Date(at + 90 * 86_400_000),
      publicKey: keys.publicKey,
      signingKey: this.caKeys.privateKey,
      signingAlgorithm: ECDSA,
      extensions: [new lib.SubjectAlternativeNameExtension([{ type: "dns", value: host }]), new lib.ExtendedKeyUsageExtension(["1.3.6.1.5.5.7.3.1"])],
    });
    return { key: await pkcs8Pem(keys.privateKey), cert: cert.toString("pem") };
  }
}
