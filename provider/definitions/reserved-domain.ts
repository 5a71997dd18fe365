import { isIP } from "node:net";
import type { z } from "zod";
import { certPolicyType, certStatusType, createdAt, description, metadata, refType, uri } from "./common";
import type { BoundDefinition, ObjectType } from "../contract";

/** The service stores domains lower-cased and without a trailing dot. */
export function normalizeDomain(value: unknown): unknown {
  return typeof value === "string" ? value.trim().toLowerCase().replace(/\.$/, "") : value;
}

/** Hostname syntax, built from the zod a check gives; `wildcard` allows a leading `*.`. */
export const hostname = (wildcard = true) => (zod: typeof z) =>
  zod
    .string()
    .refine(
      (d) =>
        (wildcard || !d.startsWith("*.")) &&
        /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.?$/i.test(d) &&
        d.length <= 253,
      {
        message: `is not a valid hostname (letters, digits and hyphens in dot-separated labels${wildcard ? ", optionally with a leading `*.`" : ""})`,
      },
    );

/** The points of presence and regions the service lists as acceptable targets, and `global`. */
const RESOLUTION_TARGETS = ["us", "us-cal-1", "eu", "au", "ap", "jp", "sa", "in", "global"];

/** A point of presence, a region, `global`, or a dedicated IP with an optional port (`192.0.2.1:1234`, `[2001:db8::1]:443`). */
const resolutionTarget = (zod: typeof z) =>
  zod.string().refine(
    (v) => {
      if (RESOLUTION_TARGETS.includes(v)) return true;
      const m = /^(?:\[([^\]]+)\]|([^:]+)|([0-9a-fA-F:]+))(?::([0-9]{1,5}))?$/.exec(v);
      const address = m?.[1] ?? m?.[2] ?? m?.[3] ?? "";
      const port = m?.[4];
      return isIP(address) !== 0 && (port === undefined || (Number(port) >= 1 && Number(port) <= 65535));
    },
    { message: `must be one of ${RESOLUTION_TARGETS.map((t) => `"${t}"`).join(", ")}, or a dedicated IP address with an optional port` },
  );

/** One target of a domain's resolution (https://ngrok.com/docs/domains/region-pinning/). */
const resolvesToEntry: ObjectType = {
  kind: "object",
  name: "ReservedDomainResolvesTo",
  description: "Where a domain resolves: a point of presence, a region, `global`, or a dedicated IP.",
  properties: {
    value: {
      api: "value",
      type: { kind: "string", refine: resolutionTarget },
      required: true,
      description: "An ngrok point of presence (`us-cal-1`) or region (`eu`), `global`, or a dedicated IP address with an optional port (`192.0.2.1:1234`).",
    },
  },
};

