// What goes into and comes out of a run of a traffic policy.
// Below the actions: the actions, the engine and the variables import it, and it imports no action.
import type { Clock } from "../../clock";
import type { JsonWebKeySet } from "./jwt";
import type { PhaseName } from "./policy";
import type { SseMessage } from "./sse";
import type { TlsFacts } from "./tls";

export type HeaderInput = Record<string, string | readonly string[]>;

/** A request as a client sends it to an endpoint. */
export interface PolicyRequest {
  /** Default "GET". */
  method?: string;
  /**
   * Absolute ("https://app.example.com/api?x=1"), or a path taken on the endpoint's URL. A
   * `tcp://` or `tls://` URL is a connection to a TCP or TLS endpoint: only on_tcp_connect runs,
   * and the result's `connection` says what became of it.
   */
  url: string;
  headers?: HeaderInput;
  body?: string | Uint8Array;
  /** The connection's source address, `conn.client_ip` (default "127.0.0.1"). */
  clientIp?: string;
  /** `conn.client_port` (default 50000). */
  clientPort?: number;
  /** `conn.geo.*` for this client (the emulator has no geolocation database); numbers are written as ngrok's strings. */
  geo?: GeoInput;
  /** `conn.server_ip` (default "127.0.0.1"). */
  serverIp?: string;
  /** IP intelligence of the client's address, `conn.client_ip.*`; its `geo.location` defaults to `geo`. */
  clientIpIntel?: IpIntel;
  /** IP intelligence of the server's address, `conn.server_ip.*`. */
  serverIpIntel?: IpIntel;
  /** The pod behind a Kubernetes-bound connection, `conn.k8s.pod.*`. */
  k8sPod?: K8sPod;
  /** The request's trailers, `req.trailers`. */
  trailers?: HeaderInput;
  /** `req.version` (default "HTTP/1.1"). */
  httpVersion?: string;
  /** `conn.server_region`, the point of presence (default "emulator"). */
  serverRegion?: string;
  /**
   * Stands for a signed-in identity of the oauth and openid-connect actions, which the emulator
   * cannot run against a real identity provider: absent, those actions answer the redirect to
   * the provider; present, they let the request through as this user.
   */
  identity?: { email: string; name?: string };
  /**
   * The TLS handshake the connection made (`conn.tls.*`): the gateway's TLS listener fills it from
   * the real handshake; a test gives it to testPolicy. terminate-tls checks it against its config
   * (versions, mutual TLS) and closes the connection when the handshake would have failed. Absent
   * for a plain HTTP endpoint (every `conn.tls.*` field empty).
   */
  tls?: TlsFacts;
  /** `conn.tls.sni`, the server name the client's handshake gave (shorthand for `tls.sni`). */
  sni?: string;
  /** The client's certificate, PEM, `conn.tls.client.*` (shorthand for `tls.clientCertificate`). */
  clientCertificate?: string;
}

export type GeoInput = Partial<Record<"city" | "country" | "country_code" | "subdivision", string> & Record<"latitude" | "longitude" | "radius", number | string>>;

/** A location as ngrok's IP intelligence gives it (https://ngrok.com/docs/traffic-policy/variables/ip-intel/). */
export type IpLocation = Partial<
  Record<"city" | "continent" | "country" | "country_code" | "metro_code" | "postal_code" | "subdivision" | "timezone", string> & Record<"latitude" | "longitude" | "radius", number | string> & { is_eu: boolean }
>;

export interface IpIntel {
  /** Categories such as "proxy.anonymous.tor" (https://ngrok.com/docs/traffic-policy/variables/ip-intel/). */
  categories?: string[];
  is_on_blocklist?: boolean;
  is_tor_node?: boolean;
  as?: { number?: number; organization?: string };
  geo?: { location?: IpLocation; registered_location?: Omit<IpLocation, "latitude" | "longitude" | "radius" | "postal_code"> };
}


export interface K8sPod {
  id?: string;
  metadata?: { name?: string; namespace?: string; annotations?: Record<string, string>; error_code?: string; error_message?: string };
}

/** The connection a request came on, as a run sees it. */
export interface ConnState {
  clientIp: string;
  clientPort: number;
  geo: GeoInput;
  /** When it started, ms since the epoch by the run's clock. */
  startedAt: number;
  serverIp: string;
  serverRegion: string;
  clientIpIntel?: IpIntel;
  serverIpIntel?: IpIntel;
  tls?: TlsFacts;
  k8sPod?: K8sPod;
}

/** The request as it leaves the gateway for an upstream service. */
export interface UpstreamRequest {
  method: string;
  url: string;
  headers: Record<string, string[]>;
  body: Buffer;
}

