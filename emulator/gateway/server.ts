// The gateway of the emulator: serves HTTP requests for its cloud endpoints, choosing the endpoint
// by the request's Host and running its traffic policy. Emulator-only request headers stand for
// what a loopback connection cannot carry: `ngrok-emulator-client-ip` (the client's address,
// `conn.client_ip`), `ngrok-emulator-connection` (JSON of the other connection facts testPolicy
// takes as request options: geo, IP intelligence, TLS, server address and region, Kubernetes
// pod, HTTP version) and `ngrok-emulator-identity` (a signed-in user's email, for the oauth and
// openid-connect stand-in). None reaches the policy or the upstream.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from "node:net";
import { createSecureContext, TLSSocket } from "node:tls";
import type { Clock } from "../../clock";
import { readBody } from "../shared/http";
import { closeServer, listen, originOf } from "../shared/listen";
import { StaticDirectory } from "./directory";
import { runConnect, runEndpoint, textResponse, type Connected } from "./engine";
import { fetchJwks, type JsonWebKeySet } from "./jwt";
import { policyFromInput } from "./check";
import type { SecretsSource } from "./secrets";
import { handshakeFailure } from "./actions/terminate-tls";
import { clientHelloSni, GatewayCertificates, tlsVariables, versionName, type TlsFacts } from "./tls";
import { listenTcp, type TcpListener } from "./tcp";
import { CircuitBreakers, RateLimitState, type EndpointInfo, type GatewayEnvironment, type LogEntry, type PolicyRequest, type SignIn, type SignedIn, type Upstream } from "./types";

export const CLIENT_IP_HEADER = "ngrok-emulator-client-ip";
export const IDENTITY_HEADER = "ngrok-emulator-identity";
export const CONNECTION_HEADER = "ngrok-emulator-connection";

/** The request options `ngrok-emulator-connection` may carry. */
const CONNECTION_FACTS = ["geo", "serverIp", "serverRegion", "clientIpIntel", "serverIpIntel", "tls", "k8sPod", "httpVersion"] as const;
export type ConnectionFacts = Pick<PolicyRequest, (typeof CONNECTION_FACTS)[number]>;

function connectionFacts(text: string | undefined): ConnectionFacts | string {
  if (text === undefined) return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return `${CONNECTION_HEADER} must be a JSON object`;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return `${CONNECTION_HEADER} must be a JSON object`;
  const unknown = Object.keys(v).filter((k) => !(CONNECTION_FACTS as readonly string[]).includes(k));
  if (unknown.length > 0) return `${CONNECTION_HEADER}: unknown key '${unknown[0]}' (known: ${CONNECTION_FACTS.join(", ")})`;
  return v as ConnectionFacts;
}

export interface Gateway {
  /** "http://127.0.0.1:<port>": send requests here with the endpoint's host as Host. */
  readonly url: string;
  /**
   * "https://127.0.0.1:<port>": the TLS listener. Connect with the endpoint's host as the TLS
   * server name (SNI): its on_tcp_connect runs (terminate-tls configures the handshake: versions,
   * a custom certificate, mutual TLS), then its HTTP requests run with `conn.tls.*` from the real
   * handshake. Without a custom certificate the gateway presents one issued by `caPem`.
   */
  readonly tlsUrl: string;
  /** The emulator's CA (PEM), made at start: trust it to verify the gateway's certificates. */
  readonly caPem: string;
  /**
   * A service behind a URL, as an agent endpoint has: the upstream of an endpoint, or a
   * forward-internal target. The emulator's connected agents' endpoints (`connectAgent`) are
   * there already, leading to their `forwardsTo`.
   */
  registerUpstream(url: string, upstream: Upstream): void;
  /**
   * The TCP listeners by endpoint URL: `tcp://127.0.0.1:<port>` for each TCP endpoint the gateway
   * was started with (`tcpPorts`) or `listenTcp` added.
   */
  readonly tcpUrls: Readonly<Record<string, string>>;
  /**
   * Listens for the TCP endpoint `endpointUrl` (`tcp://1.tcp.ngrok.io:12345`) on its own port (0:
   * an ephemeral one) and answers where: a connection there runs the endpoint's on_tcp_connect,
   * then reaches its upstream (a `tcp://host:port` service) unless an action closed it.
   */
  listenTcp(endpointUrl: string, port?: number): Promise<string>;
  /** The key set jwt-validation finds at `url` (other URLs are fetched over HTTP). */
  registerJwks(url: string, jwks: JsonWebKeySet): void;
  /** Every log action's entry, in order. */
  readonly logs: readonly LogEntry[];
  close(): Promise<void>;
}

