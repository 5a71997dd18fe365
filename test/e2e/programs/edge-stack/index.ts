// Every module on an HTTPS edge's two routes and on a TLS edge, each a child of its route or edge.
// Stack config: `ipPolicyId` and `backendId` (made through the API by the test); `duplicateBreaker`
// declares a second circuit breaker for the root route's slot; `jwt` adds JWT validation to the
// root route, adopting the configuration found there when `jwtImportId` is set.
// The OIDC and webhook secrets are plain strings on purpose: the SDK must keep them secret.
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();
const ipPolicyId = config.require("ipPolicyId");

const webDomain = new ngrok.ReservedDomain("web-domain", { domain: "stack-web.ngrok.app" });
const dbDomain = new ngrok.ReservedDomain("db-domain", { domain: "stack-db.ngrok.app" });

const web = new ngrok.HttpsEdge("web", { hostports: [pulumi.interpolate`${webDomain.domain}:443`] });
const root = new ngrok.HttpsEdgeRoute("root", { edge: web, matchType: "path_prefix", match: "/" });
const hooks = new ngrok.HttpsEdgeRoute("hooks", { edge: web, matchType: "exact_path", match: "/hooks" });

new ngrok.HttpsEdgeRouteOidc("root-oidc", {
    route: root,
    issuer: "https://id.example.com",
    clientId: "stack",
    clientSecret: "stack-oidc-plain-s3cret",
});
new ngrok.HttpsEdgeRouteCircuitBreaker("root-breaker", { route: root, numBuckets: 10, errorThresholdPercentage: 0.5 });
new ngrok.HttpsEdgeRouteUserAgentFilter("root-agents", { route: root, deny: ["(?i)bot"] });
new ngrok.HttpsEdgeRouteIpRestriction("root-ips", { route: root, ipPolicyIds: [ipPolicyId] });
if (config.getBoolean("jwt")) {
    new ngrok.HttpsEdgeRouteJwtValidation("root-jwt", {
        route: root,
        http: { tokens: [{ type: "jwt", method: "header", name: "Authorization", prefix: "Bearer " }] },
        importId: config.get("jwtImportId"),
    });
}
if (config.getBoolean("duplicateBreaker")) {
    new ngrok.HttpsEdgeRouteCircuitBreaker("root-breaker-again", { route: root, numBuckets: 50 });
}
new ngrok.HttpsEdgeRouteWebhookVerification("hooks-github", { route: hooks, provider: "github", secret: "stack-webhook-plain-s3cret" });

const db = new ngrok.TlsEdge("db", { hostports: [pulumi.interpolate`${dbDomain.domain}:443`] });
new ngrok.TlsEdgeBackend("db-backend", { edge: db, backendId: config.require("backendId") });
new ngrok.TlsEdgeIpRestriction("db-ips", { edge: db, ipPolicyIds: [ipPolicyId] });
new ngrok.TlsEdgeTlsTermination("db-tls", { edge: db, terminateAt: "upstream" });

export const rootSlot = pulumi.interpolate`/edges/https/${web.id}/routes/${root.id}`;