export interface UpstreamResponse {
  status: number;
  headers?: HeaderInput;
  body?: string | Uint8Array;
}

/** A service behind an endpoint: a base URL the gateway calls over HTTP, or a function. */
export type Upstream = string | ((req: UpstreamRequest) => UpstreamResponse | Promise<UpstreamResponse>);

export interface RuleTrace {
  phase: PhaseName;
  /** The rule's name, or "#<index>" when it has none. */
  rule: string;
  index: number;
  /** Whether all its expressions were true; false also when one failed at run time. */
  matched: boolean;
}

export interface ActionTrace {
  phase: PhaseName;
  rule: string;
  type: string;
  /** `continue`: the next action runs; `terminate`: it answered; `error`: it failed (see `detail`). */
  outcome: "continue" | "terminate" | "error";
  detail?: string;
}

export interface LogEntry {
  endpoint: string;
  phase: PhaseName;
  rule: string;
  metadata: Record<string, unknown>;
}

/** Where a policy failed at run time: which rule, and which expression or action field. */
export interface PolicyFailure {
  phase: PhaseName;
  rule: string;
  ruleIndex: number;
  /** The CEL expression that failed (a rule expression, or the `${...}` of an action's config); absent when the action's config itself is invalid. */
  expression?: string;
  /** Set when the expression was in an action's config. */
  action?: string;
  /**
   * ngrok's error code for it (ERR_NGROK_2254 for a rule expression, ERR_NGROK_2253 for an
   * action's); "invalid-config" for a config the service refuses; "not-emulated" for what the
   * emulator cannot do offline (answered 501); "emulator-error" for a failure of the emulator itself.
   */
  code: string;
  message: string;
}

export interface PolicyResult {
  /** The HTTP status answered; 0 when the connection was closed without an answer. */
  status: number;
  /** Lower-case names; repeated headers joined with ", ". */
  headers: Record<string, string>;
  /** The body as UTF-8 text (see `rawBody` for a compressed one). */
  body: string;
  rawBody: Buffer;
  /** Every rule evaluated, in order, over all phases. */
  rules: RuleTrace[];
  /** Every action run, in order. */
  actions: ActionTrace[];
  /** The variables set-vars set, by phase. */
  vars: Partial<Record<PhaseName, Record<string, unknown>>>;
  /** The action result variables (`actions.ngrok.*`) as the last action of each kind left them. */
  actionResults: Record<string, unknown>;
  logs: LogEntry[];
  /** Set when an expression failed at run time. */
  failure?: PolicyFailure;
  /** The request as it reached the upstream service, when it did. */
  upstream?: UpstreamRequest;
  /** False when no action answered the request and no upstream was there to. */
  terminated: boolean;
  /**
   * A connection (a `tcp://` or `tls://` request): `accepted` when on_tcp_connect let it through
   * to the endpoint, `closed` when an action closed it (deny, restrict-ips, close-connection, a
   * failure), `forwarded` when forward-internal handed it to `forwardedTo`.
   */
  connection?: "accepted" | "closed" | "forwarded";
  /** The internal endpoint a forwarded connection went to. */
  forwardedTo?: string;
}

export interface HttpMessage {
  status: number;
  headers: Map<string, string[]>;
  body: Buffer;
}

/** One request's state as the policy changes it. */
export interface Exchange {
  endpoint: EndpointInfo;
  request: { method: string; url: URL; headers: Map<string, string[]>; body: Buffer; trailers?: Map<string, string[]>; version?: string };
  /** The URL the client called, before any rewrite. */
  originalUrl: string;
  conn: ConnState;
  /** What terminate-tls asked of the handshake, for the gateway's TLS listener. */
  tlsTermination?: TlsTermination;
  identity: PolicyRequest["identity"];
  /** vars.* of the phase running. */
  vars: Record<string, unknown>;
  /** actions.ngrok.* */
  actionResults: Record<string, unknown>;
  trace: { rules: RuleTrace[]; actions: ActionTrace[]; logs: LogEntry[]; vars: Partial<Record<PhaseName, Record<string, unknown>>> };
  /** The upstream's response, in on_http_response and on_event_stream_message. */
  response: HttpMessage | undefined;
  /** The event stream's message on_event_stream_message runs on. */
  message?: SseMessage;
  upstreamRequest: UpstreamRequest | undefined;
  /** The internal endpoint forward-internal handed the connection to, in on_tcp_connect. */
  forwardedTo?: string;
  /** Called with the status the client is answered (0: the connection was closed), once, when the exchange ends. */
  onFinish: Array<(status: number) => void>;
}

