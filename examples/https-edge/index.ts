import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

// Against the bundled emulator, from the repository's root:
//   make up EXAMPLE=https-edge SECRETS=oidcClientSecret=example-s3cret
//   make down EXAMPLE=https-edge
// Credentials come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).
// The OIDC client secret is a secret config value: `pulumi config set oidcClientSecret --secret`.
const config = new pulumi.Config();
// Changing `domain` replaces the reserved domain (the edge moves to it in place); the other
// settings update the modules in place.
const hostname = config.get("domain") ?? "edge-app.ngrok.app";
const oidcClientId = config.get("oidcClientId") ?? "web-app";
const numBuckets = config.getNumber("numBuckets") ?? 10;

const domain = new ngrok.ReservedDomain("app-domain", {
    domain: hostname,
    description: "The app's public hostname",
});

const edge = new ngrok.HttpsEdge("app-edge", {
    description: "The app: web UI and API",
    hostports: [pulumi.interpolate`${domain.domain}:443`],
});

// The web UI: visitors sign in with OIDC, crawlers are turned away, and a circuit breaker
// protects the upstream. Each module is a child of its route (`route:` makes it its parent), so
// `destroy` removes modules, then routes, then the edge.
const web = new ngrok.HttpsEdgeRoute("web", {
    edge,
    matchType: "path_prefix",
    match: "/",
    description: "Web UI",
});

new ngrok.HttpsEdgeRouteOidc("web-sso", {
    route: web,
    issuer: "https://accounts.google.com",
    clientId: oidcClientId,
    clientSecret: config.requireSecret("oidcClientSecret"),
    scopes: ["openid", "email"],
    inactivityTimeout: 3600,
});

new ngrok.HttpsEdgeRouteUserAgentFilter("web-no-crawlers", {
    route: web,
    deny: ["(?i)bot", "(?i)crawler", "^curl/"],
});

new ngrok.HttpsEdgeRouteCircuitBreaker("web-breaker", {
    route: web,
    errorThresholdPercentage: 0.5, // a fraction: trips at 50% of requests failing
    volumeThreshold: 20,
    numBuckets,
    rollingWindow: 60,
    trippedDuration: 30,
});

// The API: bearer tokens from the identity provider, and its own circuit breaker.
const api = new ngrok.HttpsEdgeRoute("api", {
    edge,
    matchType: "path_prefix",
    match: "/api",
    description: "API",
});

new ngrok.HttpsEdgeRouteJwtValidation("api-jwt", {
    route: api,
    issuer: { allowList: [{ value: "https://accounts.google.com" }] },
    audience: { allowList: [{ value: oidcClientId }] },
    http: { tokens: [{ type: "jwt", method: "header", name: "Authorization", prefix: "Bearer " }] },
    jws: {
        allowedAlgorithms: ["RS256"],
        keys: { sources: { additionalJkus: ["https://www.googleapis.com/oauth2/v3/certs"] } },
    },
});

new ngrok.HttpsEdgeRouteCircuitBreaker("api-breaker", {
    route: api,
    errorThresholdPercentage: 0.25,
    volumeThreshold: 50,
});

export const edgeId = edge.id;
export const url = pulumi.interpolate`https://${domain.domain}/`;
