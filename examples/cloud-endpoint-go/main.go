// A cloud endpoint in Go: a reserved domain, the credential of the app's agents, and the endpoint
// whose Traffic Policy limits the rate per client, signs visitors in with OpenID Connect and
// forwards to the agents' internal pool, through the provider plugin `pulumi-resource-ngrok`
// (install it with `make plugin` and
// `pulumi plugin install resource ngrok <version> --file dist/plugin/...tar.gz`).
//
// Against the bundled emulator, from the repository's root (it builds and installs the plugin and
// the Go language host first):
//   make up EXAMPLE=cloud-endpoint-go SECRETS=oidcClientSecret=example-s3cret
//   make down EXAMPLE=cloud-endpoint-go
package main

import (
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"

	"github.com/pulumi-ngrok/pulumi-ngrok/sdk/go/ngrok"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// Credentials come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).
		// The OIDC client secret is a secret config value: `pulumi config set oidcClientSecret --secret`.
		cfg := config.New(ctx, "")
		// Changing `domain` replaces the reserved domain and the endpoint (a URL cannot change in
		// place); `rateLimit` and `oidcClientId` change the policy in place.
		hostname := cfg.Get("domain")
		if hostname == "" {
			hostname = "cloud-app.ngrok.app"
		}
		rateLimit := cfg.GetInt("rateLimit")
		if rateLimit == 0 {
			rateLimit = 100
		}
		clientID := cfg.Get("oidcClientId")
		if clientID == "" {
			clientID = "web-app"
		}

		domain, err := ngrok.NewReservedDomain(ctx, "app-domain", &ngrok.ReservedDomainArgs{
			Domain:      pulumi.String(hostname),
			Description: pulumi.String("The app's public hostname"),
		})
		if err != nil {
			return err
		}

		// The app's agents join the pool with
		// `ngrok http 8080 --url https://app.internal --pooling-enabled`.
		agents, err := ngrok.NewCredential(ctx, "app-agents", &ngrok.CredentialArgs{
			Description: pulumi.String("The app's agents, pooled on https://app.internal"),
			Acl:         pulumi.StringArray{pulumi.String("bind:app.internal")},
		})
		if err != nil {
			return err
		}

		// The policy in its typed form; the provider keeps the OIDC client secret out of it, in
		// `trafficPolicySecrets`, encrypted in state. YAML or JSON text as ngrok's documentation
		// writes it is accepted too.
		policy := pulumi.Map{
			"onHttpRequest": pulumi.Array{
				pulumi.Map{
					"name": pulumi.String("rate limit per client"),
					"actions": pulumi.Array{pulumi.Map{
						"type": pulumi.String("rate-limit"),
						"config": pulumi.Map{
							"name":      pulumi.String("per client IP"),
							"algorithm": pulumi.String("sliding_window"),
							"capacity":  pulumi.Int(rateLimit),
							"rate":      pulumi.String("60s"),
							"bucketKey": pulumi.StringArray{pulumi.String("conn.client_ip")},
						},
					}},
				},
				pulumi.Map{
					"name": pulumi.String("sign in with OpenID Connect"),
					"actions": pulumi.Array{pulumi.Map{
						"type": pulumi.String("openid-connect"),
						"config": pulumi.Map{
							"issuerUrl":    pulumi.String("https://accounts.google.com"),
							"clientId":     pulumi.String(clientID),
							"clientSecret": cfg.RequireSecret("oidcClientSecret"),
							"scopes":       pulumi.StringArray{pulumi.String("openid"), pulumi.String("email")},
						},
					}},
				},
				pulumi.Map{
					"name": pulumi.String("to the app's pool"),
					"actions": pulumi.Array{pulumi.Map{
						"type":   pulumi.String("forward-internal"),
						"config": pulumi.Map{"url": pulumi.String("https://app.internal")},
					}},
				},
			},
		}

		app, err := ngrok.NewCloudEndpoint(ctx, "app", &ngrok.CloudEndpointArgs{
			Url:           pulumi.Sprintf("https://%s", domain.Domain),
			Description:   pulumi.String("The app: web UI, signed in"),
			TrafficPolicy: policy,
		}, pulumi.Parent(domain))
		if err != nil {
			return err
		}

		ctx.Export("url", app.Url)
		ctx.Export("endpointId", app.ID())
		// A secret: `pulumi stack output agentAuthtoken --show-secrets` reveals it.
		ctx.Export("agentAuthtoken", agents.Token)
		return nil
	})
}
