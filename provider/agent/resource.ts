/**
 * The AgentCommand resource: runs an agent command (restart, stop, update, or update then restart)
 * on tunnel sessions when it is created and when its command or triggers change, like a
 * `triggers`-driven command of Pulumi's command provider. It never acts on refresh or destroy:
 * read returns the stored state and delete only forgets it. Its definition is a schema with no
 * binding (it is no REST object): it drives the preview's check, through the same path as every
 * kind's, and the generated SDK class, schema and docs.
 */
import { randomUUID } from "crypto";
import type { ApiClient } from "../client/http";
import type { Props, ResourceDefinition } from "../definitions/types";
import { checkProgram, type CheckResult } from "../engine/check";
import type { CreateResult, DetailedDiff, DiffResult, ReadResult, UpdateResult } from "../engine/handler";
import { containsUnknown, inputProperties } from "../engine/values";
import { sessionIdRule } from "../functions/agent";
import { systemClock, type Clock } from "../../clock";
import { AgentCommands, defaultSettleTimeoutMs, minUpdateWaitMs } from "./commands";
import { AgentCommandError, type AgentCommandName, type AgentCommandRefusal } from "./errors";

export const agentCommandKind = "AgentCommand";
export const commandNames = ["restart", "stop", "update", "update-restart"] as const;
export type CommandName = (typeof commandNames)[number];

const defaultWaitSeconds = minUpdateWaitMs / 1000;
const settleSeconds = defaultSettleTimeoutMs / 1000;

export const agentCommand: ResourceDefinition = {
  name: agentCommandKind,
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
};

/** Outcomes of API refusals that leave an update with nothing to do: recorded, not failed. */
const nothingToUpdate: ReadonlySet<AgentCommandRefusal> = new Set(["no-update-available", "already-updating", "updated-awaiting-restart"]);

interface Run {
  /** The sessions the run left online. */
  resultIds: string[];
  log: string[];
  /** When the run finished; absent when it had no session. */
  at?: string;
}

interface Plan {
  changes: boolean;
  /** Every session, or only those not run on yet. */
  targets: "all" | string[];
}

/** The dynamic-provider operations of AgentCommand (same shapes as ResourceHandler's). */
export class AgentCommandHandler {
  readonly def = agentCommand;

  constructor(
    private readonly client: () => ApiClient,
    private readonly clock: Clock = systemClock,
    /**
     * Lines the user should see. The dynamic-provider host offers no log call, but the engine
     * shows what a provider writes to stderr: `pulumi up` prints it as it happens.
     */
    private readonly report: (line: string) => void = (line) => void process.stderr.write(`${line}\n`),
  ) {}

  check(_olds: Props, news: Props): Promise<CheckResult> {
    return checkProgram(agentCommand, news);
  }

  async diff(id: string, olds: Props, news: Props): Promise<DiffResult> {
    const { changed: _changed, ...diff } = await this.detailedDiff(id, olds, news);
    return diff;
  }

  async detailedDiff(_id: string, olds: Props, news: Props): Promise<DetailedDiff> {
    const changes = plan(olds, news).changes;
    // What made the command due: its own inputs that differ (the sessions, when only new ones appeared).
    const changed = changes ? inputProperties(agentCommand).map(([n]) => n).filter((n) => JSON.stringify(olds[n]) !== JSON.stringify(news[n])) : [];
    return { changes, changed, replaces: [], deleteBeforeReplace: false };
  }

  async create(inputs: Props): Promise<CreateResult> {
    const targets = strings(inputs.sessionIds);
    const run = await this.run(inputs, targets);
    return { id: `agentcmd_${randomUUID().replace(/-/g, "")}`, outs: outputs(inputs, run.resultIds, run, {}) };
  }

  /** The stored state: nothing is read from the API, so a refresh never acts nor drifts. */
  async read(id: string, props: Props = {}): Promise<ReadResult> {
    return { id, props };
  }

  async update(_id: string, olds: Props, news: Props): Promise<UpdateResult> {
    const { targets } = plan(olds, news);
    const sessions = strings(news.sessionIds);
    const chosen = targets === "all" ? sessions : targets;
    const run = await this.run(news, chosen);
    // Sessions not run on this time keep their earlier result, while they are still targeted.
    const kept = targets === "all" ? [] : strings(olds.resultSessionIds).filter((id) => sessions.includes(id));
    return { outs: outputs(news, [...kept, ...run.resultIds], run, olds) };
  }

  /** Removing an AgentCommand never touches an agent. */
  async delete(_id: string): Promise<void> {}

