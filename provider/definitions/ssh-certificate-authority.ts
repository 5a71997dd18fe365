import { createdAt, description, metadata, uri } from "./common";
import type { BoundDefinition } from "../contract";

function isSet(v: unknown): boolean {
  return v !== undefined && v !== null && v !== "";
}

export const sshCertificateAuthority: BoundDefinition = {
  name: "SshCertificateAuthority",
  description:
    "An SSH certificate authority whose key pair the service generates and keeps: it signs SshHostCertificates and SshUserCertificates. " +
    "Trust its `publicKey` in `sshd_config` (`TrustedUserCAKeys`) or `known_hosts` (`@cert-authority`).",
  binding: { kind: "collection", path: "/ssh_certificate_authorities", idPrefix: "sshca", listKey: "ssh_certificate_authorities" },
  properties: {
    description: description("What the authority signs for."),
    metadata: metadata(),
    privateKeyType: {
      type: { kind: "string", enum: ["rsa", "ecdsa", "ed25519"] },
      api: "key_type",
      description: "The type of key pair to generate: `rsa`, `ecdsa` or `ed25519` (the service's default when absent). A change generates a new authority: a replace.",
      input: { api: "private_key_type", onChange: "replace", unset: "computed", updatable: false },
    },
    ellipticCurve: {
      type: { kind: "string", enum: ["p256", "p384", "p521"] },
      description: "The curve of an `ecdsa` key: `p256` (the default), `p384` or `p521`. The API does not answer it, so the program's value is kept. A change replaces.",
      input: { api: "elliptic_curve", onChange: "replace", unset: "computed", updatable: false },
      writeOnly: true,
    },
    keySize: {
      type: { kind: "integer", min: 2048, max: 4096 },
      description: "The size of an `rsa` key: `2048` or `4096` (the default). The API does not answer it, so the program's value is kept. A change replaces.",
      input: { api: "key_size", onChange: "replace", unset: "computed", updatable: false },
      writeOnly: true,
    },
    publicKey: {
      type: { kind: "string" },
      api: "public_key",
      present: true,
      description: "The authority's public key as one OpenSSH line, for `TrustedUserCAKeys` or `@cert-authority`.",
    },
    uri,
    createdAt,
  },
  rules: [
    {
      properties: ["ellipticCurve", "privateKeyType"],
      summary: "`ellipticCurve` is only for an `ecdsa` key.",
      violated: (inputs) =>
        isSet(inputs.ellipticCurve) && inputs.privateKeyType !== "ecdsa" ? "ellipticCurve is only for privateKeyType \"ecdsa\"" : undefined,
    },
    {
      properties: ["keySize", "privateKeyType"],
      summary: "`keySize` is only for an `rsa` key, and is 2048 or 4096.",
      violated: (inputs) => {
        if (!isSet(inputs.keySize)) return undefined;
        if (inputs.privateKeyType !== "rsa") return "keySize is only for privateKeyType \"rsa\"";
        return inputs.keySize === 2048 || inputs.keySize === 4096 ? undefined : "keySize must be 2048 or 4096";
      },
    },
  ],
  example: `const ca = new ngrok.SshCertificateAuthority("hosts", { description: "staging hosts", privateKeyType: "ed25519" });
export const trustLine = pulumi.interpolate\`@cert-authority *.staging.example.com \${ca.publicKey}\`;`,
};
