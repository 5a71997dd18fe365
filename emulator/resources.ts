// One definition per API collection: path, id prefix, list key, body rules and response shape.
// The rules are the service's (the API reference, https://ngrok.com/docs/api, and ngrok's official
// clients), written independently of provider/.
import { z } from "zod";
import { ApiFailure, badValue, referenceNotFound } from "./errors";
import { backendKind, common, freshRef, type CollectionDef, type Ctx, type Ref } from "./collection";
import { httpsEdgeRoutes, httpsEdges, tlsEdges } from "./collections/edges";
import { derivedBase62, randomBase62, rfc3339 } from "./ids";
import type { Rec } from "./store";
import {
  description,
  isObject,
  maxChars,
  metadata,
  requirePrefix,
  stringList,
  stringMap,
  type Json,
  type JsonObject,
} from "./validate";
import { validateAcl } from "./rules/acl";
import { normalizeCaPem, parseCaPem, parseTlsCertificate } from "./x509";
import { deleteRulesOf, ipPolicyRules } from "./collections/ip-policy-rules";

// ---------------------------------------------------------------------------------------
// Shared rules

const str = (v: Json | undefined): string => (typeof v === "string" ? v : "");
const strList = (v: Json | undefined): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** Domains owned by the service: their subdomains need no CNAME and get its certificates. */
const SERVICE_DOMAINS = ["ngrok.app", "ngrok.dev", "ngrok.io", "ngrok.pizza", "ngrok-free.app", "ngrok-free.dev", "ngrok-free.pizza"];
const REGIONS = ["au", "eu", "ap", "us", "jp", "in", "sa"] as const;
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function serviceParent(domain: string): string | undefined {
  return SERVICE_DOMAINS.find((d) => domain === d || domain.endsWith(`.${d}`));
}

/** Lower-cases, strips one trailing dot and checks hostname syntax (`*.` allowed when `wildcard`). */
function normalizeDomain(field: string, raw: string, wildcard: boolean): string {
  const domain = raw.trim().toLowerCase().replace(/\.$/, "");
  const bare = wildcard && domain.startsWith("*.") ? domain.slice(2) : domain;
  const labels = bare.split(".");
  if (bare.length === 0 || bare.length > 253 || labels.length < 2 || !labels.every((l) => DNS_LABEL.test(l))) {
    throw badValue(`Invalid value for '${field}': '${raw}' is not a valid domain name.`);
  }
  return domain;
}

function noteRef(ctx: Ctx, kind: string, field: string, id: string): Ref {
  if (ctx.store.get(kind, id) === undefined) throw referenceNotFound(field, id);
  return ctx.ref(kind, id);
}

const certPolicySchema = z.strictObject({
  authority: z.enum(["letsencrypt"]).optional(),
  private_key_type: z.enum(["rsa", "ecdsa"]).optional(),
});

/** A certificate policy with the service's defaults filled in. */
function certPolicy(input: Json | undefined, defaultKeyType: "rsa" | "ecdsa"): JsonObject {
  const p = isObject(input) ? input : {};
  return { authority: str(p["authority"]) || "letsencrypt", private_key_type: str(p["private_key_type"]) || defaultKeyType };
}

/**
 * Certificate status when management is on. The emulator never runs a provisioning job (no DNS),
 * so `provisioning_job` is null and `renews_at` is fixed when the policy is set: the value never
 * changes between two reads, which keeps "refresh shows no changes" true.
 */
function certStatus(ctx: Ctx): JsonObject {
  return { renews_at: rfc3339(new Date(ctx.now.getTime() + 60 * 24 * 3600 * 1000)), provisioning_job: null };
}

function samePolicy(a: Json | undefined, b: JsonObject): boolean {
  return isObject(a) && a["authority"] === b["authority"] && a["private_key_type"] === b["private_key_type"];
}

// ---------------------------------------------------------------------------------------
// Tunnel credentials

/** What tunnel and SSH credentials share: description, metadata, ACL and owner. */
function credentialData(input: JsonObject, ctx: Ctx): JsonObject {
  const owner = str(input["owner_id"]) || ctx.store.userId;
  // Owners are users or bots; the emulated caller is an admin, so any owner id is allowed.
  requirePrefix("owner_id", owner, ["usr", "bot"]);
  return { description: str(input["description"]), metadata: str(input["metadata"]), acl: validateAcl(input["acl"]), owner_id: owner };
}

