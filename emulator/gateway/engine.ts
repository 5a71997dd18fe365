// Runs an endpoint's traffic policy on one HTTP request, phase by phase, as ngrok's Traffic
// Policy documentation describes (https://ngrok.com/docs/traffic-policy/how-it-works/): rules in
// order, a rule's actions when all its expressions are true, a terminating action ends the phase.
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { CelEvaluator, CelFailure } from "./cel";
import { bindings, queryParams, requestCookies, responseCookies } from "./variables";
import { xxhashReady } from "./xxhash";
import { ACTIONS, ConfigError, NotEmulated, type ActionContext, type ActionOutcome, type Exchange, type HttpMessage, type OutboundRequest, type TlsTermination } from "./actions";
import { policyFromInput } from "./check";
import type { PhaseName, WirePolicy, WireRule } from "./policy";
import { formatMessage, isEventStream, parseMessage, splitMessages } from "./sse";
import type { EndpointInfo, GatewayEnvironment, HeaderInput, PolicyFailure, PolicyRequest, PolicyResult, UpstreamRequest, UpstreamResponse } from "./types";

/** The terminating actions of the catalogue, as the message of a policy that ends without one lists them. */
const TERMINATING = Object.values(ACTIONS)
  .filter((a) => a.terminating === true)
  .map((a) => a.type)
  .join(", ");

const MAX_FORWARD_DEPTH = 8;

export function headerMap(input: HeaderInput | undefined): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [name, value] of Object.entries(input ?? {})) {
    const key = name.toLowerCase();
    const list = out.get(key) ?? [];
    list.push(...(typeof value === "string" ? [value] : value));
    out.set(key, list);
  }
  return out;
}

function bytes(body: string | Uint8Array | undefined): Buffer {
  if (body === undefined) return Buffer.alloc(0);
  return typeof body === "string" ? Buffer.from(body, "utf8") : Buffer.from(body);
}

export function textResponse(status: number, text: string, headers: Record<string, string> = {}): HttpMessage {
  const h = headerMap(headers);
  if (text !== "" && !h.has("content-type")) h.set("content-type", ["text/plain; charset=utf-8"]);
  return { status, headers: h, body: Buffer.from(text, "utf8") };
}

/** What on_tcp_connect left for the HTTP requests of a connection (the gateway's TLS listener runs it once per connection). */
export interface Connected {
  actionResults: Record<string, unknown>;
}

/**
 * on_tcp_connect alone, for a connection before its TLS handshake: whether the policy closed it,
 * what terminate-tls asked of the handshake, and what the requests that follow inherit.
 */
export async function runConnect(
  endpoint: EndpointInfo,
  policy: WirePolicy,
  conn: Omit<PolicyRequest, "url">,
  env: GatewayEnvironment,
  depth = 0,
): Promise<{ closed: boolean; tls: TlsTermination | undefined; connected: Connected; result: PolicyResult }> {
  await xxhashReady;
  const exchange = newExchange(endpoint, { url: endpoint.url, ...conn }, env);
  const ctx = context(env, depth);
  const tcp = await runPhase("on_tcp_connect", policy.on_tcp_connect, exchange, ctx);
  const closed = tcp.kind !== "continue";
  // A connection that ends in on_tcp_connect has no HTTP answer: closed, or handed to another endpoint.
  const result = resultOf(exchange, closed ? "closed" : textResponse(200, ""), tcp.kind === "failed" ? tcp.failure : undefined, closed);
  result.connection = exchange.forwardedTo !== undefined ? "forwarded" : closed ? "closed" : "accepted";
  if (exchange.forwardedTo !== undefined) result.forwardedTo = exchange.forwardedTo;
  return { closed, tls: exchange.tlsTermination, connected: { actionResults: exchange.actionResults }, result };
}

