/**
 * Where the pacer keeps the recent requests it counts: in memory, or in a small file shared by
 * every process that uses the same API key and base URL (CI runs `preview`, `up` and `refresh`
 * back to back, or several stacks at once, and the API counts them all against one budget).
 *
 * The file lives under the user's cache directory, named by a hash of the key and URL (never the
 * key itself), and holds only times and opaque ids. Writers take a lock file created with O_EXCL,
 * read, change and write the ledger to a temporary file renamed over the old one, so readers
 * never see a partial file and concurrent writers never lose each other's entries.
 *
 * The lock is hand-written rather than proper-lockfile: it guards a read-modify-rename of a few
 * hundred bytes that takes well under a millisecond, so it needs no refresh timer, and the
 * library would add three runtime dependencies to every program that uses this package.
 */
import { createHash, randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { systemClock, type Clock } from "../../clock";

/**
 * One request the service may count. `t` is the latest time the service can have stamped it:
 * when its answer arrived, or, while it is in flight, when its attempt times out. It leaves the
 * rolling window at `t + windowMs`.
 */
export interface LedgerEntry {
  id: string;
  t: number;
  /** In flight: `t` is only a bound until the answer arrives. */
  pending?: boolean;
}

export interface Ledger {
  /** Runs `change` on the current entries (it may edit them in place) and keeps the result. */
  transact<T>(change: (entries: LedgerEntries) => T): Promise<T>;
  /** The current entries, for reading only (no lock). */
  peek(): Promise<LedgerEntries>;
  /** True when other processes share it. */
  readonly shared: boolean;
}

/**
 * An in-flight request's id: a string unique across processes in a shared ledger, a number
 * (cheaper to create and to hash) in a ledger this process alone holds.
 */
export type LedgerId = string | number;

/**
 * The requests a ledger holds, kept so that each request costs the pacer O(1) amortised however
 * many the window holds: answered requests as times in ascending order, pruned from the front as
 * they leave the window; in-flight ones by id, in grant order. Every operation adds the elements
 * it touches to `touched`, the pacer's bookkeeping cost, which a test counts.
 */
export class LedgerEntries {
  /**
   * What the machine has learnt of the window's other users and of its retries, kept with the
   * times so that its processes share it (rate-limit.ts): the part of the window it allows
   * itself (`share`, undefined for the whole limit), when it last cut that part (`cutAt`), and
   * its retry quota (`tokens`, undefined for a full bucket).
   */
  state: LedgerState = { cutAt: -Infinity };
  /** Answered requests' times, ascending from `head` on. */
  private times: number[] = [];
  private head = 0;
  /**
   * Where the last count of answered requests after `cursorAfter` started: windows only move
   * forward, so the next count walks on from here (every time in [head, cursor) is at or before `cursorAfter`).
   */
  private cursor = 0;
  private cursorAfter = -Infinity;
  /** In-flight requests: id → `t`, in grant order (so in order of `t`, the attempt timeout being fixed). */
  private readonly inFlight = new Map<LedgerId, number>();
  /**
   * No in-flight `t` is below this: lets prune and counts skip the map (and the iterator a look
   * at its first entry costs) while every in-flight request is after their cutoff.
   */
  private inFlightLow = Infinity;
  touched = 0;

  get size(): number {
    return this.times.length - this.head + this.inFlight.size;
  }

  /** A request granted now that may be counted until `t`. */
  grant(id: LedgerId, t: number): void {
    this.touched++;
    if (t < this.inFlightLow || this.inFlight.size === 0) this.inFlightLow = t;
    this.inFlight.set(id, t);
  }

  /** The answer to in-flight request `id` arrived at `at`; false when the ledger no longer holds it. */
  answer(id: LedgerId, at: number): boolean {
    this.touched++;
    if (!this.inFlight.delete(id)) return false;
    this.insertAnswered(at);
    return true;
  }

  /**
   * `n` requests that no one here sent (another client's, learnt from a refusal), counted in
   * (`after`, `until`]: spread evenly over it, the last at `until`.
   */
  counted(after: number, until: number, n: number): void {
    if (n <= 0) return;
    const step = (until - after) / n;
    const added = Array.from({ length: n }, (_, i) => until - (n - 1 - i) * step);
    const kept = this.times.slice(this.head);
    const merged: number[] = [];
    for (let i = 0, j = 0; i < kept.length || j < added.length; ) {
      merged.push(j >= added.length || (i < kept.length && kept[i]! <= added[j]!) ? kept[i++]! : added[j++]!);
    }
    this.times = merged;
    this.head = 0;
    this.cursor = 0;
    this.cursorAfter = -Infinity;
    this.touched += merged.length;
  }

  /** In-flight request `id` was not counted (refused, or never sent). */
  remove(id: LedgerId): void {
    this.touched++;
    this.inFlight.delete(id);
  }

  /** Drops every request whose `t` is at or before `cutoff`. */
  prune(cutoff: number): void {
    const times = this.times;
    while (this.head < times.length && times[this.head]! <= cutoff) {
      this.head++;
      this.touched++;
    }
    // Drop the pruned front once it is the larger half: each element is copied at most once per
    // time it is pruned past, so this stays O(1) amortised.
    if (this.head > 32 && this.head * 2 > times.length) {
      this.times = times.slice(this.head);
      this.touched += this.times.length;
      this.cursor = Math.max(0, this.cursor - this.head);
      this.head = 0;
    }
    if (this.inFlightLow > cutoff || this.inFlight.size === 0) return;
    for (const [id, t] of this.inFlight) {
      this.touched++;
      if (t > cutoff) {
        this.inFlightLow = t;
        return;
      }
      this.inFlight.delete(id);
    }
    this.inFlightLow = Infinity;
  }

  /** How many requests have a `t` after `after` (in flight ones included). */
  countAfter(after: number): number {
    return this.answeredAfter(after) + this.inFlightAfter(after);
  }

  /** How many answered requests have a `t` after `after`. */
  answeredAfter(after: number): number {
    const times = this.times;
    let first: number;
    if (after >= this.cursorAfter) {
      // The usual case: the window moved forward since the last count.
      first = Math.max(this.cursor, this.head);
      while (first < times.length && times[first]! <= after) {
        first++;
        this.touched++;
      }
    } else {
      // A window that starts earlier (a refusal judged against another limit): binary search.
      let hi = times.length;
      first = this.head;
      while (first < hi) {
        this.touched++;
        const mid = (first + hi) >>> 1;
        if (times[mid]! <= after) first = mid + 1;
        else hi = mid;
      }
    }
    this.cursor = first;
    this.cursorAfter = after;
    return times.length - first;
  }

  /** Every request's `t`, unordered: for the rare waits when the window is full. */
  allTimes(): number[] {
    const all = this.times.slice(this.head);
    for (const t of this.inFlight.values()) all.push(t);
    this.touched += all.length;
    return all;
  }

  /** For the ledger file: [id, t] for an answered request ("" as id), [id, t, 1] for one in flight. */
  rows(): [string, number, number?][] {
    const rows: [string, number, number?][] = [];
    for (let i = this.head; i < this.times.length; i++) rows.push(["", this.times[i]!]);
    for (const [id, t] of this.inFlight) rows.push([String(id), t, 1]);
    this.touched += rows.length;
    return rows;
  }

  static fromRows(rows: readonly { id: string; t: number; pending?: boolean }[]): LedgerEntries {
    const entries = new LedgerEntries();
    const answered: number[] = [];
    const inFlight: { id: string; t: number }[] = [];
    for (const r of rows) (r.pending ? inFlight.push({ id: r.id, t: r.t }) : answered.push(r.t));
    entries.times = answered.sort((a, b) => a - b);
    for (const r of inFlight.sort((a, b) => a.t - b.t)) entries.grant(r.id, r.t);
    entries.touched = 0;
    return entries;
  }

  private inFlightAfter(after: number): number {
    if (this.inFlight.size === 0) return 0;
    this.touched++;
    if (this.inFlightLow > after) return this.inFlight.size;
    // In order of `t`: when the first is after, all are.
    const first = this.inFlight.values().next().value!;
    this.inFlightLow = first;
    if (first > after) return this.inFlight.size;
    let n = 0;
    for (const t of this.inFlight.values()) {
      this.touched++;
      if (t > after) n++;
    }
    return n;
  }

  private insertAnswered(t: number): void {
    const times = this.times;
    // Answers arrive in time order but for a few out of order by a little: walk back from the end.
    let i = times.length;
    times.push(t);
    while (i > this.head && times[i - 1]! > t) {
      this.touched++;
      times[i] = times[i - 1]!;
      i--;
    }
    times[i] = t;
    this.touched++;
    if (t <= this.cursorAfter && i < this.cursor) this.cursor++;
  }
}

export interface LedgerState {
  share?: number;
  cutAt: number;
  tokens?: number;
  /** When the machine's requests were refused for other machines' (ascending, within the window). */
  refused?: number[];
  /** While it has a share: no request is granted before this time. */
  after?: number;
  /**
   * While the machine takes the whole limit: when the last refusal its requests did not explain
   * arrived, and how many came in a row with nothing served between them (a stray 429, or the
   * first sign of other machines; rate-limit.ts).
   */
  suspect?: number;
  doubts?: number;
}

/** The state as the file holds it, or a fresh one for anything else. */
function readState(value: unknown): LedgerState {
  const v = (value && typeof value === "object" ? value : {}) as Record<string, unknown>;
  const num = (x: unknown) => (typeof x === "number" && Number.isFinite(x) ? x : undefined);
  const share = num(v.share);
  const tokens = num(v.tokens);
  const after = num(v.after);
  const suspect = num(v.suspect);
  const doubts = num(v.doubts);
  const refused = Array.isArray(v.refused) ? v.refused.filter((t): t is number => typeof t === "number" && Number.isFinite(t)).sort((a, b) => a - b) : [];
  return {
    cutAt: num(v.cutAt) ?? -Infinity,
    ...(share !== undefined && share > 0 ? { share } : {}),
    ...(tokens !== undefined && tokens >= 0 ? { tokens } : {}),
    ...(refused.length > 0 ? { refused } : {}),
    ...(after !== undefined ? { after } : {}),
    ...(suspect !== undefined ? { suspect } : {}),
    ...(doubts !== undefined && doubts > 0 ? { doubts } : {}),
  };
}

export class MemoryLedger implements Ledger {
  readonly shared = false;
  readonly entries = new LedgerEntries();

  transact<T>(change: (entries: LedgerEntries) => T): Promise<T> {
    return Promise.resolve(change(this.entries));
  }

  peek(): Promise<LedgerEntries> {
    return Promise.resolve(this.entries);
  }
}

/** The directory for shared ledgers: $PULUMI_NGROK_PACING_DIR, else <XDG cache or ~/.cache>/pulumi-ngrok/pacing. */
export function defaultPacingDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PULUMI_NGROK_PACING_DIR) return env.PULUMI_NGROK_PACING_DIR;
  const cache = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(os.homedir(), ".cache");
  return path.join(cache, "pulumi-ngrok", "pacing");
}

