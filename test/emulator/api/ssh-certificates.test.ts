/**
 * SSH certificate authorities and the host and user certificates they sign. The certificates are
 * checked with OpenSSH's own format rules, read back here: type, key, principals, validity,
 * options and extensions, and a signature by the authority's key that verifies.
 */
import { createPublicKey, verify } from "node:crypto";
import { startEmulator, type Emulator } from "../../../emulator";
import { call, expectError } from "../../support/api";
import { sshPublicKeyLine } from "../../support/ssh";

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
});
afterAll(() => emu.close());

/** Reads an SSH wire blob's fields. */
class Reader {
  private at = 0;
  constructor(private readonly b: Buffer) {}
  bytes(): Buffer {
    const n = this.b.readUInt32BE(this.at);
    const out = this.b.subarray(this.at + 4, this.at + 4 + n);
    this.at += 4 + n;
    return out;
  }
  text = (): string => this.bytes().toString();
  u32(): number {
    const v = this.b.readUInt32BE(this.at);
    this.at += 4;
    return v;
  }
  u64(): number {
    const v = Number(this.b.readBigUInt64BE(this.at));
    this.at += 8;
    return v;
  }
  get offset(): number {
    return this.at;
  }
}

function names(blob: Buffer): Record<string, string> {
  const r = new Reader(blob);
  const out: Record<string, string> = {};
  while (r.offset < blob.length) {
    const name = r.text();
    const value = r.bytes();
    out[name] = value.length === 0 ? "" : new Reader(value).text();
  }
  return out;
}

/** The fields of an ed25519-key certificate, and whether the ed25519 authority's signature verifies. */
function readCertificate(line: string, caLine: string) {
  const [type, b64, keyId] = line.split(" ");
  const blob = Buffer.from(b64!, "base64");
  const r = new Reader(blob);
  const fields = { type: r.text(), nonce: r.bytes().length, key: r.bytes().length, serial: r.u64(), certType: r.u32(), keyId: r.text() };
  const principalsBlob = r.bytes();
  const principals: string[] = [];
  for (const p = new Reader(principalsBlob); p.offset < principalsBlob.length; ) principals.push(p.text());
  const validAfter = r.u64();
  const validBefore = r.u64();
  const criticalOptions = names(r.bytes());
  const extensions = names(r.bytes());
  r.bytes(); // reserved
  const signatureKey = r.bytes();
  const signed = blob.subarray(0, r.offset);
  const sig = new Reader(r.bytes());
  const sigType = sig.text();
  const signature = sig.bytes();
  const caBlob = Buffer.from(caLine.split(" ")[1]!, "base64");
  const caKey = new Reader(caBlob);
  caKey.text();
  const x = caKey.bytes();
  const pub = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: x.toString("base64url") }, format: "jwk" });
  return {
    lineType: type,
    lineKeyId: keyId,
    ...fields,
    principals,
    validAfter,
    validBefore,
    criticalOptions,
    extensions,
    signedByAuthority: signatureKey.equals(caBlob),
    sigType,
    verifies: verify(null, signed, pub, signature),
  };
}

describe("ssh_certificate_authorities", () => {
  it("generate a key pair of the asked type, answer its public key and never its private key", async () => {
    for (const [body, type, prefix] of [
      [{}, "ed25519", "ssh-ed25519 "],
      [{ private_key_type: "ecdsa", elliptic_curve: "p384" }, "ecdsa", "ecdsa-sha2-nistp384 "],
      [{ private_key_type: "rsa", key_size: 2048 }, "rsa", "ssh-rsa "],
    ] as const) {
      const ca = await call(emu, "POST", "/ssh_certificate_authorities", { description: "d", ...body });
      expect(ca.json).toEqual({
        id: expect.stringMatching(/^sshca_[0-9A-Za-z]{27}$/),
        uri: `${emu.url}/ssh_certificate_authorities/${ca.json.id}`,
        created_at: expect.any(String),
        description: "d",
        public_key: expect.stringMatching(new RegExp(`^${prefix}[A-Za-z0-9+/=]+$`)),
        key_type: type,
      });
      expect(ca.text).not.toContain("PRIVATE");
    }
  });

  it("refuse a curve without ecdsa, a size without rsa, and unknown types", async () => {
    expectError(await call(emu, "POST", "/ssh_certificate_authorities", { elliptic_curve: "p256" }), 400, "ERR_NGROK_1942");
    expectError(await call(emu, "POST", "/ssh_certificate_authorities", { private_key_type: "ecdsa", key_size: 2048 }), 400, "ERR_NGROK_1940");
    expectError(await call(emu, "POST", "/ssh_certificate_authorities", { private_key_type: "dsa" }), 400, "ERR_NGROK_1909");
    expectError(await call(emu, "POST", "/ssh_certificate_authorities", { private_key_type: "rsa", key_size: 1024 }), 400, "ERR_NGROK_1939");
  });
});