const credentialUpdateSchema = z.strictObject({ description: description.optional(), metadata: metadata.optional(), acl: stringList.optional() });

function updateCredential(rec: Rec, input: JsonObject): void {
  if (input["acl"] !== undefined) input["acl"] = validateAcl(input["acl"]);
  Object.assign(rec.data, input);
}

const credentials: CollectionDef = {
  kind: "credentials",
  path: "/credentials",
  prefix: "cr",
  listKey: "credentials",
  createSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    acl: stringList.optional(),
    owner_id: z.string().optional(),
  }),
  create(input, ctx) {
    return {
      data: credentialData(input, ctx),
      // The authtoken is shown once and never stored: every later response has token null.
      once: { token: `${randomBase62(27)}_${randomBase62(21)}` },
    };
  },
  updateSchema: credentialUpdateSchema,
  update: updateCredential,
  shape(rec, ctx) {
    return { ...common(credentials, rec, ctx), token: null, acl: strList(rec.data["acl"]), owner_id: str(rec.data["owner_id"]) };
  },
};

// ---------------------------------------------------------------------------------------
// SSH credentials

const SSH_KEY_TYPES = [
  "ssh-ed25519",
  "ssh-rsa",
  "ecdsa-sha2-nistp256",
  "ecdsa-sha2-nistp384",
  "ecdsa-sha2-nistp521",
  "sk-ssh-ed25519@openssh.com",
  "sk-ecdsa-sha2-nistp256@openssh.com",
];

/** Checks an OpenSSH public key line: `<type> <base64 blob> [comment]`, the blob naming the same type. */
function parseSshPublicKey(raw: string): string {
  const line = raw.trim();
  const bad = (why: string) => badValue(`Invalid value for 'public_key': ${why}. Expected an OpenSSH public key line such as 'ssh-ed25519 AAAA... comment'.`);
  if (line.includes("\n")) throw bad("the key must be a single line");
  const [type, b64] = line.split(/\s+/);
  if (type === undefined || b64 === undefined) throw bad("missing the key type or the key data");
  if (!SSH_KEY_TYPES.includes(type)) throw bad(`unsupported key type '${type}'`);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64) || b64.length % 4 !== 0) throw bad("the key data is not base64");
  const blob = Buffer.from(b64, "base64");
  const len = blob.length >= 4 ? blob.readUInt32BE(0) : -1;
  if (len <= 0 || 4 + len > blob.length || blob.subarray(4, 4 + len).toString("latin1") !== type) {
    throw bad("the key data does not hold a key of the stated type");
  }
  return line;
}

const sshCredentials: CollectionDef = {
  kind: "ssh_credentials",
  path: "/ssh_credentials",
  prefix: "sshcr",
  listKey: "ssh_credentials",
  createSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    acl: stringList.optional(),
    public_key: z.string(),
    owner_id: z.string().optional(),
  }),
  create(input, ctx) {
    return { data: { ...credentialData(input, ctx), public_key: parseSshPublicKey(str(input["public_key"])) } };
  },
  // public_key and owner_id are immutable: not in the update body (ERR_NGROK_214 when sent).
  updateSchema: credentialUpdateSchema,
  update: updateCredential,
  shape(rec, ctx) {
    return {
      ...common(sshCredentials, rec, ctx),
      public_key: str(rec.data["public_key"]),
      acl: strList(rec.data["acl"]),
      owner_id: str(rec.data["owner_id"]),
    };
  },
};

// ---------------------------------------------------------------------------------------
// Reserved domains

function checkCertExclusive(input: JsonObject): void {
  if (str(input["certificate_id"]) !== "" && input["certificate_management_policy"] !== undefined) {
    throw new ApiFailure(
      400,
      "ERR_NGROK_434",
      "'certificate_id' and 'certificate_management_policy' are mutually exclusive: supply an uploaded certificate or automatic management, not both.",
    );
  }
}

function endpointConfigRef(field: string, id: string): Json {
  if (id === "") return null;
  requirePrefix(field, id, ["ec"]);
  // Endpoint configurations cannot be created through this API (spec: "not shown"), so none exists.
  throw referenceNotFound("endpoint configuration", id);
}

