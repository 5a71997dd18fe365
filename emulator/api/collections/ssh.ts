// SSH certificate authorities (`/ssh_certificate_authorities`, ids `sshca_`) and the host and user
// certificates they sign (`/ssh_host_certificates`, `shcrt_`; `/ssh_user_certificates`, `sucrt_`).
// The service generates the authority's key pair and keeps the private key; a certificate is a
// real OpenSSH certificate (PROTOCOL.certkeys) signed with it, so `ssh-keygen -L` can read it.
import { generateKeyPairSync, randomBytes, sign, createPrivateKey, type KeyObject } from "node:crypto";
import { z } from "zod";
import { common, referencedId, type CollectionDef, type Ctx, type Referenced } from "../collection";
import { str, strList } from "../../shared/fields";
import { ApiFailure, badValue } from "../../shared/errors";
import { rfc3339 } from "../../shared/ids";
import type { Rec } from "../../shared/store";
import { description, isObject, metadata, stringList, stringMap, type JsonObject } from "../../shared/validate";

const AUTHORITY: Referenced = { kind: "ssh_certificate_authorities", prefix: "sshca", what: "SSH certificate authority" };
const CURVES = { p256: { jwk: "P-256", ssh: "nistp256", hash: "sha256" }, p384: { jwk: "P-384", ssh: "nistp384", hash: "sha384" }, p521: { jwk: "P-521", ssh: "nistp521", hash: "sha512" } } as const;

/** An SSH wire `string`: a 32-bit length, then the bytes. */
function sshString(value: Buffer | string): Buffer {
  const bytes = typeof value === "string" ? Buffer.from(value) : value;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** An SSH `mpint` from unsigned big-endian bytes. */
function mpint(bytes: Buffer): Buffer {
  let b = bytes;
  while (b.length > 1 && b[0] === 0 && (b[1]! & 0x80) === 0) b = b.subarray(1);
  return sshString((b[0]! & 0x80) !== 0 ? Buffer.concat([Buffer.from([0]), b]) : b);
}

function uint64(n: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(Math.max(0, Math.floor(n))));
  return b;
}

function uint32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

const b64url = (s: string | undefined): Buffer => Buffer.from(s ?? "", "base64url");

/** The OpenSSH public key blob of a generated key, and its type name. */
function publicBlob(key: KeyObject): { type: string; blob: Buffer } {
  const jwk = key.export({ format: "jwk" });
  if (jwk.kty === "OKP") return { type: "ssh-ed25519", blob: Buffer.concat([sshString("ssh-ed25519"), sshString(b64url(jwk.x))]) };
  if (jwk.kty === "EC") {
    const curve = Object.values(CURVES).find((c) => c.jwk === jwk.crv)!;
    const type = `ecdsa-sha2-${curve.ssh}`;
    const point = Buffer.concat([Buffer.from([4]), b64url(jwk.x), b64url(jwk.y)]);
    return { type, blob: Buffer.concat([sshString(type), sshString(curve.ssh), sshString(point)]) };
  }
  return { type: "ssh-rsa", blob: Buffer.concat([sshString("ssh-rsa"), mpint(b64url(jwk.e)), mpint(b64url(jwk.n))]) };
}

/** The signature blob of `data` by the authority's key, in the algorithm its key type signs with. */
function signature(key: KeyObject, data: Buffer): Buffer {
  const jwk = key.export({ format: "jwk" });
  if (jwk.kty === "OKP") return Buffer.concat([sshString("ssh-ed25519"), sshString(sign(null, data, key))]);
  if (jwk.kty === "EC") {
    const curve = Object.values(CURVES).find((c) => c.jwk === jwk.crv)!;
    const raw = sign(curve.hash, data, { key, dsaEncoding: "ieee-p1363" });
    const half = raw.length / 2;
    const rs = Buffer.concat([mpint(raw.subarray(0, half)), mpint(raw.subarray(half))]);
    return Buffer.concat([sshString(`ecdsa-sha2-${curve.ssh}`), sshString(rs)]);
  }
  return Buffer.concat([sshString("rsa-sha2-512"), sshString(sign("sha512", data, key))]);
}

