/**
 * Lookups of live state: tunnel sessions, tunnels and endpoints exist only while agents run, so
 * programs read them (by id, or as a filtered list) instead of managing them. Each view below
 * yields two functions: `get<Item>` by id and `get<Items>`, every page, newest first.
 */
import { ApiError } from "../client/errors";
import { refType } from "../definitions/common";
import type { ApiObject, NestedProperty, ObjectType, Props, TypeSpec } from "../contract";
import { fromApiValue } from "../engine/values";
import { article } from "../words";
import { LookupError } from "./lookup-error";
import type { FunctionContext, FunctionDefinition, FunctionParameter, FunctionResult } from "./types";

const str: TypeSpec = { kind: "string" };
const refs: TypeSpec = { kind: "array", items: refType };
const protos = ["http", "https", "tcp", "tls"] as const;

export function field(api: string, type: TypeSpec, description: string, present = false): NestedProperty {
  return { api, type, description, ...(present ? { present: true } : {}) };
}

export const tunnelSessionType: ObjectType = {
  kind: "object",
  name: "TunnelSession",
  description: "An online agent connection (tunnel session).",
  properties: {
    id: field("id", str, "The tunnel session's id (`ts_...`).", true),
    uri: field("uri", str, "The tunnel session's address in the API.", true),
    agentVersion: field("agent_version", str, "The version of the agent that started the session.", true),
    credential: field("credential", refType, "The tunnel credential or SSH credential the agent authenticated with.", true),
    ip: field("ip", str, "The source IP address of the session.", true),
    metadata: field("metadata", str, "User-defined data from the agent's configuration file."),
    os: field("os", str, "The operating system of the agent's host.", true),
    region: field("region", str, "The region in which the session started.", true),
    startedAt: field("started_at", str, "When the session first connected (RFC 3339).", true),
    transport: field("transport", str, "The transport protocol: `ngrok/2` or `ssh`.", true),
  },
};

export const tunnelType: ObjectType = {
  kind: "object",
  name: "Tunnel",
  description: "An online tunnel of an agent.",
  properties: {
    id: field("id", str, "The tunnel's id (`tn_...`).", true),
    publicUrl: field("public_url", str, "The public URL of an ephemeral tunnel."),
    startedAt: field("started_at", str, "When the tunnel started (RFC 3339).", true),
    metadata: field("metadata", str, "The tunnel's metadata from the agent's configuration file."),
    proto: field("proto", { kind: "string", enum: protos }, "The protocol of an ephemeral tunnel."),
    region: field("region", str, "The region where the tunnel runs.", true),
    tunnelSession: field("tunnel_session", refType, "The tunnel session on which the tunnel started.", true),
    endpoint: field("endpoint", refType, "The ephemeral endpoint of an agent-initiated tunnel."),
    labels: field("labels", { kind: "map", values: str }, "The labels tunnel group backends match, for a backend tunnel."),
    backends: field("backends", refs, "The tunnel group backends this backend tunnel serves."),
    forwardsTo: field("forwards_to", str, "The upstream address the agent forwards to: a URL or a network address.", true),
  },
};

export const endpointType: ObjectType = {
  kind: "object",
  name: "Endpoint",
  description: "An active endpoint: a hostport served by an agent's tunnel or by an edge.",
  properties: {
    id: field("id", str, "The endpoint's id (`ep_...`).", true),
    uri: field("uri", str, "The endpoint's address in the API.", true),
    region: field("region", str, "The region the endpoint belongs to."),
    createdAt: field("created_at", str, "When the endpoint was created (RFC 3339)."),
    updatedAt: field("updated_at", str, "When the endpoint was last updated (RFC 3339)."),
    publicUrl: field("public_url", str, "The URL of the hostport served.", true),
    proto: field("proto", { kind: "string", enum: protos }, "The protocol served.", true),
    hostport: field("hostport", str, "`hostname:port`.", true),
    type: field("type", { kind: "string", enum: ["ephemeral", "edge"] }, "What serves it: an agent-initiated tunnel (`ephemeral`) or an edge (`edge`).", true),
    metadata: field("metadata", str, "The metadata of the tunnel or edge behind the endpoint."),
    domain: field("domain", refType, "The reserved domain of the endpoint."),
    tcpAddr: field("tcp_addr", refType, "The reserved TCP address of the endpoint."),
    tunnel: field("tunnel", refType, "The tunnel serving an ephemeral endpoint."),
    edge: field("edge", refType, "The edge serving an edge endpoint."),
  },
};

