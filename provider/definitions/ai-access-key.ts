import { aiDescription, aiMetadata, aiName, aiStamps, aiToken, keyRedacted, lastUsed } from "./ai-common";
import type { BoundDefinition } from "../contract";

export const aiAccessKey: BoundDefinition = {
  name: "AiAccessKey",
  description:
    "An access key of the AI Gateway API (https://api.ngrok.ai): the credential an application sends to the AI Gateway (`https://gateway.ngrok.ai`). " +
    "Its token is returned only when the key is created; the provider keeps it, as a secret, in the stack's state.",
  binding: { kind: "collection", api: "ai-gateway", path: "/access-keys", idPrefix: "aigk", listKey: "aiGatewayAccessKeys" },
  properties: {
    name: aiName("A label for the key."),
    description: aiDescription("What uses the key."),
    metadata: aiMetadata,
    accessKeyConfigurationId: {
      type: { kind: "string", idPrefix: "aigac" },
      description: "The id of the `AiAccessKeyConfiguration` the key follows (`aigac_...`); absent: every provider and model. Changed in place.",
      input: { api: "accessKeyConfigurationId", onChange: "update", unset: "clear" },
      fromApi: (api) => {
        const ref = api.accessKeyConfiguration as { id?: unknown } | null | undefined;
        return typeof ref?.id === "string" && ref.id !== "" ? ref.id : undefined;
      },
    },
    token: aiToken("The token an application sends to the AI Gateway as its API key (`ng-...`)."),
    keyRedacted,
    lastUsed,
    ...aiStamps("access key"),
  },
  lookupKey: ["name"],
  example: `const app = new ngrok.AiAccessKey("chat-app", { name: "chat app", accessKeyConfigurationId: config.id });
export const accessKey = app.token; // a secret`,
};
