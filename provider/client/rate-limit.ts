/**
 * Paces requests to the API's rolling-window limit (120 requests per rolling 60 s per account),
 * counting what the service counts: a request is counted when the service receives it, and a
 * refused one (429) is not counted at all.
 *
 * The client cannot see when the service stamped a request, only that it was no later than the
 * answer's arrival. So a granted request holds a slot from the grant on (it may arrive at any
 * moment), its slot's time moves to the answer's arrival when it comes, and the slot is given
 * back when the service refused the request or it never left this machine. A slot frees one
 * window after that time: the service has freed it by then whatever the network's delays.
 *
 * The slots live in a ledger (pacing-ledger.ts) that processes using the same key and base URL
 * share, so that back-to-back or concurrent commands do not each spend the whole budget. With a
 * rate ledger (`ngrok:rateLedger`, rate-ledger.ts), each request also takes a lease of the window
 * that every runner on the key shares, whatever machine it runs on.
 *
 * Hand-written on purpose: the CommonJS limiters on npm (bottleneck, limiter) are fixed-window or
 * token-bucket, which allow up to twice the limit across a window boundary, count at grant time,
 * and cannot share their state between processes; p-throttle's strict mode is ESM-only.
 */
import { randomBytes } from "node:crypto";
import { systemClock, type Clock } from "../../clock";
import { MemoryLedger, type Ledger, type LedgerEntries, type LedgerId, type LedgerState } from "./pacing-ledger";

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** The API's documented limit. */
export const apiRateLimit: RateLimit = { limit: 120, windowMs: 60_000 };

/**
 * Slack added to every window: the answer's arrival already bounds the service's stamp, so this
 * only absorbs millisecond rounding between the two clocks' readings.
 */
const marginMs = 20;
/** How long a refusal waits for this process's earlier requests to be answered before judging it. */
const settleWaitMs = 2_000;
/** While other processes share the ledger, re-read it at least this often when waiting. */
const sharedPollMs = 200;

/**
 * A granted request's hold on the budget; settle it exactly once. Settling is done on return when
 * the ledger is this process's alone; a promise is returned only while a shared ledger records it.
 */
export interface Slot {
  /** When it was granted (ms since the epoch, on the pacer's clock). */
  readonly grantedAt: number;
  /**
   * The answer arrived at `at` (ms since the epoch): the service stamped the request no later.
   * `served` false: it was a failure (a 5xx, a lost answer), which refills no retry quota.
   */
  answered(at: number, served?: boolean): Promise<void> | undefined;
  /** The service refused the request (429) and did not count it. */
  refused(): Promise<void> | undefined;
  /** The request certainly never reached the service. */
  notSent(): Promise<void> | undefined;
}

/** A request's hold on one lease of a window shared with other machines (rate-ledger.ts); settle it once. */
export interface Lease {
  /** The request's answer arrived (a 429 too: the service may count a refused request): the lease frees a window from now. */
  answered(): Promise<void>;
  /** The request never left this machine: the lease frees now. */
  notSent(): Promise<void>;
}

/** A window shared with other machines: a lease for each request, or undefined while it cannot be used. */
export interface SharedLeases {
  take(rate: RateLimit): Promise<Lease | undefined>;
}

/** A slot of the machine's window together with a lease of the shared one. */
class LeasedSlot implements Slot {
  constructor(
    private readonly slot: Slot,
    private readonly lease: Lease,
  ) {}

  get grantedAt(): number {
    return this.slot.grantedAt;
  }
  answered(at: number, served?: boolean): Promise<void> {
    return both(this.slot.answered(at, served), this.lease.answered());
  }
  refused(): Promise<void> {
    return both(this.slot.refused(), this.lease.answered());
  }
  notSent(): Promise<void> {
    return both(this.slot.notSent(), this.lease.notSent());
  }
}

async function both(a: Promise<void> | undefined, b: Promise<void>): Promise<void> {
  await Promise.all([a, b]);
}

/** A slot's bookkeeping: one object per request, its methods on the prototype. */
class GrantedSlot implements Slot {
  settled = false;
  constructor(
    private readonly pacer: Pacer,
    readonly id: LedgerId,
    readonly grantedAt: number,
    /** Granted into the last room of the machine's share: its answer says whether the share may grow. */
    readonly atShare: boolean,
  ) {}

