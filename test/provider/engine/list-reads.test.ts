/**
 * Reads served from list pages: the concurrent reads of a refresh share walks of their kind's
 * list instead of one GET each, against the emulator over loopback (requests counted from its
 * log). Each refresh uses a fresh provider (`fresh`), as each `pulumi refresh` starts its own
 * provider process.
 */
import { startEmulator, type Emulator } from "../../../emulator";
import { Provider, readSettings, type ResourceKind } from "../../../provider";
import { ListReads, defaultListReadTiming } from "../../../provider/engine/read-batch";
import { call, missingId } from "../../support/api";

type Props = Record<string, unknown>;
interface Managed {
  kind: ResourceKind;
  id: string;
  /** The outputs in state, as the last create or refresh left them. */
  outs: Props;
}

const COUNT = 250;
let emu: Emulator;
let credentials: Managed[];
let domains: Managed[];

let config: Record<string, string> = {};
const providers: Provider[] = [];

/** Provider settings for the emulator; the API's pacing is tested elsewhere, so it is off here. */
function useSettings(extra: Record<string, string> = {}): void {
  config = {
    "ngrok:apiKey": emu.apiKey,
    "ngrok:apiBaseUrl": emu.url,
    "ngrok:rateLimit": "off",
    ...extra,
  };
}

/** A fresh provider process's provider: the stack config of `useSettings`, then the environment. */
function fresh(): Provider {
  const provider = new Provider({ settings: readSettings((key) => config[key]) });
  providers.push(provider);
  return provider;
}

/** The requests since the last clear, as "METHOD /path?query". */
const lines = () => emu.requests.map((r) => `${r.method} ${r.path}${r.query}`);
/** GETs of list pages (the collection itself, first page without a query). */
const pages = (ls: string[]) => ls.filter((l) => /^GET \/(credentials|reserved_domains)(\?|$)/.test(l));

/** Reads every resource at once through a fresh provider, as a refresh does. */
async function refresh(resources: Managed[]): Promise<{ results: { id: string; props: Props }[]; requests: string[] }> {
  const provider = fresh();
  emu.clearRequests();
  const results = await Promise.all(resources.map((r) => provider.handler(r.kind).read(r.id, r.outs)));
  return { results, requests: lines() };
}

const unchanged = (resources: Managed[]) => resources.map((r) => ({ id: r.id, props: r.outs }));
const byId = (a: Managed, b: Managed) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

beforeAll(async () => {
  emu = await startEmulator({ rateLimit: false });
  useSettings();
  const provider = fresh();
  const make = (kind: ResourceKind, inputs: (i: number) => Props) =>
    Promise.all(
      Array.from({ length: COUNT }, async (_, i) => {
        const created = await provider.handler(kind).create(inputs(i));
        return { kind, id: created.id, outs: created.outs };
      }),
    );
  credentials = await make("Credential", (i) => ({ description: `agent ${i}`, acl: [`bind:d${i}.example.com`] }));
  domains = await make("ReservedDomain", (i) => ({ domain: `d${i}.example.com`, description: `app ${i}` }));
}, 120_000);

afterAll(async () => {
  await Promise.all(providers.map((p) => p.close()));
  await emu.close();
});

beforeEach(() => useSettings());

