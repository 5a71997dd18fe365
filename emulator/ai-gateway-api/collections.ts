// The AI Gateway API (https://api.ngrok.ai), ngrok's management API of its AI Gateway, as its
// OpenAPI description says (openapi/ai-gateway.yaml in github.com/ngrok/ngrok-docs; pages under
// https://ngrok.com/docs/ai-gateway/api-reference/): custom providers, provider keys, access key
// configurations, access keys, the AI Gateway's own API keys, the account's gateway configuration,
// usage and credits. Fields are camelCase, bodies refuse unknown fields (`additionalProperties:
// false`), tokens are answered once and shown after as `keyRedacted`, a provider key's `value` is
// never answered. Served by server.ts on its own listener; records live in the
// emulator's store under the kinds below, their `data` in the API's own (camelCase) shape.
// Id prefixes as ngrok's guides write them (`aigp_`, `aigpk_`, `aigac_`, `aigk_`); the AI Gateway
// API key's (`aigak_`) and the tokens' forms past `ng-` are the emulator's choice.
import { z } from "zod";
import { ApiFailure, badValue, notFound, referenceNotFound } from "../shared/errors";
import { randomBase62, rfc3339 } from "../shared/ids";
import type { Rec, Store } from "../shared/store";
import { parseWith, type Json, type JsonObject } from "../shared/validate";
import { builtInProvider } from "../shared/ai-catalog";
import { newRecord, storeRecord, type Collection, type CollectionCtx } from "../shared/collection";
import { str, tokenDigest } from "../shared/fields";

export const AIGW_KINDS = {
  providers: "aigw_providers",
  providerKeys: "aigw_provider_keys",
  configurations: "aigw_access_key_configurations",
  accessKeys: "aigw_access_keys",
  apiKeys: "aigw_api_keys",
  gatewayConfig: "aigw_gateway_config",
  usage: "aigw_usage",
  credits: "aigw_credits",
} as const;

/** What a handler sees of the request. */
export interface AiCtx extends CollectionCtx {
  /** `{id, uri}` of whom the request authenticates as (createdBy / lastUpdatedBy). */
  readonly caller: { id: string; uri: string };
}

// The OpenAPI gives `errorCode` only "when available" and names none for a conflict: none is made up.
const conflict = (msg: string): ApiFailure => new ApiFailure(409, undefined, msg);

// -----------------------------------------------------------------------------------------
// Schemas (the OpenAPI's request bodies)

/** maxLength as JSON Schema counts it: characters (code points), not UTF-16 units. */
const charsMax = (field: string, max: number) =>
  z.string().refine((s) => [...s].length <= max, { message: `The ${field} must be at most ${max} characters long.` });
const name = charsMax("name", 255);
const description = charsMax("description", 255);
const metadata = charsMax("metadata", 4096);
const nonEmpty = (field: string, max: number) => charsMax(field, max).refine((s) => s.length >= 1, { message: `The ${field} must not be empty.` });

const surface = z.strictObject({
  format: z.string(),
  surface: z.string().optional(),
  supportedParams: z.array(z.strictObject({ name: z.string() })).optional(),
});
const modelCreate = z.strictObject({ modelId: nonEmpty("modelId", 255) });

const providerCreate = z.strictObject({
  providerId: nonEmpty("providerId", 255),
  name: nonEmpty("name", 255),
  baseUrl: nonEmpty("baseUrl", 2048),
  metadata: metadata.optional(),
  supportedApiSurfaces: z.array(surface).optional(),
  models: z.array(modelCreate).optional(),
});
const providerUpdate = z.strictObject({
  name: nonEmpty("name", 255).nullable().optional(),
  baseUrl: nonEmpty("baseUrl", 2048).optional(),
  metadata: metadata.nullable().optional(),
  supportedApiSurfaces: z.array(surface).nullable().optional(),
  models: z.array(modelCreate).nullable().optional(),
});

const providerKeyCreate = z.strictObject({
  providerId: z.string(),
  value: z.string(),
  name,
  description: description.optional(),
  metadata: metadata.optional(),
});
const providerKeyUpdate = z.strictObject({
  name: name.nullable().optional(),
  description: description.nullable().optional(),
  metadata: metadata.nullable().optional(),
});
const providerKeyRotate = z.strictObject({ value: z.string(), name });

