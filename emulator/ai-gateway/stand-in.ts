// Stand-in AI providers: what a test makes an upstream do (answer, fail with a status, refuse a
// key, time out, be unreachable), as a value testRoute reads directly and as a loopback HTTP
// server the emulator's AI gateway calls. Both answer through `standInOutcome`, so a behaviour
// means the same in a unit test and over HTTP.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { closeServer, listen } from "../shared/listen";
import type { UpstreamOutcome } from "./router";
import { answerOf, errorOf, surfaceAt, surfaceOf } from "./surfaces";

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
   * The API surface's path after the provider's base URL (surfaces.ts): `/chat/completions` (the
   * default), `/completions`, `/embeddings`, `/responses`, or `/messages` (Anthropic's).
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

export function standInOutcome(behaviour: ProviderBehaviour | undefined, call: StandInCall): UpstreamOutcome {
  let answer: StandInAnswer | "timeout" | "unreachable";
  if (typeof behaviour === "function") answer = behaviour(call);
  else {
    const b = behaviour ?? {};
    const refused = b.refuseKeys?.some((k) => k === call.credential || (call.keyId !== undefined && k === call.keyId)) ?? false;
    const surface = surfaceOf(call.path);
    if (b.fail === "timeout" || b.fail === "unreachable") answer = b.fail;
    else if (typeof b.fail === "number") answer = { status: b.fail, body: errorOf(surface, b.fail, `${call.provider} stand-in answers ${b.fail}`) };
    else if (refused) answer = { status: 401, body: errorOf(surface, 401, surface === "messages" ? "invalid x-api-key" : "Incorrect API key provided.") };
    else answer = { status: 200, ...answerOf(surface, call.model, b.reply ?? `${call.provider}:${call.model} answered`, call.body) };
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
 * Starts a stand-in provider on 127.0.0.1 answering the surfaces the AI Gateway serves
 * (surfaces.ts): OpenAI's `POST /v1/chat/completions`, `/v1/completions`, `/v1/embeddings` and
 * `/v1/responses`, and Anthropic's `POST /v1/messages`.
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
      if (req.method !== "POST" || surfaceAt(path) === undefined) {
        record({ method: req.method ?? "", path, model, credential, credentialHeader, status: 404 });
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify(errorOf("chat", 404, `no route ${path}`)));
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
  const { port } = await listen(server, 0, "127.0.0.1");
  return {
    url: `http://127.0.0.1:${port}/v1`,
    behave: (b) => {
      current = b;
    },
    requests,
    untilRequests: (count) => (requests.length >= count ? Promise.resolve() : new Promise((resolve) => waiters.push({ count, resolve }))),
    close: async () => {
      for (const res of held) res.destroy();
      await closeServer(server);
    },
  };
}
