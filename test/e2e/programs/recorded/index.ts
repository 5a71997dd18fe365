// Lookups of what ngrok records by itself, beside the program's own endpoints:
// - the Kubernetes operators of the cluster `east`, and the endpoints bound to it (the program's
//   `bound` endpoint, once an operator with the Bindings feature has registered);
// - who signed in to the `app` endpoint through its Google sign-in: its sessions, the users who
//   signed in with Google, and one user by email (stack config `email`, once they have).
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();

const [appDomain, boundDomain] = ["team", "k8s"].map((name) => new ngrok.ReservedDomain(name, { domain: `${name}.recorded.example.com` }));
const app = new ngrok.CloudEndpoint("app", {
    url: pulumi.interpolate`https://${appDomain!.domain}`,
    trafficPolicy: {
        onHttpRequest: [
            { actions: [{ type: "oauth", config: { provider: "google" } }] },
            { actions: [{ type: "custom-response", config: { statusCode: 200, body: "hello ${actions.ngrok.oauth.identity.email}" } }] },
        ],
    },
});
const bound = new ngrok.CloudEndpoint("bound", {
    url: pulumi.interpolate`https://${boundDomain!.domain}`,
    bindings: ["kubernetes"],
    trafficPolicy: { onHttpRequest: [{ actions: [{ type: "custom-response", config: { statusCode: 200, body: "from the cluster" } }] }] },
});

const east = ngrok.getKubernetesOperatorsOutput({ clusterName: "east" });
export const eastOperatorIds = east.ids;
export const eastBoundUrls = pulumi
    .all([east.ids, bound.id])
    .apply(([ids]) => (ids.length === 0 ? [] : ngrok.getKubernetesOperatorBoundEndpoints({ id: ids[0]! }).then((b) => b.endpoints.map((e) => e.url))));

const sessions = ngrok.getApplicationSessionsOutput({ endpointId: app.id });
export const sessionUserIds = sessions.applicationSessions.apply((ss) => ss.map((s) => s.applicationUser?.id ?? "").sort());
export const googleEmails = ngrok.getApplicationUsersOutput({ identityProvider: "google" }, { dependsOn: [app] }).applicationUsers.apply((us) => us.map((u) => u.email ?? "").sort());
const email = config.get("email");
export const userId = email === undefined ? undefined : ngrok.getApplicationUserOutput({ email }).id;
