// Live state of the emulated account: online agent sessions, their tunnels and ephemeral
// endpoints, and the agent commands (restart, stop, update) of the spec's "Tunnel sessions
// and agent commands". Pure: ids and time come from callbacks, nothing touches the network,
// and the whole model round-trips through a JSON snapshot so the server can persist it.
// An agent's endpoint on a `.internal` or `.ngrok.direct` host is private: the endpoints list
// shows it with the `internal` binding and its URL (a TLS one with its port), as ngrok's
// Kubernetes operator found the API answering (github.com/ngrok/ngrok-operator,
// specs/private-endpoints). Agents on one URL are a pool, with or without
// `poolingEnabled`: ngrok refuses the second without it
// (https://ngrok.com/docs/errors/err_ngrok_334), the emulator does not.

import { z } from "zod";
import { ApiFailure, badValue, notFound, referenceNotFound, unknownField } from "../shared/errors";

export interface Ref {
  id: string;
  uri: string;
}

/** Error codes of agent command failures (ERR_NGROK_804-810; the status is unverified). */
export const AGENT_COMMAND_ERRORS = {
  restartUnsupported: "ERR_NGROK_804",
  noUpdateAvailable: "ERR_NGROK_805",
  updateChecksDisabled: "ERR_NGROK_806",
  alreadyUpdating: "ERR_NGROK_807",
  awaitingRestart: "ERR_NGROK_808",
} as const;

/** The spec asks callers to wait at least 10 s between Update and Restart. */
export const UPDATE_DURATION_MS = 10_000;

export const TUNNEL_PROTOS = ["http", "https", "tcp", "tls"] as const;
export type TunnelProto = (typeof TUNNEL_PROTOS)[number];

// ---------------------------------------------------------------------------------------
// API shapes (responses)

export interface TunnelSession {
  id: string;
  uri: string;
  agent_version: string;
  credential: Ref;
  ip: string;
  metadata?: string;
  os: string;
  region: string;
  started_at: string;
  transport: string;
}

export interface Tunnel {
  id: string;
  public_url?: string;
  started_at: string;
  metadata?: string;
  proto: TunnelProto;
  region: string;
  tunnel_session: Ref;
  endpoint?: Ref;
  labels?: Record<string, string>;
  forwards_to: string;
}

export interface Endpoint {
  id: string;
  uri: string;
  region: string;
  created_at: string;
  updated_at: string;
  public_url: string;
  url: string;
  proto: TunnelProto;
  hostport: string;
  type: "ephemeral";
  metadata?: string;
  tunnel: Ref;
  tunnel_session: Ref;
  bindings: string[];
  pooling_enabled: boolean;
  upstream_url: string;
  /** The owner of the agent's credential, as the API reference's example shows it (an empty uri). */
  principal?: Ref;
}

// ---------------------------------------------------------------------------------------
// Input of connectAgent (validated: the server may hand it a request body)

const tunnelInputSchema = z.strictObject({
  proto: z.enum(TUNNEL_PROTOS),
  publicUrl: z.string().optional(),
  hostname: z.string().optional(),
  forwardsTo: z.string().min(1),
  labels: z.record(z.string(), z.string()).optional(),
  metadata: z.string().max(4096).optional(),
  /** `--pooling-enabled`: the endpoint shares its URL with the other pooled endpoints on it. */
  poolingEnabled: z.boolean().optional(),
});

const connectInputSchema = z.strictObject({
  credentialId: z.string().min(1),
  os: z.string().min(1),
  agentVersion: z.string().min(1),
  ip: z.string().optional(),
  region: z.string().optional(),
  metadata: z.string().max(4096).optional(),
  transport: z.string().optional(),
  updateChecksDisabled: z.boolean().optional(),
  tunnels: z.array(tunnelInputSchema),
});

export type ConnectTunnelInput = z.infer<typeof tunnelInputSchema>;
export type ConnectAgentInput = z.infer<typeof connectInputSchema>;

// ---------------------------------------------------------------------------------------
// Stored records and snapshot

const updateStateSchema = z.discriminatedUnion("state", [
  z.object({ state: z.literal("idle") }),
  z.object({ state: z.literal("updating"), since: z.string(), target: z.string() }),
  z.object({ state: z.literal("updated"), target: z.string() }),
]);
type UpdateState = z.infer<typeof updateStateSchema>;

