// Backends that HTTPS edge routes and TLS edges forward to: a fixed HTTP response, a failover
// list of other backends, and the tunnel group of the online tunnels with given labels.
import { z } from "zod";
import { common, type CollectionDef, type Ctx, type Ref } from "../collection";
import { str, strList } from "../../shared/fields";
import { badValue, referenceNotFound } from "../../shared/errors";
import { description, isObject, metadata, stringList, stringMap, type Json, type JsonObject } from "../../shared/validate";

const BACKEND_KINDS: Readonly<Record<string, string>> = {
  bkdhr: "http_response_backends",
  bkdfo: "failover_backends",
  bkdtg: "tunnel_group_backends",
};

/** The collection of a backend id (by its prefix), or undefined when it is not a backend id. */
export function backendKind(id: string): string | undefined {
  return BACKEND_KINDS[id.slice(0, id.indexOf("_"))];
}

const httpStatus = z.number().int().min(100).max(599);

function lowerHeaders(headers: Json | undefined): Json {
  if (!isObject(headers)) return null;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(headers)) out[k.toLowerCase()] = v;
  return out;
}

export const httpResponseBackends: CollectionDef = {
  kind: "http_response_backends",
  path: "/backends/http_response",
  prefix: "bkdhr",
  listKey: "backends",
  createSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    body: z.string().optional(),
    headers: stringMap.optional(),
    status_code: httpStatus.optional(),
  }),
  create(input) {
    return {
      data: {
        description: str(input["description"]),
        metadata: str(input["metadata"]),
        body: str(input["body"]),
        headers: lowerHeaders(input["headers"]),
        // Unset status is 200 (unverified; the spec does not say).
        status_code: typeof input["status_code"] === "number" ? input["status_code"] : 200,
      },
    };
  },
  updateSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    body: z.string().optional(),
    headers: stringMap.optional(),
    status_code: httpStatus.optional(),
  }),
  update(rec, input) {
    if (input["headers"] !== undefined) input["headers"] = lowerHeaders(input["headers"]);
    Object.assign(rec.data, input);
  },
  shape(rec, ctx) {
    return {
      ...common(httpResponseBackends, rec, ctx),
      body: str(rec.data["body"]),
      headers: rec.data["headers"] ?? null,
      status_code: rec.data["status_code"] ?? 200,
    };
  },
};

function checkChildBackends(ctx: Ctx, ids: string[], self: string | undefined): string[] {
  ids.forEach((id, i) => {
    const kind = backendKind(id);
    if (kind === undefined) throw badValue(`Invalid value for 'backends[${i}]': '${id}' is not a backend id.`);
    if (id === self) throw badValue(`Invalid value for 'backends[${i}]': a failover backend cannot contain itself.`);
    if (ctx.store.get(kind, id) === undefined) throw referenceNotFound("backend", id);
  });
  // A cycle through nested failover backends would make the failover order infinite.
  if (self !== undefined) {
    const seen = new Set<string>();
    const walk = (id: string): void => {
      if (id === self) throw badValue("Invalid value for 'backends': the failover backends would form a cycle.");
      if (seen.has(id)) return;
      seen.add(id);
      const rec = ctx.store.get("failover_backends", id);
      if (rec) strList(rec.data["backends"]).forEach(walk);
    };
    ids.forEach(walk);
  }
  return ids;
}

export const failoverBackends: CollectionDef = {
  kind: "failover_backends",
  path: "/backends/failover",
  prefix: "bkdfo",
  listKey: "backends",
  createSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional(), backends: stringList.optional() }),
  create(input, ctx) {
    return {
      data: {
        description: str(input["description"]),
        metadata: str(input["metadata"]),
        backends: checkChildBackends(ctx, strList(input["backends"]), undefined),
      },
    };
  },
  updateSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional(), backends: stringList.optional() }),
  update(rec, input, ctx) {
    if (input["backends"] !== undefined) input["backends"] = checkChildBackends(ctx, strList(input["backends"]), rec.id);
    Object.assign(rec.data, input);
  },
  shape(rec, ctx) {
    return { ...common(failoverBackends, rec, ctx), backends: strList(rec.data["backends"]) };
  },
};

/** The online tunnels whose labels include all of `labels`. */
function tunnelsMatching(ctx: Ctx, labels: Record<string, string>): Ref[] {
  return ctx
    .onlineTunnels()
    .filter((t) => t.labels !== undefined && Object.entries(labels).every(([k, v]) => t.labels?.[k] === v))
    .map((t) => ({ id: t.id, uri: `${ctx.base}/tunnels/${t.id}` }));
}

export const tunnelGroupBackends: CollectionDef = {
  kind: "tunnel_group_backends",
  path: "/backends/tunnel_group",
  prefix: "bkdtg",
  listKey: "backends",
  createSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional(), labels: stringMap.optional() }),
  create(input) {
    const labels = isObject(input["labels"]) ? input["labels"] : {};
    if (Object.keys(labels).length === 0) throw badValue("The 'labels' field is required: a tunnel group backend matches tunnels by label.");
    return { data: { description: str(input["description"]), metadata: str(input["metadata"]), labels } };
  },
  updateSchema: z.strictObject({ description: description.optional(), metadata: metadata.optional(), labels: stringMap.optional() }),
  shape(rec, ctx) {
    return {
      ...common(tunnelGroupBackends, rec, ctx),
      labels: rec.data["labels"] ?? {},
      tunnels: tunnelsMatching(ctx, isObject(rec.data["labels"]) ? (rec.data["labels"] as Record<string, string>) : {}),
    };
  },
};
