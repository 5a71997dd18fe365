// AI gateway API keys (`/ai_gateway_api_keys`): keys that authenticate requests to an AI Gateway
// endpoint, each bound to one endpoint whose Traffic Policy runs the `ai-gateway` action. Fields as
// ngrok's official Go client (v8) has them; the rules and codes are those of ngrok's AI Gateway
// error reference (https://ngrok.com/docs/ai-gateway/reference/error-codes): ERR_NGROK_27002-27006.
// ngrok's API reference documents no id prefix for them. `aigk_` is the AI Gateway API's access
// keys' (ngrok's AI Gateway guides write `aigk_...` for them), a different kind, so these keys'
// ids are `aigwak_` (AI gateway API key), the emulator's choice, distinct from every other kind's.
// AI gateway provider keys (`/ai_gateway_provider_keys`): an AI provider's key (OpenAI's,
// Anthropic's) attached to an AI gateway API key, with the fields of ngrok's API reference
// (https://github.com/ngrok/ngrok-docs, snippets/obs/_ai-gateway-provider-key*.mdx): created with
// `ai_gateway_api_key_id`, `provider_id` and a write-only `value`, changed in description and
// metadata only, listed by `ai_gateway_api_key_id`. No id prefix documented either, and `aigpk_` is the
// AI Gateway API's provider keys' (ngrok's guides), so their ids are `aigwpk_`, the emulator's choice.
import { z } from "zod";
import { common, type CollectionDef, type Ctx } from "../collection";
import { str, tokenDigest } from "../../shared/fields";
import { ApiFailure, referenceNotFound, unknownField } from "../../shared/errors";
import { aiGateway } from "../../gateway/actions";
import { policyFromInput } from "../../gateway/check";
import { PHASES, type WirePolicy } from "../../gateway/policy";
import { randomBase62, rfc3339 } from "../../shared/ids";
import type { Rec } from "../../shared/store";
import type { JsonObject } from "../../shared/validate";

const fields = {
  description: z.string().optional(),
  metadata: z.string().optional(),
  endpoint_id: z.string().optional(),
};

/** The limits of ERR_NGROK_27004 and 27005 (422), counted in bytes as the API counts its other kinds' limits. */
function checkLengths(input: JsonObject): void {
  if (Buffer.byteLength(str(input["description"]), "utf8") > 255) throw new ApiFailure(422, "ERR_NGROK_27004", "The description field cannot be longer than 255 characters.");
  if (Buffer.byteLength(str(input["metadata"]), "utf8") > 4096) throw new ApiFailure(422, "ERR_NGROK_27005", "The metadata field cannot be longer than 4096 characters.");
}

/** Whether a stored Traffic Policy runs the `ai-gateway` action in any of its phases. */
function runsAiGateway(text: string): boolean {
  let policy: WirePolicy;
  try {
    policy = policyFromInput(text);
  } catch {
    return false;
  }
  return PHASES.some((phase) => (policy[phase] ?? []).some((rule) => rule.actions.some((a) => a.type === aiGateway.type)));
}

/**
 * The endpoint a key is for: a cloud endpoint of the account (404 ERR_NGROK_27002 otherwise) whose
 * policy runs the `ai-gateway` action (422 ERR_NGROK_27003 otherwise).
 */
function endpointFor(ctx: Ctx, id: string): string {
  if (id === "") throw new ApiFailure(422, "ERR_NGROK_27006", "The endpoint_id field is required.");
  const endpoint = ctx.store.get("endpoints", id);
  if (endpoint === undefined) throw new ApiFailure(404, "ERR_NGROK_27002", "The specified endpoint was not found.");
  if (!runsAiGateway(str(endpoint.data["traffic_policy"]))) {
    throw new ApiFailure(422, "ERR_NGROK_27003", "The specified endpoint does not have AI Gateway action enabled.");
  }
  return id;
}

/** How the service shows a token it no longer answers: its first and last characters, e.g. `ng-abc***xyz`; a short one not at all. */
const redacted = (token: string): string => (token.length < 16 ? "***" : `${token.slice(0, 6)}***${token.slice(-3)}`);