const reservedDomains: CollectionDef = {
  kind: "reserved_domains",
  path: "/reserved_domains",
  prefix: "rd",
  listKey: "reserved_domains",
  createSchema: z.strictObject({
    domain: z.string(),
    region: z.string().optional(),
    description: description.optional(),
    metadata: metadata.optional(),
    certificate_id: z.string().optional(),
    certificate_management_policy: certPolicySchema.optional(),
  }),
  create(input, ctx) {
    checkCertExclusive(input);
    const region = str(input["region"]);
    if (region !== "" && !(REGIONS as readonly string[]).includes(region)) {
      throw badValue(`Invalid value for 'region': '${region}' is not one of ${REGIONS.join(", ")}.`);
    }
    const domain = normalizeDomain("domain", str(input["domain"]), true);
    const parent = serviceParent(domain);
    if (parent !== undefined) {
      const sub = domain.slice(0, -parent.length - 1);
      if (domain === parent || sub.includes(".") || sub.startsWith("*")) {
        throw badValue(`Invalid value for 'domain': only single-label subdomains of ${parent} can be reserved, got '${domain}'.`);
      }
    }
    for (const other of ctx.store.all("reserved_domains")) {
      if (other.data["domain"] === domain) {
        throw new ApiFailure(400, "ERR_NGROK_413", `The domain '${domain}' is already reserved for your account.`);
      }
    }
    if (ctx.foreignDomains.has(domain)) {
      throw new ApiFailure(400, "ERR_NGROK_414", `The domain '${domain}' is already reserved by another account.`);
    }
    const data: JsonObject = {
      description: str(input["description"]),
      metadata: str(input["metadata"]),
      domain,
      certificate_id: null,
      certificate_management_policy: null,
      certificate_management_status: null,
      http_endpoint_configuration_id: null,
      https_endpoint_configuration_id: null,
    };
    const certId = str(input["certificate_id"]);
    if (certId !== "") {
      requirePrefix("certificate_id", certId, ["cert"]);
      noteRef(ctx, "tls_certificates", "certificate", certId);
      data["certificate_id"] = certId;
    }
    if (input["certificate_management_policy"] !== undefined) {
      data["certificate_management_policy"] = certPolicy(input["certificate_management_policy"], "ecdsa");
      data["certificate_management_status"] = certStatus(ctx);
    }
    return { data };
  },
  updateSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    certificate_id: z.string().optional(),
    certificate_management_policy: certPolicySchema.optional(),
    http_endpoint_configuration_id: z.string().optional(),
    https_endpoint_configuration_id: z.string().optional(),
  }),
  update(rec, input, ctx) {
    checkCertExclusive(input);
    for (const key of ["description", "metadata"]) if (input[key] !== undefined) rec.data[key] = input[key] ?? "";
    for (const key of ["http_endpoint_configuration_id", "https_endpoint_configuration_id"]) {
      if (input[key] !== undefined) rec.data[key] = endpointConfigRef(key, str(input[key]));
    }
    if (input["certificate_id"] !== undefined) {
      const certId = str(input["certificate_id"]);
      if (certId === "") {
        rec.data["certificate_id"] = null;
      } else {
        requirePrefix("certificate_id", certId, ["cert"]);
        noteRef(ctx, "tls_certificates", "certificate", certId);
        // An uploaded certificate replaces automatic management.
        rec.data["certificate_id"] = certId;
        rec.data["certificate_management_policy"] = null;
        rec.data["certificate_management_status"] = null;
      }
    }
    if (input["certificate_management_policy"] !== undefined) {
      const policy = certPolicy(input["certificate_management_policy"], "ecdsa");
      // Re-sending the same policy must not move renews_at (no spurious diffs).
      if (!samePolicy(rec.data["certificate_management_policy"], policy)) {
        rec.data["certificate_management_policy"] = policy;
        rec.data["certificate_management_status"] = certStatus(ctx);
      }
      rec.data["certificate_id"] = null;
    }
  },
  shape(rec, ctx) {
    const domain = str(rec.data["domain"]);
    const owned = serviceParent(domain) !== undefined;
    const wildcard = domain.startsWith("*.");
    const certId = rec.data["certificate_id"];
    return {
      ...common(reservedDomains, rec, ctx),
      domain,
      // Deprecated: the service answers "" whatever was sent.
      region: "",
      cname_target: owned ? null : `${derivedBase62(`${rec.id}/cname`, 17).toLowerCase()}.${derivedBase62(`${rec.id}/zone`, 7).toLowerCase()}.ngrok-cname.com`,
      certificate: typeof certId === "string" ? freshRef(ctx, "tls_certificates", { id: certId, uri: "" }) : null,
      certificate_management_policy: rec.data["certificate_management_policy"] ?? null,
      certificate_management_status: rec.data["certificate_management_status"] ?? null,
      acme_challenge_cname_target:
        wildcard && !owned ? `${derivedBase62(`${rec.id}/acme`, 17).toLowerCase()}.acme.ngrok-cname.com` : null,
      // Always null: no endpoint configuration can exist (see endpointConfigRef).
      http_endpoint_configuration: null,
      https_endpoint_configuration: null,
    };
  },
};

