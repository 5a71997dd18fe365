import * as pulumi from "@pulumi/pulumi";
import * as ngrok from "pulumi-ngrok";

// Against the bundled emulator, from the repository's root:
//   make up EXAMPLE=agents
//   make down EXAMPLE=agents
// Credentials come from `ngrok:apiKey` / `ngrok:apiBaseUrl` (or NGROK_API_KEY / NGROK_API_BASE_URL).
const config = new pulumi.Config();
// `acl`: a JSON list of ACL rules; changing it restarts the credential's agents.
const acl = config.getObject<string[]>("acl") ?? ["bind:*.agents.example.com"];
// `command`: `restart`, or `update-restart` to also update the agents (10 s apart, as the API asks).
const command = config.get("command", { allowedValues: ["restart", "update-restart"] }) ?? "restart";

// The credential the fleet's agents connect with (`authtoken` below).
const fleet = new ngrok.Credential("fleet", {
    description: "Agents of the example fleet",
    acl,
});

// The agents online with it, read at every preview and update (none until one connects).
const sessions = ngrok.getTunnelSessionsOutput({ credentialId: fleet.id });

// An agent keeps the rules it connected with: restart the agents when the ACL changes. Agents that
// connect later already have the new rules, so a new session alone runs nothing.
const restart = new ngrok.AgentCommand("restart-on-acl-change", {
    sessionIds: sessions.ids,
    command: command as "restart" | "update-restart",
    triggers: { acl: fleet.acl.apply((rules) => JSON.stringify(rules ?? [])) },
    runOnNewSessions: false,
});

export const credentialId = fleet.id;
// A secret: `pulumi stack output authtoken --show-secrets` reveals it.
export const authtoken = fleet.token;
// The sessions the agents reconnected with after the last restart, and what that run did.
export const restartedSessionIds = restart.resultSessionIds;
export const lastRunLog = restart.lastRunLog;
