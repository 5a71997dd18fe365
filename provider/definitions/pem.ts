/**
 * PEM inputs (certificates and private keys), checked at preview with Node's built-in crypto:
 * it parses X.509 and every common private key format, and loads nothing at start-up. Reasons
 * name the property and never quote the PEM (a private key must not reach a log).
 */
import { X509Certificate, createPrivateKey, type KeyObject } from "crypto";
import type { z } from "zod";

/** The service stores PEM text with a trailing newline; one more or less means the same PEM. */
export function normalizePem(value: unknown): unknown {
  return typeof value === "string" && value !== "" && !value.endsWith("\n") ? `${value}\n` : value;
}

/**
 * A private key as its key material: the same key re-encoded (PKCS #8 to PKCS #1 or SEC 1, other
 * line breaks) is the same key, so it is no change. What does not parse compares as text.
 */
export function normalizePrivateKeyPem(value: unknown): unknown {
  if (typeof value !== "string" || value === "") return value;
  try {
    return `pkcs8:${createPrivateKey(value).export({ format: "der", type: "pkcs8" }).toString("base64")}`;
  } catch {
    return normalizePem(value);
  }
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

/** The certificates of a PEM bundle, in order, or why it is not one. */
export function parseCertificates(pem: string): X509Certificate[] | string {
  const blocks = [...pem.matchAll(PEM_BLOCK)];
  if (blocks.length === 0) return "holds no PEM block (-----BEGIN CERTIFICATE----- ... -----END CERTIFICATE-----)";
  const certs: X509Certificate[] = [];
  for (const [i, block] of blocks.entries()) {
    // Read after the property's name: "certificatePem is ..." or "certificatePem block 2 of 3 is ...".
    const where = blocks.length > 1 ? `block ${i + 1} of ${blocks.length}` : "";
    if (block[1] !== "CERTIFICATE") return `${where} is a ${block[1]}, not a CERTIFICATE`.trimStart();
    try {
      certs.push(new X509Certificate(Buffer.from(block[2]!.replace(/\s+/g, ""), "base64")));
    } catch {
      return `${where} is not a valid X.509 certificate`.trimStart();
    }
  }
  return certs;
}

/** An unencrypted private key, or why it is not one. */
export function parsePrivateKey(pem: string): KeyObject | string {
  // PKCS #8 "ENCRYPTED PRIVATE KEY", or a traditional key with "Proc-Type: 4,ENCRYPTED".
  if (/-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type:\s*4,ENCRYPTED/.test(pem)) return "is encrypted: give the key unencrypted";
  try {
    return createPrivateKey({ key: pem, format: "pem" });
  } catch {
    return "is not a PEM-encoded private key (PKCS #8, PKCS #1 or SEC 1)";
  }
}

/** A string holding one or more PEM certificates (a CA, or a chain with the leaf first). */
export const certificatePemType = (zod: typeof z) =>
  zod.string().superRefine((pem, ctx) => {
    const certs = parseCertificates(pem);
    if (typeof certs === "string") ctx.addIssue({ code: "custom", message: certs });
  });

/** A string holding one unencrypted PEM private key. */
export const privateKeyPemType = (zod: typeof z) =>
  zod.string().superRefine((pem, ctx) => {
    const key = parsePrivateKey(pem);
    if (typeof key === "string") ctx.addIssue({ code: "custom", message: key });
  });

/**
 * Whether the private key belongs to the chain's first certificate (the leaf). Undefined when
 * either does not parse: their own checks report that.
 */
export function keyMismatch(certificatePem: unknown, privateKeyPem: unknown): boolean | undefined {
  if (typeof certificatePem !== "string" || typeof privateKeyPem !== "string") return undefined;
  const certs = parseCertificates(certificatePem);
  const key = parsePrivateKey(privateKeyPem);
  if (typeof certs === "string" || typeof key === "string") return undefined;
  try {
    return !certs[0]!.checkPrivateKey(key);
  } catch {
    return true; // a key of another algorithm than the certificate's
  }
}
