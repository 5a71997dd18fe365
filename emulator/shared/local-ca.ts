// The API over TLS, as a production client reaches it: a local certificate authority (kept in a
// directory, so that a client trusts it once across restarts) and a server certificate it signs
// for the host names the API is served at. Made with @peculiar/x509 on Node's WebCrypto.
import { randomBytes, webcrypto } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { peculiarX509 } from "./x509";

type X509 = ReturnType<typeof peculiarX509>;
type Keys = Parameters<X509["X509CertificateGenerator"]["createSelfSigned"]>[0]["keys"];
const ECDSA = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
const CA_NAME = "CN=ngrok-emulator local CA";

export interface ServerTls {
  /** The server certificate (PEM) for `names`. */
  cert: string;
  /** Its private key (PKCS#8 PEM). */
  key: string;
  /** The CA certificate a client trusts (NODE_EXTRA_CA_CERTS, SSL_CERT_FILE). */
  caPath: string;
}

function x509(): X509 {
  const lib = peculiarX509();
  lib.cryptoProvider.set(webcrypto as unknown as Parameters<typeof lib.cryptoProvider.set>[0]);
  return lib;
}

const subtle = webcrypto.subtle;
type SubtleKey = Parameters<typeof subtle.exportKey>[1];

async function pkcs8Pem(key: Keys["privateKey"]): Promise<string> {
  const der = await subtle.exportKey("pkcs8", key as unknown as SubtleKey);
  return `-----BEGIN PRIVATE KEY-----\n${Buffer.from(der).toString("base64").replace(/(.{64})/g, "$1\n").trimEnd()}\n-----END PRIVATE KEY-----\n`;
}

async function importPrivateKey(pem: string): Promise<Keys["privateKey"]> {
  const der = Buffer.from(pem.replace(/-----[A-Z ]+-----/g, "").replace(/\s+/g, ""), "base64");
  return (await subtle.importKey("pkcs8", der, ECDSA, true, ["sign"])) as unknown as Keys["privateKey"];
}

/**
 * The CA of `dir` (ca.pem, ca-key.pem; made on first use) and a fresh server certificate for
 * `names` that it signs, valid from a day ago for 90 days.
 */
export async function localServerTls(dir: string, names: readonly string[], now = Date.now()): Promise<ServerTls> {
  const lib = x509();
  fs.mkdirSync(dir, { recursive: true });
  // Absolute: a client reads it from its own working directory.
  const caPath = path.resolve(dir, "ca.pem");
  const caKeyPath = path.join(dir, "ca-key.pem");
  let caKey: Keys["privateKey"];
  if (fs.existsSync(caPath) && fs.existsSync(caKeyPath)) {
    caKey = await importPrivateKey(fs.readFileSync(caKeyPath, "utf8"));
  } else {
    const keys = (await subtle.generateKey(ECDSA, true, ["sign", "verify"])) as unknown as Keys;
    const ca = await lib.X509CertificateGenerator.createSelfSigned({
      serialNumber: `01${randomBytes(8).toString("hex")}`,
      name: CA_NAME,
      notBefore: new Date(now - 86_400_000),
      notAfter: new Date(now + 10 * 365 * 86_400_000),
      keys,
      signingAlgorithm: ECDSA,
      extensions: [new lib.BasicConstraintsExtension(true, undefined, true), new lib.KeyUsagesExtension(lib.KeyUsageFlags.keyCertSign | lib.KeyUsageFlags.cRLSign, true)],
    });
    // The key first: a CA file without its key would be regenerated over on the next start.
    fs.writeFileSync(caKeyPath, await pkcs8Pem(keys.privateKey), { mode: 0o600 });
    fs.writeFileSync(caPath, ca.toString("pem"));
    caKey = keys.privateKey;
  }
  const keys = (await subtle.generateKey(ECDSA, true, ["sign", "verify"])) as unknown as Keys;
  const cert = await lib.X509CertificateGenerator.create({
    serialNumber: `02${randomBytes(8).toString("hex")}`,
    subject: `CN=${names[0] ?? "localhost"}`,
    issuer: new lib.X509Certificate(fs.readFileSync(caPath, "utf8")).subject,
    notBefore: new Date(now - 86_400_000),
    notAfter: new Date(now + 90 * 86_400_000),
    publicKey: keys.publicKey,
    signingKey: caKey,
    signingAlgorithm: ECDSA,
    extensions: [
      new lib.SubjectAlternativeNameExtension(names.map((n) => (/^[0-9.]+$|:/.test(n) ? { type: "ip" as const, value: n } : { type: "dns" as const, value: n }))),
      new lib.ExtendedKeyUsageExtension(["1.3.6.1.5.5.7.3.1"]),
    ],
  });
  return { cert: cert.toString("pem"), key: await pkcs8Pem(keys.privateKey), caPath };
}
