// Generated from provider/definitions by `make generate`. Do not edit.
import type * as pulumi from "@pulumi/pulumi";

export namespace inputs {
  /** How certificates are issued automatically. */
  export interface AgentIngressCertificateManagementPolicy {
    /** The certificate authority; the only supported value (and the default) is `letsencrypt`. */
    authority?: pulumi.Input<"letsencrypt">;
    /** The private key type: `rsa` or `ecdsa` (default `rsa`). */
    privateKeyType?: pulumi.Input<"rsa" | "ecdsa">;
  }

  /** Which models (e.g. `openai:openai/gpt-4o`) are allowed. */
  export interface AiAccessModels {
    /** The allowed models (e.g. `openai:openai/gpt-4o`), exact strings. Absent: no restriction; an empty list allows none. */
    allow?: pulumi.Input<pulumi.Input<string>[]>;
  }

  /** Which providers (catalog providerIds, custom providerIds or `aigp_` ids) are allowed. */
  export interface AiAccessProviders {
    /** The allowed providers (catalog providerIds, custom providerIds or `aigp_` ids), exact strings. Absent: no restriction; an empty list allows none. */
    allow?: pulumi.Input<pulumi.Input<string>[]>;
  }

  /** Which providers and models an access key may reach; each dimension is optional. */
  export interface AiAccessScope {
    /** The provider scope. */
    providers?: pulumi.Input<inputs.AiAccessProviders>;
    /** The model scope. */
    models?: pulumi.Input<inputs.AiAccessModels>;
  }

  /** A model a custom provider exposes. */
  export interface AiProviderModel {
    /** The model's identifier, e.g. `llama-3`. */
    modelId: pulumi.Input<string>;
  }

  /** How requests are routed; absent: built-in providers get ngrok.ai inference, custom providers fail until a rule with keys exists. */
  export interface AiRouter {
    /** The routing rules. */
    rules?: pulumi.Input<pulumi.Input<inputs.AiRouterRule>[]>;
  }

  /** A routing rule, for a provider, a model, or both (a model's rule wins over its provider's). */
  export interface AiRouterRule {
    /** The provider the rule is for; at most one provider rule per upstream. */
    provider?: pulumi.Input<string>;
    /** The provider-qualified model the rule is for, e.g. `openai:openai/gpt-5.5`. */
    model?: pulumi.Input<string>;
    /** The fallback chain, run in order; at least one step. */
    steps: pulumi.Input<pulumi.Input<inputs.AiRouterStep>[]>;
  }

  /** A step of a rule's fallback chain: ngrok.ai inference, or the account's provider keys, tried in order. */
  export interface AiRouterStep {
    /** `user`: the provider keys in `keys`; `ngrok`: ngrok.ai inference (built-in OpenAI and Anthropic only). */
    type: pulumi.Input<"user" | "ngrok">;
    /** The provider keys a `user` step tries, in order (required for `user` steps). */
    keys?: pulumi.Input<pulumi.Input<inputs.AiRouterStepKey>[]>;
    /** How keys are chosen: `ordered` (the default and only value) tries them in list order. */
    keySelectionStrategy?: pulumi.Input<"ordered">;
  }

  /** A provider key of the step, by its id. */
  export interface AiRouterStepKey {
    /** An `AiProviderKey`'s id (`aigpk_...`). */
    id: pulumi.Input<string>;
  }

  /** An API surface a custom provider serves: a format (`openai`, `anthropic`) and a surface within it (`chat-completions`, `responses`, `messages`). */
  export interface AiSupportedApiSurface {
    /** The API format the surface conforms to, e.g. `openai`. */
    format: pulumi.Input<string>;
    /** The surface within the format, e.g. `chat-completions`. */
    surface?: pulumi.Input<string>;
    /** The top-level request body parameters the surface supports. */
    supportedParams?: pulumi.Input<pulumi.Input<inputs.AiSupportedApiSurfaceParam>[]>;
  }

  /** A top-level request body parameter the surface supports. */
  export interface AiSupportedApiSurfaceParam {
    /** The parameter's name. */
    name: pulumi.Input<string>;
  }

  /** One upstream attempt through the AI Gateway. */
  export interface AiUsageEvent {
    /** The attempt's id. */
    id?: pulumi.Input<string>;
    /** When the attempt completed (RFC 3339). */
    eventTime?: pulumi.Input<string>;
    /** The client request the attempt belongs to. */
    requestId?: pulumi.Input<string>;
    /** The access key that made the request. */
    accessKeyId?: pulumi.Input<string>;
    /** The provider, e.g. `openai`. */
    provider?: pulumi.Input<string>;
    /** The provider's name. */
    providerDisplayName?: pulumi.Input<string>;
    /** The model, e.g. `gpt-4o-mini`. */
    model?: pulumi.Input<string>;
    /** The model's name. */
    modelDisplayName?: pulumi.Input<string>;
    /** The attempt's place in the retry chain, from 1. */
    attemptNumber?: pulumi.Input<number>;
    /** Whether it was the request's last attempt. */
    isFinalAttempt?: pulumi.Input<boolean>;
    /** The upstream's HTTP status. */
    statusCode?: pulumi.Input<number>;
    /** Whether the attempt timed out. */
    timedOut?: pulumi.Input<boolean>;
    /** Whether the attempt failed (timed out or 4xx/5xx). */
    isError?: pulumi.Input<boolean>;
    /** Whether the answer was streamed. */
    isStreaming?: pulumi.Input<boolean>;
    /** The provider's finish reason. */
    stopReason?: pulumi.Input<string>;
    /** Input tokens the provider reported. */
    inputTokens?: pulumi.Input<number>;
    /** Output tokens the provider reported. */
    outputTokens?: pulumi.Input<number>;
    /** Tokens read from the provider's cache. */
    cacheReadTokens?: pulumi.Input<number>;
    /** Reasoning tokens the provider reported. */
    reasoningTokens?: pulumi.Input<number>;
    /** The cost in US dollars, a decimal string. */
    totalCost?: pulumi.Input<string>;
    /** `ngrok` for ngrok.ai inference, `user` for the account's provider keys. */
    keySource?: pulumi.Input<string>;
    /** The provider key used, when `keySource` is `user`. */
    providerKeyId?: pulumi.Input<string>;
    /** That key's redacted form. */
    providerKeyDisplayName?: pulumi.Input<string>;
  }