  answered(at: number, served = true): Promise<void> | undefined {
    return this.pacer.settle(this, at, served);
  }
  refused(): Promise<void> | undefined {
    return this.pacer.settle(this, undefined);
  }
  notSent(): Promise<void> | undefined {
    return this.pacer.settle(this, undefined);
  }
}

/** Records a settled slot in `entries`: answered at `at`, or, `at` undefined, not counted. */
function record(entries: LedgerEntries, slot: GrantedSlot, at: number | undefined, rate: RateLimit | undefined, served: boolean): void {
  if (at === undefined) {
    entries.remove(slot.id);
    return;
  }
  entries.answer(slot.id, at);
  const state = entries.state;
  // Served after a doubt: that refusal was a stray one.
  if (served && state.suspect !== undefined && slot.grantedAt >= state.suspect) {
    delete state.suspect;
    delete state.doubts;
  }
  if (served && state.tokens !== undefined) state.tokens = Math.min(retryQuota.capacity, state.tokens + 1);
  if (slot.atShare && rate !== undefined) grow(state, at, rate);
}

/**
 * The retry quota, as AWS's SDKs keep one in their standard retry mode: a token bucket that each
 * request the service served fills by one token and each retry empties by its cost, shared by
 * the machine's processes (it lives in the pacing ledger). A retry after a transient failure (a
 * 5xx, a dropped connection) costs ten, so that those retries stay under a tenth of the requests
 * served over any stretch of time, beyond the bucket's first 500 tokens (AWS's size); a retry after a 429
 * costs five, cheaper, since the refused request was not processed and its retry waits for room
 * in the window anyway. A transient failure with the bucket short is not retried (a service
 * failing often is not helped by repeats); a 429 with the bucket short is retried after a backoff
 * (see http.ts) rather than failed.
 */
export const retryQuota = { capacity: 500, transient: 10, throttled: 5 } as const;

export type RetryKind = "transient" | "throttled";


/**
 * Sharing the window with clients this machine cannot see (other machines on the same key, with
 * no rate ledger): the machine allows itself a part of the limit, its share, which refusals cut and
 * served requests grow, as TCP shares a link (additive increase, multiplicative decrease), adapted
 * to what the service tells: a 429 says only that the window was full (or nothing at all: a busy
 * service refuses a request now and then), and, under the strictest reading of ngrok's limit, the
 * refused request itself took a place in it. So:
 * - Alone (the whole limit), a refusal its own requests do not explain is a doubt, not a cut: the
 *   machine goes on with one request in flight, and the first answer served clears it (a stray
 *   429). Three unexplained refusals with nothing served between them (a stray one's chance,
 *   squared, at most) mean other machines share the key: the share becomes a random 89-99% of
 *   `firstPart` of the limit (a quarter: room for four or five machines, which fill the window
 *   by growing rather than overshoot it), whatever the machine held, so that machines that find
 *   each other start from the same part, the first to start included.
 * - Sharing, each unexplained refusal cuts the share, once per refusal event (requests granted
 *   before the cut, or at its very moment, into the room the refused request left, do not cut it
 *   again), by a random 10-25% times the square root of the share over `cutScale` of the limit
 *   (at most 60%): the machines holding most give most back, which brings the shares together,
 *   a small share still gives back a request or so (a cut of a fraction of a request would be
 *   followed by another refusal), and the jitter keeps machines cut together from climbing back
 *   in step.
 * - Each request served that was granted while the share held requests back grows it by
 *   `k * growthPerServed`, so that a machine grows by `3k` eightieths of its share a window and
 *   the machines on the key together by `3k` eightieths of the limit, however many they are
 *   (growing by as much each, five machines would overshoot the window twice as often as
 *   three): `k` a quarter in the window after a cut, doubling with each window since, up to 16,
 *   so that a machine the others have left climbs back within a few windows.
 * - A share not cut for ten windows is the whole limit again (the others are gone). Sooner, it
 *   brings a whole window's burst back among machines still sharing it.
 * Starting from the whole limit costs a lone machine nothing, the common case; each process
 * starts with one request in flight, and one more with each one served (see `probe`).
 */