const dimension = z.strictObject({ allow: z.array(z.string()).optional() });
const accessScope = z.strictObject({ providers: dimension.optional(), models: dimension.optional() });
const stepKeyWrite = z.strictObject({ id: z.string().optional(), name: name.optional(), value: z.string().optional() });
const stepWrite = z.strictObject({
  type: z.enum(["user", "ngrok"]),
  keys: z.array(stepKeyWrite).optional(),
  keySelectionStrategy: z.enum(["ordered"]).optional(),
});
const ruleWrite = z.strictObject({
  provider: z.string().optional(),
  model: z.string().optional(),
  steps: z.array(stepWrite).min(1, { message: "A rule needs at least one step." }),
});
const routerWrite = z.strictObject({ rules: z.array(ruleWrite).optional() });
const configurationCreate = z.strictObject({
  name,
  description: description.optional(),
  metadata: metadata.optional(),
  access: accessScope.optional(),
  router: routerWrite.optional(),
});
const configurationUpdate = z.strictObject({
  name: name.nullable().optional(),
  description: description.nullable().optional(),
  metadata: metadata.nullable().optional(),
  access: accessScope.nullable().optional(),
  router: routerWrite.nullable().optional(),
});

const keyCreate = z.strictObject({ name: name.optional(), description: description.optional(), metadata: metadata.optional() });
const keyUpdate = z.strictObject({ name: name.nullable().optional(), description: description.nullable().optional(), metadata: metadata.nullable().optional() });
const accessKeyCreate = keyCreate.extend({ accessKeyConfigurationId: z.string().optional() });
const accessKeyUpdate = keyUpdate.extend({ accessKeyConfigurationId: z.string().nullable().optional() });

const tokenCap = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const configUpdate = z.strictObject({
  totalTimeout: z.string().optional(),
  perRequestTimeout: z.string().optional(),
  maxInputTokens: tokenCap.nullable().optional(),
  maxOutputTokens: tokenCap.nullable().optional(),
  metadata: metadata.nullable().optional(),
});

// -----------------------------------------------------------------------------------------
// Helpers

/** The redacted display form of a secret: its first and last characters. */
export function redact(secret: string): string {
  return secret.length < 12 ? "****" : `${secret.slice(0, 4)}...${secret.slice(-4)}`;
}

function stamp(ctx: AiCtx, data: JsonObject, created: boolean): void {
  const when = rfc3339(ctx.now);
  if (created) data["createdBy"] = ctx.caller;
  data["updatedAt"] = when;
  data["lastUpdatedBy"] = ctx.caller;
}

/** Applies a PATCH: absent keeps, null clears, a value sets. */
function patch(data: JsonObject, input: JsonObject, fields: readonly string[]): void {
  for (const f of fields) {
    if (!(f in input)) continue;
    const v = input[f];
    if (v === null || v === undefined) delete data[f];
    else data[f] = v;
  }
}

function common(rec: Rec, uri: string, fields: readonly string[]): JsonObject {
  const out: JsonObject = { id: rec.id, uri, createdAt: rec.created_at, updatedAt: str(rec.data["updatedAt"]) || rec.created_at };
  for (const f of fields) if (rec.data[f] !== undefined) out[f] = rec.data[f]!;
  out["createdBy"] = rec.data["createdBy"] ?? null;
  out["lastUpdatedBy"] = rec.data["lastUpdatedBy"] ?? null;
  return out;
}

