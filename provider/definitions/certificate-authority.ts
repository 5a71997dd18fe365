import { createdAt, description, metadata, uri } from "./common";
import { certificatePemType, normalizePem } from "./pem";
import type { BoundDefinition } from "../contract";

const str = { kind: "string" } as const;
const strings = { kind: "array", items: str } as const;

export const certificateAuthority: BoundDefinition = {
  name: "CertificateAuthority",
  description:
    "An uploaded X.509 certificate authority, used to verify client certificates (mutual TLS). Only the certificate is " +
    "uploaded, never its private key; the service derives the common name, validity and key usages from it.",
  binding: { kind: "collection", path: "/certificate_authorities", idPrefix: "ca", listKey: "certificate_authorities" },
  properties: {
    caPem: {
      type: { kind: "string", refine: certificatePemType },
      description:
        "The certificate authority's certificate, PEM-encoded. Checked at preview; the service stores it with a trailing newline (not a change).",
      input: { api: "ca_pem", required: true, onChange: "replace", unset: "clear" },
      normalize: normalizePem,
    },
    description: description("What the certificate authority is for."),
    metadata: metadata(),
    subjectCommonName: {
      type: str,
      api: "subject_common_name",
      description: "The subject common name of the certificate; absent when it has none.",
    },
    notBefore: { type: str, api: "not_before", present: true, description: "When the certificate becomes valid (RFC 3339)." },
    notAfter: { type: str, api: "not_after", present: true, description: "When the certificate expires (RFC 3339)." },
    keyUsages: {
      type: strings,
      api: "key_usages",
      present: true,
      description: "What the certificate's key may be used for (`digital_signature`, `cert_sign`, `crl_sign`, ...).",
    },
    extendedKeyUsages: {
      type: strings,
      api: "extended_key_usages",
      present: true,
      description: "The certificate's extended key usages (`server_auth`, `client_auth`, ...).",
    },
    uri,
    createdAt,
  },
  example: `import * as fs from "fs";

const ca = new ngrok.CertificateAuthority("clients", {
    caPem: fs.readFileSync("client-ca.pem", "utf8"),
    description: "Issues our devices' client certificates",
});
export const caExpires = ca.notAfter;`,
};
