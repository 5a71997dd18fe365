/**
 * The sweeper (`make sweep`): deletes every object of the account that carries the run mark and is
 * older than `minAgeMs`, and nothing else. The collections are every collection binding of
 * provider/definitions (items under a parent go with it); an object carries the mark when one of
 * its own string fields (or strings of a list field) contains it: description, metadata, name,
 * domain, url, ... An object without `created_at` (`createdAt` on the AI Gateway API) is kept.
 * Each API (the management API, the AI Gateway API) is swept with its own key: `collections(api)`
 * are the collections bound on it. Singletons (the AI Gateway configuration) are never touched.
 */
import { definitions, isBoundKind, type ResourceKind } from "../../provider";
import { Api, refusal } from "./api";
import { RUN_MARK, type ApiName } from "./plans";

export interface SweepOptions {
  /** Objects younger than this are kept (a run under way). */
  minAgeMs: number;
  /** Default RUN_MARK: every run; a run's own prefix sweeps only that run. */
  mark?: string;
  /** The API `api` is a client of (default the management API): which collections it lists. */
  apiName?: ApiName;
  now?: () => number;
  log?: (line: string) => void;
}

export interface SweepResult {
  /** "<path>/<id>" of each object deleted. */
  deleted: string[];
  /** Objects carrying the mark that were kept (too young), "<path>/<id>". */
  young: string[];
  /** Objects that could not be deleted, with why. */
  failed: string[];
  /** Objects seen without the mark. */
  unmarked: number;
}

interface Collection {
  path: string;
  listKey: string | undefined;
}

/** Every collection the definitions bind on one API, once each. */
export function collections(apiName: ApiName = "management"): Collection[] {
  const seen = new Map<string, Collection>();
  for (const kind of Object.keys(definitions) as ResourceKind[]) {
    if (!isBoundKind(kind)) continue;
    const b = definitions[kind].binding as { kind: string; path: string; listKey?: string; api?: string };
    if ((b.api === "ai-gateway" ? "ai-gateway" : "management") !== apiName) continue;
    if (b.kind !== "collection" || seen.has(b.path)) continue;
    seen.set(b.path, { path: b.path, listKey: b.listKey });
  }
  return [...seen.values()];
}

const strings = (v: unknown): string[] => (typeof v === "string" ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

export function carriesMark(item: Record<string, unknown>, mark: string): boolean {
  return Object.entries(item).some(([k, v]) => k !== "uri" && k !== "id" && strings(v).some((s) => s.includes(mark)));
}

async function listAll(api: Api, c: Collection, log: (line: string) => void): Promise<Record<string, unknown>[] | undefined> {
  const items: Record<string, unknown>[] = [];
  let next: string | undefined = `${c.path}?limit=100`;
  while (next !== undefined) {
    const a = await api.call("GET", next);
    if (a.status !== 200 || a.json === undefined) {
      log(`sweep: cannot list ${c.path}: ${refusal(a)}`);
      return undefined;
    }
    const key = c.listKey ?? Object.keys(a.json).find((k) => Array.isArray(a.json![k]));
    const page = (key === undefined ? [] : (a.json[key] as unknown[])) as Record<string, unknown>[];
    items.push(...page);
    const uri = a.json["next_page_uri"] ?? a.json["nextPageUri"];
    next = typeof uri === "string" && uri !== "" && page.length > 0 ? uri : undefined;
  }
  return items;
}

export async function sweep(api: Api, options: SweepOptions): Promise<SweepResult> {
  const mark = options.mark ?? RUN_MARK;
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  const result: SweepResult = { deleted: [], young: [], failed: [], unmarked: 0 };
  let doomed: { path: string; id: string; label: string }[] = [];
  for (const c of collections(options.apiName)) {
    const items = await listAll(api, c, log);
    for (const item of items ?? []) {
      const id = String(item["id"]);
      if (!carriesMark(item, mark)) {
        result.unmarked++;
        continue;
      }
      const at = item["created_at"] ?? item["createdAt"];
      const created = typeof at === "string" ? Date.parse(at) : NaN;
      if (!(now() - created >= options.minAgeMs)) {
        result.young.push(`${c.path}/${id}`);
        continue;
      }
      const label = strings(item["description"] ?? item["name"] ?? item["domain"] ?? item["url"])[0] ?? "";
      doomed.push({ path: c.path, id, label });
    }
  }
  // Children first would need the references between kinds: passes do the same, the ones a
  // parent's delete refused (a vault that still holds secrets) going again after their children.
  for (let pass = 0; pass < 4 && doomed.length > 0; pass++) {
    const again: typeof doomed = [];
    for (const d of doomed) {
      const a = await api.call("DELETE", `${d.path}/${d.id}`);
      if (a.status === 204 || a.status === 200 || a.status === 404) {
        result.deleted.push(`${d.path}/${d.id}`);
        log(`sweep: deleted ${d.path}/${d.id} (${d.label})`);
      } else if (pass === 3) {
        result.failed.push(`${d.path}/${d.id}: ${refusal(a)}`);
        log(`sweep: could not delete ${d.path}/${d.id}: ${refusal(a)}`);
      } else again.push(d);
    }
    doomed = again;
  }
  return result;
}
