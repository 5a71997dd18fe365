/**
 * The list walks lookups share. A program's lookups of one kind (by id or by natural key, promise
 * or Output form, whenever they run) are answered from one walk of the kind's list, pages of 100,
 * made once per process: one process runs one program (the dynamic door) or serves one command
 * (the plugin), and the API allows 120 requests per 60 s, so 50 lookups must not cost 50 requests.
 *
 * - A lookup by natural key needs the whole list (a second match is an error): it reads every page.
 * - A lookup by id reads pages only while it waits for them and the walk has taken fewer pages
 *   than lookups by id joined it, so that a few lookups in a list of thousands cost a few
 *   requests; what the pages read do not hold is read with a GET (lists may lag, and only a GET
 *   says a resource is gone).
 * - A walk that began before a lookup cannot show what the program made since (the dynamic door
 *   makes resources in another process): a lookup by key that it does not answer, or a lookup that
 *   waits on resources (`dependsOn`), starts a walk of its own, which later lookups share.
 * - A write of the kind in this process ends its walks.
 *
 * The list `filter` parameter is not used: one unfiltered walk answers every lookup of the kind,
 * where a filter would cost a request per lookup.
 */
import type { ReadResult } from "../contract";

/** One walk of one list: the items its pages held, and the lookups waiting for more. */
export class ListWalk {
  private readonly found: ReadResult[] = [];
  private readonly byId = new Map<string, ReadResult>();
  private done = false;
  private failure: { error: unknown } | undefined;
  private pages = 0;
  /** Lookups by id that waited for pages: the walk's budget of pages unless one needs them all. */
  private joined = 0;
  private wantsAll = false;
  private running = false;
  private readonly waitingIds = new Map<string, ((item: ReadResult | undefined) => void)[]>();
  private waitingAll: { resolve: (items: readonly ReadResult[]) => void; reject: (err: unknown) => void }[] = [];
  private readonly source: AsyncIterator<ReadResult[]>;

  constructor(
    /** The lookup count when the walk began: lookups begun later may not find what they need in it. */
    readonly began: number,
    pages: AsyncIterable<ReadResult[]>,
  ) {
    this.source = pages[Symbol.asyncIterator]();
  }

  /** Whether the walk failed: a later lookup starts a new one. */
  get failed(): boolean {
    return this.failure !== undefined;
  }

  /** The item with this id, if the pages the walk reads for it hold it. */
  item(id: string): Promise<ReadResult | undefined> {
    const hit = this.byId.get(id);
    if (hit || this.done) return Promise.resolve(hit);
    this.joined++;
    return new Promise((resolve) => {
      const waiting = this.waitingIds.get(id) ?? [];
      waiting.push(resolve);
      this.waitingIds.set(id, waiting);
      void this.pump();
    });
  }

  /** Every item of the list. */
  all(): Promise<readonly ReadResult[]> {
    if (this.failure) return Promise.reject(this.failure.error);
    if (this.done) return Promise.resolve(this.found);
    this.wantsAll = true;
    return new Promise((resolve, reject) => {
      this.waitingAll.push({ resolve, reject });
      void this.pump();
    });
  }

  private wanted(): boolean {
    return !this.done && (this.wantsAll || (this.waitingIds.size > 0 && this.pages < this.joined));
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.wanted()) {
        const next = await this.source.next();
        if (next.done) {
          this.done = true;
          break;
        }
        this.pages++;
        for (const item of next.value) {
          if (this.byId.has(item.id)) continue;
          this.found.push(item);
          this.byId.set(item.id, item);
          for (const resolve of this.waitingIds.get(item.id) ?? []) resolve(item);
          this.waitingIds.delete(item.id);
        }
      }
    } catch (error) {
      this.failure = { error };
      this.done = true;
    } finally {
      this.running = false;
    }
    if (this.done) {
      const waiting = this.waitingAll;
      this.waitingAll = [];
      for (const w of waiting) this.failure ? w.reject(this.failure.error) : w.resolve(this.found);
    }
    // Out of pages or of budget: the ids not found are each read with a GET.
    for (const [id, waiting] of this.waitingIds) {
      this.waitingIds.delete(id);
      for (const resolve of waiting) resolve(undefined);
    }
  }
}

/** The walks of one provider, by kind and list. */
export class LookupWalks {
  private count = 0;
  private readonly walks = new Map<string, { kind: string; walk: ListWalk }>();

  /** A lookup begins: its number, to tell the walks begun before it. */
  begin(): number {
    return ++this.count;
  }

  /**
   * The walk of the list `list` of `kind` a lookup uses; `since`: one begun at or after the
   * lookup numbered `since` (a fresh one if the current one began earlier).
   */
  walk(kind: string, list: string, pages: () => AsyncIterable<ReadResult[]>, since?: number): ListWalk {
    const key = `${kind}\u0000${list}`;
    const current = this.walks.get(key)?.walk;
    if (current && !current.failed && (since === undefined || current.began >= since)) return current;
    const walk = new ListWalk(this.count, pages());
    this.walks.set(key, { kind, walk });
    return walk;
  }

  /**
   * The items of a list that a lookup by key (numbered `begun`) matches, from the walk it shares;
   * when that walk began before the lookup and holds none, what the program made since may be it:
   * from a new walk, which later lookups share. `fresh`: no walk begun before the lookup serves it.
   */
  async matching(kind: string, list: string, pages: () => AsyncIterable<ReadResult[]>, begun: number, fresh: boolean, matches: (item: ReadResult) => boolean): Promise<ReadResult[]> {
    const inWalk = async (w: ListWalk) => (await w.all()).filter(matches);
    const shared = this.walk(kind, list, pages, fresh ? begun : undefined);
    const found = await inWalk(shared);
    if (found.length > 0 || shared.began >= begun) return found;
    return inWalk(this.walk(kind, list, pages, begun));
  }

  /** A write of `kind`: what its walks hold may be stale. */
  invalidate(kind: string): void {
    for (const [key, { kind: k }] of this.walks) if (k === kind) this.walks.delete(key);
  }
}