/** A Go duration string (`30s`, `1m30s`, `1.5h`), as the gateway configuration takes; its milliseconds. */
export function goDurationMs(text: string): number | undefined {
  if (!/^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/.test(text)) return undefined;
  const unit: Record<string, number> = { ns: 1e-6, us: 1e-3, "µs": 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
  let ms = 0;
  for (const m of text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) ms += Number(m[1]) * unit[m[2]!]!;
  return ms;
}

// -----------------------------------------------------------------------------------------
// The collections

/** A collection of this API (the shared model, shared/collection.ts): made, changed and listed by the bodies and queries of its OpenAPI description. */
export interface AiCollection extends Collection<AiCtx> {
  listKey: string;
  createStatus: number;
  /** The record a create body makes, not yet stored, and the fields only its answer carries (a token). */
  create(body: Json, ctx: AiCtx): { rec: Rec; once?: JsonObject };
  update(rec: Rec, body: Json, ctx: AiCtx): void;
  /** Extra list filter from the query string (provider keys' `provider`). */
  filter?(rec: Rec, query: URLSearchParams): boolean;
}

function newRec(ctx: AiCtx, prefix: string, data: JsonObject): Rec {
  const rec = newRecord(ctx.store, prefix, ctx.now, data);
  stamp(ctx, data, true);
  return rec;
}

const uriOf = (ctx: AiCtx, path: string, id: string): string => `${ctx.base}${path}/${id}`;

/** A custom provider by its `providerId` or its `aigp_` id. */
export function customProviderByRef(store: Store, ref: string): Rec | undefined {
  return store.all(AIGW_KINDS.providers).find((r) => r.id === ref || r.data["providerId"] === ref);
}

// --- custom providers -------------------------------------------------------------------

function modelsOf(ctx: AiCtx, models: Json | undefined, old: Json | undefined): JsonObject[] {
  const before = Array.isArray(old) ? (old as JsonObject[]) : [];
  return (Array.isArray(models) ? (models as JsonObject[]) : []).map((m) => {
    // A model kept across a replacement keeps its id.
    const kept = before.find((b) => b["modelId"] === m["modelId"]);
    return { id: kept === undefined ? ctx.store.ids.next("aigpm") : str(kept["id"]), modelId: str(m["modelId"]) };
  });
}

export const aiProviders: AiCollection = {
  kind: AIGW_KINDS.providers,
  path: "/providers",
  prefix: "aigp",
  listKey: "aiGatewayProviders",
  createStatus: 201,
  create(body, ctx) {
    const input = parseWith(providerCreate, body);
    const providerId = input.providerId;
    // The OpenAPI says a providerId "must not collide with a built-in catalog providerId" and gives
    // no error for it: 409, as for a providerId the account already has (the router would take the
    // built-in provider first, leaving the custom one unreachable).
    if (builtInProvider(providerId) !== undefined) throw conflict(`The providerId '${providerId}' is a built-in provider of ngrok's catalog.`);
    if (customProviderByRef(ctx.store, providerId) !== undefined) throw conflict(`A provider with providerId '${providerId}' already exists.`);
    const data: JsonObject = { providerId, name: input.name, baseUrl: input.baseUrl };
    if (input.metadata !== undefined) data["metadata"] = input.metadata;
    if (input.supportedApiSurfaces !== undefined) data["supportedApiSurfaces"] = input.supportedApiSurfaces as unknown as Json;
    data["models"] = modelsOf(ctx, input.models as unknown as Json, undefined);
    return { rec: newRec(ctx, "aigp", data) };
  },
  update(rec, body, ctx) {
    const input = parseWith(providerUpdate, body) as JsonObject;
    if (input["name"] === null) throw badValue("The name of a provider cannot be cleared.");
    patch(rec.data, input, ["name", "baseUrl", "metadata", "supportedApiSurfaces"]);
    if ("models" in input) rec.data["models"] = modelsOf(ctx, input["models"] ?? [], rec.data["models"]);
    stamp(ctx, rec.data, false);
  },
  shape(rec, ctx) {
    const out = common(rec, uriOf(ctx, "/providers", rec.id), ["providerId", "name", "baseUrl", "metadata", "supportedApiSurfaces"]);
    out["models"] = rec.data["models"] ?? [];
    return out;
  },
  beforeDelete(rec, ctx) {
    const refs = [rec.id, str(rec.data["providerId"])];
    const key = ctx.store.all(AIGW_KINDS.providerKeys).find((k) => refs.includes(str(k.data["providerId"])));
    if (key !== undefined) throw conflict(`The provider is referenced by the provider key '${key.id}'; delete it first.`);
    const config = ctx.store.all(AIGW_KINDS.configurations).find((c) => configurationProviders(c).some((p) => refs.includes(p)));
    if (config !== undefined) throw conflict(`The provider is referenced by the access key configuration '${config.id}'; detach it first.`);
  },
};

// --- provider keys ----------------------------------------------------------------------

/** Stored: the value itself (the emulator's gateway injects it upstream), never answered. */
function providerKeyData(providerId: string, keyName: string, value: string): JsonObject {
  return { providerId, name: keyName, value, keyRedacted: redact(value) };
}

export const aiProviderKeys: AiCollection = {
  kind: AIGW_KINDS.providerKeys,
  path: "/provider-keys",
  prefix: "aigpk",
  listKey: "aiGatewayProviderKeys",
  createStatus: 201,
  create(body, ctx) {
    const input = parseWith(providerKeyCreate, body);
    const data = providerKeyData(input.providerId, input.name, input.value);
    if (input.description !== undefined) data["description"] = input.description;
    if (input.metadata !== undefined) data["metadata"] = input.metadata;
    return { rec: newRec(ctx, "aigpk", data) };
  },
  update(rec, body, ctx) {
    const input = parseWith(providerKeyUpdate, body) as JsonObject;
    if (input["name"] === null) throw badValue("The name of a provider key cannot be cleared.");
    patch(rec.data, input, ["name", "description", "metadata"]);
    stamp(ctx, rec.data, false);
  },
  shape(rec, ctx) {
    const out = common(rec, uriOf(ctx, "/provider-keys", rec.id), ["providerId", "name", "keyRedacted", "description", "metadata"]);
    out["lastUsed"] = rec.data["lastUsed"] ?? null;
    return out;
  },
  filter: (rec, query) => {
    const provider = query.get("provider");
    return provider === null || provider === "" || rec.data["providerId"] === provider;
  },
};

/** POST /provider-keys/{id}/rotate: a new value (and name) in place; the id stays. */
export function rotateProviderKey(rec: Rec, body: Json, ctx: AiCtx): void {
  const input = parseWith(providerKeyRotate, body);
  const data = providerKeyData(str(rec.data["providerId"]), input.name, input.value);
  Object.assign(rec.data, data);
  stamp(ctx, rec.data, false);
}

// --- access key configurations ----------------------------------------------------------

/** The providers a configuration names: its access scope's and its rules'. */
function configurationProviders(rec: Rec): string[] {
  const out: string[] = [];
  const access = rec.data["access"] as JsonObject | undefined;
  const allow = (access?.["providers"] as JsonObject | undefined)?.["allow"];
  if (Array.isArray(allow)) out.push(...allow.map(String));
  const rules = ((rec.data["router"] as JsonObject | undefined)?.["rules"] ?? []) as JsonObject[];
  for (const rule of rules) if (typeof rule["provider"] === "string") out.push(rule["provider"]);
  return out;
}

/** The provider a rule's model belongs to: `openai:openai/gpt-4o` and `openai/gpt-4o` name `openai`. */
function modelProvider(model: string): string {
  return model.split(/[:/]/)[0] ?? "";
}

/**
 * The router as stored: each key an id. Keys given by id must exist; keys given inline (`name` and
 * `value`) are created as provider keys of the rule's provider. A `user` step needs keys; an `ngrok`
 * step serves built-in OpenAI and Anthropic only; a rule names a provider or a model; at most one
 * provider rule per upstream.
 */
function storedRouter(ctx: AiCtx, router: JsonObject): JsonObject {
  const rules = (router["rules"] ?? []) as JsonObject[];
  const seenProviders = new Set<string>();
  const out: JsonObject[] = rules.map((rule, i) => {
    const where = `router.rules[${i}]`;
    const provider = typeof rule["provider"] === "string" ? rule["provider"] : undefined;
    const model = typeof rule["model"] === "string" ? rule["model"] : undefined;
    if (provider === undefined && model === undefined) throw badValue(`Invalid value for '${where}': a rule names a provider, a model, or both.`);
    if (provider !== undefined && model === undefined) {
      if (seenProviders.has(provider)) throw badValue(`Invalid value for '${where}.provider': at most one provider rule per upstream ('${provider}').`);
      seenProviders.add(provider);
    }
    const upstream = provider ?? modelProvider(model ?? "");
    const steps = (rule["steps"] as JsonObject[]).map((step, j) => {
      const at = `${where}.steps[${j}]`;
      const keys = (step["keys"] ?? []) as JsonObject[];
      if (step["type"] === "ngrok") {
        if (builtInProvider(upstream)?.ngrokInference !== true) throw badValue(`Invalid value for '${at}.type': 'ngrok' steps serve built-in OpenAI and Anthropic only.`);
        if (keys.length > 0) throw badValue(`Invalid value for '${at}.keys': an 'ngrok' step takes no keys.`);
        return { type: "ngrok" } as JsonObject;
      }
      if (keys.length === 0) throw badValue(`The '${at}.keys' field is required when type is 'user'.`);
      const ids = keys.map((key, k) => {
        const kat = `${at}.keys[${k}]`;
        if (typeof key["id"] === "string") {
          if (key["name"] !== undefined || key["value"] !== undefined) throw badValue(`Invalid value for '${kat}': give either 'id' or 'name' and 'value'.`);
          if (ctx.store.get(AIGW_KINDS.providerKeys, key["id"]) === undefined) throw referenceNotFound("provider key", key["id"]);
          return key["id"];
        }
        if (typeof key["name"] !== "string" || typeof key["value"] !== "string") throw badValue(`Invalid value for '${kat}': give either 'id' or 'name' and 'value'.`);
        const rec = newRec(ctx, "aigpk", providerKeyData(upstream, key["name"], key["value"]));
        storeRecord(ctx.store, AIGW_KINDS.providerKeys, rec);
        return rec.id;
      });
      const stored: JsonObject = { type: "user", keys: ids };
      if (step["keySelectionStrategy"] !== undefined) stored["keySelectionStrategy"] = step["keySelectionStrategy"];
      return stored;
    });
    const stored: JsonObject = { steps };
    if (provider !== undefined) stored["provider"] = provider;
    if (model !== undefined) stored["model"] = model;
    return stored;
  });
  return { rules: out };
}

/** The router as the API answers it: each key `{id, name, keyRedacted}` (keys deleted since are left out). */
export function routerShape(store: Store, router: Json | undefined): JsonObject | undefined {
  if (router === undefined || router === null || typeof router !== "object" || Array.isArray(router)) return undefined;
  const rules = ((router["rules"] ?? []) as JsonObject[]).map((rule) => {
    const out: JsonObject = {};
    if (rule["provider"] !== undefined) out["provider"] = rule["provider"];
    if (rule["model"] !== undefined) out["model"] = rule["model"];
    out["steps"] = (rule["steps"] as JsonObject[]).map((step) => {
      const s: JsonObject = { type: step["type"] ?? "user" };
      if (Array.isArray(step["keys"])) {
        s["keys"] = step["keys"].flatMap((id) => {
          const key = store.get(AIGW_KINDS.providerKeys, String(id));
          return key === undefined ? [] : [{ id: key.id, name: str(key.data["name"]), keyRedacted: str(key.data["keyRedacted"]) }];
        });
      }
      if (step["keySelectionStrategy"] !== undefined) s["keySelectionStrategy"] = step["keySelectionStrategy"];
      return s;
    });
    return out;
  });
  return { rules };
}

export const aiAccessKeyConfigurations: AiCollection = {
  kind: AIGW_KINDS.configurations,
  path: "/access-key-configurations",
  prefix: "aigac",
  listKey: "aiGatewayAccessKeyConfigurations",
  createStatus: 201,
  create(body, ctx) {
    const input = parseWith(configurationCreate, body) as unknown as JsonObject;
    const data: JsonObject = { name: input["name"]! };
    if (input["description"] !== undefined) data["description"] = input["description"];
    if (input["metadata"] !== undefined) data["metadata"] = input["metadata"];
    if (input["access"] !== undefined) data["access"] = input["access"];
    if (input["router"] !== undefined) data["router"] = storedRouter(ctx, input["router"] as JsonObject);
    return { rec: newRec(ctx, "aigac", data) };
  },
  update(rec, body, ctx) {
    const input = parseWith(configurationUpdate, body) as unknown as JsonObject;
    if (input["name"] === null) throw badValue("The name of an access key configuration cannot be cleared.");
    if (isObj(input["router"])) input["router"] = storedRouter(ctx, input["router"]);
    patch(rec.data, input, ["name", "description", "metadata", "access", "router"]);
    stamp(ctx, rec.data, false);
  },
  shape(rec, ctx) {
    const out = common(rec, uriOf(ctx, "/access-key-configurations", rec.id), ["name", "description", "metadata", "access"]);
    const router = routerShape(ctx.store, rec.data["router"]);
    if (router !== undefined) out["router"] = router;
    return out;
  },
  beforeDelete(rec, ctx) {
    const key = ctx.store.all(AIGW_KINDS.accessKeys).find((k) => k.data["accessKeyConfigurationId"] === rec.id);
    if (key !== undefined) throw conflict(`The access key configuration is referenced by the access key '${key.id}'; unlink it first.`);
  },
};

const isObj = (v: Json | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

// --- access keys and AI Gateway API keys ------------------------------------------------

/** Tokens: stored as a digest (the gateway finds an access key by its token) and answered once. */
function tokenData(token: string): JsonObject {
  return { tokenSha256: tokenDigest(token), keyRedacted: redact(token) };
}

function keyFields(data: JsonObject, input: JsonObject): void {
  for (const f of ["name", "description", "metadata"]) if (input[f] !== undefined) data[f] = input[f]!;
}

function configurationRef(ctx: AiCtx, id: string): string {
  if (ctx.store.get(AIGW_KINDS.configurations, id) === undefined) throw referenceNotFound("access key configuration", id);
  return id;
}

export const aiAccessKeys: AiCollection = {
  kind: AIGW_KINDS.accessKeys,
  path: "/access-keys",
  prefix: "aigk",
  listKey: "aiGatewayAccessKeys",
  createStatus: 201,
  create(body, ctx) {
    const input = parseWith(accessKeyCreate, body) as JsonObject;
    const token = `ng-${randomBase62(8)}-g1-${randomBase62(32)}`;
    const data: JsonObject = tokenData(token);
    keyFields(data, input);
    if (typeof input["accessKeyConfigurationId"] === "string") data["accessKeyConfigurationId"] = configurationRef(ctx, input["accessKeyConfigurationId"]);
    return { rec: newRec(ctx, "aigk", data), once: { token } };
  },
  update(rec, body, ctx) {
    const input = parseWith(accessKeyUpdate, body) as JsonObject;
    if (typeof input["accessKeyConfigurationId"] === "string") configurationRef(ctx, input["accessKeyConfigurationId"]);
    patch(rec.data, input, ["name", "description", "metadata", "accessKeyConfigurationId"]);
    stamp(ctx, rec.data, false);
  },
  shape(rec, ctx) {
    const out = common(rec, uriOf(ctx, "/access-keys", rec.id), ["name", "description", "metadata", "keyRedacted"]);
    out["lastUsed"] = rec.data["lastUsed"] ?? null;
    const config = ctx.store.get(AIGW_KINDS.configurations, str(rec.data["accessKeyConfigurationId"]));
    out["accessKeyConfiguration"] = config === undefined ? null : { id: config.id, uri: uriOf(ctx, "/access-key-configurations", config.id), name: str(config.data["name"]) };
    return out;
  },
};

export const aiApiKeys: AiCollection = {
  kind: AIGW_KINDS.apiKeys,
  path: "/api-keys",
  prefix: "aigak",
  listKey: "aiGatewayApiKeys",
  createStatus: 201,
  create(body, ctx) {
    const input = parseWith(keyCreate, body) as JsonObject;
    const token = `ngai-${randomBase62(40)}`;
    const data: JsonObject = tokenData(token);
    keyFields(data, input);
    return { rec: newRec(ctx, "aigak", data), once: { token } };
  },
  update(rec, body, ctx) {
    patch(rec.data, parseWith(keyUpdate, body) as JsonObject, ["name", "description", "metadata"]);
    stamp(ctx, rec.data, false);
  },
  shape(rec, ctx) {
    const out = common(rec, uriOf(ctx, "/api-keys", rec.id), ["name", "description", "metadata", "keyRedacted"]);
    out["lastUsed"] = rec.data["lastUsed"] ?? null;
    return out;
  },
};

/** In the order the routes are matched. */
export const AI_COLLECTIONS: readonly AiCollection[] = [aiProviders, aiProviderKeys, aiAccessKeyConfigurations, aiAccessKeys, aiApiKeys];

/** The AI Gateway API key a token is, when it is one. */
export function aiApiKeyByToken(store: Store, token: string): Rec | undefined {
  const digest = tokenDigest(token);
  return store.all(AIGW_KINDS.apiKeys).find((k) => k.data["tokenSha256"] === digest);
}

/** The access key a token is, when it is one. */
export function accessKeyRecByToken(store: Store, token: string): Rec | undefined {
  const digest = tokenDigest(token);
  return store.all(AIGW_KINDS.accessKeys).find((k) => k.data["tokenSha256"] === digest);
}

// -----------------------------------------------------------------------------------------
// The gateway configuration: one per account. Defaults as ngrok's account settings guide gives
// them (https://ngrok.com/docs/ai-gateway/guides/account-settings): 120s in total, 60s per
// attempt, no token caps, no metadata.

export const GATEWAY_CONFIG_DEFAULTS = { totalTimeout: "120s", perRequestTimeout: "60s", maxInputTokens: null, maxOutputTokens: null, metadata: null } as const;
const CONFIG_ID = "gateway-config";

function configRec(store: Store): JsonObject {
  return store.get(AIGW_KINDS.gatewayConfig, CONFIG_ID)?.data ?? {};
}

export function gatewayConfigShape(ctx: AiCtx): JsonObject {
  const data = configRec(ctx.store);
  const out: JsonObject = { accountId: ctx.store.userId, uri: `${ctx.base}/gateway-config` };
  for (const [k, v] of Object.entries(GATEWAY_CONFIG_DEFAULTS)) out[k] = k in data ? data[k]! : v;
  return out;
}

export function patchGatewayConfig(body: Json, ctx: AiCtx): void {
  const input = parseWith(configUpdate, body) as JsonObject;
  for (const field of ["totalTimeout", "perRequestTimeout"] as const) {
    if (input[field] === undefined) continue;
    const ms = goDurationMs(String(input[field]));
    if (ms === undefined || ms <= 0) throw badValue(`Invalid value for '${field}': '${String(input[field])}' is not a positive Go duration such as '30s' or '2m'.`);
  }
  const merged: JsonObject = { ...configRec(ctx.store) };
  // Every field the body names is stored, null included: a cleared cap reads back as null.
  for (const [k, v] of Object.entries(input)) if (v !== undefined) merged[k] = v;
  const rec = ctx.store.get(AIGW_KINDS.gatewayConfig, CONFIG_ID);
  if (rec === undefined) ctx.store.collection(AIGW_KINDS.gatewayConfig).set(CONFIG_ID, { id: CONFIG_ID, created_at: rfc3339(ctx.now), data: merged, modules: {} });
  else rec.data = merged;
}

// -----------------------------------------------------------------------------------------
// Usage and credits: read-only. Usage events are what the emulator's gateway records
// (recordUsage in directory.ts); the credit balance is what a test sets.

function timeParam(query: URLSearchParams, name: string, required: boolean): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === "") {
    if (required) throw badValue(`The '${name}' query parameter is required.`);
    return undefined;
  }
  const ms = Date.parse(raw);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(raw) || Number.isNaN(ms)) throw badValue(`Invalid value for '${name}': '${raw}' is not an RFC3339 timestamp.`);
  return ms;
}

