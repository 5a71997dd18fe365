// A public cloud endpoint that sends the upstream a token from a vault, named with ngrok.secretRef,
// and the internal service it forwards to, which answers a digest of the Authorization header it
// received (never the header itself). `upstreamToken` (a secret config) rotates the secret in place.
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();

const domain = new ngrok.ReservedDomain("domain", { domain: "secret-ref.ngrok.app" });
const vault = new ngrok.Vault("vault", { name: "app-secrets" });
const token = new ngrok.VaultSecret("token", { vaultId: vault.id, name: "upstream-token", value: config.requireSecret("upstreamToken") });

const api = new ngrok.CloudEndpoint("api", {
    url: "https://api.internal",
    trafficPolicy: {
        onHttpRequest: [{ actions: [{ type: "custom-response", config: { statusCode: 200, body: "${hash.sha256(req.headers['authorization'][0])}" } }] }],
    },
});

const app = new ngrok.CloudEndpoint(
    "app",
    {
        url: pulumi.interpolate`https://${domain.domain}`,
        trafficPolicy: {
            onHttpRequest: [
                {
                    actions: [
                        { type: "add-headers", config: { headers: { authorization: pulumi.interpolate`Bearer ${ngrok.secretRef(vault.name, token.name)}` } } },
                        { type: "forward-internal", config: { url: api.url } },
                    ],
                },
            ],
        },
    },
    // The policy names the secret; it must exist before a request reaches the endpoint.
    { dependsOn: [token] },
);

export const url = app.url;
