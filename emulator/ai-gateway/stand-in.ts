// Stand-in AI providers: what a test makes an upstream do (answer, fail with a status, refuse a
// key, time out, be unreachable), as a value testRoute reads directly and as a loopback HTTP
// server the emulator's AI gateway calls. Both answer through `standInOutcome`, so a behaviour
// means the same in a unit test and over HTTP.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { UpstreamOutcome } from "./router";

/** The bearer token the emulator's gateway sends a provider for ngrok.ai inference (an `ngrok` step). */
export const NGROK_INFERENCE_CREDENTIAL = "ngrok-ai-inference";

/** One call as a stand-in sees it. */
export interface StandInCall {
  provider: string;
  model: string;
  /** The credential the gateway sent: a provider key's value, or NGROK_INFERENCE_CREDENTIAL. */
  credential: string;
  /** The provider key's id, when testRoute knows it (a stand-in over HTTP sees only the value). */
  keyId?: string;
  /** The JSON body sent upstream. */
  body: Record<string, unknown>;
  /**
   * The API surface's path after the provider's base URL: `/chat/completions` (OpenAI's, the
   * default) or `/messages` (Anthropic's Messages API, which Anthropic's SDKs call).
   */
  path?: string;
}

export interface StandInAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface ProviderStandInOptions {
  /** Every call fails: with an HTTP status (429, 500, 503…), a timeout, or a refused connection. */
  fail?: number | "timeout" | "unreachable";
  /** Credentials refused with 401: key values (and, in testRoute, provider key ids). */
  refuseKeys?: readonly string[];
  /** The assistant's reply in a 200 answer; default "<provider>:<model> answered". */
  reply?: string;
}

/** What a provider does: options, or a function answering each call. */
export type ProviderBehaviour = ProviderStandInOptions | ((call: StandInCall) => StandInAnswer | "timeout" | "unreachable");

function errorBody(type: string, message: string): unknown {
  return { error: { message, type, code: null } };
}

/** A reply as a stand-in produces it, a word at a time: a "token" of its own counting. */
function pieces(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

/** The least length limit the request sets (`max_tokens`, `max_completion_tokens`, `max_output_tokens`); undefined: none. */
function lengthLimit(body: Record<string, unknown>): number | undefined {
  const limits = ["max_tokens", "max_completion_tokens", "max_output_tokens"].map((f) => body[f]).filter((v): v is number => typeof v === "number");
  return limits.length === 0 ? undefined : Math.min(...limits);
}

/** Whether a call is to Anthropic's Messages API rather than OpenAI's chat completions. */
function isMessages(call: StandInCall): boolean {
  return call.path !== undefined && /\/messages$/.test(call.path);
}

/** An error in the shape of Anthropic's API (`{type: "error", error: {type, message}}`), by status. */
function anthropicError(status: number, message: string): unknown {
  const type =
    status === 401 ? "authentication_error" : status === 429 ? "rate_limit_error" : status === 529 ? "overloaded_error" : status >= 500 ? "api_error" : "invalid_request_error";
  return { type: "error", error: { type, message } };
}

/** A reply in the shape of Anthropic's Messages API (a `message` with one text block). */
export function anthropicMessage(model: string, text: string, stopReason = "end_turn"): unknown {
  return {
    id: "msg_emulator",
    type: "message",
    role: "assistant",
    model,
    content: [{ type: "text", text }],
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  };
}

/**
 * A reply streamed as Anthropic's Messages API streams one: `message_start`, a text block's
 * start, its deltas a word at a time and its stop, `message_delta` with the stop reason, then
 * `message_stop`; each event named in its `event:` line as well as in its `type`.
 */
export function anthropicMessageStream(model: string, text: string, stopReason = "end_turn"): string {
  const events: Array<Record<string, unknown>> = [
    { type: "message_start", message: { ...(anthropicMessage(model, "") as Record<string, unknown>), content: [], stop_reason: null, usage: { input_tokens: 1, output_tokens: 0 } } },
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    ...pieces(text).map((piece) => ({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: piece } })),
    { type: "content_block_stop", index: 0 },
    { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 1 } },
    { type: "message_stop" },
  ];
  return events.map((e) => `event: ${String(e["type"])}\ndata: ${JSON.stringify(e)}\n\n`).join("");
}

