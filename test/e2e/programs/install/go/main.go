// A Go program in a fresh directory outside the repository, for test/e2e/install.test.ts: its SDK
// comes by its module path from a module proxy, its plugin by Pulumi's own download.
package main

import (
	"github.com/pulumi-ngrok/pulumi-ngrok/sdk/go/ngrok"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi/config"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		cfg := config.New(ctx, "")
		domain, err := ngrok.NewReservedDomain(ctx, "app", &ngrok.ReservedDomainArgs{
			Domain: pulumi.String(cfg.Require("domain")),
		})
		if err != nil {
			return err
		}
		app, err := ngrok.NewCloudEndpoint(ctx, "app", &ngrok.CloudEndpointArgs{
			Url: pulumi.Sprintf("https://%s", domain.Domain),
			TrafficPolicy: pulumi.Map{
				"onHttpRequest": pulumi.Array{pulumi.Map{
					"name": pulumi.String("answer"),
					"actions": pulumi.Array{pulumi.Map{
						"type":   pulumi.String("custom-response"),
						"config": pulumi.Map{"statusCode": pulumi.Int(200), "body": pulumi.String("Installed.")},
					}},
				}},
			},
		})
		if err != nil {
			return err
		}
		ctx.Export("url", app.Url)
		return nil
	})
}