const firstPart = 0.25;
const cutScale = 0.25;
const maxCut = 0.6;
const maxGrowth = 16;
/** Times `k`, what each request served at the share adds to it. */
const growthPerServed = 3 / 80;
const shareForgottenWindows = 10;
/** Unexplained refusals in a row, nothing served between them, that tell a crowded key from stray 429s. */
const crowdedAfter = 3;

function grow(state: LedgerState, at: number, rate: RateLimit): void {
  if (state.share === undefined) return;
  const k = Math.min(maxGrowth, 0.25 * 2 ** Math.max(0, (at - state.cutAt) / rate.windowMs - 1));
  const share = state.share + k * growthPerServed;
  if (share >= rate.limit) delete state.share;
  else state.share = share;
}

/**
 * The requests the machine may have in the window at `now` besides those refused for the others'
 * (which took a place in it under the strict reading, and say in any case when to try again):
 * its share, or the whole limit.
 */
function capOf(state: LedgerState, now: number, rate: RateLimit): number {
  if (state.share === undefined) return rate.limit;
  if (now - state.cutAt > shareForgottenWindows * rate.windowMs) {
    delete state.share;
    return rate.limit;
  }
  return Math.min(rate.limit, Math.max(1, Math.floor(state.share)));
}

/**
 * While the machine has a share, its requests go one at a time, spaced by a window over the share
 * on average (jittered from a quarter to one and a quarter times that): machines whose windows free at
 * the same moments (they started together) do not all send into the same instant, and a refusal
 * cuts the share before the next request rather than after a burst of them.
 */
function spacedUntil(state: LedgerState): number {
  return state.share === undefined ? -Infinity : state.after ?? -Infinity;
}

function space(state: LedgerState, now: number, rate: RateLimit, random: () => number): void {
  if (state.share === undefined) {
    delete state.after;
    return;
  }
  state.after = now + (rate.windowMs / state.share) * (0.25 + random());
}

/** The machine's requests refused for the others' within the window at `now`. */
function recentRefusals(state: LedgerState, now: number, rate: RateLimit): number[] {
  const refused = state.refused;
  if (refused === undefined) return [];
  while (refused.length > 0 && refused[0]! <= now - rate.windowMs - marginMs) refused.shift();
  if (refused.length === 0) delete state.refused;
  return refused;
}

/** What the machine holds of the window at `now` against its share: its requests, and its refusals for the others'. */
function heldOf(entries: LedgerEntries, now: number, rate: RateLimit): number {
  return inWindow(entries, now, rate) + recentRefusals(entries.state, now, rate).length;
}

interface Waiter {
  resolve: (slot: Slot) => void;
  reject: (err: unknown) => void;
}

export interface PacerOptions {
  /** The longest an attempt can take: an in-flight request holds its slot at most this long past the grant. */
  attemptTimeoutMs: number;
  /** Where the slots live; default in memory (this process only). */
  ledger?: Ledger;
  /** Default the system's. */
  clock?: Clock;
  /** Draws the jitter of a cut in [0, 1); default Math.random. */
  random?: () => number;
  /** A window shared with other machines (a rate ledger): each request also takes a lease of it. */
  leases?: SharedLeases;
  /** Requests in flight at the start (see `probe`); default 1. */
  inFlightAtStart?: number;
  /**
   * The learning's cuts scaled by this (default 1, the rule): the simulator's rows of the trade
   * between the runners' spread and the refusals (bench/runners.ts) vary it.
   */
  cutDepth?: number;
}

export class Pacer {
  private rate: RateLimit | undefined;
  private ledger: Ledger;
  private readonly attemptTimeoutMs: number;
  /** Retries first (they were refused already), then first attempts, each in arrival order. */
  private readonly retries: Waiter[] = [];
  private readonly fresh: Waiter[] = [];
  private pumping = false;
  private wake: (() => void) | undefined;
  private settledWaiters: (() => void)[] = [];
  private readonly instance = randomBytes(6).toString("hex");
  private seq = 0;
  /** This process's requests in flight (until their settling is recorded). */
  private readonly inFlight = new Set<GrantedSlot>();
  /** Until then, refusals are another client's doing: its requests were counted in the window. */
  private othersUntil = 0;
  private readonly random: () => number;
  /**
   * The requests this process may have in flight at once: at its start and after a refusal one,
   * then one more with each answer served (so doubling each round trip) until the limit lifts it,
   * as TCP starts a connection. A process that starts (or goes on) into a window other machines
   * fill meets them with one refused request, not a burst of them; alone, it loses a few round
   * trips at its start.
   */
  private probe: number;

