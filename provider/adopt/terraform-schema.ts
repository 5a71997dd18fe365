/**
 * ngrok's Terraform provider (registry.terraform.io/providers/ngrok/ngrok, v0.8): every resource
 * type and data source it has, their attributes as its published documentation gives them
 * (https://github.com/ngrok/terraform-provider-ngrok/tree/v0.8.0/docs), and the kind of this
 * provider each one is. Attributes are snake_case; the Pulumi property of each is its camelCase
 * unless `pulumi` names another, and `none` marks one this provider has no input for.
 */

/** One attribute: its type, whether the configuration must, may or cannot set it, and what is below it. */
export interface TfAttribute {
  type: "string" | "bool" | "number" | "list" | "object";
  /** `required`, `optional`, or `computed` (read-only). */
  mode: "required" | "optional" | "computed";
  sensitive?: boolean;
  /** A list's items: a type, or an object's attributes. */
  items?: "string" | Record<string, TfAttribute>;
  /** An object's attributes. */
  attributes?: Record<string, TfAttribute>;
  /** The Pulumi property's name where it is not the attribute's camelCase. */
  pulumi?: string;
  /** No input of this provider takes it (a read-only output of ours, or a field ngrok's API dropped). */
  none?: string;
}

export interface TfResourceType {
  /** This provider's kind (`ReservedDomain`). */
  kind: string;
  attributes: Record<string, TfAttribute>;
}

const req = (type: TfAttribute["type"] = "string", more: Partial<TfAttribute> = {}): TfAttribute => ({ type, mode: "required", ...more });
const opt = (type: TfAttribute["type"] = "string", more: Partial<TfAttribute> = {}): TfAttribute => ({ type, mode: "optional", ...more });
const out = (type: TfAttribute["type"] = "string", more: Partial<TfAttribute> = {}): TfAttribute => ({ type, mode: "computed", ...more });
const strings = (mode: TfAttribute["mode"]): TfAttribute => ({ type: "list", mode, items: "string" });
const object = (mode: TfAttribute["mode"], attributes: Record<string, TfAttribute>): TfAttribute => ({ type: "object", mode, attributes });

const common = { id: out(), uri: out(), created_at: out() };
const described = { description: opt(), metadata: opt() };
const certificatePolicy = object("optional", { authority: opt(), private_key_type: opt() });
const awsAuth = object("optional", {
  creds: object("optional", { aws_access_key_id: opt(), aws_secret_access_key: opt("string", { sensitive: true }) }),
  role: object("optional", { role_arn: opt() }),
});

