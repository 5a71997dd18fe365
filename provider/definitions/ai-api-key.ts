import { aiDescription, aiMetadata, aiName, aiStamps, aiToken, keyRedacted, lastUsed } from "./ai-common";
import type { BoundDefinition } from "../contract";

export const aiApiKey: BoundDefinition = {
  name: "AiApiKey",
  description:
    "An ngrok.ai API key, made with the AI Gateway API (https://api.ngrok.ai): it authorises automation of the AI Gateway's resources " +
    "(`ngrok:aiGatewayApiKey`). Not ngrok's API key, and not the endpoint-bound `AiGatewayApiKey`. Its token is returned only when the key is " +
    "created; the provider keeps it, as a secret, in the stack's state.",
  binding: { kind: "collection", api: "ai-gateway", path: "/api-keys", idPrefix: "aigak", listKey: "aiGatewayApiKeys" },
  properties: {
    name: aiName("A label for the key."),
    description: aiDescription("What uses the key."),
    metadata: aiMetadata,
    token: aiToken("The ngrok.ai API key itself."),
    keyRedacted,
    lastUsed,
    ...aiStamps("API key"),
  },
  lookupKey: ["name"],
  example: `const ci = new ngrok.AiApiKey("ci", { name: "CI pipeline" });
export const aiGatewayApiKey = ci.token; // a secret`,
};