function newExchange(endpoint: EndpointInfo, request: PolicyRequest, env: GatewayEnvironment): Exchange {
  const url = new URL(request.url, new URL(endpoint.url));
  const shorthand = { ...(request.sni === undefined ? {} : { sni: request.sni }), ...(request.clientCertificate === undefined ? {} : { clientCertificate: request.clientCertificate }) };
  const tls = request.tls === undefined && Object.keys(shorthand).length === 0 ? undefined : { ...shorthand, ...request.tls };
  const exchange: Exchange = {
    endpoint,
    request: {
      method: (request.method ?? "GET").toUpperCase(),
      url,
      headers: headerMap(request.headers),
      body: bytes(request.body),
      ...(request.trailers === undefined ? {} : { trailers: headerMap(request.trailers) }),
      ...(request.httpVersion === undefined ? {} : { version: request.httpVersion }),
    },
    originalUrl: url.toString(),
    conn: {
      clientIp: request.clientIp ?? "127.0.0.1",
      clientPort: request.clientPort ?? 50000,
      geo: request.geo ?? {},
      startedAt: env.clock.now(),
      serverIp: request.serverIp ?? "127.0.0.1",
      serverRegion: request.serverRegion ?? "emulator",
      ...(request.clientIpIntel === undefined ? {} : { clientIpIntel: request.clientIpIntel }),
      ...(request.serverIpIntel === undefined ? {} : { serverIpIntel: request.serverIpIntel }),
      ...(tls === undefined ? {} : { tls }),
      ...(request.k8sPod === undefined ? {} : { k8sPod: request.k8sPod }),
    },
    identity: request.identity,
    vars: {},
    actionResults: {},
    trace: { rules: [], actions: [], logs: [], vars: {} },
    response: undefined,
    upstreamRequest: undefined,
    onFinish: [],
  };
  if (!exchange.request.headers.has("host")) exchange.request.headers.set("host", [url.host]);
  return exchange;
}

function context(env: GatewayEnvironment, depth: number): ActionContext {
  return {
    env,
    forward: async (target, ex) => forward(target, ex, env, depth),
    send: async (out, ex) => send(out, ex, env, depth),
    connect: async (target, ex) => {
      const endpoint = env.endpointByUrl(target);
      if (endpoint === undefined || depth >= MAX_FORWARD_DEPTH) return undefined;
      const facts: Omit<PolicyRequest, "url"> = { clientIp: ex.conn.clientIp, clientPort: ex.conn.clientPort, geo: ex.conn.geo, serverIp: ex.conn.serverIp, serverRegion: ex.conn.serverRegion, ...(ex.conn.tls ? { tls: ex.conn.tls } : {}) };
      const connected = await runConnect(endpoint, policyFromInput(endpoint.trafficPolicy ?? ""), facts, env, depth + 1);
      for (const t of connected.result.actions) ex.trace.actions.push({ ...t, rule: `${endpoint.url} ${t.rule}` });
      return connected.closed && connected.result.connection !== "forwarded" ? "closed" : "accepted";
    },
  };
}

function resultOf(exchange: Exchange, msg: HttpMessage | "closed", failure: PolicyFailure | undefined, terminated: boolean): PolicyResult {
  const headers: Record<string, string> = {};
  const raw = msg === "closed" ? Buffer.alloc(0) : msg.body;
  if (msg !== "closed") for (const [k, v] of msg.headers) headers[k] = v.join(", ");
  const result: PolicyResult = {
    status: msg === "closed" ? 0 : msg.status,
    headers,
    body: raw.toString("utf8"),
    rawBody: raw,
    rules: exchange.trace.rules,
    actions: exchange.trace.actions,
    vars: exchange.trace.vars,
    actionResults: exchange.actionResults,
    logs: exchange.trace.logs,
    terminated,
  };
  if (failure !== undefined) result.failure = failure;
  if (exchange.upstreamRequest !== undefined) result.upstream = exchange.upstreamRequest;
  for (const hook of exchange.onFinish.splice(0)) hook(result.status);
  return result;
}

