// The README's kind of program, in a fresh directory outside the repository, for
// test/e2e/install.test.ts: installed from a registry as a user installs it. The test points the
// import at the door it checks (pulumi-ngrok, or the plugin's package pulumi-ngrok-plugin).
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();
const domain = new ngrok.ReservedDomain("app", { domain: config.require("domain") });

const app = new ngrok.CloudEndpoint("app", {
  url: pulumi.interpolate`https://${domain.domain}`,
  trafficPolicy: {
    onHttpRequest: [{ name: "answer", actions: [{ type: "custom-response", config: { statusCode: 200, body: "Installed." } }] }],
  },
});

export const url = app.url;
