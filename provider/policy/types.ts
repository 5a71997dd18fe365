/**
 * A Traffic Policy in two forms: the typed form programs write (camelCase, every documented
 * action a member of a union discriminated by `type`), and the wire form ngrok's documentation
 * writes and the API stores as text (`on_http_request`, actions as `{type, config}`, config keys
 * in snake_case). Field meanings: ngrok's Traffic Policy documentation, one page per action.
 */

/** A duration as ngrok writes it: "10s", "5m", "24h". */
export type Duration = string;

export interface AddHeadersAction {
  type: "add-headers";
  config: { headers: Record<string, string> };
}
export interface AiGatewayAction {
  type: "ai-gateway";
  /** As ngrok's AI Gateway documentation writes it (its keys are not renamed). */
  config: Record<string, unknown>;
}
export interface BasicAuthAction {
  type: "basic-auth";
  /** `credentials` ("user:password") are kept encrypted in state and never shown. */
  config: { credentials: string[]; realm?: string; enforce?: boolean };
}
export interface CircuitBreakerAction {
  type: "circuit-breaker";
  config: {
    errorThreshold: number;
    volumeThreshold?: number;
    windowDuration?: Duration;
    trippedDuration?: Duration;
    numBuckets?: number;
    enforce?: boolean;
  };
}
export interface CloseConnectionAction {
  type: "close-connection";
  config?: Record<string, never>;
}
export interface CompressResponseAction {
  type: "compress-response";
  config?: { algorithms?: ("br" | "compress" | "deflate" | "gzip")[] };
}
export interface CustomResponseAction {
  type: "custom-response";
  /** `statusCode` defaults to 200. */
  config: {
    statusCode?: number;
    body?: string;
    /** @deprecated ngrok's older spelling of `body`, still accepted. */
    content?: string;
    headers?: Record<string, string>;
  };
}
export interface DenyAction {
  type: "deny";
  config?: { statusCode?: number };
}
export interface ForwardInternalAction {
  type: "forward-internal";
  config: { url: string; binding?: "internal" | "kubernetes"; onError?: "halt" | "continue" };
}
export interface HttpRequestAction {
  type: "http-request";
  config: {
    url: string;
    method?: "GET" | "PUT" | "POST" | "PATCH" | "DELETE" | "OPTIONS";
    queryParams?: { key: string; value?: string }[];
    headers?: Record<string, string>;
    body?: string;
    maxRedirects?: number;
    timeout?: Duration;
    retryCondition?: string;
    onError?: "continue" | "halt";
  };
}
export interface JwtValidationAction {
  type: "jwt-validation";
  config: {
    issuer: { allowList: { value: string }[] };
    audience?: { allowList?: { value: string }[] };
    http: {
      tokens: {
        type: "id_token" | "access_token" | "at+jwt" | "it+jwt" | "plain" | "jwt";
        method: "header" | "body";
        name: string;
        prefix?: string;
      }[];
    };
    jws: {
      allowedAlgorithms: string[];
      keys: { sources: { additionalJkus: string[] }; identification?: { tokenClaims?: string[] }[] };
    };
  };
}
export interface LogAction {
  type: "log";
  config: { metadata: Record<string, unknown> };
}
/** What OAuth and OpenID Connect share. `clientSecret` is kept encrypted in state and never shown. */
interface IdentityConfig {
  authId?: string;
  clientId?: string;
  clientSecret?: string;
  scopes?: string[];
  authzUrlParams?: Record<string, string>;
  maxSessionDuration?: Duration;
  userinfoRefreshInterval?: Duration;
  allowCorsPreflight?: boolean;
  authCookieDomain?: string;
}
export interface OAuthAction {
  type: "oauth";
  config: IdentityConfig & { provider: string; idleSessionTimeout?: Duration };
}
export interface OpenIdConnectAction {
  type: "openid-connect";
  config: IdentityConfig & { issuerUrl: string; idleSessionDuration?: Duration };
}
interface OwaspConfig {
  onError: "halt" | "continue";
  processBody?: boolean;
  excludeRuleIds?: number[];
}
export interface OwaspCrsRequestAction {
  type: "owasp-crs-request";
  config: OwaspConfig;
}
export interface OwaspCrsResponseAction {
  type: "owasp-crs-response";
  config: OwaspConfig;
}
export interface RateLimitAction {
  type: "rate-limit";
  config: {
    name: string;
    enforce?: boolean;
    algorithm: "sliding_window";
    capacity: number;
    rate: Duration;
    /** CEL expressions: `conn.client_ip`, `req.host`, `getReqHeader('X-Api-Key')`. */
    bucketKey: string[];
  };
}
export interface RedirectAction {
  type: "redirect";
  config: { from?: string; to: string; statusCode?: number; headers?: Record<string, string> };
}
export interface RemoveHeadersAction {
  type: "remove-headers";
  config: { headers: string[] };
}
export interface RequestBodyFindReplaceAction {
  type: "request-body-find-replace";
  config: { replacements: { from: string; to?: string }[] };
}
export interface ResponseBodyFindReplaceAction {
  type: "response-body-find-replace";
  config: { replacements: { from: string; to?: string }[] };
}
export interface RestrictIpsAction {
  type: "restrict-ips";
  config: { enforce?: boolean; allow?: string[]; deny?: string[]; ipPolicies?: string[] };
}
export interface SetVarsAction {
  type: "set-vars";
  /** Each entry one variable: `[{ tier: "free" }]`. */
  config: { vars: Record<string, unknown>[] };
}
export interface SseFindReplaceAction {
  type: "sse-find-replace";
  config: { replacements: { field?: "data" | "retry"; from: string; to?: string }[] };
}
export interface TerminateTlsAction {
  type: "terminate-tls";
  /** `serverPrivateKey` is kept encrypted in state and never shown. */
  config?: {
    minVersion?: "1.2" | "1.3";
    maxVersion?: "1.2" | "1.3";
    serverPrivateKey?: string;
    serverCertificate?: string;
    mutualTlsCertificateAuthorities?: string[];
    mutualTlsVerificationStrategy?: "require-and-verify" | "require-any" | "request";
  };
}
export interface UrlRewriteAction {
  type: "url-rewrite";
  config: { from?: string; to: string };
}
export interface VerifyWebhookAction {
  type: "verify-webhook";
  /** `secret` is kept encrypted in state and never shown. */
  config: { provider: string; secret: string; enforce?: boolean };
}