const tunnelRecordSchema = z.object({
  id: z.string(),
  proto: z.enum(TUNNEL_PROTOS),
  publicUrl: z.string().nullable(),
  forwardsTo: z.string(),
  labels: z.record(z.string(), z.string()).nullable(),
  metadata: z.string(),
  startedAt: z.string(),
  endpoint: z.object({ id: z.string(), createdAt: z.string(), updatedAt: z.string() }).nullable(),
  // Absent from snapshots written before pooling was recorded.
  poolingEnabled: z.boolean().default(false),
});
type TunnelRecord = z.infer<typeof tunnelRecordSchema>;

const sessionRecordSchema = z.object({
  id: z.string(),
  credentialId: z.string(),
  agentVersion: z.string(),
  os: z.string(),
  ip: z.string(),
  region: z.string(),
  metadata: z.string(),
  transport: z.string(),
  startedAt: z.string(),
  updateChecksDisabled: z.boolean(),
  update: updateStateSchema,
  tunnels: z.array(tunnelRecordSchema),
});
type SessionRecord = z.infer<typeof sessionRecordSchema>;

const snapshotSchema = z.object({
  version: z.literal(1),
  tcpPortCounter: z.number().int(),
  sessions: z.array(sessionRecordSchema),
});
/** JSON-serialisable state of a LiveState. */
export type LiveSnapshot = z.infer<typeof snapshotSchema>;

export interface LiveStateOptions {
  /** Base URL of the API, e.g. `http://127.0.0.1:4040`; uris are absolute under it. */
  baseUrl: string;
  /** New id for a prefix (`ts`, `tn`, `ep`), e.g. `ts_2abc...`. */
  newId: (prefix: string) => string;
  now: () => Date;
  /**
   * Newest agent release(s). Update moves an agent to the newest listed release with its own
   * major version (never to a new major); with none newer, update fails. Default "3.19.0".
   */
  latestAgentVersion?: string | readonly string[];
  /** Checks that a credential id exists (else 400 ERR_NGROK_380); all ids exist when absent. */
  credentialExists?: (id: string) => boolean;
  /** The owner (`usr_`, `service_`, `bot_`) of a credential, when it is known. */
  credentialOwner?: (id: string) => string | undefined;
}

// ---------------------------------------------------------------------------------------
// Helpers

function rfc3339(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, "Z");
}

function versionParts(v: string): number[] {
  return v
    .replace(/^v/, "")
    .split(/[.-]/)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : NaN));
}

/** Numeric dotted-version comparison; a non-numeric part compares as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = versionParts(a);
  const pb = versionParts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    const d = (Number.isNaN(x) ? 0 : x) - (Number.isNaN(y) ? 0 : y);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

const major = (v: string): number => versionParts(v)[0] ?? NaN;

function commandFailure(code: string, msg: string): ApiFailure {
  return new ApiFailure(400, code, msg);
}

/** A `.internal` or `.ngrok.direct` host: reachable only from the account's own endpoints and private dial. */
export function isPrivateHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return h.endsWith(".internal") || h.endsWith(".ngrok.direct");
}

/** The endpoint's `url` as the endpoints list gives it: a TLS URL with its port. */
function endpointUrl(publicUrl: string, proto: TunnelProto): string {
  try {
    const u = new URL(publicUrl);
    return proto === "tls" && u.port === "" ? `${publicUrl.replace(/\/+$/, "")}:443` : publicUrl;
  } catch {
    return publicUrl;
  }
}

function hostOf(publicUrl: string): string {
  try {
    return new URL(publicUrl).hostname;
  } catch {
    return "";
  }
}

function hostportOf(publicUrl: string, proto: TunnelProto): string {
  try {
    const u = new URL(publicUrl);
    const defaultPort = proto === "http" ? "80" : proto === "tcp" ? "" : "443";
    const port = u.port || defaultPort;
    return port ? `${u.hostname}:${port}` : u.hostname;
  } catch {
    return publicUrl;
  }
}

// ---------------------------------------------------------------------------------------

