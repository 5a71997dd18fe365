// The emulator's stand-in for https://gateway.ngrok.ai: OpenAI-compatible requests made with an
// access key, routed by the key's access key configuration (router.ts) to the providers' base
// URLs. Built-in providers' URLs are ngrok's, so a test points them at stand-ins
// (`providers`, `setProvider`); a custom provider's base URL is its own, unless overridden too.
//
// Pages (https://ngrok.com/docs/ai-gateway/...): how-it-works ("Authentication": a Bearer token
// or x-api-key; the request flow), concepts/access-keys ("Invalid keys are rejected": 401),
// reference/error-codes (ERR_NGROK_3801), guides/why-a-request-failed-over (the Ngrok-AIG-*
// headers), guides/error-handling (per-request timeout), how-it-works "Timeouts and token
// limits" (60 s per attempt by default).
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Clock } from "../../clock";
import { readBody } from "../shared/http";
import { closeServer, listen } from "../shared/listen";
import { builtInProvider, catalogModels } from "../shared/ai-catalog";
import { gatewayError, route, upstreamBodyOf, type CustomProviderRecord, type ProviderKeyRecord, type RouteResult, type RoutingConfiguration, type UpstreamOutcome } from "./router";
import { NGROK_INFERENCE_CREDENTIAL, standInOutcome } from "./stand-in";
import { LENGTH_FIELDS, surfaceOf, type Surface } from "./surfaces";

/** One upstream attempt, as `/usage` answers it (AIGatewayUsageEvent); `id` is issued on record. */
export interface UsageEventInput {
  eventTime?: string;
  requestId: string;
  accessKeyId: string;
  provider: string;
  providerDisplayName?: string;
  model: string;
  modelDisplayName?: string;
  attemptNumber: number;
  isFinalAttempt: boolean;
  statusCode: number;
  timedOut?: boolean;
  isError?: boolean;
  isStreaming?: boolean;
  stopReason?: string;
  inputTokens?: number;
  outputTokens?: number;
  cacheReadTokens?: number;
  reasoningTokens?: number;
  /** US dollars, a decimal string (five places). */
  totalCost?: string;
  keySource: "ngrok" | "user";
  providerKeyId?: string;
  providerKeyDisplayName?: string;
}

/** What the gateway reads of the account's AI Gateway state. */
export interface GatewayDirectory {
  accessKeyByToken(token: string): { id: string; configurationId?: string } | undefined;
  accessKeyConfiguration(id: string): RoutingConfiguration | undefined;
  providerKey(id: string): ProviderKeyRecord | undefined;
  customProvider(ref: string): CustomProviderRecord | undefined;
  providerKeysFor?(provider: string): readonly ProviderKeyRecord[];
  /** Records one attempt where the AI Gateway API's `/usage` answers it. */
  recordUsage?(event: UsageEventInput): string;
}

/** One request the gateway routed: its id (the Ngrok-AIG-Request-Id header), the access key, and the router's result. */
export interface AiGatewayRoute extends RouteResult {
  requestId: string;
  accessKeyId: string;
}

export interface AiGateway {
  /** "http://127.0.0.1:<port>": stands for https://gateway.ngrok.ai; an OpenAI SDK's base URL is this + "/v1". */
  readonly url: string;
  /** Sends a provider's traffic (built-in or custom, by providerId) to `baseUrl` (e.g. a stand-in's url). */
  setProvider(providerId: string, baseUrl: string): void;
  /** Every request routed, in order. */
  readonly routes: readonly AiGatewayRoute[];
  close(): Promise<void>;
}

