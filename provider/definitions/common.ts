/** Properties and types shared by many resources. */
import type { z } from "zod";
import type { ObjectType, PropertySpec, TypeSpec } from "../contract";

export const refType: ObjectType = {
  kind: "object",
  name: "Ref",
  description: "A reference to another resource.",
  properties: {
    id: { api: "id", type: { kind: "string" }, description: "The referenced resource's id.", present: true },
    uri: { api: "uri", type: { kind: "string" }, description: "The referenced resource's address.", present: true },
  },
};

const str: TypeSpec = { kind: "string" };

export function description(what: string, maxBytes = 255): PropertySpec {
  return {
    type: { kind: "string", maxBytes },
    description: `${what} Optional, at most ${maxBytes} bytes.`,
    input: { api: "description", onChange: "update", unset: "clear" },
  };
}

export function metadata(maxBytes = 4096): PropertySpec {
  return {
    type: { kind: "string", maxBytes },
    description: `Arbitrary user-defined machine-readable data. Optional, at most ${maxBytes} bytes.`,
    input: { api: "metadata", onChange: "update", unset: "clear" },
  };
}

export const uri: PropertySpec = { type: str, api: "uri", present: true, lookupOnly: true, description: "The address of the resource in the API." };

export const createdAt: PropertySpec = {
  type: str,
  api: "created_at",
  present: true,
  description: "When the resource was created (RFC 3339).",
};

const certJobType: ObjectType = {
  kind: "object",
  name: "CertificateProvisioningJob",
  description: "A certificate provisioning or renewal job in progress.",
  properties: {
    errorCode: {
      api: "error_code",
      type: str,
      description:
        "Present only when provisioning is failing: INTERNAL_ERROR is temporary, DNS_ERROR is permanent and must be corrected by the user.",
    },
    msg: { api: "msg", type: str, description: "The job's current status or error message." },
    startedAt: { api: "started_at", type: str, description: "When the job started (RFC 3339)." },
    retriesAt: { api: "retries_at", type: str, description: "When the job will be retried (RFC 3339)." },
  },
};

export const certStatusType: ObjectType = {
  kind: "object",
  name: "CertificateManagementStatus",
  description: "The state of automatic certificate management.",
  properties: {
    renewsAt: { api: "renews_at", type: str, description: "When the next renewal is requested (RFC 3339)." },
    provisioningJob: {
      api: "provisioning_job",
      type: certJobType,
      description: "The job provisioning or renewing the certificate; absent when none runs.",
    },
  },
};

/**
 * A certificate management policy. Each resource names its own type: the key type's default
 * differs (agent ingresses `rsa`, reserved domains `ecdsa`), and a type name is one shape.
 */
export function certPolicyType(name: string, defaultKeyType: "rsa" | "ecdsa"): ObjectType {
  return {
    kind: "object",
    name,
    description: "How certificates are issued automatically.",
    properties: {
      authority: {
        api: "authority",
        type: { kind: "string", enum: ["letsencrypt"] },
        description: "The certificate authority; the only supported value (and the default) is `letsencrypt`.",
        default: "letsencrypt",
      },
      privateKeyType: {
        api: "private_key_type",
        type: { kind: "string", enum: ["rsa", "ecdsa"] },
        description: `The private key type: \`rsa\` or \`ecdsa\` (default \`${defaultKeyType}\`).`,
        default: defaultKeyType,
      },
    },
  };
}

/**
 * A vault's or a secret's name as the service takes it: the characters of ngrok's error pages
 * (https://ngrok.com/docs/errors/err_ngrok_23000, err_ngrok_24000), `a-zA-Z0-9_/.`, and the hyphen
 * the API reference's own examples use (`prod-vault`, `db-password`).
 */
export function vaultName(zod: typeof z): z.ZodType<string, string> {
  return zod.string().regex(/^[a-zA-Z0-9_/.-]*$/, { message: "may hold only letters, digits and the characters _ / . -" });
}
