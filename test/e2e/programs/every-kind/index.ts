// At least one resource of every kind of the package, each with fixed inputs, and every kind's
// secret set: a credential's and an API key's token, a vault secret's value, an event
// destination's target, an OIDC module's client secret, a webhook module's secret, an uploaded
// certificate's private key, and a cloud endpoint's policy credentials (basic-auth, OpenID
// Connect). test/e2e/fixtures/upgrade/ holds the states it wrote: its inputs must not change, or
// those states stop matching it. It takes no config beyond `ngrok:*`.
import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

// EXAMPLE-ONLY certificates and key (copies of examples/domains/certs, see its README).
const certs = (file: string) => fs.readFileSync(path.join(__dirname, "certs", file), "utf8");
const sshKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDFKDI4H04cv24qegY3kpmrbnASPiKTNuI/sltQnF2f6 every-kind@example";
const hostKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIH4tIbTQtdb//0+kZVZuk9t1KNZMZ+wpTW2LGmyNi4uh root@bastion";

// Access: an authtoken, an SSH key, networks, a restriction.
const agents = new ngrok.Credential("agents", {
    description: "every kind: agents",
    metadata: JSON.stringify({ team: "platform" }),
    acl: ["bind:*.every-kind.example.com"],
});
const deploy = new ngrok.SshCredential("deploy", {
    description: "every kind: deploy host",
    publicKey: sshKey,
    acl: ["bind:deploy.every-kind.example.com"],
});
const offices = new ngrok.IpPolicy("offices", {
    description: "every kind: offices",
    metadata: JSON.stringify({ owner: "platform" }),
});
new ngrok.IpPolicyRule("office-v4", {
    ipPolicyId: offices.id,
    cidr: "203.0.113.0/24",
    action: "allow",
    description: "office (IPv4)",
});
new ngrok.IpPolicyRule("vpn-v6", {
    ipPolicyId: offices.id,
    cidr: "2001:db8:1234::/48",
    action: "deny",
    description: "VPN (IPv6)",
});
new ngrok.IpRestriction("dashboard-restriction", {
    description: "every kind: dashboard from the offices",
    type: "dashboard",
    ipPolicyIds: [offices.id],
    enforced: false,
});

// Domains and certificates.
const cert = new ngrok.TlsCertificate("wildcard-cert", {
    certificatePem: certs("example-wildcard.pem") + certs("example-ca.pem"),
    privateKeyPem: certs("example-wildcard.key"),
    description: "every kind: uploaded wildcard",
});
new ngrok.ReservedDomain("shop-domain", {
    domain: "shop.example.com",
    certificateId: cert.id,
    description: "every kind: uploaded certificate",
});
new ngrok.ReservedDomain("managed-domain", {
    domain: "managed.example.com",
    region: "eu",
    certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "ecdsa" },
    description: "every kind: managed certificate",
});
const edgeDomain = new ngrok.ReservedDomain("edge-domain", { domain: "every-kind-edge.ngrok.app", description: "every kind: HTTPS edge" });
const tlsDomain = new ngrok.ReservedDomain("tls-domain", { domain: "every-kind-tls.ngrok.app", description: "every kind: TLS edge" });
const cloudDomain = new ngrok.ReservedDomain("cloud-domain", { domain: "every-kind-cloud.ngrok.app", description: "every kind: cloud endpoint" });
new ngrok.AgentIngress("ingress", {
    domain: "agents.every-kind.example.com",
    description: "every kind: agent ingress",
    certificateManagementPolicy: { authority: "letsencrypt", privateKeyType: "rsa" },
});
new ngrok.CertificateAuthority("client-ca", {
    caPem: certs("example-ca.pem"),
    description: "every kind: client CA",
});

// SSH certificates.
const sshCa = new ngrok.SshCertificateAuthority("ssh-ca", { description: "every kind: SSH CA", privateKeyType: "ed25519" });
new ngrok.SshHostCertificate("bastion", {
    sshCertificateAuthorityId: sshCa.id,
    publicKey: hostKey,
    principals: ["bastion.every-kind.example.com"],
    validUntil: "2035-01-01T00:00:00Z",
    description: "every kind: bastion",
});
new ngrok.SshUserCertificate("alice", {
    sshCertificateAuthorityId: sshCa.id,
    publicKey: sshKey,
    principals: ["alice", "deploy"],
    validUntil: "2035-01-01T00:00:00Z",
    criticalOptions: { "source-address": "203.0.113.0/24" },
    extensions: { "permit-pty": "" },
    description: "every kind: alice",
});

// Backends.
const web = new ngrok.TunnelGroupBackend("web", { description: "every kind: web servers", labels: { app: "web", env: "prod" } });
const maintenance = new ngrok.HttpResponseBackend("maintenance", {
    description: "every kind: maintenance page",
    statusCode: 503,
    body: "Down for maintenance.",
    headers: { "Content-Type": "text/plain", "Retry-After": "600" },
});
new ngrok.FailoverBackend("site", { description: "every kind: web, then maintenance", backends: [web.id, maintenance.id] });

