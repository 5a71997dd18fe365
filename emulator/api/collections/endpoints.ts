// Cloud endpoints (POST/GET/PATCH/DELETE /endpoints, type `cloud`), listed and read together
// with the agents' endpoints. The service's rules as ngrok's API reference and error pages give
// them (ERR_NGROK_18001-18017 for the endpoint, 2202/2230/2235/2236/2262 for its Traffic Policy).
// The policy is stored as sent, once the Traffic Policy's checks (gateway/check.ts, which the
// gateway and testPolicy read too) accept it.
import { z } from "zod";
import { common, type CollectionDef, type Ctx } from "../collection";
import { str } from "../../shared/fields";
import { ApiFailure } from "../../shared/errors";
import { rfc3339 } from "../../shared/ids";
import type { Rec } from "../../shared/store";
import { policyFromInput, PolicyRefusal } from "../../gateway/check";
import type { Json, JsonObject } from "../../shared/validate";

const SCHEMES = ["http", "https", "tcp", "tls"];
const DEFAULT_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443, tls: 443 };
const BINDINGS = ["public", "internal", "kubernetes"];

interface ParsedUrl {
  url: string;
  scheme: string;
  host: string;
  port: number;
}

function parseUrl(raw: string): ParsedUrl {
  let text = raw.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = `https://${text}`;
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/:?#\s]+)(?::(\d+))?\/?$/i.exec(text);
  if (!m || !SCHEMES.includes(m[1]!.toLowerCase())) {
    throw new ApiFailure(400, "ERR_NGROK_18001", "The provided cloud endpoint configuration is invalid: url is invalid.");
  }
  const scheme = m[1]!.toLowerCase();
  const host = m[2]!.toLowerCase().replace(/\.$/, "");
  const port = m[3] !== undefined ? Number(m[3]) : DEFAULT_PORTS[scheme];
  if (port === undefined || port < 1 || port > 65535) {
    throw new ApiFailure(400, "ERR_NGROK_18003", "The provided cloud endpoint configuration is invalid: port is invalid or missing and cannot be inferred from scheme");
  }
  const url = `${scheme}://${host}${port === DEFAULT_PORTS[scheme] ? "" : `:${port}`}`;
  return { url, scheme, host, port };
}

/** The reserved domain serving `host` (exact, or a wildcard one level up); undefined when none. */
function reservedDomainOf(ctx: Ctx, host: string): Rec | undefined {
  const domains = ctx.store.all("reserved_domains");
  const parent = host.slice(host.indexOf(".") + 1);
  return domains.find((d) => d.data["domain"] === host) ?? domains.find((d) => d.data["domain"] === `*.${parent}`);
}

/** The ports a scheme's cloud endpoints may listen on, where ngrok limits them (https: 443 only). */
const ALLOWED_PORTS: Readonly<Record<string, readonly number[]>> = { https: [443] };

/**
 * The URL must name what the account reserved (ERR_NGROK_18006): a reserved domain for http, https
 * and tls, a reserved address (`host:port`) for tcp; a `.internal` host needs nothing.
 */
function checkUrl(ctx: Ctx, url: ParsedUrl): void {
  const ports = ALLOWED_PORTS[url.scheme];
  if (ports !== undefined && !ports.includes(url.port)) {
    throw new ApiFailure(400, "ERR_NGROK_18023", `Invalid port for URL with scheme ${url.scheme}, allowed ports are ${ports.join(", ")}.`);
  }
  if (url.host.endsWith(".internal")) return;
  const reserved =
    url.scheme === "tcp"
      ? ctx.store.all("reserved_addrs").some((a) => a.data["addr"] === `${url.host}:${url.port}`)
      : reservedDomainOf(ctx, url.host) !== undefined;
  if (!reserved) {
    throw new ApiFailure(400, "ERR_NGROK_18006", "This account does not have any domains or addresses reserved that match the provided URL.");
  }
}

function bindingsFor(url: ParsedUrl, given: Json | undefined): string[] {
  const internal = url.host.endsWith(".internal");
  const list = Array.isArray(given) ? given.filter((b): b is string => typeof b === "string") : [];
  if (given === undefined || (Array.isArray(given) && given.length === 0)) return [internal ? "internal" : "public"];
  const invalid = list.length !== 1 || !BINDINGS.includes(list[0]!) || (internal !== (list[0] === "internal") && list[0] !== "kubernetes");
  if (invalid) throw new ApiFailure(400, "ERR_NGROK_18007", "This provided cloud endpoint configuration is invalid: binding.");
  return list;
}

/** The check `POST /endpoints` makes of a cloud endpoint's policy text for its URL: throws the ApiFailure it answers. */
export function checkEndpointPolicy(text: string, url: string): void {
  checkPolicy(text, parseUrl(url));
}

/** Checks a policy's text with the Traffic Policy's one set of checks (gateway/check.ts), for what the URL allows. */
function checkPolicy(text: string, url: ParsedUrl): void {
  if (text.trim() === "") throw new ApiFailure(400, "ERR_NGROK_18011", "Traffic policy configuration is required: traffic_policy is empty");
  try {
    policyFromInput(text, { scheme: url.scheme, internal: url.host.endsWith(".internal"), cloud: true });
  } catch (err) {
    if (!(err instanceof PolicyRefusal)) throw err;
    const failure = new ApiFailure(400, err.code, err.apiMessage);
    // Where, as ngrok spells the policy: what a program needs to find the problem.
    if (err.place !== "") failure.details["path"] = err.place;
    throw failure;
  }
}