  /** One day's usage of one provider or access key. */
  export interface AiUsageOverviewBucket {
    /** The UTC day's start (RFC 3339). */
    bucketStart?: pulumi.Input<string>;
    /** The provider or access key id, as `groupBy` says. */
    groupKey?: pulumi.Input<string>;
    /** The cost in US dollars, a decimal string. */
    cost?: pulumi.Input<string>;
    /** Requests (final attempts). */
    requests?: pulumi.Input<number>;
    /** Failed requests (final attempts). */
    errors?: pulumi.Input<number>;
  }

  /** The window's totals. */
  export interface AiUsageOverviewTotals {
    /** The cost in US dollars, a decimal string. */
    cost?: pulumi.Input<string>;
    /** Requests (final attempts). */
    requests?: pulumi.Input<number>;
    /** Failed requests (final attempts). */
    errors?: pulumi.Input<number>;
  }

  /** An application user's signed-in session on one endpoint. */
  export interface ApplicationSession {
    /** The session's id: `actions.ngrok.oauth.identity.current_provider_session_id` (or `oidc`) in a Traffic Policy. */
    id?: pulumi.Input<string>;
    /** The session's address in the API. */
    uri?: pulumi.Input<string>;
    /** The URL of the endpoint signed in to. */
    publicUrl?: pulumi.Input<string>;
    /** The browser, address and location it came from. */
    browserSession?: pulumi.Input<inputs.BrowserSession>;
    /** The application user it belongs to. */
    applicationUser?: pulumi.Input<inputs.Ref>;
    /** When the session began (RFC 3339). */
    createdAt?: pulumi.Input<string>;
    /** When it was last active (RFC 3339). */
    lastActive?: pulumi.Input<string>;
    /** When it ends (RFC 3339). */
    expiresAt?: pulumi.Input<string>;
    /** The endpoint signed in to. */
    endpoint?: pulumi.Input<inputs.Ref>;
  }

  /** A person who signed in to one of the account's endpoints through its oauth or openid-connect action. */
  export interface ApplicationUser {
    /** The application user's id: `actions.ngrok.oauth.identity.id` (or `oidc`) in a Traffic Policy. */
    id?: pulumi.Input<string>;
    /** The user's address in the API. */
    uri?: pulumi.Input<string>;
    /** The identity provider the user signed in with. */
    identityProvider?: pulumi.Input<inputs.IdentityProvider>;
    /** The user's id at the identity provider. */
    providerUserId?: pulumi.Input<string>;
    /** The user's username. */
    username?: pulumi.Input<string>;
    /** The user's email address. */
    email?: pulumi.Input<string>;
    /** The user's name. */
    name?: pulumi.Input<string>;
    /** When the user first signed in (RFC 3339). */
    createdAt?: pulumi.Input<string>;
    /** When the user was last active (RFC 3339). */
    lastActive?: pulumi.Input<string>;
    /** When the user last signed in (RFC 3339). */
    lastLogin?: pulumi.Input<string>;
  }

  /** How ngrok authenticates to your AWS account: exactly one of `role` and `creds`. */
  export interface AwsAuth {
    /** A role ngrok assumes on your behalf. */
    role?: pulumi.Input<inputs.AwsRole>;
    /** A long-term access key ngrok signs in with. */
    creds?: pulumi.Input<inputs.AwsCredentials>;
  }

  /** A long-term AWS access key. */
  export interface AwsCredentials {
    /** The id part of the access key. */
    awsAccessKeyId: pulumi.Input<string>;
    /** The secret part of the access key. Secret: the API never returns it, the provider keeps it in state, encrypted. */
    awsSecretAccessKey?: pulumi.Input<string>;
  }

  /** A role ngrok assumes to deliver events. */
  export interface AwsRole {
    /** The ARN of the role ngrok assumes. */
    roleArn: pulumi.Input<string>;
  }

  /** An endpoint bound to a Kubernetes cluster. */
  export interface BoundEndpoint {
    /** The endpoint's id (`ep_...`). */
    id?: pulumi.Input<string>;
    /** The endpoint's address in the API. */
    uri?: pulumi.Input<string>;
    /** The endpoint's URL. */
    url?: pulumi.Input<string>;
    /** What serves it: `cloud` or `agent`. */
    type?: pulumi.Input<string>;
    /** Where it is reachable (`kubernetes`). */
    bindings?: pulumi.Input<pulumi.Input<string>[]>;
    /** Whether other endpoints share its URL. */
    poolingEnabled?: pulumi.Input<boolean>;
    /** What the endpoint is for. */
    description?: pulumi.Input<string>;
    /** User-defined data. */
    metadata?: pulumi.Input<string>;
    /** When it was created (RFC 3339). */
    createdAt?: pulumi.Input<string>;
  }

  /** The browser session behind an application session. */
  export interface BrowserSession {
    /** The browser. */
    userAgent?: pulumi.Input<inputs.UserAgent>;
    /** The IP address it came from. */
    ipAddress?: pulumi.Input<string>;
    /** Where that address is. */
    location?: pulumi.Input<inputs.Location>;
  }

  /** How certificates are issued automatically. */
  export interface CertificateManagementPolicy {
    /** The certificate authority; the only supported value (and the default) is `letsencrypt`. */
    authority?: pulumi.Input<"letsencrypt">;
    /** The private key type: `rsa` or `ecdsa` (default `ecdsa`). */
    privateKeyType?: pulumi.Input<"rsa" | "ecdsa">;
  }

  /** The state of automatic certificate management. */
  export interface CertificateManagementStatus {
    /** When the next renewal is requested (RFC 3339). */
    renewsAt?: pulumi.Input<string>;
    /** The job provisioning or renewing the certificate; absent when none runs. */
    provisioningJob?: pulumi.Input<inputs.CertificateProvisioningJob>;
  }