  private async run(inputs: Props, targets: string[]): Promise<Run> {
    if (targets.length === 0) return { resultIds: [], log: [] };
    const command = inputs.command as CommandName;
    const waitMs = (typeof inputs.updateWaitSeconds === "number" ? inputs.updateWaitSeconds : defaultWaitSeconds) * 1000;
    const agents = new AgentCommands(this.client(), this.clock);
    const log: string[] = [];
    const say = (line: string): void => {
      log.push(line);
      this.report(`ngrok AgentCommand: ${line}`);
    };
    const finish = (resultIds: string[]): Run => ({ resultIds, log, at: rfc3339(this.clock.now()) });

    // Every session must be online before any agent is acted on.
    const first: AgentCommandName = command === "update-restart" ? "update" : command;
    for (const id of targets) await agents.session(id, first);

    if (command === "stop") {
      const online: string[] = [];
      for (const id of targets) {
        const { offline } = await agents.stop(id);
        if (offline) say(`stop ${id}: the agent stopped`);
        else {
          online.push(id);
          say(`stop ${id}: sent, but the session was still online after ${settleSeconds} s`);
        }
      }
      return finish(online);
    }

    if (command === "update" || command === "update-restart") {
      let runningSince: number | undefined;
      for (const id of targets) {
        try {
          const { acceptedAt } = await agents.update(id);
          runningSince = acceptedAt;
          say(`update ${id}: started`);
        } catch (err) {
          if (!(err instanceof AgentCommandError) || !nothingToUpdate.has(err.reason)) throw err;
          // An update already running needs its time too, from now on at the latest.
          if (err.reason === "already-updating") runningSince = this.clock.now();
          say(`update ${id}: nothing to do (${err.reason})`);
        }
      }
      if (command === "update") return finish(targets);
      if (runningSince !== undefined) {
        const remaining = Math.max(0, runningSince + waitMs - this.clock.now());
        say(
          `waiting ${Math.ceil(remaining / 1000)} s for the update to finish before restarting ` +
            `(the API asks for at least ${defaultWaitSeconds} s between an update and a restart)`,
        );
        await this.clock.sleep(remaining);
      }
    }

    // Rolling: each agent is back online before the next one restarts.
    const resultIds: string[] = [];
    for (const id of targets) {
      const outcome = await agents.restart(id);
      if (outcome.newSessionId) {
        resultIds.push(outcome.newSessionId);
        say(`restart ${id}: the agent reconnected as ${outcome.newSessionId} (version ${outcome.agentVersion ?? "unknown"})`);
      } else {
        say(`restart ${id}: sent, but the agent had not reconnected after ${settleSeconds} s`);
      }
    }
    return finish(resultIds);
  }
}

const runInputs = ["command", "triggers", "sessionIds", "runOnNewSessions", "updateWaitSeconds"] as const;

/** Whether the program's inputs call for a run, and on which sessions. `olds` are the last outputs. */
function plan(olds: Props, news: Props): Plan {
  if (runInputs.some((k) => containsUnknown(news[k]))) return { changes: true, targets: "all" };
  if (news.command !== olds.command || !sameMap(olds.triggers, news.triggers)) return { changes: true, targets: "all" };
  const runOnNew = news.runOnNewSessions !== false;
  const done = new Set(strings(olds.resultSessionIds));
  const fresh = runOnNew ? strings(news.sessionIds).filter((id) => !done.has(id)) : [];
  const settings =
    (olds.runOnNewSessions !== false) !== runOnNew ||
    (olds.updateWaitSeconds ?? defaultWaitSeconds) !== (news.updateWaitSeconds ?? defaultWaitSeconds);
  return { changes: fresh.length > 0 || settings, targets: fresh };
}

function outputs(inputs: Props, resultIds: string[], run: Run, prior: Props): Props {
  const outs: Props = {};
  for (const key of runInputs) if (inputs[key] !== undefined && inputs[key] !== null) outs[key] = inputs[key];
  outs.resultSessionIds = resultIds;
  const at = run.at ?? prior.lastRunAt;
  if (at !== undefined) outs.lastRunAt = at;
  const log = run.at ? run.log : prior.lastRunLog;
  if (log !== undefined) outs.lastRunLog = log;
  return outs;
}

/** The strings of a list, each once, in order. */
function strings(v: unknown): string[] {
  return Array.isArray(v) ? [...new Set(v.filter((x): x is string => typeof x === "string"))] : [];
}

function sameMap(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) =>
    JSON.stringify(Object.entries(v && typeof v === "object" ? (v as Props) : {}).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
  return norm(a) === norm(b);
}

function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
}
