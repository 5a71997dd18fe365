// Programmatic entry point of the bundled ngrok API emulator (the test oracle of the provider;
// it must never import provider/ or sdk/).
import { randomBytes } from "node:crypto";
import { systemClock, type Clock } from "../clock";
import { ApiServer } from "./api/server";
import { FaultInjector, type RandomFaultOptions, type ScriptedFault } from "./shared/faults";
import type { RecordedRequest } from "./shared/http";
import { Store } from "./shared/store";
import type { ConnectAgentInput, TunnelSession } from "./api/live";
import { startGateway, type Gateway } from "./gateway/server";
import { AiGatewayApiServer } from "./ai-gateway-api/server";
import { aiGatewayDirectory, type AiGatewayDirectory } from "./ai-gateway-api/directory";
import { startAiGateway, type AiGateway } from "./ai-gateway/gateway";
import { aiGatewayAccount } from "./ai-gateway-api/account";

export type { FaultKind, RandomFaultOptions, ScriptedFault } from "./shared/faults";
export type { RecordedRequest } from "./shared/http";
export type { ConnectAgentInput, ConnectTunnelInput, TunnelSession, Tunnel, Endpoint } from "./api/live";
export { ApiFailure } from "./shared/errors";
export { FakeClock, systemClock, type Clock, type Clock as EmulatorClock, type FakeClockOptions } from "../clock";
export * from "./gateway";
export type { Gateway } from "./gateway/server";
export { aiGatewayDirectory } from "./ai-gateway-api/directory";
export type * from "./ai-gateway-api/directory";
export * from "./ai-gateway/routing";
export type { AiGateway, AiGatewayRoute } from "./ai-gateway/gateway";

export interface EmulatorOptions {
  /** Default 0 (an ephemeral port). */
  port?: number;
  /** Default "127.0.0.1". */
  host?: string;
  /** Default: a random "emu_" + 32 hex characters. */
  apiKey?: string;
  /** Default { limit: 120, windowMs: 60_000 }, per API key, rolling window; false disables it. */
  rateLimit?: { limit: number; windowMs: number } | false;
  /**
   * Counts as strictly as ngrok's documentation allows ("per account", silent on refusals): one
   * window for the account (the emulator's key and every key made on /api_keys together), and a
   * refused (429) request counts against it like a served one. Default false: a window per API
   * key, refused requests not counted.
   */
  strictRateLimit?: boolean;
  /** Seeded random faults; default off. */
  faults?: RandomFaultOptions;
  /** Persistence file: loaded on start, rewritten atomically after every change. */
  statePath?: string;
  /**
   * Domains that other accounts have reserved (the emulator serves one account): reserving one
   * answers 400 ERR_NGROK_414, as the real service does.
   */
  foreignDomains?: readonly string[];
  /**
   * How long, on `clock`, a certificate provisioning job runs (after a certificate management
   * policy is set) before the certificate is issued. Default 30 000 (30 s).
   */
  certificateProvisioningMs?: number;
  /**
   * Where the emulator reads the time (created_at, ids and list cursors, rate-limit windows,
   * agent updates, certificate renewal dates) and waits (latency faults). Default: the system
   * clock. A test passes a `FakeClock` and moves it with `advance(ms)` instead of waiting.
   */
  clock?: Clock;
  /**
   * Also serve the account's cloud endpoints: HTTP requests whose Host names an endpoint's URL
   * run through its traffic policy; and TLS connections whose server name (SNI) names one, with
   * terminate-tls. `true`: both on ephemeral ports of `host`. `tcpPorts`: a listener for each of
   * these TCP endpoints (`tcp://1.tcp.ngrok.io:12345`, by URL) on its own port (0: an ephemeral
   * one), `gateway.tcpUrls` says where; a connection runs the endpoint's on_tcp_connect.
   */
  gateway?: boolean | { port?: number; tlsPort?: number; tcpPorts?: Readonly<Record<string, number>> };
  /**
   * Serve the API over TLS (https) with this certificate (a chain, leaf first) and its key, both
   * PEM; `url` is then https, and so is the AI Gateway API's (its own listener, the same
   * certificate, which should name both hosts). `localServerTls` makes them from a local CA.
   */
  tls?: { cert: string; key: string };
  /** The AI Gateway API's port (its own listener on `host`); default 0 (an ephemeral port). */
  aiGatewayApiPort?: number;
  /** The ngrok.ai API key the AI Gateway API takes. Default: a random "emuai_" + 32 hex characters. */
  aiGatewayApiKey?: string;
  /**
   * Also serve the AI Gateway (https://gateway.ngrok.ai): OpenAI-compatible requests made with an
   * access key, routed by its access key configuration. `providers`: base URLs by providerId
   * (built-in or custom), e.g. `{ openai: standIn.url }`, instead of ngrok's catalog's or the
   * custom provider's own. `standIns`: the other providers answer 200 from an in-process stand-in
   * instead of being called. `true`: an ephemeral port of `host`.
   */
  aiGateway?: boolean | { port?: number; providers?: Record<string, string>; standIns?: boolean };
}

