import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

// Resources at every depth of parents: a cloud endpoint under its domain, with a credential in its
// policy; an edge, its route (`edge`) and the route's module (`route`); a credential whose token
// is a secret output; and a lookup. The same text runs on either package.
const config = new pulumi.Config();

const domain = new ngrok.ReservedDomain("app", { domain: "doors.ngrok.app", description: "Moves between the doors" });

const endpoint = new ngrok.CloudEndpoint(
    "endpoint",
    {
        url: pulumi.interpolate`https://${domain.domain}`,
        trafficPolicy: {
            onHttpRequest: [
                { actions: [{ type: "basic-auth", config: { credentials: [config.requireSecret("basicAuth")] } }] },
                { actions: [{ type: "forward-internal", config: { url: "https://app.internal" } }] },
            ],
        },
    },
    { parent: domain },
);

const agents = new ngrok.Credential("agents", { description: "The app's agents", acl: ["bind:app.internal"] });

const edge = new ngrok.HttpsEdge("edge", { description: "The app's old edge" });
const route = new ngrok.HttpsEdgeRoute("web", { edge, matchType: "path_prefix", match: "/" });
new ngrok.HttpsEdgeRouteCircuitBreaker("web-breaker", { route, errorThresholdPercentage: 0.5, volumeThreshold: 20 });

export const endpointUrl = endpoint.url;
export const agentToken = agents.token;
export const lookedUpId = ngrok.getReservedDomainOutput({ domain: domain.domain }).id;
