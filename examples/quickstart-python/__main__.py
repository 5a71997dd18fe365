# An app online, in Python: a reserved domain and a cloud endpoint on it whose Traffic Policy
# limits each client's rate, sends `/api` to an internal endpoint and answers everything else itself,
# through the provider plugin `pulumi-resource-ngrok` and its Python SDK `pulumi-ngrok`.
#
# The policy is written as ngrok's documentation writes it (`on_http_request`, `status_code`), typed
# by the SDK's `TrafficPolicyArgsDict`.
#
# Against the bundled emulator, from the repository's root (it builds and installs the plugin, the
# Python language host and a virtual environment with the SDK first):
#   make up EXAMPLE=quickstart-python
#   make down EXAMPLE=quickstart-python
#
# Config (all optional): `domain` (default quickstart.ngrok.app), `description`, `rateLimit`
# (requests a minute per client, default 5). Credentials come from `ngrok:apiKey` /
# `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).

import json

import pulumi
import pulumi_ngrok as ngrok

config = pulumi.Config()
# Changing `domain` replaces the reserved domain and the endpoint on it (a URL cannot change in
# place); `description` and `rateLimit` change in place.
domain_name = config.get("domain") or "quickstart.ngrok.app"
description = config.get("description") or "Quickstart: the app's public hostname"
rate_limit = config.get_int("rateLimit") or 5

domain = ngrok.ReservedDomain(
    "app",
    domain=domain_name,
    description=description,
    metadata=json.dumps({"owner": "platform-team"}),
)

# The API, on an internal URL: only other endpoints' policies reach it (`forward-internal`). Here
# its own policy answers; in production the API's agents would serve it instead
# (`ngrok http 8080 --url https://api.internal`).
api_policy: ngrok.TrafficPolicyArgsDict = {
    "on_http_request": [
        {
            "actions": [
                {
                    "type": "custom-response",
                    "config": {
                        "status_code": 200,
                        "headers": {"content-type": "application/json"},
                        "body": '{"service":"api","path":"${req.url.path}"}',
                    },
                }
            ],
        }
    ],
}
api = ngrok.CloudEndpoint("api", url="https://api.internal", description="The app's API", traffic_policy=api_policy)

# The public endpoint: its policy is the whole app.
web_policy: ngrok.TrafficPolicyArgsDict = {
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
            "name": "the API",
            "expressions": ["req.url.path.startsWith('/api')"],
            "actions": [{"type": "forward-internal", "config": {"url": api.url}}],
        },
        {
            "name": "everything else",
            "actions": [
                {
                    "type": "custom-response",
                    "config": {
                        "status_code": 200,
                        "headers": {"content-type": "text/plain"},
                        "body": "Hello from ${req.host}, answered by its Traffic Policy.\n",
                    },
                }
            ],
        },
    ],
}
web = ngrok.CloudEndpoint(
    "web",
    url=domain.domain.apply(lambda d: f"https://{d}"),
    description="The app",
    traffic_policy=web_policy,
)

# An agent credential that may only bind the reserved domain.
agent = ngrok.Credential(
    "agent",
    description=domain.domain.apply(lambda d: f"Agent serving {d}"),
    acl=[domain.domain.apply(lambda d: f"bind:{d}")],
)

pulumi.export("domainId", domain.id)
pulumi.export("hostname", domain.domain)
pulumi.export("url", web.url)
pulumi.export("apiUrl", api.url)
pulumi.export("credentialId", agent.id)
# A secret: `pulumi stack output authtoken --show-secrets` reveals it.
pulumi.export("authtoken", agent.token)
