import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

// Against the bundled emulator, from the repository's root:
//   make up EXAMPLE=secrets-and-users SECRETS=upstreamToken=example-t0ken
//   make down EXAMPLE=secrets-and-users
// Credentials come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).
const config = new pulumi.Config();
// The upstream's token, kept as a secret in the stack's config (`pulumi config set --secret upstreamToken ...`).
// Changing it rotates the secret in place.
const upstreamToken = config.requireSecret("upstreamToken");
// The OpenAI key the AI Gateway sends upstream for the chat app (`pulumi config set --secret openaiKey ...`;
// a placeholder against the emulator). The API cannot change a provider key's value: a new one
// replaces the provider key (the new one is made first).
const openaiKey = config.getSecret("openaiKey") ?? pulumi.secret("sk-placeholder-for-the-emulator");
// Updated in place.
const vaultDescription = config.get("vaultDescription") ?? "the app's secrets";
const deployerActive = config.getBoolean("deployerActive") ?? true;
const keyDescription = config.get("keyDescription") ?? "CI deployments";
const dbDescription = config.get("dbDescription") ?? "postgres";
const aiKeyDescription = config.get("aiKeyDescription") ?? "the chat app";
const providerKeyDescription = config.get("providerKeyDescription") ?? "OpenAI, production";
// Replacements: the vault that holds the secret, who owns the API key, the address's region.
const secretVault = config.get("secretVault") ?? "app"; // or "shared"
const keyOwner = config.get("keyOwner") ?? "caller"; // or "deployer"
const dbRegion = (config.get("dbRegion") ?? "eu") as "eu" | "us";

const app = new ngrok.Vault("app", { name: "app-secrets", description: vaultDescription });
const shared = new ngrok.Vault("shared", { name: "shared-secrets", description: "secrets every team reads" });
const holder = secretVault === "shared" ? shared : app;

// The value is stored encrypted in state and never returned by the API.
const token = new ngrok.VaultSecret("upstream-token", {
    vaultId: holder.id,
    name: "upstream-token",
    value: upstreamToken,
    description: "the token the upstream expects",
});

// An identity for CI, and an API key it owns (or the caller does).
const deployer = new ngrok.ServiceUser("deployer", { name: "ci-deployer", active: deployerActive });
const key = new ngrok.ApiKey("deployer-key", {
    description: keyDescription,
    ownerId: keyOwner === "deployer" ? deployer.id : undefined,
});

// An AI Gateway: an endpoint whose Traffic Policy runs the `ai-gateway` action (a policy must
// always answer, hence the last rule), and a key the chat app sends it. Like the API key's, the
// key's token is answered once and kept, encrypted, in state; its endpoint changes in place.
const aiGateway = new ngrok.CloudEndpoint("ai-gateway", {
    url: "https://ai-gateway.internal",
    description: "the app's AI Gateway",
    trafficPolicy: {
        onHttpRequest: [
            { actions: [{ type: "ai-gateway", config: {} }] },
            { actions: [{ type: "custom-response", config: { statusCode: 503, body: "No AI provider answered." } }] },
        ],
    },
});
const aiKey = new ngrok.AiGatewayApiKey("chat-app-key", { endpointId: aiGateway.id, description: aiKeyDescription });
// The provider's key the gateway uses for that key's requests; the API shows it only redacted (`displayName`).
const openai = new ngrok.AiGatewayProviderKey("chat-app-openai", {
    aiGatewayApiKeyId: aiKey.id,
    providerId: "openai",
    value: openaiKey,
    description: providerKeyDescription,
});

// A fixed TCP address for the database, served by an agent as tcp://<addr>.
const db = new ngrok.TcpAddress("db", { description: dbDescription, region: dbRegion });

// How a Traffic Policy reads the secret: the service substitutes the value when the policy runs.
export const upstreamTokenRef = ngrok.secretRef(holder.name, token.name);
export const dbUrl = pulumi.interpolate`tcp://${db.addr}`;
export const deployerId = deployer.id;
export const apiToken = key.token; // a secret: `pulumi stack output --show-secrets apiToken`
export const aiGatewayToken = aiKey.token; // a secret too
export const openaiKeyId = openai.id;
// A lookup by natural key, once the vault exists: finds the same vault.
export const appVaultId = ngrok.getVaultOutput({ name: "app-secrets" }, { dependsOn: [app] }).id;
