import { routeModule } from "./edge-common";
import { providersWithoutSecret, webhookProviders } from "./webhook-providers";

export const httpsEdgeRouteWebhookVerification = routeModule({
  name: "HttpsEdgeRouteWebhookVerification",
  module: "webhook_verification",
  description: "Webhook verification of a route: only requests signed by the webhook provider reach the upstream.",
  properties: {
    provider: {
      type: { kind: "string", enum: webhookProviders },
      description: "The webhook provider that sends to this route, such as `github`, `stripe` or `sns`.",
      input: { api: "", required: true, onChange: "update", unset: "clear" },
    },
    secret: {
      type: { kind: "string" },
      secret: true,
      description:
        "The secret that validates the provider's requests; required for every provider except `sns`. Kept encrypted in state; " +
        "never shown in previews, diffs or errors.",
      input: { api: "", onChange: "update", unset: "clear" },
    },
  },
  rules: [
    {
      properties: ["secret"],
      summary: "`secret` is required for every `provider` except `sns`.",
      violated: (inputs) =>
        // Only a known provider can be judged (an unknown value at preview is not in the list).
        isProvider(inputs.provider) && !providersWithoutSecret.includes(inputs.provider) && (typeof inputs.secret !== "string" || inputs.secret === "")
          ? "secret is required for this provider (only sns needs none)"
          : undefined,
    },
  ],
  example: `const verify = new ngrok.HttpsEdgeRouteWebhookVerification("github", {
    route,
    provider: "github",
    secret: config.requireSecret("githubWebhookSecret"),
});`,
});

function isProvider(value: unknown): value is string {
  return typeof value === "string" && (webhookProviders as readonly string[]).includes(value);
}
