import { aclProperty } from "./acl";
import { createdAt, description, metadata, uri } from "./common";
import { normalizeSshPublicKey, sshPublicKey } from "./ssh-key";
import type { BoundDefinition } from "../contract";

export const sshCredential: BoundDefinition = {
  name: "SshCredential",
  description:
    "An SSH public key with which agents start tunnel sessions through the service's SSH gateway (`ssh -R`), limited by its ACL. The service never sees the private key.",
  binding: { kind: "collection", path: "/ssh_credentials", idPrefix: "sshcr", listKey: "ssh_credentials" },
  properties: {
    description: description("Who or what uses the key."),
    metadata: metadata(),
    publicKey: {
      type: { kind: "string", refine: sshPublicKey },
      description:
        "The public key as one OpenSSH line, `<type> <base64>[ <comment>]` (the contents of an `id_*.pub` file): " +
        "`ssh-rsa`, `ssh-ed25519`, `ecdsa-sha2-nistp256`/`384`/`521` or a security-key (`sk-...@openssh.com`) type, checked at preview. " +
        "Compared without its comment and surrounding white space (a trailing newline from reading the file is no change).",
      input: { api: "public_key", required: true, onChange: "replace", unset: "clear" },
      normalize: normalizeSshPublicKey,
    },
    acl: aclProperty,
    ownerId: {
      type: { kind: "string", idPrefix: ["usr", "service", "bot"] },
      description: "The user, service user (`service_...`) or bot user that owns the credential; defaults to the caller. Only admins may name another owner.",
      input: { api: "owner_id", onChange: "replace", unset: "computed" },
    },
    uri,
    createdAt,
  },
  example: `import * as fs from "fs";

const deployKey = new ngrok.SshCredential("deploy", {
    description: "deploy host",
    publicKey: fs.readFileSync("/home/deploy/.ssh/id_ed25519.pub", "utf8"),
    acl: ["bind:deploy.example.com"],
});`,
};