/**
 * A list argument that narrows the result; applied to every item of every page. A filter on what
 * the items do not carry (the credential behind a tunnel) first reads what it needs (`prepare`).
 */
export interface Filter extends FunctionParameter {
  matches: (item: Props, value: unknown, prepared: ReadonlySet<unknown>) => boolean;
  prepare?: (ctx: FunctionContext, value: unknown) => Promise<ReadonlySet<unknown>>;
}

export interface LiveView {
  type: ObjectType;
  /** In words: "tunnel session". */
  noun: string;
  /** What the account's items are, in words: "online" (the default) for live state, "registered" for operators. */
  state?: string;
  path: string;
  /** The ids' prefix, checked before a request; absent where ngrok does not document one. */
  idPrefix?: string;
  /**
   * Natural keys `get<Item>` takes instead of the id: the list is read and exactly one item must
   * have every key given.
   */
  keys?: Record<string, FunctionParameter>;
  /** Array key of the API's list responses. */
  listKey: string;
  /** Array field of the list function's result. */
  listField: string;
  filters: Record<string, Filter>;
  /** Adapts an API object before conversion (tolerance of shapes the API has used). */
  adapt?: (api: ApiObject) => ApiObject;
  getExample: string;
  listExample: string;
}

/** The id of a reference (`{id, uri}`) an item holds. */
export const refId = (v: unknown): unknown => (v && typeof v === "object" ? (v as Props).id : undefined);

/** The ids of the items at `path` whose reference `ref` is one of `ids`. */
async function idsReferring(ctx: FunctionContext, path: string, listKey: string, ref: string, ids: ReadonlySet<unknown>): Promise<Set<unknown>> {
  const out = new Set<unknown>();
  for await (const item of ctx.client.list<ApiObject>(path, listKey)) if (ids.has(refId(item[ref]))) out.add(item.id);
  return out;
}
/** The online sessions of a credential: tunnels and endpoints name their session, not the credential. */
const sessionsOf = (ctx: FunctionContext, credentialId: unknown) => idsReferring(ctx, "/tunnel_sessions", "tunnel_sessions", "credential", new Set([credentialId]));
const credentialDescription = (what: string) =>
  `Only the ${what} of the agents that authenticated with this tunnel or SSH credential (\`cr_...\` or \`sshcr_...\`).`;