export class LiveState {
  private readonly baseUrl: string;
  private readonly newId: (prefix: string) => string;
  private readonly now: () => Date;
  private readonly releases: readonly string[];
  private readonly credentialExists: ((id: string) => boolean) | undefined;
  private readonly credentialOwner: ((id: string) => string | undefined) | undefined;
  private sessions = new Map<string, SessionRecord>();
  private tcpPortCounter = 10000;

  constructor(options: LiveStateOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.newId = options.newId;
    this.now = options.now;
    const latest = options.latestAgentVersion ?? "3.19.0";
    this.releases = typeof latest === "string" ? [latest] : [...latest];
    this.credentialExists = options.credentialExists;
    this.credentialOwner = options.credentialOwner;
  }

  // ----- agents connecting

  /** An agent connects: one tunnel session with its tunnels and their ephemeral endpoints. */
  connectAgent(input: ConnectAgentInput): TunnelSession {
    const parsed = connectInputSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      if (issue?.code === "unrecognized_keys") throw unknownField([...issue.path, issue.keys[0] ?? ""].join("."));
      throw badValue(`Invalid agent connection '${issue?.path.join(".") ?? ""}': ${issue?.message ?? "invalid input"}.`);
    }
    const a = parsed.data;
    if (this.credentialExists && !this.credentialExists(a.credentialId)) {
      throw referenceNotFound("credential", a.credentialId);
    }
    const at = rfc3339(this.now());
    const ssh = a.credentialId.startsWith("sshcr_");
    const session: SessionRecord = {
      id: this.newId("ts"),
      credentialId: a.credentialId,
      agentVersion: a.agentVersion,
      os: a.os,
      ip: a.ip ?? "127.0.0.1",
      region: a.region ?? "us",
      metadata: a.metadata ?? "",
      transport: a.transport ?? (ssh ? "ssh" : "ngrok/2"),
      startedAt: at,
      updateChecksDisabled: a.updateChecksDisabled ?? false,
      update: { state: "idle" },
      tunnels: [],
    };
    session.tunnels = a.tunnels.map((t) => this.newTunnel(t, at));
    this.sessions.set(session.id, session);
    return this.renderSession(session);
  }


  private newTunnel(t: ConnectTunnelInput, at: string): TunnelRecord {
    const id = this.newId("tn");
    // A labeled tunnel serves tunnel group backends: it has no public URL and no endpoint.
    const labeled = t.labels !== undefined && Object.keys(t.labels).length > 0;
    let publicUrl: string | null = null;
    if (!labeled) {
      if (t.publicUrl !== undefined) publicUrl = t.publicUrl;
      else {
        const host = t.hostname ?? `${id.slice(-10).toLowerCase()}.ngrok-free.app`;
        if (t.proto === "tcp") publicUrl = `tcp://${t.hostname ?? "0.tcp.ngrok.io"}:${this.tcpPortCounter++}`;
        else publicUrl = `${t.proto}://${host}`;
      }
    }
    return {
      id,
      proto: t.proto,
      publicUrl,
      forwardsTo: t.forwardsTo,
      labels: labeled ? { ...t.labels } : null,
      metadata: t.metadata ?? "",
      startedAt: at,
      endpoint: publicUrl === null ? null : { id: this.newId("ep"), createdAt: at, updatedAt: at },
      poolingEnabled: t.poolingEnabled ?? false,
    };
  }

  // ----- read-only views

  /** Online sessions, newest first (descending id, as the API lists). */
  listSessions(): TunnelSession[] {
    return this.allSessions().map((s) => this.renderSession(s));
  }

  getSession(id: string): TunnelSession {
    return this.renderSession(this.session(id));
  }

  listTunnels(): Tunnel[] {
    return this.allTunnels()
      .map(([s, t]) => this.renderTunnel(s, t))
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  }

  getTunnel(id: string): Tunnel {
    const found = this.allTunnels().find(([, t]) => t.id === id);
    if (!found) throw notFound();
    return this.renderTunnel(found[0], found[1]);
  }

  listEndpoints(): Endpoint[] {
    return this.allTunnels()
      .flatMap(([s, t]) => (t.endpoint ? [this.renderEndpoint(s, t)] : []))
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  }

  getEndpoint(id: string): Endpoint {
    const found = this.allTunnels().find(([, t]) => t.endpoint?.id === id);
    if (!found) throw notFound();
    return this.renderEndpoint(found[0], found[1]);
  }

  // ----- agent commands

  /**
   * Restart: the agent replaces its process image and reconnects as a new session; its
   * tunnels and endpoints come back with new ids. Refused on Windows. An update that has
   * finished takes effect now; one still running is abandoned with the old process.
   */
  restart(id: string): TunnelSession {
    const old = this.session(id);
    if (old.os.toLowerCase().startsWith("windows")) {
      throw commandFailure(
        AGENT_COMMAND_ERRORS.restartUnsupported,
        `Tunnel session '${id}': remote restart is not supported for agents running on Windows.`,
      );
    }
    const at = rfc3339(this.now());
    const update = this.settle(old);
    const fresh: SessionRecord = {
      ...old,
      id: this.newId("ts"),
      agentVersion: update.state === "updated" ? update.target : old.agentVersion,
      startedAt: at,
      update: { state: "idle" },
      tunnels: old.tunnels.map((t) => ({
        ...t,
        labels: t.labels ? { ...t.labels } : null,
        id: this.newId("tn"),
        startedAt: at,
        endpoint: t.endpoint ? { id: this.newId("ep"), createdAt: at, updatedAt: at } : null,
      })),
    };
    this.sessions.delete(old.id);
    this.sessions.set(fresh.id, fresh);
    return this.renderSession(fresh);
  }

  /** Stop: the agent exits, so its session, tunnels and endpoints go offline. */
  stop(id: string): void {
    this.session(id);
    this.sessions.delete(id);
  }

  /**
   * Update: the agent starts updating to the newest release of its major version. Fails when
   * it already updated and awaits a restart, is updating, has update checks disabled, or has
   * no update available. The update completes UPDATE_DURATION_MS later (or at completeUpdates()).
   */
  update(id: string): void {
    const s = this.session(id);
    const state = this.settle(s);
    if (state.state === "updated") {
      throw commandFailure(
        AGENT_COMMAND_ERRORS.awaitingRestart,
        `Tunnel session '${id}': the agent already updated to ${state.target}; restart it to run the new version.`,
      );
    }
    if (state.state === "updating") {
      throw commandFailure(
        AGENT_COMMAND_ERRORS.alreadyUpdating,
        `Tunnel session '${id}': the agent is already updating to ${state.target}.`,
      );
    }
    if (s.updateChecksDisabled) {
      throw commandFailure(
        AGENT_COMMAND_ERRORS.updateChecksDisabled,
        `Tunnel session '${id}': the agent's configuration disables update checks.`,
      );
    }
    const target = this.availableUpdate(s.agentVersion);
    if (target === undefined) {
      const newerMajor = this.releases.some((r) => compareVersions(r, s.agentVersion) > 0);
      throw commandFailure(
        AGENT_COMMAND_ERRORS.noUpdateAvailable,
        `Tunnel session '${id}': no update is available for agent version ${s.agentVersion}` +
          (newerMajor ? " (a new major version must be installed manually)." : "."),
      );
    }
    // Millisecond precision: the 10 s window is measured exactly, not from a rounded second.
    s.update = { state: "updating", since: this.now().toISOString(), target };
  }

  /** Finishes every running update at once (tests and demos need not wait 10 s). */
  completeUpdates(): void {
    for (const s of this.sessions.values()) {
      if (s.update.state === "updating") s.update = { state: "updated", target: s.update.target };
    }
  }

  /** Update state of a session, as the agent would report it (not an API field). */
  updateStatus(id: string): "idle" | "updating" | "updated" {
    return this.settle(this.session(id)).state;
  }

  // ----- persistence

  snapshot(): LiveSnapshot {
    // A JSON round trip gives a deep copy that shares nothing with the live records.
    return JSON.parse(
      JSON.stringify({ version: 1, tcpPortCounter: this.tcpPortCounter, sessions: [...this.sessions.values()] }),
    ) as LiveSnapshot;
  }

  restore(snapshot: unknown): void {
    const parsed = snapshotSchema.safeParse(snapshot);
    if (!parsed.success) throw new Error(`Invalid live-state snapshot: ${parsed.error.message}`);
    this.sessions = new Map(parsed.data.sessions.map((s) => [s.id, s]));
    this.tcpPortCounter = parsed.data.tcpPortCounter;
  }

  // ----- internals

  private session(id: string): SessionRecord {
    const s = this.sessions.get(id);
    if (!s) throw notFound();
    return s;
  }

  private allSessions(): SessionRecord[] {
    return [...this.sessions.values()].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  }

  private allTunnels(): Array<[SessionRecord, TunnelRecord]> {
    return this.allSessions().flatMap((s) => s.tunnels.map((t): [SessionRecord, TunnelRecord] => [s, t]));
  }

  /** Moves a running update to "updated" once its time has passed. */
  private settle(s: SessionRecord): UpdateState {
    if (s.update.state === "updating") {
      const since = Date.parse(s.update.since);
      if (this.now().getTime() - since >= UPDATE_DURATION_MS) s.update = { state: "updated", target: s.update.target };
    }
    return s.update;
  }

  private availableUpdate(current: string): string | undefined {
    const candidates = this.releases
      .filter((r) => major(r) === major(current) && compareVersions(r, current) > 0)
      .sort(compareVersions);
    return candidates[candidates.length - 1];
  }

  private credentialRef(id: string): Ref {
    const collection = id.startsWith("sshcr_") ? "ssh_credentials" : "credentials";
    return { id, uri: `${this.baseUrl}/${collection}/${id}` };
  }

  private sessionRef(id: string): Ref {
    return { id, uri: `${this.baseUrl}/tunnel_sessions/${id}` };
  }

  private renderSession(s: SessionRecord): TunnelSession {
    const out: TunnelSession = {
      id: s.id,
      uri: `${this.baseUrl}/tunnel_sessions/${s.id}`,
      agent_version: s.agentVersion,
      credential: this.credentialRef(s.credentialId),
      ip: s.ip,
      os: s.os,
      region: s.region,
      started_at: s.startedAt,
      transport: s.transport,
    };
    // metadata is omitted when empty, as the service does.
    if (s.metadata !== "") out.metadata = s.metadata;
    return out;
  }

  private renderTunnel(s: SessionRecord, t: TunnelRecord): Tunnel {
    const out: Tunnel = {
      id: t.id,
      started_at: t.startedAt,
      proto: t.proto,
      region: s.region,
      tunnel_session: this.sessionRef(s.id),
      forwards_to: t.forwardsTo,
    };
    if (t.publicUrl !== null) out.public_url = t.publicUrl;
    if (t.metadata !== "") out.metadata = t.metadata;
    if (t.endpoint) out.endpoint = { id: t.endpoint.id, uri: `${this.baseUrl}/endpoints/${t.endpoint.id}` };
    if (t.labels) out.labels = { ...t.labels };
    return out;
  }

  private renderEndpoint(s: SessionRecord, t: TunnelRecord): Endpoint {
    const ep = t.endpoint!;
    const publicUrl = t.publicUrl ?? "";
    const out: Endpoint = {
      id: ep.id,
      // The real API and its official clients carry the endpoint's own address, like every resource.
      uri: `${this.baseUrl}/endpoints/${ep.id}`,
      region: s.region,
      created_at: ep.createdAt,
      updated_at: ep.updatedAt,
      public_url: publicUrl,
      proto: t.proto,
      url: endpointUrl(publicUrl, t.proto),
      hostport: hostportOf(publicUrl, t.proto),
      type: "ephemeral",
      tunnel: { id: t.id, uri: `${this.baseUrl}/tunnels/${t.id}` },
      tunnel_session: this.sessionRef(s.id),
      bindings: [isPrivateHost(hostOf(publicUrl)) ? "internal" : "public"],
      pooling_enabled: t.poolingEnabled,
      upstream_url: t.forwardsTo,
    };
    if (t.metadata !== "") out.metadata = t.metadata;
    const owner = this.credentialOwner?.(s.credentialId);
    if (owner !== undefined && owner !== "") out.principal = { id: owner, uri: "" };
    return out;
  }
}
