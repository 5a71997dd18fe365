import { aiMetadata, aiName, aiStamps } from "./ai-common";
import type { BoundDefinition, ObjectType } from "../contract";

const surfaceType: ObjectType = {
  kind: "object",
  name: "AiSupportedApiSurface",
  description: "An API surface a custom provider serves: a format (`openai`, `anthropic`) and a surface within it (`chat-completions`, `responses`, `messages`).",
  properties: {
    format: { api: "format", type: { kind: "string", nonEmpty: true }, description: "The API format the surface conforms to, e.g. `openai`.", required: true },
    surface: { api: "surface", type: { kind: "string" }, description: "The surface within the format, e.g. `chat-completions`." },
    supportedParams: {
      api: "supportedParams",
      type: {
        kind: "array",
        items: {
          kind: "object",
          name: "AiSupportedApiSurfaceParam",
          description: "A top-level request body parameter the surface supports.",
          properties: { name: { api: "name", type: { kind: "string", nonEmpty: true }, description: "The parameter's name.", required: true } },
        },
      },
      description: "The top-level request body parameters the surface supports.",
    },
  },
};

const modelType: ObjectType = {
  kind: "object",
  name: "AiProviderModel",
  description: "A model a custom provider exposes.",
  properties: {
    modelId: { api: "modelId", type: { kind: "string", nonEmpty: true, maxChars: 255 }, description: "The model's identifier, e.g. `llama-3`.", required: true },
  },
};

export const aiCustomProvider: BoundDefinition = {
  name: "AiCustomProvider",
  description:
    "A custom AI Gateway provider of the AI Gateway API (https://api.ngrok.ai): a self-hosted or third-party model server the gateway routes to, " +
    "with its base URL, models and API surfaces. Built-in providers (`openai`, `anthropic`, ...) come from ngrok's catalog and are not made here.",
  binding: { kind: "collection", api: "ai-gateway", path: "/providers", idPrefix: "aigp", listKey: "aiGatewayProviders" },
  properties: {
    providerId: {
      type: { kind: "string", nonEmpty: true, maxChars: 255 },
      description:
        "The provider's identifier in model strings (`internal-vllm` in `internal-vllm:llama-3`), unique in the account and not a built-in provider's. " +
        "The API cannot change it: a change is a replacement.",
      input: { api: "providerId", required: true, onChange: "replace", unset: "clear", updatable: false },
    },
    name: aiName("A label for the provider.", true, true),
    baseUrl: {
      type: { kind: "string", nonEmpty: true, maxChars: 2048 },
      description: "The base URL of the provider's API. Required, at most 2048 characters. Changed in place.",
      input: { api: "baseUrl", required: true, onChange: "update", unset: "clear" },
    },
    metadata: aiMetadata,
    supportedApiSurfaces: {
      type: { kind: "array", items: surfaceType },
      description: "The API surfaces the provider serves. Changed in place.",
      input: { api: "supportedApiSurfaces", onChange: "update", unset: "clear" },
    },
    models: {
      type: { kind: "array", items: modelType },
      description: "The models the provider exposes; the list replaces the provider's models when it changes. Changed in place.",
      input: { api: "models", onChange: "update", unset: "clear" },
    },
    ...aiStamps("provider"),
  },
  uniqueKey: "providerId",
  lookupKey: ["providerId", "name"],
  example: `const vllm = new ngrok.AiCustomProvider("vllm", {
    providerId: "internal-vllm",
    name: "vLLM in the lab",
    baseUrl: "https://vllm.internal.example.com/v1",
    models: [{ modelId: "llama-3" }],
    supportedApiSurfaces: [{ format: "openai", surface: "chat-completions" }],
});`,
};
