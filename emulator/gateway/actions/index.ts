// The Traffic Policy actions, as ngrok's action reference documents them
// (https://ngrok.com/docs/traffic-policy/actions/). Action result variables are written to
// `actions.ngrok.<name>` as the docs list them; they hold the last run of each action.
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import * as zlib from "node:zlib";
import { asText, inCidrs } from "../cel";
import { decodeJwt, JwtError, verifyJwt, type DecodedJwt, type JsonWebKeySet } from "../jwt";
import { isRecord } from "../policy";
import { messageData, setMessageData } from "../sse";
import type { LogEntry, SignIn } from "../types";
import { verifyWebhook } from "../webhooks";
import { requestBodyFindReplace, responseBodyFindReplace } from "./body-find-replace";
import { circuitBreaker } from "./circuit-breaker";
import { closeConnection } from "./close-connection";
import { httpRequest } from "./http-request";
import { aiGateway } from "./not-emulated";
import { f, replacements, type Field } from "../schema";
import { owaspCrsRequest, owaspCrsResponse } from "./owasp-crs";
import { re2, replaceAll } from "./re2";
import { terminateTls } from "./terminate-tls";
import { bool, ConfigError, HTTP, message, parseDuration, setResult, str, strList, strMap, target, inferContentType, type ActionImpl, type ActionOutcome, type Run } from "./common";

export type { ActionContext, ActionOutcome, Exchange, HttpMessage, OutboundRequest, TlsTermination } from "./common";
export { ConfigError, NotEmulated } from "./common";


const customResponse: ActionImpl = {
  phases: HTTP,
  terminating: true,
  config: {
    status_code: f("int", { min: 100, max: 599, default: 200 }),
    body: f("string", { default: "" }),
    // ngrok's older pages spell the body `content`; ngrok still accepts it, deprecated for `body`.
    content: f("string", { deprecatedFor: "body" }),
    headers: f("map", { maxEntries: 10 }),
  },
  async run(config, run) {
    const status = typeof config["status_code"] === "number" ? config["status_code"] : 200;
    // `content`, ngrok's older spelling of the body, still answers when `body` is absent.
    const body = run.cel.text(str(config, "body", "custom-response", str(config, "content", "custom-response", "")));
    const headers = Object.fromEntries(Object.entries(strMap(config, "headers", "custom-response")).map(([k, v]) => [k.toLowerCase(), run.cel.text(v)]));
    if (headers["content-type"] === undefined) headers["content-type"] = inferContentType(body);
    // https://ngrok.com/docs/traffic-policy/actions/custom-response/: in on_http_request, the
    // actions of on_http_response still run on the custom response.
    return { kind: "respond", response: message(status, headers, body), responsePhase: run.phase === "on_http_request" };
  },
};

const deny: ActionImpl = {
  phases: ["on_tcp_connect", "on_http_request"],
  terminating: true,
  config: { status_code: f("int", { min: 100, max: 599, default: 403 }) },
  async run(config, run) {
    if (run.phase === "on_tcp_connect") return { kind: "close" };
    const status = typeof config["status_code"] === "number" ? config["status_code"] : 403;
    return { kind: "respond", response: message(status) };
  },
};

/**
 * The URL a rewritten string stands for. Go's URL parser reads "https:///products.php?q=1" (an
 * interpolated authority replaced away) as an empty host and a path, and the gateway keeps the
 * request's own host; WHATWG's would make "products.php" the host. A relative result is taken
 * on the request's URL, as the docs' `to: /api/v2/geo?city=...` shows.
 */
