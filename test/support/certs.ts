/** Real certificates for tests, made with @peculiar/x509 on Node's WebCrypto: the expected fields are known. */
import { webcrypto } from "crypto";
import { peculiarX509 } from "../../emulator/shared/x509";

type X509 = ReturnType<typeof peculiarX509>;
type Keys = Parameters<X509["X509CertificateGenerator"]["createSelfSigned"]>[0]["keys"];

export interface Pem {
  certificatePem: string;
  privateKeyPem: string;
}

/** A generated certificate with what is needed to sign others with it. */
export interface Issued extends Pem {
  name: string;
  keys: Keys;
  rsa: boolean;
}

export interface CertificateOptions {
  /** Distinguished name, e.g. "CN=shop.example.com, O=Example Corp, C=AU". */
  name: string;
  /** Signed by this CA; self-signed when absent. */
  issuer?: Issued;
  ca?: boolean;
  rsa?: boolean;
  serialNumber?: string;
  dnsNames?: string[];
  ips?: string[];
  /** @peculiar/x509 KeyUsageFlags bits. */
  keyUsages?: number;
  /** Extended key usage OIDs. */
  extendedKeyUsages?: string[];
}

function x509(): X509 {
  const lib = peculiarX509();
  lib.cryptoProvider.set(webcrypto as unknown as Parameters<typeof lib.cryptoProvider.set>[0]);
  return lib;
}

const ECDSA = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
const RSA = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };

/** A certificate valid from 2026 to 2036 with a fresh key (ECDSA P-256 unless `rsa`). */
export async function makeCertificate(o: CertificateOptions): Promise<Issued> {
  const lib = x509();
  const alg = o.rsa ? RSA : ECDSA;
  const keys = (await webcrypto.subtle.generateKey(alg, true, ["sign", "verify"])) as unknown as Keys;
  const extensions: InstanceType<X509["Extension"]>[] = [];
  if (o.ca) extensions.push(new lib.BasicConstraintsExtension(true, undefined, true));
  if (o.keyUsages !== undefined) extensions.push(new lib.KeyUsagesExtension(o.keyUsages, true));
  if (o.extendedKeyUsages) extensions.push(new lib.ExtendedKeyUsageExtension(o.extendedKeyUsages));
  const sans = [...(o.dnsNames ?? []).map((value) => ({ type: "dns" as const, value })), ...(o.ips ?? []).map((value) => ({ type: "ip" as const, value }))];
  if (sans.length) extensions.push(new lib.SubjectAlternativeNameExtension(sans));
  const common = {
    serialNumber: o.serialNumber ?? "01",
    notBefore: new Date("2026-01-01T00:00:00Z"),
    notAfter: new Date("2036-01-01T00:00:00Z"),
    extensions,
  };
  const cert = o.issuer
    ? await lib.X509CertificateGenerator.create({
        ...common,
        subject: o.name,
        issuer: o.issuer.name,
        publicKey: keys.publicKey,
        signingKey: o.issuer.keys.privateKey,
        signingAlgorithm: o.issuer.rsa ? RSA : ECDSA,
      })
    : await lib.X509CertificateGenerator.createSelfSigned({ ...common, name: o.name, keys, signingAlgorithm: alg });
  const pkcs8 = await webcrypto.subtle.exportKey("pkcs8", keys.privateKey as unknown as Parameters<typeof webcrypto.subtle.exportKey>[1]);
  const b64 = Buffer.from(pkcs8).toString("base64").replace(/(.{64})/g, "$1\n").trimEnd();
  return {
    name: o.name,
    keys,
    rsa: o.rsa === true,
    certificatePem: cert.toString("pem"),
    privateKeyPem: `-----BEGIN PRIVATE KEY-----\n${b64}\n-----END PRIVATE KEY-----\n`,
  };
}

export async function selfSignedPem(commonName: string, ca = false): Promise<Pem> {
  const lib = x509();
  const { certificatePem, privateKeyPem } = await makeCertificate({
    name: `CN=${commonName}`,
    ca,
    keyUsages: ca ? lib.KeyUsageFlags.keyCertSign | lib.KeyUsageFlags.cRLSign : undefined,
  });
  return { certificatePem, privateKeyPem };
}
