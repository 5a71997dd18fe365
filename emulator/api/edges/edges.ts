// HTTPS edges, their routes, TLS edges, and the modules mounted on routes and TLS edges.
// The module bodies are validated by modules.ts; hostports must name reserved domains.
import { z } from "zod";
import { common, freshRef, type CollectionDef, type Ctx, type ModuleDef } from "../collection";
import { str, strList } from "../../shared/fields";
import { ApiFailure, badValue } from "../../shared/errors";
import { moduleFor, type EdgeKind, type ModuleRefResolvers } from "./modules";
import type { Rec } from "../../shared/store";
import { description, isObject, metadata, stringList, type Json, type JsonObject } from "../../shared/validate";
import { backendKind } from "./backends";
import { UNSERVED_INLINE_MODULES, refuseUnservedModules } from "../collections/unsupported";

// ---------------------------------------------------------------------------------------
// Modules

/** Module endpoints of an edge kind, backed by the validators in modules.ts. */
function edgeModules(edgeKind: EdgeKind, names: readonly string[]): ModuleDef[] {
  return names.map((name) => ({
    name,
    put(body: Json, ctx: Ctx): JsonObject {
      const def = moduleFor(edgeKind, name);
      if (def === undefined) throw new Error(`no validator for module ${name}`);
      const resolvers: ModuleRefResolvers = {
        ipPolicy: (id) => (id.startsWith("ipp_") && ctx.store.get("ip_policies", id) ? ctx.ref("ip_policies", id) : undefined),
        backend: (id) => {
          const kind = backendKind(id);
          return kind !== undefined && ctx.store.get(kind, id) ? ctx.ref(kind, id) : undefined;
        },
      };
      return def.validate(body, resolvers) as unknown as JsonObject;
    },
    shape(stored: JsonObject, ctx: Ctx): JsonObject {
      const out: JsonObject = { ...stored };
      if (Array.isArray(stored["ip_policies"])) out["ip_policies"] = stored["ip_policies"].map((r) => freshRef(ctx, "ip_policies", r));
      if (isObject(stored["backend"])) {
        const id = str(stored["backend"]["id"]);
        out["backend"] = freshRef(ctx, backendKind(id) ?? "", stored["backend"]);
      }
      return out;
    },
  }));
}

export const ROUTE_MODULES = ["oidc", "webhook_verification", "circuit_breaker", "jwt_validation", "ip_restriction", "user_agent_filter"] as const;
export const TLS_EDGE_MODULES = ["ip_restriction", "backend", "tls_termination"] as const;
const routeModuleDefs = edgeModules("https_route", ROUTE_MODULES);
const tlsModuleDefs = edgeModules("tls_edge", TLS_EDGE_MODULES);

function moduleFields(defs: readonly ModuleDef[], rec: Rec, ctx: Ctx, extra: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of extra) out[key] = null;
  for (const def of defs) {
    const stored = rec.modules[def.name];
    out[def.name] = stored === undefined ? null : def.shape(stored, ctx);
  }
  return out;
}

// ---------------------------------------------------------------------------------------
// Hostports

