// The API surfaces ngrok's AI Gateway serves (sdks/other "Supported endpoints",
// guides/use-with-coding-agents): OpenAI's chat completions, legacy completions, embeddings and
// Responses API, and Anthropic's Messages API, each answered by a stand-in in its provider's own
// shapes, streamed or not, so that an application's SDK runs against the emulator as against a
// provider. A stand-in's reply is counted a word a token.

/** An API surface, by the path after the provider's base URL. */
export type Surface = "chat" | "completions" | "embeddings" | "responses" | "messages";

/**
 * Each surface: its format and name in SupportedAPISurface, and its path after the provider's
 * base URL (the gateway's is `/v1` and that path). Chat first: its path ends as the legacy one's.
 */
export const SURFACES: Readonly<Record<Surface, { format: string; surface: string; path: string }>> = {
  chat: { format: "openai", surface: "chat-completions", path: "/chat/completions" },
  completions: { format: "openai", surface: "completions", path: "/completions" },
  embeddings: { format: "openai", surface: "embeddings", path: "/embeddings" },
  responses: { format: "openai", surface: "responses", path: "/responses" },
  messages: { format: "anthropic", surface: "messages", path: "/messages" },
};

/** The surface a path ends with (`/v1/chat/completions`, `/messages`, ...); undefined for none. */
export function surfaceAt(path: string): Surface | undefined {
  return (Object.keys(SURFACES) as Surface[]).find((s) => path.endsWith(SURFACES[s].path));
}

/** The surface of a path after the provider's base URL; chat when it names none. */
export function surfaceOf(path: string | undefined): Surface {
  return (path === undefined ? undefined : surfaceAt(path)) ?? "chat";
}

/** The body fields by which a request limits its completion's length, in OpenAI's and Anthropic's APIs. */
export const LENGTH_FIELDS = ["max_tokens", "max_completion_tokens", "max_output_tokens"] as const;

/** A failure in the surface's provider's shape: Anthropic's `{type: "error", error}`, else OpenAI's `{error}`. */
export function errorOf(surface: Surface, status: number, message: string): unknown {
  if (surface === "messages") {
    const type =
      status === 401 ? "authentication_error" : status === 429 ? "rate_limit_error" : status === 529 ? "overloaded_error" : status >= 500 ? "api_error" : "invalid_request_error";
    return { type: "error", error: { type, message } };
  }
  const type = status === 401 ? "invalid_api_key" : status === 429 ? "rate_limit_error" : status >= 500 ? "server_error" : "invalid_request_error";
  return { error: { message, type, code: null } };
}

/** A reply a word at a time: what a stand-in streams, and counts as tokens. */
function pieces(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

/** The least length limit the request sets (`max_tokens`, `max_completion_tokens`, `max_output_tokens`); undefined: none. */
function lengthLimit(body: Record<string, unknown>): number | undefined {
  const limits = LENGTH_FIELDS.map((f) => body[f]).filter((v): v is number => typeof v === "number");
  return limits.length === 0 ? undefined : Math.min(...limits);
}

/** OpenAI's streams: each event a `data:` line, then `[DONE]`. */
const sse = (events: readonly unknown[]): string => [...events.map((e) => JSON.stringify(e)), "[DONE]"].map((data) => `data: ${data}\n\n`).join("");

/** Events each named in an `event:` line as well as in its `type` (Anthropic's and the Responses API's streams). */
const namedSse = (events: ReadonlyArray<Record<string, unknown>>): string => events.map((e) => `event: ${String(e["type"])}\ndata: ${JSON.stringify(e)}\n\n`).join("");

const eventStream = { "content-type": "text/event-stream" } as const;

/** A chat completion in OpenAI's shape. */
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
 * A chat completion streamed as OpenAI streams one: `chat.completion.chunk` events, the role
 * first, then the content a word at a time, then the finish reason, then (when the request asked
 * with `stream_options.include_usage`) a chunk of usage with no choices, then `[DONE]`.
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
  return sse([
    chunk(delta({ role: "assistant", content: "" })),
    ...pieces(content).map((piece) => chunk(delta({ content: piece }))),
    chunk(delta({}, finishReason)),
    ...(includeUsage ? [chunk([], { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 })] : []),
  ]);
}

/** A legacy completion (`/v1/completions`), or its stream of `text_completion` chunks ending in `[DONE]`. */
function completion(model: string, text: string, finishReason: string, stream: boolean): string | unknown {
  const choice = (t: string, finish: string | null) => ({ text: t, index: 0, logprobs: null, finish_reason: finish });
  const of = (choices: unknown[]) => ({ id: "cmpl-emulator", object: "text_completion", created: 0, model, choices });
  if (!stream) return { ...of([choice(text, finishReason)]), usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } };
  return sse([...pieces(text).map((p) => of([choice(p, null)])), of([choice("", finishReason)])]);
}

/** A text's embedding: `dimensions` numbers (8 unless the request asks), the same for the same text, of length one. */
function embeddingOf(text: string, dimensions: number): number[] {
  // FNV-1a of the text seeds a xorshift: deterministic, spread over [-1, 1].
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  const values: number[] = [];
  for (let i = 0; i < dimensions; i++) {
    h ^= h << 13;
    h ^= h >>> 17;
    h ^= h << 5;
    h >>>= 0;
    values.push((h / 0xffffffff) * 2 - 1);
  }
  const norm = Math.hypot(...values) || 1;
  return values.map((v) => Math.fround(v / norm));
}