/** The resource types of ngrok's Terraform provider v0.8, by type. */
export const terraformResources: Readonly<Record<string, TfResourceType>> = {
  ngrok_agent_ingress: {
    kind: "AgentIngress",
    attributes: { ...common, ...described, domain: req(), certificate_management_policy: certificatePolicy, ns_targets: strings("computed"), region_domains: strings("computed") },
  },
  ngrok_api_key: {
    kind: "ApiKey",
    attributes: { ...common, ...described, owner_id: opt(), token: out("string", { sensitive: true }) },
  },
  ngrok_certificate_authority: {
    kind: "CertificateAuthority",
    attributes: {
      ...common, ...described, ca_pem: req(), extended_key_usages: strings("computed"), key_usages: strings("computed"),
      not_after: out(), not_before: out(), subject_common_name: out(),
    },
  },
  ngrok_cloud_endpoint: {
    kind: "CloudEndpoint",
    attributes: {
      ...common, ...described, url: req(), traffic_policy: req(), bindings: strings("optional"), pooling_enabled: opt("bool"),
      domain_id: out(), region: out(), type: out(), updated_at: out(),
    },
  },
  ngrok_credential: {
    kind: "Credential",
    attributes: { ...common, ...described, acl: strings("optional"), owner_id: opt(), token: out("string", { sensitive: true }) },
  },
  ngrok_domain: {
    kind: "ReservedDomain",
    attributes: {
      ...common, ...described, domain: opt(), region: opt(), certificate_id: opt(), certificate_management_policy: certificatePolicy,
      // ngrok's API answers these as `[{value}]`, which this provider's resolvesTo takes.
      resolves_to: { ...strings("optional"), none: "resolvesTo takes objects ({ value: ... }) where Terraform writes strings" },
      acme_challenge_cname_target: out(), cname_target: out(),
    },
  },
  ngrok_event_destination: {
    kind: "EventDestination",
    attributes: {
      ...common, ...described, format: opt(),
      target: object("optional", {
        azure_logs_ingestion: object("optional", {
          client_id: opt(), client_secret: opt("string", { sensitive: true }), data_collection_rule_id: opt(),
          data_collection_stream_name: opt(), logs_ingestion_uri: opt(), tenant_id: opt(),
        }),
        cloudwatch_logs: object("optional", { log_group_arn: opt(), auth: awsAuth }),
        datadog: object("optional", { api_key: opt("string", { sensitive: true }), ddsite: opt(), ddtags: opt(), service: opt() }),
        firehose: object("optional", { delivery_stream_arn: opt(), auth: awsAuth }),
        kinesis: object("optional", { stream_arn: opt(), auth: awsAuth }),
      }),
    },
  },
  ngrok_event_subscription: {
    kind: "EventSubscription",
    attributes: {
      ...common, ...described, destination_ids: strings("optional"),
      sources: { type: "list", mode: "required", items: { type: req(), fields: { ...strings("optional"), none: "ngrok's API no longer takes fields" }, uri: out() } },
    },
  },
  ngrok_ip_policy: { kind: "IpPolicy", attributes: { ...common, ...described } },
  ngrok_ip_policy_rule: { kind: "IpPolicyRule", attributes: { ...common, ...described, action: req(), cidr: req(), ip_policy_id: req() } },
  ngrok_ip_restriction: {
    kind: "IpRestriction",
    attributes: { ...common, ...described, ip_policy_ids: strings("required"), type: req(), enforced: opt("bool") },
  },
  ngrok_secret: {
    kind: "VaultSecret",
    attributes: {
      ...common, ...described, name: req(), value: req("string", { sensitive: true }), vault_id: req(),
      vault_name: opt("string", { none: "vaultName is an output: vaultId names the vault" }),
      created_by_id: out(), last_updated_by_id: out(), updated_at: out(),
    },
  },
  ngrok_service_user: { kind: "ServiceUser", attributes: { ...common, name: req(), active: opt("bool") } },
  ngrok_ssh_certificate_authority: {
    kind: "SshCertificateAuthority",
    attributes: { ...common, ...described, elliptic_curve: opt(), key_size: opt("number"), private_key_type: opt(), key_type: out(), public_key: out() },
  },
  ngrok_ssh_credential: {
    kind: "SshCredential",
    attributes: { ...common, ...described, public_key: req(), acl: strings("optional"), owner_id: opt() },
  },
  ngrok_tcp_address: { kind: "TcpAddress", attributes: { ...common, ...described, region: opt(), addr: out() } },
  ngrok_tls_certificate: {
    kind: "TlsCertificate",
    attributes: {
      ...common, ...described, certificate_pem: req(), private_key_pem: req("string", { sensitive: true }),
      extended_key_usages: strings("computed"), issued_at: out(), issuer_common_name: out(), key_usages: strings("computed"),
      not_after: out(), not_before: out(), private_key_type: out(), serial_number: out(),
      subject_alternative_names: object("computed", { dns_names: strings("computed"), ips: strings("computed") }),
      subject_common_name: out(), subject_country: out(), subject_locality: out(), subject_organization: out(),
      subject_organizational_unit: out(), subject_province: out(),
    },
  },
  ngrok_vault: {
    kind: "Vault",
    attributes: { ...common, ...described, name: req(), created_by: out(), last_updated_by: out(), updated_at: out() },
  },
};

/**
 * The data sources of ngrok's Terraform provider v0.8: the lookup function each one is, or none
 * (what a lookup by id cannot answer: agents' sessions, users of applications, operators).
 */
export const terraformDataSources: Readonly<Record<string, string | undefined>> = {
  ngrok_agent_ingress: "getAgentIngress",
  ngrok_api_key: "getApiKey",
  ngrok_application_session: undefined,
  ngrok_application_user: undefined,
  ngrok_certificate_authority: "getCertificateAuthority",
  ngrok_cloud_endpoint: "getCloudEndpoint",
  ngrok_credential: "getCredential",
  ngrok_domain: "getReservedDomain",
  ngrok_event_destination: "getEventDestination",
  ngrok_event_subscription: "getEventSubscription",
  ngrok_ip_policy: "getIpPolicy",
  ngrok_ip_policy_rule: "getIpPolicyRule",
  ngrok_ip_restriction: "getIpRestriction",
  ngrok_kubernetes_operator: undefined,
  ngrok_secret: "getVaultSecret",
  ngrok_service_user: "getServiceUser",
  ngrok_ssh_certificate_authority: "getSshCertificateAuthority",
  ngrok_ssh_credential: "getSshCredential",
  ngrok_tcp_address: "getTcpAddress",
  ngrok_tls_certificate: "getTlsCertificate",
  ngrok_tunnel_session: undefined,
  ngrok_vault: "getVault",
};

/** The provider block's settings: `api_key` and `api_base_url`, this provider's `apiKey` and `apiBaseUrl`. */
export const terraformProviderConfig: Readonly<Record<string, TfAttribute>> = {
  api_key: opt("string", { sensitive: true }),
  api_base_url: opt(),
};

/** snake_case to camelCase, as Pulumi's bridge names properties. */
export function camel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