const EDGE_KINDS = ["https_edges", "tls_edges"] as const;
const HOSTPORT = /^(?:\*\.)?[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?:[0-9]{1,5}$/;

/** Whether the reserved domain `reserved` (possibly `*.<domain>`) covers `host`. */
function covers(reserved: string, host: string): boolean {
  if (reserved === host) return true;
  return reserved.startsWith("*.") && !host.startsWith("*.") && host.endsWith(reserved.slice(1));
}

/**
 * Checks an edge's hostports: syntax, a domain the account has reserved (ERR_NGROK_7117, or
 * ERR_NGROK_7118 when another account holds it), and no other edge serving it (ERR_NGROK_381).
 * Returns them lower-cased, each once.
 */
function hostports(input: Json | undefined, ctx: Ctx, self: string | undefined): string[] {
  const reserved = ctx.store.all("reserved_domains").map((rd) => str(rd.data["domain"]));
  const out: string[] = [];
  strList(input).forEach((hp, i) => {
    const v = hp.toLowerCase();
    const colon = v.lastIndexOf(":");
    const port = Number(v.slice(colon + 1));
    if (!HOSTPORT.test(v) || port < 1 || port > 65535) throw badValue(`Invalid value for 'hostports[${i}]': '${hp}' is not a 'host:port'.`);
    const host = v.slice(0, colon);
    if (!reserved.some((d) => covers(d, host))) {
      if (ctx.foreignDomains.has(host)) throw new ApiFailure(400, "ERR_NGROK_7118", `The domain '${v}' is not reserved by your account.`);
      throw new ApiFailure(400, "ERR_NGROK_7117", `The domain '${v}' is not reserved.`);
    }
    for (const kind of EDGE_KINDS) {
      for (const edge of ctx.store.all(kind)) {
        if (edge.id !== self && strList(edge.data["hostports"]).includes(v)) {
          throw new ApiFailure(400, "ERR_NGROK_381", `The host '${host}' and port '${port}' you requested is already reserved by an edge.`);
        }
      }
    }
    if (!out.includes(v)) out.push(v);
  });
  return out;
}

// ---------------------------------------------------------------------------------------
// Edges and routes

const edgeSchema = z.strictObject({ description: description.optional(), metadata: metadata.optional(), hostports: stringList.optional() });

/** A create body may carry the modules too (the API reference's create operations): any object here, checked by its module's rules. */
function withInlineModules<S extends z.ZodRawShape>(schema: z.ZodObject<S>, names: readonly string[]) {
  return schema.extend(Object.fromEntries(names.map((n) => [n, z.unknown().optional()])));
}

/** The modules a create body sets, validated as their PUT would be (ERR codes of each module); unserved ones are 501. */
function inlineModules(kind: keyof typeof UNSERVED_INLINE_MODULES, defs: readonly ModuleDef[], input: JsonObject, ctx: Ctx): Record<string, JsonObject> {
  refuseUnservedModules(kind, input);
  const modules: Record<string, JsonObject> = {};
  for (const def of defs) {
    const body = input[def.name];
    if (body !== undefined && body !== null) modules[def.name] = def.put(body, ctx, { id: "", created_at: "", data: {}, modules: {} });
  }
  return modules;
}

function createEdge(input: JsonObject, ctx: Ctx): { data: JsonObject } {
  return { data: { description: str(input["description"]), metadata: str(input["metadata"]), hostports: hostports(input["hostports"], ctx, undefined) } };
}

function updateEdge(rec: Rec, input: JsonObject, ctx: Ctx): void {
  if (input["hostports"] !== undefined) input["hostports"] = hostports(input["hostports"], ctx, rec.id);
  Object.assign(rec.data, input);
}

export const httpsEdges: CollectionDef = {
  kind: "https_edges",
  path: "/edges/https",
  prefix: "edghts",
  listKey: "https_edges",
  createSchema: withInlineModules(edgeSchema, UNSERVED_INLINE_MODULES.https_edges),
  create(input, ctx) {
    refuseUnservedModules("https_edges", input);
    return createEdge(input, ctx);
  },
  updateSchema: edgeSchema,
  update: updateEdge,
  beforeDelete(rec, ctx) {
    // Routes live inside their edge: deleting the edge deletes them.
    const routes = ctx.store.collection("https_edge_routes");
    for (const route of [...routes.values()]) if (route.parent_id === rec.id) routes.delete(route.id);
  },
  shape(rec, ctx) {
    const routes = ctx.store.all("https_edge_routes").filter((r) => r.parent_id === rec.id);
    return {
      ...common(httpsEdges, rec, ctx),
      hostports: strList(rec.data["hostports"]),
      routes: routes.map((r) => ctx.shapeOf("https_edge_routes", r)),
      mutual_tls: null,
      tls_termination: null,
    };
  },
};

const routeSchema = z.strictObject({
  description: description.optional(),
  metadata: metadata.optional(),
  match_type: z.enum(["exact_path", "path_prefix"]),
  match: z.string(),
});

export const httpsEdgeRoutes: CollectionDef = {
  kind: "https_edge_routes",
  path: "/edges/https/{edge_id}/routes",
  prefix: "edghtsrt",
  parent: { kind: "https_edges", param: "edge_id" },
  createSchema: withInlineModules(routeSchema, [...ROUTE_MODULES, ...UNSERVED_INLINE_MODULES.https_edge_routes]),
  create(input, ctx) {
    const match = str(input["match"]);
    if (!match.startsWith("/")) throw badValue(`Invalid value for 'match': a route path must begin with '/', got '${match}'.`);
    const modules = inlineModules("https_edge_routes", routeModuleDefs, input, ctx);
    return { data: { description: str(input["description"]), metadata: str(input["metadata"]), match_type: str(input["match_type"]), match }, modules };
  },
  updateSchema: routeSchema.partial(),
  modules: routeModuleDefs,
  shape(rec, ctx) {
    const { id, ...rest } = common(httpsEdgeRoutes, rec, ctx);
    return {
      edge_id: rec.parent_id ?? "",
      id: id ?? rec.id,
      ...rest,
      match_type: str(rec.data["match_type"]),
      match: str(rec.data["match"]),
      ...moduleFields(routeModuleDefs, rec, ctx, ["backend"]),
    };
  },
};

export const tlsEdges: CollectionDef = {
  kind: "tls_edges",
  path: "/edges/tls",
  prefix: "edgtls",
  listKey: "tls_edges",
  createSchema: withInlineModules(edgeSchema, [...TLS_EDGE_MODULES, ...UNSERVED_INLINE_MODULES.tls_edges]),
  create(input, ctx) {
    return { ...createEdge(input, ctx), modules: inlineModules("tls_edges", tlsModuleDefs, input, ctx) };
  },
  updateSchema: edgeSchema,
  update: updateEdge,
  modules: tlsModuleDefs,
  shape(rec, ctx) {
    return {
      ...common(tlsEdges, rec, ctx),
      hostports: strList(rec.data["hostports"]),
      ...moduleFields(tlsModuleDefs, rec, ctx, ["mutual_tls"]),
    };
  },
};