/** ERR_NGROK_27006 (422): "The {field} field is required." */
const required = (field: string): ApiFailure => new ApiFailure(422, "ERR_NGROK_27006", `The ${field} field is required.`);

const providerKeyInput = z.strictObject({
  provider_id: z.string().optional(),
  name: z.string().optional(),
  value: z.string().optional(),
  description: z.string().optional(),
  metadata: z.string().optional(),
});

/**
 * What the emulator keeps of a provider key: never its value (the AI gateway is not emulated),
 * only the redacted form the API answers as `display_name`.
 */
function providerKeyData(input: JsonObject, apiKeyId: string, ctx: Ctx): JsonObject {
  const providerId = str(input["provider_id"]);
  const value = str(input["value"]);
  if (providerId === "") throw required("provider_id");
  if (value === "") throw required("value");
  checkLengths(input);
  const at = rfc3339(ctx.now);
  return {
    ai_gateway_api_key_id: apiKeyId,
    provider_id: providerId,
    name: str(input["name"]),
    description: str(input["description"]),
    metadata: str(input["metadata"]),
    display_name: redacted(value),
    created_by: ctx.caller,
    last_updated_by: ctx.caller,
    updated_at: at,
  };
}

const user = (ctx: Ctx, id: string): JsonObject => ({ id, uri: `${ctx.base}/users/${id}` });

/** The provider keys attached to an AI gateway API key, oldest first. */
const providerKeysOf = (ctx: Ctx, apiKeyId: string): Rec[] =>
  ctx.store.all("ai_gateway_provider_keys").filter((k) => k.data["ai_gateway_api_key_id"] === apiKeyId);

export const aiGatewayApiKeys: CollectionDef = {
  kind: "ai_gateway_api_keys",
  path: "/ai_gateway_api_keys",
  prefix: "aigwak",
  // State files may hold keys with ids of the access keys' prefix: still served, never issued.
  formerPrefixes: ["aigk"],
  listKey: "ai_gateway_api_keys",
  // Loose, so that an unknown field is refused by name after the provider keys' own checks.
  createSchema: z.looseObject({ ...fields, provider_keys: z.array(providerKeyInput).optional() }),
  create(input, ctx) {
    const unknown = Object.keys(input).find((k) => !(k in fields) && k !== "provider_keys");
    if (unknown !== undefined) throw unknownField(unknown);
    checkLengths(input);
    const endpoint = endpointFor(ctx, str(input["endpoint_id"]));
    // Provider keys given with the key are checked before anything is stored, and made with it.
    const given = (Array.isArray(input["provider_keys"]) ? input["provider_keys"] : []) as JsonObject[];
    given.forEach((k) => providerKeyData(k, "", ctx));
    // The token is shown once (ERR_NGROK_27007's page: "tokens are only shown once at creation
    // time"), in the documented form `ng-*-g1-*`; only its digest and redacted form are kept.
    const token = `ng-${randomBase62(8)}-g1-${randomBase62(32)}`;
    const at = rfc3339(ctx.now);
    return {
      data: {
        description: str(input["description"]),
        metadata: str(input["metadata"]),
        endpoint_id: endpoint,
        token_sha256: tokenDigest(token),
        display_name: redacted(token),
        created_by: ctx.caller,
        last_updated_by: ctx.caller,
        updated_at: at,
      },
      once: { token },
      then(rec) {
        const keys = ctx.store.collection("ai_gateway_provider_keys");
        for (const k of given) {
          const id = ctx.store.ids.next(aiGatewayProviderKeys.prefix);
          keys.set(id, { id, created_at: at, data: providerKeyData(k, rec.id, ctx), modules: {} });
        }
      },
    };
  },
  updateSchema: z.strictObject(fields),
  update(rec: Rec, input, ctx) {
    checkLengths(input);
    if (input["endpoint_id"] !== undefined) rec.data["endpoint_id"] = endpointFor(ctx, str(input["endpoint_id"]));
    for (const key of ["description", "metadata"]) if (input[key] !== undefined) rec.data[key] = str(input[key]);
    rec.data["updated_at"] = rfc3339(ctx.now);
    rec.data["last_updated_by"] = ctx.caller;
  },
  // Its provider keys go with it (the service's answer is unverified: the emulator's choice).
  beforeDelete(rec, ctx) {
    for (const k of providerKeysOf(ctx, rec.id)) ctx.store.collection("ai_gateway_provider_keys").delete(k.id);
  },
  shape(rec, ctx) {
    const endpointId = str(rec.data["endpoint_id"]);
    const endpoint = ctx.store.get("endpoints", endpointId);
    return {
      ...common(aiGatewayApiKeys, rec, ctx),
      updated_at: str(rec.data["updated_at"]) || rec.created_at,
      created_by: user(ctx, str(rec.data["created_by"])),
      last_updated_by: user(ctx, str(rec.data["last_updated_by"])),
      // The key keeps naming its endpoint after the endpoint is deleted (the service's answer then is unverified).
      endpoint: { id: endpointId, uri: endpoint === undefined ? "" : ctx.uriOf("endpoints", endpoint) },
      token: null,
      display_name: str(rec.data["display_name"]),
      last_used: null,
      provider_keys: providerKeysOf(ctx, rec.id).map((k) => aiGatewayProviderKeys.shape(k, ctx)),
    };
  },
};