/** The ledger's file name: a hash of key and base URL, so that the key never appears on disk. */
export function ledgerFileName(apiKey: string, baseUrl: string): string {
  const digest = createHash("sha256").update("pulumi-ngrok pacing\0").update(apiKey).update("\0").update(baseUrl).digest("hex");
  return `${digest.slice(0, 32)}.json`;
}

interface LedgerFile {
  version: 1;
  /** The longest window any user of the file paces to: entries older than that are dropped. */
  windowMs: number;
  /** [id, t, 1 when pending]; an answered request's id is not needed and may be "". */
  entries: [string, number, number?][];
  /** LedgerEntries.state (cutAt omitted while -Infinity). */
  state?: { share?: number; cutAt?: number; tokens?: number; refused?: number[]; after?: number; suspect?: number; doubts?: number };
}

/** A lock older than this was left by a process that died or hung while holding it. */
const staleLockMs = 5_000;
/** Ledger files untouched for this long belong to keys and URLs no longer in use. */
const unusedFileMs = 24 * 60 * 60_000;

export class FileLedger implements Ledger {
  readonly shared = true;
  readonly file: string;
  private readonly lock: string;
  private readonly token = `${process.pid} ${os.hostname()} ${randomBytes(6).toString("hex")}`;

  /** Throws when the directory cannot be created or written (the caller falls back to memory). */
  constructor(
    dir: string,
    name: string,
    private readonly windowMs: number,
    private readonly clock: Clock = systemClock,
  ) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.accessSync(dir, fs.constants.W_OK);
    this.file = path.join(dir, name);
    this.lock = `${this.file}.lock`;
    if (!fs.existsSync(this.file)) removeUnused(dir);
  }

  async peek(): Promise<LedgerEntries> {
    return this.read().entries;
  }

  /**
   * This process's transactions queue here and those waiting when the lock comes free run
   * together under one lock, one read and one write (a group commit): a process's own concurrent
   * requests never poll the lock against each other, and the file is written once per batch.
   */
  transact<T>(change: (entries: LedgerEntries) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ change, settle: (ok, value) => (ok ? resolve(value as T) : reject(value)) });
      if (!this.draining) void this.drain();
    });
  }

  private readonly queue: { change: (entries: LedgerEntries) => unknown; settle: (ok: boolean, value: unknown) => void }[] = [];
  private draining = false;

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) {
        try {
          await this.acquireLock();
        } catch (err) {
          for (const t of this.queue.splice(0)) t.settle(false, err);
          continue;
        }
        const batch = this.queue.splice(0);
        const results: [boolean, unknown][] = [];
        try {
          const current = this.read();
          for (const t of batch) {
            try {
              results.push([true, t.change(current.entries)]);
            } catch (err) {
              results.push([false, err]);
            }
          }
          this.write(current.entries, Math.max(current.windowMs, this.windowMs));
        } catch (err) {
          this.cached = undefined;
          for (const t of batch) t.settle(false, err);
          continue;
        } finally {
          this.releaseLock();
        }
        batch.forEach((t, i) => t.settle(...results[i]!));
      }
    } finally {
      this.draining = false;
    }
  }

  /**
   * The entries as this process last read or wrote them, and the file they came from: every
   * writer renames a new file into place, so an unchanged identity means unchanged content and
   * the parse can be skipped.
   */
  private cached: { identity: string; entries: LedgerEntries; windowMs: number } | undefined;

  private identity(): string | undefined {
    try {
      const st = fs.statSync(this.file, { bigint: true });
      return `${st.ino}:${st.size}:${st.mtimeNs}`;
    } catch {
      return undefined;
    }
  }

  private read(): { entries: LedgerEntries; windowMs: number } {
    const identity = this.identity();
    if (identity === undefined) return { entries: new LedgerEntries(), windowMs: this.windowMs };
    if (this.cached?.identity === identity) return this.cached;
    let text: string;
    try {
      text = fs.readFileSync(this.file, "utf8");
    } catch {
      return { entries: new LedgerEntries(), windowMs: this.windowMs };
    }
    try {
      const parsed = JSON.parse(text) as Partial<LedgerFile>;
      const entries = Array.isArray(parsed.entries)
        ? parsed.entries
            .filter((e) => Array.isArray(e) && typeof e[0] === "string" && typeof e[1] === "number" && Number.isFinite(e[1]))
            .map(([id, t, pending]): LedgerEntry => (pending ? { id, t, pending: true } : { id, t }))
        : [];
      const windowMs = typeof parsed.windowMs === "number" && parsed.windowMs > 0 ? parsed.windowMs : this.windowMs;
      const read = { entries: LedgerEntries.fromRows(entries), windowMs };
      read.entries.state = readState(parsed.state);
      // Cached only when no writer renamed a new file into place while it was read.
      this.cached = this.identity() === identity ? { identity, ...read } : undefined;
      return read;
    } catch {
      // A damaged cache file: start afresh rather than fail the deployment.
      return { entries: new LedgerEntries(), windowMs: this.windowMs };
    }
  }

  private write(entries: LedgerEntries, windowMs: number): void {
    entries.prune(this.clock.now() - windowMs);
    const { share, cutAt, tokens, refused, after, suspect, doubts } = entries.state;
    const state = {
      ...(share !== undefined ? { share } : {}),
      ...(Number.isFinite(cutAt) ? { cutAt } : {}),
      ...(tokens !== undefined ? { tokens } : {}),
      ...(refused !== undefined && refused.length > 0 ? { refused } : {}),
      ...(after !== undefined ? { after } : {}),
      ...(suspect !== undefined ? { suspect } : {}),
      ...(doubts !== undefined ? { doubts } : {}),
    };
    const body: LedgerFile = { version: 1, windowMs, entries: entries.rows(), ...(Object.keys(state).length > 0 ? { state } : {}) };
    const tmp = `${this.file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(body), { mode: 0o600 });
    fs.renameSync(tmp, this.file);
    // Written under the lock: nobody else can have replaced it since.
    const identity = this.identity();
    this.cached = identity === undefined ? undefined : { identity, entries, windowMs };
  }

  private async acquireLock(): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        fs.writeFileSync(this.lock, this.token, { flag: "wx", mode: 0o600 });
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      }
      this.breakIfStale();
      // Holders keep it for well under a millisecond: poll briefly, with jitter.
      await new Promise<void>((r) => this.clock.setTimer(r, Math.min(1 + attempt, 10) * (0.5 + Math.random())));
    }
  }

  private releaseLock(): void {
    try {
      // Only our own: a lock broken as stale may since have been taken by another process.
      if (fs.readFileSync(this.lock, "utf8") === this.token) fs.unlinkSync(this.lock);
    } catch {
      // Already gone.
    }
  }

  /**
   * Removes a lock whose holder is gone: a dead process on this host, or held implausibly long.
   * Two processes breaking the same stale lock at the same instant can both get in; the worst
   * that does is lose one ledger update, which a 429 and its retry absorb.
   */
  private breakIfStale(): void {
    let holder: string;
    let age: number;
    try {
      holder = fs.readFileSync(this.lock, "utf8");
      age = Date.now() - fs.statSync(this.lock).mtimeMs;
    } catch {
      return; // released meanwhile
    }
    const [pid, host] = holder.split(" ");
    const dead = host === os.hostname() && pid !== undefined && !processAlive(Number(pid));
    if (!dead && age < staleLockMs) return;
    try {
      // Re-check that it is the same lock just before removing it (a new holder writes a new token).
      if (fs.readFileSync(this.lock, "utf8") === holder) fs.unlinkSync(this.lock);
    } catch {
      // Someone else removed it first.
    }
  }
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return true; // unreadable: let the age decide
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Drops ledgers, locks and temporary files nobody has touched for a day. */
function removeUnused(dir: string): void {
  try {
    const now = Date.now();
    for (const name of fs.readdirSync(dir)) {
      if (!/^[0-9a-f]{32}\.json(\.lock|\..*\.tmp)?$/.test(name)) continue;
      const p = path.join(dir, name);
      try {
        if (now - fs.statSync(p).mtimeMs > unusedFileMs) fs.unlinkSync(p);
      } catch {
        // Raced with another process: fine.
      }
    }
  } catch {
    // Housekeeping only.
  }
}
