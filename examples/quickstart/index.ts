// An app online: a reserved domain and a cloud endpoint on it whose Traffic Policy limits each
// client's rate, sends `/api` to an internal endpoint and answers everything else itself.
//
// Against the bundled emulator, from the repository's root (`make up` ends with curl commands
// that the policy answers):
//   make up
//   make down
//
// Credentials come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();
// Changing `domain` replaces the reserved domain and the endpoint on it (a URL cannot change in
// place); `description` and `rateLimit` change in place.
const domainName = config.get("domain") ?? "quickstart.ngrok.app";
const description = config.get("description") ?? "Quickstart: the app's public hostname";
const rateLimit = config.getNumber("rateLimit") ?? 5;

const domain = new ngrok.ReservedDomain("app", {
    domain: domainName,
    description,
    metadata: JSON.stringify({ owner: "platform-team" }),
});

// The API, on an internal URL: only other endpoints' policies reach it (`forward-internal`). Here
// its own policy answers; in production the API's agents would serve it instead
// (`ngrok http 8080 --url https://api.internal`).
const api = new ngrok.CloudEndpoint("api", {
    url: "https://api.internal",
    description: "The app's API",
    trafficPolicy: {
        onHttpRequest: [{
            actions: [{
                type: "custom-response",
                config: {
                    statusCode: 200,
                    headers: { "content-type": "application/json" },
                    body: '{"service":"api","path":"${req.url.path}"}',
                },
            }],
        }],
    },
});

// The public endpoint: its policy is the whole app.
const web = new ngrok.CloudEndpoint("web", {
    url: pulumi.interpolate`https://${domain.domain}`,
    description: "The app",
    trafficPolicy: {
        onHttpRequest: [
            {
                name: "rate limit per client",
                actions: [{
                    type: "rate-limit",
                    config: { name: "per client IP", algorithm: "sliding_window", capacity: rateLimit, rate: "60s", bucketKey: ["conn.client_ip"] },
                }],
            },
            {
                name: "the API",
                expressions: ["req.url.path.startsWith('/api')"],
                actions: [{ type: "forward-internal", config: { url: api.url } }],
            },
            {
                name: "everything else",
                actions: [{
                    type: "custom-response",
                    config: { statusCode: 200, headers: { "content-type": "text/plain" }, body: "Hello from ${req.host}, answered by its Traffic Policy.\n" },
                }],
            },
        ],
    },
});

// An agent credential that may only bind the reserved domain.
const agent = new ngrok.Credential("agent", {
    description: pulumi.interpolate`Agent serving ${domain.domain}`,
    acl: [pulumi.interpolate`bind:${domain.domain}`],
});

export const domainId = domain.id;
export const hostname = domain.domain;
export const url = web.url;
export const apiUrl = api.url;
export const credentialId = agent.id;
// A secret: `pulumi stack output authtoken --show-secrets` reveals it.
export const authtoken = agent.token;