/** terminate-tls's config, resolved (https://ngrok.com/docs/traffic-policy/actions/terminate-tls/). */
export interface TlsTermination {
  minVersion: "1.2" | "1.3";
  maxVersion: "1.2" | "1.3";
  /** A custom certificate and its key, PEM; the gateway's own when absent. */
  server?: { key: string; cert: string };
  /** PEM certificates trusted for mutual TLS; none: no client certificate is asked for. */
  mutualTlsCas: string[];
  strategy: "require-and-verify" | "require-any" | "request";
}

/** Counters of rate-limit buckets; shared by the requests of one gateway or tester. */
export class RateLimitState {
  private readonly hits = new Map<string, number[]>();

  /** Records an arrival at `now` unless the bucket is full; returns the ms until a slot frees when it is. */
  take(key: string, capacity: number, windowMs: number, now: number): { allowed: true } | { allowed: false; retryAfterMs: number } {
    const kept = (this.hits.get(key) ?? []).filter((t) => t > now - windowMs);
    if (kept.length >= capacity) {
      this.hits.set(key, kept);
      return { allowed: false, retryAfterMs: kept[0]! + windowMs - now };
    }
    kept.push(now);
    this.hits.set(key, kept);
    return { allowed: true };
  }
}

/** One circuit-breaker's counts and state (circuit-breaker's file keeps the rules). */
export interface Breaker {
  windowMs: number;
  /** Start of each bucket -> its counts. */
  buckets: Map<number, { total: number; errors: number }>;
  /** Open until this time; undefined when closed. */
  openUntil: number | undefined;
  probing: boolean;
}

/** The breakers of one gateway or tester, by endpoint and place in the policy. */
export class CircuitBreakers {
  private readonly breakers = new Map<string, Breaker>();

  get(key: string, windowMs: number): Breaker {
    let b = this.breakers.get(key);
    if (b === undefined || b.windowMs !== windowMs) {
      b = { windowMs, buckets: new Map(), openUntil: undefined, probing: false };
      this.breakers.set(key, b);
    }
    return b;
  }
}

/** An endpoint a request is for, as its policy sees it (`endpoint.*`). */
export interface EndpointInfo {
  id: string;
  url: string;
  /** Its policy, in any accepted form. */
  trafficPolicy?: string;
  /** The service behind it (an agent endpoint's local service); none for a cloud endpoint. */
  upstream?: Upstream;
  /** Bound `internal`: reached only through forward-internal and http-request, as a `*.internal` URL is. */
  internal?: boolean;
}

/** What the gateway knows of a sign-in through oauth or openid-connect. */
export interface SignIn {
  /** The identity provider: a name (`google`, or the issuer's host) and its URL. */
  provider: { name: string; url: string };
  providerUserId: string;
  email: string;
  name?: string;
  endpoint: { id: string; url: string };
  userAgent?: string;
  clientIp: string;
  location?: { country_code?: string; latitude?: number; longitude?: number; lat_long_radius_km?: number };
  /** The action's `max_session_duration`, in ms; the session has no end otherwise. */
  maxSessionMs?: number;
  /** The action's `idle_session_timeout`, in ms. */
  idleTimeoutMs?: number;
}

/** The ids the action's variables carry: `identity.id` and `identity.current_provider_session_id`. */
export interface SignedIn {
  identityId: string;
  sessionId: string;
}

/** What a run needs from its surroundings. */
export interface GatewayEnvironment {
  clock: Clock;
  rateLimits: RateLimitState;
  /** circuit-breaker's counts, shared like the rate limits. */
  circuitBreakers: CircuitBreakers;
  /** The key set at a JWKS URL. */
  jwks(url: string): Promise<JsonWebKeySet>;
  /** A certificate authority's PEM by id (terminate-tls `mutual_tls_certificate_authorities` may name `ca_...` ids). */
  certificateAuthority?(id: string): string | undefined;
  /** The endpoint a forward-internal URL names, if there is one. */
  endpointByUrl(url: string): EndpointInfo | undefined;
  /** CIDRs of an IP policy (restrict-ips `ip_policies`), if it exists. */
  ipPolicy(id: string): { allow: string[]; deny: string[] } | undefined;
  /** A secret's value for `secrets.get(vault, name)`; undefined when the vault or the secret does not exist. */
  secret?(vault: string, name: string): string | undefined;
  /** Where log actions write, besides the result. */
  onLog?(entry: LogEntry): void;
  /**
   * Records a sign-in through oauth or openid-connect as the account's Traffic Identities (the
   * emulator's gateway); absent in testPolicy, which has no account.
   */
  signIn?(signIn: SignIn): SignedIn;
  /** A number in [0, 1) for `rand.*`; default Math.random. */
  random?(): number;
}