  /**
   * `rate` undefined: pacing off. Requests go out at once, but their slots are still kept, so
   * that a refusal can be told apart (this process's own burst, or someone else's requests) and
   * the pacer can start pacing to the limit the service states (see `learn`).
   */
  private readonly clock: Clock;
  private readonly leases: SharedLeases | undefined;
  private readonly cutDepth: number;

  constructor(rate: RateLimit | undefined, options: PacerOptions) {
    if (rate !== undefined && (!(rate.limit >= 1) || !(rate.windowMs > 0))) {
      throw new RangeError(`invalid rate limit ${rate.limit}/${rate.windowMs}ms`);
    }
    this.rate = rate;
    this.ledger = options.ledger ?? new MemoryLedger();
    this.attemptTimeoutMs = options.attemptTimeoutMs;
    this.clock = options.clock ?? systemClock;
    this.random = options.random ?? Math.random;
    this.leases = options.leases;
    this.probe = options.inFlightAtStart ?? 1;
    this.cutDepth = options.cutDepth ?? 1;
  }

  private now(): number {
    return this.clock.now();
  }

  /** The limit it paces to now; undefined while pacing is off and no refusal has stated one. */
  get pacing(): RateLimit | undefined {
    return this.rate;
  }

  /** True when other processes share the budget's ledger. */
  get shared(): boolean {
    return this.ledger.shared;
  }

  /** Resolves with a slot when one more request may be sent; retries go before first attempts. */
  acquire(retry = false): Promise<Slot> {
    return this.leases === undefined || this.rate === undefined ? this.acquireHere(retry) : this.acquireLeased(this.leases, this.rate, retry);
  }

  /**
   * A lease of the shared window first (its turn among every machine's requests), then the
   * machine's own slot, which the lease leaves room for unless the machine learnt of a client
   * outside the ledger. Without a lease (the ledger cannot be used), the machine's slot alone.
   */
  private async acquireLeased(leases: SharedLeases, rate: RateLimit, retry: boolean): Promise<Slot> {
    const lease = await leases.take(rate);
    let slot: Slot;
    try {
      slot = await this.acquireHere(retry);
    } catch (err) {
      await lease?.notSent();
      throw err;
    }
    return lease === undefined ? slot : new LeasedSlot(slot, lease);
  }

  private acquireHere(retry: boolean): Promise<Slot> {
    const now = this.grantNow();
    if (now) return Promise.resolve(now);
    if (this.rate === undefined) return this.take(1).then(([slot]) => slot!);
    return new Promise<Slot>((resolve, reject) => {
      (retry ? this.retries : this.fresh).push({ resolve, reject });
      void this.pump();
    });
  }

  /**
   * A 429 stated the account's limit (or the API's documented one when it did not): pace to it
   * from now on if pacing was off, or if it is stricter than the configured one.
   */
  learn(stated: RateLimit): void {
    if (this.rate === undefined || stated.limit / stated.windowMs < this.rate.limit / this.rate.windowMs) {
      this.rate = { ...stated };
      this.wake?.();
    }
  }