function windowOf(query: URLSearchParams, now: Date): { start: number; end: number } {
  const start = timeParam(query, "startTime", true)!;
  const end = timeParam(query, "endTime", false) ?? now.getTime();
  if (end < start) throw badValue("Invalid value for 'endTime': it is before 'startTime'.");
  return { start, end };
}

function usageEvents(store: Store): JsonObject[] {
  return store.all(AIGW_KINDS.usage).map((r) => ({ id: r.id, ...r.data }));
}

export function usagePage(query: URLSearchParams, ctx: AiCtx, limit: number): JsonObject {
  const { start, end } = windowOf(query, ctx.now);
  const accessKeyId = query.get("accessKeyId");
  const retriesRaw = query.get("includeRetries");
  if (retriesRaw !== null && retriesRaw !== "true" && retriesRaw !== "false") throw badValue(`Invalid value for 'includeRetries': '${retriesRaw}' is not true or false.`);
  const cursor = query.get("cursor");
  const events = usageEvents(ctx.store)
    .filter((e) => {
      const t = Date.parse(str(e["eventTime"]));
      return t >= start && t <= end && (accessKeyId === null || accessKeyId === "" || e["accessKeyId"] === accessKeyId) && (retriesRaw === "true" || e["isFinalAttempt"] === true);
    })
    .reverse()
    .filter((e) => cursor === null || cursor === "" || str(e["id"]) < cursor);
  const page = events.slice(0, limit);
  const uri = `${ctx.base}/usage?${query.toString()}`;
  let next: string | null = null;
  if (events.length > limit) {
    const q = new URLSearchParams(query);
    q.set("cursor", str(page[page.length - 1]!["id"]));
    next = `${ctx.base}/usage?${q.toString()}`;
  }
  return { aiGatewayUsage: page, uri, nextPageUri: next };
}