const SUBJECT_TYPES: Record<string, "rsa" | "ecdsa" | "ed25519"> = {
  "ssh-rsa": "rsa",
  "ssh-ed25519": "ed25519",
  "ecdsa-sha2-nistp256": "ecdsa",
  "ecdsa-sha2-nistp384": "ecdsa",
  "ecdsa-sha2-nistp521": "ecdsa",
  "sk-ssh-ed25519@openssh.com": "ed25519",
  "sk-ecdsa-sha2-nistp256@openssh.com": "ecdsa",
};

/** A subject public key line: its type, blob and key type; 400 ERR_NGROK_215 when it is none. */
function subjectKey(raw: string): { line: string; type: string; blob: Buffer; keyType: string } {
  const line = raw.trim();
  const bad = (why: string) => badValue(`Invalid value for 'public_key': ${why}. Expected an OpenSSH public key line such as 'ssh-ed25519 AAAA... comment'.`);
  if (line.includes("\n")) throw bad("the key must be a single line");
  const [type, b64] = line.split(/\s+/);
  if (type === undefined || b64 === undefined) throw bad("missing the key type or the key data");
  const keyType = SUBJECT_TYPES[type];
  if (keyType === undefined) throw bad(`unsupported key type '${type}'`);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0) throw bad("the key data is not base64");
  const blob = Buffer.from(b64, "base64");
  const len = blob.length >= 4 ? blob.readUInt32BE(0) : -1;
  if (len <= 0 || 4 + len > blob.length || blob.subarray(4, 4 + len).toString("latin1") !== type) throw bad("the key data does not hold a key of the stated type");
  return { line, type, blob, keyType };
}

/** An RFC 3339 time of the body, or `fallback`; 400 ERR_NGROK_215 when it is not one. */
function time(field: string, value: string, fallback: Date): Date {
  if (value === "") return fallback;
  const t = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value) || Number.isNaN(t.getTime())) {
    throw badValue(`Invalid value for '${field}': '${value}' is not an RFC 3339 time.`);
  }
  return t;
}

/** Options and extensions in the certificate's encoding: sorted by name, each value a string inside a string. */
function optionList(map: Record<string, string>): Buffer {
  return sshString(Buffer.concat(Object.keys(map).sort().flatMap((k) => [sshString(k), sshString(map[k] === "" ? Buffer.alloc(0) : sshString(map[k]!))])));
}

interface Signing {
  authority: Rec;
  subject: ReturnType<typeof subjectKey>;
  certType: 1 | 2;
  keyId: string;
  principals: string[];
  validAfter: Date;
  validUntil: Date;
  criticalOptions: Record<string, string>;
  extensions: Record<string, string>;
}

/** The signed certificate as one OpenSSH line, `<type>-cert-v01@openssh.com <base64> <key id>`. */
function certificate(s: Signing): string {
  const certType = `${s.subject.type.replace(/@openssh\.com$/, "")}-cert-v01@openssh.com`;
  const key = createPrivateKey(str(s.authority.data["private_key_pem"]));
  const caBlob = publicBlob(key).blob;
  const keyFields = s.subject.blob.subarray(4 + s.subject.blob.readUInt32BE(0));
  const body = Buffer.concat([
    sshString(certType),
    sshString(randomBytes(32)),
    keyFields,
    uint64(0),
    uint32(s.certType),
    sshString(s.keyId),
    sshString(Buffer.concat(s.principals.map((p) => sshString(p)))),
    uint64(s.validAfter.getTime() / 1000),
    uint64(s.validUntil.getTime() / 1000),
    optionList(s.criticalOptions),
    optionList(s.extensions),
    sshString(""),
    sshString(caBlob),
  ]);
  const signed = Buffer.concat([body, sshString(signature(key, body))]);
  return `${certType} ${signed.toString("base64")} ${s.keyId}`;
}

