// Domains the account holds: reserved domains (for endpoints and edges) and agent ingresses (the
// account's own domains for agents to connect through). Both check domain names the same way and
// share automatic certificate management; they differ in its default key type.
import { z } from "zod";
import { common, freshRef, referencedId, type CollectionDef, type Ctx, type Referenced } from "../collection";
import { str } from "../../shared/fields";
import { ApiFailure, badValue, referenceNotFound } from "../../shared/errors";
import { derivedBase62, rfc3339 } from "../../shared/ids";
import type { Rec } from "../../shared/store";
import { description, isObject, metadata, requirePrefix, type Json, type JsonObject } from "../../shared/validate";
import { resolvesTo, resolvesToSchema } from "./resolution";

// ---------------------------------------------------------------------------------------
// Domain names

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

// ---------------------------------------------------------------------------------------
// Automatic certificate management

const POLICY = "certificate_management_policy";
const STATUS = "certificate_management_status";
const RENEWAL_MS = 60 * 24 * 3600 * 1000;

const certPolicySchema = z.strictObject({
  authority: z.enum(["letsencrypt"]).optional(),
  private_key_type: z.enum(["rsa", "ecdsa"]).optional(),
});

/** When the current policy's provisioning job started (ms on the emulator's clock); not an API field. */
const JOB_STARTED = "certificate_job_started_ms";

/**
 * Automatic certificate management as a domain stores it: a policy and its status, both null
 * while it is off. Setting a policy starts a provisioning job (the status's `provisioning_job`,
 * as the API reference documents it); after `ctx.certificateProvisioningMs` on the emulator's clock
 * the job is done and the certificate issued. The state is computed from the clock on every
 * read, so a test moves the clock instead of waiting. `renews_at` is fixed when the policy is
 * set: re-sending the policy in force changes nothing.
 */
class CertificateManagement {
  readonly policySchema = certPolicySchema;

  constructor(private readonly defaultKeyType: "rsa" | "ecdsa") {}

  /** The stored fields at creation: on with the policy given (defaults filled in), or off. */
  atCreation(input: Json | undefined, ctx: Ctx): JsonObject {
    const data: JsonObject = { [POLICY]: null, [STATUS]: null };
    this.update(data, input, ctx);
    return data;
  }

  /**
   * Applies a body's policy: undefined keeps what is stored, null turns management off, a policy
   * turns it on. Re-sending the policy in force does not move renews_at (no spurious diffs).
   */
  update(data: JsonObject, input: Json | undefined, ctx: Ctx): void {
    if (input === undefined) return;
    if (input === null) return this.turnOff(data);
    const given = isObject(input) ? input : {};
    const policy = { authority: str(given["authority"]) || "letsencrypt", private_key_type: str(given["private_key_type"]) || this.defaultKeyType };
    const stored = data[POLICY];
    if (isObject(stored) && stored["authority"] === policy.authority && stored["private_key_type"] === policy.private_key_type) return;
    data[POLICY] = policy;
    data[STATUS] = { renews_at: rfc3339(new Date(ctx.now.getTime() + RENEWAL_MS)), provisioning_job: null };
    data[JOB_STARTED] = ctx.now.getTime();
  }

  turnOff(data: JsonObject): void {
    data[POLICY] = null;
    data[STATUS] = null;
    delete data[JOB_STARTED];
  }

  /** Whether the certificate of the policy in force has been issued by `now`. */
  issued(data: JsonObject, ctx: Ctx): boolean {
    const started = data[JOB_STARTED];
    // A policy stored without a job time predates provisioning: treat it as long done.
    return isObject(data[POLICY]) && (typeof started !== "number" || ctx.now.getTime() - started >= ctx.certificateProvisioningMs);
  }

  /** The API fields at `now`: the job while it runs, none once the certificate is issued. */
  shape(data: JsonObject, ctx: Ctx): JsonObject {
    const status = data[STATUS];
    const started = data[JOB_STARTED];
    if (!isObject(status) || this.issued(data, ctx) || typeof started !== "number") {
      return { [POLICY]: data[POLICY] ?? null, [STATUS]: status ?? null };
    }
    const job = { msg: "Provisioning certificate", started_at: rfc3339(new Date(started)) };
    return { [POLICY]: data[POLICY] ?? null, [STATUS]: { ...status, provisioning_job: job } };
  }

  /** The automatically issued certificate's reference, once issued (its id is derived from the domain's and the job's). */
  certificate(rec: Rec, ctx: Ctx): JsonObject | null {
    if (!this.issued(rec.data, ctx)) return null;
    const id = `cert_${derivedBase62(`${rec.id}/cert/${String(rec.data[JOB_STARTED] ?? "")}`, 27)}`;
    return { id, uri: `${ctx.base}/tls_certificates/${id}` };
  }
}

// ---------------------------------------------------------------------------------------
// Reserved domains

const reservedDomainCertificates = new CertificateManagement("ecdsa");

