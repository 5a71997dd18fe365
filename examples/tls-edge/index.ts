import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

// Against the bundled emulator, from the repository's root:
//   make up EXAMPLE=tls-edge
//   make down EXAMPLE=tls-edge
// Credentials come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).
// The backend (the tunnel group the database's agents join) and the IP policy of allowed
// networks are usually managed elsewhere: their ids come from config (`backendId`, `ipPolicyId`);
// without them the program makes its own.
const config = new pulumi.Config();
const backendId =
    config.get("backendId") ?? new ngrok.TunnelGroupBackend("db-agents", { labels: { app: "postgres" }, description: "database agents" }).id;
const ipPolicyId = config.get("ipPolicyId") ?? new ngrok.IpPolicy("office", { description: "office networks" }).id;
// Changing `domain` replaces the reserved domain (the edge moves to it in place); the other
// settings update the modules in place.
const hostname = config.get("domain") ?? "edge-db.ngrok.app";
const minVersion = config.get("minVersion", { allowedValues: ["1.2", "1.3"] }) ?? "1.2";
const allowListEnforced = config.getBoolean("allowListEnforced") ?? true;

const domain = new ngrok.ReservedDomain("db-domain", {
    domain: hostname,
    description: "The database's public hostname",
});

const edge = new ngrok.TlsEdge("db-edge", {
    description: "Postgres, TLS from the client to the edge",
    hostports: [pulumi.interpolate`${domain.domain}:443`],
});

// The modules are children of the edge (`edge:` makes it their parent): `destroy` removes them first.
new ngrok.TlsEdgeBackend("db-backend", { edge, backendId });

new ngrok.TlsEdgeIpRestriction("db-allow-list", {
    edge,
    ipPolicyIds: [ipPolicyId],
    enabled: allowListEnforced,
});

new ngrok.TlsEdgeTlsTermination("db-tls", {
    edge,
    terminateAt: "edge",
    minVersion,
});

export const edgeId = edge.id;
export const address = pulumi.interpolate`${domain.domain}:443`;
