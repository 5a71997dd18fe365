import { certificateProperties, validityRule } from "./ssh-certificate";
import type { BoundDefinition } from "../contract";

export const sshHostCertificate: BoundDefinition = {
  name: "SshHostCertificate",
  description:
    "An SSH host certificate: a host's public key signed by an SshCertificateAuthority, so that clients trusting the authority trust the host without a `known_hosts` entry of its own. " +
    "Every input but the description and metadata is signed into it: changing one signs a new certificate.",
  binding: { kind: "collection", path: "/ssh_host_certificates", idPrefix: "shcrt", listKey: "ssh_host_certificates" },
  properties: certificateProperties("host"),
  rules: [validityRule],
  example: `import * as fs from "fs";

const ca = new ngrok.SshCertificateAuthority("hosts", { privateKeyType: "ed25519" });
const host = new ngrok.SshHostCertificate("bastion", {
    sshCertificateAuthorityId: ca.id,
    publicKey: fs.readFileSync("/etc/ssh/ssh_host_ed25519_key.pub", "utf8"),
    principals: ["bastion.example.com"],
});
export const hostCertificate = host.certificate; // /etc/ssh/ssh_host_ed25519_key-cert.pub`,
};
