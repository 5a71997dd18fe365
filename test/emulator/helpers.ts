/** Talks to an in-process emulator over loopback with undici, as any API client would. */
import { request } from "undici";
import type { Emulator } from "../../emulator";
import { peculiarX509 } from "../../emulator/x509";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  // Tests read fields of arbitrary API objects.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

export interface CallOptions {
  headers?: Record<string, string>;
  /** Replaces the default Authorization / Ngrok-Version headers entirely. */
  bareHeaders?: boolean;
  rawBody?: string;
}

export async function call(emu: Emulator, method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = options.bareHeaders
    ? {}
    : { authorization: `Bearer ${emu.apiKey}`, "ngrok-version": "2" };
  Object.assign(headers, options.headers ?? {});
  let payload: string | undefined = options.rawBody;
  if (body !== undefined) payload = JSON.stringify(body);
  if (payload !== undefined) headers["content-type"] = "application/json";
  const res = await request(emu.url + path, { method: method as "GET", headers, body: payload });
  const text = await res.body.text();
  let json: unknown = undefined;
  if (text !== "") json = JSON.parse(text);
  return { status: res.statusCode, headers: res.headers, text, json };
}

export const OPERATION_ID = /^op_[0-9A-Za-z]{27}$/;

/** An id that has the right prefix and form but names nothing. */
export const missingId = (prefix: string): string => `${prefix}_${"0".repeat(27)}`;

/** Asserts the real service's error body and returns it. */
export function expectError(a: Answer, status: number, code: string | undefined): { msg: string } {
  expect({ status: a.status, code: a.json?.error_code }).toEqual({ status, code });
  expect(a.json.status_code).toBe(status);
  expect(typeof a.json.msg).toBe("string");
  expect(a.json.details.operation_id).toMatch(OPERATION_ID);
  expect(a.json.details.operation_id).toBe(a.headers["ngrok-operation-id"]);
  if (code === undefined) expect("error_code" in a.json).toBe(false);
  return a.json as { msg: string };
}

/** A valid ed25519 OpenSSH public key line (the blob names its own type). */
export function sshEd25519(comment = "test@host"): string {
  const type = Buffer.from("ssh-ed25519");
  const key = Buffer.alloc(32, 7);
  const len = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const blob = Buffer.concat([len(type.length), type, len(key.length), key]);
  return `ssh-ed25519 ${blob.toString("base64")} ${comment}`;
}

/** A real self-signed certificate and its PKCS#8 key (ECDSA P-256), made with WebCrypto. */
export async function selfSigned(commonName: string, ca = false): Promise<{ certificatePem: string; privateKeyPem: string }> {
  const { webcrypto } = await import("node:crypto");
  const x509 = peculiarX509();
  x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);
  const alg = { name: "ECDSA", namedCurve: "P-256", hash: "SHA-256" };
  const keys = await webcrypto.subtle.generateKey(alg, true, ["sign", "verify"]);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: "01",
    name: `CN=${commonName}`,
    notBefore: new Date("2026-01-01T00:00:00Z"),
    notAfter: new Date("2036-01-01T00:00:00Z"),
    keys: keys as unknown as Parameters<typeof x509.X509CertificateGenerator.createSelfSigned>[0]["keys"],
    signingAlgorithm: alg,
    extensions: ca
      ? [
          new x509.BasicConstraintsExtension(true, undefined, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
        ]
      : [],
  });
  const pkcs8 = await webcrypto.subtle.exportKey("pkcs8", keys.privateKey);
  const b64 = Buffer.from(pkcs8).toString("base64").replace(/(.{64})/g, "$1\n").trimEnd();
  return { certificatePem: cert.toString("pem"), privateKeyPem: `-----BEGIN PRIVATE KEY-----\n${b64}\n-----END PRIVATE KEY-----\n` };
}
