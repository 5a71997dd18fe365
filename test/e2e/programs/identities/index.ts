// A cloud endpoint behind Google sign-in, and who signed in to it: its sessions, the users who
// signed in with Google, and one user by email (stack config `email`, once someone has signed in).
import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

const config = new pulumi.Config();

const domain = new ngrok.ReservedDomain("domain", { domain: "team.identities.example.com" });
const app = new ngrok.CloudEndpoint("app", {
    url: pulumi.interpolate`https://${domain.domain}`,
    trafficPolicy: {
        onHttpRequest: [
            { actions: [{ type: "oauth", config: { provider: "google" } }] },
            { actions: [{ type: "custom-response", config: { statusCode: 200, body: "hello ${actions.ngrok.oauth.identity.email}" } }] },
        ],
    },
});

const sessions = ngrok.getApplicationSessionsOutput({ endpointId: app.id });
export const sessionUserIds = sessions.applicationSessions.apply((ss) => ss.map((s) => s.applicationUser?.id ?? "").sort());
export const googleEmails = ngrok.getApplicationUsersOutput({ identityProvider: "google" }, { dependsOn: [app] }).applicationUsers.apply((us) => us.map((u) => u.email ?? "").sort());
const email = config.get("email");
export const userId = email === undefined ? undefined : ngrok.getApplicationUserOutput({ email }).id;