  /** A certificate provisioning or renewal job in progress. */
  export interface CertificateProvisioningJob {
    /** Present only when provisioning is failing: INTERNAL_ERROR is temporary, DNS_ERROR is permanent and must be corrected by the user. */
    errorCode?: pulumi.Input<string>;
    /** The job's current status or error message. */
    msg?: pulumi.Input<string>;
    /** When the job started (RFC 3339). */
    startedAt?: pulumi.Input<string>;
    /** When the job will be retried (RFC 3339). */
    retriesAt?: pulumi.Input<string>;
  }

  /** An active endpoint: a hostport served by an agent's tunnel or by an edge. */
  export interface Endpoint {
    /** The endpoint's id (`ep_...`). */
    id?: pulumi.Input<string>;
    /** The endpoint's address in the API. */
    uri?: pulumi.Input<string>;
    /** The region the endpoint belongs to. */
    region?: pulumi.Input<string>;
    /** When the endpoint was created (RFC 3339). */
    createdAt?: pulumi.Input<string>;
    /** When the endpoint was last updated (RFC 3339). */
    updatedAt?: pulumi.Input<string>;
    /** The URL of the hostport served. */
    publicUrl?: pulumi.Input<string>;
    /** The protocol served. */
    proto?: pulumi.Input<"http" | "https" | "tcp" | "tls">;
    /** `hostname:port`. */
    hostport?: pulumi.Input<string>;
    /** What serves it: an agent-initiated tunnel (`ephemeral`) or an edge (`edge`). */
    type?: pulumi.Input<"ephemeral" | "edge">;
    /** The metadata of the tunnel or edge behind the endpoint. */
    metadata?: pulumi.Input<string>;
    /** The reserved domain of the endpoint. */
    domain?: pulumi.Input<inputs.Ref>;
    /** The reserved TCP address of the endpoint. */
    tcpAddr?: pulumi.Input<inputs.Ref>;
    /** The tunnel serving an ephemeral endpoint. */
    tunnel?: pulumi.Input<inputs.Ref>;
    /** The edge serving an edge endpoint. */
    edge?: pulumi.Input<inputs.Ref>;
  }

  /** An event type that triggers the subscription. */
  export interface EventSubscriptionSource {
    /** The event type, `<resource>_<action>.v0`, such as `ip_policy_created.v0`. */
    type: pulumi.Input<string>;
  }

  /** Where an event destination sends events: exactly one of its fields. */
  export interface EventTarget {
    /** Amazon Kinesis Data Firehose. */
    firehose?: pulumi.Input<inputs.EventTargetFirehose>;
    /** Amazon Kinesis. */
    kinesis?: pulumi.Input<inputs.EventTargetKinesis>;
    /** Amazon CloudWatch Logs. */
    cloudwatchLogs?: pulumi.Input<inputs.EventTargetCloudwatchLogs>;
    /** Datadog. */
    datadog?: pulumi.Input<inputs.EventTargetDatadog>;
    /** Azure Monitor Logs Ingestion. */
    azureLogsIngestion?: pulumi.Input<inputs.EventTargetAzureLogsIngestion>;
    /** For trying subscriptions out (the service logs the events or sends them to a URL). */
    debug?: pulumi.Input<inputs.EventTargetDebug>;
  }

  /** Sends events to Azure Monitor through the Logs Ingestion API. */
  export interface EventTargetAzureLogsIngestion {
    /** The Azure tenant id. */
    tenantId: pulumi.Input<string>;
    /** The application (client) id ngrok signs in as. */
    clientId: pulumi.Input<string>;
    /** The application's client secret. Secret: the API never returns it, the provider keeps it in state, encrypted. */
    clientSecret: pulumi.Input<string>;
    /** The data collection endpoint's logs ingestion URI. */
    logsIngestionUri: pulumi.Input<string>;
    /** The data collection rule's immutable id. */
    dataCollectionRuleId: pulumi.Input<string>;
    /** The data collection stream receiving the events. */
    dataCollectionStreamName: pulumi.Input<string>;
  }

  /** Sends events to Amazon CloudWatch Logs. */
  export interface EventTargetCloudwatchLogs {
    /** How ngrok authenticates to AWS. */
    auth: pulumi.Input<inputs.AwsAuth>;
    /** The ARN of the CloudWatch Logs group receiving the events. */
    logGroupArn: pulumi.Input<string>;
  }

  /** Sends events to Datadog. */
  export interface EventTargetDatadog {
    /** The Datadog API key. Secret: the API never returns it, the provider keeps it in state, encrypted. */
    apiKey?: pulumi.Input<string>;
    /** Tags sent with each event. */
    ddtags?: pulumi.Input<string>;
    /** The service name sent with each event. */
    service?: pulumi.Input<string>;
    /** The Datadog site, such as `datadoghq.com` or `datadoghq.eu`. */
    ddsite?: pulumi.Input<string>;
  }

  /** A target for trying subscriptions out: events are logged by the service or sent to a URL. */
  export interface EventTargetDebug {
    /** Whether the service logs the events. */
    log?: pulumi.Input<boolean>;
    /** A URL the events are sent to. */
    callbackUrl?: pulumi.Input<string>;
  }

  /** Sends events to Amazon Kinesis Data Firehose. */
  export interface EventTargetFirehose {
    /** How ngrok authenticates to AWS. */
    auth: pulumi.Input<inputs.AwsAuth>;
    /** The ARN of the Firehose delivery stream receiving the events. */
    deliveryStreamArn: pulumi.Input<string>;
  }

  /** Sends events to Amazon Kinesis. */
  export interface EventTargetKinesis {
    /** How ngrok authenticates to AWS. */
    auth: pulumi.Input<inputs.AwsAuth>;
    /** The ARN of the Kinesis stream receiving the events. */
    streamArn: pulumi.Input<string>;
  }

  /** The identity provider a user signed in with. */
  export interface IdentityProvider {
    /** Its name (`google`, or an OpenID Connect issuer's host). */
    name?: pulumi.Input<string>;
    /** Its address. */
    url?: pulumi.Input<string>;
  }