  /**
   * A refusal (429) whose answer arrived at `at`, of a request granted at `grantedAt`, judged
   * against `rate` (the limit the service stated): false when the requests this pacer knows of (this process's, and those of processes
   * sharing the ledger) fill the window, so that waiting for one of them to leave it is enough;
   * true when another client of the same key spends the budget, or has within the last window.
   *
   * The service refuses only when its window is full, so the part of it this pacer does not know
   * of is another client's (a CI runner on another machine, with a ledger of its own): the
   * machine's share is cut (see `grow` above for the scheme). Refused requests then wait for room
   * in the share like any other instead of being refused again at once.
   */
  async refusal(at: number, rate: RateLimit, grantedAt = at): Promise<boolean> {
    const explained = await this.explains(at, rate);
    this.learn(rate);
    if (!explained) {
      const jitter = this.random();
      await this.transact((entries) => {
        const state = entries.state;
        if (state.suspect !== undefined && at - state.suspect > rate.windowMs) {
          delete state.suspect;
          delete state.doubts;
        }
        if (state.share === undefined && grantedAt >= state.cutAt) {
          // Alone: a doubt, until enough refusals in a row with nothing served between them.
          if (state.suspect !== undefined && grantedAt < state.suspect) return;
          const doubts = (state.doubts ?? 0) + 1;
          if (doubts < crowdedAfter) {
            state.suspect = at;
            state.doubts = doubts;
            return;
          }
        }
        // A refused request took a place in the window, under the strict reading; a doubt's did too.
        const refused = (state.refused ??= []);
        if (state.suspect !== undefined) refused.push(state.suspect);
        refused.push(at);
        delete state.suspect;
        delete state.doubts;
        // Granted at the very moment of the cut (into the room the refused request left): the same event.
        if (grantedAt <= state.cutAt) return;
        const share = state.share;
        if (share === undefined) {
          state.share = Math.max(1, rate.limit * firstPart * (0.89 + 0.1 * jitter));
        } else {
          const base = Math.min(share, Math.max(entries.countAfter(at - rate.windowMs - marginMs), rate.limit / 2));
          const cut = Math.min(maxCut, this.cutDepth * (0.1 + 0.15 * jitter) * Math.sqrt(base / (rate.limit * cutScale)));
          state.share = Math.max(1, base * (1 - cut));
        }
        state.cutAt = this.now();
      });
      this.othersUntil = Math.max(this.othersUntil, at + rate.windowMs);
      this.wake?.();
    }
    this.probe = 1;
    return !explained || at < this.othersUntil;
  }

  /** Takes the cost of one retry of `kind` from the machine's retry quota; false when it is short. */
  async spendRetry(kind: RetryKind): Promise<boolean> {
    const cost = retryQuota[kind];
    return this.transact((entries) => {
      const state = entries.state;
      const tokens = state.tokens ?? retryQuota.capacity;
      if (tokens < cost) return false;
      state.tokens = tokens - cost;
      return true;
    });
  }

  /** The tokens left in the machine's retry quota. */
  async retryTokens(): Promise<number> {
    return (await this.read()).state.tokens ?? retryQuota.capacity;
  }

  /** The part of the limit the machine allows itself now (the limit, until a refusal shows other machines' requests). */
  async share(): Promise<number | undefined> {
    const rate = this.rate;
    if (rate === undefined) return undefined;
    const entries = await this.read();
    return capOf(entries.state, this.now(), rate);
  }

  /**
   * Whether requests the service answered fill the window of a refusal that arrived at `at`.
   * Requests still in flight may be refused too, so this first waits (briefly) for this
   * process's requests granted before `at` to be answered.
   */
  private async explains(at: number, rate: RateLimit): Promise<boolean> {
    const deadline = this.now() + settleWaitMs;
    while (this.inFlightGrantedBefore(at) && this.now() < deadline) {
      await new Promise<void>((resolve) => {
        const cancel = this.clock.setTimer(resolve, Math.max(1, deadline - this.now()));
        this.settledWaiters.push(() => {
          cancel();
          resolve();
        });
      });
    }
    const entries = await this.read();
    return entries.answeredAfter(at - rate.windowMs) >= rate.limit;
  }

