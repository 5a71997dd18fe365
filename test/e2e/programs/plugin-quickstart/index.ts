// examples/quickstart on the provider plugin's Node.js SDK: the same program, another package.
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok-plugin";

// Credentials come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).
const config = new pulumi.Config();
// Changing `domain` replaces the reserved domain; changing `description` updates it in place.
const domainName = config.get("domain") ?? "quickstart.ngrok.app";
const description = config.get("description") ?? "Quickstart: the app's public hostname";

const domain = new ngrok.ReservedDomain("app", {
    domain: domainName,
    description,
    metadata: JSON.stringify({ owner: "platform-team" }),
});

// An agent credential that may only bind the reserved domain.
const agent = new ngrok.Credential("agent", {
    description: pulumi.interpolate`Agent serving ${domain.domain}`,
    acl: [pulumi.interpolate`bind:${domain.domain}`],
});

export const domainId = domain.id;
export const hostname = domain.domain;
export const credentialId = agent.id;
// A secret: `pulumi stack output authtoken --show-secrets` reveals it.
export const authtoken = agent.token;
