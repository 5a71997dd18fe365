/**
 * Agent commands (restart, stop, update) on tunnel sessions, with what the API leaves to its
 * caller: finding the session a restarted agent reconnects with (the API answers 204 and nothing
 * else), waiting for a stopped agent's session to go offline, and typed refusals.
 */
import type { z } from "zod";
import type { ApiClient } from "../client/http";
import { ApiError } from "../client/errors";
import type { ApiObject } from "../contract";
import type { Clock } from "../../clock";
import { asRefusal, type AgentCommandName } from "./errors";

export const sessionIdPattern = /^ts_[0-9A-Za-z]+$/;

/** A tunnel session id, as the AgentCommand kind and the agent functions check it (zod is given at the first check). */
export function sessionIdRule(zod: typeof z): z.ZodType<string, string> {
  return zod.string().regex(sessionIdPattern, { message: "must be a tunnel session id (ts_...)" });
}

/** The API asks callers to wait at least 10 s after an update before the restart that runs the new code. */
export const minUpdateWaitMs = 10_000;
/** How long a restart waits for the agent to reconnect, and a stop for its session to go offline. */
export const defaultSettleTimeoutMs = 60_000;

/** What identifies an agent across a restart: its host and configuration, not its session. */
export interface SessionInfo {
  id: string;
  credentialId: string;
  agentVersion: string;
  os: string;
  ip: string;
  metadata: string;
  region: string;
  transport: string;
  startedAt: string;
}

export interface RestartOutcome {
  sessionId: string;
  /** The session the agent reconnected with; absent when it had not reconnected in time. */
  newSessionId?: string;
  /** The reconnected agent's version (the new one after an update). */
  agentVersion?: string;
}

export interface StopOutcome {
  sessionId: string;
  /** The session was seen offline before the timeout. */
  offline: boolean;
}

export interface UpdateOutcome {
  sessionId: string;
  /** When the API accepted the update (ms since the epoch): a restart may follow 10 s later. */
  acceptedAt: number;
}

export class AgentCommands {
  constructor(
    private readonly client: ApiClient,
    private readonly clock: Clock,
  ) {}

  /** The online session; a `session-not-found` refusal of `command`, naming it, when it is not online. */
  async session(id: string, command: AgentCommandName): Promise<SessionInfo> {
    try {
      return sessionInfo(await this.client.get<ApiObject>(sessionPath(id)));
    } catch (err) {
      throw asRefusal(command, id, err);
    }
  }

  /**
   * Restarts the agent, then looks for the session it reconnects with: a session of the same
   * credential and host that was not online before the restart.
   */
  async restart(id: string, reconnectTimeoutMs = defaultSettleTimeoutMs): Promise<RestartOutcome> {
    const old = await this.session(id, "restart");
    const before = new Set((await this.sessionsOf(old.credentialId)).map((s) => s.id));
    await this.send("restart", id);
    const successor = await this.poll(reconnectTimeoutMs, async () =>
      pickSuccessor(old, (await this.sessionsOf(old.credentialId)).filter((s) => !before.has(s.id))),
    );
    return successor ? { sessionId: id, newSessionId: successor.id, agentVersion: successor.agentVersion } : { sessionId: id };
  }

  /** Stops the agent, then waits for its session to go offline. */
  async stop(id: string, offlineTimeoutMs = defaultSettleTimeoutMs): Promise<StopOutcome> {
    await this.send("stop", id);
    const offline = await this.poll(offlineTimeoutMs, async () => ((await this.online(id)) ? undefined : true));
    return { sessionId: id, offline: offline === true };
  }

  /** Starts the agent's update; a restart runs the new version. */
  async update(id: string): Promise<UpdateOutcome> {
    await this.send("update", id);
    return { sessionId: id, acceptedAt: this.clock.now() };
  }

  private async send(command: AgentCommandName, id: string): Promise<void> {
    try {
      await this.client.post<unknown>(`${sessionPath(id)}/${command}`, {});
    } catch (err) {
      throw asRefusal(command, id, err);
    }
  }

  private async online(id: string): Promise<boolean> {
    try {
      await this.client.get<ApiObject>(sessionPath(id));
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.notFound) return false;
      throw err;
    }
  }

  /** The online sessions of a credential (every page; the API's filter is not available everywhere). */
  private async sessionsOf(credentialId: string): Promise<SessionInfo[]> {
    const found: SessionInfo[] = [];
    for await (const s of this.client.list<ApiObject>("/tunnel_sessions", "tunnel_sessions")) {
      const info = sessionInfo(s);
      if (info.credentialId === credentialId) found.push(info);
    }
    return found;
  }

  /** Asks `probe` now, then after growing pauses (1, 2, 4, then every 5 s) until it answers or time is up. */
  private async poll<T>(timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T | undefined> {
    const deadline = this.clock.now() + timeoutMs;
    for (let pause = 1000; ; pause = Math.min(pause * 2, 5000)) {
      const answer = await probe();
      if (answer !== undefined) return answer;
      const left = deadline - this.clock.now();
      if (left <= 0) return undefined;
      await this.clock.sleep(Math.min(pause, left));
    }
  }
}

function sessionPath(id: string): string {
  if (!sessionIdPattern.test(id)) throw new Error("a tunnel session id starts with ts_ followed by letters and digits");
  return `/tunnel_sessions/${encodeURIComponent(id)}`;
}

function text(v: unknown): string {
  return typeof v === "string" ? v : "";
}

export function sessionInfo(api: ApiObject): SessionInfo {
  const credential = api.credential && typeof api.credential === "object" ? (api.credential as ApiObject) : {};
  return {
    id: text(api.id),
    credentialId: text(credential.id),
    agentVersion: text(api.agent_version),
    os: text(api.os),
    ip: text(api.ip),
    metadata: text(api.metadata),
    region: text(api.region),
    transport: text(api.transport),
    startedAt: text(api.started_at),
  };
}

/**
 * The new session most likely to be `old`'s agent after its restart: same credential (the
 * candidates' filter), operating system and transport; then the most of source IP, metadata and
 * region in common; then the first to connect.
 */
export function pickSuccessor(old: SessionInfo, candidates: SessionInfo[]): SessionInfo | undefined {
  const score = (s: SessionInfo) => (s.ip === old.ip ? 4 : 0) + (s.metadata === old.metadata ? 2 : 0) + (s.region === old.region ? 1 : 0);
  return candidates
    .filter((s) => s.os === old.os && s.transport === old.transport)
    .sort((a, b) => score(b) - score(a) || a.startedAt.localeCompare(b.startedAt) || a.id.localeCompare(b.id))[0];
}
