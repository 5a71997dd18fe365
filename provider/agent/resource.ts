/**
 * The operations of the AgentCommand resource (provider/definitions/agent-command.ts): runs an
 * agent command (restart, stop, update, or update then restart) on tunnel sessions when it is
 * created and when its command or triggers change, like a `triggers`-driven command of Pulumi's
 * command provider. It never acts on refresh or destroy: read returns the stored state and delete
 * only forgets it. Its check is every kind's.
 */
import { randomUUID } from "crypto";
import type { CheckResult, CreateResult, DiffResult, Handler, KindContext, Props, ReadResult, ResourceDefinition, UpdateResult } from "../contract";
import { checkProgram } from "../engine/check";
import { containsUnknown, inputProperties } from "../engine/values";
import { AgentCommands, defaultSettleTimeoutMs, minUpdateWaitMs } from "./commands";
import { AgentCommandError, type AgentCommandRefusal } from "./errors";

export const commandNames = ["restart", "stop", "update", "update-restart"] as const;
export type CommandName = (typeof commandNames)[number];

export const defaultWaitSeconds = minUpdateWaitMs / 1000;
export const settleSeconds = defaultSettleTimeoutMs / 1000;

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

/** The operations of AgentCommand; each run's progress goes to the user as it happens (`events.info`). */
export class AgentCommandHandler implements Handler {
  constructor(
    readonly def: ResourceDefinition,
    private readonly ctx: Pick<KindContext, "client" | "clock" | "events">,
  ) {}

  check(_olds: Props, news: Props): Promise<CheckResult> {
    return checkProgram(this.def, news);
  }

  async diff(_id: string, olds: Props, news: Props): Promise<DiffResult> {
    const changes = plan(olds, news).changes;
    // What made the command due: its own inputs that differ (the sessions, when only new ones appeared).
    const changed = changes ? inputProperties(this.def).map(([n]) => n).filter((n) => JSON.stringify(olds[n]) !== JSON.stringify(news[n])) : [];
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
    const clock = this.ctx.clock;
    const agents = new AgentCommands(this.ctx.client(), clock);
    const log: string[] = [];
    const say = (line: string): void => {
      log.push(line);
      this.ctx.events.info(`ngrok ${this.def.name}: ${line}`);
    };
    const finish = (resultIds: string[]): Run => ({ resultIds, log, at: rfc3339(clock.now()) });

    // Every session must be online before any agent is acted on.
    const first = command === "update-restart" ? "update" : command;
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
          if (err.reason === "already-updating") runningSince = clock.now();
          say(`update ${id}: nothing to do (${err.reason})`);
        }
      }
      if (command === "update") return finish(targets);
      if (runningSince !== undefined) {
        const remaining = Math.max(0, runningSince + waitMs - clock.now());
        say(
          `waiting ${Math.ceil(remaining / 1000)} s for the update to finish before restarting ` +
            `(the API asks for at least ${defaultWaitSeconds} s between an update and a restart)`,
        );
        await clock.sleep(remaining);
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