  /** One IPv4 or IPv6 range of the policy, allowed or denied. */
  export interface IpPolicyInlineRule {
    /** The range, in CIDR notation with its mask (`203.0.113.0/24`, `2001:db8::/32`). Checked at preview. */
    cidr: pulumi.Input<string>;
    /** Whether traffic from the range is allowed or denied. A new action deletes the rule and creates it anew. */
    action: pulumi.Input<"allow" | "deny">;
    /** Whose addresses these are, e.g. `sf office`. */
    description?: pulumi.Input<string>;
    /** Arbitrary data of the rule. */
    metadata?: pulumi.Input<string>;
    /** The rule's id (`ipr_...`), set by the service: an output. */
    id?: pulumi.Input<string>;
  }

  /** Values a JWT claim may take. */
  export interface JwtAllowList {
    /** The allowed values. */
    allowList?: pulumi.Input<pulumi.Input<inputs.JwtAllowListEntry>[]>;
  }

  /** One allowed value. */
  export interface JwtAllowListEntry {
    /** The value. */
    value: pulumi.Input<string>;
  }

  /** Where JWTs are found in requests. */
  export interface JwtHttp {
    /** The tokens to validate. */
    tokens?: pulumi.Input<pulumi.Input<inputs.JwtToken>[]>;
  }

  /** How JWT signatures are verified. */
  export interface JwtJws {
    /** The signing algorithms accepted, such as `RS256`. */
    allowedAlgorithms?: pulumi.Input<pulumi.Input<"HS256" | "HS384" | "HS512" | "RS256" | "RS384" | "RS512" | "ES256" | "ES384" | "ES512" | "PS256" | "PS384" | "PS512" | "EdDSA">[]>;
    /** Where the signing keys come from. */
    keys?: pulumi.Input<inputs.JwtJwsKeys>;
  }

  /** Where the signing keys come from. */
  export interface JwtJwsKeys {
    /** The key sources. */
    sources?: pulumi.Input<inputs.JwtKeySources>;
  }

  /** The key sources. */
  export interface JwtKeySources {
    /** Absolute http(s) URLs serving signing keys in JWKS format. */
    additionalJkus?: pulumi.Input<pulumi.Input<string>[]>;
  }

  /** A token to validate and where to find it. */
  export interface JwtToken {
    /** How to parse it: `jwt`, `at+jwt` (access token) or `it+jwt` (ID token). */
    type: pulumi.Input<"jwt" | "at+jwt" | "it+jwt">;
    /** Where it is: `header` or `body`. */
    method: pulumi.Input<"header" | "body">;
    /** The name of the header or body field. */
    name: pulumi.Input<string>;
    /** A prefix stripped before parsing, such as `Bearer `. */
    prefix?: pulumi.Input<string>;
  }

  /** A Kubernetes operator registered with the account. */
  export interface KubernetesOperator {
    /** The operator's id (`k8sop_...`). */
    id?: pulumi.Input<string>;
    /** The operator's address in the API. */
    uri?: pulumi.Input<string>;
    /** When the operator registered (RFC 3339). */
    createdAt?: pulumi.Input<string>;
    /** When its record last changed (RFC 3339). */
    updatedAt?: pulumi.Input<string>;
    /** What the operator is for. */
    description?: pulumi.Input<string>;
    /** User-defined data. */
    metadata?: pulumi.Input<string>;
    /** Who registered it (a user or a service user). */
    principal?: pulumi.Input<inputs.Ref>;
    /** Its features: `bindings`, `ingress`, `gateway`. */
    enabledFeatures?: pulumi.Input<pulumi.Input<"bindings" | "ingress" | "gateway">[]>;
    /** The region its ingress is served in (`global` by default). */
    region?: pulumi.Input<string>;
    /** Where it runs. */
    deployment?: pulumi.Input<inputs.KubernetesOperatorDeployment>;
    /** Its Bindings feature, when enabled. */
    binding?: pulumi.Input<inputs.KubernetesOperatorBinding>;
  }

  /** The operator's Bindings feature: which Kubernetes-bound endpoints it projects into its cluster. */
  export interface KubernetesOperatorBinding {
    /** CEL expressions that select the Kubernetes-bound endpoints it projects. */
    endpointSelectors?: pulumi.Input<pulumi.Input<string>[]>;
    /** The operator's public ingress endpoint. */
    ingressEndpoint?: pulumi.Input<string>;
  }

  /** Where an operator runs. */
  export interface KubernetesOperatorDeployment {
    /** The deployment's name. */
    name?: pulumi.Input<string>;
    /** The namespace the operator is deployed to. */
    namespace?: pulumi.Input<string>;
    /** The operator's version. */
    version?: pulumi.Input<string>;
    /** The name its user gave the cluster. */
    clusterName?: pulumi.Input<string>;
  }

  /** Where a session's IP address is, by IP geolocation. */
  export interface Location {
    /** The ISO country code. */
    countryCode?: pulumi.Input<string>;
    /** Latitude. */
    latitude?: pulumi.Input<number>;
    /** Longitude. */
    longitude?: pulumi.Input<number>;
    /** How far off the coordinates may be, in km. */
    latLongRadiusKm?: pulumi.Input<number>;
  }

  /** A reference to another resource. */
  export interface Ref {
    /** The referenced resource's id. */
    id?: pulumi.Input<string>;
    /** The referenced resource's address. */
    uri?: pulumi.Input<string>;
  }

  /** Where a domain resolves: a point of presence, a region, `global`, or a dedicated IP. */
  export interface ReservedDomainResolvesTo {
    /** An ngrok point of presence (`us-cal-1`) or region (`eu`), `global`, or a dedicated IP address with an optional port (`192.0.2.1:1234`). */
    value: pulumi.Input<string>;
  }

  /** The subject alternative names of a certificate. */
  export interface TlsCertificateSubjectAlternativeNames {
    /** The domains (wildcards included) the certificate is valid for. */
    dnsNames?: pulumi.Input<pulumi.Input<string>[]>;
    /** The IP addresses the certificate is valid for. */
    ips?: pulumi.Input<pulumi.Input<string>[]>;
  }