/** Every documented action, discriminated by `type`. */
export type TrafficPolicyAction =
  | AddHeadersAction
  | AiGatewayAction
  | BasicAuthAction
  | CircuitBreakerAction
  | CloseConnectionAction
  | CompressResponseAction
  | CustomResponseAction
  | DenyAction
  | ForwardInternalAction
  | HttpRequestAction
  | JwtValidationAction
  | LogAction
  | OAuthAction
  | OpenIdConnectAction
  | OwaspCrsRequestAction
  | OwaspCrsResponseAction
  | RateLimitAction
  | RedirectAction
  | RemoveHeadersAction
  | RequestBodyFindReplaceAction
  | ResponseBodyFindReplaceAction
  | RestrictIpsAction
  | SetVarsAction
  | SseFindReplaceAction
  | TerminateTlsAction
  | UrlRewriteAction
  | VerifyWebhookAction;

export interface TrafficPolicyRule {
  name?: string;
  /** CEL expressions, all of which must hold for the actions to run; none: always. */
  expressions?: string[];
  actions: TrafficPolicyAction[];
}

/** The typed form of a Traffic Policy. */
export interface TrafficPolicy {
  onTcpConnect?: TrafficPolicyRule[];
  onHttpRequest?: TrafficPolicyRule[];
  onHttpResponse?: TrafficPolicyRule[];
  onEventStreamMessage?: TrafficPolicyRule[];
}

/** An action as ngrok's documentation writes it. */
export interface WireAction {
  type: string;
  config?: Record<string, unknown>;
}
export interface WireRule {
  name?: string;
  expressions?: string[];
  actions: WireAction[];
}
/** The Traffic Policy as ngrok's documentation writes it and the API stores it (as JSON or YAML text). */
export interface WirePolicy {
  on_tcp_connect?: WireRule[];
  on_http_request?: WireRule[];
  on_http_response?: WireRule[];
  on_event_stream_message?: WireRule[];
}