/** What the gateway reads of the account it serves, and the sign-ins it reports to it. */
export interface GatewayAccount {
  /** The cloud endpoints, with their traffic policies. */
  cloudEndpoints(): EndpointInfo[];
  /** The online agents' endpoints: each public URL with the address its agent forwards to. */
  agentEndpoints(): ReadonlyArray<{ url: string; forwardsTo: string }>;
  /** CIDRs of an IP policy by action (restrict-ips `ip_policies`); undefined when it does not exist. */
  ipPolicy(id: string): { allow: string[]; deny: string[] } | undefined;
  /** A certificate authority's PEM by id (terminate-tls `mutual_tls_certificate_authorities`). */
  certificateAuthority(id: string): string | undefined;
  /** `secrets.get(vault, name)`. */
  secrets: SecretsSource;
  /** Records a sign-in through oauth or openid-connect as the account's Traffic Identities. */
  signIn(signIn: SignIn): SignedIn;
}

export interface GatewayOptions {
  port: number;
  /** The TLS listener's port; default an ephemeral one. */
  tlsPort?: number;
  /** A TCP listener for each of these TCP endpoints, by URL, on the port given (0: an ephemeral one). */
  tcpPorts?: Readonly<Record<string, number>>;
  host: string;
  clock: Clock;
  account: GatewayAccount;
}

