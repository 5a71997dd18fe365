// A circuit breaker on the route that config `breakerRoute` names (moving it replaces it), and an
// uploaded certificate with config `certificatePem` and the secret `privateKeyPem`.
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();

const domain = new ngrok.ReservedDomain("web-domain", { domain: "replace-lines.ngrok.app" });
const web = new ngrok.HttpsEdge("web", { hostports: [pulumi.interpolate`${domain.domain}:443`] });
const routes = {
    root: new ngrok.HttpsEdgeRoute("root", { edge: web, matchType: "path_prefix", match: "/" }),
    api: new ngrok.HttpsEdgeRoute("api", { edge: web, matchType: "path_prefix", match: "/api" }),
};
new ngrok.HttpsEdgeRouteCircuitBreaker("breaker", { route: routes[config.require("breakerRoute") as keyof typeof routes], errorThresholdPercentage: 0.5 });

new ngrok.TlsCertificate("cert", { certificatePem: config.require("certificatePem"), privateKeyPem: config.requireSecret("privateKeyPem") });