/** The AI Gateway API (https://api.ngrok.ai) as the emulator serves it, beside the main API. */
export interface EmulatedAiGatewayApi {
  /** "http://127.0.0.1:<port>": the AI Gateway API's base URL (NGROK_AI_GATEWAY_API_BASE_URL). */
  readonly url: string;
  /** Its ngrok.ai API key (NGROK_AI_GATEWAY_API_KEY); the main API's key is refused there. */
  readonly apiKey: string;
  /** Every request it received, in order. */
  readonly requests: readonly RecordedRequest[];
  clearRequests(): void;
  /** What the AI Gateway reads of the account, and where it records usage. */
  readonly directory: AiGatewayDirectory;
  /**
   * Sets the credit balance `/credits/balance` answers (buying credits is Stripe's, not emulated);
   * once set, the AI gateway refuses requests while it is zero (ERR_NGROK_4026), as ngrok's does.
   */
  setCreditBalance(cents: number): void;
}

export interface Emulator {
  /** "http://127.0.0.1:<port>": the API base URL. */
  readonly url: string;
  readonly apiKey: string;
  /** Queues a fault; queued faults are matched in order and take precedence over everything. */
  scriptFault(fault: ScriptedFault): void;
  /** Every API request received, in order (faulted ones included). */
  readonly requests: readonly RecordedRequest[];
  clearRequests(): void;
  /**
   * Stored objects of a collection in their API (snake_case) shape, oldest first, bypassing
   * the API: e.g. "credentials", "reserved_domains", "backends/failover", "tunnel_sessions"; the AI
   * Gateway API's by path, in its camelCase shapes: "providers", "provider-keys", "access-keys".
   */
  resources(kind: string): unknown[];
  /** Connects a simulated agent (tunnel session, tunnels, endpoints); also POST /_emulator/agents. */
  connectAgent(input: ConnectAgentInput): TunnelSession;
  /** Finishes running agent updates now instead of after 10 s on the emulator's clock. */
  completeAgentUpdates(): void;
  /** The gateway serving the cloud endpoints, when `options.gateway` asked for one. */
  readonly gateway: Gateway | undefined;
  /** The AI Gateway API on its own base URL. */
  readonly aiGatewayApi: EmulatedAiGatewayApi;
  /** The AI Gateway routing access keys' requests, when `options.aiGateway` asked for it. */
  readonly aiGateway: AiGateway | undefined;
  close(): Promise<void>;
}

export const DEFAULT_RATE_LIMIT = { limit: 120, windowMs: 60_000 } as const;
export const DEFAULT_CERTIFICATE_PROVISIONING_MS = 30_000;

/**
 * Starts the emulator's services on one store (the account's state, persisted at `statePath`) and
 * one clock, in this order, each after the ones it needs: the main API (api.ngrok.com, api/), the
 * AI Gateway API (api.ngrok.ai, ai-gateway-api/), and when asked for, the Traffic Policy gateway
 * (gateway/) and the AI gateway (gateway.ngrok.ai, ai-gateway/). A service that fails to start
 * closes the ones before it; `close()` closes them last first, then saves the state.
 */
