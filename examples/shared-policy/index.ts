import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

// One Traffic Policy, written once and taken by three cloud endpoints: a rate limit per client and
// a login on /admin. A change to it (`pulumi config set capacity 50`) is previewed as an in-place
// update of the policy and of each endpoint that takes it; `up` applies it to all three.
//
// Against the bundled emulator, from the repository's root:
//   make up EXAMPLE=shared-policy SECRETS=adminLogin=admin:example-passw0rd
//   make down EXAMPLE=shared-policy
// Credentials come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).
const config = new pulumi.Config();
// Requests per minute each client may make to each endpoint. Changed in place.
const capacity = config.getNumber("capacity") ?? 100;
// The login /admin asks for, `user:password`, kept as a secret in the stack's config
// (`pulumi config set --secret adminLogin ...`): it stays encrypted in the state.
const adminLogin = config.requireSecret("adminLogin");
// The endpoints are https://<prefix>-shop.internal, -api and -docs. Another prefix replaces them.
const prefix = config.get("prefix") ?? "app";

// No API object: ngrok keeps a policy in each endpoint. The policy is checked once, at preview.
const edge = new ngrok.SharedTrafficPolicy("edge", {
    name: "rate limit and admin login",
    policy: {
        onHttpRequest: [
            { actions: [{ type: "rate-limit", config: { name: "per client", algorithm: "sliding_window", capacity, rate: "60s", bucketKey: ["conn.client_ip"] } }] },
            { expressions: ["req.url.path.startsWith('/admin')"], actions: [{ type: "basic-auth", config: { credentials: [adminLogin] } }] },
            { actions: [{ type: "custom-response", config: { statusCode: 200, body: "served by the shared policy" } }] },
        ],
    },
});

export const urls = ["shop", "api", "docs"].map((name) => new ngrok.CloudEndpoint(name, { url: `https://${prefix}-${name}.internal`, trafficPolicy: edge }).url);