export interface AiGatewayOptions {
  port: number;
  host: string;
  directory: GatewayDirectory;
  clock: Clock;
  /** Base URLs by providerId, overriding ngrok's catalog and custom providers' own. */
  providers?: Record<string, string>;
  /**
   * Providers with no base URL in `providers` answer from an in-process stand-in (200, a chat
   * completion) instead of their catalog or custom base URL: a deployed configuration is online
   * with no provider reachable.
   */
  standIns?: boolean;
  /** Per-attempt timeout in ms; default 60 s. */
  perRequestTimeoutMs?: () => number;
  /** Timeout of all attempts together, in ms; default 120 s. */
  totalTimeoutMs?: () => number;
  /** The gateway configuration's `maxInputTokens`: requests estimated above it are refused; undefined: no cap. */
  maxInputTokens?: () => number | undefined;
  /** The gateway configuration's `maxOutputTokens`: the completion's length is capped at it; undefined: no cap. */
  maxOutputTokens?: () => number | undefined;
  /** The account's credit balance in cents, when a test set one; undefined: credits are not counted. */
  creditBalanceCents?: () => number | undefined;
}

/** The fields where a request carries its prompt: chat messages, Anthropic's system, the Responses and completions APIs' input. */
const PROMPT_FIELDS = ["messages", "system", "input", "prompt"] as const;

/**
 * The input tokens a request is estimated at: a token per four characters of the text in its
 * prompt fields (not their `role` or `type` names), rounded up. ngrok documents that it refuses requests "above estimated input
 * tokens" without saying how it estimates; four characters a token is OpenAI's rule of thumb for
 * English text.
 */
export function estimateInputTokens(body: Record<string, unknown>): number {
  let chars = 0;
  const walk = (value: unknown): void => {
    if (typeof value === "string") chars += value.length;
    else if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === "object" && value !== null) {
      for (const [k, v] of Object.entries(value)) if (k !== "role" && k !== "type") walk(v);
    }
  };
  for (const field of PROMPT_FIELDS) walk(body[field]);
  return Math.ceil(chars / 4);
}

/**
 * The upstream body with the completion's length capped at `cap`: each length field the request
 * gives is lowered to the cap, and a request that gives none gets the field of its surface
 * (`max_tokens` on Anthropic's Messages API, `max_completion_tokens` on chat completions, which
 * OpenAI's newer models require instead of `max_tokens`).
 */
function capOutputTokens(body: Record<string, unknown>, cap: number, surface: Surface): void {
  let given = false;
  for (const field of LENGTH_FIELDS) {
    const value = body[field];
    if (typeof value !== "number") continue;
    given = true;
    body[field] = Math.min(value, cap);
  }
  if (!given) body[surface === "messages" ? "max_tokens" : surface === "responses" ? "max_output_tokens" : "max_completion_tokens"] = cap;
}

const DEFAULT_PER_REQUEST_TIMEOUT_MS = 60_000;
const DEFAULT_TOTAL_TIMEOUT_MS = 120_000;

function send(res: ServerResponse, answer: { status: number; headers: Record<string, string>; body: string }, extra: Record<string, string> = {}): void {
  res.writeHead(answer.status, { ...answer.headers, ...extra }).end(answer.body);
}

function tokenOf(req: IncomingMessage): string | undefined {
  const auth = req.headers.authorization;
  if (typeof auth === "string" && /^Bearer\s+\S/i.test(auth)) return auth.replace(/^Bearer\s+/i, "").trim();
  const key = req.headers["x-api-key"];
  return typeof key === "string" && key !== "" ? key : undefined;
}

