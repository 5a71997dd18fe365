import { createdAt, description, metadata, uri } from "./common";
import { certificatePemType, keyMismatch, normalizePem, normalizePrivateKeyPem, privateKeyPemType } from "./pem";
import type { ObjectType, PropertySpec, BoundDefinition } from "../contract";

const str = { kind: "string" } as const;
const strings = { kind: "array", items: str } as const;

const sansType: ObjectType = {
  kind: "object",
  name: "TlsCertificateSubjectAlternativeNames",
  description: "The subject alternative names of a certificate.",
  properties: {
    dnsNames: { api: "dns_names", type: strings, description: "The domains (wildcards included) the certificate is valid for." },
    ips: { api: "ips", type: strings, description: "The IP addresses the certificate is valid for." },
  },
};

/** A string the service derives from the leaf certificate. */
function leafField(api: string, what: string): PropertySpec {
  return { type: str, api, description: `The ${what} of the leaf certificate; absent when it has none.` };
}

export const tlsCertificate: BoundDefinition = {
  name: "TlsCertificate",
  description:
    "An uploaded TLS certificate and its private key, served for the reserved domains that name it (`certificateId`). " +
    "The API never returns the private key: the provider keeps the program's copy in state, encrypted. " +
    "`TlsCertificate.get` reads a certificate without its private key.",
  binding: { kind: "collection", path: "/tls_certificates", idPrefix: "cert", listKey: "tls_certificates" },
  properties: {
    certificatePem: {
      type: { kind: "string", refine: certificatePemType },
      description:
        "The certificate chain, PEM-encoded, leaf first. Checked at preview; a trailing newline more or less is not a change.",
      input: { api: "certificate_pem", required: true, onChange: "replace", unset: "clear" },
      normalize: normalizePem,
    },
    privateKeyPem: {
      type: { kind: "string", refine: privateKeyPemType },
      description:
        "The leaf certificate's private key, PEM-encoded and unencrypted (PKCS #8, PKCS #1 or SEC 1); checked at preview " +
        "against the certificate. The same key in another encoding is no change. Stored encrypted in state, even when given as a plain string. The API never returns it, " +
        "so a certificate read with `TlsCertificate.get` has none.",
      input: { api: "private_key_pem", required: true, onChange: "replace", unset: "clear" },
      secret: true,
      writeOnly: true,
      normalize: normalizePrivateKeyPem,
    },
    description: description("What the certificate is for."),
    metadata: metadata(),
    subjectCommonName: leafField("subject_common_name", "subject common name"),
    subjectAlternativeNames: {
      type: sansType,
      api: "subject_alternative_names",
      description: "The subject alternative names of the leaf certificate.",
    },
    notBefore: { type: str, api: "not_before", present: true, description: "When the leaf certificate becomes valid (RFC 3339)." },
    notAfter: { type: str, api: "not_after", present: true, description: "When the leaf certificate expires (RFC 3339)." },
    issuedAt: {
      type: str,
      api: "issued_at",
      description: "When the service issued the certificate (RFC 3339); absent for uploaded certificates.",
    },
    keyUsages: {
      type: strings,
      api: "key_usages",
      present: true,
      description: "What the leaf certificate's key may be used for (`digital_signature`, `key_encipherment`, ...).",
    },
    extendedKeyUsages: {
      type: strings,
      api: "extended_key_usages",
      present: true,
      description: "The leaf certificate's extended key usages (`server_auth`, `client_auth`, ...).",
    },
    privateKeyType: {
      type: str,
      api: "private_key_type",
      description: "The type of the private key: `rsa`, `ecdsa` or `ed25519`.",
    },
    issuerCommonName: leafField("issuer_common_name", "issuer common name"),
    serialNumber: {
      type: str,
      api: "serial_number",
      present: true,
      description: "The serial number of the leaf certificate, in hexadecimal.",
    },
    subjectOrganization: leafField("subject_organization", "subject organization"),
    subjectOrganizationalUnit: leafField("subject_organizational_unit", "subject organizational unit"),
    subjectLocality: leafField("subject_locality", "subject locality"),
    subjectProvince: leafField("subject_province", "subject province"),
    subjectCountry: leafField("subject_country", "subject country"),
    uri,
    createdAt,
  },
  rules: [
    {
      properties: ["certificatePem", "privateKeyPem"],
      summary: "`privateKeyPem` must be the private key of the first (leaf) certificate of `certificatePem`.",
      violated: (inputs) =>
        keyMismatch(inputs.certificatePem, inputs.privateKeyPem)
          ? "privateKeyPem is not the private key of certificatePem's leaf (first) certificate: the public keys differ"
          : undefined,
    },
  ],
  // A certificate's name is the one it is for; a renewal uploaded beside the old one shares it.
  lookupKey: ["subjectCommonName"],
  example: `import * as fs from "fs";

const cert = new ngrok.TlsCertificate("shop", {
    certificatePem: fs.readFileSync("shop.example.com.pem", "utf8"),
    privateKeyPem: fs.readFileSync("shop.example.com.key", "utf8"), // kept encrypted in state
});
const domain = new ngrok.ReservedDomain("shop", { domain: "shop.example.com", certificateId: cert.id });`,
};
