import { createdAt, description, metadata, refType, uri } from "./common";
import type { BoundDefinition } from "../contract";

export const aiGatewayProviderKey: BoundDefinition = {
  name: "AiGatewayProviderKey",
  description:
    "An AI provider's key (OpenAI's, Anthropic's) attached to an AI gateway API key: the AI Gateway sends it upstream for that key's requests. " +
    "The API never returns its value (only a redacted `displayName`); the provider keeps the program's value in state, encrypted. " +
    "The API updates a provider key's description and metadata only: a new value is a replacement, the new key made before the old one is deleted.",
  // ngrok's API reference documents no prefix for these ids: any id is read and imported as the API gives it.
  binding: {
    kind: "collection",
    path: "/ai_gateway_provider_keys",
    listKey: "ai_gateway_provider_keys",
    // The codes of ngrok's AI Gateway error reference (https://ngrok.com/docs/ai-gateway/reference/error-codes).
    errorHints: {
      ERR_NGROK_27006: "aiGatewayApiKeyId, providerId and value are required",
    },
  },
  properties: {
    aiGatewayApiKeyId: {
      type: { kind: "string", nonEmpty: true },
      description: "The id of the AI gateway API key the provider key is attached to (an `AiGatewayApiKey`'s id). A change is a replacement.",
      input: { api: "ai_gateway_api_key_id", required: true, onChange: "replace", unset: "clear", updatable: false },
      // An id with no documented prefix: still a reference, quoted in errors.
      reference: true,
      fromApi: (api, prior) => {
        const ref = api.ai_gateway_api_key as { id?: unknown } | null | undefined;
        return typeof ref?.id === "string" && ref.id !== "" ? ref.id : prior.aiGatewayApiKeyId;
      },
    },
    providerId: {
      type: { kind: "string", nonEmpty: true },
      description: 'Which AI provider the key is for, e.g. `"openai"` or `"anthropic"`. A change is a replacement.',
      input: { api: "provider_id", required: true, onChange: "replace", unset: "clear", updatable: false },
    },
    value: {
      type: { kind: "string", nonEmpty: true },
      description:
        "The provider's key itself. Stored encrypted in state, even when given as a plain string; the API never returns it, so a lookup or " +
        "`AiGatewayProviderKey.get` has none. The API cannot change it in place: a new value replaces the provider key (a rotation).",
      input: { api: "value", required: true, onChange: "replace", unset: "clear", updatable: false },
      secret: true,
      writeOnly: true,
    },
    description: description("What the provider key is for."),
    metadata: metadata(),
    displayName: { type: { kind: "string" }, api: "display_name", description: "The value's redacted form, e.g. `sk-abc***xyz`, for display." },
    lastUsed: { type: { kind: "string" }, api: "last_used", description: "When the provider key was last used (RFC 3339); absent until it is." },
    aiGatewayApiKey: { type: refType, api: "ai_gateway_api_key", description: "The AI gateway API key the provider key is attached to." },
    createdBy: { type: refType, api: "created_by", description: "Who created the provider key." },
    lastUpdatedBy: { type: refType, api: "last_updated_by", description: "Who last changed the provider key." },
    updatedAt: { type: { kind: "string" }, api: "updated_at", description: "When the provider key was last changed (RFC 3339)." },
    uri,
    createdAt,
  },
  lookupKey: ["aiGatewayApiKeyId", "providerId"],
  example: `const key = new ngrok.AiGatewayApiKey("chat-app", { endpointId: gateway.id, description: "the chat app" });
const openai = new ngrok.AiGatewayProviderKey("openai", {
    aiGatewayApiKeyId: key.id,
    providerId: "openai",
    value: config.requireSecret("openaiKey"),
    description: "production",
});`,
};