describe("a refresh", () => {
  it("of 250 credentials and 250 reserved domains takes 3 list pages of each, and reports what one GET each reports", async () => {
    const all = [...credentials, ...domains];
    const listed = await refresh(all);
    expect(listed.requests.length).toBeLessThanOrEqual(12);
    // Only list pages, newest first, each after the last id of the one before.
    expect(pages(listed.requests)).toEqual(listed.requests);
    for (const [path, rows] of [["/credentials", credentials], ["/reserved_domains", domains]] as const) {
      const newest = [...rows].sort(byId).reverse();
      expect(listed.requests.filter((l) => l.startsWith(`GET ${path}`)).sort()).toEqual(
        [`GET ${path}`, `GET ${path}?before_id=${newest[99]!.id}&limit=100`, `GET ${path}?before_id=${newest[199]!.id}&limit=100`].sort(),
      );
    }
    // Nothing drifted since create: the state is what it was, the one-time token included.
    expect(listed.results).toEqual(unchanged(all));

    useSettings({ "ngrok:readFromLists": "false" });
    const single = await refresh(all);
    expect(single.requests).toHaveLength(500);
    expect(single.requests.sort()).toEqual(all.map((r) => `GET /${r.kind === "Credential" ? "credentials" : "reserved_domains"}/${r.id}`).sort());
    expect(listed.results).toEqual(single.results);
  });

  it("detects a resource deleted and one changed out of band since the last refresh", async () => {
    const all = [...credentials, ...domains];
    await refresh(all);
    const gone = credentials[17]!;
    const changed = domains[42]!;
    expect((await call(emu, "DELETE", `/credentials/${gone.id}`)).status).toBe(204);
    expect((await call(emu, "PATCH", `/reserved_domains/${changed.id}`, { description: "edited in the dashboard" })).status).toBe(200);

    const second = await refresh(all);
    const expected = all.map((r) =>
      r === gone ? { id: "", props: {} } : r === changed ? { id: r.id, props: { ...r.outs, description: "edited in the dashboard" } } : { id: r.id, props: r.outs },
    );
    expect(second.results).toEqual(expected);
    // Absent from the list: confirmed by a GET (lists may lag) before it is reported gone.
    expect(second.requests.filter((l) => !pages([l]).length)).toEqual([`GET /credentials/${gone.id}`]);
    expect(emu.requests.find((r) => r.path === `/credentials/${gone.id}`)!.status).toBe(404);
    expect(pages(second.requests)).toHaveLength(6);

    credentials = credentials.filter((r) => r !== gone);
    changed.outs = { ...changed.outs, description: "edited in the dashboard" };
  });

  it("is not confused by resources created and deleted by another process during the walk", async () => {
    const provider = fresh();
    const client = provider.client();
    const oldest = [...credentials].sort(byId);
    const victim = oldest[0]!; // on the last page
    const newest = [...oldest].reverse();
    let elsewhere: Promise<string> | undefined;
    // The second page is answered a little late, so that the other process's writes land between pages.
    emu.scriptFault({ method: "GET", path: "/credentials", kind: "latency", delayMs: 0 });
    emu.scriptFault({ method: "GET", path: "/credentials", kind: "latency", delayMs: 1500 });
    client.onAttempt = (e) => {
      if (elsewhere || e.method !== "GET" || e.path !== "/credentials" || e.status !== 200) return;
      elsewhere = Promise.all([
        call(emu, "POST", "/credentials", { description: "made elsewhere" }),
        call(emu, "DELETE", `/credentials/${victim.id}`),
      ]).then(([made]) => made.json.id as string);
    };
    emu.clearRequests();
    let results: { id: string; props: Props }[];
    try {
      results = await Promise.all(credentials.map((r) => provider.handler("Credential").read(r.id, r.outs)));
    } finally {
      client.onAttempt = undefined;
    }
    const madeElsewhere = await elsewhere!;
    expect(results).toEqual(credentials.map((r) => (r === victim ? { id: "", props: {} } : { id: r.id, props: r.outs })));
    // The cursors are ids (before_id), so a create during the walk shifts nothing: the pages are
    // the ones a walk before it would have read, and the deleted credential is confirmed gone by a GET.
    const reads = lines().filter((l) => l.startsWith("GET "));
    expect(reads).toEqual([
      "GET /credentials",
      `GET /credentials?before_id=${newest[99]!.id}&limit=100`,
      `GET /credentials?before_id=${newest[199]!.id}&limit=100`,
      `GET /credentials/${victim.id}`,
    ]);

    // The credential made during the walk is not in its pages: a GET finds it.
    emu.clearRequests();
    const found = await provider.handler("Credential").read(madeElsewhere, {});
    expect(found).toMatchObject({ id: madeElsewhere, props: { description: "made elsewhere" } });
    expect(lines()).toEqual([`GET /credentials/${madeElsewhere}`]);

    credentials = credentials.filter((r) => r !== victim);
    expect((await call(emu, "DELETE", `/credentials/${madeElsewhere}`)).status).toBe(204);
  });

  it("serves reads that come shortly after a walk from its pages, until a write of the kind in this process", async () => {
    const provider = fresh();
    emu.clearRequests();
    await Promise.all(credentials.slice(10).map((r) => provider.handler("Credential").read(r.id, r.outs)));
    expect(pages(lines())).toHaveLength(3);

    // The engine's next reads (it keeps a few in flight at a time) find the walk's pages.
    emu.clearRequests();
    const soon = await Promise.all(credentials.slice(0, 10).map((r) => provider.handler("Credential").read(r.id, r.outs)));
    expect(soon).toEqual(unchanged(credentials.slice(0, 10)));
    expect(lines()).toEqual([]);

    // A walk answers each resource once: a second read of one is a new look, with a GET of its own,
    // and sees what changed elsewhere since the walk.
    const again = credentials[0]!;
    expect((await call(emu, "PATCH", `/credentials/${again.id}`, { metadata: "changed after the walk" })).status).toBe(200);
    emu.clearRequests();
    expect((await provider.handler("Credential").read(again.id, again.outs)).props.metadata).toBe("changed after the walk");
    expect(lines()).toEqual([`GET /credentials/${again.id}`]);
    expect((await call(emu, "PATCH", `/credentials/${again.id}`, { metadata: again.outs.metadata ?? "" })).status).toBe(200);

    // A write of the kind through the provider: the pages may be stale now, so they serve no more reads.
    const [mine, theirs] = [credentials[3]!, credentials[4]!];
    const updated = await provider.handler("Credential").update(mine.id, mine.outs, { description: "renamed by the program", acl: mine.outs.acl });
    expect((await call(emu, "PATCH", `/credentials/${theirs.id}`, { description: "renamed elsewhere" })).status).toBe(200);
    emu.clearRequests();
    const after = await Promise.all([mine, theirs].map((r) => provider.handler("Credential").read(r.id, r.outs)));
    expect(after.map((r) => r.props.description)).toEqual(["renamed by the program", "renamed elsewhere"]);
    expect(after[0]!.props).toEqual(updated.outs);
    // Two reads do not pay for a walk that took three pages: one GET each.
    expect(lines().sort()).toEqual([`GET /credentials/${mine.id}`, `GET /credentials/${theirs.id}`].sort());

    mine.outs = after[0]!.props;
    theirs.outs = after[1]!.props;
  });
});

