// Every kind of the AI Gateway API (https://api.ngrok.ai) in one stack, with its lookups and
// functions; the same text runs on either package. Stack config: `label` (changed in place),
// `customProviderId` (a change replaces the custom provider and the key made for it),
// `primaryKey` and `backupKey` (secrets; a change rotates the key in place), `totalTimeout`.
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();
const label = config.require("label");

const vllm = new ngrok.AiCustomProvider("vllm", {
    providerId: config.require("customProviderId"),
    name: `vLLM (${label})`,
    baseUrl: "http://127.0.0.1:9/v1",
    models: [{ modelId: "llama-3" }],
    supportedApiSurfaces: [{ format: "openai", surface: "chat-completions" }],
});

const primary = new ngrok.AiProviderKey("primary", {
    providerId: "openai",
    name: "primary",
    value: config.requireSecret("primaryKey"),
    description: `OpenAI (${label})`,
});
const backup = new ngrok.AiProviderKey("backup", { providerId: vllm.providerId, name: "backup", value: config.requireSecret("backupKey") });

const routing = new ngrok.AiAccessKeyConfiguration("routing", {
    name: "routing",
    description: label,
    access: { providers: { allow: ["openai", vllm.providerId] } },
    router: {
        rules: [
            { provider: "openai", steps: [{ type: "user", keySelectionStrategy: "ordered", keys: [{ id: primary.id }] }, { type: "ngrok" }] },
            { provider: vllm.providerId, steps: [{ type: "user", keys: [{ id: backup.id }] }] },
        ],
    },
});

const app = new ngrok.AiAccessKey("app", { name: "app", description: label, accessKeyConfigurationId: routing.id });
const automation = new ngrok.AiApiKey("automation", { name: "automation", metadata: JSON.stringify({ label }) });
new ngrok.AiGatewayConfig("settings", { totalTimeout: config.require("totalTimeout"), perRequestTimeout: "30s", maxOutputTokens: 4096 });

export const accessKeyToken = app.token;
export const apiKeyToken = automation.token;
export const ids = { vllm: vllm.id, primary: primary.id, backup: backup.id, routing: routing.id, app: app.id, automation: automation.id };
// Lookups by id and by name, and the AI Gateway API's reads.
export const found = {
    providerById: ngrok.getAiCustomProviderOutput({ id: vllm.id }).providerId,
    providerByProviderId: ngrok.getAiCustomProviderOutput({ providerId: vllm.providerId }).id,
    keyByName: ngrok.getAiProviderKeyOutput({ name: "primary", providerId: "openai" }, { dependsOn: [primary] }).id,
    configurationByName: ngrok.getAiAccessKeyConfigurationOutput({ name: "routing" }, { dependsOn: [routing] }).id,
    accessKeyByName: ngrok.getAiAccessKeyOutput({ name: "app" }, { dependsOn: [app] }).keyRedacted,
    apiKeyById: ngrok.getAiApiKeyOutput({ id: automation.id }).name,
    gatewayConfig: ngrok.getAiGatewayConfigOutput({ id: "gateway-config" }, { dependsOn: [routing] }).accountId,
};
export const creditBalance = ngrok.getAiCreditBalanceOutput({}).balanceCents;
