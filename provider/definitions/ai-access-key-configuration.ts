import { aiDescription, aiMetadata, aiName, aiStamps } from "./ai-common";
import type { BoundDefinition, ObjectType } from "./types";

const allowType = (name: string, what: string): ObjectType => ({
  kind: "object",
  name,
  description: `Which ${what} are allowed.`,
  properties: {
    allow: {
      api: "allow",
      type: { kind: "array", items: { kind: "string" } },
      description: `The allowed ${what}, exact strings. Absent: no restriction; an empty list allows none.`,
    },
  },
});

const accessType: ObjectType = {
  kind: "object",
  name: "AiAccessScope",
  description: "Which providers and models an access key may reach; each dimension is optional.",
  properties: {
    providers: {
      api: "providers",
      type: allowType("AiAccessProviders", "providers (catalog providerIds, custom providerIds or `aigp_` ids)"),
      description: "The provider scope.",
    },
    models: { api: "models", type: allowType("AiAccessModels", "models (e.g. `openai:openai/gpt-4o`)"), description: "The model scope." },
  },
};

const stepType: ObjectType = {
  kind: "object",
  name: "AiRouterStep",
  description: "A step of a rule's fallback chain: ngrok.ai inference, or the account's provider keys, tried in order.",
  properties: {
    type: {
      api: "type",
      type: { kind: "string", enum: ["user", "ngrok"] },
      description: "`user`: the provider keys in `keys`; `ngrok`: ngrok.ai inference (built-in OpenAI and Anthropic only).",
      required: true,
    },
    keys: {
      api: "keys",
      type: {
        kind: "array",
        items: {
          kind: "object",
          name: "AiRouterStepKey",
          description: "A provider key of the step, by its id.",
          properties: {
            id: { api: "id", type: { kind: "string", nonEmpty: true }, description: "An `AiProviderKey`'s id (`aigpk_...`).", required: true },
          },
        },
      },
      description: "The provider keys a `user` step tries, in order (required for `user` steps).",
    },
    keySelectionStrategy: {
      api: "keySelectionStrategy",
      type: { kind: "string", enum: ["ordered"] },
      description: "How keys are chosen: `ordered` (the default and only value) tries them in list order.",
    },
  },
};

const ruleType: ObjectType = {
  kind: "object",
  name: "AiRouterRule",
  description: "A routing rule, for a provider, a model, or both (a model's rule wins over its provider's).",
  properties: {
    provider: { api: "provider", type: { kind: "string" }, description: "The provider the rule is for; at most one provider rule per upstream." },
    model: { api: "model", type: { kind: "string" }, description: "The provider-qualified model the rule is for, e.g. `openai:openai/gpt-5.5`." },
    steps: { api: "steps", type: { kind: "array", items: stepType }, description: "The fallback chain, run in order; at least one step.", required: true },
  },
};

const routerType: ObjectType = {
  kind: "object",
  name: "AiRouter",
  description: "How requests are routed; absent: built-in providers get ngrok.ai inference, custom providers fail until a rule with keys exists.",
  properties: { rules: { api: "rules", type: { kind: "array", items: ruleType }, description: "The routing rules." } },
};

export const aiAccessKeyConfiguration: BoundDefinition = {
  name: "AiAccessKeyConfiguration",
  description:
    "A reusable access key configuration of the AI Gateway API (https://api.ngrok.ai): which providers and models the access keys linked to it " +
    "may call, and the router's rules, steps and keys. Its shape is the API's. The API refuses to delete one an access key still links to.",
  binding: { kind: "collection", api: "ai-gateway", path: "/access-key-configurations", idPrefix: "aigac", listKey: "aiGatewayAccessKeyConfigurations" },
  properties: {
    name: aiName("A label for the configuration.", true),
    description: aiDescription("What the configuration is for."),
    metadata: aiMetadata,
    access: {
      type: accessType,
      description: "The access scope; absent: every provider and model. Changed in place.",
      input: { api: "access", onChange: "update", unset: "clear" },
    },
    router: {
      type: routerType,
      description: "The routing rules; absent: ngrok's defaults. Changed in place.",
      input: { api: "router", onChange: "update", unset: "clear" },
    },
    ...aiStamps("configuration"),
  },
  lookupKey: ["name"],
  example: `const config = new ngrok.AiAccessKeyConfiguration("byok", {
    name: "Production OpenAI, own keys first",
    access: { providers: { allow: ["openai"] } },
    router: {
        rules: [{
            provider: "openai",
            steps: [
                { type: "user", keySelectionStrategy: "ordered", keys: [{ id: primary.id }, { id: backup.id }] },
                { type: "ngrok" },
            ],
        }],
    },
});`,
};
