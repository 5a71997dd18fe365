import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

// Against the bundled emulator, from the repository's root:
//   make up EXAMPLE=backends
//   make down EXAMPLE=backends
// Credentials come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).
const config = new pulumi.Config();
// Updated in place: the maintenance page's status, and whether it comes before the tunnels.
const maintenanceStatus = config.getNumber("maintenanceStatus") ?? 503;
const maintenanceFirst = config.getBoolean("maintenanceFirst") ?? false;
// Backends have no immutable fields: bumping `generation` rolls out a fresh tunnel group (Pulumi's
// `replacementTrigger`), created before the old one is deleted, with the failover chain moved to it.
const generation = config.get("generation") ?? "1";

// The agents serving the app: every online tunnel labelled app=web, env=prod.
const web = new ngrok.TunnelGroupBackend(
    "web",
    {
        description: `web servers (generation ${generation})`,
        labels: { app: "web", env: "prod" },
    },
    { replacementTrigger: generation },
);

// Fixed answers for when no tunnel is up.
const maintenance = new ngrok.HttpResponseBackend("maintenance", {
    description: "maintenance page",
    statusCode: maintenanceStatus,
    body: "Down for maintenance, back soon.",
    headers: { "Content-Type": "text/plain", "Retry-After": "600" },
});
const unavailable = new ngrok.HttpResponseBackend("unavailable", {
    description: "last resort",
    statusCode: 502,
    body: "Service unavailable.",
});

// Traffic goes to the first of these that is available.
const site = new ngrok.FailoverBackend("site", {
    description: "web, then maintenance, then the last resort",
    backends: maintenanceFirst ? [maintenance.id, web.id, unavailable.id] : [web.id, maintenance.id, unavailable.id],
});

export const tunnelGroupBackendId = web.id;
export const failoverBackendId = site.id;
export const failoverOrder = site.backends;