export const reservedDomain: BoundDefinition = {
  name: "ReservedDomain",
  description:
    "A reserved domain: a hostname on which the account's endpoints can be served, either a subdomain of a domain the service owns or a custom domain with a CNAME to the service.",
  binding: { kind: "collection", path: "/reserved_domains", idPrefix: "rd", listKey: "reserved_domains" },
  properties: {
    domain: {
      type: { kind: "string", refine: hostname() },
      description: "The hostname to reserve; stored lower-cased, without a trailing dot.",
      input: { api: "domain", required: true, onChange: "replace", unset: "clear" },
      normalize: normalizeDomain,
    },
    region: {
      type: { kind: "string", enum: ["au", "eu", "ap", "us", "jp", "in", "sa"] },
      description:
        "Deprecated and ignored: ngrok handles domain traffic globally (https://ngrok.com/docs/api/resources/reserved-domains/). Accepted so that " +
        "programs that set it keep working: never sent, never a change, never a replace; the output keeps the program's value.",
      input: { api: "region", onChange: "update", unset: "computed", updatable: false },
      deprecated: "region selection for reserved domains is deprecated in the ngrok API, which handles domain traffic globally: remove it (removing it changes nothing).",
      // The service answers "" whatever was sent: keep what the program set.
      fromApi: (api, prior) => (typeof api.region === "string" && api.region !== "" ? api.region : prior.region),
    },
    description: description("What the domain is for."),
    metadata: metadata(),
    resolvesTo: {
      type: { kind: "array", items: resolvesToEntry },
      description:
        "The points of presence (or regions) that alone serve the domain's HTTP endpoints, and its dedicated IPs " +
        "([region pinning](https://ngrok.com/docs/domains/region-pinning/)). Changed in place; absent or empty: every point of presence.",
      input: { api: "resolves_to", onChange: "update", unset: "clear" },
      // The service answers an empty list for a domain that is not pinned: unset, unless the
      // program itself gave the empty list (stacks that never set it keep no such output).
      fromApi: (api, prior) => {
        const list = Array.isArray(api.resolves_to) ? (api.resolves_to as unknown[]) : [];
        if (list.length === 0) return Array.isArray(prior.resolvesTo) && prior.resolvesTo.length === 0 ? [] : undefined;
        return list.map((entry) => ({ value: (entry as { value?: unknown } | null)?.value }));
      },
    },
    certificateId: {
      type: { kind: "string", idPrefix: "cert" },
      description:
        "The id of a user-uploaded TLS certificate to serve. Mutually exclusive with `certificateManagementPolicy`.",
      input: { api: "certificate_id", onChange: "update", unset: "clear" },
      // Reported as the `certificate` reference; echoed only for programs that set it, since an
      // automatically issued certificate also appears there.
      fromApi: (api, prior) => {
        if (prior.certificateId === undefined || prior.certificateId === null) return undefined;
        const cert = api.certificate as { id?: unknown } | null | undefined;
        return typeof cert?.id === "string" ? cert.id : undefined;
      },
    },
    certificateManagementPolicy: {
      type: certPolicyType("CertificateManagementPolicy", "ecdsa"),
      description:
        "Automatic certificate management. When absent, the service's choice is kept. Mutually exclusive with `certificateId`.",
      input: { api: "certificate_management_policy", onChange: "update", unset: "computed" },
    },
    cnameTarget: {
      type: { kind: "string" },
      api: "cname_target",
      description: "The DNS CNAME target for a custom hostname; absent for subdomains of the service's own domains.",
    },
    certificate: {
      type: refType,
      api: "certificate",
      description: "The TLS certificate served: the user-uploaded one or the latest automatic one.",
    },
    certificateManagementStatus: {
      type: certStatusType,
      api: "certificate_management_status",
      description: "The state of automatic certificate management; absent when it is disabled.",
    },
    acmeChallengeCnameTarget: {
      type: { kind: "string" },
      api: "acme_challenge_cname_target",
      description:
        "The CNAME target for `_acme-challenge.<domain>`, needed to issue certificates for wildcard custom domains.",
    },
    httpEndpointConfiguration: {
      type: refType,
      api: "http_endpoint_configuration",
      description: "The endpoint configuration for HTTP traffic, if any.",
    },
    httpsEndpointConfiguration: {
      type: refType,
      api: "https_endpoint_configuration",
      description: "The endpoint configuration for HTTPS traffic, if any.",
    },
    uri,
    createdAt,
  },
  rules: [
    {
      properties: ["certificateId", "certificateManagementPolicy"],
      summary: "`certificateId` and `certificateManagementPolicy` are mutually exclusive.",
      violated: (inputs) =>
        isSet(inputs.certificateId) && isSet(inputs.certificateManagementPolicy)
          ? "certificateId and certificateManagementPolicy are mutually exclusive: set one or the other"
          : undefined,
    },
  ],
  uniqueKey: "domain",
  lookupKey: ["domain"],
  example: `const domain = new ngrok.ReservedDomain("app", {
    domain: "app.example.com",
    certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "ecdsa" },
});
export const cname = domain.cnameTarget;`,
};

function isSet(v: unknown): boolean {
  return v !== undefined && v !== null && v !== "";
}