// ---------------------------------------------------------------------------------------
// Agent ingresses

const agentIngresses: CollectionDef = {
  kind: "agent_ingresses",
  path: "/agent_ingresses",
  prefix: "agin",
  listKey: "ingresses",
  relativeUri: true,
  createSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    domain: z.string(),
    certificate_management_policy: certPolicySchema.optional(),
  }),
  create(input, ctx) {
    const domain = normalizeDomain("domain", str(input["domain"]), false);
    if (serviceParent(domain) !== undefined) {
      throw badValue(`Invalid value for 'domain': '${domain}' belongs to the service; use a domain you own.`);
    }
    const data: JsonObject = {
      description: str(input["description"]),
      metadata: str(input["metadata"]),
      domain,
      certificate_management_policy: null,
      certificate_management_status: null,
    };
    if (input["certificate_management_policy"] !== undefined) {
      data["certificate_management_policy"] = certPolicy(input["certificate_management_policy"], "rsa");
      data["certificate_management_status"] = certStatus(ctx);
    }
    return { data };
  },
  // The domain is immutable: not in the update body.
  updateSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    certificate_management_policy: certPolicySchema.optional(),
  }),
  // The API reference documents the policy as "null if automatic management is disabled", and
  // agent ingresses have no other way to turn it off (`{}` turns it on with the defaults, as at
  // creation): an explicit null disables it.
  nullClears: ["certificate_management_policy"],
  update(rec, input, ctx) {
    for (const key of ["description", "metadata"]) if (input[key] !== undefined) rec.data[key] = input[key] ?? "";
    if (input["certificate_management_policy"] === null) {
      rec.data["certificate_management_policy"] = null;
      rec.data["certificate_management_status"] = null;
    } else if (input["certificate_management_policy"] !== undefined) {
      const policy = certPolicy(input["certificate_management_policy"], "rsa");
      if (!samePolicy(rec.data["certificate_management_policy"], policy)) {
        rec.data["certificate_management_policy"] = policy;
        rec.data["certificate_management_status"] = certStatus(ctx);
      }
    }
  },
  shape(rec, ctx) {
    const domain = str(rec.data["domain"]);
    const zone = derivedBase62(`${rec.id}/ns`, 6).toLowerCase();
    return {
      ...common(agentIngresses, rec, ctx),
      domain,
      ns_targets: [1, 2, 3, 4].map((n) => `ns${n}-${zone}.ngrok-dns.com`),
      region_domains: REGIONS.map((r) => `${r}.${domain}`),
      certificate_management_policy: rec.data["certificate_management_policy"] ?? null,
      certificate_management_status: rec.data["certificate_management_status"] ?? null,
    };
  },
};

// ---------------------------------------------------------------------------------------
// Backends

const httpStatus = z.number().int().min(100).max(599);

function lowerHeaders(headers: Json | undefined): Json {
  if (!isObject(headers)) return null;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = v;
  return out;
}

const httpResponseBackends: CollectionDef = {
  kind: "http_response_backends",
  path: "/backends/http_response",
  prefix: "bkdhr",
  listKey: "backends",
  createSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    body: z.string().optional(),
    headers: stringMap.optional(),
    status_code: httpStatus.optional(),
  }),
  create(input) {
    return {
      data: {
        description: str(input["description"]),
        metadata: str(input["metadata"]),
        body: str(input["body"]),
        headers: lowerHeaders(input["headers"]),
        // Unset status is 200 (unverified; the spec does not say).
        status_code: typeof input["status_code"] === "number" ? input["status_code"] : 200,
      },
    };
  },
  updateSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    body: z.string().optional(),
    headers: stringMap.optional(),
    status_code: httpStatus.optional(),
  }),
  update(rec, input) {
    if (input["headers"] !== undefined) input["headers"] = lowerHeaders(input["headers"]);
    Object.assign(rec.data, input);
  },
  shape(rec, ctx) {
    return {
      ...common(httpResponseBackends, rec, ctx),
      body: str(rec.data["body"]),
      headers: rec.data["headers"] ?? null,
      status_code: rec.data["status_code"] ?? 200,
    };
  },
};