/** Another cloud endpoint on the URL: refused unless both pool. */
function checkPooling(ctx: Ctx, url: string, pooling: boolean, self?: string): void {
  const other = ctx.store.all("endpoints").find((r) => r.id !== self && r.data["url"] === url);
  if (other === undefined) return;
  if (!pooling) throw new ApiFailure(400, "ERR_NGROK_18009", "This account already has a cloud endpoint on this URL.");
  if (other.data["pooling_enabled"] !== true) {
    throw new ApiFailure(400, "ERR_NGROK_18016", "The provided cloud endpoint was invalid because pooling was set to enabled when another endpoint exists for this url that has pooling disabled.");
  }
}

function checkLengths(input: JsonObject): void {
  if (Buffer.byteLength(str(input["description"]), "utf8") > 255) throw new ApiFailure(400, "ERR_NGROK_18012", "The description field cannot be longer than 255 characters.");
  if (Buffer.byteLength(str(input["metadata"]), "utf8") > 4096) throw new ApiFailure(400, "ERR_NGROK_18013", "The metadata field cannot be longer than 4096 characters.");
}

export const cloudEndpoints: CollectionDef = {
  kind: "endpoints",
  path: "/endpoints",
  prefix: "ep",
  listKey: "endpoints",
  createSchema: z.strictObject({
    url: z.string(),
    type: z.enum(["cloud"]).optional(),
    traffic_policy: z.string().optional(),
    description: z.string().optional(),
    metadata: z.string().optional(),
    bindings: z.array(z.string()).optional(),
    pooling_enabled: z.boolean().optional(),
  }),
  create(input, ctx) {
    checkLengths(input);
    const url = parseUrl(str(input["url"]));
    checkUrl(ctx, url);
    const bindings = bindingsFor(url, input["bindings"]);
    checkPolicy(str(input["traffic_policy"]), url);
    const pooling = input["pooling_enabled"] === true;
    checkPooling(ctx, url.url, pooling);
    const at = rfc3339(ctx.now);
    return {
      data: {
        url: url.url,
        traffic_policy: str(input["traffic_policy"]),
        description: str(input["description"]),
        metadata: str(input["metadata"]),
        bindings,
        pooling_enabled: pooling,
        updated_at: at,
        principal_id: ctx.caller,
      },
    };
  },
  updateSchema: z.strictObject({
    url: z.string().optional(),
    traffic_policy: z.string().optional(),
    description: z.string().optional(),
    metadata: z.string().optional(),
    bindings: z.array(z.string()).optional(),
    pooling_enabled: z.boolean().optional(),
  }),
  update(rec, input, ctx) {
    if (Object.keys(input).length === 0) {
      throw new ApiFailure(400, "ERR_NGROK_18004", "The cloud endpoint update failed because no values were provided. Specify at least one value.");
    }
    checkLengths(input);
    const url = parseUrl(input["url"] !== undefined ? str(input["url"]) : str(rec.data["url"]));
    if (url.scheme !== parseUrl(str(rec.data["url"])).scheme) {
      throw new ApiFailure(400, "ERR_NGROK_18005", "The cloud endpoint update failed because you are not allowed to change the protocol/URL scheme in-place.");
    }
    checkUrl(ctx, url);
    const bindings = input["bindings"] !== undefined ? bindingsFor(url, input["bindings"]) : rec.data["bindings"];
    const policy = input["traffic_policy"] !== undefined ? str(input["traffic_policy"]) : str(rec.data["traffic_policy"]);
    checkPolicy(policy, url);
    const pooling = input["pooling_enabled"] !== undefined ? input["pooling_enabled"] === true : rec.data["pooling_enabled"] === true;
    checkPooling(ctx, url.url, pooling, rec.id);
    for (const key of ["description", "metadata"]) if (input[key] !== undefined) rec.data[key] = input[key] ?? "";
    Object.assign(rec.data, { url: url.url, traffic_policy: policy, bindings: bindings ?? null, pooling_enabled: pooling, updated_at: rfc3339(ctx.now) });
  },
  sharedItems: (ctx) => ctx.agentEndpoints(),
  shape(rec, ctx) {
    const url = parseUrl(str(rec.data["url"]));
    const domain = url.host.endsWith(".internal") ? undefined : reservedDomainOf(ctx, url.host);
    const out: JsonObject = {
      ...common(cloudEndpoints, rec, ctx),
      updated_at: str(rec.data["updated_at"]) || rec.created_at,
      region: "global",
      url: url.url,
      public_url: url.url,
      proto: url.scheme,
      scheme: url.scheme,
      host: url.host,
      port: url.port,
      hostport: `${url.host}:${url.port}`,
      type: "cloud",
      // Stored as sent.
      traffic_policy: str(rec.data["traffic_policy"]),
      bindings: Array.isArray(rec.data["bindings"]) ? rec.data["bindings"] : [],
      pooling_enabled: rec.data["pooling_enabled"] === true,
      // Who owns the endpoint; the reference's example answers a user's with an empty uri.
      principal: { id: str(rec.data["principal_id"]) || ctx.store.userId, uri: "" },
    };
    if (domain !== undefined) out["domain"] = ctx.ref("reserved_domains", domain.id);
    // The spec's Endpoint: `tcp_addr`, "the address reserved for this endpoint" (a TCP URL's host:port).
    const addr = url.scheme === "tcp" ? ctx.store.all("reserved_addrs").find((a) => a.data["addr"] === `${url.host}:${url.port}`) : undefined;
    if (addr !== undefined) out["tcp_addr"] = ctx.ref("reserved_addrs", addr.id);
    return out;
  },
};