export async function startAiGateway(options: AiGatewayOptions): Promise<AiGateway> {
  const overrides = new Map(Object.entries(options.providers ?? {}));
  const routes: AiGatewayRoute[] = [];

  const callUpstream = async (url: string, surface: Surface, credential: string, body: string, anthropicVersion: string | string[] | undefined): Promise<UpstreamOutcome> => {
    const controller = new AbortController();
    const ms = options.perRequestTimeoutMs?.() ?? DEFAULT_PER_REQUEST_TIMEOUT_MS;
    let timedOut = false;
    const cancel = options.clock.setTimer(() => {
      timedOut = true;
      controller.abort();
    }, ms);
    try {
      // Anthropic's Messages API takes its key as x-api-key, and the version its SDK asked for.
      const messages = surface === "messages";
      const headers = {
        "content-type": "application/json",
        ...(messages ? { "x-api-key": credential } : { authorization: `Bearer ${credential}` }),
        ...(messages && typeof anthropicVersion === "string" ? { "anthropic-version": anthropicVersion } : {}),
      };
      const res = await fetch(url, { method: "POST", headers, body, signal: controller.signal });
      const answered: Record<string, string> = {};
      const type = res.headers.get("content-type");
      if (type !== null) answered["content-type"] = type;
      // A served stream goes to the client as it arrives ("the gateway forwards SSE streams
      // transparently", ai-gateway/faq): its status has decided the failover, and the attempt's
      // timeout ends with the answer's start, since nothing can be tried after a byte is sent.
      if (res.ok && res.body !== null && type !== null && /^text\/event-stream\b/i.test(type)) {
        return { kind: "answer", status: res.status, headers: answered, body: "", stream: res.body };
      }
      return { kind: "answer", status: res.status, headers: answered, body: await res.text() };
    } catch (err) {
      if (timedOut) return { kind: "timeout", message: `no answer within ${ms} ms` };
      const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : err instanceof Error ? err.message : String(err);
      return { kind: "unreachable", message: cause };
    } finally {
      cancel();
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const raw = await readBody(req);
    const path = (req.url ?? "/").split("?")[0]!;
    const listsModels = req.method === "GET" && path === "/v1/models";
    if ((req.method !== "POST" && !listsModels) || !path.startsWith("/v1/")) {
      send(res, gatewayError(404, null, `the emulator's AI gateway answers POST /v1/... (e.g. /v1/chat/completions) and GET /v1/models, not ${req.method} ${path}`));
      return;
    }
    const token = tokenOf(req);
    const key = token === undefined ? undefined : options.directory.accessKeyByToken(token);
    if (key === undefined) {
      send(res, gatewayError(401, null, token === undefined ? "No access key: send Authorization: Bearer <access key>." : "The access key is invalid or was deleted."));
      return;
    }
    // The model catalog in OpenAI's list shape (sdks/other "Supported endpoints"): the built-in
    // models, not the custom providers' (guides/use-with-coding-agents: "A tool that populates its
    // model picker by calling the gateway won't find your models").
    if (listsModels) {
      const data = catalogModels().map(({ provider, model }) => ({ id: model, object: "model", created: 0, owned_by: provider }));
      send(res, { status: 200, headers: { "content-type": "application/json" }, body: JSON.stringify({ object: "list", data }) });
      return;
    }
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw.toString("utf8"));
      if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new Error("the body is not a JSON object");
      body = parsed as Record<string, unknown>;
    } catch (err) {
      send(res, gatewayError(400, "ERR_NGROK_3801", `Invalid request body: ${err instanceof Error ? err.message : String(err)}`));
      return;
    }
    const model = body["model"];
    const models = body["models"];
    if (typeof model !== "string") return send(res, gatewayError(400, "ERR_NGROK_3801", "Invalid request body: `model` field is not a string"));
    if (models !== undefined && (!Array.isArray(models) || models.some((m) => typeof m !== "string"))) {
      return send(res, gatewayError(400, "ERR_NGROK_3801", "Invalid request body: `models` field is not an array of strings"));
    }
    // "When your credit balance reaches zero, the gateway rejects new requests" (concepts/credits).
    const credits = options.creditBalanceCents?.();
    if (credits !== undefined && credits <= 0) return send(res, gatewayError(403, "ERR_NGROK_4026", "Your account has run out of credit."));
    // The account's token caps (guides/account-settings): an input above its cap is refused
    // before any upstream is called (reference/error-codes ERR_NGROK_3811).
    const maxInput = options.maxInputTokens?.();
    const estimated = maxInput === undefined ? 0 : estimateInputTokens(body);
    if (maxInput !== undefined && estimated > maxInput) {
      const message = `Input too large: ${estimated} tokens (max ${maxInput}). Shorten your prompt. See https://ngrok.com/docs/ai-gateway/reference/error-codes#err-ngrok-3811 for more information.`;
      return send(res, gatewayError(413, "ERR_NGROK_3811", message));
    }
    const maxOutput = options.maxOutputTokens?.();
    const configuration = key.configurationId === undefined ? undefined : options.directory.accessKeyConfiguration(key.configurationId);
    const streaming = body["stream"] === true;
    // The path after `/v1`, as it goes after a provider's base URL, and the surface it names.
    const rest = path.slice("/v1".length);
    const surface = surfaceOf(rest);
    const requestId = `rq_${randomBytes(10).toString("hex")}`;
    const started = options.clock.now();
    const totalMs = options.totalTimeoutMs?.() ?? DEFAULT_TOTAL_TIMEOUT_MS;
    const result = await route({
      totalTimeout: { exceeded: () => options.clock.now() - started >= totalMs, text: `${totalMs / 1000}s` },
      configuration,
      request: { model, surface, ...(models === undefined ? {} : { models: models as string[] }) },
      directory: options.directory,
      call: async (call) => {
        const upstreamBody = upstreamBodyOf(body, call);
        if (maxOutput !== undefined) capOutputTokens(upstreamBody, maxOutput, surface);
        const credential = call.credential.source === "ngrok" ? NGROK_INFERENCE_CREDENTIAL : call.credential.key.value;
        const override = overrides.get(call.provider);
        if (override === undefined && options.standIns === true) return standInOutcome(undefined, { provider: call.provider, model: call.model, credential, body: upstreamBody, path: rest });
        const base = override ?? call.baseUrl ?? builtInProvider(call.provider)?.baseUrl;
        if (base === undefined) return { kind: "unreachable", message: `no base URL known for '${call.provider}': give one with --ai-provider ${call.provider}=URL` };
        return callUpstream(`${base.replace(/\/+$/, "")}${rest}`, surface, credential, JSON.stringify(upstreamBody), req.headers["anthropic-version"]);
      },
    });
    routes.push({ requestId, accessKeyId: key.id, ...result });
    for (const a of result.attempts) {
      options.directory.recordUsage?.({
        requestId,
        accessKeyId: key.id,
        provider: a.provider,
        model: a.model,
        attemptNumber: a.attemptNumber,
        isFinalAttempt: a.attemptNumber === result.attempts.length,
        statusCode: a.statusCode ?? 0,
        timedOut: a.completion === "timed_out",
        keySource: a.keySource,
        ...(a.keyId === undefined ? {} : { providerKeyId: a.keyId }),
        ...(a.keyName === undefined ? {} : { providerKeyDisplayName: a.keyName }),
        isStreaming: streaming,
      });
    }
    const aig = {
      "ngrok-aig-request-id": requestId,
      "ngrok-aig-attempts": String(result.attempts.length),
      ...(result.served === undefined ? {} : { "ngrok-aig-model": result.served.model }),
    };
    if (result.stream === undefined) return send(res, result, aig);
    res.writeHead(result.status, { ...result.headers, ...aig });
    res.flushHeaders();
    const upstream = result.stream[Symbol.asyncIterator]();
    // A client gone stops the reading, which lets the upstream's connection go.
    res.once("close", () => void Promise.resolve(upstream.return?.()).catch(() => undefined));
    try {
      for (let next = await upstream.next(); next.done !== true && !res.destroyed; next = await upstream.next()) res.write(next.value);
      res.end();
    } catch {
      // The upstream broke off mid-stream: the client sees its stream cut, as it would through ngrok.
      res.destroy();
    }
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, gatewayError(500, null, `the emulator's AI gateway failed: ${err instanceof Error ? err.message : String(err)}`));
      else res.destroy();
    });
  });
  const address = await listen(server, options.port, options.host);
  return {
    url: `http://${options.host}:${address.port}`,
    setProvider: (providerId, baseUrl) => {
      overrides.set(providerId, baseUrl);
    },
    routes,
    close: () => closeServer(server),
  };
}