function checkChildBackends(ctx: Ctx, ids: string[], self: string | undefined): string[] {
  ids.forEach((id, i) => {
    const kind = backendKind(id);
    if (kind === undefined) throw badValue(`Invalid value for 'backends[${i}]': '${id}' is not a backend id.`);
    if (id === self) throw badValue(`Invalid value for 'backends[${i}]': a failover backend cannot contain itself.`);
    if (ctx.store.get(kind, id) === undefined) throw referenceNotFound("backend", id);
  });
  // A cycle through nested failover backends would make the failover order infinite.
  if (self !== undefined) {
    const seen = new Set<string>();
    const walk = (id: string): void => {
      if (id === self) throw badValue("Invalid value for 'backends': the failover backends would form a cycle.");
      if (seen.has(id)) return;
      seen.add(id);
      const rec = ctx.store.get("failover_backends", id);
      if (rec) strList(rec.data["backends"]).forEach(walk);
    };
    ids.forEach(walk);
  }
  return ids;
}

const failoverBackends: CollectionDef = {
  kind: "failover_backends",
  path: "/backends/failover",
  prefix: "bkdfo",
  listKey: "backends",
  createSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional(), backends: stringList.optional() }),
  create(input, ctx) {
    return {
      data: {
        description: str(input["description"]),
        metadata: str(input["metadata"]),
        backends: checkChildBackends(ctx, strList(input["backends"]), undefined),
      },
    };
  },
  updateSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional(), backends: stringList.optional() }),
  update(rec, input, ctx) {
    if (input["backends"] !== undefined) input["backends"] = checkChildBackends(ctx, strList(input["backends"]), rec.id);
    Object.assign(rec.data, input);
  },
  shape(rec, ctx) {
    return { ...common(failoverBackends, rec, ctx), backends: strList(rec.data["backends"]) };
  },
};

const tunnelGroupBackends: CollectionDef = {
  kind: "tunnel_group_backends",
  path: "/backends/tunnel_group",
  prefix: "bkdtg",
  listKey: "backends",
  createSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional(), labels: stringMap.optional() }),
  create(input) {
    const labels = isObject(input["labels"]) ? input["labels"] : {};
    if (Object.keys(labels).length === 0) throw badValue("The 'labels' field is required: a tunnel group backend matches tunnels by label.");
    return { data: { description: str(input["description"]), metadata: str(input["metadata"]), labels } };
  },
  updateSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional(), labels: stringMap.optional() }),
  shape(rec, ctx) {
    return { ...common(tunnelGroupBackends, rec, ctx), labels: rec.data["labels"] ?? {}, tunnels: ctx.tunnelsMatching(isObject(rec.data["labels"]) ? (rec.data["labels"] as Record<string, string>) : {}) };
  },
};

// ---------------------------------------------------------------------------------------
// IP policies and IP restrictions

const ipPolicies: CollectionDef = {
  kind: "ip_policies",
  path: "/ip_policies",
  prefix: "ipp",
  listKey: "ip_policies",
  createSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional() }),
  create(input) {
    return { data: { description: str(input["description"]), metadata: str(input["metadata"]) } };
  },
  updateSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional() }),
  beforeDelete: deleteRulesOf,
  shape(rec, ctx) {
    return common(ipPolicies, rec, ctx);
  },
};

function ipPolicyIds(ctx: Ctx, ids: string[]): string[] {
  ids.forEach((id, i) => {
    requirePrefix(`ip_policy_ids[${i}]`, id, ["ipp"]);
    noteRef(ctx, "ip_policies", "IP policy", id);
  });
  return [...new Set(ids)];
}

