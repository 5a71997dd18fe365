// http-request (https://ngrok.com/docs/traffic-policy/actions/http-request/): the gateway sends a
// request of its own, to an endpoint of the account (its policy runs, then its upstream answers)
// or to an upstream registered with the emulator or testPolicy; the emulator reaches nothing else
// (no public internet). Retries while `retry_condition` holds (at most 3 retries), follows up to
// `max_redirects` 3xx answers, gives up after `timeout` on the gateway's clock, and with
// `on_error: halt` answers the failure; otherwise the policy goes on with the error in
// `actions.ngrok.http_request.error`.
import { f, valueOr, type ConfigSchema } from "../schema";
import { isRecord } from "../policy";
import { ConfigError, message, parseDuration, setResult, str, strMap, type ActionImpl, type HttpMessage, type OutboundRequest, type Run } from "./common";

const MAX_RETRIES = 3;
const MAX_BODY = 256 * 1024;

class RequestFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

interface Attempt {
  req: OutboundRequest;
  res?: HttpMessage;
  error?: RequestFailure;
  ms: number;
}

function headerObject(h: ReadonlyMap<string, readonly string[]> | Record<string, readonly string[]>): Record<string, string[]> {
  const entries = h instanceof Map ? [...h] : Object.entries(h);
  return Object.fromEntries(entries.map(([k, v]) => [k, [...(v as string[])]]));
}

function queryParams(config: Record<string, unknown>, run: Run): Array<[string, string]> {
  const v = config["query_params"];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new ConfigError("config.query_params must be a list of {key, value}");
  return v.map((item, i) => {
    if (!isRecord(item) || typeof item["key"] !== "string") throw new ConfigError(`config.query_params[${i}] must be {key, value}`);
    return [item["key"], run.cel.text(typeof item["value"] === "string" ? item["value"] : String(item["value"] ?? ""))];
  });
}

/** One request, following redirects up to `maxRedirects`. */
async function attempt(req: OutboundRequest, maxRedirects: number, run: Run): Promise<HttpMessage> {
  let current = req;
  for (let hop = 0; ; hop++) {
    const res = await run.ctx.send(current, run.ex);
    if (res === undefined) {
      const host = new URL(current.url).hostname;
      if (/\.internal\.?$/i.test(host)) throw new RequestFailure("ERR_NGROK_3200", `The endpoint ${new URL(current.url).origin} is offline.`);
      throw new RequestFailure("not-emulated", `the emulator reaches only endpoints and upstreams registered with it, not ${new URL(current.url).origin}`);
    }
    const location = res.headers.get("location")?.[0];
    if (res.status < 300 || res.status > 399 || location === undefined || maxRedirects === 0) return res;
    if (hop >= maxRedirects) throw new RequestFailure("ERR_NGROK_3214", `exceeded maximum number of redirects ${maxRedirects}`);
    current = { ...current, url: new URL(location, current.url).toString(), ...(res.status === 303 ? { method: "GET", body: Buffer.alloc(0) } : {}) };
  }
}

function attemptVariables(a: Attempt): Record<string, unknown> {
  return {
    resolved_ip: "127.0.0.1",
    response_header: a.res === undefined ? {} : headerObject(a.res.headers),
    response_status_code: a.res?.status ?? 0,
    response_time_ms: String(a.ms),
  };
}

function resVariables(a: Attempt | undefined): Record<string, unknown> {
  const res = a?.res;
  const status = res?.status ?? 0;
  return {
    resolved_ip: res === undefined ? "" : "127.0.0.1",
    header: res === undefined ? {} : headerObject(res.headers),
    status_code: status,
    // The docs' own retry example reads `last_attempt.res.statusCode`.
    statusCode: status,
    time_ms: String(a?.ms ?? 0),
    body: res?.body.toString("utf8") ?? "",
  };
}

function reqVariables(req: OutboundRequest): Record<string, unknown> {
  return { method: req.method, header: req.headers, url: req.url, body: req.body.toString("utf8") };
}

