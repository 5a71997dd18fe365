import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

// Against the bundled emulator, from the repository's root:
//   make up EXAMPLE=access
//   make down EXAMPLE=access
// Credentials come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).
const config = new pulumi.Config();
// Updated in place: the office's address range and whether the restriction is enforced.
const officeCidr = config.get("officeCidr") ?? "203.0.113.0/24";
const enforced = config.getBoolean("enforced") ?? false;
// Replacements: the kind of traffic restricted, and the deploy host's SSH key (an id_*.pub line).
const restrictionType = config.get("restrictionType") ?? "dashboard";
const deployKey = config.get("deployKey") ?? "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH4tIbTQtdb//0+kZVZuk9t1KNZMZ+wpTW2LGmyNi4uh deploy@example";

// An authtoken for CI agents, which may only bind the team's domains.
const ciAgents = new ngrok.Credential("ci-agents", {
    description: "CI agents",
    acl: ["bind:*.ci.example.com"],
});

// The deploy host opens tunnels over SSH with its own key.
const deploy = new ngrok.SshCredential("deploy", {
    description: "deploy host",
    publicKey: deployKey,
    acl: ["bind:deploy.example.com"],
});

// The networks the team works from...
const offices = new ngrok.IpPolicy("offices", {
    description: "Office and VPN networks",
    metadata: JSON.stringify({ owner: "platform-team" }),
});
new ngrok.IpPolicyRule("office-v4", {
    ipPolicyId: offices.id,
    cidr: officeCidr,
    action: "allow",
    description: "office (IPv4)",
});
new ngrok.IpPolicyRule("vpn-v6", {
    ipPolicyId: offices.id,
    cidr: "2001:db8:1234::/48",
    action: "allow",
    description: "VPN (IPv6)",
});

// ...and the only place the dashboard (or the API) may be reached from.
const restriction = new ngrok.IpRestriction("restriction", {
    description: "only from the offices",
    type: restrictionType as "dashboard" | "api" | "agent" | "endpoints",
    ipPolicyIds: [offices.id],
    enforced,
});

export const credentialId = ciAgents.id;
// A secret: `pulumi stack output authtoken --show-secrets` reveals it.
export const authtoken = ciAgents.token;
export const sshCredentialId = deploy.id;
export const ipPolicyId = offices.id;
export const ipRestrictionId = restriction.id;