const ipRestrictions: CollectionDef = {
  kind: "ip_restrictions",
  path: "/ip_restrictions",
  prefix: "ipx",
  listKey: "ip_restrictions",
  createSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    enforced: z.boolean().optional(),
    type: z.enum(["dashboard", "api", "agent", "endpoints"]),
    ip_policy_ids: stringList.optional(),
  }),
  create(input, ctx) {
    return {
      data: {
        description: str(input["description"]),
        metadata: str(input["metadata"]),
        enforced: input["enforced"] === true,
        type: str(input["type"]),
        ip_policy_ids: ipPolicyIds(ctx, strList(input["ip_policy_ids"])),
      },
    };
  },
  // type is not updatable: not in the update body.
  updateSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    enforced: z.boolean().optional(),
    ip_policy_ids: stringList.optional(),
  }),
  update(rec, input, ctx) {
    if (input["ip_policy_ids"] !== undefined) input["ip_policy_ids"] = ipPolicyIds(ctx, strList(input["ip_policy_ids"]));
    Object.assign(rec.data, input);
  },
  shape(rec, ctx) {
    return {
      ...common(ipRestrictions, rec, ctx),
      enforced: rec.data["enforced"] === true,
      type: str(rec.data["type"]),
      ip_policies: strList(rec.data["ip_policy_ids"]).map((id) => freshRef(ctx, "ip_policies", { id, uri: "" })),
    };
  },
};

// ---------------------------------------------------------------------------------------
// Certificate authorities and TLS certificates

const certificateAuthorities: CollectionDef = {
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

const tlsCertificates: CollectionDef = {
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

// ---------------------------------------------------------------------------------------
// Event destinations and subscriptions

// Target kinds and their fields, as ngrok's official clients write them (EventTarget).
const awsAuthSchema = z.strictObject({
  role: z.strictObject({ role_arn: z.string() }).optional(),
  creds: z.strictObject({ aws_access_key_id: z.string(), aws_secret_access_key: z.string().optional() }).optional(),
});
const TARGET_KINDS = {
  firehose: z.strictObject({ auth: awsAuthSchema, delivery_stream_arn: z.string() }),
  kinesis: z.strictObject({ auth: awsAuthSchema, stream_arn: z.string() }),
  cloudwatch_logs: z.strictObject({ auth: awsAuthSchema, log_group_arn: z.string() }),
  datadog: z.strictObject({
    api_key: z.string().optional(),
    ddtags: z.string().optional(),
    service: z.string().optional(),
    ddsite: z.string().optional(),
  }),
  azure_logs_ingestion: z.strictObject({
    tenant_id: z.string(),
    client_id: z.string(),
    client_secret: z.string().optional(),
    logs_ingestion_uri: z.string(),
    data_collection_rule_id: z.string(),
    data_collection_stream_name: z.string(),
  }),
  debug: z.strictObject({ log: z.boolean().optional(), callback_url: z.string().optional() }),
};
const targetSchema = z.strictObject(
  Object.fromEntries(Object.entries(TARGET_KINDS).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof TARGET_KINDS]: z.ZodOptional<(typeof TARGET_KINDS)[K]>;
  },
);
/** Secret fields of a target: stored, never answered (the real service redacts them). */
const TARGET_SECRETS: readonly (readonly string[])[] = [
  ["datadog", "api_key"],
  ["azure_logs_ingestion", "client_secret"],
  ...["firehose", "kinesis", "cloudwatch_logs"].map((k) => [k, "auth", "creds", "aws_secret_access_key"]),
];

/** A validated target: exactly one kind, and AWS auth with exactly one of `role` and `creds`. */
function eventTarget(input: Json | undefined): JsonObject {
  const target = isObject(input) ? input : {};
  const kinds = Object.keys(target);
  if (kinds.length !== 1) {
    throw badValue(`Invalid value for 'target': exactly one of ${Object.keys(TARGET_KINDS).join(", ")} must be set.`);
  }
  const kind = kinds[0]!;
  const config = target[kind];
  const auth = isObject(config) ? config["auth"] : undefined;
  if (isObject(auth) && Object.keys(auth).length !== 1) {
    throw badValue(`Invalid value for 'target.${kind}.auth': exactly one of role, creds must be set.`);
  }
  return target;
}

function withoutSecrets(target: Json | undefined): Json {
  const copy = structuredClone(target ?? {});
  for (const path of TARGET_SECRETS) {
    let node: Json | undefined = copy;
    for (const key of path.slice(0, -1)) node = isObject(node) ? node[key] : undefined;
    if (isObject(node)) delete node[path[path.length - 1]!];
  }
  return copy;
}

const eventDestinations: CollectionDef = {
  kind: "event_destinations",
  path: "/event_destinations",
  prefix: "ed",
  listKey: "event_destinations",
  createSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    format: z.enum(["json"]).optional(),
    target: targetSchema,
  }),
  create(input) {
    const target = eventTarget(input["target"]);
    return { data: { description: str(input["description"]), metadata: str(input["metadata"]), format: str(input["format"]) || "json", target } };
  },
  // The official clients send format and the whole target on update, and the service takes them.
  updateSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    format: z.enum(["json"]).optional(),
    target: targetSchema.optional(),
  }),
  update(rec, input) {
    for (const key of ["description", "metadata", "format"]) if (input[key] !== undefined) rec.data[key] = input[key] ?? "";
    if (input["target"] !== undefined) rec.data["target"] = eventTarget(input["target"]);
  },
  shape(rec, ctx) {
    return { ...common(eventDestinations, rec, ctx), format: str(rec.data["format"]), target: withoutSecrets(rec.data["target"]) };
  },
};