  /** How long until a slot frees, as far as this pacer knows (0 when one is free now). */
  async nextRoomInMs(): Promise<number> {
    const rate = this.rate;
    if (rate === undefined) return 0;
    const entries = await this.read();
    const now = this.now();
    return Math.max(0, roomAt(entries, now, rate) - now);
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      for (;;) {
        const queued = this.retries.length + this.fresh.length;
        if (queued === 0) return;
        // Requests queue only while pacing, and pacing, once on, stays on.
        const rate = this.rate!;
        const entries = await this.read();
        const now = this.now();
        const probing = this.probing();
        if (probing === 0) {
          // An answer (which wakes this) opens the next one.
          await this.sleep(this.attemptTimeoutMs);
          continue;
        }
        if (heldOf(entries, now, rate) < capOf(entries.state, now, rate) && now >= spacedUntil(entries.state)) {
          const slots = await this.take(Math.min(queued, probing), rate);
          for (const slot of slots) this.next()!.resolve(slot);
          if (slots.length > 0) continue;
        }
        const latest = await this.read();
        const later = this.now();
        let wait = Math.max(roomAt(latest, later, rate), spacedUntil(latest.state)) - later;
        if (this.ledger.shared) wait = Math.min(wait, sharedPollMs);
        await this.sleep(Math.max(1, wait));
      }
    } catch (err) {
      for (const w of [...this.retries.splice(0), ...this.fresh.splice(0)]) w.reject(err);
    } finally {
      this.pumping = false;
    }
  }

  /**
   * A slot granted at once, without a promise per step, when the ledger is this process's alone,
   * nothing waits before this request and the window has room (the common case, whose cost every
   * request pays); else undefined, and `acquire` waits for one.
   */
  grantNow(): GrantedSlot | undefined {
    const ledger = this.ledger;
    if (!(ledger instanceof MemoryLedger) || this.leases !== undefined || this.pumping || this.retries.length + this.fresh.length > 0) return undefined;
    const now = this.now();
    const entries = ledger.entries;
    entries.prune(now - this.pruneWindowMs() - marginMs);
    const rate = this.rate;
    let atShare = false;
    if (this.probing() === 0) return undefined;
    if (rate !== undefined) {
      const held = heldOf(entries, now, rate);
      const cap = capOf(entries.state, now, rate);
      if (held >= cap || now < spacedUntil(entries.state)) return undefined;
      atShare = held + 1 >= cap && cap < rate.limit;
      space(entries.state, now, rate, this.random);
    }
    return this.grant(entries, now, atShare);
  }

  /** Records a new in-flight request granted at `now` in `entries`. */
  private grant(entries: LedgerEntries, now: number, atShare: boolean): GrantedSlot {
    // Ids need to be unique across processes only in a shared ledger.
    const id = this.ledger.shared ? `${this.instance}.${(this.seq++).toString(36)}` : this.seq++;
    entries.grant(id, now + this.attemptTimeoutMs);
    const slot = new GrantedSlot(this, id, now, atShare);
    this.inFlight.add(slot);
    return slot;
  }

  /** Whether a request granted before `at` is still in flight (asked only when judging a refusal). */
  private inFlightGrantedBefore(at: number): boolean {
    for (const slot of this.inFlight) if (slot.grantedAt < at) return true;
    return false;
  }

  /** Entries older than this (and the margin) can no longer be counted by any window this pacer judges. */
  private pruneWindowMs(): number {
    return Math.max(this.rate?.windowMs ?? 0, apiRateLimit.windowMs);
  }

  private next(): Waiter | undefined {
    return this.retries.shift() ?? this.fresh.shift();
  }

  /** Records up to `wanted` new in-flight requests (as many as the window has room for when paced). */
  private take(wanted: number, rate?: RateLimit): Promise<GrantedSlot[]> {
    return this.transact((entries) => {
      const now = this.now();
      if (rate === undefined) return Array.from({ length: wanted }, () => this.grant(entries, now, false));
      const held = heldOf(entries, now, rate);
      const cap = capOf(entries.state, now, rate);
      const state = entries.state;
      if (state.share !== undefined) {
        // Waited for: the share, not the demand, held it back, so its answer may grow the share.
        if (held >= cap || now < spacedUntil(state)) return [];
        space(state, now, rate, this.random);
        return [this.grant(entries, now, true)];
      }
      const room = Math.min(wanted, cap - held);
      const slots: GrantedSlot[] = [];
      for (let i = 0; i < room; i++) slots.push(this.grant(entries, now, false));
      return slots;
    });
  }

  /**
   * Settles `slot` (once; later calls do nothing): answered at `at`, or, `at` undefined, not
   * counted. Called by the slot's own methods. In memory it is done on return, with no promise.
   */
  settle(slot: GrantedSlot, at: number | undefined, served = false): Promise<void> | undefined {
    if (slot.settled) return undefined;
    slot.settled = true;
    const ledger = this.ledger;
    if (ledger instanceof MemoryLedger) {
      record(ledger.entries, slot, at, this.rate, served);
      this.settled(slot, at !== undefined);
      return undefined;
    }
    return this.transact((entries) => record(entries, slot, at, this.rate, served)).then(
      () => this.settled(slot, at !== undefined),
      () => this.settled(slot, false),
    );
  }

  /** How many more requests may be in flight now (see `probe`). */
  private probing(): number {
    return this.probe === Infinity ? Infinity : Math.max(0, this.probe - this.inFlight.size);
  }

  /** After a slot's settling is recorded: wakes whatever waits on one. */
  private settled(slot: GrantedSlot, served: boolean): void {
    this.inFlight.delete(slot);
    if (served && this.probe !== Infinity) this.probe = this.probe + 1 >= (this.rate?.limit ?? 1) ? Infinity : this.probe + 1;
    if (this.settledWaiters.length > 0) for (const resolve of this.settledWaiters.splice(0)) resolve();
    this.wake?.();
  }

  /** A ledger that fails (a read-only or full disk) is replaced by memory: pacing goes on, unshared. */
  private async transact<T>(change: (entries: LedgerEntries) => T): Promise<T> {
    const windowMs = this.pruneWindowMs();
    const withPruning = (entries: LedgerEntries): T => {
      entries.prune(this.now() - windowMs - marginMs);
      return change(entries);
    };
    try {
      return await this.ledger.transact(withPruning);
    } catch {
      this.ledger = new MemoryLedger();
      return this.ledger.transact(withPruning);
    }
  }

  private async read(): Promise<LedgerEntries> {
    try {
      return await this.ledger.peek();
    } catch {
      this.ledger = new MemoryLedger();
      return this.ledger.peek();
    }
  }

  /** Sleeps `ms`, or less when a local slot settles or the limit changes. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        cancel();
        if (this.wake === done) this.wake = undefined;
        resolve();
      };
      const cancel = this.clock.setTimer(done, ms);
      this.wake = done;
    });
  }
}

/** Slots the service may still count at `now`. */
function inWindow(entries: LedgerEntries, now: number, rate: RateLimit): number {
  return entries.countAfter(now - rate.windowMs - marginMs);
}