function rewrittenUrl(text: string, current: URL): URL {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/([^/?#]*)(.*)$/s.exec(text);
  if (m !== null && m[2] === "") {
    const rest = m[3]!.startsWith("/") || m[3] === "" ? m[3]! : `/${m[3]!}`;
    return new URL(`${m[1]!}://${current.host}${rest}`);
  }
  try {
    return new URL(text, current);
  } catch {
    throw new ConfigError(`the rewritten URL '${text}' is not a URL`);
  }
}

/** The URL before and after, the matches of `from`, and the rewritten URL's text as it came out. */
function rewrite(run: Run, config: Record<string, unknown>, action: string): { before: string; after: URL; matches: string[]; text: string } {
  const from = config["from"] === undefined ? undefined : run.cel.text(str(config, "from", action));
  const to = run.cel.text(str(config, "to", action));
  const before = run.ex.request.url.toString();
  if (from === undefined) return { before, after: rewrittenUrl(to, run.ex.request.url), matches: [before], text: to };
  let re: RegExp;
  try {
    re = re2(from);
  } catch (err) {
    throw new ConfigError(`${action}: config.from is not a valid regular expression (${err instanceof Error ? err.message : String(err)})`);
  }
  const matches = [...before.matchAll(re)].map((m) => m[0]);
  if (matches.length === 0) return { before, after: run.ex.request.url, matches, text: before };
  // `${...}` was interpolated as CEL already: what is left of `$` is Go's template syntax.
  const text = replaceAll(re, before, to).output;
  return { before, after: rewrittenUrl(text, run.ex.request.url), matches, text };
}

const redirect: ActionImpl = {
  phases: ["on_http_request"],
  config: { from: f("string"), to: f("string", { required: true }), status_code: f("int", { min: 300, max: 399, default: 302 }), headers: f("map", { maxEntries: 10 }) },
  async run(config, run) {
    const { before, after, matches, text } = rewrite(run, config, "redirect");
    // Written as Go writes a URL: a URL without a path keeps none (the redirect page's
    // `https://example.com?city=San%20Francisco`), where WHATWG's would add `/`.
    const pathless = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(?:[?#]|$)/i.test(text) && after.pathname === "/";
    const location = pathless ? `${after.protocol}//${after.host}${after.search}${after.hash}` : after.toString();
    if (location === before) return { kind: "continue", detail: "the URL did not change" };
    setResult(run, "redirect", { matches, url: location });
    const status = typeof config["status_code"] === "number" ? config["status_code"] : 302;
    const headers = Object.fromEntries(Object.entries(strMap(config, "headers", "redirect")).map(([k, v]) => [k.toLowerCase(), run.cel.text(v)]));
    return { kind: "respond", response: message(status, { ...headers, location }), detail: `to ${location}` };
  },
};

const urlRewrite: ActionImpl = {
  phases: ["on_http_request"],
  config: { from: f("string"), to: f("string", { required: true }) },
  async run(config, run) {
    const { before, after, matches } = rewrite(run, config, "url-rewrite");
    if (after.toString() === before) return { kind: "continue", detail: "the URL did not change" };
    run.ex.request.url = after;
    setResult(run, "url_rewrite", { matches, url: after.toString() });
    return { kind: "continue", detail: `to ${after.toString()}` };
  },
};

const addHeaders: ActionImpl = {
  phases: HTTP,
  config: { headers: f("map", { required: true, minEntries: 1, maxEntries: 10 }) },
  async run(config, run) {
    const headers = strMap(config, "headers", "add-headers");
    const added: Record<string, string> = {};
    const msg = target(run);
    for (const [rawName, template] of Object.entries(headers)) {
      const name = rawName.toLowerCase();
      if (name === "user-agent") throw new ConfigError("add-headers: the user-agent header may not be added");
      const value = run.cel.text(template);
      if (name === "host") msg.headers.set("host", [value]);
      else msg.headers.set(name, [...(msg.headers.get(name) ?? []), value]);
      added[name] = value;
    }
    setResult(run, "add_headers", { headers_added: added });
    return { kind: "continue" };
  },
};

const removeHeaders: ActionImpl = {
  phases: HTTP,
  config: { headers: f("strings", { required: true, minEntries: 1, maxEntries: 10 }) },
  async run(config, run) {
    const names = strList(config, "headers", "remove-headers").map((h) => h.toLowerCase());
    if (names.includes("user-agent")) throw new ConfigError("remove-headers: the user-agent header may not be removed");
    const msg = target(run);
    const removed = names.filter((n) => msg.headers.delete(n));
    setResult(run, "remove_headers", { headers_removed: removed });
    return { kind: "continue" };
  },
};

const restrictIps: ActionImpl = {
  phases: ["on_tcp_connect", ...HTTP],
  config: { enforce: f("bool", { default: true }), allow: f("strings"), deny: f("strings"), ip_policies: f("strings") },
  async run(config, run) {
    const allow = strList(config, "allow", "restrict-ips").map((c) => run.cel.text(c));
    const denyList = strList(config, "deny", "restrict-ips").map((c) => run.cel.text(c));
    for (const id of strList(config, "ip_policies", "restrict-ips")) {
      const p = run.ctx.env.ipPolicy(id);
      if (p === undefined) throw new ConfigError(`restrict-ips: IP policy ${id} does not exist`);
      allow.push(...p.allow);
      denyList.push(...p.deny);
    }
    const ip = run.ex.conn.clientIp;
    const matched = [...denyList, ...allow].find((c) => inCidrs(ip, [c])) ?? "";
    const allowed = allow.some((c) => inCidrs(ip, [c])) && !denyList.some((c) => inCidrs(ip, [c]));
    setResult(run, "restrict_ips", { action: allowed ? "allow" : "deny", matched_cidr: matched });
    if (allowed || !bool(config, "enforce", true)) return { kind: "continue", detail: allowed ? "allow" : "deny (not enforced)" };
    if (run.phase === "on_tcp_connect") return { kind: "close", detail: "deny" };
    return { kind: "respond", response: message(403, {}, `ERR_NGROK_3205: The IP address ${ip} is not allowed to access this endpoint.\n`), detail: "deny" };
  },
};

const rateLimit: ActionImpl = {
  phases: ["on_http_request"],
  config: {
    name: f("string", { required: true, maxLength: 1023 }),
    enforce: f("bool", { default: true }),
    algorithm: f("string", { required: true, oneOf: ["sliding_window"] }),
    capacity: f("int", { required: true, min: 1, max: 2_000_000_000 }),
    rate: f("duration", { required: true, min: 60, max: 86_400, step: 10 }),
    bucket_key: f("strings", { required: true, maxEntries: 10, cel: true }),
  },
  async run(config, run) {
    const capacity = config["capacity"];
    if (typeof capacity !== "number" || !Number.isInteger(capacity) || capacity < 1 || capacity > 2_000_000_000) {
      throw new ConfigError("rate-limit: config.capacity must be an integer from 1 to 2,000,000,000");
    }
    if (str(config, "algorithm", "rate-limit") !== "sliding_window") throw new ConfigError("rate-limit: config.algorithm must be sliding_window");
    const windowMs = parseDuration(str(config, "rate", "rate-limit"), "rate-limit");
    // The documented bounds: a multiple of ten seconds, from 60s to 24h.
    if (windowMs % 10_000 !== 0 || windowMs < 60_000 || windowMs > 86_400_000) throw new ConfigError("rate-limit: config.rate must be a multiple of 10s from 60s to 24h");
    const keys = strList(config, "bucket_key", "rate-limit").map((k) => asText(run.cel.value(k)));
    const name = str(config, "name", "rate-limit", "");
    const bucket = keys.join("\u0000");
    const now = run.ctx.env.clock.now();
    const taken = run.ctx.env.rateLimits.take(`${run.ex.endpoint.id}\u0000${name}\u0000${capacity}/${windowMs}\u0000${bucket}`, capacity, windowMs, now);
    setResult(run, "rate_limit", { bucket_key: keys.join(","), limited: !taken.allowed });
    if (taken.allowed) return { kind: "continue" };
    if (!bool(config, "enforce", true)) return { kind: "continue", detail: "limited (not enforced)" };
    const seconds = Math.max(1, Math.ceil(taken.retryAfterMs / 1000));
    return { kind: "respond", response: message(429, { "retry-after": String(seconds) }, "Too Many Requests\n"), detail: `limited; retry after ${seconds} s` };
  },
};

const basicAuth: ActionImpl = {
  phases: ["on_http_request"],
  config: { credentials: f("strings", { required: true, maxEntries: 10, credential: true }), realm: f("string", { default: "ngrok" }), enforce: f("bool", { default: true }) },
  async run(config, run) {
    const credentials = strList(config, "credentials", "basic-auth").map((c) => run.cel.text(c));
    if (credentials.length === 0) throw new ConfigError("basic-auth: config.credentials is required");
    for (const c of credentials) {
      const password = c.slice(c.indexOf(":") + 1);
      if (!c.includes(":") || password.length < 8 || password.length > 128) throw new ConfigError("basic-auth: each credential is username:password with a password of 8 to 128 characters");
    }
    const realm = str(config, "realm", "basic-auth", "ngrok");
    const header = run.ex.request.headers.get("authorization")?.[0] ?? "";
    const m = /^Basic\s+(\S+)$/i.exec(header);
    const given = m === null ? undefined : Buffer.from(m[1]!, "base64").toString("utf8");
    const ok = given !== undefined && credentials.includes(given);
    // https://ngrok.com/docs/traffic-policy/actions/basic-auth/ documents `credentials.authorized`.
    setResult(run, "basic_auth", { credentials: { presented: given !== undefined, username: ok ? given!.slice(0, given!.indexOf(":")) : "", authorized: ok }, authorized: ok });
    if (ok || !bool(config, "enforce", true)) return { kind: "continue", detail: ok ? "authorized" : "unauthorized (not enforced)" };
    return { kind: "respond", response: message(401, { "www-authenticate": `Basic realm="${realm}"` }, "Unauthorized\n"), detail: "unauthorized" };
  },
};

function objects(v: unknown): Record<string, unknown>[] {
  if (Array.isArray(v)) return v.filter(isRecord);
  return isRecord(v) ? [v] : [];
}

const jwtValidation: ActionImpl = {
  phases: ["on_http_request"],
  config: {
    issuer: f("object", { required: true, fields: { allow_list: f("objects", { required: true, minEntries: 1, fields: { value: f("string", { required: true }) } }) } }),
    audience: f("object", { fields: { allow_list: f("objects", { minEntries: 1, fields: { value: f("string", { required: true }) } }) } }),
    http: f("object", {
      required: true,
      fields: {
        tokens: f("objects", {
          required: true,
          minEntries: 1,
          fields: {
            type: f("string", { required: true, oneOf: ["id_token", "access_token", "at+jwt", "it+jwt", "plain", "jwt"] }),
            method: f("string", { required: true, oneOf: ["header", "body"] }),
            name: f("string", { required: true }),
            prefix: f("string"),
          },
        }),
      },
    }),
    jws: f("object", {
      required: true,
      fields: {
        allowed_algorithms: f("strings", { required: true, minEntries: 1, notAllowed: ["none"] }),
        keys: f("object", {
          required: true,
          fields: {
            sources: f("object", { required: true, fields: { additional_jkus: f("strings", { required: true }) } }),
            identification: f("objects", { fields: { token_claims: f("strings") } }),
          },
        }),
      },
    }),
  },
  async run(config, run) {
    const issuers = objects(isRecord(config["issuer"]) ? config["issuer"]["allow_list"] : undefined).map((o) => run.cel.text(String(o["value"])));
    if (issuers.length === 0) throw new ConfigError("jwt-validation: config.issuer.allow_list is required");
    const audiences = objects(isRecord(config["audience"]) ? config["audience"]["allow_list"] : undefined).map((o) => run.cel.text(String(o["value"])));
    const tokensConfig = objects(isRecord(config["http"]) ? config["http"]["tokens"] : undefined);
    if (tokensConfig.length === 0) throw new ConfigError("jwt-validation: config.http.tokens must have at least one token configuration");
    const jws = isRecord(config["jws"]) ? config["jws"] : {};
    const algorithms = strList(jws, "allowed_algorithms", "jwt-validation");
    const jkus = objects(jws["keys"]).flatMap((k) => objects(k["sources"]).flatMap((s) => strList(s, "additional_jkus", "jwt-validation")));
    const fail = (code: JwtError["code"], why: string, tokens: unknown[]): ActionOutcome => {
      setResult(run, "jwt_validation", { tokens, error: { code, message: why } });
      return { kind: "respond", response: message(401, { "www-authenticate": `Bearer error="${code}"` }, `Unauthorized: ${why}\n`), detail: why };
    };
    const found: Array<{ location: string; name: string; raw: string }> = [];
    for (const t of tokensConfig) {
      const method = String(t["method"] ?? "header");
      const name = run.cel.text(String(t["name"] ?? "Authorization"));
      const prefix = run.cel.text(String(t["prefix"] ?? ""));
      let raw: string | undefined;
      if (method === "header") raw = run.ex.request.headers.get(name.toLowerCase())?.[0];
      else if (method === "body") {
        try {
          const parsed: unknown = JSON.parse(run.ex.request.body.toString("utf8"));
          raw = isRecord(parsed) && typeof parsed[name] === "string" ? parsed[name] : undefined;
        } catch {
          raw = new URLSearchParams(run.ex.request.body.toString("utf8")).get(name) ?? undefined;
        }
      } else throw new ConfigError(`jwt-validation: token method '${method}' is not header or body`);
      if (raw === undefined || !raw.startsWith(prefix)) return fail("invalid_request", `no token in the ${method} ${name}`, []);
      found.push({ location: method, name, raw: raw.slice(prefix.length).trim() });
    }
    const keySets: JsonWebKeySet[] = [];
    for (const url of jkus) keySets.push(await run.ctx.env.jwks(run.cel.text(url)));
    const tokens: Array<Record<string, unknown>> = [];
    for (const f of found) {
      let decoded: DecodedJwt;
      try {
        decoded = decodeJwt(f.raw);
      } catch (err) {
        return fail("invalid_token", err instanceof Error ? err.message : String(err), tokens);
      }
      const entry: Record<string, unknown> = { header: decoded.header, payload: decoded.payload, signature: decoded.signature, location: f.location, location_property: f.name, verified: false };
      tokens.push(entry);
      try {
        verifyJwt(decoded, { issuers, audiences, algorithms, keys: keySets, now: Math.floor(run.ctx.env.clock.now() / 1000) });
      } catch (err) {
        if (err instanceof JwtError) return fail(err.code, err.message, tokens);
        throw err;
      }
      entry["verified"] = true;
    }
    setResult(run, "jwt_validation", { tokens });
    return { kind: "continue", detail: "verified" };
  },
};

const verifyWebhookAction: ActionImpl = {
  phases: ["on_http_request"],
  config: { provider: f("string", { required: true }), secret: f("string", { required: true }), enforce: f("bool", { default: true }) },
  async run(config, run) {
    const provider = str(config, "provider", "verify-webhook");
    const secret = run.cel.text(str(config, "secret", "verify-webhook"));
    let why: string | undefined;
    try {
      why = verifyWebhook(
        provider,
        { url: run.ex.originalUrl, headers: run.ex.request.headers, body: run.ex.request.body, contentType: run.ex.request.headers.get("content-type")?.[0] ?? "" },
        secret,
        Math.floor(run.ctx.env.clock.now() / 1000),
      );
    } catch (err) {
      throw new ConfigError(`verify-webhook: ${err instanceof Error ? err.message : String(err)}`);
    }
    setResult(run, "verify_webhook", { verified: why === undefined, ...(why === undefined ? {} : { error: { code: "verification_failed", message: why } }) });
    if (why === undefined) return { kind: "continue", detail: "verified" };
    if (!bool(config, "enforce", true)) return { kind: "continue", detail: `not verified (not enforced): ${why}` };
    return { kind: "respond", response: message(403, {}, `Forbidden: the ${provider} webhook signature could not be verified\n`), detail: why };
  },
};

type Algorithm = "gzip" | "deflate" | "br" | "zstd";

function compressor(alg: string): ((b: Buffer) => Buffer) | undefined {
  if (alg === "gzip") return (b) => gzipSync(b);
  if (alg === "deflate") return (b) => deflateSync(b);
  if (alg === "br") return (b) => brotliCompressSync(b);
  const zstd = (zlib as unknown as { zstdCompressSync?: (b: Buffer) => Buffer }).zstdCompressSync;
  if (alg === "zstd" && zstd !== undefined) return (b) => zstd(b);
  return undefined;
}

/** The supported algorithm with the highest q-value in Accept-Encoding (RFC 9110, 12.5.3). */
function negotiate(acceptEncoding: string, allowed: readonly string[]): string | undefined {
  let best: { alg: string; q: number } | undefined;
  for (const part of acceptEncoding.split(",")) {
    const [token, ...params] = part.trim().split(";");
    const name = token!.trim().toLowerCase();
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!(q > 0)) continue;
    const candidates = name === "*" ? allowed : allowed.includes(name) ? [name] : [];
    for (const alg of candidates) if (compressor(alg) !== undefined && (best === undefined || q > best.q)) best = { alg, q };
  }
  return best?.alg;
}

const compressResponse: ActionImpl = {
  phases: ["on_http_response"],
  config: { algorithms: f("strings", { oneOf: ["br", "compress", "deflate", "gzip"], unique: true }) },
  async run(config, run) {
    const allowed = config["algorithms"] === undefined ? ["gzip", "deflate", "br", "compress"] : strList(config, "algorithms", "compress-response");
    const res = run.ex.response!;
    if (res.headers.has("content-encoding")) {
      setResult(run, "compress", { already_compressed: true, negotiated_algorithm: "" });
      return { kind: "continue", detail: "already compressed" };
    }
    const alg = negotiate(run.ex.request.headers.get("accept-encoding")?.join(",") ?? "", allowed);
    setResult(run, "compress", { already_compressed: false, negotiated_algorithm: alg ?? "" });
    if (alg === undefined) return { kind: "continue", detail: "no supported algorithm requested" };
    res.body = compressor(alg as Algorithm)!(res.body);
    res.headers.delete("content-length");
    res.headers.set("content-encoding", [alg]);
    res.headers.set("vary", [...(res.headers.get("vary") ?? []), "Accept-Encoding"]);
    return { kind: "continue", detail: alg };
  },
};

/**
 * sse-find-replace (https://ngrok.com/docs/traffic-policy/actions/sse-find-replace/): each
 * replacement, in order, replaces every match of `from` (a regular expression; `$1` in `to` names
 * a group) in the message's `data` or `retry`. `field`, `from` and `to` interpolate CEL.
 */
const sseFindReplace: ActionImpl = {
  phases: ["on_event_stream_message"],
  config: { replacements: replacements(true) },
  async run(config, run) {
    const message = run.ex.message!;
    const list = config["replacements"];
    if (!Array.isArray(list) || list.length === 0) throw new ConfigError("sse-find-replace: config.replacements must be a non-empty list");
    let count = 0;
    for (const [i, item] of list.entries()) {
      if (!isRecord(item)) throw new ConfigError(`sse-find-replace: config.replacements[${i}] must be an object`);
      const field = run.cel.text(str(item, "field", "sse-find-replace", "data"));
      if (field !== "data" && field !== "retry") throw new ConfigError(`sse-find-replace: config.replacements[${i}].field must be data or retry`);
      const from = run.cel.text(str(item, "from", "sse-find-replace"));
      let pattern: RegExp;
      try {
        pattern = re2(from);
      } catch {
        throw new ConfigError(`sse-find-replace: config.replacements[${i}].from is not a regular expression`);
      }
      const to = run.cel.text(str(item, "to", "sse-find-replace", ""));
      if (field === "data") {
        const data = messageData(message);
        const next = data === undefined ? undefined : replaceAll(pattern, data, to).output;
        if (next === undefined || next === data) continue;
        setMessageData(message, next);
        count++;
      } else {
        for (const line of message.lines.filter((l) => l.field === "retry")) {
          const next = replaceAll(pattern, line.value, to).output;
          if (next === line.value) continue;
          line.value = next;
          message.changed = true;
          count++;
        }
      }
    }
    return { kind: "continue", detail: `${count} replaced` };
  },
};

const setVars: ActionImpl = {
  phases: ["on_tcp_connect", ...HTTP],
  config: { vars: f("objects", { required: true, oneEntry: true }) },
  async run(config, run) {
    const list = config["vars"];
    const entries = Array.isArray(list) ? list : isRecord(list) ? [list] : undefined;
    if (entries === undefined) throw new ConfigError("set-vars: config.vars must be a list of maps");
    // In order, so that a variable can use the ones set before it.
    for (const entry of entries) {
      if (!isRecord(entry)) throw new ConfigError("set-vars: each entry of config.vars must be a map");
      for (const [name, value] of Object.entries(entry)) run.ex.vars[name] = run.cel.deep(value);
    }
    run.ex.trace.vars[run.phase] = { ...run.ex.vars };
    return { kind: "continue" };
  },
};

const log: ActionImpl = {
  phases: ["on_tcp_connect", ...HTTP],
  config: { metadata: f("any", { required: true }) },
  async run(config, run) {
    if (!isRecord(config["metadata"])) throw new ConfigError("log: config.metadata is required");
    const metadata = run.cel.deep(config["metadata"]) as Record<string, unknown>;
    const entry: LogEntry = { endpoint: run.ex.endpoint.url, phase: run.phase, rule: run.rule, metadata };
    run.ex.trace.logs.push(entry);
    run.ctx.env.onLog?.(entry);
    setResult(run, "log", { metadata });
    return { kind: "continue" };
  },
};

const forwardInternal: ActionImpl = {
  phases: ["on_tcp_connect", "on_http_request"],
  // A TCP or TLS endpoint's forward needs a raw connection, which testPolicy does not have.
  notRunIn: ["on_tcp_connect"],
  terminating: true,
  config: { url: f("string", { required: true }), binding: f("string", { oneOf: ["internal", "kubernetes"] }), on_error: f("string", { oneOf: ["halt", "continue"], default: "halt" }) },
  async run(config, run) {
    const url = run.cel.text(str(config, "url", "forward-internal"));
    const onError = str(config, "on_error", "forward-internal", "halt");
    const response = await run.ctx.forward(url, run.ex);
    if (response !== undefined) return { kind: "respond", response, fromUpstream: true, detail: `to ${url}` };
    const why = `ERR_NGROK_3200: The endpoint ${url} is offline.`;
    if (onError === "continue") return { kind: "continue", detail: `${why} (on_error: continue)` };
    return { kind: "error", response: message(404, {}, `${why}\n`), detail: why };
  },
};

/** Well-known authorization URLs of the oauth action's providers. */
const OAUTH_AUTHORIZE: Readonly<Record<string, string>> = {
  google: "https://accounts.google.com/o/oauth2/v2/auth",
  github: "https://github.com/login/oauth/authorize",
  gitlab: "https://gitlab.com/oauth/authorize",
  microsoft: "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
  linkedin: "https://www.linkedin.com/oauth/v2/authorization",
  facebook: "https://www.facebook.com/v18.0/dialog/oauth",
  twitch: "https://id.twitch.tv/oauth2/authorize",
  amazon: "https://www.amazon.com/ap/oa",
};

/**
 * oauth and openid-connect need a real identity provider, which the emulator does not run. Its
 * stand-in: a request without an identity (the test's `identity`, or the gateway's
 * `ngrok-emulator-identity` header) gets the documented start of the flow, a redirect to the
 * provider with ngrok's callback URL; one with an identity passes as that signed-in user, with
 * the action's identity variables set. On the emulator's gateway the sign-in is recorded as the
 * account's application user and session, whose ids the variables carry.
 */
const identity = (idle: string): Record<string, Field> => ({
  auth_id: f("string"),
  client_id: f("string"),
  client_secret: f("string"),
  scopes: f("strings"),
  authz_url_params: f("map"),
  max_session_duration: f("duration"),
  [idle]: f("duration"),
  userinfo_refresh_interval: f("duration"),
  allow_cors_preflight: f("bool"),
  auth_cookie_domain: f("string"),
});

const action = (kind: "oauth" | "oidc"): string => (kind === "oauth" ? "oauth" : "openid-connect");

function identityAction(kind: "oauth" | "oidc"): ActionImpl {
  return {
    phases: ["on_http_request"],
    config: kind === "oauth" ? { provider: f("string", { required: true }), ...identity("idle_session_timeout") } : { issuer_url: f("string", { required: true }), ...identity("idle_session_duration") },
    async run(config, run) {
      const identity = run.ex.identity;
      const provider = kind === "oauth" ? str(config, "provider", "oauth") : run.cel.text(str(config, "issuer_url", "openid-connect"));
      if (identity !== undefined) {
        const signedIn = run.ctx.env.signIn?.(signInOf(kind, provider, config, identity, run));
        const sessionId = signedIn?.sessionId ?? "";
        // The session's tokens and flags as the action pages list them
        // (https://ngrok.com/docs/traffic-policy/actions/oauth/, .../oidc/): stand-ins, since no
        // provider issued them; a fresh sign-in has not timed out nor been refreshed.
        const maxSession = config["max_session_duration"];
        const expiresMs = run.ctx.env.clock.now() + (typeof maxSession === "string" ? parseDuration(maxSession, action(kind)) : 3_600_000);
        setResult(run, kind, {
          identity: {
            email: identity.email,
            name: identity.name ?? "",
            provider_user_id: identity.email,
            id: signedIn?.identityId ?? `id_emulated_${identity.email}`,
            // oidc's page names it current_session_id; oauth's current_provider_session_id, which oidc keeps too.
            current_provider_session_id: sessionId,
            ...(kind === "oidc" ? { current_session_id: sessionId } : {}),
          },
          access_token: `emulated-access-token-${identity.email}`,
          refresh_token: `emulated-refresh-token-${identity.email}`,
          ...(kind === "oidc" ? { identity_token: `emulated-identity-token-${identity.email}` } : {}),
          expires_at: new Date(expiresMs).toISOString(),
          session_timed_out: false,
          session_max_duration_reached: false,
          [kind === "oauth" ? "userinfo_refreshed" : "user_info_refreshed"]: false,
        });
        return { kind: "continue", detail: `signed in as ${identity.email} (emulator stand-in)` };
      }
      const base = kind === "oauth" ? OAUTH_AUTHORIZE[provider] : `${provider.replace(/\/+$/, "")}/authorize`;
      if (base === undefined) throw new ConfigError(`oauth: provider '${provider}' is not one the emulator knows (${Object.keys(OAUTH_AUTHORIZE).join(", ")})`);
      const location = new URL(base);
      const clientId = config["client_id"];
      if (typeof clientId === "string") location.searchParams.set("client_id", run.cel.text(clientId));
      location.searchParams.set("redirect_uri", "https://idp.ngrok.com/oauth2/callback");
      location.searchParams.set("response_type", "code");
      const scopes = strList(config, "scopes", kind);
      if (kind === "oidc" || scopes.length > 0) location.searchParams.set("scope", (kind === "oidc" ? ["openid", ...scopes.filter((s) => s !== "openid")] : scopes).join(" "));
      location.searchParams.set("state", run.ex.request.url.pathname + run.ex.request.url.search);
      return { kind: "respond", response: message(302, { location: location.toString() }), detail: "redirect to the identity provider (emulator stand-in)" };
    },
  };
}

/** The sign-in the account records: who, through which provider, on which endpoint, from where. */
function signInOf(kind: "oauth" | "oidc", provider: string, config: Record<string, unknown>, identity: { email: string; name?: string }, run: Run): SignIn {
  const action = kind === "oauth" ? "oauth" : "openid-connect";
  const authorize = OAUTH_AUTHORIZE[provider];
  // oauth names a provider (`google`), openid-connect its issuer's URL.
  const source =
    kind === "oauth"
      ? { name: provider, url: authorize === undefined ? "" : new URL(authorize).origin }
      : { name: URL.canParse(provider) ? new URL(provider).host : provider, url: provider };
  const ms = (key: string) => (config[key] === undefined || config[key] === null ? undefined : parseDuration(str(config, key, action), action));
  // conn.geo as IP geolocation reports it: the numbers that are numbers, the country code when known.
  const geo = run.ex.conn.geo;
  const location: NonNullable<SignIn["location"]> = {};
  if (geo.country_code) location.country_code = geo.country_code;
  for (const [from, to] of [["latitude", "latitude"], ["longitude", "longitude"], ["radius", "lat_long_radius_km"]] as const) {
    const v = geo[from];
    if (v !== undefined && v !== "" && !Number.isNaN(Number(v))) location[to] = Number(v);
  }
  const userAgent = run.ex.request.headers.get("user-agent")?.[0];
  const maxSessionMs = ms("max_session_duration");
  const idleTimeoutMs = ms("idle_session_timeout");
  return {
    provider: source,
    providerUserId: identity.email,
    email: identity.email,
    ...(identity.name === undefined ? {} : { name: identity.name }),
    endpoint: { id: run.ex.endpoint.id, url: run.ex.endpoint.url },
    ...(userAgent === undefined ? {} : { userAgent }),
    clientIp: run.ex.conn.clientIp,
    ...(Object.keys(location).length === 0 ? {} : { location }),
    ...(maxSessionMs === undefined ? {} : { maxSessionMs }),
    ...(idleTimeoutMs === undefined ? {} : { idleTimeoutMs }),
  };
}

export const ACTIONS: Readonly<Record<string, ActionImpl>> = {
  "custom-response": customResponse,
  deny,
  redirect,
  "url-rewrite": urlRewrite,
  "add-headers": addHeaders,
  "remove-headers": removeHeaders,
  "restrict-ips": restrictIps,
  "rate-limit": rateLimit,
  "basic-auth": basicAuth,
  "jwt-validation": jwtValidation,
  "verify-webhook": verifyWebhookAction,
  "compress-response": compressResponse,
  "sse-find-replace": sseFindReplace,
  "set-vars": setVars,
  log,
  "forward-internal": forwardInternal,
  oauth: identityAction("oauth"),
  "openid-connect": identityAction("oidc"),
  "circuit-breaker": circuitBreaker,
  "close-connection": closeConnection,
  "http-request": httpRequest,
  "request-body-find-replace": requestBodyFindReplace,
  "response-body-find-replace": responseBodyFindReplace,
  "owasp-crs-request": owaspCrsRequest,
  "owasp-crs-response": owaspCrsResponse,
  "terminate-tls": terminateTls,
  "ai-gateway": aiGateway,
};

