/** Real OpenSSH public key lines, made from keys node's crypto generates, in the SSH wire format. */
import { generateKeyPairSync, type JsonWebKey } from "crypto";

const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
/** An SSH `string` (or `mpint`): a 4-byte length, then the bytes. */
export const sshString = (b: Buffer | string): Buffer => {
  const bytes = typeof b === "string" ? Buffer.from(b, "latin1") : b;
  return Buffer.concat([u32(bytes.length), bytes]);
};
const mpint = (b: Buffer): Buffer => sshString(b[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b);
const fromB64url = (s: string | undefined): Buffer => Buffer.from(s ?? "", "base64url");

export type SshKeyType =
  | "ssh-rsa"
  | "ssh-ed25519"
  | "ecdsa-sha2-nistp256"
  | "ecdsa-sha2-nistp384"
  | "ecdsa-sha2-nistp521"
  | "sk-ssh-ed25519@openssh.com"
  | "sk-ecdsa-sha2-nistp256@openssh.com";

const curveOf: Record<string, [string, string]> = {
  "ecdsa-sha2-nistp256": ["P-256", "nistp256"],
  "ecdsa-sha2-nistp384": ["P-384", "nistp384"],
  "ecdsa-sha2-nistp521": ["P-521", "nistp521"],
  "sk-ecdsa-sha2-nistp256@openssh.com": ["P-256", "nistp256"],
};

/** The key blob of a fresh key of `type`. */
export function sshKeyBlob(type: SshKeyType): Buffer {
  if (type === "ssh-rsa") {
    const jwk = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ format: "jwk" }) as JsonWebKey;
    return Buffer.concat([sshString(type), mpint(fromB64url(jwk.e)), mpint(fromB64url(jwk.n))]);
  }
  if (type === "ssh-ed25519" || type === "sk-ssh-ed25519@openssh.com") {
    const jwk = generateKeyPairSync("ed25519").publicKey.export({ format: "jwk" }) as JsonWebKey;
    const parts = [sshString(type), sshString(fromB64url(jwk.x))];
    if (type.startsWith("sk-")) parts.push(sshString("ssh:"));
    return Buffer.concat(parts);
  }
  const [namedCurve, sshCurve] = curveOf[type]!;
  const jwk = generateKeyPairSync("ec", { namedCurve }).publicKey.export({ format: "jwk" }) as JsonWebKey;
  const point = Buffer.concat([Buffer.from([4]), fromB64url(jwk.x), fromB64url(jwk.y)]);
  const parts = [sshString(type), sshString(sshCurve), sshString(point)];
  if (type.startsWith("sk-")) parts.push(sshString("ssh:"));
  return Buffer.concat(parts);
}

/** `<type> <base64 blob> <comment>`, as ssh-keygen writes an id_*.pub file (without its newline). */
export function sshPublicKeyLine(type: SshKeyType, comment = "test@host"): string {
  return `${type} ${sshKeyBlob(type).toString("base64")}${comment ? ` ${comment}` : ""}`;
}
