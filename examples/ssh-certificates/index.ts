import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

// Against the bundled emulator, from the repository's root:
//   make up EXAMPLE=ssh-certificates
//   make down EXAMPLE=ssh-certificates
// Credentials come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).
const config = new pulumi.Config();
// Updated in place: descriptions.
const caDescription = config.get("caDescription") ?? "staging hosts and their admins";
const hostDescription = config.get("hostDescription") ?? "bastion";
// Replacements: everything signed into a certificate, and the authority's key type.
const keyType = (config.get("keyType") ?? "ed25519") as "ed25519" | "ecdsa";
const hostPrincipals = config.getObject<string[]>("hostPrincipals") ?? ["bastion.staging.example.com"];
const hostKey =
    config.get("hostKey") ?? "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH4tIbTQtdb//0+kZVZuk9t1KNZMZ+wpTW2LGmyNi4uh root@bastion";
const userValidUntil = config.get("userValidUntil") ?? "2031-01-01T00:00:00Z";
const userKey =
    config.get("userKey") ?? "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDFKDI4H04cv24qegY3kpmrbnASPiKTNuI/sltQnF2f6 alice@laptop";

// The service generates the authority's key pair and keeps the private key.
const ca = new ngrok.SshCertificateAuthority("staging", { description: caDescription, privateKeyType: keyType });

// The bastion's host key, signed for its name: clients that trust the authority trust the host.
const host = new ngrok.SshHostCertificate("bastion", {
    sshCertificateAuthorityId: ca.id,
    publicKey: hostKey,
    principals: hostPrincipals,
    description: hostDescription,
});

// Alice may log in as herself or as deploy, with a terminal, from the office network, until the date.
const alice = new ngrok.SshUserCertificate("alice", {
    sshCertificateAuthorityId: ca.id,
    publicKey: userKey,
    principals: ["alice", "deploy"],
    validUntil: userValidUntil,
    criticalOptions: { "source-address": "203.0.113.0/24" },
    extensions: { "permit-pty": "" },
    description: "alice",
});

// sshd_config: TrustedUserCAKeys holds this line; known_hosts: `@cert-authority *.staging.example.com <line>`.
export const caPublicKey = ca.publicKey;
export const hostCertificate = host.certificate; // /etc/ssh/ssh_host_ed25519_key-cert.pub
export const aliceCertificate = alice.certificate; // ~/.ssh/id_ed25519-cert.pub
