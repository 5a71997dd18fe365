import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";
import { routing } from "./routing";

// ngrok's AI Gateway as code: OpenAI keys with failover, a model you run yourself, and the access
// key your app sends to https://gateway.ngrok.ai, scoped and routed by a configuration.
// Against the bundled emulator, from the repository's root:
//   make up EXAMPLE=ai-gateway
//   make down EXAMPLE=ai-gateway
// The AI Gateway API's credentials come from `ngrok:aiGatewayApiKey` / `ngrok:aiGatewayApiBaseUrl`
// (or NGROK_AI_GATEWAY_API_KEY / NGROK_AI_GATEWAY_API_BASE_URL), which the emulator prints.
// The OpenAI keys and the vLLM token are secret config values
// (`pulumi config set --secret openaiPrimaryKey ...`); placeholders against the emulator.
const config = new pulumi.Config();
const openaiPrimaryKey = config.getSecret("openaiPrimaryKey") ?? pulumi.secret("sk-placeholder-primary");
const openaiBackupKey = config.getSecret("openaiBackupKey") ?? pulumi.secret("sk-placeholder-backup");
const vllmToken = config.getSecret("vllmToken") ?? pulumi.secret("vllm-placeholder-token");
// Where the self-hosted model listens: an ngrok internal endpoint (`ngrok http 8000 --url https://my-vllm.internal`).
const vllmUrl = config.get("vllmUrl") ?? "https://my-vllm.internal/v1";

// Provider keys: their values are write-only and secret; a new value rotates the key in place.
const primary = new ngrok.AiProviderKey("openai-primary", { providerId: "openai", name: "openai-primary", value: openaiPrimaryKey });
const backup = new ngrok.AiProviderKey("openai-backup", { providerId: "openai", name: "openai-backup", value: openaiBackupKey });

// A model you run yourself, called as `my-vllm:llama3.2`.
const vllm = new ngrok.AiCustomProvider("my-vllm", {
    providerId: "my-vllm",
    name: "Self-hosted vLLM",
    baseUrl: vllmUrl,
    supportedApiSurfaces: [{ format: "openai", surface: "chat-completions" }],
    models: [{ modelId: "llama3.2" }],
});
const vllmKey = new ngrok.AiProviderKey("my-vllm-token", { providerId: vllm.providerId, name: "my-vllm-token", value: vllmToken });

const production = new ngrok.AiAccessKeyConfiguration("production", {
    name: "production",
    description: "OpenAI with key failover, and our own model",
    ...routing({ openaiPrimary: primary.id, openaiBackup: backup.id, vllm: vllmKey.id }),
});

// The key the app sends as its OpenAI SDK's api_key; its token is answered once, kept as a secret.
const app = new ngrok.AiAccessKey("web-app", { name: "web-app", accessKeyConfigurationId: production.id });

export const configurationId = production.id;
export const accessKeyId = app.id;
export const accessKeyToken = app.token;