/** A chat completion in OpenAI's shape (the surface custom providers and the gateway speak). */
export function chatCompletion(model: string, content: string, finishReason = "stop"): unknown {
  return {
    id: "chatcmpl-emulator",
    object: "chat.completion",
    created: 0,
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finishReason }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

/**
 * A chat completion streamed as OpenAI streams one: server-sent events of `chat.completion.chunk`,
 * the role first, then the content a word at a time, then the finish reason, then (when the request
 * asked with `stream_options.include_usage`) a chunk of usage with no choices, then `[DONE]`.
 */
export function chatCompletionStream(model: string, content: string, includeUsage: boolean, finishReason = "stop"): string {
  const chunk = (choices: unknown[], usage?: unknown) => ({
    id: "chatcmpl-emulator",
    object: "chat.completion.chunk",
    created: 0,
    model,
    choices,
    ...(includeUsage ? { usage: usage ?? null } : {}),
  });
  const delta = (d: Record<string, unknown>, finish: string | null = null) => [{ index: 0, delta: d, finish_reason: finish }];
  const chunks = [
    chunk(delta({ role: "assistant", content: "" })),
    ...pieces(content).map((piece) => chunk(delta({ content: piece }))),
    chunk(delta({}, finishReason)),
    ...(includeUsage ? [chunk([], { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 })] : []),
  ];
  return [...chunks.map((c) => JSON.stringify(c)), "[DONE]"].map((data) => `data: ${data}\n\n`).join("");
}

/** Whether a request body asks for a streamed answer (`stream: true`). */
function wantsStream(body: Record<string, unknown>): boolean {
  return body["stream"] === true;
}

export function standInOutcome(behaviour: ProviderBehaviour | undefined, call: StandInCall): UpstreamOutcome {
  let answer: StandInAnswer | "timeout" | "unreachable";
  if (typeof behaviour === "function") answer = behaviour(call);
  else {
    const b = behaviour ?? {};
    const refused = b.refuseKeys?.some((k) => k === call.credential || (call.keyId !== undefined && k === call.keyId)) ?? false;
    const messages = isMessages(call);
    if (b.fail === "timeout" || b.fail === "unreachable") answer = b.fail;
    else if (typeof b.fail === "number") {
      const type = b.fail === 429 ? "rate_limit_error" : b.fail >= 500 ? "server_error" : "invalid_request_error";
      const message = `${call.provider} stand-in answers ${b.fail}`;
      answer = { status: b.fail, body: messages ? anthropicError(b.fail, message) : errorBody(type, message) };
    } else if (refused) answer = { status: 401, body: messages ? anthropicError(401, "invalid x-api-key") : errorBody("invalid_api_key", "Incorrect API key provided.") };
    else {
      let reply = b.reply ?? `${call.provider}:${call.model} answered`;
      // A length limit cuts the reply, a word a token, as a model stops at its limit.
      const limit = lengthLimit(call.body);
      const cut = limit !== undefined && pieces(reply).length > limit;
      if (cut) reply = pieces(reply).slice(0, limit).join("");
      if (messages) {
        const stop = cut ? "max_tokens" : "end_turn";
        answer = wantsStream(call.body)
          ? { status: 200, body: anthropicMessageStream(call.model, reply, stop), headers: { "content-type": "text/event-stream" } }
          : { status: 200, body: anthropicMessage(call.model, reply, stop) };
      } else if (wantsStream(call.body)) {
        const options = call.body["stream_options"];
        const includeUsage = typeof options === "object" && options !== null && (options as Record<string, unknown>)["include_usage"] === true;
        answer = { status: 200, body: chatCompletionStream(call.model, reply, includeUsage, cut ? "length" : "stop"), headers: { "content-type": "text/event-stream" } };
      } else answer = { status: 200, body: chatCompletion(call.model, reply, cut ? "length" : "stop") };
    }
  }
  if (answer === "timeout") return { kind: "timeout", message: `${call.provider} did not answer in time` };
  if (answer === "unreachable") return { kind: "unreachable", message: `${call.provider} could not be reached` };
  const body = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? {});
  return { kind: "answer", status: answer.status, headers: { "content-type": "application/json", ...(answer.headers ?? {}) }, body };
}

/** A request a loopback stand-in received. */
export interface StandInRequest {
  method: string;
  path: string;
  model: string;
  credential: string;
  /** The header that carried it: `authorization` (Bearer, OpenAI's) or `x-api-key` (Anthropic's). */
  credentialHeader: "authorization" | "x-api-key";
  status: number;
}

/** A stand-in provider over loopback HTTP: its `url` is a base URL (`…/v1`) for a custom provider or an emulator option. */
export interface ProviderStandIn {
  /** "http://127.0.0.1:<port>/v1" */
  readonly url: string;
  /** Changes what it does from the next request on. */
  behave(behaviour: ProviderBehaviour): void;
  /** Every request received, in order. */
  readonly requests: readonly StandInRequest[];
  /** Resolves once `count` requests in all have arrived: e.g. one the stand-in holds (`timeout`). */
  untilRequests(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a stand-in provider on 127.0.0.1 answering OpenAI-compatible `POST /v1/chat/completions`
 * and Anthropic's `POST /v1/messages`.
 * `timeout` holds the request until the gateway gives up; `unreachable` drops the connection.
 */
export async function startProviderStandIn(name: string, behaviour: ProviderBehaviour = {}): Promise<ProviderStandIn> {
  let current = behaviour;
  const requests: StandInRequest[] = [];
  const held = new Set<ServerResponse>();
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const record = (r: StandInRequest): void => {
    requests.push(r);
    for (const w of waiters.filter((x) => requests.length >= x.count)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: Record<string, unknown> = {};
      try {
        const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
        if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
      } catch {
        // An unparsable body is answered as the model would be: the stand-in is not the gateway's judge.
      }
      const auth = req.headers.authorization ?? "";
      const bearer = auth.startsWith("Bearer ");
      const credential = bearer ? auth.slice(7) : (req.headers["x-api-key"] as string | undefined) ?? "";
      const credentialHeader = bearer ? "authorization" : "x-api-key";
      const model = typeof body["model"] === "string" ? body["model"] : "";
      const path = (req.url ?? "/").split("?")[0]!;
      if (req.method !== "POST" || !/\/(chat\/completions|messages)$/.test(path)) {
        record({ method: req.method ?? "", path, model, credential, credentialHeader, status: 404 });
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify(errorBody("invalid_request_error", `no route ${path}`)));
        return;
      }
      const outcome = standInOutcome(current, { provider: name, model, credential, body, path });
      record({ method: req.method, path, model, credential, credentialHeader, status: outcome.kind === "answer" ? outcome.status : 0 });
      if (outcome.kind === "timeout") {
        held.add(res);
        res.on("close", () => held.delete(res));
        return;
      }
      if (outcome.kind === "unreachable") {
        req.socket.destroy();
        return;
      }
      res.writeHead(outcome.status, outcome.headers ?? {}).end(outcome.body);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    behave: (b) => {
      current = b;
    },
    requests,
    untilRequests: (count) => (requests.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }))),
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