function checkCertExclusive(input: JsonObject): void {
  if (str(input["certificate_id"]) !== "" && input[POLICY] !== undefined) {
    throw new ApiFailure(
      400,
      "ERR_NGROK_434",
      "'certificate_id' and 'certificate_management_policy' are mutually exclusive: supply an uploaded certificate or automatic management, not both.",
    );
  }
}

const TLS_CERTIFICATE: Referenced = { kind: "tls_certificates", prefix: "cert", what: "certificate" };

function endpointConfigRef(field: string, id: string): Json {
  if (id === "") return null;
  requirePrefix(field, id, ["ec"]);
  // Endpoint configurations cannot be created through this API (spec: "not shown"), so none exists.
  throw referenceNotFound("endpoint configuration", id);
}

export const reservedDomains: CollectionDef = {
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
    certificate_management_policy: reservedDomainCertificates.policySchema.optional(),
    resolves_to: resolvesToSchema.optional(),
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
    const certId = str(input["certificate_id"]);
    const data: JsonObject = {
      description: str(input["description"]),
      metadata: str(input["metadata"]),
      domain,
      certificate_id: certId === "" ? null : referencedId(ctx, "certificate_id", certId, TLS_CERTIFICATE),
      ...reservedDomainCertificates.atCreation(input[POLICY], ctx),
      http_endpoint_configuration_id: null,
      https_endpoint_configuration_id: null,
      resolves_to: resolvesTo(input["resolves_to"]),
    };
    return { data };
  },
  updateSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    certificate_id: z.string().optional(),
    certificate_management_policy: reservedDomainCertificates.policySchema.optional(),
    http_endpoint_configuration_id: z.string().optional(),
    https_endpoint_configuration_id: z.string().optional(),
    resolves_to: resolvesToSchema.optional(),
  }),
  update(rec, input, ctx) {
    checkCertExclusive(input);
    if (input["resolves_to"] !== undefined) rec.data["resolves_to"] = resolvesTo(input["resolves_to"]);
    for (const key of ["description", "metadata"]) if (input[key] !== undefined) rec.data[key] = input[key] ?? "";
    for (const key of ["http_endpoint_configuration_id", "https_endpoint_configuration_id"]) {
      if (input[key] !== undefined) rec.data[key] = endpointConfigRef(key, str(input[key]));
    }
    if (input["certificate_id"] !== undefined) {
      const certId = str(input["certificate_id"]);
      if (certId === "") {
        rec.data["certificate_id"] = null;
      } else {
        rec.data["certificate_id"] = referencedId(ctx, "certificate_id", certId, TLS_CERTIFICATE);
        // An uploaded certificate replaces automatic management.
        reservedDomainCertificates.turnOff(rec.data);
      }
    }
    if (input[POLICY] !== undefined) {
      reservedDomainCertificates.update(rec.data, input[POLICY], ctx);
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
      certificate:
        typeof certId === "string" ? freshRef(ctx, "tls_certificates", { id: certId, uri: "" }) : reservedDomainCertificates.certificate(rec, ctx),
      ...reservedDomainCertificates.shape(rec.data, ctx),
      acme_challenge_cname_target:
        wildcard && !owned ? `${derivedBase62(`${rec.id}/acme`, 17).toLowerCase()}.acme.ngrok-cname.com` : null,
      // Always null: no endpoint configuration can exist (see endpointConfigRef).
      http_endpoint_configuration: null,
      https_endpoint_configuration: null,
      resolves_to: Array.isArray(rec.data["resolves_to"]) ? rec.data["resolves_to"] : [],
    };
  },
};

// ---------------------------------------------------------------------------------------
// Agent ingresses

const agentIngressCertificates = new CertificateManagement("rsa");

export const agentIngresses: CollectionDef = {
  kind: "agent_ingresses",
  path: "/agent_ingresses",
  prefix: "agin",
  listKey: "ingresses",
  relativeUri: true,
  createSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    domain: z.string(),
    certificate_management_policy: agentIngressCertificates.policySchema.optional(),
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
      ...agentIngressCertificates.atCreation(input[POLICY], ctx),
    };
    return { data };
  },
  // The domain is immutable: not in the update body.
  updateSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    certificate_management_policy: agentIngressCertificates.policySchema.optional(),
  }),
  // The API reference documents the policy as "null if automatic management is disabled", and
  // agent ingresses have no other way to turn it off (`{}` turns it on with the defaults, as at
  // creation): an explicit null disables it.
  nullClears: [POLICY],
  update(rec, input, ctx) {
    for (const key of ["description", "metadata"]) if (input[key] !== undefined) rec.data[key] = input[key] ?? "";
    agentIngressCertificates.update(rec.data, input[POLICY], ctx);
  },
  shape(rec, ctx) {
    const domain = str(rec.data["domain"]);
    const zone = derivedBase62(`${rec.id}/ns`, 6).toLowerCase();
    return {
      ...common(agentIngresses, rec, ctx),
      domain,
      ns_targets: [1, 2, 3, 4].map((n) => `ns${n}-${zone}.ngrok-dns.com`),
      region_domains: REGIONS.map((r) => `${r}.${domain}`),
      ...agentIngressCertificates.shape(rec.data, ctx),
    };
  },
};