/** When the window next has room for one more request of the machine (only asked when it has none, so rarely). */
function roomAt(entries: LedgerEntries, now: number, rate: RateLimit): number {
  const cap = capOf(entries.state, now, rate);
  if (heldOf(entries, now, rate) < cap) return now;
  const times = [...entries.allTimes(), ...recentRefusals(entries.state, now, rate)]
    .map((t) => t + rate.windowMs + marginMs)
    .filter((free) => free > now)
    .sort((a, b) => a - b);
  if (times.length < cap) return now;
  return times[times.length - cap]!;
}

/** Parses "N/SECONDS" (e.g. "120/60") or "off". */
export function parseRateLimit(text: string): RateLimit | false {
  const t = text.trim().toLowerCase();
  if (t === "off" || t === "false" || t === "0") return false;
  const m = /^(\d+)\s*\/\s*(\d+(?:\.\d+)?)\s*s?$/.exec(t);
  if (!m) throw new Error(`invalid rate limit "${text}": expected "<requests>/<seconds>", e.g. "120/60", or "off"`);
  return { limit: Number(m[1]), windowMs: Number(m[2]) * 1000 };
}

/** The limit a 429's message states: "Your account is rate limited to 120 API requests per 60 seconds." */
export function statedRateLimit(message: string): RateLimit | undefined {
  const m = /rate limited to (\d+) (?:api )?requests? per (\d+(?:\.\d+)?) seconds?/i.exec(message);
  if (!m) return undefined;
  const limit = Number(m[1]);
  const windowMs = Number(m[2]) * 1000;
  return limit >= 1 && windowMs > 0 ? { limit, windowMs } : undefined;
}

/** "120/60", the form ngrok:rateLimit takes. */
export function formatRateLimit(rate: RateLimit): string {
  return `${rate.limit}/${Number((rate.windowMs / 1000).toFixed(3))}`;
}