/**
 * Runs `endpoint`'s policy on `request`; `depth` counts forward-internal hops. With `connected`,
 * on_tcp_connect has run already for the request's connection.
 */
export async function runEndpoint(endpoint: EndpointInfo, policy: WirePolicy, request: PolicyRequest, env: GatewayEnvironment, depth = 0, connected?: Connected): Promise<PolicyResult> {
  await xxhashReady;
  const exchange = newExchange(endpoint, request, env);
  if (connected !== undefined) Object.assign(exchange.actionResults, connected.actionResults);
  const ctx = context(env, depth);
  const finish = (msg: HttpMessage | "closed", failure?: PolicyFailure, terminated = true): PolicyResult => resultOf(exchange, msg, failure, terminated);

  // on_tcp_connect: the connection before any HTTP.
  if (connected === undefined) {
    const tcp = await runPhase("on_tcp_connect", policy.on_tcp_connect, exchange, ctx);
    if (tcp.kind === "failed") return finish(failureResponse(tcp.failure), tcp.failure);
    if (tcp.kind === "answered") return finish(tcp.response);
  }

  const req = await runPhase("on_http_request", policy.on_http_request, exchange, ctx);
  if (req.kind === "failed") return finish(failureResponse(req.failure), req.failure);
  let response: HttpMessage;
  /** Whether on_http_response runs: on the upstream's answer, and on those actions ask it for. */
  let responsePhase: boolean;
  if (req.kind === "answered") {
    if (req.response === "closed") return finish("closed");
    response = req.response;
    responsePhase = req.responsePhase;
  } else if (endpoint.upstream !== undefined) {
    response = await callUpstream(endpoint.upstream, exchange);
    responsePhase = true;
  } else {
    // A cloud endpoint's policy must end with a terminating action (ngrok's Traffic Policy docs).
    return finish(
      textResponse(502, `The traffic policy of ${endpoint.url} ended without a terminating action: a cloud endpoint's policy must end with one (${TERMINATING}).\n`),
      undefined,
      false,
    );
  }
  if (!responsePhase) return finish(response);

  exchange.response = response;
  const res = await runPhase("on_http_response", policy.on_http_response, exchange, ctx);
  if (res.kind === "failed") return finish(failureResponse(res.failure), res.failure);
  if (res.kind === "answered") return finish(res.response);
  if (policy.on_event_stream_message?.length && isEventStream(exchange.response.headers)) {
    const failure = await runEventStream(policy.on_event_stream_message, exchange, ctx);
    if (failure) return finish(failureResponse(failure), failure);
  }
  return finish(exchange.response);
}

/**
 * on_event_stream_message: the rules run on each message of the upstream's event stream, which
 * reaches the client with the messages they rewrote. (The emulator reads the whole stream first.)
 */
async function runEventStream(rules: readonly WireRule[], ex: Exchange, ctx: ActionContext): Promise<PolicyFailure | undefined> {
  const response = ex.response!;
  const parts = splitMessages(response.body.toString("utf8"));
  let changed = false;
  for (const part of parts) {
    if (part.block === "") continue;
    ex.message = parseMessage(part.block);
    const result = await runPhase("on_event_stream_message", rules, ex, ctx);
    if (result.kind === "failed") return result.failure;
    if (ex.message.changed) {
      part.block = formatMessage(ex.message);
      changed = true;
    }
  }
  ex.message = undefined;
  if (changed) {
    response.body = Buffer.from(parts.map((p) => p.block + p.separator).join(""), "utf8");
    response.headers.delete("content-length");
  }
  return undefined;
}

type PhaseResult = { kind: "continue" } | { kind: "answered"; response: HttpMessage | "closed"; responsePhase: boolean } | { kind: "failed"; failure: PolicyFailure };

function ruleLabel(rule: WireRule, index: number): string {
  return rule.name ?? `#${index}`;
}

