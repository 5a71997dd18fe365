// The quickstart in Go: a reserved domain and an agent credential that may only bind it, through
// the provider plugin `pulumi-resource-ngrok` (install it with `make plugin` and
// `pulumi plugin install resource ngrok <version> --file dist/plugin/...tar.gz`).
//
// Against the bundled emulator, from the repository's root (it builds and installs the plugin and
// the Go language host first):
//   make up EXAMPLE=quickstart-go
//   make down EXAMPLE=quickstart-go
package main

import (
	"encoding/json"
	"fmt"

	"github.com/pulumi-ngrok/pulumi-ngrok/sdk/go/ngrok"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		// Credentials come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).
		cfg := config.New(ctx, "")
		// Changing `domain` replaces the reserved domain; changing `description` updates it in place.
		domainName := cfg.Get("domain")
		if domainName == "" {
			domainName = "quickstart.ngrok.app"
		}
		description := cfg.Get("description")
		if description == "" {
			description = "Quickstart: the app's public hostname"
		}
		metadata, err := json.Marshal(map[string]string{"owner": "platform-team"})
		if err != nil {
			return err
		}

		domain, err := ngrok.NewReservedDomain(ctx, "app", &ngrok.ReservedDomainArgs{
			Domain:      pulumi.String(domainName),
			Description: pulumi.String(description),
			Metadata:    pulumi.String(string(metadata)),
		})
		if err != nil {
			return err
		}

		// An agent credential that may only bind the reserved domain.
		agent, err := ngrok.NewCredential(ctx, "agent", &ngrok.CredentialArgs{
			Description: domain.Domain.ApplyT(func(d string) string { return fmt.Sprintf("Agent serving %s", d) }).(pulumi.StringOutput),
			Acl:         pulumi.StringArray{domain.Domain.ApplyT(func(d string) string { return "bind:" + d }).(pulumi.StringOutput)},
		})
		if err != nil {
			return err
		}

		ctx.Export("domainId", domain.ID())
		ctx.Export("hostname", domain.Domain)
		ctx.Export("credentialId", agent.ID())
		// A secret: `pulumi stack output authtoken --show-secrets` reveals it.
		ctx.Export("authtoken", agent.Token)
		return nil
	})
}