/**
 * Embeddings (`/v1/embeddings`), one per input, as floats or, when the request asks with
 * `encoding_format: "base64"` (OpenAI's Node SDK's default), as base64 of little-endian float32s.
 */
function embeddings(model: string, body: Record<string, unknown>): unknown {
  const input = body["input"];
  const texts = (Array.isArray(input) ? input : [input]).map((t) => (typeof t === "string" ? t : JSON.stringify(t)));
  const dimensions = typeof body["dimensions"] === "number" && body["dimensions"] > 0 ? body["dimensions"] : 8;
  const base64 = body["encoding_format"] === "base64";
  return {
    object: "list",
    data: texts.map((text, index) => {
      const vector = embeddingOf(text, dimensions);
      const embedding = base64 ? Buffer.from(new Float32Array(vector).buffer).toString("base64") : vector;
      return { object: "embedding", index, embedding };
    }),
    model,
    usage: { prompt_tokens: texts.length, total_tokens: texts.length },
  };
}

/**
 * A Responses API answer (`/v1/responses`): a response with one message of `output_text`,
 * `incomplete` with reason `max_output_tokens` when cut; streamed as the API streams one, from
 * `response.created` to `response.completed` (or `response.incomplete`), with a sequence number each.
 */
function response(model: string, text: string, cut: boolean, stream: boolean): string | unknown {
  const part = (t: string) => ({ type: "output_text", text: t, annotations: [] });
  const item = (status: string, content: unknown[]) => ({ type: "message", id: "msg_emulator", status, role: "assistant", content });
  const status = cut ? "incomplete" : "completed";
  const of = (state: string, output: unknown[]) => ({
    id: "resp_emulator",
    object: "response",
    created_at: 0,
    status: state,
    model,
    output,
    incomplete_details: state === "incomplete" ? { reason: "max_output_tokens" } : null,
    usage: state === "in_progress" ? null : { input_tokens: 1, output_tokens: 1, total_tokens: 2 },
  });
  const final = of(status, [item(status, [part(text)])]);
  if (!stream) return final;
  const at = { item_id: "msg_emulator", output_index: 0, content_index: 0 };
  const events: Array<Record<string, unknown>> = [
    { type: "response.created", response: of("in_progress", []) },
    { type: "response.in_progress", response: of("in_progress", []) },
    { type: "response.output_item.added", output_index: 0, item: item("in_progress", []) },
    { type: "response.content_part.added", ...at, part: part("") },
    ...pieces(text).map((delta) => ({ type: "response.output_text.delta", ...at, delta })),
    { type: "response.output_text.done", ...at, text },
    { type: "response.content_part.done", ...at, part: part(text) },
    { type: "response.output_item.done", output_index: 0, item: item(status, [part(text)]) },
    { type: cut ? "response.incomplete" : "response.completed", response: final },
  ];
  return namedSse(events.map((e, sequence_number) => ({ ...e, sequence_number })));
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
 * `message_stop`.
 */
export function anthropicMessageStream(model: string, text: string, stopReason = "end_turn"): string {
  return namedSse([
    { type: "message_start", message: { ...(anthropicMessage(model, "") as Record<string, unknown>), content: [], stop_reason: null, usage: { input_tokens: 1, output_tokens: 0 } } },
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    ...pieces(text).map((piece) => ({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: piece } })),
    { type: "content_block_stop", index: 0 },
    { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 1 } },
    { type: "message_stop" },
  ]);
}

/**
 * A stand-in's successful answer on `surface` to a request `body`: `reply`, cut at the request's
 * length limit (a word a token, as a model stops at its limit), streamed when it asks (`stream: true`).
 */
export function answerOf(surface: Surface, model: string, reply: string, body: Record<string, unknown>): { body: unknown; headers?: Record<string, string> } {
  if (surface === "embeddings") return { body: embeddings(model, body) };
  const limit = lengthLimit(body);
  const cut = limit !== undefined && pieces(reply).length > limit;
  const text = cut ? pieces(reply).slice(0, limit).join("") : reply;
  const stream = body["stream"] === true;
  const streamed = (answer: string | unknown) => (stream ? { body: answer, headers: eventStream } : { body: answer });
  switch (surface) {
    case "messages":
      return streamed(stream ? anthropicMessageStream(model, text, cut ? "max_tokens" : "end_turn") : anthropicMessage(model, text, cut ? "max_tokens" : "end_turn"));
    case "completions":
      return streamed(completion(model, text, cut ? "length" : "stop", stream));
    case "responses":
      return streamed(response(model, text, cut, stream));
    case "chat": {
      const options = body["stream_options"];
      const includeUsage = typeof options === "object" && options !== null && (options as Record<string, unknown>)["include_usage"] === true;
      return streamed(stream ? chatCompletionStream(model, text, includeUsage, cut ? "length" : "stop") : chatCompletion(model, text, cut ? "length" : "stop"));
    }
  }
}
