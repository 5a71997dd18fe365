/**
 * Lookups of private endpoints: the account's endpoints on a `.internal` or `.ngrok.direct` host,
 * reached only through the account's own endpoints (`forward-internal`) and private dial
 * (https://ngrok.com/docs/universal-gateway/internal-endpoints/). Agents start them, so programs
 * look them up and reference their URLs instead of declaring them.
 *
 * The endpoints list shows them as any endpoint, with the `internal` binding and their URL alone
 * (ngrok's Kubernetes operator read them so: github.com/ngrok/ngrok-operator,
 * specs/private-endpoints, whose rule this follows: a host under either suffix, not
 * bound to Kubernetes). Several endpoints may serve one URL (a pool), so a private endpoint is a URL
 * with the endpoints on it.
 */
import { refType } from "../definitions/common";
import { normalizeEndpointUrl } from "../definitions/cloud-endpoint";
import type { ApiObject, ObjectType, Props, ReadResult, TypeSpec } from "../contract";
import { fromApiValue } from "../engine/values";
import { field, refId } from "./live";
import { LookupError } from "./lookup-error";
import type { FunctionContext, FunctionDefinition } from "./types";

const str: TypeSpec = { kind: "string" };
const schemes = ["http", "https", "tcp", "tls"] as const;
const DEFAULT_PORTS: Readonly<Record<string, number>> = { http: 80, https: 443, tls: 443 };
const SUFFIXES = [".internal", ".ngrok.direct"];
const URL_FORM = /^([a-z]+):\/\/([^/:?#\s]+)(?::(\d+))?$/;

const memberType: ObjectType = {
  kind: "object",
  name: "PrivateEndpointMember",
  description: "An endpoint of the account on a private endpoint's URL: the one, or each of a pool's.",
  properties: {
    id: field("id", str, "The endpoint's id (`ep_...`).", true),
    uri: field("uri", str, "The endpoint's address in the API.", true),
    type: field("type", str, "What serves it: an agent (`ephemeral`) or a cloud endpoint (`cloud`).", true),
    poolingEnabled: field("pooling_enabled", { kind: "boolean" }, "Whether it was started to share its URL with other endpoints (`--pooling-enabled`)."),
    upstreamUrl: field("upstream_url", str, "Where the agent forwards its traffic to."),
    tunnelSession: field("tunnel_session", refType, "The agent's tunnel session (`ts_...`), for an agent's endpoint."),
    description: field("description", str, "What the endpoint is for."),
    metadata: field("metadata", str, "User-defined data."),
    createdAt: field("created_at", str, "When it came online (RFC 3339)."),
  },
};

const privateEndpointType: ObjectType = {
  kind: "object",
  name: "PrivateEndpoint",
  description: "A private endpoint: a URL on a `.internal` or `.ngrok.direct` host, and the account's endpoints serving it.",
  properties: {
    url: field("url", str, "The URL as the endpoints list gives it (`https://app.internal`, `tls://db.internal:443`): what `forward-internal` names.", true),
    scheme: field("scheme", { kind: "string", enum: schemes }, "The URL's scheme.", true),
    hostname: field("hostname", str, "The URL's host: `app.internal`.", true),
    port: field("port", { kind: "integer" }, "The URL's port, the scheme's default when the URL has none.", true),
    endpoints: field("endpoints", { kind: "array", items: memberType }, "The endpoints on the URL, newest first: more than one for a pool.", true),
  },
};

interface PrivateUrl {
  scheme: string;
  hostname: string;
  port: number;
  /** The form two spellings of one URL share: scheme and host lower-cased, no default port. */
  key: string;
}

/** A URL on a private host, or undefined: anything else, or not a URL. */
function privateUrl(value: unknown): PrivateUrl | undefined {
  if (typeof value !== "string" || !/^[a-z][a-z0-9+.-]*:\/\//i.test(value.trim())) return undefined;
  const key = String(normalizeEndpointUrl(value));
  const m = URL_FORM.exec(key);
  if (!m || !(schemes as readonly string[]).includes(m[1]!)) return undefined;
  const [, scheme, hostname] = m as unknown as [string, string, string];
  if (!SUFFIXES.some((s) => hostname.endsWith(s))) return undefined;
  const port = m[3] !== undefined ? Number(m[3]) : DEFAULT_PORTS[scheme];
  if (port === undefined || port < 1 || port > 65535) return undefined;
  return { scheme, hostname, port, key };
}

/** An item of the endpoints list, when it is a private endpoint's: its URL (`url`, or `public_url` as older answers have it). */
function privateOf(api: ApiObject): PrivateUrl | undefined {
  const bindings = Array.isArray(api.bindings) ? api.bindings : [];
  if (bindings.includes("kubernetes")) return undefined;
  return privateUrl(typeof api.url === "string" && api.url !== "" ? api.url : api.public_url);
}

/** The private endpoints of a list's items (newest first), in the order of their newest endpoint. */
function grouped(items: readonly ApiObject[]): Props[] {
  const byUrl = new Map<string, { url: PrivateUrl; given: string; members: Props[] }>();
  for (const api of items) {
    const url = privateOf(api);
    if (url === undefined) continue;
    const group = byUrl.get(url.key) ?? { url, given: String(api.url ?? api.public_url), members: [] };
    group.members.push((fromApiValue(memberType, api) ?? {}) as Props);
    byUrl.set(url.key, group);
  }
  return [...byUrl.values()].map(({ url, given, members }) => ({ url: given, scheme: url.scheme, hostname: url.hostname, port: url.port, endpoints: members }));
}

const urlDescription =
  "The private endpoint's URL: `https://app.internal`, `tcp://db.internal:5432`, `https://app.ngrok.direct`. A default port may be left out (`tls://db.internal` is `tls://db.internal:443`).";

export const getPrivateEndpoint: FunctionDefinition = {
  name: "getPrivateEndpoint",
  kind: "lookup",
  description:
    "Reads one private endpoint (a URL on a `.internal` or `.ngrok.direct` host) by its `url`, or by the `id` of an endpoint " +
    "serving it, with every endpoint on the URL (several for a pool). Fails when no endpoint of the account is online on it. " +
    "Lookups made together share one walk of the endpoints list.",
  inputs: {
    url: { type: str, description: `${urlDescription} Give it, or \`id\`.` },
    id: { type: str, description: "The id of an endpoint serving it (`ep_...`). Give it, or `url`." },
  },
  outputs: Object.fromEntries(Object.entries(privateEndpointType.properties).map(([n, p]) => [n, { type: p.type, description: p.description, present: true }])),
  example: `// The agents' pool, started with \`ngrok http 8080 --url https://app.internal --pooling-enabled\`: the preview fails while none is online.
const pool = ngrok.getPrivateEndpointOutput({ url: "https://app.internal" });
new ngrok.CloudEndpoint("app", {
    url: "https://app.example.com",
    trafficPolicy: { onHttpRequest: [{ actions: [{ type: "forward-internal", config: { url: pool.url } }] }] },
});
export const agentsOnline = pool.endpoints.apply((es) => es.length);`,
  async run(ctx, args) {
    const byUrl = args.url !== undefined && args.url !== null;
    const byId = args.id !== undefined && args.id !== null;
    if (byUrl === byId) throw new LookupError("getPrivateEndpoint: give url or id (not both) to say which private endpoint to find");
    if (byId && !/^ep_[0-9A-Za-z]+$/.test(String(args.id))) throw new LookupError("getPrivateEndpoint: id must be an endpoint id (ep_...)");
    const wanted = byUrl ? privateUrl(args.url) : undefined;
    if (byUrl && wanted === undefined) {
      throw new LookupError("getPrivateEndpoint: url must be an http, https, tcp or tls URL on a .internal or .ngrok.direct host, such as https://app.internal");
    }
    const items = await endpoints(ctx, (api) => (wanted ? privateOf(api)?.key === wanted.key : api.id === args.id));
    if (byUrl) {
      const [found] = grouped(items);
      if (found === undefined) {
        throw new LookupError(`getPrivateEndpoint: no endpoint of the account is online on ${wanted!.key}: start one there (ngrok http 8080 --url ${wanted!.key}) or give the URL of one that is`);
      }
      return found;
    }
    const [item] = items;
    if (item === undefined) throw new LookupError(`getPrivateEndpoint: no endpoint ${String(args.id)} is online`);
    const url = privateOf(item);
    if (url === undefined) throw new LookupError(`getPrivateEndpoint: endpoint ${String(args.id)} is not a private endpoint's: its URL is not on a .internal or .ngrok.direct host`);
    return grouped(await endpoints(ctx, (api) => privateOf(api)?.key === url.key))[0]!;
  },
};

/** The items of the endpoints list a lookup matches, from the walk the program's lookups share. */
async function endpoints(ctx: FunctionContext, matches: (api: ApiObject) => boolean): Promise<ApiObject[]> {
  const begun = ctx.walks.begin();
  const pages = () =>
    (async function* () {
      for await (const page of ctx.client.pages<ApiObject>("/endpoints", "endpoints")) {
        yield page.flatMap((api): ReadResult[] => (typeof api.id === "string" ? [{ id: api.id, props: api as Props }] : []));
      }
    })();
  const found = await ctx.walks.matching("PrivateEndpoint", "", pages, begun, ctx.fresh, (item) => matches(item.props as ApiObject));
  return found.map((item) => item.props as ApiObject);
}

export const getPrivateEndpoints: FunctionDefinition = {
  name: "getPrivateEndpoints",
  kind: "lookup",
  description:
    "Lists the private endpoints of the account (URLs on a `.internal` or `.ngrok.direct` host that its agents or cloud " +
    "endpoints serve), every page of the endpoints list, newest first, each with the endpoints on its URL. Arguments narrow " +
    "the endpoints (`scheme`, `type`, `credentialId`); a URL none of whose endpoints match is left out.",
  inputs: {
    scheme: { type: { kind: "string", enum: schemes }, description: "Only URLs of this scheme." },
    type: { type: str, description: "Only endpoints of this type: `ephemeral` for an agent's, `cloud` for a cloud endpoint." },
    credentialId: { type: str, description: "Only the endpoints of the agents that authenticated with this tunnel or SSH credential (`cr_...` or `sshcr_...`)." },
  },
  outputs: {
    privateEndpoints: { type: { kind: "array", items: privateEndpointType }, present: true, description: "The private endpoints, newest first." },
    urls: { type: { kind: "array", items: str }, present: true, description: "Their URLs, in the same order." },
  },
  example: `// Every private endpoint the fleet's agents serve, by URL.
const fleet = new ngrok.Credential("fleet", { acl: ["bind:*.internal"] });
export const fleetUrls = ngrok.getPrivateEndpointsOutput({ credentialId: fleet.id }).urls;`,
  async run(ctx, args) {
    const sessions = typeof args.credentialId === "string" ? await sessionsOf(ctx, args.credentialId) : undefined;
    const items: ApiObject[] = [];
    for await (const api of ctx.client.list<ApiObject>("/endpoints", "endpoints")) {
      const url = privateOf(api);
      if (url === undefined) continue;
      if (typeof args.scheme === "string" && url.scheme !== args.scheme) continue;
      if (typeof args.type === "string" && api.type !== args.type) continue;
      if (sessions !== undefined && !sessions.has(refId(api.tunnel_session))) continue;
      items.push(api);
    }
    const found = grouped(items);
    return { privateEndpoints: found, urls: found.map((p) => p.url) };
  },
};

/** The online tunnel sessions of a credential: an agent's endpoint names its session, not its credential. */
async function sessionsOf(ctx: FunctionContext, credentialId: string): Promise<Set<unknown>> {
  const out = new Set<unknown>();
  for await (const s of ctx.client.list<ApiObject>("/tunnel_sessions", "tunnel_sessions")) if (refId(s.credential) === credentialId) out.add(s.id);
  return out;
}
