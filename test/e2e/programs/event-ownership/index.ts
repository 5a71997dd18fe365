// A subscription and an EventSource naming it. Stack config `mode`: "both" also sets the
// subscription's `sources` (a conflict the provider refuses), "separate" leaves them to EventSources.
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const mode = new pulumi.Config().require("mode");
if (mode !== "both" && mode !== "separate") throw new Error(`unknown mode "${mode}" (both or separate)`);

const subscription = new ngrok.EventSubscription("sub", {
    description: "ownership test",
    ...(mode === "both" ? { sources: [{ type: "ip_policy_created.v0" }] } : {}),
});
new ngrok.EventSource("extra", { subscriptionId: subscription.id, type: "ip_policy_updated.v0" });