/** The config fields, with the defaults of ngrok's page: the run reads what check.ts accepted, filled with these. */
const CONFIG: ConfigSchema = {
  url: f("string", { required: true, literal: "url" }),
  method: f("string", { oneOf: ["GET", "PUT", "POST", "PATCH", "DELETE", "OPTIONS"], default: "GET" }),
  query_params: f("objects", { maxEntries: 32, fields: { key: f("string", { required: true, maxLength: 128 }), value: f("string", { maxLength: 8192 }) } }),
  headers: f("map", { maxEntries: 10, headers: true }),
  body: f("string"),
  max_redirects: f("int", { min: 0, max: 100, default: 10 }),
  timeout: f("duration", { min: 1, max: 30, default: "3s" }),
  // The page's retry example reads `last_attempt.res.statusCode`: the attempts so far and the last one's request and response.
  retry_condition: f("string", { cel: true, condition: true, celVariables: { attempts: "int", last_attempt: "map(string, dyn)" } }),
  on_error: f("string", { oneOf: ["continue", "halt"], default: "continue" }),
};

export const httpRequest: ActionImpl = {
  type: "http-request",
  phases: ["on_http_request", "on_http_response"],
  config: CONFIG,
  async run(config, run) {
    // check.ts accepted these against CONFIG (one of the methods, the bounds of max_redirects and timeout).
    const method = valueOr<string>(config, CONFIG, "method");
    const maxRedirects = valueOr<number>(config, CONFIG, "max_redirects");
    const timeoutMs = parseDuration(valueOr<string>(config, CONFIG, "timeout"));
    const onError = valueOr<string>(config, CONFIG, "on_error");
    const retryCondition = valueOr<string | undefined>(config, CONFIG, "retry_condition") ?? "";

    const url = new URL(run.cel.text(str(config, "url")));
    for (const [k, v] of queryParams(config, run)) url.searchParams.append(k, v);
    const headers: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(strMap(config, "headers"))) headers[k.toLowerCase()] = [run.cel.text(v)];
    const body = Buffer.from(run.cel.text(str(config, "body", "")), "utf8");
    const req: OutboundRequest = { sender: run.type, method, url: url.toString(), headers, body };

    const clock = run.ctx.env.clock;
    const started = clock.now();
    const attempts: Attempt[] = [];
    let cancelTimer = (): void => {};
    const timedOut = new Promise<"timeout">((resolve) => {
      cancelTimer = clock.setTimer(() => resolve("timeout"), timeoutMs);
    });
    let failure: RequestFailure | undefined;
    try {
      for (;;) {
        const at = clock.now();
        const a: Attempt = { req, ms: 0 };
        const outcome = await Promise.race([
          attempt(req, maxRedirects, run).then(
            (res) => ({ res }),
            (error: unknown) => ({ error }),
          ),
          timedOut,
        ]);
        a.ms = clock.now() - at;
        attempts.push(a);
        if (outcome === "timeout") {
          failure = new RequestFailure("timeout", `the request did not complete within ${timeoutMs / 1000}s`);
          break;
        }
        if ("error" in outcome) {
          if (!(outcome.error instanceof RequestFailure)) throw outcome.error;
          a.error = outcome.error;
        } else if (outcome.res.body.length > MAX_BODY) a.error = new RequestFailure("response-size", "response size exceeded");
        else a.res = outcome.res;
        const retry =
          retryCondition !== "" &&
          attempts.length <= MAX_RETRIES &&
          run.celWith({ attempts: BigInt(attempts.length), last_attempt: { req: reqVariables(req), res: resVariables(a), error: a.error?.message ?? "" } }).test(retryCondition);
        if (!retry) {
          failure = a.error;
          break;
        }
      }
    } finally {
      cancelTimer();
    }
    const last = attempts[attempts.length - 1];
    setResult(run, "http_request", {
      attempts: attempts.map(attemptVariables),
      req: reqVariables(req),
      res: resVariables(last),
      ...(failure === undefined ? {} : { error: { code: failure.code, message: failure.message } }),
    });
    const took = `${clock.now() - started} ms`;
    if (failure === undefined) return { kind: "continue", detail: `${last?.res?.status ?? 0} from ${req.url} after ${attempts.length} attempt(s), ${took}` };
    if (onError === "continue") return { kind: "continue", detail: `failed (on_error: continue): ${failure.message}` };
    const text = failure.code.startsWith("ERR_NGROK_") ? `${failure.code}: ${failure.message}` : `http-request to ${req.url} failed: ${failure.message}`;
    return { kind: "error", response: message(502, { "content-type": "text/plain; charset=utf-8" }, `${text}\n`), detail: failure.message };
  },
};