const KEY_TYPES = ["rsa", "ecdsa", "ed25519"];
const KEY_SIZES = [2048, 4096];

/** The key type to generate, its size and curve checked as ngrok's error reference words it (ERR_NGROK_1909, 1939-1942). */
function checkKeyChoice(input: JsonObject): string {
  const type = str(input["private_key_type"]) || "ed25519";
  if (!KEY_TYPES.includes(type)) throw new ApiFailure(400, "ERR_NGROK_1909", `Invalid private key type ${type}. Valid types: ${KEY_TYPES.join(", ")}.`);
  const size = input["key_size"];
  if (size !== undefined) {
    if (type !== "rsa") throw new ApiFailure(400, "ERR_NGROK_1940", `Key size is supported only with a key type of "rsa", but the specified key type was "${type}".`);
    if (typeof size !== "number" || !KEY_SIZES.includes(size)) throw new ApiFailure(400, "ERR_NGROK_1939", `Invalid key size ${String(size)}. Valid key sizes: ${KEY_SIZES.join(", ")}.`);
  }
  const curve = input["elliptic_curve"];
  if (curve !== undefined) {
    if (type !== "ecdsa") throw new ApiFailure(400, "ERR_NGROK_1942", `Elliptic curve is supported only with a key type of "ecdsa", but the specified key type was "${type}".`);
    if (typeof curve !== "string" || !(curve in CURVES)) throw new ApiFailure(400, "ERR_NGROK_1941", `Invalid elliptic curve "${String(curve)}". Valid elliptic curves: ${Object.keys(CURVES).join(", ")}.`);
  }
  return type;
}

export const sshCertificateAuthorities: CollectionDef = {
  kind: "ssh_certificate_authorities",
  path: "/ssh_certificate_authorities",
  prefix: "sshca",
  listKey: "ssh_certificate_authorities",
  createSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    private_key_type: z.string().optional(),
    elliptic_curve: z.string().optional(),
    key_size: z.number().optional(),
  }),
  create(input) {
    const type = checkKeyChoice(input);
    const { privateKey } =
      type === "rsa"
        ? generateKeyPairSync("rsa", { modulusLength: typeof input["key_size"] === "number" ? input["key_size"] : 4096 })
        : type === "ecdsa"
          ? generateKeyPairSync("ec", { namedCurve: CURVES[(str(input["elliptic_curve"]) || "p256") as keyof typeof CURVES].jwk })
          : generateKeyPairSync("ed25519");
    const { type: sshType, blob } = publicBlob(privateKey);
    const data: JsonObject = {
      description: str(input["description"]),
      metadata: str(input["metadata"]),
      key_type: type,
      public_key: `${sshType} ${blob.toString("base64")}`,
      // The service keeps the private key and never answers it.
      private_key_pem: privateKey.export({ format: "pem", type: "pkcs8" }).toString(),
    };
    return { data };
  },
  updateSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional() }),
  shape(rec, ctx) {
    return { ...common(sshCertificateAuthorities, rec, ctx), public_key: str(rec.data["public_key"]), key_type: str(rec.data["key_type"]) };
  },
};

const DAY = 24 * 60 * 60 * 1000;

