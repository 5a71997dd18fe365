import { certificateProperties, validityRule } from "./ssh-certificate";
import type { BoundDefinition } from "../contract";

export const sshUserCertificate: BoundDefinition = {
  name: "SshUserCertificate",
  description:
    "An SSH user certificate: a user's public key signed by an SshCertificateAuthority, so that hosts trusting the authority (`TrustedUserCAKeys`) let the holder log in as its principals. " +
    "Every input but the description and metadata is signed into it: changing one signs a new certificate.",
  binding: { kind: "collection", path: "/ssh_user_certificates", idPrefix: "sucrt", listKey: "ssh_user_certificates" },
  properties: {
    ...certificateProperties("user"),
    criticalOptions: {
      type: { kind: "map", values: { kind: "string" } },
      description: "Critical options: OpenSSH defines `force-command` and `source-address`. A change replaces.",
      input: { api: "critical_options", onChange: "replace", unset: "clear", updatable: false },
    },
    extensions: {
      type: { kind: "map", values: { kind: "string" } },
      description:
        'Extensions such as `permit-pty`, `permit-port-forwarding` (values usually ""). When absent the service grants `{"permit-pty": "", "permit-user-rc": ""}`. A change replaces.',
      input: { api: "extensions", onChange: "replace", unset: "computed", updatable: false },
    },
  },
  rules: [
    validityRule,
    {
      properties: ["criticalOptions"],
      summary: "`criticalOptions` holds only `force-command` and `source-address`.",
      violated: (inputs) => {
        const options = inputs.criticalOptions;
        if (typeof options !== "object" || options === null) return undefined;
        const unknown = Object.keys(options).filter((k) => k !== "force-command" && k !== "source-address");
        return unknown.length ? "criticalOptions may hold only force-command and source-address (the options OpenSSH defines)" : undefined;
      },
    },
  ],
  example: `import * as fs from "fs";

const ca = new ngrok.SshCertificateAuthority("users", { privateKeyType: "ed25519" });
const alice = new ngrok.SshUserCertificate("alice", {
    sshCertificateAuthorityId: ca.id,
    publicKey: fs.readFileSync("/home/alice/.ssh/id_ed25519.pub", "utf8"),
    principals: ["alice", "deploy"],
    validUntil: "2030-01-01T00:00:00Z",
    extensions: { "permit-pty": "" },
});
export const certificate = alice.certificate; // ~/.ssh/id_ed25519-cert.pub`,
};
