import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

// Against the bundled emulator, from the repository's root:
//   make up EXAMPLE=events
//   make down EXAMPLE=events
// Credentials come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).
const config = new pulumi.Config();
// Set the real key with `pulumi config set --secret datadogApiKey ...`. Even the placeholder is
// stored encrypted: the provider makes the whole target a secret.
const datadogApiKey = config.getSecret("datadogApiKey") ?? "placeholder-datadog-api-key";
// Changing `datadogSite` updates the destination's target in place.
const datadogSite = config.get("datadogSite") ?? "datadoghq.com";
// Changing `auditType` replaces the EventSource of that type.
const auditType = config.get("auditType") ?? "ip_policy_deleted.v0";

const datadog = new ngrok.EventDestination("datadog", {
    description: "Account events to Datadog",
    target: { datadog: { apiKey: datadogApiKey, ddsite: datadogSite, service: "ngrok" } },
});

// A subscription that owns its event types: the program lists them all, in any order.
const policies = new ngrok.EventSubscription("ip-policies", {
    description: "IP policy changes",
    sources: [{ type: "ip_policy_created.v0" }, { type: "ip_policy_updated.v0" }],
    destinationIds: [datadog.id],
});

// A subscription whose types are EventSource resources: it leaves `sources` unset, so it never
// undoes them (and an EventSource naming `policies` would fail at preview).
const audit = new ngrok.EventSubscription("audit", {
    description: "Audit trail",
    destinationIds: [datadog.id],
});
const created = new ngrok.EventSource("audit-created", { subscriptionId: audit.id, type: "ip_policy_created.v0" });
const extra = new ngrok.EventSource("audit-extra", { subscriptionId: audit.id, type: auditType });

export const destinationId = datadog.id;
export const policiesSubscriptionId = policies.id;
export const auditSubscriptionId = audit.id;
export const auditSources = [created.id, extra.id];
