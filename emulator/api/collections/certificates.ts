// Uploaded certificates: TLS certificates (served for reserved domains) and certificate
// authorities (trusted for mutual TLS). The PEM parsing is shared/x509.ts's.
import { z } from "zod";
import { common, type CollectionDef } from "../collection";
import { str, strList } from "../../shared/fields";
import { badValue } from "../../shared/errors";
import { description, isObject, metadata } from "../../shared/validate";
import { normalizeCaPem, parseCaPem, parseTlsCertificate } from "../../shared/x509";

export const certificateAuthorities: CollectionDef = {
  kind: "certificate_authorities",
  path: "/certificate_authorities",
  prefix: "ca",
  listKey: "certificate_authorities",
  createSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional(), ca_pem: z.string() }),
  create(input) {
    const pem = str(input["ca_pem"]);
    const info = parseCaPem(pem);
    return { data: { description: str(input["description"]), metadata: str(input["metadata"]), ca_pem: normalizeCaPem(pem), ...info } };
  },
  // Only description and metadata can change; ca_pem is immutable (spec: update "not shown").
  updateSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional() }),
  shape(rec, ctx) {
    return {
      ...common(certificateAuthorities, rec, ctx),
      ca_pem: str(rec.data["ca_pem"]),
      subject_common_name: str(rec.data["subject_common_name"]),
      not_before: str(rec.data["not_before"]),
      not_after: str(rec.data["not_after"]),
      key_usages: strList(rec.data["key_usages"]),
      extended_key_usages: strList(rec.data["extended_key_usages"]),
    };
  },
};

export const tlsCertificates: CollectionDef = {
  kind: "tls_certificates",
  path: "/tls_certificates",
  prefix: "cert",
  listKey: "tls_certificates",
  createSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    certificate_pem: z.string(),
    private_key_pem: z.string(),
  }),
  create(input) {
    const pem = str(input["certificate_pem"]);
    const info = parseTlsCertificate(pem, str(input["private_key_pem"]));
    // The private key is write-only: it is not stored in the emulator's state (nor returned).
    return { data: { description: str(input["description"]), metadata: str(input["metadata"]), certificate_pem: pem, ...info } };
  },
  updateSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional() }),
  beforeDelete(rec, ctx) {
    for (const rd of ctx.store.all("reserved_domains")) {
      if (rd.data["certificate_id"] === rec.id) {
        throw badValue(`The TLS certificate '${rec.id}' is in use by reserved domain '${rd.id}'.`);
      }
    }
  },
  shape(rec, ctx) {
    return {
      ...common(tlsCertificates, rec, ctx),
      certificate_pem: str(rec.data["certificate_pem"]),
      subject_common_name: str(rec.data["subject_common_name"]),
      subject_alternative_names: isObject(rec.data["subject_alternative_names"])
        ? rec.data["subject_alternative_names"]
        : { dns_names: [], ips: [] },
      issued_at: rec.data["issued_at"] ?? null,
      not_before: str(rec.data["not_before"]),
      not_after: str(rec.data["not_after"]),
      key_usages: strList(rec.data["key_usages"]),
      extended_key_usages: strList(rec.data["extended_key_usages"]),
      private_key_type: str(rec.data["private_key_type"]),
      issuer_common_name: str(rec.data["issuer_common_name"]),
      serial_number: str(rec.data["serial_number"]),
      subject_organization: str(rec.data["subject_organization"]),
      subject_organizational_unit: str(rec.data["subject_organizational_unit"]),
      subject_locality: str(rec.data["subject_locality"]),
      subject_province: str(rec.data["subject_province"]),
      subject_country: str(rec.data["subject_country"]),
    };
  },
};