const views: LiveView[] = [
  {
    type: tunnelSessionType,
    noun: "tunnel session",
    path: "/tunnel_sessions",
    idPrefix: "ts",
    listKey: "tunnel_sessions",
    listField: "tunnelSessions",
    filters: {
      credentialId: {
        type: str,
        description: "Only the sessions of this tunnel or SSH credential (`cr_...` or `sshcr_...`).",
        matches: (item, v) => refId(item.credential) === v,
      },
    },
    getExample: `const session = await ngrok.getTunnelSession({ id: "ts_..." });
pulumi.log.info(\`agent \${session.agentVersion} on \${session.os}\`);`,
    listExample: `const agents = new ngrok.Credential("agents", { description: "fleet" });
// Re-read at every preview and update; empty until agents connect with the credential's token.
const sessions = ngrok.getTunnelSessionsOutput({ credentialId: agents.id });
export const sessionIds = sessions.ids;`,
  },
  {
    type: tunnelType,
    noun: "tunnel",
    path: "/tunnels",
    idPrefix: "tn",
    listKey: "tunnels",
    listField: "tunnels",
    filters: {
      proto: {
        type: { kind: "string", enum: protos },
        description: "Only tunnels of this protocol.",
        matches: (item, v) => item.proto === v,
      },
      labels: {
        type: { kind: "map", values: str },
        description: "Only backend tunnels that carry all of these labels (other labels allowed).",
        matches: (item, v) => {
          const labels = (item.labels ?? {}) as Record<string, unknown>;
          return Object.entries(v as Record<string, unknown>).every(([k, want]) => labels[k] === want);
        },
      },
      sessionId: {
        type: str,
        description: "Only the tunnels of this tunnel session (`ts_...`).",
        matches: (item, v) => refId(item.tunnelSession) === v,
      },
      credentialId: {
        type: str,
        description: credentialDescription("tunnels"),
        prepare: sessionsOf,
        matches: (item, _v, sessions) => sessions.has(refId(item.tunnelSession)),
      },
    },
    // The spec describes `backends` as one reference; the official clients as a list.
    adapt: (api) =>
      api.backends && typeof api.backends === "object" && !Array.isArray(api.backends) ? { ...api, backends: [api.backends] } : api,
    getExample: `const tunnel = await ngrok.getTunnel({ id: "tn_..." });`,
    listExample: `// The backend tunnels that a tunnel group with labels {app: "api"} would serve.
const api = ngrok.getTunnelsOutput({ labels: { app: "api" } });
export const upstreams = api.tunnels.apply((ts) => ts.map((t) => t.forwardsTo));`,
  },
  {
    type: endpointType,
    noun: "endpoint",
    path: "/endpoints",
    idPrefix: "ep",
    listKey: "endpoints",
    listField: "endpoints",
    filters: {
      type: {
        type: { kind: "string", enum: ["ephemeral", "edge"] },
        description: "Only endpoints of this type.",
        matches: (item, v) => item.type === v,
      },
      proto: {
        type: { kind: "string", enum: protos },
        description: "Only endpoints of this protocol.",
        matches: (item, v) => item.proto === v,
      },
      credentialId: {
        type: str,
        description: credentialDescription("endpoints (served by their tunnels; an edge's endpoint has no credential)"),
        prepare: async (ctx, v) => idsReferring(ctx, "/tunnels", "tunnels", "tunnel_session", await sessionsOf(ctx, v)),
        matches: (item, _v, tunnels) => tunnels.has(refId(item.tunnel)),
      },
    },
    getExample: `const endpoint = await ngrok.getEndpoint({ id: "ep_..." });`,
    listExample: `const endpoints = ngrok.getEndpointsOutput({ type: "ephemeral" });
export const publicUrls = endpoints.endpoints.apply((es) => es.map((e) => e.publicUrl));`,
  },
];

function itemOutputs(type: ObjectType): Record<string, FunctionResult> {
  return Object.fromEntries(
    Object.entries(type.properties).map(([name, p]) => [name, { type: p.type, description: p.description, ...(p.present ? { present: true } : {}) }]),
  );
}

function toItem(view: LiveView, api: ApiObject): Props {
  return (fromApiValue(view.type, view.adapt ? view.adapt(api) : api) ?? {}) as Props;
}

