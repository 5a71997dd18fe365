/** examples/ssh-certificates end to end: see ../lifecycle.ts. */
import { describeExample, type Row } from "../lifecycle";
import { sshPublicKeyLine } from "../../support/ssh";

jest.setTimeout(15 * 60_000);

// examples/ssh-certificates/index.ts reads `caDescription` and `hostDescription` (updated in
// place), and `keyType`, `hostPrincipals`, `hostKey`, `userKey` and `userValidUntil` (each
// replaces what it is signed into; a new authority re-signs both certificates).
const hostKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH4tIbTQtdb//0+kZVZuk9t1KNZMZ+wpTW2LGmyNi4uh root@bastion";
const newHostKey = sshPublicKeyLine("ecdsa-sha2-nistp256", "root@bastion");
const userKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDFKDI4H04cv24qegY3kpmrbnASPiKTNuI/sltQnF2f6 alice@laptop";
const newUserKey = sshPublicKeyLine("ssh-ed25519", "alice@new-laptop");

const authority = (description: string, keyType: string): Row => ({ description, key_type: keyType, public_key: expect.stringMatching(/^(ssh-ed25519|ecdsa-sha2-nistp256) /) });
const hostCert = (principals: string[], key: string, description = "bastion"): Row => ({
  description,
  public_key: key,
  principals,
  certificate: expect.stringMatching(/-cert-v01@openssh\.com [A-Za-z0-9+/=]+ shcrt_/),
});
const userCert = (key: string, validUntil: string): Row => ({
  public_key: key,
  principals: ["alice", "deploy"],
  valid_until: validUntil,
  critical_options: { "source-address": "203.0.113.0/24" },
  extensions: { "permit-pty": "" },
  certificate: expect.stringMatching(/^ssh-ed25519-cert-v01@openssh\.com [A-Za-z0-9+/=]+ sucrt_/),
});

describeExample("ssh-certificates", {
  kinds: ["ssh_certificate_authorities", "ssh_host_certificates", "ssh_user_certificates"],
  config: {},
  expect: {
    ssh_certificate_authorities: [authority("staging hosts and their admins", "ed25519")],
    ssh_host_certificates: [hostCert(["bastion.staging.example.com"], hostKey)],
    ssh_user_certificates: [userCert(userKey, "2031-01-01T00:00:00Z")],
  },
  secretOutputs: {},
  // Someone edits the host certificate's description by hand: refresh shows it, `up --refresh` puts it back.
  drift: { kind: "ssh_host_certificates", path: "/ssh_host_certificates", body: { description: "edited by hand" }, field: "description" },
  steps: [
    {
      name: "in-place update (caDescription, hostDescription)",
      config: { caDescription: "staging", hostDescription: "bastion host" },
      expect: {
        ssh_certificate_authorities: [authority("staging", "ed25519")],
        ssh_host_certificates: [hostCert(["bastion.staging.example.com"], hostKey, "bastion host")],
        ssh_user_certificates: [userCert(userKey, "2031-01-01T00:00:00Z")],
      },
      ids: { ssh_certificate_authorities: "same", ssh_host_certificates: "same", ssh_user_certificates: "same" },
      ops: { staging: "update", bastion: "update" },
    },
    {
      name: "replacement of the certificates (hostPrincipals, userValidUntil)",
      config: { hostPrincipals: JSON.stringify(["bastion.staging.example.com", "10.0.0.5"]), userValidUntil: "2032-06-30T00:00:00Z" },
      expect: {
        ssh_certificate_authorities: [authority("staging", "ed25519")],
        ssh_host_certificates: [hostCert(["bastion.staging.example.com", "10.0.0.5"], hostKey, "bastion host")],
        ssh_user_certificates: [userCert(userKey, "2032-06-30T00:00:00Z")],
      },
      ids: { ssh_certificate_authorities: "same", ssh_host_certificates: "new", ssh_user_certificates: "new" },
      ops: { bastion: "replace", alice: "replace" },
    },
    {
      name: "replacement of the keys signed (hostKey, userKey)",
      config: { hostKey: newHostKey, userKey: newUserKey },
      expect: {
        ssh_certificate_authorities: [authority("staging", "ed25519")],
        ssh_host_certificates: [hostCert(["bastion.staging.example.com", "10.0.0.5"], newHostKey, "bastion host")],
        ssh_user_certificates: [userCert(newUserKey, "2032-06-30T00:00:00Z")],
      },
      ids: { ssh_certificate_authorities: "same", ssh_host_certificates: "new", ssh_user_certificates: "new" },
      ops: { bastion: "replace", alice: "replace" },
    },
    {
      name: "replacement of the authority (keyType), which re-signs both certificates",
      config: { keyType: "ecdsa" },
      expect: {
        ssh_certificate_authorities: [authority("staging", "ecdsa")],
        ssh_host_certificates: [hostCert(["bastion.staging.example.com", "10.0.0.5"], newHostKey, "bastion host")],
        ssh_user_certificates: [userCert(newUserKey, "2032-06-30T00:00:00Z")],
      },
      ids: { ssh_certificate_authorities: "new", ssh_host_certificates: "new", ssh_user_certificates: "new" },
      ops: { staging: "replace", bastion: "replace", alice: "replace" },
    },
  ],
});