export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const upstreams = new Map<string, Upstream>();
  const jwks = new Map<string, JsonWebKeySet>();
  const logs: LogEntry[] = [];
  // An agent endpoint stands for a local service: its URL leads to the address the agent forwards to.
  const services = (): Map<string, Upstream> => {
    const all = new Map<string, Upstream>();
    for (const agent of options.account.agentEndpoints()) all.set(agent.url, /^[a-z]+:\/\//.test(agent.forwardsTo) ? agent.forwardsTo : `http://${agent.forwardsTo}`);
    for (const [url, upstream] of upstreams) all.set(url, upstream);
    return all;
  };
  const { account } = options;
  const directory = new StaticDirectory(() => account.cloudEndpoints(), services);
  const env: GatewayEnvironment = {
    clock: options.clock,
    rateLimits: new RateLimitState(),
    circuitBreakers: new CircuitBreakers(),
    jwks: async (url) => jwks.get(url) ?? fetchJwks(url),
    endpointByUrl: (url) => directory.byUrl(url),
    ipPolicy: (id) => account.ipPolicy(id),
    certificateAuthority: (id) => account.certificateAuthority(id),
    secret: (vault, name) => account.secrets.get(vault, name),
    onLog: (entry) => logs.push(entry),
    signIn: (signIn) => account.signIn(signIn),
  };

  // What the TLS listener learnt of each connection: its endpoint, its handshake, and what its on_tcp_connect left.
  const tlsConnections = new WeakMap<Socket, { host: string; facts: TlsFacts; connected: Connected }>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const body = await readBody(req);
    const tlsConn = tlsConnections.get(req.socket);
    // Over TLS the endpoint is the one the handshake's SNI chose.
    const host = tlsConn?.host ?? req.headers.host ?? "";
    const endpoint = directory.byHost(host);
    if (endpoint === undefined) {
      write(res, textResponse(404, `ERR_NGROK_3200: The endpoint ${host} is offline.\n`));
      return;
    }
    let policy;
    try {
      policy = policyFromInput(endpoint.trafficPolicy ?? "");
    } catch (err) {
      write(res, textResponse(500, `${err instanceof Error ? err.message : String(err)}\n`));
      return;
    }
    const headers: Record<string, string[]> = {};
    for (const [name, values] of Object.entries(req.headersDistinct)) {
      if (values === undefined || name === CLIENT_IP_HEADER || name === IDENTITY_HEADER || name === CONNECTION_HEADER) continue;
      headers[name] = values;
    }
    const clientIp = headerValue(req, CLIENT_IP_HEADER) ?? (req.socket.remoteAddress ?? "127.0.0.1").replace(/^::ffff:/, "");
    const identity = headerValue(req, IDENTITY_HEADER);
    const facts = connectionFacts(headerValue(req, CONNECTION_HEADER));
    if (typeof facts === "string") {
      write(res, textResponse(400, `ngrok-emulator gateway: ${facts}\n`));
      return;
    }
    const request: PolicyRequest = {
      method: req.method ?? "GET",
      url: new URL(req.url ?? "/", endpoint.url).toString(),
      headers,
      body,
      clientIp,
      clientPort: req.socket.remotePort ?? 0,
      ...facts,
      ...(identity === undefined ? {} : { identity: { email: identity } }),
      ...(tlsConn === undefined ? {} : { tls: tlsConn.facts }),
    };
    const result = await runEndpoint(endpoint, policy, request, env, 0, tlsConn?.connected);
    if (result.status === 0) {
      req.socket.destroy();
      return;
    }
    const out = new Map<string, string[]>(Object.entries(result.headers).map(([k, v]) => [k, [v]]));
    write(res, { status: result.status, headers: out, body: result.rawBody });
  };

  const server: Server = createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) write(res, textResponse(500, `ngrok-emulator gateway: ${err instanceof Error ? err.message : String(err)}\n`));
      else res.destroy();
    });
  });
  const url = originOf("http", await listen(server, options.port, options.host));

  const certificates = await GatewayCertificates.create(() => options.clock.now());
  const sockets = new Set<Socket>();
  /**
   * A TLS connection: the ClientHello's SNI names the endpoint, its on_tcp_connect runs (and may
   * close the connection, or configure the handshake with terminate-tls), the handshake is made
   * with that config, then the HTTP server reads the requests from the TLS socket.
   */
  const accept = async (socket: Socket, hello: Buffer): Promise<void> => {
    const sni = clientHelloSni(hello);
    const endpoint = typeof sni === "string" && sni !== "" ? directory.byHost(sni) : undefined;
    if (endpoint === undefined || typeof sni !== "string") return void socket.destroy();
    const clientIp = (socket.remoteAddress ?? "127.0.0.1").replace(/^::ffff:/, "");
    const connect = await runConnect(endpoint, policyFromInput(endpoint.trafficPolicy ?? ""), { clientIp, clientPort: socket.remotePort ?? 0 }, env);
    if (connect.closed) return void socket.destroy();
    const t = connect.tls;
    const own = t?.server ?? (await certificates.forHost(sni));
    const mutual = t !== undefined && t.mutualTlsCas.length > 0;
    const context = createSecureContext({
      key: own.key,
      cert: own.cert,
      minVersion: `TLSv${t?.minVersion ?? "1.2"}`,
      maxVersion: `TLSv${t?.maxVersion ?? "1.3"}`,
      ...(mutual ? { ca: t.mutualTlsCas } : {}),
    });
    socket.unshift(hello);
    const tlsSocket = new TLSSocket(socket, {
      isServer: true,
      secureContext: context,
      requestCert: mutual,
      rejectUnauthorized: mutual && t.strategy === "require-and-verify",
      ALPNProtocols: ["http/1.1"],
    });
    tlsSocket.on("error", () => tlsSocket.destroy());
    tlsSocket.once("secure", () => {
      const peer = tlsSocket.getPeerX509Certificate();
      const facts: TlsFacts = {
        version: versionName(tlsSocket.getProtocol()),
        cipherSuite: tlsSocket.getCipher().standardName,
        sni,
        negotiatedAlpn: typeof tlsSocket.alpnProtocol === "string" ? tlsSocket.alpnProtocol : "",
        sessionResumed: false,
        ...(peer === undefined ? {} : { clientCertificate: peer.toString() }),
        serverCertificate: own.cert,
      };
      // A TLSSocket of our own does not enforce the client certificate's verification (tls.Server
      // does): the strategy is applied here, as terminate-tls applies it to given facts.
      if (mutual && handshakeFailure(t, facts, options.clock.now()) !== undefined) return void tlsSocket.destroy();
      const actionResults = { ...connect.connected.actionResults, ...(t === undefined ? {} : { terminate_tls: { error: { code: "", message: "" }, ...tlsVariables(facts) } }) };
      tlsConnections.set(tlsSocket, { host: sni, facts, connected: { actionResults } });
      server.emit("connection", tlsSocket);
    });
  };
  const tlsServer: TcpServer = createTcpServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
    let hello = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      hello = Buffer.concat([hello, chunk]);
      const sni = clientHelloSni(hello);
      if (sni === undefined && hello.length < 65_536) return;
      socket.off("data", onData);
      socket.pause();
      accept(socket, hello).catch(() => socket.destroy());
    };
    socket.on("data", onData);
  });
  const tlsUrl = originOf("https", await listen(tlsServer, options.tlsPort ?? 0, options.host));

  const tcpListeners = new Map<string, TcpListener>();
  const tcpUrls: Record<string, string> = {};
  const addTcp = async (endpointUrl: string, port = 0): Promise<string> => {
    const listener = await listenTcp(endpointUrl, port, options.host, directory, env);
    await tcpListeners.get(endpointUrl)?.close();
    tcpListeners.set(endpointUrl, listener);
    tcpUrls[endpointUrl] = listener.url;
    return listener.url;
  };
  for (const [endpointUrl, port] of Object.entries(options.tcpPorts ?? {})) await addTcp(endpointUrl, port);

  return {
    url,
    tlsUrl,
    caPem: certificates.caPem,
    logs,
    tcpUrls,
    listenTcp: addTcp,
    registerUpstream: (u, upstream) => void upstreams.set(u, upstream),
    registerJwks: (u, set) => void jwks.set(u, set),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([...[...tcpListeners.values()].map((l) => l.close()), new Promise<void>((resolve) => tlsServer.close(() => resolve())), closeServer(server)]);
    },
  };
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function write(res: ServerResponse, msg: { status: number; headers: Map<string, string[]>; body: Buffer }): void {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of msg.headers) if (k !== "content-length" && k !== "transfer-encoding" && k !== "connection") headers[k] = v;
  headers["content-length"] = String(msg.body.length);
  res.writeHead(msg.status, headers);
  res.end(msg.body);
}
