// Generated from provider/definitions by `make generate`. Do not edit.
import * as pulumi from "@pulumi/pulumi";
import { NgrokResource } from "./door";

/** The arguments of an {@link AgentCommand}. */
export interface AgentCommandArgs {
  /** The tunnel sessions to run the command on (`ts_...`), e.g. the `ids` of `getTunnelSessionsOutput`. A session changes the resource only when the command has not run on it (the new sessions a restart leaves behind do not count as new). */
  sessionIds: pulumi.Input<pulumi.Input<string>[]>;
  /** `restart` (rolling: each agent is back online before the next restarts; not supported on Windows), `stop`, `update` (to the newest release of the agent's major version), or `update-restart`: update every agent, wait `updateWaitSeconds` (at least 10 s, as the API asks; `pulumi up` shows a line as the wait starts, and `lastRunLog` records it), then restart them so that the new version runs. An update that has nothing to do (no update available, already updating, updated and awaiting a restart) is recorded, not an error. */
  command: pulumi.Input<"restart" | "stop" | "update" | "update-restart">;
  /** Any values: when one changes, the command runs again on every session, e.g. `{ acl: credential.acl.apply((a) => JSON.stringify(a ?? [])) }`. */
  triggers?: pulumi.Input<{ [key: string]: pulumi.Input<string> }>;
  /** Whether a session that appears in `sessionIds` after a run (an agent that connected since) gets the command at the next `up` (default true). With false, the command runs only at creation and when `command` or `triggers` change. */
  runOnNewSessions?: pulumi.Input<boolean>;
  /** For `update-restart`: seconds between the last update and the first restart (default and minimum 10, the API's documented minimum). Changing it runs nothing. */
  updateWaitSeconds?: pulumi.Input<number>;
}

/**
 * Runs an agent command on tunnel sessions: when it is created, when `command` or `triggers` change (on every session), and when a session it has not run on appears in `sessionIds` (unless `runOnNewSessions` is false). It never acts on refresh or destroy: destroying it only removes it from the stack. A session that is not online when the command runs fails the run, naming the session, before any agent is acted on; a run that fails midway leaves the resource as it was, so the next `up` runs the command again. A restart makes the agent reconnect with a new session id: `resultSessionIds` has the new ids.
 *
 * @example
 * ```typescript
 * import * as ngrok from "pulumi-ngrok";
 *
 * const agents = new ngrok.Credential("agents", { acl: ["bind:*.example.com"] });
 * const sessions = ngrok.getTunnelSessionsOutput({ credentialId: agents.id });
 * // Restart the credential's agents when its ACL changes, so that they bind under the new rules.
 * const restart = new ngrok.AgentCommand("restart-on-acl-change", {
 *     sessionIds: sessions.ids,
 *     command: "restart",
 *     triggers: { acl: agents.acl.apply((acl) => JSON.stringify(acl ?? [])) },
 *     runOnNewSessions: false,
 * });
 * export const agentSessions = restart.resultSessionIds;
 * ```
 */
export class AgentCommand extends NgrokResource {
  /** The tunnel sessions to run the command on (`ts_...`), e.g. the `ids` of `getTunnelSessionsOutput`. A session changes the resource only when the command has not run on it (the new sessions a restart leaves behind do not count as new). */
  declare public readonly sessionIds: pulumi.Output<string[]>;
  /** `restart` (rolling: each agent is back online before the next restarts; not supported on Windows), `stop`, `update` (to the newest release of the agent's major version), or `update-restart`: update every agent, wait `updateWaitSeconds` (at least 10 s, as the API asks; `pulumi up` shows a line as the wait starts, and `lastRunLog` records it), then restart them so that the new version runs. An update that has nothing to do (no update available, already updating, updated and awaiting a restart) is recorded, not an error. */
  declare public readonly command: pulumi.Output<"restart" | "stop" | "update" | "update-restart">;
  /** Any values: when one changes, the command runs again on every session, e.g. `{ acl: credential.acl.apply((a) => JSON.stringify(a ?? [])) }`. */
  declare public readonly triggers: pulumi.Output<{ [key: string]: string } | undefined>;
  /** Whether a session that appears in `sessionIds` after a run (an agent that connected since) gets the command at the next `up` (default true). With false, the command runs only at creation and when `command` or `triggers` change. */
  declare public readonly runOnNewSessions: pulumi.Output<boolean | undefined>;
  /** For `update-restart`: seconds between the last update and the first restart (default and minimum 10, the API's documented minimum). Changing it runs nothing. */
  declare public readonly updateWaitSeconds: pulumi.Output<number | undefined>;
  /** The sessions the command left online: the new session ids after `restart` and `update-restart`, the same ids after `update`, none after `stop`. A restarted agent that had not reconnected after 60 s is missing. */
  declare public readonly resultSessionIds: pulumi.Output<string[]>;
  /** When the command last ran (RFC 3339); absent until it ran on a session. */
  declare public readonly lastRunAt: pulumi.Output<string | undefined>;
  /** What the last run did, a line per step: each session's outcome, its new session id, the wait between update and restart. */
  declare public readonly lastRunLog: pulumi.Output<string[] | undefined>;

  constructor(name: string, args: AgentCommandArgs, opts?: pulumi.CustomResourceOptions) {
    const props = Object.assign(
      {
        sessionIds: undefined,
        command: undefined,
        triggers: undefined,
        runOnNewSessions: undefined,
        updateWaitSeconds: undefined,
        resultSessionIds: undefined,
        lastRunAt: undefined,
        lastRunLog: undefined,
      },
      args,
    );
    super("AgentCommand", name, props, opts);
  }
}
