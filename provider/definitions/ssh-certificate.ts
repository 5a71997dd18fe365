/** What SSH host and user certificates share: the authority, the key signed, principals, validity. */
import type { z } from "zod";
import { createdAt, description, metadata, uri } from "./common";
import { normalizeSshPublicKey, sshPublicKey } from "./ssh-key";
import type { PropertySpec } from "../contract";

/** An RFC 3339 time, built from the zod a check gives. */
export const rfc3339Time = (zod: typeof z) =>
  zod.string().refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(v) && !Number.isNaN(new Date(v).getTime()), {
    message: "is not an RFC 3339 time such as 2030-01-01T00:00:00Z",
  });

/** The service stores times in UTC with whole seconds: any offset or fraction of the same instant is no change. */
export function normalizeTime(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const t = new Date(value);
  return Number.isNaN(t.getTime()) ? value : t.toISOString().replace(/\.\d{3}Z$/, "Z");
}

export function certificateProperties(what: "host" | "user"): Record<string, PropertySpec> {
  const principals =
    what === "host"
      ? "The hostnames and IP addresses the host may serve SSH as. Empty means every host: dangerous."
      : "The user names the holder may log in as. Empty means any user: dangerous.";
  return {
    sshCertificateAuthorityId: {
      type: { kind: "string", idPrefix: "sshca" },
      description: "The SshCertificateAuthority that signs the certificate (`sshca_...`). A change signs a new certificate: a replace.",
      input: { api: "ssh_certificate_authority_id", required: true, onChange: "replace", unset: "clear", updatable: false },
    },
    publicKey: {
      type: { kind: "string", refine: sshPublicKey },
      description:
        "The public key to certify, as one OpenSSH line (an `id_*.pub` or `ssh_host_*_key.pub` file), checked at preview. " +
        "Compared without its comment and surrounding white space. A change replaces.",
      input: { api: "public_key", required: true, onChange: "replace", unset: "clear", updatable: false },
      normalize: normalizeSshPublicKey,
    },
    principals: {
      type: { kind: "array", items: { kind: "string", nonEmpty: true } },
      description: `${principals} A change replaces.`,
      input: { api: "principals", onChange: "replace", unset: "clear", updatable: false },
    },
    validAfter: {
      type: { kind: "string", refine: rfc3339Time },
      description: "When the certificate becomes valid (RFC 3339); the service uses the time of creation when absent. A change replaces.",
      input: { api: "valid_after", onChange: "replace", unset: "computed", updatable: false },
      normalize: normalizeTime,
    },
    validUntil: {
      type: { kind: "string", refine: rfc3339Time },
      description: `When the certificate stops being valid (RFC 3339; OpenSSH's \`valid_before\`); the service uses ${what === "host" ? "a year" : "24 hours"} after \`validAfter\` when absent. A change replaces.`,
      input: { api: "valid_until", onChange: "replace", unset: "computed", updatable: false },
      normalize: normalizeTime,
    },
    description: description(`What the ${what} certificate is for.`),
    metadata: metadata(),
    keyType: { type: { kind: "string" }, api: "key_type", present: true, description: "The type of `publicKey`: `rsa`, `ecdsa` or `ed25519`." },
    certificate: {
      type: { kind: "string" },
      api: "certificate",
      present: true,
      description: `The signed certificate as one OpenSSH line: the contents of a \`-cert.pub\` file${what === "host" ? " for `sshd_config`'s `HostCertificate`" : ""}.`,
    },
    uri,
    createdAt,
  };
}

/** `validUntil` must come after `validAfter` when the program sets both. */
export const validityRule = {
  properties: ["validAfter", "validUntil"],
  summary: "`validUntil` must be after `validAfter`.",
  violated: (inputs: Record<string, unknown>) =>
    typeof inputs.validAfter === "string" && typeof inputs.validUntil === "string" && new Date(inputs.validUntil).getTime() <= new Date(inputs.validAfter).getTime()
      ? "validUntil must be after validAfter"
      : undefined,
} as const;