export function getFunction(view: LiveView): FunctionDefinition {
  const name = view.type.name;
  const state = view.state ?? "online";
  const keys = Object.keys(view.keys ?? {});
  const idWords = `The ${view.noun}'s id` + (view.idPrefix === undefined ? "." : ` (\`${view.idPrefix}_...\`).`);
  return {
    name: `get${name}`,
    kind: "lookup",
    description:
      `Reads one ${state} ${view.noun} by id` + (keys.length ? ` or by ${keys.map((k) => `\`${k}\``).join(" and ")}` : "") +
      `. Fails when it is not ${state} (the API answers 404), with an error that names the id` +
      (keys.length ? `, and when no ${view.noun} or several have the keys given.` : "."),
    inputs: {
      id: { type: str, required: keys.length === 0, description: idWords + (keys.length ? ` Give it, or ${keys.map((k) => `\`${k}\``).join(" or ")}.` : "") },
      ...view.keys,
    },
    outputs: itemOutputs(view.type),
    example: view.getExample,
    async run(ctx, args) {
      if (typeof args.id !== "string") return byKeys(ctx, view, args);
      const id = args.id;
      if (view.idPrefix !== undefined && !new RegExp(`^${view.idPrefix}_[0-9A-Za-z]+$`).test(id)) {
        throw new Error(`get${name}: id must be ${article(view.noun)} ${view.noun} id (${view.idPrefix}_...)`);
      }
      try {
        return toItem(view, await ctx.client.get<ApiObject>(`${view.path}/${encodeURIComponent(id)}`));
      } catch (err) {
        if (err instanceof ApiError && err.notFound) {
          throw err.with({ hint: `${article(view.noun)} ${view.noun} ${id} is not ${state} (not found)` });
        }
        throw err;
      }
    },
  };
}

/** The one item of the list that has every natural key given. */
async function byKeys(ctx: FunctionContext, view: LiveView, args: Props): Promise<Props> {
  const name = `get${view.type.name}`;
  const given = Object.keys(view.keys ?? {}).filter((k) => args[k] !== undefined && args[k] !== null);
  if (given.length === 0) throw new LookupError(`${name}: give id or ${Object.keys(view.keys ?? {}).join(" or ")} to say which ${view.noun} to find`);
  const described = given.map((k) => `${k} ${JSON.stringify(args[k])}`).join(" and ");
  // The lookups by key of a view share a walk of its list, as the resources' lookups do (walks.ts).
  const begun = ctx.walks.begin();
  const pages = () =>
    (async function* () {
      for await (const page of ctx.client.pages<ApiObject>(view.path, view.listKey)) {
        yield page.flatMap((api) => (typeof api.id === "string" ? [{ id: api.id, props: toItem(view, api) }] : []));
      }
    })();
  const found = (await ctx.walks.matching(view.type.name, "", pages, begun, ctx.fresh, (item) => given.every((k) => item.props[k] === args[k]))).map((item) => item.props);
  if (found.length === 0) throw new LookupError(`${name}: no ${view.noun} has ${described}: give the id of ${article(view.noun)} ${view.noun} the account has`);
  if (found.length > 1) {
    throw new LookupError(`${name}: ${found.length} ${view.noun}s have ${described} (${found.map((f) => f.id).join(", ")}): give the id of the one you mean`);
  }
  return found[0]!;
}

export function listFunction(view: LiveView): FunctionDefinition {
  const plural = `${view.type.name}s`;
  const filterNames = Object.keys(view.filters);
  return {
    name: `get${plural}`,
    kind: "lookup",
    description:
      `Lists the ${view.state ?? "online"} ${view.noun}s of the account, every page, newest first. ` +
      `Arguments narrow the list (${filterNames.map((f) => `\`${f}\``).join(", ")}); all must match.`,
    inputs: Object.fromEntries(Object.entries(view.filters).map(([n, f]) => [n, { type: f.type, description: f.description }])),
    outputs: {
      [view.listField]: { type: { kind: "array", items: view.type }, present: true, description: `The ${view.noun}s, newest first.` },
      ids: { type: { kind: "array", items: str }, present: true, description: `Their ids, in the same order.` },
    },
    example: view.listExample,
    async run(ctx, args) {
      const active = Object.entries(view.filters).filter(([n]) => args[n] !== undefined && args[n] !== null);
      const prepared = new Map<string, ReadonlySet<unknown>>();
      for (const [n, f] of active) if (f.prepare) prepared.set(n, await f.prepare(ctx, args[n]));
      const none: ReadonlySet<unknown> = new Set();
      const items: Props[] = [];
      for await (const api of ctx.client.list<ApiObject>(view.path, view.listKey)) {
        const item = toItem(view, api);
        if (active.every(([n, f]) => f.matches(item, args[n], prepared.get(n) ?? none))) items.push(item);
      }
      return { [view.listField]: items, ids: items.map((i) => i.id) };
    },
  };
}

export const getTunnelSession = getFunction(views[0]!);
export const getTunnelSessions = listFunction(views[0]!);
export const getTunnel = getFunction(views[1]!);
export const getTunnels = listFunction(views[1]!);
export const getEndpoint = getFunction(views[2]!);
export const getEndpoints = listFunction(views[2]!);
