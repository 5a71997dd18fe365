/**
 * Reads of one resource kind served from walks of the kind's list. A refresh reads every
 * resource of a stack, many at once, and one list page answers up to 100 whole objects, while
 * the API allows 120 requests per 60 s: 500 GETs take over four minutes, a walk of 500 items five
 * requests. So, within one process:
 * - the first read waits `gatherMs` for others; a walk starts when more reads wait than the
 *   last walk of the kind took pages (one page when no walk has been made yet), so that a single
 *   read stays one GET. Reads that were answered by a GET just before count as waiting: the
 *   engine checks resources one at a time (preview's adoption lookups), so those never wait together;
 * - every later read of the kind in the process is served from the walk: a walk ends with the
 *   command (one process serves one command), never on a timer, so that a slow engine (a loaded
 *   machine) does not walk a kind twice;
 * - pages are fetched only while reads wait for them, and never more pages than reads joined the
 *   walk: when the list is far longer than the reads need (an account with thousands of the
 *   kind), the walk stops and the reads it has not served make a GET each;
 * - an id the walk did not find is read with a GET: lists may lag, so only a GET reports a
 *   resource gone; a resource created during the walk is found that way too;
 * - a write of the kind in this process (`invalidate`) ends the walk: later reads start afresh;
 * - a walk answers each id once: a deployment reads each resource once, so a second read of the
 *   same id is a new look (after a change made elsewhere, say) and gets a GET of its own.
 */
import { ApiError, keyRefused } from "../client/errors";
import type { ApiClient } from "../client/http";
import type { ApiObject } from "../contract";

export interface ListReadTiming {
  /** How long the first read waits for others before a walk or a GET is chosen. */
  gatherMs: number;
  /** Reads answered by a GET within this time count as waiting when the next reads arrive. */
  streamMs: number;
}

export const defaultListReadTiming: ListReadTiming = { gatherMs: 20, streamMs: 3000 };

/** The single GET of one item: the fallback, and the word on whether an item is gone. */
type Get = () => Promise<ApiObject>;

interface Waiter {
  client: ApiClient;
  id: string;
  get: Get;
  resolve: (item: ApiObject) => void;
  reject: (err: unknown) => void;
}

class Walk {
  readonly items = new Map<string, ApiObject>();
  /** Ids this walk has answered (or is answering). */
  readonly served = new Set<string>();
  /** Reads waiting for pages not fetched yet, by id. */
  readonly pending = new Map<string, Waiter[]>();
  /** The next page to fetch; null when the last one has been read (or the list failed). */
  next: string | null;
  pages = 0;
  /** Reads served by or waiting for this walk: its budget of pages. */
  joined = 0;
  running = false;

  constructor(
    readonly client: ApiClient,
    firstPage: string,
  ) {
    this.next = firstPage;
  }
}

/** Reads of the items of one collection (`path`, items under `listKey` in its pages). */
export class ListReads {
  private walk: Walk | undefined;
  private gathering: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** When recent reads were answered by a GET of their own. */
  private singles: number[] = [];
  /** Pages the last complete walk took: what the next one is expected to cost. */
  private walkCost = 1;

  constructor(
    private readonly path: string,
    private readonly listKey: string,
    private readonly timing: ListReadTiming = defaultListReadTiming,
    private readonly now: () => number = Date.now,
    /** Where a fall back to one GET per resource is told (the provider's events). */
    private readonly warn: (message: string) => void = () => undefined,
  ) {}

  /** The API object of item `id`: from a walk of the list, or from `get` (which throws when it is gone). */
  read(client: ApiClient, id: string, get: Get): Promise<ApiObject> {
    const walk = this.current(client);
    if (walk) return this.fromWalk(walk, id, get);
    return new Promise<ApiObject>((resolve, reject) => {
      this.gathering.push({ client, id, get, resolve, reject });
      this.timer ??= setTimeout(() => this.decide(), this.timing.gatherMs);
    });
  }

  /** A write of the kind: what the walk holds may be stale, so no later read uses it. */
  invalidate(): void {
    this.walk = undefined;
  }

  /** The walk later reads may use: the same client's (settings changed since start afresh). */
  private current(client: ApiClient): Walk | undefined {
    const walk = this.walk;
    return walk && walk.client === client ? walk : undefined;
  }

  /** End of the gathering window: one walk for all the waiting reads, or a GET each. */
  private decide(): void {
    const batch = this.gathering;
    this.gathering = [];
    this.timer = undefined;
    const t = this.now();
    this.singles = this.singles.filter((s) => t - s <= this.timing.streamMs);
    const client = batch[0]!.client;
    if (batch.length + this.singles.length > this.walkCost) {
      const walk = new Walk(client, this.path);
      this.walk = walk;
      for (const w of batch) this.settle(w.client === client ? this.fromWalk(walk, w.id, w.get) : w.get(), w);
      return;
    }
    for (const w of batch) {
      this.singles.push(t);
      this.settle(w.get(), w);
    }
  }

  private settle(answer: Promise<ApiObject>, w: Waiter): void {
    answer.then(w.resolve, w.reject);
  }

  private fromWalk(walk: Walk, id: string, get: Get): Promise<ApiObject> {
    if (walk.served.has(id)) return get();
    walk.served.add(id);
    walk.joined++;
    const item = walk.items.get(id);
    if (item) return Promise.resolve(item);
    // The whole list was read and it is not there: a GET decides (it may be newer than the walk).
    if (walk.next === null) return get();
    return new Promise<ApiObject>((resolve, reject) => {
      const waiters = walk.pending.get(id) ?? [];
      waiters.push({ client: walk.client, id, get, resolve, reject });
      walk.pending.set(id, waiters);
      if (!walk.running) void this.run(walk);
    });
  }

  /** Fetches pages while reads wait for them and the walk still costs less than their GETs. */
  private async run(walk: Walk): Promise<void> {
    walk.running = true;
    try {
      while (walk.next !== null && walk.pending.size > 0 && walk.pages < walk.joined) {
        const page = await walk.client.get<Record<string, unknown>>(walk.next);
        walk.pages++;
        const items = page?.[this.listKey];
        for (const item of Array.isArray(items) ? items : []) {
          if (!isObject(item) || typeof item.id !== "string") continue;
          walk.items.set(item.id, item);
          for (const w of walk.pending.get(item.id) ?? []) w.resolve(item);
          walk.pending.delete(item.id);
        }
        const next = page?.next_page_uri;
        walk.next = typeof next === "string" && next !== "" ? next : null;
        if (walk.next === null && this.walk === walk) this.walkCost = Math.max(1, walk.pages);
      }
    } catch (err) {
      // The list failed (after the client's retries): each read makes its own GET, which reports
      // its own error if the API is really down. Said once, since it costs a request per resource.
      // A refused key is no news here: the reads' own GETs are refused too, and the command tells
      // that once.
      walk.next = null;
      const reason = (err instanceof Error ? err.message : String(err)).split("\n")[0];
      if (!(err instanceof ApiError && keyRefused(err))) {
        this.warn(`reading ${this.path} from its list failed (${reason}); reading its ${walk.pending.size} remaining resources one GET each`);
      }
    } finally {
      walk.running = false;
    }
    // Whatever the pages fetched did not hold is read on its own.
    for (const [id, waiters] of walk.pending) {
      walk.pending.delete(id);
      const answer = waiters[0]!.get();
      for (const w of waiters) this.settle(answer, w);
    }
  }
}

function isObject(value: unknown): value is ApiObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