/** Event types look like `<resource>_<action>.v0` (spec "Events"). */
export function checkEventType(field: string, type: string): string {
  if (!/^[a-z][a-z0-9_]*\.v[0-9]+$/.test(type)) {
    throw badValue(`Invalid value for '${field}': '${type}' is not an event type such as 'ip_policy_created.v0'.`);
  }
  return type;
}

function eventTypes(input: Json | undefined): string[] {
  const sources = Array.isArray(input) ? input : [];
  const types: string[] = [];
  sources.forEach((s, i) => {
    const type = checkEventType(`sources[${i}].type`, isObject(s) ? str(s["type"]) : "");
    if (types.includes(type)) throw badValue(`Invalid value for 'sources[${i}]': the type '${type}' is listed twice.`);
    types.push(type);
  });
  return types;
}

function destinationIds(ctx: Ctx, ids: string[]): string[] {
  ids.forEach((id, i) => {
    requirePrefix(`destination_ids[${i}]`, id, ["ed"]);
    noteRef(ctx, "event_destinations", "event destination", id);
  });
  return [...new Set(ids)];
}

const sourceSchema = z.array(z.strictObject({ type: z.string() }));
const eventDescription = maxChars("description", 255);
const eventMetadata = maxChars("metadata", 4096);

const eventSubscriptions: CollectionDef = {
  kind: "event_subscriptions",
  path: "/event_subscriptions",
  prefix: "esb",
  listKey: "event_subscriptions",
  createSchema: z.strictObject({
    description: eventDescription.optional(),
    metadata: eventMetadata.optional(),
    sources: sourceSchema.optional(),
    destination_ids: stringList.optional(),
  }),
  create(input, ctx) {
    return {
      data: {
        description: str(input["description"]),
        metadata: str(input["metadata"]),
        source_types: eventTypes(input["sources"]),
        destination_ids: destinationIds(ctx, strList(input["destination_ids"])),
      },
    };
  },
  updateSchema: z.strictObject({
    description: eventDescription.optional(),
    metadata: eventMetadata.optional(),
    sources: sourceSchema.optional(),
    destination_ids: stringList.optional(),
  }),
  update(rec, input, ctx) {
    for (const key of ["description", "metadata"]) if (input[key] !== undefined) rec.data[key] = input[key] ?? "";
    if (input["sources"] !== undefined) rec.data["source_types"] = eventTypes(input["sources"]);
    if (input["destination_ids"] !== undefined) rec.data["destination_ids"] = destinationIds(ctx, strList(input["destination_ids"]));
  },
  shape(rec, ctx) {
    const uri = ctx.uriOf("event_subscriptions", rec);
    return {
      ...common(eventSubscriptions, rec, ctx),
      sources: strList(rec.data["source_types"]).map((type) => ({ type, uri: `${uri}/sources/${type}` })),
      destinations: strList(rec.data["destination_ids"]).map((id) => freshRef(ctx, "event_destinations", { id, uri: "" })),
    };
  },
};

/** Every collection the emulator serves, in the order the routes are matched. */
export const COLLECTIONS: readonly CollectionDef[] = [
  credentials,
  sshCredentials,
  reservedDomains,
  agentIngresses,
  httpResponseBackends,
  failoverBackends,
  tunnelGroupBackends,
  ipPolicies,
  ipPolicyRules,
  ipRestrictions,
  certificateAuthorities,
  tlsCertificates,
  eventDestinations,
  eventSubscriptions,
  httpsEdges,
  httpsEdgeRoutes,
  tlsEdges,
];
