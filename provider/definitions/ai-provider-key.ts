import { aiDescription, aiMetadata, aiName, aiStamps, keyRedacted, lastUsed } from "./ai-common";
import type { BoundDefinition } from "../contract";

export const aiProviderKey: BoundDefinition = {
  name: "AiProviderKey",
  description:
    "An upstream provider's key (OpenAI's, Anthropic's, a custom provider's) held by the AI Gateway API (https://api.ngrok.ai) for the account, " +
    "which access key configurations route with. The API never returns its value (only `keyRedacted`); the provider keeps the program's value " +
    "in state, encrypted. A new value is a rotation in place (`/provider-keys/{id}/rotate`): the key keeps its id and the configurations using it.",
  binding: {
    kind: "collection",
    api: "ai-gateway",
    path: "/provider-keys",
    idPrefix: "aigpk",
    listKey: "aiGatewayProviderKeys",
    // PATCH does not take a value; the rotation takes the value and the name together.
    rotation: { path: "rotate", when: ["value"], sends: ["name", "value"] },
  },
  properties: {
    providerId: {
      type: { kind: "string", nonEmpty: true },
      description:
        "The provider the key is for: a built-in provider of ngrok's catalog (`openai`, `anthropic`, ...) or a custom provider's `providerId`. A change is a replacement.",
      input: { api: "providerId", required: true, onChange: "replace", unset: "clear", updatable: false },
    },
    name: aiName("A label for the key.", true),
    value: {
      type: { kind: "string", nonEmpty: true },
      description:
        "The provider's key itself. Stored encrypted in state, even when given as a plain string; the API never returns it, so a lookup or " +
        "`AiProviderKey.get` has none. A change rotates the key in place.",
      input: { api: "value", required: true, onChange: "update", unset: "clear", updatable: false },
      secret: true,
      writeOnly: true,
    },
    description: aiDescription("What the key is for."),
    metadata: aiMetadata,
    keyRedacted,
    lastUsed,
    ...aiStamps("provider key"),
  },
  lookupKey: ["name", "providerId"],
  example: `const openai = new ngrok.AiProviderKey("openai", {
    providerId: "openai",
    name: "production",
    value: config.requireSecret("openaiKey"),
});`,
};
