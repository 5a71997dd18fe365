import { aiDescription, aiMetadata, aiName, aiStamps } from "./ai-common";
import type { BoundDefinition, CrossFieldRule, ObjectType, Props } from "../contract";

/** Built-in providers that ngrok.ai inference serves (`ngrok` steps), as the access key configuration guide says. */
const ngrokInference = ["openai", "anthropic"];

interface StepInput {
  type?: unknown;
  keys?: unknown[];
}
interface RuleInput {
  provider?: unknown;
  model?: unknown;
  steps?: StepInput[];
}

/**
 * The router's rules the API documents (the OpenAPI's RouterRuleWrite and RouterStepWrite, the access
 * key configuration guide): a rule names a provider, a model or both; at most one provider rule per
 * upstream; at least one step; a `user` step lists keys; an `ngrok` step takes none and serves
 * built-in OpenAI and Anthropic only.
 */
function routerProblem(inputs: Props): string | undefined {
  const router = inputs.router as { rules?: unknown } | undefined;
  // A value of the wrong type is the type check's to name.
  const rules = Array.isArray(router?.rules) ? (router.rules as unknown[]) : [];
  const providers = new Set<string>();
  for (const [i, item] of rules.entries()) {
    if (typeof item !== "object" || item === null) continue;
    const rule = item as RuleInput;
    if (!Array.isArray(rule.steps)) continue;
    const at = `router.rules[${i}]`;
    const provider = typeof rule.provider === "string" ? rule.provider : undefined;
    const model = typeof rule.model === "string" ? rule.model : undefined;
    if (provider === undefined && model === undefined) return `${at} must name a provider, a model, or both`;
    if (provider !== undefined && model === undefined) {
      if (providers.has(provider)) return `${at}.provider repeats an earlier rule's provider: at most one provider rule per upstream`;
      providers.add(provider);
    }
    if ((rule.steps ?? []).length === 0) return `${at}.steps must hold at least one step`;
    const upstream = provider ?? model!.split(/[:/]/)[0]!;
    for (const [j, step] of (rule.steps ?? []).entries()) {
      if (typeof step !== "object" || step === null) continue;
      const keys = Array.isArray(step.keys) ? step.keys : [];
      if (step.type === "user" && keys.length === 0) return `${at}.steps[${j}].keys must list at least one provider key for a \`user\` step`;
      if (step.type === "ngrok" && keys.length > 0) return `${at}.steps[${j}].keys must be empty for an \`ngrok\` step, which uses ngrok.ai inference`;
      if (step.type === "ngrok" && !ngrokInference.includes(upstream)) {
        return `${at}.steps[${j}].type \`ngrok\` serves built-in openai and anthropic only, not ${JSON.stringify(upstream)}`;
      }
    }
  }
  return undefined;
}

const routerRules: CrossFieldRule = {
  properties: ["router"],
  summary:
    "Each rule names a provider, a model or both, with at least one step; at most one provider rule per upstream; a `user` step lists " +
    "provider keys; an `ngrok` step lists none and serves built-in OpenAI and Anthropic only.",
  violated: routerProblem,
};

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
            id: { api: "id", type: { kind: "string", idPrefix: "aigpk" }, description: "An `AiProviderKey`'s id (`aigpk_...`).", required: true },
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
  rules: [routerRules],
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
