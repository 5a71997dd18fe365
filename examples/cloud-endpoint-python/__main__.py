# A cloud endpoint in Python: a reserved domain, a vault holding the upstream's token, and the
# endpoint whose Traffic Policy limits the rate per client, puts `/admin` behind a login, adds the
# token from the vault to every request and forwards to the agents' internal pool, through the
# provider plugin `pulumi-resource-ngrok` and its Python SDK `pulumi-ngrok`. A lookup reads the vault
# back by its name.
#
# The policy is typed by the SDK's `TrafficPolicyArgsDict` and written as ngrok's documentation writes
# it (`on_http_request`, `status_code`). The login is a secret config value: the provider keeps it
# out of the policy's plain form, encrypted in state. The token never enters the policy:
# `ngrok.secret_ref` names it in the vault, and ngrok reads it when a request arrives.
#
# Config: `adminLogin` ("user:password", required, secret), `upstreamToken` (required, secret);
# optional: `domain` (default cloud-app.ngrok.app), `rateLimit` (requests a minute per client,
# default 100). Credentials come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY /
# NGROK_API_BASE_URL).
#
# Against the bundled emulator, from the repository's root:
#   make up EXAMPLE=cloud-endpoint-python SECRETS="adminLogin=admin:s3cret upstreamToken=t0ken"
#   make down EXAMPLE=cloud-endpoint-python

import pulumi
import pulumi_ngrok as ngrok

config = pulumi.Config()
# Changing `domain` replaces the reserved domain and the endpoint (a URL cannot change in place);
# `rateLimit`, the login and the token change in place.
hostname = config.get("domain") or "cloud-app.ngrok.app"
rate_limit = config.get_int("rateLimit") or 100

domain = ngrok.ReservedDomain("app-domain", domain=hostname, description="The app's public hostname")

vault = ngrok.Vault("app-secrets", name="app-secrets", description="Secrets the app's policy reads")
# A new token is a rotation in place: `preview --diff` shows `~ value: [secret] => [secret]`.
token = ngrok.VaultSecret(
    "upstream-token",
    vault_id=vault.id,
    name="upstream-token",
    value=config.require_secret("upstreamToken"),
)

policy: ngrok.TrafficPolicyArgsDict = {
    "on_http_request": [
        {
            "name": "rate limit per client",
            "actions": [
                {
                    "type": "rate-limit",
                    "config": {
                        "name": "per client IP",
                        "algorithm": "sliding_window",
                        "capacity": rate_limit,
                        "rate": "60s",
                        "bucket_key": ["conn.client_ip"],
                    },
                }
            ],
        },
        {
            "name": "admin behind a login",
            "expressions": ["req.url.path.startsWith('/admin')"],
            "actions": [{"type": "basic-auth", "config": {"credentials": [config.require_secret("adminLogin")]}}],
        },
        {
            "name": "the upstream's token, from the vault",
            "actions": [
                {
                    "type": "add-headers",
                    "config": {"headers": {"authorization": ngrok.secret_ref(vault.name, token.name).apply(lambda ref: f"Bearer {ref}")}},
                }
            ],
        },
        {
            "name": "to the app's pool",
            "actions": [{"type": "forward-internal", "config": {"url": "https://app.internal", "on_error": "continue"}}],
        },
        {
            "name": "maintenance page",
            "actions": [{"type": "custom-response", "config": {"status_code": 503, "body": "Back soon."}}],
        },
    ],
}
app = ngrok.CloudEndpoint(
    "app",
    url=domain.domain.apply(lambda d: f"https://{d}"),
    description="The app: web UI and API",
    traffic_policy=policy,
    opts=pulumi.ResourceOptions(depends_on=[token]),
)

# The agents join the pool with `ngrok http 8080 --url https://app.internal --pooling-enabled`.
agents = ngrok.Credential("app-agents", description="The app's agents, pooled on https://app.internal", acl=["bind:app.internal"])

found = ngrok.get_vault_output(name=vault.name)

pulumi.export("url", app.url)
pulumi.export("endpointId", app.id)
pulumi.export("vaultId", found.id)
# A secret: `pulumi stack output agentAuthtoken --show-secrets` reveals it.
pulumi.export("agentAuthtoken", agents.token)
