import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok-plugin";

// pulumi-ngrok's API through the provider plugin: a typed Traffic Policy holding a credential and
// a vault secret's reference (`secretRef`), a route given its edge, and a lookup.
const config = new pulumi.Config();

const domain = new ngrok.ReservedDomain("app", {
    domain: config.get("domain") ?? "plugin-package.ngrok.app",
    description: config.get("description") ?? "Deployed with pulumi-ngrok-plugin",
});

const vault = new ngrok.Vault("secrets", { name: "app-secrets" });

const endpoint = new ngrok.CloudEndpoint(
    "app",
    {
        url: pulumi.interpolate`https://${domain.domain}`,
        trafficPolicy: {
            onHttpRequest: [
                { actions: [{ type: "basic-auth", config: { credentials: [config.requireSecret("basicAuth")] } }] },
                { actions: [{ type: "add-headers", config: { headers: { "x-upstream-token": ngrok.secretRef(vault.name, "upstream-token") } } }] },
                { actions: [{ type: "forward-internal", config: { url: "https://app.internal" } }] },
            ],
        },
    },
    { parent: domain },
);

const edge = new ngrok.HttpsEdge("edge", { description: "The app's old edge" });
const route = new ngrok.HttpsEdgeRoute("web", { edge, matchType: "path_prefix", match: "/" });

export const domainId = domain.id;
export const endpointId = endpoint.id;
export const routeEdgeId = route.edgeId;
export const edgeId = edge.id;
export const lookedUpId = ngrok.getReservedDomainOutput({ domain: domain.domain }).id;