/** The AI gateway API key a provider key is for: 27006 when not given, ERR_NGROK_380 when it names none. */
function apiKeyFor(ctx: Ctx, id: string): string {
  if (id === "") throw required("ai_gateway_api_key_id");
  if (ctx.store.get("ai_gateway_api_keys", id) === undefined) throw referenceNotFound("ai_gateway_api_key_id", id);
  return id;
}

export const aiGatewayProviderKeys: CollectionDef = {
  kind: "ai_gateway_provider_keys",
  path: "/ai_gateway_provider_keys",
  prefix: "aigwpk",
  // State files may hold keys with ids of the AI Gateway API's provider keys' prefix: still served, never issued.
  formerPrefixes: ["aigpk"],
  listKey: "ai_gateway_provider_keys",
  createSchema: z.strictObject({
    ai_gateway_api_key_id: z.string().optional(),
    provider_id: z.string().optional(),
    value: z.string().optional(),
    description: z.string().optional(),
    metadata: z.string().optional(),
  }),
  create(input, ctx) {
    const apiKey = apiKeyFor(ctx, str(input["ai_gateway_api_key_id"]));
    return { data: providerKeyData(input, apiKey, ctx) };
  },
  // The reference's update takes description and metadata only: anything else is ERR_NGROK_214.
  updateSchema: z.strictObject({ description: z.string().optional(), metadata: z.string().optional() }),
  update(rec, input, ctx) {
    checkLengths(input);
    for (const key of ["description", "metadata"]) if (input[key] !== undefined) rec.data[key] = str(input[key]);
    rec.data["updated_at"] = rfc3339(ctx.now);
    rec.data["last_updated_by"] = ctx.caller;
  },
  shape(rec, ctx) {
    const apiKeyId = str(rec.data["ai_gateway_api_key_id"]);
    const apiKey = ctx.store.get("ai_gateway_api_keys", apiKeyId);
    return {
      ...common(aiGatewayProviderKeys, rec, ctx),
      updated_at: str(rec.data["updated_at"]) || rec.created_at,
      provider_id: str(rec.data["provider_id"]),
      created_by: user(ctx, str(rec.data["created_by"])),
      last_updated_by: user(ctx, str(rec.data["last_updated_by"])),
      ai_gateway_api_key: { id: apiKeyId, uri: apiKey === undefined ? "" : ctx.uriOf("ai_gateway_api_keys", apiKey) },
      display_name: str(rec.data["display_name"]),
      last_used: null,
    };
  },
};
