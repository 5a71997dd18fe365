import { createdAt, description, metadata, refType, uri } from "./common";
import type { BoundDefinition } from "../contract";

export const aiGatewayApiKey: BoundDefinition = {
  name: "AiGatewayApiKey",
  description:
    "A key that authenticates requests to an AI Gateway endpoint: a cloud endpoint whose Traffic Policy runs the `ai-gateway` action. " +
    "Its token is returned only when the key is created; the provider keeps it, as a secret, in the stack's state.",
  // ngrok's API reference documents no prefix for these ids (https://ngrok.com/docs/api#api-ai-gateway-api-keys-create):
  // any id is read and imported as the API gives it.
  binding: {
    kind: "collection",
    path: "/ai_gateway_api_keys",
    listKey: "ai_gateway_api_keys",
    // The codes of ngrok's AI Gateway error reference (https://ngrok.com/docs/ai-gateway/reference/error-codes).
    errorHints: {
      ERR_NGROK_27002: "endpointId names no endpoint of this account: check the id, or create that CloudEndpoint first",
      ERR_NGROK_27003: "the endpoint that endpointId names has no `ai-gateway` action in its Traffic Policy: add one to that CloudEndpoint's policy",
    },
  },
  properties: {
    endpointId: {
      type: { kind: "string", idPrefix: "ep", nonEmpty: true },
      description: "The id of the AI Gateway endpoint the key is for (`ep_...`): a cloud endpoint whose Traffic Policy runs the `ai-gateway` action. Changed in place.",
      input: { api: "endpoint_id", required: true, onChange: "update", unset: "clear" },
      fromApi: (api, prior) => {
        const ref = api.endpoint as { id?: unknown } | null | undefined;
        return typeof ref?.id === "string" && ref.id !== "" ? ref.id : prior.endpointId;
      },
    },
    description: description("What uses the key."),
    metadata: metadata(),
    token: {
      type: { kind: "string" },
      api: "token",
      secret: true,
      description:
        "The token a client sends to the AI Gateway endpoint as its API key. The API returns it only at creation; the provider keeps it in state, encrypted, across refreshes and updates.",
      fromApi: (api, prior) => (typeof api.token === "string" && api.token !== "" ? api.token : prior.token),
    },
    displayName: { type: { kind: "string" }, api: "display_name", description: "The token's redacted form, for display." },
    lastUsed: { type: { kind: "string" }, api: "last_used", description: "When the key was last used (RFC 3339); absent until it is." },
    endpoint: { type: refType, api: "endpoint", description: "The AI Gateway endpoint the key is for." },
    createdBy: { type: refType, api: "created_by", description: "Who created the key." },
    lastUpdatedBy: { type: refType, api: "last_updated_by", description: "Who last changed the key." },
    updatedAt: { type: { kind: "string" }, api: "updated_at", description: "When the key was last changed (RFC 3339)." },
    uri,
    createdAt,
  },
  lookupKey: ["description"],
  example: `const gateway = new ngrok.CloudEndpoint("ai", {
    url: "https://ai.internal",
    trafficPolicy: {
        onHttpRequest: [
            { actions: [{ type: "ai-gateway", config: {} }] },
            { actions: [{ type: "custom-response", config: { statusCode: 503, body: "No AI provider answered." } }] },
        ],
    },
});
const key = new ngrok.AiGatewayApiKey("chat-app", { endpointId: gateway.id, description: "the chat app" });
export const aiToken = key.token; // a secret`,
};