// An HTTPS edge, its routes and every kind of route module.
const edge = new ngrok.HttpsEdge("app-edge", {
    description: "every kind: HTTPS edge",
    hostports: [pulumi.interpolate`${edgeDomain.domain}:443`],
});
const webRoute = new ngrok.HttpsEdgeRoute("web-route", {
    edge,
    matchType: "path_prefix",
    match: "/",
    description: "web UI",
});
new ngrok.HttpsEdgeRouteOidc("web-sso", {
    route: webRoute,
    issuer: "https://accounts.google.com",
    clientId: "every-kind-web",
    clientSecret: "every-kind-oidc-s3cret",
    scopes: ["openid", "email"],
    inactivityTimeout: 3600,
});
new ngrok.HttpsEdgeRouteUserAgentFilter("web-no-crawlers", {
    route: webRoute,
    deny: ["(?i)bot", "^curl/"],
});
new ngrok.HttpsEdgeRouteCircuitBreaker("web-breaker", {
    route: webRoute,
    errorThresholdPercentage: 0.5,
    volumeThreshold: 20,
    numBuckets: 10,
});
const apiRoute = new ngrok.HttpsEdgeRoute("api-route", {
    edge,
    matchType: "path_prefix",
    match: "/api",
    description: "API",
});
new ngrok.HttpsEdgeRouteJwtValidation("api-jwt", {
    route: apiRoute,
    issuer: { allowList: [{ value: "https://accounts.google.com" }] },
    audience: { allowList: [{ value: "every-kind-web" }] },
    http: { tokens: [{ type: "jwt", method: "header", name: "Authorization", prefix: "Bearer " }] },
    jws: { allowedAlgorithms: ["RS256"], keys: { sources: { additionalJkus: ["https://www.googleapis.com/oauth2/v3/certs"] } } },
});
new ngrok.HttpsEdgeRouteIpRestriction("api-offices-only", {
    route: apiRoute,
    ipPolicyIds: [offices.id],
});
const hooksRoute = new ngrok.HttpsEdgeRoute("hooks-route", {
    edge,
    matchType: "exact_path",
    match: "/hooks",
    description: "webhooks",
});
new ngrok.HttpsEdgeRouteWebhookVerification("hooks-github", {
    route: hooksRoute,
    provider: "github",
    secret: "every-kind-webhook-s3cret",
});

// A TLS edge and its modules, in a block of its own: modules name their edge `edge`, as the
// HTTPS edge's routes do.
{
    const edge = new ngrok.TlsEdge("db-edge", {
        description: "every kind: TLS edge",
        hostports: [pulumi.interpolate`${tlsDomain.domain}:443`],
    });
    new ngrok.TlsEdgeBackend("db-backend", { edge, backendId: web.id });
    new ngrok.TlsEdgeIpRestriction("db-allow-list", {
        edge,
        ipPolicyIds: [offices.id],
        enabled: true,
    });
    new ngrok.TlsEdgeTlsTermination("db-tls", {
        edge,
        terminateAt: "edge",
        minVersion: "1.2",
    });
}

// Secrets and users.
const vault = new ngrok.Vault("app-vault", { name: "every-kind-secrets", description: "every kind: vault" });
const upstreamToken = new ngrok.VaultSecret("upstream-token", {
    vaultId: vault.id,
    name: "upstream-token",
    value: "every-kind-vault-value-s3cret",
    description: "every kind: vault secret",
});
const deployer = new ngrok.ServiceUser("deployer", { name: "every-kind-deployer", active: true });
new ngrok.ApiKey("deployer-key", { description: "every kind: API key", ownerId: deployer.id });
new ngrok.TcpAddress("db-address", { description: "every kind: TCP address", region: "eu" });

// Events.
const datadog = new ngrok.EventDestination("datadog", {
    description: "every kind: to Datadog",
    target: { datadog: { apiKey: "every-kind-datadog-s3cret", ddsite: "datadoghq.com", service: "ngrok" } },
});
new ngrok.EventSubscription("ip-policies", {
    description: "every kind: IP policy changes",
    sources: [{ type: "ip_policy_created.v0" }, { type: "ip_policy_updated.v0" }],
    destinationIds: [datadog.id],
});
const audit = new ngrok.EventSubscription("audit", { description: "every kind: audit", destinationIds: [datadog.id] });
new ngrok.EventSource("audit-created", { subscriptionId: audit.id, type: "ip_policy_deleted.v0" });

// A cloud endpoint whose policy holds credentials and reads the vault secret.
new ngrok.CloudEndpoint(
    "app",
    {
        url: pulumi.interpolate`https://${cloudDomain.domain}`,
        description: "every kind: cloud endpoint",
        metadata: JSON.stringify({ app: "every-kind" }),
        trafficPolicy: {
            onHttpRequest: [
                {
                    name: "admins",
                    expressions: ["req.url.path.startsWith('/admin')"],
                    actions: [{ type: "basic-auth", config: { credentials: ["ops:every-kind-basic-s3cret"] } }],
                },
                {
                    name: "sign in",
                    expressions: ["!req.url.path.startsWith('/admin')"],
                    actions: [
                        {
                            type: "openid-connect",
                            config: { issuerUrl: "https://accounts.google.com", clientId: "every-kind-web", clientSecret: "every-kind-policy-oidc-s3cret", scopes: ["openid", "email"] },
                        },
                    ],
                },
                {
                    name: "to the upstream",
                    actions: [
                        { type: "add-headers", config: { headers: { authorization: ngrok.secretRef(vault.name, upstreamToken.name) } } },
                        { type: "forward-internal", config: { url: "https://app.internal", onError: "continue" } },
                    ],
                },
                { actions: [{ type: "custom-response", config: { statusCode: 503, body: "down" } }] },
            ],
            onHttpResponse: [{ actions: [{ type: "add-headers", config: { headers: { "strict-transport-security": "max-age=63072000" } } }] }],
        },
    },
    { parent: cloudDomain },
);

// No agent is online: the command has no session to run on.
new ngrok.AgentCommand("restart-agents", {
    sessionIds: [],
    command: "restart",
    triggers: { acl: agents.acl.apply((rules) => JSON.stringify(rules ?? [])) },
    runOnNewSessions: false,
});

export const credentialId = agents.id;
export const sshCredentialId = deploy.id;
