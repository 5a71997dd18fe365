// Tunnel credentials (authtokens) and SSH credentials: the credentials agents connect with.
import { z } from "zod";
import { common, type CollectionDef, type Ctx } from "../collection";
import { str, strList } from "../../shared/fields";
import { badValue } from "../../shared/errors";
import { randomBase62 } from "../../shared/ids";
import { validateAcl } from "../rules/acl";
import type { Rec, Store } from "../../shared/store";
import { description, metadata, requirePrefix, stringList, type JsonObject } from "../../shared/validate";

/** What tunnel and SSH credentials share: description, metadata, ACL and owner. */
function credentialData(input: JsonObject, ctx: Ctx): JsonObject {
  const owner = str(input["owner_id"]) || ctx.caller;
  // Owners are users, service users or bot users; the emulated caller is an admin, so any owner id of that form is allowed.
  requirePrefix("owner_id", owner, ["usr", "service", "bot"]);
  return { description: str(input["description"]), metadata: str(input["metadata"]), acl: validateAcl(input["acl"]), owner_id: owner };
}

const credentialUpdateSchema = z.strictObject({ description: description.optional(), metadata: metadata.optional(), acl: stringList.optional() });

function updateCredential(rec: Rec, input: JsonObject): void {
  if (input["acl"] !== undefined) input["acl"] = validateAcl(input["acl"]);
  Object.assign(rec.data, input);
}

export const credentials: CollectionDef = {
  kind: "credentials",
  path: "/credentials",
  prefix: "cr",
  listKey: "credentials",
  createSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    acl: stringList.optional(),
    owner_id: z.string().optional(),
  }),
  create(input, ctx) {
    return {
      data: credentialData(input, ctx),
      // The authtoken is shown once and never stored: every later response has token null.
      once: { token: `${randomBase62(27)}_${randomBase62(21)}` },
    };
  },
  updateSchema: credentialUpdateSchema,
  update: updateCredential,
  shape(rec, ctx) {
    return { ...common(credentials, rec, ctx), token: null, acl: strList(rec.data["acl"]), owner_id: str(rec.data["owner_id"]) };
  },
};

const SSH_KEY_TYPES = [
  "ssh-ed25519",
  "ssh-rsa",
  "ecdsa-sha2-nistp256",
  "ecdsa-sha2-nistp384",
  "ecdsa-sha2-nistp521",
  "sk-ssh-ed25519@openssh.com",
  "sk-ecdsa-sha2-nistp256@openssh.com",
];

/** Checks an OpenSSH public key line: `<type> <base64 blob> [comment]`, the blob naming the same type. */
function parseSshPublicKey(raw: string): string {
  const line = raw.trim();
  const bad = (why: string) => badValue(`Invalid value for 'public_key': ${why}. Expected an OpenSSH public key line such as 'ssh-ed25519 AAAA... comment'.`);
  if (line.includes("\n")) throw bad("the key must be a single line");
  const [type, b64] = line.split(/\s+/);
  if (type === undefined || b64 === undefined) throw bad("missing the key type or the key data");
  if (!SSH_KEY_TYPES.includes(type)) throw bad(`unsupported key type '${type}'`);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0) throw bad("the key data is not base64");
  const blob = Buffer.from(b64, "base64");
  const len = blob.length >= 4 ? blob.readUInt32BE(0) : -1;
  if (len <= 0 || 4 + len > blob.length || blob.subarray(4, 4 + len).toString("latin1") !== type) {
    throw bad("the key data does not hold a key of the stated type");
  }
  return line;
}

export const sshCredentials: CollectionDef = {
  kind: "ssh_credentials",
  path: "/ssh_credentials",
  prefix: "sshcr",
  listKey: "ssh_credentials",
  createSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    acl: stringList.optional(),
    public_key: z.string(),
    owner_id: z.string().optional(),
  }),
  create(input, ctx) {
    return { data: { ...credentialData(input, ctx), public_key: parseSshPublicKey(str(input["public_key"])) } };
  },
  // public_key and owner_id are immutable: not in the update body (ERR_NGROK_214 when sent).
  updateSchema: credentialUpdateSchema,
  update: updateCredential,
  shape(rec, ctx) {
    return {
      ...common(sshCredentials, rec, ctx),
      public_key: str(rec.data["public_key"]),
      acl: strList(rec.data["acl"]),
      owner_id: str(rec.data["owner_id"]),
    };
  },
};

/** Whether an agent may connect with `id`: a stored tunnel or SSH credential. */
export function credentialExists(store: Store, id: string): boolean {
  return (
    (id.startsWith("cr_") && store.get("credentials", id) !== undefined) ||
    (id.startsWith("sshcr_") && store.get("ssh_credentials", id) !== undefined)
  );
}
