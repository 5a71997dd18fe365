/**
 * OpenSSH public key lines (`<type> <base64 key blob>[ <comment>]`), as `ssh-keygen` writes them to
 * `id_*.pub`. Node's crypto reads PEM, DER and JWK keys but not this format (createPublicKey
 * answers "unsupported"), and no well-kept package for it is a dependency here; the wire format
 * (RFC 4253 §6.6, RFC 5656 §3.1, OpenSSH PROTOCOL.u2f) is a few length-prefixed fields, so it is
 * parsed here and the key material is then handed to node's crypto, as a JWK, to be validated
 * (an RSA modulus, a point on the named curve).
 */
import { createPublicKey, type JsonWebKey } from "crypto";
import type { z } from "zod";

/** Key types the service accepts, with the curve their blob names (ECDSA) and the JWK they map to. */
const keyTypes: Record<string, { kind: "rsa" | "ed25519" | "ecdsa"; curve?: string; sk?: boolean }> = {
  "ssh-rsa": { kind: "rsa" },
  "ssh-ed25519": { kind: "ed25519" },
  "ecdsa-sha2-nistp256": { kind: "ecdsa", curve: "nistp256" },
  "ecdsa-sha2-nistp384": { kind: "ecdsa", curve: "nistp384" },
  "ecdsa-sha2-nistp521": { kind: "ecdsa", curve: "nistp521" },
  "sk-ssh-ed25519@openssh.com": { kind: "ed25519", sk: true },
  "sk-ecdsa-sha2-nistp256@openssh.com": { kind: "ecdsa", curve: "nistp256", sk: true },
};

const curves: Record<string, { jwk: string; bytes: number }> = {
  nistp256: { jwk: "P-256", bytes: 32 },
  nistp384: { jwk: "P-384", bytes: 48 },
  nistp521: { jwk: "P-521", bytes: 66 },
};

/** Reads the blob's length-prefixed fields (`string` and `mpint` share the encoding). */
class Fields {
  private offset = 0;
  constructor(private readonly blob: Buffer) {}
  next(): Buffer | undefined {
    if (this.offset + 4 > this.blob.length) return undefined;
    const length = this.blob.readUInt32BE(this.offset);
    const end = this.offset + 4 + length;
    if (end > this.blob.length) return undefined;
    const field = this.blob.subarray(this.offset + 4, end);
    this.offset = end;
    return field;
  }
  get done(): boolean {
    return this.offset === this.blob.length;
  }
}

const b64url = (b: Buffer): string => b.toString("base64url");
/** An mpint without its sign byte, as a JWK wants it. */
const unsigned = (b: Buffer): Buffer => (b.length > 1 && b[0] === 0 ? b.subarray(1) : b);

/** The JWK of the key in a blob of type `type`, or why the blob does not hold one. */
function keyOf(type: string, blob: Buffer): JsonWebKey | string {
  const spec = keyTypes[type]!;
  const fields = new Fields(blob);
  if (fields.next()?.toString("latin1") !== type) return `its key data is not a ${type} key (the type named inside differs)`;
  let jwk: JsonWebKey;
  if (spec.kind === "rsa") {
    const e = fields.next();
    const n = fields.next();
    if (!e || !n) return "its RSA key data is truncated";
    jwk = { kty: "RSA", e: b64url(unsigned(e)), n: b64url(unsigned(n)) };
  } else if (spec.kind === "ed25519") {
    const key = fields.next();
    if (key?.length !== 32) return "its Ed25519 key is not 32 bytes";
    jwk = { kty: "OKP", crv: "Ed25519", x: b64url(key) };
  } else {
    const curve = curves[spec.curve!]!;
    if (fields.next()?.toString("latin1") !== spec.curve) return `its key data does not name the curve ${spec.curve}`;
    const point = fields.next();
    if (point?.length !== 1 + 2 * curve.bytes || point[0] !== 4) return `its ECDSA key is not an uncompressed ${spec.curve} point`;
    jwk = { kty: "EC", crv: curve.jwk, x: b64url(point.subarray(1, 1 + curve.bytes)), y: b64url(point.subarray(1 + curve.bytes)) };
  }
  if (spec.sk && fields.next() === undefined) return "its security-key data has no application";
  if (!fields.done) return "its key data has trailing bytes";
  return jwk;
}

/** Why `line` is not an OpenSSH public key line, or undefined when it is one. Never quotes the key. */
export function sshPublicKeyProblem(line: string): string | undefined {
  if (/[\r\n]/.test(line.trim())) return "must be a single line";
  const [type, data] = line.trim().split(/[ \t]+/);
  if (!type || !data) return 'must be "<type> <base64 key data>[ <comment>]", as in an id_*.pub file';
  if (!Object.prototype.hasOwnProperty.call(keyTypes, type)) {
    return `has an unsupported key type (supported: ${Object.keys(keyTypes).join(", ")})`;
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data) || data.length % 4 !== 0) return "has key data that is not base64";
  const key = keyOf(type, Buffer.from(data, "base64"));
  if (typeof key === "string") return key;
  try {
    createPublicKey({ key, format: "jwk" });
  } catch {
    return `holds no valid ${type} key`;
  }
  return undefined;
}

export function sshPublicKey(zod: typeof z): z.ZodType<string, string> {
  return zod.string().superRefine((line, ctx) => {
    const problem = sshPublicKeyProblem(line);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

/**
 * The key itself, `<type> <base64>`: white space, a trailing newline (the key read from a file)
 * and the comment are not part of the key, so a change to them is not a new key.
 */
export function normalizeSshPublicKey(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const [type, data] = value.trim().split(/\s+/);
  return type && data ? `${type} ${data}` : value.trim();
}