export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const rateLimit = options.rateLimit === undefined ? DEFAULT_RATE_LIMIT : options.rateLimit;
  if (rateLimit !== false && (!(rateLimit.limit > 0) || !(rateLimit.windowMs > 0))) {
    throw new RangeError("rateLimit.limit and rateLimit.windowMs must be positive");
  }
  const clock = options.clock ?? systemClock;
  const host = options.host ?? "127.0.0.1";
  const apiKey = options.apiKey ?? `emu_${randomBytes(16).toString("hex")}`;
  const store = Store.open(options.statePath, () => clock.now());
  // Scripted faults are matched on both APIs' requests, in the order they were queued.
  const faults = new FaultInjector(options.faults);

  const running: Array<{ close(): Promise<void> }> = [];
  const closeAll = async (): Promise<void> => {
    for (const service of running.splice(0).reverse()) await service.close();
  };
  const start = async <T extends { close(): Promise<void> }>(service: () => Promise<T>): Promise<T> => {
    try {
      const started = await service();
      running.push(started);
      return started;
    } catch (err) {
      await closeAll();
      throw err;
    }
  };

  const api = await start(async () => {
    const server = new ApiServer({
      port: options.port ?? 0,
      host,
      apiKey,
      rateLimit,
      strictRateLimit: options.strictRateLimit ?? false,
      store,
      faults,
      foreignDomains: new Set((options.foreignDomains ?? []).map((d) => d.trim().toLowerCase().replace(/\.$/, ""))),
      certificateProvisioningMs: options.certificateProvisioningMs ?? DEFAULT_CERTIFICATE_PROVISIONING_MS,
      clock,
      tls: options.tls,
    });
    await server.listen();
    return server;
  });
  // Closed last: the state is saved once every service has stopped (and not when the main API fails to start).
  running.unshift({ close: async () => store.save() });

  const aiApi = await start(async () => {
    const server = new AiGatewayApiServer({
      host,
      port: options.aiGatewayApiPort ?? 0,
      apiKey: options.aiGatewayApiKey ?? `emuai_${randomBytes(16).toString("hex")}`,
      store,
      clock,
      rateLimit,
      faults,
      tls: options.tls,
    });
    await server.listen();
    return server;
  });
  const aiGatewayApi: EmulatedAiGatewayApi = {
    get url() {
      return aiApi.url;
    },
    apiKey: aiApi.apiKey,
    get requests() {
      return aiApi.requests;
    },
    clearRequests: () => {
      aiApi.requests.length = 0;
    },
    directory: aiGatewayDirectory(store, { base: aiApi.url, now: () => clock.now() }),
    setCreditBalance: (cents) => aiApi.setCreditBalance(cents),
  };

  const gatewayPorts = options.gateway === undefined || options.gateway === false ? undefined : options.gateway === true ? {} : options.gateway;
  const gateway =
    gatewayPorts === undefined
      ? undefined
      : await start(() =>
          startGateway({
            port: gatewayPorts.port ?? 0,
            tlsPort: gatewayPorts.tlsPort ?? 0,
            ...(gatewayPorts.tcpPorts === undefined ? {} : { tcpPorts: gatewayPorts.tcpPorts }),
            host,
            clock,
            account: api.gatewayAccount(),
          }),
        );

  const ai = options.aiGateway === undefined || options.aiGateway === false ? undefined : options.aiGateway === true ? {} : options.aiGateway;
  const aiGateway =
    ai === undefined
      ? undefined
      : await start(() =>
          startAiGateway({
            port: ai.port ?? 0,
            host,
            clock,
            ...aiGatewayAccount(store, aiGatewayApi.directory),
            ...(ai.providers === undefined ? {} : { providers: ai.providers }),
            ...(ai.standIns === undefined ? {} : { standIns: ai.standIns }),
          }),
        );

  return {
    aiGateway,
    gateway,
    aiGatewayApi,
    url: api.url,
    apiKey,
    scriptFault: (fault) => faults.script(fault),
    get requests() {
      return api.requests;
    },
    clearRequests: () => {
      api.requests.length = 0;
    },
    resources: (kind) => aiApi.resources(kind) ?? api.resources(kind),
    connectAgent: (input) => api.connectAgent(input),
    completeAgentUpdates: () => api.completeAgentUpdates(),
    close: closeAll,
  };
}