describe("ssh host and user certificates", () => {
  it("sign the key, principals, validity, options and extensions with the authority's key", async () => {
    const ca = (await call(emu, "POST", "/ssh_certificate_authorities", {})).json;
    const key = sshPublicKeyLine("ssh-ed25519", "alice@laptop");
    const user = await call(emu, "POST", "/ssh_user_certificates", {
      ssh_certificate_authority_id: ca.id,
      public_key: key,
      principals: ["alice", "deploy"],
      valid_after: "2030-01-01T00:00:00+01:00",
      valid_until: "2030-01-02T00:00:00Z",
      critical_options: { "source-address": "10.0.0.0/8" },
      extensions: { "permit-pty": "" },
    });
    expect(user.json).toMatchObject({
      id: expect.stringMatching(/^sucrt_/),
      public_key: key,
      key_type: "ed25519",
      ssh_certificate_authority_id: ca.id,
      principals: ["alice", "deploy"],
      valid_after: "2029-12-31T23:00:00Z",
      valid_until: "2030-01-02T00:00:00Z",
      critical_options: { "source-address": "10.0.0.0/8" },
      extensions: { "permit-pty": "" },
    });
    expect(readCertificate(user.json.certificate, ca.public_key)).toEqual({
      lineType: "ssh-ed25519-cert-v01@openssh.com",
      lineKeyId: user.json.id,
      type: "ssh-ed25519-cert-v01@openssh.com",
      nonce: 32,
      key: 32,
      serial: 0,
      certType: 1,
      keyId: user.json.id,
      principals: ["alice", "deploy"],
      validAfter: Date.parse("2029-12-31T23:00:00Z") / 1000,
      validBefore: Date.parse("2030-01-02T00:00:00Z") / 1000,
      criticalOptions: { "source-address": "10.0.0.0/8" },
      extensions: { "permit-pty": "" },
      signedByAuthority: true,
      sigType: "ssh-ed25519",
      verifies: true,
    });
    // The same certificate on every read.
    expect((await call(emu, "GET", `/ssh_user_certificates/${user.json.id}`)).json.certificate).toBe(user.json.certificate);

    const host = await call(emu, "POST", "/ssh_host_certificates", { ssh_certificate_authority_id: ca.id, public_key: key, principals: ["h.example.com"] });
    const read = readCertificate(host.json.certificate, ca.public_key);
    expect(read).toMatchObject({ certType: 2, keyId: host.json.id, principals: ["h.example.com"], extensions: {}, verifies: true });
    // Host certificates last a year by default, user certificates a day.
    expect(read.validBefore - read.validAfter).toBe(365 * 24 * 3600);
    expect("critical_options" in host.json).toBe(false);
    const short = await call(emu, "POST", "/ssh_user_certificates", { ssh_certificate_authority_id: ca.id, public_key: key });
    const shortRead = readCertificate(short.json.certificate, ca.public_key);
    expect(shortRead.validBefore - shortRead.validAfter).toBe(24 * 3600);
    expect(short.json.extensions).toEqual({ "permit-pty": "", "permit-user-rc": "" });
  });

  it("refuse a bad key, an unknown authority, an unknown critical option and a validity that ends before it starts; only description and metadata change", async () => {
    const ca = (await call(emu, "POST", "/ssh_certificate_authorities", {})).json;
    const key = sshPublicKeyLine("ssh-ed25519", "x");
    const base = { ssh_certificate_authority_id: ca.id, public_key: key };
    expectError(await call(emu, "POST", "/ssh_user_certificates", { ...base, public_key: "ssh-ed25519 nope" }), 400, "ERR_NGROK_215");
    expectError(await call(emu, "POST", "/ssh_user_certificates", { ...base, ssh_certificate_authority_id: "sshca_2abcdefghijklmnopqrstuvwxyz" }), 400, "ERR_NGROK_380");
    expectError(await call(emu, "POST", "/ssh_user_certificates", { ...base, critical_options: { "no-such": "x" } }), 400, "ERR_NGROK_215");
    expectError(await call(emu, "POST", "/ssh_host_certificates", { ...base, valid_after: "2030-01-02T00:00:00Z", valid_until: "2030-01-01T00:00:00Z" }), 400, "ERR_NGROK_215");
    expectError(await call(emu, "POST", "/ssh_host_certificates", { ...base, critical_options: {} }), 400, "ERR_NGROK_214");
    const made = await call(emu, "POST", "/ssh_host_certificates", base);
    expectError(await call(emu, "PATCH", `/ssh_host_certificates/${made.json.id}`, { principals: ["a"] }), 400, "ERR_NGROK_214");
    expect((await call(emu, "PATCH", `/ssh_host_certificates/${made.json.id}`, { description: "d" })).json.description).toBe("d");
  });
});