  /** An online tunnel of an agent. */
  export interface Tunnel {
    /** The tunnel's id (`tn_...`). */
    id?: pulumi.Input<string>;
    /** The public URL of an ephemeral tunnel. */
    publicUrl?: pulumi.Input<string>;
    /** When the tunnel started (RFC 3339). */
    startedAt?: pulumi.Input<string>;
    /** The tunnel's metadata from the agent's configuration file. */
    metadata?: pulumi.Input<string>;
    /** The protocol of an ephemeral tunnel. */
    proto?: pulumi.Input<"http" | "https" | "tcp" | "tls">;
    /** The region where the tunnel runs. */
    region?: pulumi.Input<string>;
    /** The tunnel session on which the tunnel started. */
    tunnelSession?: pulumi.Input<inputs.Ref>;
    /** The ephemeral endpoint of an agent-initiated tunnel. */
    endpoint?: pulumi.Input<inputs.Ref>;
    /** The labels tunnel group backends match, for a backend tunnel. */
    labels?: pulumi.Input<{ [key: string]: pulumi.Input<string> }>;
    /** The tunnel group backends this backend tunnel serves. */
    backends?: pulumi.Input<pulumi.Input<inputs.Ref>[]>;
    /** The upstream address the agent forwards to: a URL or a network address. */
    forwardsTo?: pulumi.Input<string>;
  }

  /** An online agent connection (tunnel session). */
  export interface TunnelSession {
    /** The tunnel session's id (`ts_...`). */
    id?: pulumi.Input<string>;
    /** The tunnel session's address in the API. */
    uri?: pulumi.Input<string>;
    /** The version of the agent that started the session. */
    agentVersion?: pulumi.Input<string>;
    /** The tunnel credential or SSH credential the agent authenticated with. */
    credential?: pulumi.Input<inputs.Ref>;
    /** The source IP address of the session. */
    ip?: pulumi.Input<string>;
    /** User-defined data from the agent's configuration file. */
    metadata?: pulumi.Input<string>;
    /** The operating system of the agent's host. */
    os?: pulumi.Input<string>;
    /** The region in which the session started. */
    region?: pulumi.Input<string>;
    /** When the session first connected (RFC 3339). */
    startedAt?: pulumi.Input<string>;
    /** The transport protocol: `ngrok/2` or `ssh`. */
    transport?: pulumi.Input<string>;
  }

  /** The browser a session came from, by its `User-Agent` header. */
  export interface UserAgent {
    /** The `User-Agent` header as sent. */
    raw?: pulumi.Input<string>;
    /** The browser's name (`Chrome`). */
    browserName?: pulumi.Input<string>;
    /** The browser's version. */
    browserVersion?: pulumi.Input<string>;
    /** The kind of device (`Desktop`). */
    deviceType?: pulumi.Input<string>;
    /** The operating system's name. */
    osName?: pulumi.Input<string>;
    /** The operating system's version. */
    osVersion?: pulumi.Input<string>;
  }
}

export namespace outputs {
  /** How certificates are issued automatically. */
  export interface AgentIngressCertificateManagementPolicy {
    /** The certificate authority; the only supported value (and the default) is `letsencrypt`. */
    authority?: "letsencrypt";
    /** The private key type: `rsa` or `ecdsa` (default `rsa`). */
    privateKeyType?: "rsa" | "ecdsa";
  }

  /** Which models (e.g. `openai:openai/gpt-4o`) are allowed. */
  export interface AiAccessModels {
    /** The allowed models (e.g. `openai:openai/gpt-4o`), exact strings. Absent: no restriction; an empty list allows none. */
    allow?: string[];
  }

  /** Which providers (catalog providerIds, custom providerIds or `aigp_` ids) are allowed. */
  export interface AiAccessProviders {
    /** The allowed providers (catalog providerIds, custom providerIds or `aigp_` ids), exact strings. Absent: no restriction; an empty list allows none. */
    allow?: string[];
  }

  /** Which providers and models an access key may reach; each dimension is optional. */
  export interface AiAccessScope {
    /** The provider scope. */
    providers?: outputs.AiAccessProviders;
    /** The model scope. */
    models?: outputs.AiAccessModels;
  }

  /** A model a custom provider exposes. */
  export interface AiProviderModel {
    /** The model's identifier, e.g. `llama-3`. */
    modelId?: string;
  }

  /** How requests are routed; absent: built-in providers get ngrok.ai inference, custom providers fail until a rule with keys exists. */
  export interface AiRouter {
    /** The routing rules. */
    rules?: outputs.AiRouterRule[];
  }

  /** A routing rule, for a provider, a model, or both (a model's rule wins over its provider's). */
  export interface AiRouterRule {
    /** The provider the rule is for; at most one provider rule per upstream. */
    provider?: string;
    /** The provider-qualified model the rule is for, e.g. `openai:openai/gpt-5.5`. */
    model?: string;
    /** The fallback chain, run in order; at least one step. */
    steps?: outputs.AiRouterStep[];
  }

  /** A step of a rule's fallback chain: ngrok.ai inference, or the account's provider keys, tried in order. */
  export interface AiRouterStep {
    /** `user`: the provider keys in `keys`; `ngrok`: ngrok.ai inference (built-in OpenAI and Anthropic only). */
    type?: "user" | "ngrok";
    /** The provider keys a `user` step tries, in order (required for `user` steps). */
    keys?: outputs.AiRouterStepKey[];
    /** How keys are chosen: `ordered` (the default and only value) tries them in list order. */
    keySelectionStrategy?: "ordered";
  }

  /** A provider key of the step, by its id. */
  export interface AiRouterStepKey {
    /** An `AiProviderKey`'s id (`aigpk_...`). */
    id?: string;
  }

  /** An API surface a custom provider serves: a format (`openai`, `anthropic`) and a surface within it (`chat-completions`, `responses`, `messages`). */
  export interface AiSupportedApiSurface {
    /** The API format the surface conforms to, e.g. `openai`. */
    format?: string;
    /** The surface within the format, e.g. `chat-completions`. */
    surface?: string;
    /** The top-level request body parameters the surface supports. */
    supportedParams?: outputs.AiSupportedApiSurfaceParam[];
  }

  /** A top-level request body parameter the surface supports. */
  export interface AiSupportedApiSurfaceParam {
    /** The parameter's name. */
    name?: string;
  }