function certificateCollection(kind: "host" | "user"): CollectionDef {
  const def: CollectionDef = {
    kind: `ssh_${kind}_certificates`,
    path: `/ssh_${kind}_certificates`,
    prefix: kind === "host" ? "shcrt" : "sucrt",
    listKey: `ssh_${kind}_certificates`,
    createSchema: z.strictObject({
      ssh_certificate_authority_id: z.string(),
      public_key: z.string().optional(),
      principals: stringList.optional(),
      valid_after: z.string().optional(),
      valid_until: z.string().optional(),
      description: description.optional(),
      metadata: metadata.optional(),
      ...(kind === "user" ? { critical_options: stringMap.optional(), extensions: stringMap.optional() } : {}),
    }),
    create(input, ctx) {
      const authorityId = referencedId(ctx, "ssh_certificate_authority_id", str(input["ssh_certificate_authority_id"]), AUTHORITY);
      if (str(input["public_key"]).trim() === "") {
        throw new ApiFailure(400, "ERR_NGROK_1952", "The public key to sign in the certificate is required, but no public key was specified.");
      }
      const subject = subjectKey(str(input["public_key"]));
      const validAfter = time("valid_after", str(input["valid_after"]), ctx.now);
      // Host certificates last a year by default, user certificates a day (the API reference).
      const validUntil = time("valid_until", str(input["valid_until"]), new Date(validAfter.getTime() + (kind === "host" ? 365 : 1) * DAY));
      if (validUntil.getTime() <= validAfter.getTime()) throw badValue("Invalid value for 'valid_until': it must be after 'valid_after'.");
      const principals = strList(input["principals"]);
      const criticalOptions = isObject(input["critical_options"]) ? (input["critical_options"] as Record<string, string>) : {};
      const extensions = isObject(input["extensions"]) ? (input["extensions"] as Record<string, string>) : { "permit-pty": "", "permit-user-rc": "" };
      for (const name of Object.keys(criticalOptions)) {
        if (name !== "force-command" && name !== "source-address") {
          throw badValue(`Invalid value for 'critical_options': '${name}' is not a critical option OpenSSH defines (force-command, source-address).`);
        }
      }
      const data: JsonObject = {
        description: str(input["description"]),
        metadata: str(input["metadata"]),
        ssh_certificate_authority_id: authorityId,
        public_key: subject.line,
        key_type: subject.keyType,
        principals,
        valid_after: rfc3339(validAfter),
        valid_until: rfc3339(validUntil),
        ...(kind === "user" ? { critical_options: criticalOptions, extensions } : {}),
      };
      return { data };
    },
    updateSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional() }),
    shape(rec, ctx) {
      return {
        ...common(def, rec, ctx),
        public_key: str(rec.data["public_key"]),
        key_type: str(rec.data["key_type"]),
        ssh_certificate_authority_id: str(rec.data["ssh_certificate_authority_id"]),
        principals: strList(rec.data["principals"]),
        ...(kind === "user" ? { critical_options: rec.data["critical_options"] ?? {}, extensions: rec.data["extensions"] ?? {} } : {}),
        valid_after: str(rec.data["valid_after"]),
        valid_until: str(rec.data["valid_until"]),
        certificate: signed(ctx, rec, kind),
      };
    },
  };
  return def;
}

export const sshHostCertificates = certificateCollection("host");
export const sshUserCertificates = certificateCollection("user");

/**
 * The signed certificate, whose key id is the record's id: the server assigns ids after `create`,
 * so the create's answer (the first shape) signs it, and the record keeps it from then on.
 */
function signed(ctx: Ctx, rec: Rec, kind: "host" | "user"): string {
  const stored = str(rec.data["certificate"]);
  if (stored !== "") return stored;
  const authority = ctx.store.get("ssh_certificate_authorities", str(rec.data["ssh_certificate_authority_id"]));
  if (authority === undefined) throw new ApiFailure(500, undefined, "The certificate's authority is gone.");
  rec.data["certificate"] = certificate({
    authority,
    subject: subjectKey(str(rec.data["public_key"])),
    certType: kind === "user" ? 1 : 2,
    keyId: rec.id,
    principals: strList(rec.data["principals"]),
    validAfter: new Date(str(rec.data["valid_after"])),
    validUntil: new Date(str(rec.data["valid_until"])),
    criticalOptions: (rec.data["critical_options"] ?? {}) as Record<string, string>,
    extensions: (rec.data["extensions"] ?? {}) as Record<string, string>,
  });
  return str(rec.data["certificate"]);
}
