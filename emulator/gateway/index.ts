// Traffic policies run without a process: `testPolicy` for one request, `policyTester` for a
// series that shares rate-limit counters and a clock.
import { systemClock, type Clock } from "../../clock";
import { runConnect, runEndpoint } from "./engine";
import { isInternalHost, StaticDirectory } from "./directory";
import { fetchJwks, type JsonWebKeySet } from "./jwt";
import { policyFromInput } from "./check";
import type { PolicyInput } from "./policy";
import { givenSecrets } from "./secrets";
import { CircuitBreakers, RateLimitState, type EndpointInfo, type GatewayEnvironment, type LogEntry, type PolicyRequest, type PolicyResult, type Upstream } from "./types";

export type { WirePolicy, WireRule, WireAction, PolicyInput, PhaseName } from "./policy";
export { PolicyError } from "./policy";
export { policyFromInput, PolicyRefusal, placeText, type PolicyTarget } from "./check";
export type { JsonWebKeySet } from "./jwt";
export type { EndpointDirectory } from "./directory";
export type { SecretsSource } from "./secrets";
export type { TlsFacts } from "./tls";
export { WEBHOOK_PROVIDERS } from "./webhooks";
export type {
  PolicyRequest,
  PolicyResult,
  PolicyFailure,
  RuleTrace,
  ActionTrace,
  LogEntry,
  Upstream,
  UpstreamRequest,
  UpstreamResponse,
  HeaderInput,
  GeoInput,
  IpIntel,
  IpLocation,
  K8sPod,
} from "./types";

export interface PolicyTestOptions {
  /** The endpoint the policy is attached to (`endpoint.*`); default: the request URL's origin. */
  endpoint?: { url: string; id?: string };
  /**
   * The service behind the endpoint, as an agent endpoint has: a request no action answers
   * goes there, and its answer runs through on_http_response. Without one (a cloud endpoint),
   * such a request is answered 502.
   */
  upstream?: Upstream;
  /**
   * Other endpoints, for forward-internal, by URL: a policy (run as that endpoint's, with
   * `upstream` behind it) or just an upstream.
   */
  endpoints?: Record<string, { trafficPolicy?: PolicyInput; upstream?: Upstream } | Upstream>;
  /** Key sets by JWKS URL, for jwt-validation; a URL not given here is fetched over HTTP. */
  jwks?: Record<string, JsonWebKeySet>;
  /** IP policies by id, for restrict-ips `ip_policies`. */
  ipPolicies?: Record<string, { allow?: string[]; deny?: string[] }>;
  /** Time for rate limits, token expiry, webhook timestamps and the time variables (`time.now`, `conn.ts.start`, `req.ts.*`); default the system clock. */
  clock?: Clock;
  /** Secrets by vault name and secret name, for `secrets.get(vault, name)` (https://ngrok.com/docs/traffic-policy/secrets/). */
  secrets?: Record<string, Record<string, string>>;
  /** Numbers in [0, 1) for `rand.double()` and `rand.int()`; default Math.random. */
  random?: () => number;
}

/** Runs requests through one policy; rate-limit buckets carry over from one request to the next. */
export interface PolicyTester {
  run(request: PolicyRequest | string): Promise<PolicyResult>;
  /** Every log action's entry so far. */
  readonly logs: readonly LogEntry[];
}

function textOf(input: PolicyInput | undefined): PolicyInput {
  return input ?? {};
}

/** Throws a PolicyRefusal (ngrok's error code and the place) for a policy ngrok's API would refuse. */
export function policyTester(policy: PolicyInput, options: PolicyTestOptions = {}): PolicyTester {
  const wire = policyFromInput(policy);
  const logs: LogEntry[] = [];
  const others: EndpointInfo[] = [];
  const upstreams = new Map<string, Upstream>();
  for (const [url, value] of Object.entries(options.endpoints ?? {})) {
    if (typeof value === "string" || typeof value === "function") upstreams.set(url, value);
    else {
      const tp = value.trafficPolicy;
      others.push({
        id: `ep_${others.length + 1}`,
        url,
        // Checked now, so that a broken policy of a target fails the test's setup, not a request.
        ...(tp === undefined ? {} : { trafficPolicy: JSON.stringify(policyFromInput(textOf(tp))) }),
        ...(value.upstream === undefined ? {} : { upstream: value.upstream }),
      });
    }
  }
  const directory = new StaticDirectory(() => others, () => upstreams);
  const secrets = givenSecrets(options.secrets);
  const env: GatewayEnvironment = {
    clock: options.clock ?? systemClock,
    rateLimits: new RateLimitState(),
    circuitBreakers: new CircuitBreakers(),
    jwks: async (url) => options.jwks?.[url] ?? fetchJwks(url),
    endpointByUrl: (url) => directory.byUrl(url),
    ipPolicy: (id) => {
      const p = options.ipPolicies?.[id];
      return p === undefined ? undefined : { allow: p.allow ?? [], deny: p.deny ?? [] };
    },
    secret: (vault, name) => secrets.get(vault, name),
    onLog: (entry) => logs.push(entry),
    ...(options.random === undefined ? {} : { random: options.random }),
  };
  return {
    logs,
    async run(request) {
      const req: PolicyRequest = typeof request === "string" ? { url: request } : request;
      const given = new URL(req.url, options.endpoint?.url);
      const scheme = given.protocol.replace(/:$/, "");
      // What the endpoint's URL allows is checked as the API checks it (terminate-tls on tcp://, an HTTP phase on tls://).
      policyFromInput(policy, { scheme, internal: isInternalHost(given.hostname), cloud: false });
      const endpointUrl = options.endpoint?.url ?? (scheme === "tcp" || scheme === "tls" ? `${given.protocol}//${given.host}` : given.origin);
      const endpoint: EndpointInfo = {
        id: options.endpoint?.id ?? "ep_tested",
        url: endpointUrl,
        ...(options.upstream === undefined ? {} : { upstream: options.upstream }),
      };
      // A TCP or TLS endpoint: the connection, which on_tcp_connect accepts, closes or forwards.
      if (scheme === "tcp" || scheme === "tls") return (await runConnect(endpoint, wire, req, env)).result;
      return runEndpoint(endpoint, wire, req, env);
    },
  };
}

/**
 * Runs one request through a policy (its wire object, or YAML or JSON text) and answers what the
 * gateway did: status, headers and body, the rules and actions that ran, the variables set, the
 * logs, and which rule and expression failed at run time, if one did. A policy ngrok's API would
 * refuse rejects with a PolicyRefusal (ngrok's error code and the place) before any request runs.
 */
export async function testPolicy(policy: PolicyInput, request: PolicyRequest | string, options: PolicyTestOptions = {}): Promise<PolicyResult> {
  return policyTester(policy, options).run(request);
}