async function runPhase(phase: PhaseName, rules: readonly WireRule[] | undefined, ex: Exchange, ctx: ActionContext): Promise<PhaseResult> {
  ex.vars = {};
  const cel = evaluator(ex, phase, ctx.env);
  const celWith = (extra: Record<string, unknown>): CelEvaluator => evaluator(ex, phase, ctx.env, extra);
  for (const [index, rule] of (rules ?? []).entries()) {
    const label = ruleLabel(rule, index);
    let matched = true;
    for (const expression of rule.expressions ?? []) {
      try {
        matched = cel.test(expression);
      } catch (err) {
        ex.trace.rules.push({ phase, rule: label, index, matched: false });
        return { kind: "failed", failure: { phase, rule: label, ruleIndex: index, expression, code: "ERR_NGROK_2254", message: err instanceof Error ? err.message : String(err) } };
      }
      if (!matched) break;
    }
    ex.trace.rules.push({ phase, rule: label, index, matched });
    if (!matched) continue;
    for (const [actionIndex, action] of rule.actions.entries()) {
      const impl = ACTIONS[action.type];
      let outcome: ActionOutcome;
      try {
        if (impl === undefined) throw new NotEmulated("the emulator does not know this action type");
        if (!impl.phases.includes(phase)) throw new ConfigError(`action ${action.type} is not supported in ${phase}`);
        if (impl.notRunIn?.includes(phase)) throw new NotEmulated(`the emulator does not run it in ${phase}`);
        outcome = await impl.run(action.config ?? {}, { type: impl.type, ex, phase, cel, rule: label, at: `${phase}/${index}/${actionIndex}`, ctx, celWith });
      } catch (err) {
        if (err instanceof CelFailure) {
          ex.trace.actions.push({ phase, rule: label, type: action.type, outcome: "error", detail: err.message });
          return {
            kind: "failed",
            failure: { phase, rule: label, ruleIndex: index, expression: err.expression, action: action.type, code: "ERR_NGROK_2253", message: err.message },
          };
        }
        // A config the service would have refused when the policy was saved; or what the emulator cannot do.
        const code = err instanceof ConfigError ? "invalid-config" : err instanceof NotEmulated ? "not-emulated" : "emulator-error";
        // The action is named here, from the policy: the actions' own messages say only what and why.
        const text = err instanceof Error ? err.message : String(err);
        const why = err instanceof NotEmulated ? `the ${action.type} action is not emulated: ${text}` : `${action.type}: ${text}`;
        ex.trace.actions.push({ phase, rule: label, type: action.type, outcome: "error", detail: why });
        return { kind: "failed", failure: { phase, rule: label, ruleIndex: index, action: action.type, code, message: why } };
      }
      ex.trace.actions.push({ phase, rule: label, type: action.type, outcome: outcome.kind === "continue" ? "continue" : outcome.kind === "error" ? "error" : "terminate", ...(outcome.detail ? { detail: outcome.detail } : {}) });
      if (outcome.kind === "respond") return { kind: "answered", response: outcome.response, responsePhase: (outcome.fromUpstream ?? false) || (outcome.responsePhase ?? false) };
      if (outcome.kind === "close") return { kind: "answered", response: "closed", responsePhase: false };
      if (outcome.kind === "error") return { kind: "answered", response: outcome.response, responsePhase: false };
    }
  }
  return { kind: "continue" };
}

function failureResponse(f: PolicyFailure): HttpMessage {
  if (f.code === "not-emulated") return textResponse(501, `ngrok-emulator: ${f.message}\n`);
  if (f.code === "emulator-error") return textResponse(500, `ngrok-emulator: the ${f.action ?? ""} action failed in the emulator: ${f.message}\n`);
  if (f.expression === undefined) return textResponse(500, `Invalid configuration of action ${f.action ?? ""}: ${f.message}\n`);
  const text =
    f.code === "ERR_NGROK_2254"
      ? `ERR_NGROK_2254: Failed to resolve CEL expression. The expression was: ${f.expression}\nERROR: ${f.message}\n`
      : `ERR_NGROK_2253: Failed to evaluate CEL expression on ${f.action ?? "config"} at runtime: ${f.message}\n`;
  return textResponse(500, text);
}