  /** One upstream attempt through the AI Gateway. */
  export interface AiUsageEvent {
    /** The attempt's id. */
    id: string;
    /** When the attempt completed (RFC 3339). */
    eventTime: string;
    /** The client request the attempt belongs to. */
    requestId: string;
    /** The access key that made the request. */
    accessKeyId: string;
    /** The provider, e.g. `openai`. */
    provider: string;
    /** The provider's name. */
    providerDisplayName: string;
    /** The model, e.g. `gpt-4o-mini`. */
    model: string;
    /** The model's name. */
    modelDisplayName: string;
    /** The attempt's place in the retry chain, from 1. */
    attemptNumber: number;
    /** Whether it was the request's last attempt. */
    isFinalAttempt: boolean;
    /** The upstream's HTTP status. */
    statusCode: number;
    /** Whether the attempt timed out. */
    timedOut: boolean;
    /** Whether the attempt failed (timed out or 4xx/5xx). */
    isError: boolean;
    /** Whether the answer was streamed. */
    isStreaming: boolean;
    /** The provider's finish reason. */
    stopReason: string;
    /** Input tokens the provider reported. */
    inputTokens: number;
    /** Output tokens the provider reported. */
    outputTokens: number;
    /** Tokens read from the provider's cache. */
    cacheReadTokens: number;
    /** Reasoning tokens the provider reported. */
    reasoningTokens: number;
    /** The cost in US dollars, a decimal string. */
    totalCost: string;
    /** `ngrok` for ngrok.ai inference, `user` for the account's provider keys. */
    keySource: string;
    /** The provider key used, when `keySource` is `user`. */
    providerKeyId?: string;
    /** That key's redacted form. */
    providerKeyDisplayName?: string;
  }

  /** One day's usage of one provider or access key. */
  export interface AiUsageOverviewBucket {
    /** The UTC day's start (RFC 3339). */
    bucketStart: string;
    /** The provider or access key id, as `groupBy` says. */
    groupKey: string;
    /** The cost in US dollars, a decimal string. */
    cost: string;
    /** Requests (final attempts). */
    requests: number;
    /** Failed requests (final attempts). */
    errors: number;
  }

  /** The window's totals. */
  export interface AiUsageOverviewTotals {
    /** The cost in US dollars, a decimal string. */
    cost: string;
    /** Requests (final attempts). */
    requests: number;
    /** Failed requests (final attempts). */
    errors: number;
  }

  /** An application user's signed-in session on one endpoint. */
  export interface ApplicationSession {
    /** The session's id: `actions.ngrok.oauth.identity.current_provider_session_id` (or `oidc`) in a Traffic Policy. */
    id: string;
    /** The session's address in the API. */
    uri: string;
    /** The URL of the endpoint signed in to. */
    publicUrl?: string;
    /** The browser, address and location it came from. */
    browserSession?: outputs.BrowserSession;
    /** The application user it belongs to. */
    applicationUser?: outputs.Ref;
    /** When the session began (RFC 3339). */
    createdAt?: string;
    /** When it was last active (RFC 3339). */
    lastActive?: string;
    /** When it ends (RFC 3339). */
    expiresAt?: string;
    /** The endpoint signed in to. */
    endpoint?: outputs.Ref;
  }

  /** A person who signed in to one of the account's endpoints through its oauth or openid-connect action. */
  export interface ApplicationUser {
    /** The application user's id: `actions.ngrok.oauth.identity.id` (or `oidc`) in a Traffic Policy. */
    id: string;
    /** The user's address in the API. */
    uri: string;
    /** The identity provider the user signed in with. */
    identityProvider?: outputs.IdentityProvider;
    /** The user's id at the identity provider. */
    providerUserId?: string;
    /** The user's username. */
    username?: string;
    /** The user's email address. */
    email?: string;
    /** The user's name. */
    name?: string;
    /** When the user first signed in (RFC 3339). */
    createdAt?: string;
    /** When the user was last active (RFC 3339). */
    lastActive?: string;
    /** When the user last signed in (RFC 3339). */
    lastLogin?: string;
  }

  /** How ngrok authenticates to your AWS account: exactly one of `role` and `creds`. */
  export interface AwsAuth {
    /** A role ngrok assumes on your behalf. */
    role?: outputs.AwsRole;
    /** A long-term access key ngrok signs in with. */
    creds?: outputs.AwsCredentials;
  }

  /** A long-term AWS access key. */
  export interface AwsCredentials {
    /** The id part of the access key. */
    awsAccessKeyId?: string;
    /** The secret part of the access key. Secret: the API never returns it, the provider keeps it in state, encrypted. */
    awsSecretAccessKey?: string;
  }

  /** A role ngrok assumes to deliver events. */
  export interface AwsRole {
    /** The ARN of the role ngrok assumes. */
    roleArn?: string;
  }

  /** An endpoint bound to a Kubernetes cluster. */
  export interface BoundEndpoint {
    /** The endpoint's id (`ep_...`). */
    id: string;
    /** The endpoint's address in the API. */
    uri: string;
    /** The endpoint's URL. */
    url: string;
    /** What serves it: `cloud` or `agent`. */
    type: string;
    /** Where it is reachable (`kubernetes`). */
    bindings?: string[];
    /** Whether other endpoints share its URL. */
    poolingEnabled?: boolean;
    /** What the endpoint is for. */
    description?: string;
    /** User-defined data. */
    metadata?: string;
    /** When it was created (RFC 3339). */
    createdAt?: string;
  }

  /** The browser session behind an application session. */
  export interface BrowserSession {
    /** The browser. */
    userAgent?: outputs.UserAgent;
    /** The IP address it came from. */
    ipAddress?: string;
    /** Where that address is. */
    location?: outputs.Location;
  }

  /** How certificates are issued automatically. */
  export interface CertificateManagementPolicy {
    /** The certificate authority; the only supported value (and the default) is `letsencrypt`. */
    authority?: "letsencrypt";
    /** The private key type: `rsa` or `ecdsa` (default `ecdsa`). */
    privateKeyType?: "rsa" | "ecdsa";
  }

  /** The state of automatic certificate management. */
  export interface CertificateManagementStatus {
    /** When the next renewal is requested (RFC 3339). */
    renewsAt?: string;
    /** The job provisioning or renewing the certificate; absent when none runs. */
    provisioningJob?: outputs.CertificateProvisioningJob;
  }

