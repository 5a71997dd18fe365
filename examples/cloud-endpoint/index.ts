import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";
import { appPolicy, poolUrl } from "./policy";

// The https-edge example's app on a cloud endpoint: ngrok has turned Edges off, and a cloud
// endpoint's Traffic Policy does what the edge's routes and modules did (see policy.ts).
// Against the bundled emulator, from the repository's root:
//   make up EXAMPLE=cloud-endpoint SECRETS=oidcClientSecret=example-s3cret
//   make down EXAMPLE=cloud-endpoint
// Credentials come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).
// The OIDC client secret is a secret config value: `pulumi config set oidcClientSecret --secret`.
const config = new pulumi.Config();
// Changing `domain` replaces the reserved domain and the endpoint (a URL cannot change in place);
// `rateLimit` and `oidcClientId` change the policy in place.
const hostname = config.get("domain") ?? "cloud-app.ngrok.app";

const domain = new ngrok.ReservedDomain("app-domain", {
    domain: hostname,
    description: "The app's public hostname",
});

// The internal endpoint pool: the app's agents connect with this credential and join the pool
// with `ngrok http 8080 --url https://app.internal --pooling-enabled`.
const agents = new ngrok.Credential("app-agents", {
    description: "The app's agents, pooled on https://app.internal",
    acl: ["bind:app.internal"],
});

const app = new ngrok.CloudEndpoint(
    "app",
    {
        url: pulumi.interpolate`https://${domain.domain}`,
        description: "The app: web UI and API",
        trafficPolicy: appPolicy({
            rateLimit: config.getNumber("rateLimit") ?? 100,
            oidcClientId: config.get("oidcClientId") ?? "web-app",
            oidcClientSecret: config.requireSecret("oidcClientSecret"),
        }),
    },
    { parent: domain },
);

export const url = app.url;
export const endpointId = app.id;
export const pool = poolUrl;
export const agentAuthtoken = agents.token;