describe("a walk on a loaded machine", () => {
  it("lasts as long as the command: reads of 500 resources arriving in groups seconds apart take 6 list pages, each kind walked once", async () => {
    // The engine on a loaded machine: groups of 8 reads (its parallelism), the next group 5 s
    // later on the clock the walks read.
    let time = 0;
    const walks = { credentials: new ListReads("/credentials", "credentials", defaultListReadTiming, () => time), reserved_domains: new ListReads("/reserved_domains", "reserved_domains", defaultListReadTiming, () => time) };
    const client = fresh().client();
    const all = [...credentials, ...domains].sort(byId);
    emu.clearRequests();
    const results: Props[] = [];
    for (let i = 0; i < all.length; i += 8) {
      const group = all.slice(i, i + 8).map((r) => {
        const path = r.kind === "Credential" ? "credentials" : "reserved_domains";
        return walks[path].read(client, r.id, () => client.get(`/${path}/${r.id}`));
      });
      results.push(...(await Promise.all(group)));
      time += 5_000;
    }
    expect(results.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(lines().sort()).toEqual(pages(lines()).sort());
    expect(pages(lines())).toHaveLength(6);
  });
});

describe("reads that stay one GET each", () => {
  it("a single read, and reads of a keyed kind under a parent (EventSource)", async () => {
    const provider = fresh();
    emu.clearRequests();
    expect(await provider.handler("Credential").read(credentials[0]!.id, credentials[0]!.outs)).toEqual(unchanged([credentials[0]!])[0]);
    expect(lines()).toEqual([`GET /credentials/${credentials[0]!.id}`]);

    const subscriptionId = (await call(emu, "POST", "/event_subscriptions", { description: "audit" })).json.id as string;
    const types = ["ip_policy_created.v0", "ip_policy_updated.v0", "ip_policy_deleted.v0", "credential_created.v0"];
    const sources = await Promise.all(types.map((type) => provider.handler("EventSource").create({ subscriptionId, type })));
    emu.clearRequests();
    const read = await Promise.all(sources.map((s) => provider.handler("EventSource").read(s.id, s.outs)));
    expect(read).toEqual(sources.map((s) => ({ id: s.id, props: s.outs })));
    expect(lines().sort()).toEqual(types.map((t) => `GET /event_subscriptions/${subscriptionId}/sources/${t}`).sort());
  });

  it("with the opt-out from the environment (NGROK_READ_FROM_LISTS); a wrong value names the setting", async () => {
    const saved = process.env.NGROK_READ_FROM_LISTS;
    try {
      process.env.NGROK_READ_FROM_LISTS = "false";
      const some = credentials.slice(0, 10);
      const r = await refresh(some);
      expect(r.results).toEqual(unchanged(some));
      expect(r.requests.sort()).toEqual(some.map((c) => `GET /credentials/${c.id}`).sort());

      process.env.NGROK_READ_FROM_LISTS = "sometimes";
      await expect(fresh().read("Credential", some[0]!.id, some[0]!.outs)).rejects.toThrow('ngrok:readFromLists must be "true" or "false"');
    } finally {
      if (saved === undefined) delete process.env.NGROK_READ_FROM_LISTS;
      else process.env.NGROK_READ_FROM_LISTS = saved;
    }
  });
});

describe("preview's adoption checks (importId)", () => {
  it("come one at a time, and are served from list pages after the first", async () => {
    const provider = fresh();
    emu.clearRequests();
    for (const d of domains) {
      expect((await provider.handler("ReservedDomain").check({}, { domain: d.outs.domain, description: "adopted", importId: d.id })).failures).toEqual([]);
    }
    // 250 lookups: the list's 3 pages, and a GET for each lookup that came before the page holding its domain.
    expect(emu.requests.length).toBeLessThanOrEqual(8);
    expect(pages(lines()).length).toBeLessThanOrEqual(3);

    // Still the truth: a different immutable input, an id that does not exist (confirmed by a GET).
    expect((await provider.handler("ReservedDomain").check({}, { domain: "elsewhere.example.com", importId: domains[0]!.id })).failures).toEqual([
      { path: "domain", message: expect.stringContaining("cannot be changed in place") },
    ]);
    emu.clearRequests();
    const missing = missingId("rd");
    expect((await provider.handler("ReservedDomain").check({}, { domain: "new.example.com", importId: missing })).failures).toEqual([
      { path: "importId", message: expect.stringContaining("importId names no existing ReservedDomain") },
    ]);
    expect(lines()).toEqual([`GET /reserved_domains/${missing}`]);
  });
});
