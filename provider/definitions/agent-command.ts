/**
 * AgentCommand: runs an agent command on tunnel sessions. It is no object of the API (no binding):
 * its operations are its own (provider/agent/resource.ts); its schema drives the preview's check,
 * through the same path as every kind's, and the generated SDK class, schema and docs.
 */
import { sessionIdRule } from "../agent/commands";
import { AgentCommandHandler, commandNames, defaultWaitSeconds, settleSeconds } from "../agent/resource";
import type { OperatedDefinition } from "../contract";

export const agentCommand: OperatedDefinition = {
  name: "AgentCommand",
  description:
    "Runs an agent command on tunnel sessions: when it is created, when `command` or `triggers` change (on every " +
    "session), and when a session it has not run on appears in `sessionIds` (unless `runOnNewSessions` is false). " +
    "It never acts on refresh or destroy: destroying it only removes it from the stack. A session that is not online " +
    "when the command runs fails the run, naming the session, before any agent is acted on; a run that fails midway " +
    "leaves the resource as it was, so the next `up` runs the command again. A restart makes the agent reconnect " +
    "with a new session id: `resultSessionIds` has the new ids.",
  properties: {
    sessionIds: {
      type: { kind: "array", items: { kind: "string", refine: sessionIdRule } },
      description:
        "The tunnel sessions to run the command on (`ts_...`), e.g. the `ids` of `getTunnelSessionsOutput`. " +
        "A session changes the resource only when the command has not run on it (the new sessions a restart " +
        "leaves behind do not count as new).",
      input: { api: "sessionIds", required: true, onChange: "update", unset: "clear" },
    },
    command: {
      type: { kind: "string", enum: commandNames },
      description:
        "`restart` (rolling: each agent is back online before the next restarts; not supported on Windows), `stop`, " +
        "`update` (to the newest release of the agent's major version), or `update-restart`: update every agent, " +
        `wait \`updateWaitSeconds\` (at least ${defaultWaitSeconds} s, as the API asks; \`pulumi up\` shows a line as the wait ` +
        "starts, and `lastRunLog` records it), then restart them so that the new version runs. An update that has nothing to " +
        "do (no update available, already updating, updated and awaiting a restart) is recorded, not an error.",
      input: { api: "command", required: true, onChange: "update", unset: "clear" },
    },
    triggers: {
      type: { kind: "map", values: { kind: "string" } },
      description:
        "Any values: when one changes, the command runs again on every session, e.g. " +
        "`{ acl: credential.acl.apply((a) => JSON.stringify(a ?? [])) }`.",
      input: { api: "triggers", onChange: "update", unset: "clear" },
    },
    runOnNewSessions: {
      type: { kind: "boolean" },
      description:
        "Whether a session that appears in `sessionIds` after a run (an agent that connected since) gets the command " +
        "at the next `up` (default true). With false, the command runs only at creation and when `command` or " +
        "`triggers` change.",
      input: { api: "runOnNewSessions", onChange: "update", unset: "computed" },
    },
    updateWaitSeconds: {
      type: { kind: "integer", min: defaultWaitSeconds, max: 3600 },
      description:
        `For \`update-restart\`: seconds between the last update and the first restart (default and minimum ${defaultWaitSeconds}, ` +
        "the API's documented minimum). Changing it runs nothing.",
      input: { api: "updateWaitSeconds", onChange: "update", unset: "computed" },
    },
    resultSessionIds: {
      type: { kind: "array", items: { kind: "string" } },
      present: true,
      description:
        "The sessions the command left online: the new session ids after `restart` and `update-restart`, the same " +
        `ids after \`update\`, none after \`stop\`. A restarted agent that had not reconnected after ${settleSeconds} s is missing.`,
    },
    lastRunAt: { type: { kind: "string" }, description: "When the command last ran (RFC 3339); absent until it ran on a session." },
    lastRunLog: {
      type: { kind: "array", items: { kind: "string" } },
      description: "What the last run did, a line per step: each session's outcome, its new session id, the wait between update and restart.",
    },
  },
  example: `const agents = new ngrok.Credential("agents", { acl: ["bind:*.example.com"] });
const sessions = ngrok.getTunnelSessionsOutput({ credentialId: agents.id });
// Restart the credential's agents when its ACL changes, so that they bind under the new rules.
const restart = new ngrok.AgentCommand("restart-on-acl-change", {
    sessionIds: sessions.ids,
    command: "restart",
    triggers: { acl: agents.acl.apply((acl) => JSON.stringify(acl ?? [])) },
    runOnNewSessions: false,
});
export const agentSessions = restart.resultSessionIds;`,
  operations: (ctx) => new AgentCommandHandler(agentCommand, ctx),
};