/** Dollars as the API writes them: a decimal string with five places. */
const dollars = (n: number): string => n.toFixed(5);

export function usageOverview(query: URLSearchParams, ctx: AiCtx): JsonObject {
  const { start, end } = windowOf(query, ctx.now);
  const groupBy = query.get("groupBy") ?? "provider";
  if (groupBy !== "provider" && groupBy !== "accessKey") throw badValue(`Invalid value for 'groupBy': '${groupBy}' is not one of 'provider', 'accessKey'.`);
  const buckets = new Map<string, { bucketStart: string; groupKey: string; cost: number; requests: number; errors: number }>();
  const totals = { cost: 0, requests: 0, errors: 0 };
  for (const e of usageEvents(ctx.store)) {
    const t = Date.parse(str(e["eventTime"]));
    if (t < start || t > end) continue;
    const day = `${new Date(t).toISOString().slice(0, 10)}T00:00:00Z`;
    const groupKey = str(groupBy === "provider" ? e["provider"] : e["accessKeyId"]);
    const key = `${day}\u0000${groupKey}`;
    const b = buckets.get(key) ?? { bucketStart: day, groupKey, cost: 0, requests: 0, errors: 0 };
    const cost = Number(str(e["totalCost"]) || "0");
    b.cost += cost;
    totals.cost += cost;
    if (e["isFinalAttempt"] === true) {
      b.requests += 1;
      totals.requests += 1;
      if (e["isError"] === true) {
        b.errors += 1;
        totals.errors += 1;
      }
    }
    buckets.set(key, b);
  }
  const list = [...buckets.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, b]) => ({ ...b, cost: dollars(b.cost) }));
  return { uri: `${ctx.base}/usage/overview?${query.toString()}`, buckets: list, totals: { ...totals, cost: dollars(totals.cost) } };
}

export function creditBalance(store: Store): JsonObject {
  const cents = store.get(AIGW_KINDS.credits, "balance")?.data["balanceCents"];
  return { balanceCents: typeof cents === "number" ? cents : 0 };
}

/** The credit balance a test set (setCreditBalance), in cents; undefined when none was: the emulator's gateway then spends none. */
export function setCreditBalanceCents(store: Store): number | undefined {
  const cents = store.get(AIGW_KINDS.credits, "balance")?.data["balanceCents"];
  return typeof cents === "number" ? cents : undefined;
}

export function setCreditBalance(store: Store, cents: number, now: Date): void {
  store.collection(AIGW_KINDS.credits).set("balance", { id: "balance", created_at: rfc3339(now), data: { balanceCents: cents }, modules: {} });
}

export { notFound };