  /** A certificate provisioning or renewal job in progress. */
  export interface CertificateProvisioningJob {
    /** Present only when provisioning is failing: INTERNAL_ERROR is temporary, DNS_ERROR is permanent and must be corrected by the user. */
    errorCode?: string;
    /** The job's current status or error message. */
    msg?: string;
    /** When the job started (RFC 3339). */
    startedAt?: string;
    /** When the job will be retried (RFC 3339). */
    retriesAt?: string;
  }

  /** An active endpoint: a hostport served by an agent's tunnel or by an edge. */
  export interface Endpoint {
    /** The endpoint's id (`ep_...`). */
    id: string;
    /** The endpoint's address in the API. */
    uri: string;
    /** The region the endpoint belongs to. */
    region?: string;
    /** When the endpoint was created (RFC 3339). */
    createdAt?: string;
    /** When the endpoint was last updated (RFC 3339). */
    updatedAt?: string;
    /** The URL of the hostport served. */
    publicUrl: string;
    /** The protocol served. */
    proto: "http" | "https" | "tcp" | "tls";
    /** `hostname:port`. */
    hostport: string;
    /** What serves it: an agent-initiated tunnel (`ephemeral`) or an edge (`edge`). */
    type: "ephemeral" | "edge";
    /** The metadata of the tunnel or edge behind the endpoint. */
    metadata?: string;
    /** The reserved domain of the endpoint. */
    domain?: outputs.Ref;
    /** The reserved TCP address of the endpoint. */
    tcpAddr?: outputs.Ref;
    /** The tunnel serving an ephemeral endpoint. */
    tunnel?: outputs.Ref;
    /** The edge serving an edge endpoint. */
    edge?: outputs.Ref;
  }

  /** An event type that triggers the subscription. */
  export interface EventSubscriptionSource {
    /** The event type, `<resource>_<action>.v0`, such as `ip_policy_created.v0`. */
    type?: string;
  }

  /** Where an event destination sends events: exactly one of its fields. */
  export interface EventTarget {
    /** Amazon Kinesis Data Firehose. */
    firehose?: outputs.EventTargetFirehose;
    /** Amazon Kinesis. */
    kinesis?: outputs.EventTargetKinesis;
    /** Amazon CloudWatch Logs. */
    cloudwatchLogs?: outputs.EventTargetCloudwatchLogs;
    /** Datadog. */
    datadog?: outputs.EventTargetDatadog;
    /** Azure Monitor Logs Ingestion. */
    azureLogsIngestion?: outputs.EventTargetAzureLogsIngestion;
    /** For trying subscriptions out (the service logs the events or sends them to a URL). */
    debug?: outputs.EventTargetDebug;
  }

  /** Sends events to Azure Monitor through the Logs Ingestion API. */
  export interface EventTargetAzureLogsIngestion {
    /** The Azure tenant id. */
    tenantId?: string;
    /** The application (client) id ngrok signs in as. */
    clientId?: string;
    /** The application's client secret. Secret: the API never returns it, the provider keeps it in state, encrypted. */
    clientSecret?: string;
    /** The data collection endpoint's logs ingestion URI. */
    logsIngestionUri?: string;
    /** The data collection rule's immutable id. */
    dataCollectionRuleId?: string;
    /** The data collection stream receiving the events. */
    dataCollectionStreamName?: string;
  }

  /** Sends events to Amazon CloudWatch Logs. */
  export interface EventTargetCloudwatchLogs {
    /** How ngrok authenticates to AWS. */
    auth?: outputs.AwsAuth;
    /** The ARN of the CloudWatch Logs group receiving the events. */
    logGroupArn?: string;
  }

  /** Sends events to Datadog. */
  export interface EventTargetDatadog {
    /** The Datadog API key. Secret: the API never returns it, the provider keeps it in state, encrypted. */
    apiKey?: string;
    /** Tags sent with each event. */
    ddtags?: string;
    /** The service name sent with each event. */
    service?: string;
    /** The Datadog site, such as `datadoghq.com` or `datadoghq.eu`. */
    ddsite?: string;
  }

  /** A target for trying subscriptions out: events are logged by the service or sent to a URL. */
  export interface EventTargetDebug {
    /** Whether the service logs the events. */
    log?: boolean;
    /** A URL the events are sent to. */
    callbackUrl?: string;
  }

  /** Sends events to Amazon Kinesis Data Firehose. */
  export interface EventTargetFirehose {
    /** How ngrok authenticates to AWS. */
    auth?: outputs.AwsAuth;
    /** The ARN of the Firehose delivery stream receiving the events. */
    deliveryStreamArn?: string;
  }

  /** Sends events to Amazon Kinesis. */
  export interface EventTargetKinesis {
    /** How ngrok authenticates to AWS. */
    auth?: outputs.AwsAuth;
    /** The ARN of the Kinesis stream receiving the events. */
    streamArn?: string;
  }

  /** The identity provider a user signed in with. */
  export interface IdentityProvider {
    /** Its name (`google`, or an OpenID Connect issuer's host). */
    name?: string;
    /** Its address. */
    url?: string;
  }

  /** One IPv4 or IPv6 range of the policy, allowed or denied. */
  export interface IpPolicyInlineRule {
    /** The range, in CIDR notation with its mask (`203.0.113.0/24`, `2001:db8::/32`). Checked at preview. */
    cidr?: string;
    /** Whether traffic from the range is allowed or denied. A new action deletes the rule and creates it anew. */
    action?: "allow" | "deny";
    /** Whose addresses these are, e.g. `sf office`. */
    description?: string;
    /** Arbitrary data of the rule. */
    metadata?: string;
    /** The rule's id (`ipr_...`), set by the service: an output. */
    id?: string;
  }

  /** Values a JWT claim may take. */
  export interface JwtAllowList {
    /** The allowed values. */
    allowList?: outputs.JwtAllowListEntry[];
  }

  /** One allowed value. */
  export interface JwtAllowListEntry {
    /** The value. */
    value?: string;
  }

  /** Where JWTs are found in requests. */
  export interface JwtHttp {
    /** The tokens to validate. */
    tokens?: outputs.JwtToken[];
  }