function headersObject(m: ReadonlyMap<string, readonly string[]>): Record<string, string[]> {
  return Object.fromEntries([...m].map(([k, v]) => [k, [...v]]));
}

function evaluator(ex: Exchange, phase: PhaseName, env: GatewayEnvironment, extra: Record<string, unknown> = {}): CelEvaluator {
  const inResponse = phase === "on_http_response" || phase === "on_event_stream_message";
  return new CelEvaluator(
    {
      reqHeaders: () => ex.request.headers,
      resHeaders: () => (inResponse ? ex.response?.headers : undefined),
      queryParams: () => queryParams(ex.request.url),
      reqCookies: () => requestCookies(ex.request.headers),
      resCookies: () => (inResponse && ex.response !== undefined ? responseCookies(ex.response.headers) : undefined),
      secret: (vault, name) => env.secret?.(vault, name),
      random: () => (env.random ?? Math.random)(),
    },
    () => ({ ...bindings(ex, phase, env.clock.now()), ...extra }),
  );
}

function upstreamRequest(ex: Exchange, base: URL | undefined): UpstreamRequest {
  const headers = new Map(ex.request.headers);
  const publicUrl = new URL(ex.originalUrl);
  // The headers ngrok sets when it proxies (https://ngrok.com/docs/universal-gateway/http/#upstream-headers).
  headers.set("x-forwarded-for", [ex.conn.clientIp]);
  headers.set("x-forwarded-host", [headers.get("host")?.[0] ?? publicUrl.host]);
  headers.set("x-forwarded-proto", [publicUrl.protocol.replace(/:$/, "")]);
  // ngrok's proxy asks the upstream for gzip when the client named no encoding, as Go's HTTP
  // transport does: the forward-internal page shows `Accept-Encoding: gzip` arriving upstream
  // (https://ngrok.com/docs/traffic-policy/actions/forward-internal/).
  if (!headers.has("accept-encoding")) headers.set("accept-encoding", ["gzip"]);
  const target = base === undefined ? ex.request.url : new URL(ex.request.url.pathname + ex.request.url.search, base);
  return { method: ex.request.method, url: target.toString(), headers: headersObject(headers), body: ex.request.body };
}

async function callUpstream(upstream: NonNullable<EndpointInfo["upstream"]>, ex: Exchange): Promise<HttpMessage> {
  if (typeof upstream === "function") {
    const req = upstreamRequest(ex, undefined);
    ex.upstreamRequest = req;
    const res: UpstreamResponse = await upstream(req);
    return { status: res.status, headers: headerMap(res.headers), body: bytes(res.body) };
  }
  const req = upstreamRequest(ex, new URL(upstream));
  ex.upstreamRequest = req;
  try {
    return await httpCall(req);
  } catch (err) {
    return textResponse(502, `ERR_NGROK_3004: ngrok gateway error: the upstream at ${upstream} did not answer (${err instanceof Error ? err.message : String(err)}).\n`);
  }
}

/** One HTTP exchange with node:http, which (unlike fetch) sends the Host header it is given. */
function httpCall(req: UpstreamRequest): Promise<HttpMessage> {
  const url = new URL(req.url);
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(req.headers)) if (k !== "content-length" && k !== "connection" && k !== "transfer-encoding") headers[k] = v;
  // node:http takes a single Host.
  headers["host"] = req.headers["host"]?.[0] ?? url.host;
  headers["content-length"] = String(req.body.length);
  return new Promise((resolve, reject) => {
    const out = send(url, { method: req.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const h = new Map<string, string[]>();
        for (const [k, v] of Object.entries(res.headersDistinct)) if (v !== undefined) h.set(k, v);
        resolve({ status: res.statusCode ?? 502, headers: h, body: Buffer.concat(chunks) });
      });
    });
    out.on("error", reject);
    out.end(req.body);
  });
}

