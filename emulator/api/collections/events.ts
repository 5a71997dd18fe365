// Event destinations (where events are delivered), event subscriptions (which events go to
// which destinations) and a subscription's sources (its event types, addressed by type).
import { z } from "zod";
import { common, freshRef, referencedId, type CollectionDef, type Ctx, type ItemRoute, type Referenced } from "../collection";
import { str, strList } from "../../shared/fields";
import { badValue, notFound } from "../../shared/errors";
import type { Rec } from "../../shared/store";
import { description, emptyBody, isObject, maxChars, metadata, parseBody, stringList, type Json, type JsonObject } from "../../shared/validate";

// ---------------------------------------------------------------------------------------
// Event destinations

// Target kinds and their fields, as ngrok's official clients write them (EventTarget).
const awsAuthSchema = z.strictObject({
  role: z.strictObject({ role_arn: z.string() }).optional(),
  creds: z.strictObject({ aws_access_key_id: z.string(), aws_secret_access_key: z.string().optional() }).optional(),
});
const TARGET_KINDS = {
  firehose: z.strictObject({ auth: awsAuthSchema, delivery_stream_arn: z.string() }),
  kinesis: z.strictObject({ auth: awsAuthSchema, stream_arn: z.string() }),
  cloudwatch_logs: z.strictObject({ auth: awsAuthSchema, log_group_arn: z.string() }),
  datadog: z.strictObject({
    api_key: z.string().optional(),
    ddtags: z.string().optional(),
    service: z.string().optional(),
    ddsite: z.string().optional(),
  }),
  azure_logs_ingestion: z.strictObject({
    tenant_id: z.string(),
    client_id: z.string(),
    client_secret: z.string().optional(),
    logs_ingestion_uri: z.string(),
    data_collection_rule_id: z.string(),
    data_collection_stream_name: z.string(),
  }),
  debug: z.strictObject({ log: z.boolean().optional(), callback_url: z.string().optional() }),
};
const targetSchema = z.strictObject(
  Object.fromEntries(Object.entries(TARGET_KINDS).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof TARGET_KINDS]: z.ZodOptional<(typeof TARGET_KINDS)[K]>;
  },
);
/** Secret fields of a target: stored, never answered (the real service redacts them). */
const TARGET_SECRETS: readonly (readonly string[])[] = [
  ["datadog", "api_key"],
  ["azure_logs_ingestion", "client_secret"],
  ...["firehose", "kinesis", "cloudwatch_logs"].map((k) => [k, "auth", "creds", "aws_secret_access_key"]),
];

/** A validated target: exactly one kind, and AWS auth with exactly one of `role` and `creds`. */
function eventTarget(input: Json | undefined): JsonObject {
  const target = isObject(input) ? input : {};
  const kinds = Object.keys(target);
  if (kinds.length !== 1) {
    throw badValue(`Invalid value for 'target': exactly one of ${Object.keys(TARGET_KINDS).join(", ")} must be set.`);
  }
  const kind = kinds[0]!;
  const config = target[kind];
  const auth = isObject(config) ? config["auth"] : undefined;
  if (isObject(auth) && Object.keys(auth).length !== 1) {
    throw badValue(`Invalid value for 'target.${kind}.auth': exactly one of role, creds must be set.`);
  }
  return target;
}

function withoutSecrets(target: Json | undefined): Json {
  const copy = structuredClone(target ?? {});
  for (const path of TARGET_SECRETS) {
    let node: Json | undefined = copy;
    for (const key of path.slice(0, -1)) node = isObject(node) ? node[key] : undefined;
    if (isObject(node)) delete node[path[path.length - 1]!];
  }
  return copy;
}

export const eventDestinations: CollectionDef = {
  kind: "event_destinations",
  path: "/event_destinations",
  prefix: "ed",
  listKey: "event_destinations",
  createSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    format: z.enum(["json"]).optional(),
    target: targetSchema,
  }),
  create(input) {
    const target = eventTarget(input["target"]);
    return { data: { description: str(input["description"]), metadata: str(input["metadata"]), format: str(input["format"]) || "json", target } };
  },
  // The official clients send format and the whole target on update, and the service takes them.
  updateSchema: z.strictObject({
    description: description.optional(),
    metadata: metadata.optional(),
    format: z.enum(["json"]).optional(),
    target: targetSchema.optional(),
  }),
  update(rec, input) {
    for (const key of ["description", "metadata", "format"]) if (input[key] !== undefined) rec.data[key] = input[key] ?? "";
    if (input["target"] !== undefined) rec.data["target"] = eventTarget(input["target"]);
  },
  shape(rec, ctx) {
    return { ...common(eventDestinations, rec, ctx), format: str(rec.data["format"]), target: withoutSecrets(rec.data["target"]) };
  },
};

// ---------------------------------------------------------------------------------------
// Event subscriptions and their sources

const EVENT_DESTINATION: Referenced = { kind: "event_destinations", prefix: "ed", what: "event destination" };

