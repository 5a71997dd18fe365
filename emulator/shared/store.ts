// In-memory state of the emulated account, with optional atomic persistence to a JSON file.
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from "node:fs";
import { dirname, basename, join } from "node:path";
import { IdGenerator, randomBase62 } from "./ids";
import type { JsonObject } from "./validate";

/** One stored resource. `data` holds the API fields the service stores (snake_case). */
export interface Rec {
  id: string;
  created_at: string;
  /** Id of the owning resource for sub-collections (a route's edge). */
  parent_id?: string;
  data: JsonObject;
  /** Edge module configurations by module name (HTTPS routes and TLS edges). */
  modules: Record<string, JsonObject>;
}

interface StateFile {
  version: 1;
  account: { user_id: string };
  collections: Record<string, Rec[]>;
  /** Opaque live state (tunnel sessions etc.) owned by the live-state module. */
  live?: unknown;
}

export class Store {
  readonly ids: IdGenerator;
  readonly userId: string;
  private readonly collections = new Map<string, Map<string, Rec>>();
  /** Live-state snapshot, persisted as given. */
  live: unknown = undefined;

  private constructor(userId: string, private readonly statePath: string | undefined, now: () => number) {
    this.userId = userId;
    this.ids = new IdGenerator(now);
  }

  /** Opens the store; loads `statePath` when the file exists. `now` is the clock its ids come from. */
  static open(statePath: string | undefined, now: () => number): Store {
    if (statePath !== undefined && existsSync(statePath)) {
      let parsed: StateFile;
      try {
        parsed = JSON.parse(readFileSync(statePath, "utf8")) as StateFile;
      } catch (err) {
        throw new Error(`${statePath}: not a readable emulator state file (${err instanceof Error ? err.message : String(err)})`);
      }
      if (parsed.version !== 1 || typeof parsed.account?.user_id !== "string" || typeof parsed.collections !== "object") {
        throw new Error(`${statePath}: not an emulator state file of version 1`);
      }
      const store = new Store(parsed.account.user_id, statePath, now);
      for (const [kind, recs] of Object.entries(parsed.collections)) {
        const map = store.collection(kind);
        for (const rec of recs) {
          map.set(rec.id, { ...rec, modules: rec.modules ?? {} });
          store.ids.observe(rec.id);
        }
      }
      store.live = parsed.live;
      return store;
    }
    return new Store(`usr_${randomBase62(27)}`, statePath, now);
  }

  collection(kind: string): Map<string, Rec> {
    let map = this.collections.get(kind);
    if (map === undefined) {
      map = new Map();
      this.collections.set(kind, map);
    }
    return map;
  }

  get(kind: string, id: string): Rec | undefined {
    return this.collections.get(kind)?.get(id);
  }

  /** Records of a kind, oldest first. */
  all(kind: string): Rec[] {
    return [...this.collection(kind).values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /**
   * Writes the whole state atomically: a temporary file in the same directory, then rename,
   * so a crash mid-write never leaves a truncated state file behind.
   */
  save(): void {
    if (this.statePath === undefined) return;
    const state: StateFile = {
      version: 1,
      account: { user_id: this.userId },
      collections: Object.fromEntries([...this.collections].map(([kind, map]) => [kind, [...map.values()]])),
      live: this.live,
    };
    const dir = dirname(this.statePath);
    mkdirSync(dir, { recursive: true });
    const tmp = join(dir, `.${basename(this.statePath)}.${process.pid}.${randomBase62(8)}.tmp`);
    writeFileSync(tmp, JSON.stringify(state, null, 1));
    renameSync(tmp, this.statePath);
  }
}