/** forward-internal: the target endpoint's own policy runs on the request, then its upstream answers. */
async function forward(target: string, ex: Exchange, env: GatewayEnvironment, depth: number): Promise<HttpMessage | undefined> {
  const endpoint = env.endpointByUrl(target);
  if (endpoint === undefined) return undefined;
  if (depth >= MAX_FORWARD_DEPTH) return textResponse(508, `more than ${MAX_FORWARD_DEPTH} hops from endpoint to endpoint\n`);
  const policy = policyFromInput(endpoint.trafficPolicy ?? "");
  const result = await runEndpoint(
    endpoint,
    policy,
    {
      method: ex.request.method,
      url: new URL(ex.request.url.pathname + ex.request.url.search, endpoint.url).toString(),
      headers: Object.fromEntries(ex.request.headers),
      body: ex.request.body,
      clientIp: ex.conn.clientIp,
      clientPort: ex.conn.clientPort,
      geo: ex.conn.geo,
      serverIp: ex.conn.serverIp,
      serverRegion: ex.conn.serverRegion,
      ...(ex.request.version === undefined ? {} : { httpVersion: ex.request.version }),
      ...(ex.request.trailers === undefined ? {} : { trailers: Object.fromEntries(ex.request.trailers) }),
      ...(ex.conn.clientIpIntel === undefined ? {} : { clientIpIntel: ex.conn.clientIpIntel }),
      ...(ex.conn.serverIpIntel === undefined ? {} : { serverIpIntel: ex.conn.serverIpIntel }),
      ...(ex.conn.k8sPod === undefined ? {} : { k8sPod: ex.conn.k8sPod }),
      ...(ex.identity ? { identity: ex.identity } : {}),
      // The client's TLS handshake was with the public endpoint; the internal one sees its facts.
      ...(ex.conn.tls ? { tls: ex.conn.tls } : {}),
    },
    env,
    depth + 1,
  );
  if (result.upstream !== undefined) ex.upstreamRequest = result.upstream;
  for (const t of result.actions) ex.trace.actions.push({ ...t, rule: `${endpoint.url} ${t.rule}` });
  for (const l of result.logs) ex.trace.logs.push(l);
  if (result.status === 0) return textResponse(502, "the target endpoint closed the connection\n");
  return { status: result.status, headers: headerMap(result.headers), body: result.rawBody };
}

/**
 * http-request: the gateway's own request to an endpoint (whose policy runs on it, then its
 * upstream answers) or to a registered upstream. The headers ngrok documents it adds are set here
 * (https://ngrok.com/docs/traffic-policy/actions/http-request/#automatically-injected-headers).
 */
async function send(out: OutboundRequest, ex: Exchange, env: GatewayEnvironment, depth: number): Promise<HttpMessage | undefined> {
  const endpoint = env.endpointByUrl(out.url);
  if (endpoint === undefined) return undefined;
  if (depth >= MAX_FORWARD_DEPTH) return textResponse(508, `more than ${MAX_FORWARD_DEPTH} hops from endpoint to endpoint\n`);
  const target = new URL(out.url);
  const headers: Record<string, string[]> = {
    ...out.headers,
    "ngrok-req-type": [out.sender],
    "ngrok-report-abuse": ["https://ngrok.com/abuse"],
    "x-forwarded-for": [ex.conn.clientIp],
    "user-agent": ["ngrok/cloud"],
    host: [target.host],
  };
  const result = await runEndpoint(
    endpoint,
    policyFromInput(endpoint.trafficPolicy ?? ""),
    { method: out.method, url: new URL(target.pathname + target.search, endpoint.url).toString(), headers, body: out.body, clientIp: ex.conn.clientIp },
    env,
    depth + 1,
  );
  for (const l of result.logs) ex.trace.logs.push(l);
  if (result.status === 0) throw new Error(`the endpoint ${endpoint.url} closed the connection`);
  return { status: result.status, headers: headerMap(result.headers), body: result.rawBody };
}
