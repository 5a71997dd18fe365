// AI gateway API keys (`/ai_gateway_api_keys`): keys that authenticate requests to an AI Gateway
// endpoint, each bound to one endpoint whose Traffic Policy runs the `ai-gateway` action. Fields as
// ngrok's official Go client (v8) has them; the rules and codes are those of ngrok's AI Gateway
// error reference (https://ngrok.com/docs/ai-gateway/reference/error-codes): ERR_NGROK_27002-27006.
// The reference documents no id prefix: the emulator issues `aigk_` ids, its own choice.
import { z } from "zod";
import { common, str, type CollectionDef, type Ctx } from "../collection";
import { ApiFailure, unknownField } from "../errors";
import { policyFromInput } from "../gateway/check";
import { PHASES, type WirePolicy } from "../gateway/policy";
import { randomBase62, rfc3339 } from "../ids";
import type { Rec } from "../store";
import type { JsonObject } from "../validate";
import { notSupported } from "./unsupported";
import { tokenDigest } from "./users";

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
  return PHASES.some((phase) => (policy[phase] ?? []).some((rule) => rule.actions.some((a) => a.type === "ai-gateway")));
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

/** The newer provider keys a create may carry are not emulated: told so rather than refused as unknown. */
function refuseProviderKeys(body: JsonObject): void {
  if (body["provider_keys"] !== undefined && body["provider_keys"] !== null) throw notSupported("The 'provider_keys' field");
}

/** How the service shows a token it no longer answers: its first and last characters, e.g. `ng-abc***xyz`. */
const redacted = (token: string): string => `${token.slice(0, 6)}***${token.slice(-3)}`;

export const aiGatewayApiKeys: CollectionDef = {
  kind: "ai_gateway_api_keys",
  path: "/ai_gateway_api_keys",
  prefix: "aigk",
  listKey: "ai_gateway_api_keys",
  // Loose, so that a body with provider keys is told they are not emulated before any other field is refused.
  createSchema: z.looseObject(fields),
  create(input, ctx) {
    refuseProviderKeys(input);
    const unknown = Object.keys(input).find((k) => !(k in fields));
    if (unknown !== undefined) throw unknownField(unknown);
    checkLengths(input);
    const endpoint = endpointFor(ctx, str(input["endpoint_id"]));
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
  shape(rec, ctx) {
    const endpointId = str(rec.data["endpoint_id"]);
    const endpoint = ctx.store.get("endpoints", endpointId);
    const user = (id: string): JsonObject => ({ id, uri: `${ctx.base}/users/${id}` });
    return {
      ...common(aiGatewayApiKeys, rec, ctx),
      updated_at: str(rec.data["updated_at"]) || rec.created_at,
      created_by: user(str(rec.data["created_by"])),
      last_updated_by: user(str(rec.data["last_updated_by"])),
      // The key keeps naming its endpoint after the endpoint is deleted (the service's answer then is unverified).
      endpoint: { id: endpointId, uri: endpoint === undefined ? "" : ctx.uriOf("endpoints", endpoint) },
      token: null,
      display_name: str(rec.data["display_name"]),
      last_used: null,
    };
  },
};