  /** How JWT signatures are verified. */
  export interface JwtJws {
    /** The signing algorithms accepted, such as `RS256`. */
    allowedAlgorithms?: ("HS256" | "HS384" | "HS512" | "RS256" | "RS384" | "RS512" | "ES256" | "ES384" | "ES512" | "PS256" | "PS384" | "PS512" | "EdDSA")[];
    /** Where the signing keys come from. */
    keys?: outputs.JwtJwsKeys;
  }

  /** Where the signing keys come from. */
  export interface JwtJwsKeys {
    /** The key sources. */
    sources?: outputs.JwtKeySources;
  }

  /** The key sources. */
  export interface JwtKeySources {
    /** Absolute http(s) URLs serving signing keys in JWKS format. */
    additionalJkus?: string[];
  }

  /** A token to validate and where to find it. */
  export interface JwtToken {
    /** How to parse it: `jwt`, `at+jwt` (access token) or `it+jwt` (ID token). */
    type?: "jwt" | "at+jwt" | "it+jwt";
    /** Where it is: `header` or `body`. */
    method?: "header" | "body";
    /** The name of the header or body field. */
    name?: string;
    /** A prefix stripped before parsing, such as `Bearer `. */
    prefix?: string;
  }

  /** A Kubernetes operator registered with the account. */
  export interface KubernetesOperator {
    /** The operator's id (`k8sop_...`). */
    id: string;
    /** The operator's address in the API. */
    uri: string;
    /** When the operator registered (RFC 3339). */
    createdAt: string;
    /** When its record last changed (RFC 3339). */
    updatedAt?: string;
    /** What the operator is for. */
    description?: string;
    /** User-defined data. */
    metadata?: string;
    /** Who registered it (a user or a service user). */
    principal?: outputs.Ref;
    /** Its features: `bindings`, `ingress`, `gateway`. */
    enabledFeatures: ("bindings" | "ingress" | "gateway")[];
    /** The region its ingress is served in (`global` by default). */
    region?: string;
    /** Where it runs. */
    deployment?: outputs.KubernetesOperatorDeployment;
    /** Its Bindings feature, when enabled. */
    binding?: outputs.KubernetesOperatorBinding;
  }

  /** The operator's Bindings feature: which Kubernetes-bound endpoints it projects into its cluster. */
  export interface KubernetesOperatorBinding {
    /** CEL expressions that select the Kubernetes-bound endpoints it projects. */
    endpointSelectors?: string[];
    /** The operator's public ingress endpoint. */
    ingressEndpoint?: string;
  }

  /** Where an operator runs. */
  export interface KubernetesOperatorDeployment {
    /** The deployment's name. */
    name?: string;
    /** The namespace the operator is deployed to. */
    namespace?: string;
    /** The operator's version. */
    version?: string;
    /** The name its user gave the cluster. */
    clusterName?: string;
  }

  /** Where a session's IP address is, by IP geolocation. */
  export interface Location {
    /** The ISO country code. */
    countryCode?: string;
    /** Latitude. */
    latitude?: number;
    /** Longitude. */
    longitude?: number;
    /** How far off the coordinates may be, in km. */
    latLongRadiusKm?: number;
  }

  /** A reference to another resource. */
  export interface Ref {
    /** The referenced resource's id. */
    id: string;
    /** The referenced resource's address. */
    uri: string;
  }

  /** Where a domain resolves: a point of presence, a region, `global`, or a dedicated IP. */
  export interface ReservedDomainResolvesTo {
    /** An ngrok point of presence (`us-cal-1`) or region (`eu`), `global`, or a dedicated IP address with an optional port (`192.0.2.1:1234`). */
    value?: string;
  }

  /** The subject alternative names of a certificate. */
  export interface TlsCertificateSubjectAlternativeNames {
    /** The domains (wildcards included) the certificate is valid for. */
    dnsNames?: string[];
    /** The IP addresses the certificate is valid for. */
    ips?: string[];
  }

  /** An online tunnel of an agent. */
  export interface Tunnel {
    /** The tunnel's id (`tn_...`). */
    id: string;
    /** The public URL of an ephemeral tunnel. */
    publicUrl?: string;
    /** When the tunnel started (RFC 3339). */
    startedAt: string;
    /** The tunnel's metadata from the agent's configuration file. */
    metadata?: string;
    /** The protocol of an ephemeral tunnel. */
    proto?: "http" | "https" | "tcp" | "tls";
    /** The region where the tunnel runs. */
    region: string;
    /** The tunnel session on which the tunnel started. */
    tunnelSession: outputs.Ref;
    /** The ephemeral endpoint of an agent-initiated tunnel. */
    endpoint?: outputs.Ref;
    /** The labels tunnel group backends match, for a backend tunnel. */
    labels?: { [key: string]: string };
    /** The tunnel group backends this backend tunnel serves. */
    backends?: outputs.Ref[];
    /** The upstream address the agent forwards to: a URL or a network address. */
    forwardsTo: string;
  }

  /** An online agent connection (tunnel session). */
  export interface TunnelSession {
    /** The tunnel session's id (`ts_...`). */
    id: string;
    /** The tunnel session's address in the API. */
    uri: string;
    /** The version of the agent that started the session. */
    agentVersion: string;
    /** The tunnel credential or SSH credential the agent authenticated with. */
    credential: outputs.Ref;
    /** The source IP address of the session. */
    ip: string;
    /** User-defined data from the agent's configuration file. */
    metadata?: string;
    /** The operating system of the agent's host. */
    os: string;
    /** The region in which the session started. */
    region: string;
    /** When the session first connected (RFC 3339). */
    startedAt: string;
    /** The transport protocol: `ngrok/2` or `ssh`. */
    transport: string;
  }

  /** The browser a session came from, by its `User-Agent` header. */
  export interface UserAgent {
    /** The `User-Agent` header as sent. */
    raw?: string;
    /** The browser's name (`Chrome`). */
    browserName?: string;
    /** The browser's version. */
    browserVersion?: string;
    /** The kind of device (`Desktop`). */
    deviceType?: string;
    /** The operating system's name. */
    osName?: string;
    /** The operating system's version. */
    osVersion?: string;
  }
}