/** Event types look like `<resource>_<action>.v0` (spec "Events"). */
function checkEventType(field: string, type: string): string {
  if (!/^[a-z][a-z0-9_]*\.v[0-9]+$/.test(type)) {
    throw badValue(`Invalid value for '${field}': '${type}' is not an event type such as 'ip_policy_created.v0'.`);
  }
  return type;
}

function eventTypes(input: Json | undefined): string[] {
  const sources = Array.isArray(input) ? input : [];
  const types: string[] = [];
  sources.forEach((s, i) => {
    const type = checkEventType(`sources[${i}].type`, isObject(s) ? str(s["type"]) : "");
    if (types.includes(type)) throw badValue(`Invalid value for 'sources[${i}]': the type '${type}' is listed twice.`);
    types.push(type);
  });
  return types;
}

function destinationIds(ctx: Ctx, ids: string[]): string[] {
  ids.forEach((id, i) => referencedId(ctx, `destination_ids[${i}]`, id, EVENT_DESTINATION));
  return [...new Set(ids)];
}

/** The API shape of one source: its type and address. */
function source(ctx: Ctx, subscription: Rec, type: string): JsonObject {
  return { type, uri: `${ctx.uriOf("event_subscriptions", subscription)}/sources/${type}` };
}

/** The source the path names (`{type}`); 404 when the subscription does not have it. */
function namedSource(subscription: Rec, params: Readonly<Record<string, string>>): string {
  const type = params["type"] ?? "";
  if (!strList(subscription.data["source_types"]).includes(type)) throw notFound();
  return type;
}

const sourceCreateSchema = z.strictObject({ type: z.string() });

/** A subscription's sources, keyed by type, without paging. */
const sourceRoutes: readonly ItemRoute[] = [
  {
    method: "POST",
    path: "sources",
    handle(rec, { body }, ctx) {
      const input = parseBody(sourceCreateSchema, body);
      const types = strList(rec.data["source_types"]);
      const type = checkEventType("type", input.type);
      if (types.includes(type)) throw badValue(`The subscription already has the source '${type}'.`);
      rec.data["source_types"] = [...types, type];
      return { status: 201, body: source(ctx, rec, type), mutated: true };
    },
  },
  {
    method: "GET",
    path: "sources",
    handle(rec, _request, ctx) {
      const sources = strList(rec.data["source_types"]).map((type) => source(ctx, rec, type));
      return { status: 200, body: { sources, uri: `${ctx.uriOf("event_subscriptions", rec)}/sources` } };
    },
  },
  {
    method: "GET",
    path: "sources/{type}",
    handle: (rec, { params }, ctx) => ({ status: 200, body: source(ctx, rec, namedSource(rec, params)) }),
  },
  {
    // A source has no field to change: PATCH answers it as it is.
    method: "PATCH",
    path: "sources/{type}",
    handle(rec, { params, body }, ctx) {
      const type = namedSource(rec, params);
      parseBody(emptyBody, body);
      return { status: 200, body: source(ctx, rec, type) };
    },
  },
  {
    method: "DELETE",
    path: "sources/{type}",
    handle(rec, { params }) {
      const type = namedSource(rec, params);
      rec.data["source_types"] = strList(rec.data["source_types"]).filter((t) => t !== type);
      return { status: 204, mutated: true };
    },
  },
];

const eventDescription = maxChars("description", 255);
const eventMetadata = maxChars("metadata", 4096);
const sourcesSchema = z.array(z.strictObject({ type: z.string() }));

export const eventSubscriptions: CollectionDef = {
  kind: "event_subscriptions",
  path: "/event_subscriptions",
  prefix: "esb",
  listKey: "event_subscriptions",
  createSchema: z.strictObject({
    description: eventDescription.optional(),
    metadata: eventMetadata.optional(),
    sources: sourcesSchema.optional(),
    destination_ids: stringList.optional(),
  }),
  create(input, ctx) {
    return {
      data: {
        description: str(input["description"]),
        metadata: str(input["metadata"]),
        source_types: eventTypes(input["sources"]),
        destination_ids: destinationIds(ctx, strList(input["destination_ids"])),
      },
    };
  },
  updateSchema: z.strictObject({
    description: eventDescription.optional(),
    metadata: eventMetadata.optional(),
    sources: sourcesSchema.optional(),
    destination_ids: stringList.optional(),
  }),
  update(rec, input, ctx) {
    for (const key of ["description", "metadata"]) if (input[key] !== undefined) rec.data[key] = input[key] ?? "";
    if (input["sources"] !== undefined) rec.data["source_types"] = eventTypes(input["sources"]);
    if (input["destination_ids"] !== undefined) rec.data["destination_ids"] = destinationIds(ctx, strList(input["destination_ids"]));
  },
  itemRoutes: sourceRoutes,
  shape(rec, ctx) {
    return {
      ...common(eventSubscriptions, rec, ctx),
      sources: strList(rec.data["source_types"]).map((type) => source(ctx, rec, type)),
      destinations: strList(rec.data["destination_ids"]).map((id) => freshRef(ctx, "event_destinations", { id, uri: "" })),
    };
  },
};
